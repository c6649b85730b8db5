import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderActionYml } from '../../src/action/metadata.js';
import { planReview } from '../../src/publish/plan.js';
import { reviewBody } from '../../src/publish/review-body.js';
import { EMPTY_STATE } from '../../src/publish/state.js';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../../src/publish/summary.js';
import { GITHUB_BODY_LIMIT } from '../../src/publish/comment.js';
import { parseReviewMarker } from '../../src/publish/markers.js';
import type { Diff } from '../../src/types.js';
import { finding, fixtureChange, result, type FixtureChange } from './fixtures.js';

const settings = { algorithm: 'left-flow' as const, failOn: 'none' as const, failOnIncomplete: true };

describe('job summary', () => {
  it('holds the findings with links, the run figures, drops per stage and what was not reviewed', () => {
    const r = result({
      findings: [finding({ line: 4 })],
      dropped: [
        { finding: finding({ id: 'x' }), stage: 'coarse-filter', reason: 'nitpick' },
        { finding: finding({ id: 'y' }), stage: 'coarse-filter', reason: 'nitpick' },
        { finding: finding({ id: 'z' }), stage: 'validator', reason: 'not real' },
      ],
      unreviewed: [{ path: 'vendor/zlib.c', reason: 'vendored file' }],
    });
    const md = renderSummary(r, { settings, links: { serverUrl: 'https://ghe.example', repository: 'acme/widgets' } });
    expect(md).toContain(`[\`src/buf.cpp:4\`](https://ghe.example/acme/widgets/blob/${'b'.repeat(40)}/src/buf.cpp#L4)`);
    expect(md).toContain('| coarse-filter | 2 | `min-substance`, `min-reality` |');
    expect(md).toContain('| validator | 1 |');
    expect(md).toContain('| estimated cost | $0.0123 |');
    expect(md).toContain('| time per stage | diff 0.0 s, word index 0.0 s, parse 0.0 s, slicing 0.0 s, model calls 3.1 s, posting 0.2 s |');
    expect(md).toContain('| peak memory | 210 MB |');
    expect(md).toContain('| `vendor/zlib.c` | vendored file |');
  });

  it('never shows an incomplete review as a clean pass', () => {
    const md = renderSummary(result({ status: 'incomplete', incompleteReasons: ['model endpoint answered 500'] }), { settings });
    expect(md).toContain('Review INCOMPLETE — not a clean pass:** model endpoint answered 500');
    expect(md).toContain('**not** a clean pass');
  });

  it('stays under 1 MiB however large the run', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => finding({ id: `f${i}`, line: i + 1, title: 'T'.repeat(200) }));
    const files = Array.from({ length: 5_000 }, (_, i) => ({
      path: `src/file${i}.cpp`,
      oldPath: null,
      status: 'added',
      binary: false,
      oldMode: null,
      newMode: null,
      similarity: null,
      hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 9, header: '', lines: [] }],
      commentable: { right: [], left: [] },
      additions: 9,
      deletions: 0,
    })) as Diff['files'];
    const md = renderSummary(result({ findings: many, unreviewed: many.map((f) => ({ path: f.id, reason: 'x'.repeat(100) })) }), {
      settings,
      diff: { files },
    });
    expect(Buffer.byteLength(md)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    expect(md).toContain('more in the JSON report');
  });
});

