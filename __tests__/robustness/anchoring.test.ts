/**
 * Robustness: no finding is lost or merged with another by where it sits. Identical code in two
 * places, a quote that only matches far away, reviewers who label the same bug differently.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import { planReview } from '../../src/publish/plan.js';
import { ACTIVE, EMPTY_STATE, type PreviousState } from '../../src/publish/state.js';
import { reviewSlices } from '../../src/review/index.js';
import type { Diff, Finding } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { FAST, makeSlice, testSettings, wellBehaved, type Planned } from '../review/helpers.js';
import { startModelServer, type ChatRequest, type ModelServer, type Reply } from '../servers/model-server.js';

const filler = Array.from({ length: 25 }, (_, i) => `// filler ${i + 5}`);
/** Two functions far apart, each freeing its pointer with the identical line `  free(p);` (lines 3 and 32). */
const HEAD = [
  'void a(char *p) {',
  '  use(p);',
  '  free(p);',
  '}',
  ...filler,
  'void b(char *p) {',
  '  keep(p);',
  '  free(p);',
  '}',
  '',
].join('\n');
const BASE = HEAD.replace(/ {2}free\(p\);\n/g, '');

const SLICE = makeSlice('s1', 'src/p.c', [
  [' ', 1, 'void a(char *p) {'],
  [' ', 2, '  use(p);'],
  ['+', 3, '  free(p);'],
  [' ', 4, '}'],
  [' ', 30, 'void b(char *p) {'],
  [' ', 31, '  keep(p);'],
  ['+', 32, '  free(p);'],
  [' ', 33, '}'],
]);

const IN_A: Planned = {
  title: 'p freed while the caller still owns it',
  line: 3,
  quote: 'free(p);',
  category: 'memory',
  scores: [7, 6, 6],
};
const IN_B: Planned = { title: 'p freed twice on the retry path', line: 32, quote: 'free(p);', category: 'memory', scores: [7, 6, 6] };

let repo: TestRepo;
let diff: Diff;
beforeAll(async () => {
  repo = createRepo();
  repo.write('src/p.c', BASE);
  const base = repo.commit('base');
  repo.write('src/p.c', HEAD);
  const head = repo.commit('free the pointers');
  diff = await readDiff(await Git.open(repo.dir), base, head);
});
afterAll(() => repo.cleanup());

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function review(perReviewer: Planned[][], inputs: Record<string, string> = {}, misbehave?: (request: ChatRequest) => Reply | null) {
  server = await startModelServer(wellBehaved({ 'src/p.c': perReviewer }, { misbehave }));
  return reviewSlices({
    slices: [SLICE],
    pr: { title: 't', body: '' },
    settings: testSettings(server.url, { reviewers: String(perReviewer.length), validator: 'false', ...inputs }),
    tuning: FAST,
  });
}

describe('identical code in two places', () => {
  it('gives two findings, two comments and two fingerprints; a resolved one does not suppress the other', async () => {
    const outcome = await review([
      [IN_A, IN_B],
      [IN_A, IN_B],
    ]);
    expect(outcome.findings.map((f) => [f.title, f.line]).sort()).toEqual(
      [
        [IN_B.title, 32],
        [IN_A.title, 3],
      ].sort(),
    );

    const plan = planReview({ findings: outcome.findings, diff, previous: EMPTY_STATE });
    expect(plan.duplicates).toEqual([]);
    expect(plan.comments.map((c) => c.anchor.line).sort((a, b) => a - b)).toEqual([3, 32]);
    const [first, second] = plan.comments;
    expect(first!.fingerprint).not.toBe(second!.fingerprint);

    // The thread of the finding in a() was resolved on an earlier run: b()'s finding is still posted.
    const inA = plan.comments.find((c) => c.anchor.line === 3)!;
    const previous: PreviousState = {
      reviews: [],
      lastCompleteSha: null,
      posted: new Map([
        [
          inA.fingerprint,
          {
            fp: inA.fingerprint,
            severity: 6,
            path: 'src/p.c',
            side: 'RIGHT',
            line: 3,
            title: IN_A.title,
            code: '',
            resolved: true,
            commentId: 1,
            head: null,
          },
        ],
      ]),
      mode: ACTIVE,
    };
    const again = planReview({ findings: outcome.findings, diff, previous });
    expect(again.resolved.map((r) => r.finding.title)).toEqual([IN_A.title]);
    expect(again.comments.map((c) => [c.finding.title, c.anchor.line])).toEqual([[IN_B.title, 32]]);
  });
});

