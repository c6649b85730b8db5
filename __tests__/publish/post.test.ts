import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { GitHubApi, type PullRef, type ReviewRequest } from '../../src/publish/github.js';
import { postReview, withCommentsInBody } from '../../src/publish/post.js';
import { GITHUB_BODY_LIMIT } from '../../src/publish/comment.js';
import { readPreviousState } from '../../src/publish/state.js';
import { evaluateGate } from '../../src/gate/gate.js';
import { prepareReview } from '../../src/publish/index.js';
import { gateFindings } from '../../src/publish/plan.js';
import { EMPTY_STATE } from '../../src/publish/state.js';
import { findingMarker, parseReviewMarker, reviewMarker } from '../../src/publish/markers.js';
import type { GitHubServer } from '../servers/github-server.js';
import { finding, fixtureChange, result, startPullServer, type FixtureChange } from './fixtures.js';
import { readDiff } from '../../src/diff/index.js';
import { Git } from '../../src/git/git.js';
import { createCopyChange } from '../helpers/copy-change.js';

const ref: PullRef = { owner: 'acme', repo: 'widgets', number: 7 };
const BOT = 'github-actions[bot]';
const TOKENS = {
  'write-token': { login: 'github-actions[bot]', write: true },
  'read-token': { login: 'github-actions[bot]', write: false },
  'human-token': { login: 'octocat', write: true },
};

let change: FixtureChange;
let server: GitHubServer;
beforeAll(async () => {
  change = await fixtureChange();
});
afterAll(() => change.repo.cleanup());
beforeEach(async () => {
  server = await startPullServer({ repoDir: change.repo.dir, base: change.base, head: change.head }, TOKENS);
});
afterEach(() => server.close());

const api = (token = 'write-token') => GitHubApi.create({ token, apiUrl: server.url });
const posts = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/reviews'));

function planned(findings = [finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];' })]) {
  const review = prepareReview({
    result: result({ headSha: change.head, baseSha: change.base, findings }),
    diff: change.diff,
    previous: EMPTY_STATE,
    settings: { reviewEvent: 'COMMENT' },
    incrementalFrom: null,
    runUrl: null,
  });
  return {
    ...review,
    gate: evaluateGate(
      { ...review.result, findings: gateFindings(review.result.findings, review.plan) },
      { failOn: 'high', failOnIncomplete: true },
    ),
  };
}

