import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readDiff } from '../../src/diff/index.js';
import { Git } from '../../src/git/git.js';
import { GitHubApi, type PullRef } from '../../src/publish/github.js';
import { prepareReview } from '../../src/publish/index.js';
import { planReview } from '../../src/publish/plan.js';
import { postReview } from '../../src/publish/post.js';
import { EMPTY_STATE, readPreviousState, type PreviousState } from '../../src/publish/state.js';
import { renderSummary } from '../../src/publish/summary.js';
import type { Finding } from '../../src/types.js';
import { startGitHubServer, type GitHubServer } from '../servers/github-server.js';
import { finding, fixtureChange, HEAD_CPP, result, type FixtureChange } from './fixtures.js';

const ref: PullRef = { owner: 'acme', repo: 'widgets', number: 7 };
const BOT = 'github-actions[bot]';
const LOOP = '  for (int i = 0; i <= n; i++) b->data[i] = s[i];';
const settings = { reviewEvent: 'COMMENT' as const, failOn: 'high' as const, failOnIncomplete: true, algorithm: 'left-flow' as const };

let change: FixtureChange;
beforeAll(async () => {
  change = await fixtureChange();
});
afterAll(() => change.repo.cleanup());

function prepare(findings: Finding[], previous: PreviousState = EMPTY_STATE, diff = change.diff, head = change.head) {
  return prepareReview({ result: result({ headSha: head, baseSha: change.base, findings }), diff, previous, reviewedPaths: new Set(['src/buf.cpp']), settings, incrementalFrom: null, runUrl: null });
}

describe('fingerprints', () => {
  it('come from the matched diff line, so the same issue keeps its fingerprint however the model words its quote', () => {
    const plan = (quote: string, line: number) => planReview({ findings: [finding({ quote, line, startLine: line })], diff: change.diff, previous: EMPTY_STATE, reviewedPaths: new Set() });
    const exact = plan(LOOP, 4).comments[0]!.fingerprint;
    expect(plan('for(int i=0;i<=n;i++) b->data[i]=s[i];', 4).comments[0]!.fingerprint).toBe(exact);
    expect(plan('', 4).comments[0]!.fingerprint).toBe(exact);
    expect(plan('b->data[16]', 21).comments[0]!.fingerprint).toBe(plan('int extra(Buf* b) { return b->data[16]; }', 20).comments[0]!.fingerprint);
    // Unanchored, the quote is all there is.
    expect(plan('gone', 200).unanchored[0]!.fingerprint).not.toBe(plan('also gone', 200).unanchored[0]!.fingerprint);
  });
});

describe('duplicates within one run', () => {
  it('are dropped at the dedupe stage with a reason, shown in the summary and not gated twice', () => {
    const first = finding({ quote: LOOP });
    const second = finding({ id: 's2-r1-f1', quote: 'b->data[i] = s[i];', title: 'Writes past data[]' });
    const review = prepare([first, second]);
    expect(review.plan.duplicates).toEqual([expect.objectContaining({ finding: second, of: first })]);
    expect(review.request.comments).toHaveLength(1);
    expect(review.result.findings).toEqual([first]);
    expect(review.result.dropped).toEqual([{ finding: second, stage: 'dedupe', reason: expect.stringContaining('Off-by-one write past the buffer') }]);
    expect(review.gate.blocking).toEqual([first]);
    const md = renderSummary(review.result, { settings, plan: review.plan });
    expect(md).toContain('| dedupe | 1 |');
    expect(md).toContain('### Findings (1)');
  });
});

describe('findings posted earlier, across pushes', () => {
  let server: GitHubServer;
  beforeEach(async () => {
    server = await startGitHubServer({
      owner: 'acme', repo: 'widgets', repoDir: change.repo.dir, tokens: { 'write-token': { login: BOT, write: true } },
      pulls: [{ number: 7, baseSha: change.base, headSha: change.head, title: 'Copy', body: '', headRepo: 'acme/widgets' }],
    });
  });
  afterEach(() => server.close());

  /** A new push that edits another line of the same file; the reviewed file is reviewed again. */
  async function push(marker: string) {
    change.repo.write('src/buf.cpp', HEAD_CPP.replace('// filler 10', `// filler 10 ${marker}`));
    const head = change.repo.commit(`push ${marker}`);
    server.state.pulls.get(7)!.headSha = head;
    return { head, diff: await readDiff(await Git.open(change.repo.dir), change.base, head) };
  }

  it('a push re-reviewing the same file finds the same issue: not posted again, still gating; once resolved, not raised again', async () => {
    const api = GitHubApi.create({ token: 'write-token', apiUrl: server.url });
    await postReview(api, ref, prepare([finding({ quote: LOOP })]).request);
    expect(server.state.comments).toHaveLength(1);

    // Same issue, worded and numbered a little differently by the model this time.
    const again = finding({ quote: 'for (int i = 0; i <= n; i++)  b->data[i] = s[i];', line: 5, startLine: 5, title: 'Loop writes past the end' });
    const second = await push('a');
    const repeated = prepare([again], await readPreviousState(api, ref, BOT), second.diff, second.head);
    expect(repeated.plan.repeated).toEqual([expect.objectContaining({ finding: again })]);
    expect(repeated.request.comments).toEqual([]);
    expect(repeated.gate.failed).toBe(true);
    await postReview(api, ref, repeated.request);
    expect(server.state.comments).toHaveLength(1);

    server.state.resolved.add(server.state.comments[0]!.id);
    const third = await push('b');
    const resolved = prepare([again], await readPreviousState(api, ref, BOT), third.diff, third.head);
    expect(resolved.plan.resolved).toEqual([expect.objectContaining({ finding: again })]);
    expect(resolved.request.comments).toEqual([]);
    expect(resolved.gate.failed).toBe(false);
    expect(resolved.request.body).toContain('1 finding in resolved threads was not raised again');
  });
});
