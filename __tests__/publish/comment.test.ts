import { describe, expect, it } from '@jest/globals';
import { commentBody, fenceFor, GITHUB_BODY_LIMIT, suggestionFor } from '../../src/publish/comment.js';
import { fingerprint, parseFindingMarkers, parseReviewMarker, reviewMarker } from '../../src/publish/markers.js';
import type { Anchor } from '../../src/publish/anchor.js';
import { finding } from './fixtures.js';

const anchor: Anchor = { path: 'src/buf.cpp', side: 'RIGHT', line: 4, startLine: null, method: 'quote', code: ['  for (int i = 0; i <= n; i++) b->data[i] = s[i];'], matched: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];', neighbourhood: [] };
const proposed = { side: 'RIGHT' as const, startLine: 4, line: 4 };

describe('comment bodies', () => {
  it('offers a suggestion that replaces exactly the commented lines, re-indented', () => {
    const body = commentBody(finding({ exampleCode: 'for (int i = 0; i < n; i++) b->data[i] = s[i];' }), anchor, 'fp1');
    expect(body).toContain('```suggestion\n  for (int i = 0; i < n; i++) b->data[i] = s[i];\n```');
    expect(body).toMatch(/^\*\*🟠 high · memory\*\* — Off-by-one write past the buffer/);
    expect(body).toContain('**Root cause.** The condition uses <= instead of <.');
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
    const body = commentBody(finding({ startLine: 3, line: 4, exampleCode: fix }), anchor, 'fp1');
    expect(body).not.toContain('```suggestion');
    expect(body).toContain('**Example.**\n\n```\n' + fix + '\n```');
  });

  it('uses a fence longer than any backtick run in the code', () => {
    expect(fenceFor('a ``` b')).toBe('````');
    expect(fenceFor('plain')).toBe('```');
    const body = commentBody(finding({ exampleCode: 'for (int i = 0; i < n; i++) b->data[i] = s[i]; // ````' }), anchor, 'fp1');
    expect(body).toContain('`````suggestion\n');
  });

  it('carries a hidden marker with the fingerprint, which survives any title', () => {
    const body = commentBody(finding({ title: 'ends a comment --> early' }), anchor, fingerprint('src/buf.cpp', 'x  =  1', 'memory'));
    expect(parseFindingMarkers(body)).toEqual([{ fp: fingerprint('src/buf.cpp', 'x = 1', 'memory'), severity: 6, path: 'src/buf.cpp', line: 4, title: 'ends a comment --> early' }]);
    expect(parseReviewMarker(reviewMarker({ head: 'abc', status: 'incomplete', incompleteReasons: ['model down'] }))).toEqual({ head: 'abc', status: 'incomplete', incompleteReasons: ['model down'] });
  });

  it('fingerprints ignore whitespace but not path or category', () => {
    expect(fingerprint('a.c', '  if (x)  y();', 'logic')).toBe(fingerprint('a.c', 'if (x) y();', 'logic'));
    expect(fingerprint('a.c', 'if (x) y();', 'logic')).not.toBe(fingerprint('b.c', 'if (x) y();', 'logic'));
    expect(fingerprint('a.c', 'if (x) y();', 'logic')).not.toBe(fingerprint('a.c', 'if (x) y();', 'memory'));
  });

  it("stays within GitHub's body limit and keeps the marker", () => {
    const body = commentBody(finding({ issue: 'x'.repeat(200_000), exampleCode: 'y'.repeat(50_000) }), anchor, 'fp-long');
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(parseFindingMarkers(body)[0]?.fp).toBe('fp-long');
  });
});