describe('posting one review', () => {
  it('posts exactly one review with commit_id, event and valid comments, and reads its own markers back', async () => {
    const { request, gate } = planned([
      finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];' }),
      finding({ id: 'f2', quote: '', line: 200, startLine: 200, title: 'Far away' }),
    ]);
    const outcome = await postReview(api(), ref, request);
    expect(outcome).toMatchObject({ kind: 'posted', attempt: 'as-planned', comments: 1 });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({ commit_id: change.head, event: 'COMMENT' });
    expect(server.state.comments).toEqual([expect.objectContaining({ path: 'src/buf.cpp', line: 4, side: 'RIGHT' })]);
    // The unanchorable finding is in the body with its file and line, not lost.
    expect(server.state.reviews[0]!.body).toContain('`src/buf.cpp:200` **Far away**');
    expect(gate.failed).toBe(true);

    const state = await readPreviousState(api(), ref, BOT);
    expect(state.lastCompleteSha).toBe(change.head);
    expect([...state.posted.values()].map((p) => [p.title, p.resolved])).toEqual([
      ['Far away', false],
      ['Off-by-one write past the buffer', false],
    ]);
    server.state.resolved.add(server.state.comments[0]!.id);
    const after = await readPreviousState(api(), ref, BOT);
    expect([...after.posted.values()].find((p) => p.line === 4)?.resolved).toBe(true);
  });

  it('on a 422 it posts again with the comments in the body, keeping every finding', async () => {
    const { request } = planned();
    const broken: ReviewRequest = { ...request, comments: request.comments.map((c) => ({ ...c, line: 15 })) }; // line 15 is outside every hunk
    const outcome = await postReview(api(), ref, broken);
    expect(outcome).toMatchObject({ kind: 'posted', attempt: 'comments-in-body', comments: 0, movedToBody: 1 });
    expect(posts().map((p) => p.status)).toEqual([422, 200]);
    const body = server.state.reviews[0]!.body;
    expect(body).toContain('`src/buf.cpp:15`');
    expect(parseReviewMarker(body)?.findings ?? []).toHaveLength(1);
  });

  it('after the 422 fallback the body counts the moved comments as listed, not as line comments', async () => {
    const { request } = planned([
      finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];' }),
      finding({ id: 'f2', quote: '', line: 200, startLine: 200, title: 'Far away' }),
    ]);
    expect(request.body).toContain('(1 as line comments, 1 listed below).');
    const outcome = await postReview(api(), ref, { ...request, comments: request.comments.map((c) => ({ ...c, line: 15 })) });
    expect(outcome).toMatchObject({ kind: 'posted', attempt: 'comments-in-body' });
    const body = server.state.reviews[0]!.body;
    expect(body).toContain('**2 new findings** — 2 🟠 high (2 listed below).');
    expect(body).not.toMatch(/\d+ as line comments/);
  });

  it('a failure while removing the leftover pending review is a failed outcome, not an exception', async () => {
    server.state.reviews.push({
      id: 1,
      pull: 7,
      user: BOT,
      state: 'PENDING',
      body: reviewMarker({ head: 'x', status: 'complete', incompleteReasons: [], findings: [] }),
      commit_id: change.head,
    });
    server.state.outage = /^DELETE /;
    const outcome = await postReview(api(), ref, planned().request);
    expect(outcome).toMatchObject({
      kind: 'failed',
      error: { status: 422 },
      notes: [expect.stringContaining("removing keybug's own failed")],
    });
    expect(server.state.reviews.map((r) => r.state)).toEqual(['PENDING']);
  });

  it('reduces a range that GitHub rejects to one line before giving up on line comments', async () => {
    const { request } = planned();
    const ranged: ReviewRequest = {
      ...request,
      comments: request.comments.map((c) => ({ ...c, start_line: 1, start_side: 'LEFT' as const })),
    };
    const outcome = await postReview(api(), ref, ranged);
    expect(outcome).toMatchObject({ kind: 'posted', attempt: 'single-line', comments: 1 });
  });

  it("deletes keybug's own leftover pending review and retries; never touches someone else's", async () => {
    const { request } = planned();
    server.state.reviews.push({
      id: 1,
      pull: 7,
      user: 'github-actions[bot]',
      state: 'PENDING',
      body: reviewMarker({ head: 'x', status: 'complete', incompleteReasons: [], findings: [] }),
      commit_id: change.head,
    });
    const outcome = await postReview(api(), ref, request);
    expect(outcome).toMatchObject({ kind: 'posted', notes: [expect.stringContaining('pending review 1')] });
    expect(server.state.reviews.map((r) => r.state)).toEqual(['COMMENTED']);

    server.state.reviews.push({ id: 2, pull: 7, user: 'octocat', state: 'PENDING', body: 'my own draft', commit_id: change.head });
    const human = await postReview(api('human-token'), ref, request);
    expect(human).toMatchObject({ kind: 'failed', notes: [expect.stringContaining('not keybug')] });
    expect(server.state.reviews.find((r) => r.id === 2)).toBeDefined();
  });

  it('reports a read-only token as forbidden, with GitHub’s reason', async () => {
    const outcome = await postReview(api('read-token'), ref, planned().request);
    expect(outcome).toMatchObject({ kind: 'forbidden', error: { status: 403, detail: 'Resource not accessible by integration' } });
    expect(server.state.reviews).toHaveLength(0);
  });

  it('rejects a review on the merge commit (commit_id must be the head SHA)', async () => {
    const { request } = planned();
    const outcome = await postReview(api(), ref, { ...request, commit_id: change.base, comments: [] });
    expect(outcome).toMatchObject({ kind: 'failed', error: { status: 422, detail: expect.stringContaining('commit_id') } });
  });
});