describe('job summary links', () => {
  let change: FixtureChange;
  beforeAll(async () => {
    change = await fixtureChange();
  });
  afterAll(() => change.repo.cleanup());
  const links = { serverUrl: 'https://github.example', repository: 'acme/widgets' };
  const blob = (sha: string, rest: string) => `(https://github.example/acme/widgets/blob/${sha}/${rest})`;

  it('point at the anchored line, deleted lines into the base the diff was made from, unplaced findings at the file in head', () => {
    const moved = finding({ id: 'moved', quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];', startLine: 12, line: 12 });
    const deleted = finding({
      id: 'deleted',
      quote: 'return 1; // old',
      side: 'RIGHT',
      startLine: 2,
      line: 2,
      title: 'Deleted return',
      category: 'logic',
    });
    const gone = finding({
      id: 'gone',
      path: 'src/gone.cpp',
      quote: 'nowhere',
      side: 'LEFT',
      startLine: 30,
      line: 30,
      title: 'Gone',
      category: 'other',
    });
    const r = result({ baseSha: change.diff.baseSha, headSha: change.diff.headSha, findings: [moved, deleted, gone] });
    const plan = planReview({ findings: r.findings, diff: change.diff, previous: EMPTY_STATE });
    const md = renderSummary(r, { settings, links, diff: change.diff, plan });
    expect(md).toContain(`[\`src/buf.cpp:4\`]${blob(change.head, 'src/buf.cpp#L4')}`);
    expect(md).toContain('new comment (the model named line 12)');
    expect(md).toContain(`[\`src/buf.cpp:9 (deleted)\`]${blob(change.base, 'src/buf.cpp#L9')}`);
    expect(md).toContain(`[\`src/gone.cpp\`]${blob(change.head, 'src/gone.cpp')}`);
    expect(md).not.toContain(`/blob/${change.head}/src/buf.cpp#L9`);
  });

  it('link a deleted line of a renamed file under its old name', () => {
    const renamed: Diff['files'][number] = {
      path: 'src/new.cpp',
      oldPath: 'src/old.cpp',
      status: 'renamed',
      binary: false,
      oldMode: '100644',
      newMode: '100644',
      similarity: 90,
      hunks: [
        {
          oldStart: 3,
          oldLines: 1,
          newStart: 3,
          newLines: 1,
          header: '',
          lines: [
            { op: '-', old: 3, new: null, text: 'free(p);' },
            { op: '+', old: null, new: 3, text: 'use(p);' },
          ],
        },
      ],
      commentable: { right: [3], left: [3] },
      additions: 1,
      deletions: 1,
    };
    const f = finding({ path: 'src/new.cpp', quote: 'free(p);', side: 'LEFT', startLine: 3, line: 3 });
    const r = result({ findings: [f] });
    const plan = planReview({ findings: [f], diff: { files: [renamed] }, previous: EMPTY_STATE });
    expect(renderSummary(r, { settings, links, diff: { files: [renamed] }, plan })).toContain(
      `[\`src/new.cpp:3 (deleted)\`]${blob('a'.repeat(40), 'src/old.cpp#L3')}`,
    );
  });
});

describe('review body', () => {
  it("fits GitHub's limit with thousands of unanchored findings and keeps the head-SHA marker", () => {
    const findings = Array.from({ length: 3_000 }, (_, i) =>
      finding({ id: `f${i}`, path: 'src/gone.cpp', quote: `line ${i}`, issue: 'long '.repeat(100) }),
    );
    const plan = planReview({ findings, diff: { files: [] }, previous: EMPTY_STATE });
    const body = reviewBody({ plan, result: result({ findings }) });
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(parseReviewMarker(body)?.head).toBe('b'.repeat(40));
    expect(body).toContain('more: see the job summary');
    expect((parseReviewMarker(body)?.findings ?? []).length).toBeGreaterThan(0);
  });
});

describe('shortened review bodies', () => {
  it('keep a compact marker for every finding cut from the list, within the limit', () => {
    const findings = Array.from({ length: 300 }, (_, i) =>
      finding({ id: `f${i}`, path: 'src/gone.cpp', quote: `line ${i}`, title: `Finding ${i}`, issue: 'long '.repeat(400) }),
    );
    const plan = planReview({ findings, diff: { files: [] }, previous: EMPTY_STATE });
    const body = reviewBody({ plan, result: result({ findings }) });
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body).toContain('more: see the job summary');
    expect(new Set((parseReviewMarker(body)?.findings ?? []).map((m) => m.fp))).toEqual(new Set(plan.unanchored.map((u) => u.fingerprint)));
    expect((parseReviewMarker(body)?.findings ?? []).find((m) => m.title === 'Finding 299')).toMatchObject({
      path: 'src/gone.cpp',
      severity: 6,
    });
    expect(parseReviewMarker(body)?.head).toBe('b'.repeat(40));
  });
});

describe('dropped by stage', () => {
  it('always lists the coarse filter, top-k, meta-reviewer and validator, zero included', () => {
    const md = renderSummary(result({ dropped: [{ finding: finding({ id: 'z' }), stage: 'validator', reason: 'not real' }] }), {
      settings,
    });
    for (const row of ['| coarse-filter | 0 |', '| top-k | 0 |', '| meta-reviewer | 0 |', '| validator | 1 |']) expect(md).toContain(row);
    expect(md).not.toContain('| translator |');
    expect(renderSummary(result(), { settings })).toContain('| top-k | 0 |');
  });
});

describe('action.yml', () => {
  it('is generated from INPUTS and OUTPUTS (node scripts/sync-action-yml.mjs)', () => {
    expect(readFileSync(path.join(import.meta.dirname, '..', '..', 'action.yml'), 'utf8')).toBe(renderActionYml());
  });
});