describe('a quote that matches only far from the reported line', () => {
  it('moves a finding only within 10 lines; farther, keeps a line the slice shows or drops an invented one', async () => {
    const near: Planned = { ...IN_B, title: 'moved: quote 7 lines away', line: 25 };
    // Its evidence cites where the quoted code is: the location is kept, the evidence holds.
    const keptFar: Planned = {
      ...IN_B,
      title: 'kept: quote 29 lines away',
      line: 2,
      quote: 'keep(p);',
      cites: [{ startLine: 31, quote: 'keep(p);' }],
    };
    const droppedFar: Planned = { ...IN_B, title: 'dropped: line 18 not shown, quote 13 lines away', line: 18, quote: 'keep(p);' };
    const outcome = await review([[near, keptFar, droppedFar]]);

    expect(outcome.findings.map((f) => [f.title, f.line]).sort()).toEqual(
      [
        [keptFar.title, 2],
        [near.title, 32],
      ].sort(),
    );
    expect(outcome.dropped.map((d) => [d.finding.title, d.reason])).toEqual([
      [
        droppedFar.title,
        'hallucinated location: src/p.c:RIGHT:18-18 is not a line of slice s1, and the quoted code is in the slice only farther than 10 lines from it (src/p.c:31), which is other code',
      ],
    ]);
    const kept = outcome.findings.find((f) => f.title === keptFar.title)!;
    expect(outcome.history[kept.id]?.map((h) => h.note)).toContain(
      'the quoted code is in the slice only farther than 10 lines from it (src/p.c:31), which is other code; kept the location src/p.c:2, which the slice shows',
    );
  });

  it('is not re-anchored on the diff either: with no line near, it is listed unanchored with the reason', () => {
    const far: Finding = {
      ...IN_A,
      category: 'memory',
      id: 'x',
      sliceId: 's1',
      path: 'src/p.c',
      side: 'RIGHT',
      startLine: 17,
      line: 17,
      issue: '',
      rootCause: '',
      suggestedFix: '',
      exampleCode: '',
      scores: { substance: 7, reality: 6, severity: 6 },
      mergedFrom: [],
      reviewerVotes: 1,
    };
    const plan = planReview({ findings: [far], diff, previous: EMPTY_STATE });
    expect(plan.comments).toEqual([]);
    expect(plan.unanchored.map((u) => u.reason)).toEqual([
      'the quoted code is not in the diff within 10 lines of line 17, and line 17 (RIGHT) is not within 3 lines of a changed hunk',
    ]);
  });
});

describe('duplicate grouping when the meta-reviewer cannot be asked', () => {
  it("merges two reviewers' findings on the same lines whatever their categories, never two of one reviewer", async () => {
    const asMemory: Planned = { ...IN_A, title: 'Use after free', category: 'memory' };
    const asLogic: Planned = { ...IN_A, title: 'Ownership bug', category: 'logic' };
    const second: Planned = { ...IN_A, title: 'Leaks the alias', category: 'resource', scores: [7, 6, 5] };
    const outcome = await review([[asMemory, second], [asLogic]], {}, (request) =>
      request.role === 'meta-reviewer' ? { status: 500, body: { error: { message: 'down' } } } : null,
    );

    // The two reviewers agree on the bug: one finding with two votes survives consensus.
    expect(outcome.findings.map((f) => [f.title, f.reviewerVotes, f.mergedFrom])).toEqual([[asMemory.title, 2, ['s1-r2-f1']]]);
    // Reviewer 1's second finding stays its own issue (and consensus then drops it, with that reason).
    expect(outcome.dropped.map((d) => [d.finding.title, d.stage, d.reason])).toEqual([
      [asLogic.title, 'meta-reviewer', 'merged into s1-r1-f1: the same issue'],
      [second.title, 'meta-reviewer', 'raised by only 1 of 2 reviewers (require-consensus)'],
    ]);
  });
});