describe('comments moved into the body', () => {
  it("stay within GitHub's limit however many there are, keeping the review marker", () => {
    const marker = reviewMarker({ head: 'c'.repeat(40), status: 'complete', incompleteReasons: [], findings: [] });
    const comments = Array.from({ length: 5_000 }, (_, i) => ({
      path: 'src/a.cpp',
      line: i + 1,
      side: 'RIGHT' as const,
      body: `text ${'x'.repeat(300)}\n<!-- keybug:finding:v1 eyJmcCI6ImEifQ -->`,
    }));
    const body = withCommentsInBody(`Summary\n${marker}`, comments);
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body.endsWith(marker)).toBe(true);
    expect(body).toContain('more: see the job summary');
  });

  it('keep the markers of the comments cut from the list', () => {
    const marker = reviewMarker({ head: 'c'.repeat(40), status: 'complete', incompleteReasons: [], findings: [] });
    const comments = Array.from({ length: 400 }, (_, i) => ({
      path: 'src/a.cpp',
      line: i + 1,
      side: 'RIGHT' as const,
      body: `text ${'x'.repeat(500)}\n${findingMarker({ fp: `fp${i}`, severity: 5, path: 'src/a.cpp', side: 'RIGHT', line: i + 1, title: `T${i}`, code: `int v${i};` })}`,
    }));
    const body = withCommentsInBody(`Summary\n${marker}`, comments);
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body).toContain('`src/a.cpp:400`\n\n  text …\n  … (shortened)');
    // The comments' findings join the review marker on the last line; their own marker lines are not copied.
    expect(new Set((parseReviewMarker(body)?.findings ?? []).map((m) => m.fp))).toEqual(new Set(comments.map((_, i) => `fp${i}`)));
    expect(parseReviewMarker(body)?.head).toBe('c'.repeat(40));
    expect((body.match(/keybug:/g) ?? []).length).toBe(1);
  });
});

describe('GitHub Enterprise Server layout', () => {
  it('uses the API root it is given for REST and derives /api/graphql from it', async () => {
    const ghes = await startPullServer({ repoDir: change.repo.dir, base: change.base, head: change.head }, TOKENS, { prefix: '/api/v3' });
    try {
      const client = GitHubApi.create({ token: 'write-token', apiUrl: ghes.url });
      await postReview(client, ref, planned().request);
      const state = await readPreviousState(client, ref, BOT);
      expect(state.lastCompleteSha).toBe(change.head);
      expect(ghes.requests.map((r) => r.path.split('?')[0])).toEqual(
        expect.arrayContaining(['/api/v3/repos/acme/widgets/pulls/7/reviews', '/api/graphql']),
      );
    } finally {
      await ghes.close();
    }
  });
});

describe('a copied file', () => {
  it('takes comments on any of its lines and none on the lines of the file it was copied from, as GitHub shows it added', async () => {
    const { repo, base, head } = createCopyChange();
    const github = await startPullServer({ repoDir: repo.dir, base, head }, TOKENS);
    try {
      const diff = await readDiff(await Git.open(repo.dir), base, head);
      expect(diff.files.find((f) => f.path === 'copy.c')?.status).toBe('copied');
      const far = finding({ path: 'copy.c', quote: 'int line5 = 5;', line: 5, startLine: 5 });
      const gone = finding({
        id: 'f2',
        path: 'copy.c',
        quote: 'int line20 = 20;',
        side: 'LEFT',
        line: 20,
        startLine: 20,
        title: 'Was int',
        category: 'logic',
      });
      const { request, plan } = prepareReview({
        result: result({ headSha: head, baseSha: base, findings: [far, gone] }),
        diff,
        previous: EMPTY_STATE,
        settings: { reviewEvent: 'COMMENT' },
        incrementalFrom: null,
        runUrl: null,
      });
      expect(plan.unanchored.map((u) => u.finding)).toEqual([gone]);
      const outcome = await postReview(GitHubApi.create({ token: 'write-token', apiUrl: github.url }), ref, request);
      expect(outcome).toMatchObject({ kind: 'posted', attempt: 'as-planned', comments: 1 });
      expect(github.state.comments).toEqual([expect.objectContaining({ path: 'copy.c', line: 5, side: 'RIGHT' })]);
    } finally {
      await github.close();
      repo.cleanup();
    }
  });
});
