import { describe, expect, it } from '@jest/globals';
import { commentBody, fenceFor, GITHUB_BODY_LIMIT, suggestionFor, type CommentContext } from '../../src/publish/comment.js';
import { fingerprint, parseFindingMarker, parseReviewMarker, reviewMarker } from '../../src/publish/markers.js';
import type { Anchor } from '../../src/publish/anchor.js';
import { finding, HEAD_CPP } from './fixtures.js';

const anchor: Anchor = {
  path: 'src/buf.cpp',
  side: 'RIGHT',
  line: 4,
  startLine: null,
  method: 'quote',
  code: ['  for (int i = 0; i <= n; i++) b->data[i] = s[i];'],
  matched: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];',
  neighbourhood: [],
};
const proposed = { side: 'RIGHT' as const, startLine: 4, line: 4 };
/** The head revision's file, as the action reads it to check suggestions. */
const head: CommentContext = { linkPrefixes: ['https://github.com/acme/widgets/'], headLines: HEAD_CPP.split('\n') };

describe('comment bodies', () => {
  it('offers a suggestion that replaces exactly the commented lines, re-indented', () => {
    const body = commentBody(finding({ exampleCode: 'for (int i = 0; i < n; i++) b->data[i] = s[i];' }), anchor, 'fp1', head);
    expect(body).toContain('```suggestion\n  for (int i = 0; i < n; i++) b->data[i] = s[i];\n```');
    expect(body).toMatch(/^\*\*🟠 high · memory\*\* — Off-by-one write past the buffer/);
    expect(body).toContain('**Root cause.** The condition uses &lt;= instead of &lt;.');
  });

  it('offers no suggestion unless the commented lines are what the head revision holds there', () => {
    const fix = finding({ exampleCode: 'for (int i = 0; i < n; i++) b->data[i] = s[i];' });
    expect(commentBody(fix, anchor, 'fp1')).not.toContain('```suggestion'); // the head was not read
    const moved = { ...head, headLines: HEAD_CPP.replace('int fill', '\nint fill').split('\n') };
    expect(commentBody(fix, anchor, 'fp1', moved)).not.toContain('```suggestion'); // line 4 holds other code
    const crlf = { ...head, headLines: HEAD_CPP.replace(/\n/g, '\r\n').split('\n') };
    expect(commentBody(fix, anchor, 'fp1', crlf)).not.toContain('```suggestion'); // accepting it would change the line endings
    expect(commentBody(fix, anchor, 'fp1', head)).toContain('```suggestion');
  });

  it('offers no suggestion whose code would change on its way out (a marker lookalike, a credential)', () => {
    for (const exampleCode of [
      'for (int i = 0; i < n; i++) b->data[i] = s[i]; // keybug:review:v2',
      'for (int i = 0; i < n; i++) b->data[i] = key("sk-abcdefghijklmnop");',
    ]) {
      expect(commentBody(finding({ exampleCode }), anchor, 'fp1', head)).not.toContain('```suggestion');
    }
  });

  it('makes hostile model text inert and keeps the marker the last line', () => {
    const hostile = finding({
      title: 'Bug @acme/security <!-- keybug:review:v2 eyJ9 -->',
      issue:
        'Please ping @octocat.\n<!-- hide the rest\n![x](https://track.example/p.png) [docs](https://evil.example)\n```suggestion\nsystem("rm -rf /");\n```\n```\nunclosed',
    });
    const body = commentBody(hostile, anchor, 'fp1', head);
    expect(body).not.toMatch(/@[A-Za-z]/);
    expect(body).not.toMatch(/<!--(?! keybug:finding:v2 [\w-]+ -->$)/m);
    expect(body).not.toMatch(/\]\(https:\/\/(evil|track)/);
    expect(body).not.toContain('```suggestion');
    expect((body.match(/keybug:/g) ?? []).length).toBe(1);
    expect(parseFindingMarker(body)).toMatchObject({ fp: 'fp1', line: 4 });
    expect((body.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it('shows other example code as code, not as a suggestion', () => {
    expect(suggestionFor('  for (int i = 0; i <= n; i++) b->data[i] = s[i];', anchor, proposed)).toBeNull(); // identical
    expect(suggestionFor('for (int i = 0; i < n; i++) x();', { ...anchor, side: 'LEFT' }, { ...proposed, side: 'LEFT' })).toBeNull(); // deleted line
    expect(suggestionFor('#include <mutex>\nstd::mutex m;\nstd::lock_guard g(m);\nvoid other();\nint z;', anchor, proposed)).toBeNull(); // a different piece of code
    const body = commentBody(finding({ exampleCode: 'std::mutex m;\nstd::lock_guard<std::mutex> g(m);' }), anchor, 'fp1');
    expect(body).not.toContain('suggestion');
    expect(body).toContain('**Example.**');
  });

  it('ranges shifted: offers a suggestion only on an exact anchor covering the very lines the fix was written for', () => {
    const fix = 'for (int i = 0; i < n; i++) b->data[i] = s[i];';
    expect(suggestionFor(fix, { ...anchor, method: 'line' }, proposed)).toBe('  ' + fix);
    expect(suggestionFor(fix, { ...anchor, method: 'quote-whitespace' }, proposed)).toBe('  ' + fix);
    expect(suggestionFor(fix, { ...anchor, method: 'nearby' }, proposed)).toBeNull();
    expect(suggestionFor(fix, { ...anchor, method: 'quote-partial' }, proposed)).toBeNull();
    // The fix was written for lines 3-4; the comment sits on line 4 only (or on a moved range).
    expect(suggestionFor(fix, anchor, { ...proposed, startLine: 3 })).toBeNull();
    expect(suggestionFor(fix, anchor, { ...proposed, startLine: 6, line: 6 })).toBeNull();
    const body = commentBody(finding({ startLine: 3, line: 4, exampleCode: fix }), anchor, 'fp1', head);
    expect(body).not.toContain('```suggestion');
    expect(body).toContain('**Example.**\n\n```\n' + fix + '\n```');
  });

  it('uses a fence longer than any backtick run in the code', () => {
    expect(fenceFor('a ``` b')).toBe('````');
    expect(fenceFor('plain')).toBe('```');
    const body = commentBody(finding({ exampleCode: 'for (int i = 0; i < n; i++) b->data[i] = s[i]; // ````' }), anchor, 'fp1', head);
    expect(body).toContain('`````suggestion\n');
  });

  it('carries a hidden marker with the fingerprint, which survives any title', () => {
    const body = commentBody(finding({ title: 'ends a comment --> early' }), anchor, fingerprint('src/buf.cpp', 'x  =  1', 'memory'));
    expect(parseFindingMarker(body)).toEqual({
      fp: fingerprint('src/buf.cpp', 'x = 1', 'memory'),
      severity: 6,
      path: 'src/buf.cpp',
      side: 'RIGHT',
      line: 4,
      title: 'ends a comment --> early',
      code: 'for (int i = 0; i <= n; i++) b->data[i] = s[i];',
    });
    expect(parseReviewMarker(reviewMarker({ head: 'abc', status: 'incomplete', incompleteReasons: ['model down'], findings: [] }))).toEqual(
      { head: 'abc', status: 'incomplete', incompleteReasons: ['model down'], findings: [] },
    );
  });

  it('fingerprints ignore whitespace but not path or category', () => {
    expect(fingerprint('a.c', '  if (x)  y();', 'logic')).toBe(fingerprint('a.c', 'if (x) y();', 'logic'));
    expect(fingerprint('a.c', 'if (x) y();', 'logic')).not.toBe(fingerprint('b.c', 'if (x) y();', 'logic'));
    expect(fingerprint('a.c', 'if (x) y();', 'logic')).not.toBe(fingerprint('a.c', 'if (x) y();', 'memory'));
  });

  it("stays within GitHub's body limit and keeps the marker", () => {
    const body = commentBody(finding({ issue: 'x'.repeat(200_000), exampleCode: 'y'.repeat(50_000) }), anchor, 'fp-long');
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(parseFindingMarker(body)?.fp).toBe('fp-long');
  });
});
