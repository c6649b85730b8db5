import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readDiff } from '../../src/diff/index.js';
import { Git } from '../../src/git/git.js';
import { GitHubApi, type PullRef } from '../../src/publish/github.js';
import { evaluateGate } from '../../src/gate/gate.js';
import { prepareReview, type PreparedReview } from '../../src/publish/index.js';
import { gateFindings, MAX_LINE_COMMENTS, planReview } from '../../src/publish/plan.js';
import { GITHUB_BODY_LIMIT } from '../../src/publish/comment.js';
import { parseReviewMarker } from '../../src/publish/markers.js';
import { createRepo } from '../helpers/repo.js';
import { postReview } from '../../src/publish/post.js';
import { EMPTY_STATE, readPreviousState, type PreviousState } from '../../src/publish/state.js';
import { renderSummary } from '../../src/publish/summary.js';
import type { Finding } from '../../src/types.js';
import type { GitHubServer } from '../servers/github-server.js';
import { finding, fixtureChange, HEAD_CPP, result, startPullServer, type FixtureChange } from './fixtures.js';

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
  return prepareReview({
    result: result({ headSha: head, baseSha: change.base, findings }),
    diff,
    previous,
    settings,
    incrementalFrom: null,
    runUrl: null,
  });
}

/** The merge gate over a planned review's findings, as the pull-request flow weighs it. */
const gateOf = (review: PreparedReview) =>
  evaluateGate({ ...review.result, findings: gateFindings(review.result.findings, review.plan) }, settings);

describe('fingerprints', () => {
  it('come from the matched diff line, so the same issue keeps its fingerprint however the model words its quote', () => {
    const plan = (quote: string, line: number) =>
      planReview({ findings: [finding({ quote, line, startLine: line })], diff: change.diff, previous: EMPTY_STATE });
    const exact = plan(LOOP, 4).comments[0]!.fingerprint;
    expect(plan('for(int i=0;i<=n;i++) b->data[i]=s[i];', 4).comments[0]!.fingerprint).toBe(exact);
    expect(plan('', 4).comments[0]!.fingerprint).toBe(exact);
    expect(plan('b->data[16]', 21).comments[0]!.fingerprint).toBe(
      plan('int extra(Buf* b) { return b->data[16]; }', 20).comments[0]!.fingerprint,
    );
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
    expect(review.result.dropped).toEqual([
      { finding: second, stage: 'dedupe', reason: expect.stringContaining('Off-by-one write past the buffer') },
    ]);
    expect(gateOf(review).blocking).toEqual([first]);
    const md = renderSummary(review.result, { settings, plan: review.plan });
    expect(md).toContain('| dedupe | 1 |');
    expect(md).toContain('### Findings (1)');
  });
});

describe('findings posted earlier, across pushes', () => {
  let server: GitHubServer;
  beforeEach(async () => {
    server = await startPullServer(
      { repoDir: change.repo.dir, base: change.base, head: change.head },
      { 'write-token': { login: BOT, write: true } },
    );
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
    const again = finding({
      quote: 'for (int i = 0; i <= n; i++)  b->data[i] = s[i];',
      line: 5,
      startLine: 5,
      title: 'Loop writes past the end',
    });
    const second = await push('a');
    const repeated = prepare([again], await readPreviousState(api, ref, BOT), second.diff, second.head);
    expect(repeated.plan.repeated).toEqual([expect.objectContaining({ finding: again })]);
    expect(repeated.request.comments).toEqual([]);
    expect(gateOf(repeated).failed).toBe(true);
    await postReview(api, ref, repeated.request);
    expect(server.state.comments).toHaveLength(1);

    server.state.resolved.add(server.state.comments[0]!.id);
    const third = await push('b');
    const resolved = prepare([again], await readPreviousState(api, ref, BOT), third.diff, third.head);
    expect(resolved.plan.resolved).toEqual([expect.objectContaining({ finding: again })]);
    expect(resolved.request.comments).toEqual([]);
    expect(gateOf(resolved).failed).toBe(false);
    expect(resolved.request.body).toContain('1 finding in resolved threads was not raised again');
  });
});

describe('the cap on line comments', () => {
  it('is the one docs/action.md states', () => {
    expect(readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'action.md'), 'utf8').replace(/\s+/g, ' ')).toContain(
      `holding at most ${MAX_LINE_COMMENTS} line comments`,
    );
  });

  it("asks for the head's lines of the line comments' files alone, not of the findings listed in the body", async () => {
    const repo = createRepo('keybug-cap-lines-');
    repo.write('src/severe.cpp', '// start\n');
    repo.write('src/minor.cpp', '// start\n');
    const base = repo.commit('base');
    const severe = Array.from({ length: MAX_LINE_COMMENTS }, (_, i) => `int s${i} = read(${i});`);
    const minor = Array.from({ length: MAX_LINE_COMMENTS }, (_, i) => `int m${i} = read(${i});`);
    repo.write('src/severe.cpp', ['// start', ...severe].join('\n') + '\n');
    repo.write('src/minor.cpp', ['// start', ...minor].join('\n') + '\n');
    const head = repo.commit('head');
    try {
      const diff = await readDiff(await Git.open(repo.dir), base, head);
      const on = (file: string, lines: string[], severity: number) =>
        lines.map((code, i) =>
          finding({
            id: `${file}${i}`,
            path: `src/${file}.cpp`,
            quote: code,
            line: i + 2,
            startLine: i + 2,
            title: `${file} ${i}`,
            scores: { substance: 7, reality: 7, severity },
          }),
        );
      const asked: string[] = [];
      const plan = planReview({
        findings: [...on('minor', minor, 2), ...on('severe', severe, 6)],
        diff,
        previous: EMPTY_STATE,
        context: { linkPrefixes: [], headLines: (file) => (asked.push(file), null) },
      });
      expect(plan.comments.map((c) => c.anchor.path)).toEqual(Array(MAX_LINE_COMMENTS).fill('src/severe.cpp'));
      expect(plan.overflow.map((c) => c.anchor.path)).toEqual(Array(MAX_LINE_COMMENTS).fill('src/minor.cpp'));
      expect(asked).toEqual(Array(MAX_LINE_COMMENTS).fill('src/severe.cpp'));
    } finally {
      repo.cleanup();
    }
  });

  it('posts the most severe as line comments and lists the rest in the body with their markers, within the limit', async () => {
    const repo = createRepo('keybug-cap-');
    const count = MAX_LINE_COMMENTS * 3;
    repo.write('src/many.cpp', '// start\n');
    const base = repo.commit('base');
    const lines = Array.from({ length: count }, (_, i) => `int v${i} = read(${i});`);
    repo.write('src/many.cpp', ['// start', ...lines].join('\n') + '\n');
    const head = repo.commit('head');
    const server = await startPullServer({ repoDir: repo.dir, base, head, title: 'Many' }, { 'write-token': { login: BOT, write: true } });
    try {
      const diff = await readDiff(await Git.open(repo.dir), base, head);
      // Severity 1..7 in turn, so the most severe are spread over the file.
      const findings = lines.map((code, i) =>
        finding({
          id: `f${i}`,
          path: 'src/many.cpp',
          quote: code,
          line: i + 2,
          startLine: i + 2,
          title: `Finding ${i}`,
          issue: 'long '.repeat(300),
          scores: { substance: 7, reality: 7, severity: (i % 7) + 1 },
        }),
      );
      const review = prepareReview({
        result: result({ headSha: head, baseSha: base, findings }),
        diff,
        previous: EMPTY_STATE,
        settings,
        incrementalFrom: null,
        runUrl: null,
      });
      expect(review.request.comments).toHaveLength(MAX_LINE_COMMENTS);
      const weakestPosted = Math.min(...review.plan.comments.map((c) => c.finding.scores.severity));
      expect(Math.max(...review.plan.overflow.map((c) => c.finding.scores.severity))).toBeLessThanOrEqual(weakestPosted);
      expect(review.request.body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
      expect(review.request.body).toContain(`(${MAX_LINE_COMMENTS} as line comments, ${count - MAX_LINE_COMMENTS} listed below).`);
      expect(review.request.body).toContain('#### More findings');
      expect(renderSummary(review.result, { settings, plan: review.plan })).toContain(
        `in the review body (only the ${MAX_LINE_COMMENTS} most severe are line comments)`,
      );

      const api = GitHubApi.create({ token: 'write-token', apiUrl: server.url });
      expect(await postReview(api, ref, review.request)).toMatchObject({
        kind: 'posted',
        attempt: 'as-planned',
        comments: MAX_LINE_COMMENTS,
      });
      expect(server.state.comments).toHaveLength(MAX_LINE_COMMENTS);
      // Every finding is known as posted next time: the overflow through the body's markers, at their anchored lines.
      const state = await readPreviousState(api, ref, BOT);
      expect(state.posted.size).toBe(count);
      const listed = parseReviewMarker(server.state.reviews[0]!.body)?.findings ?? [];
      expect(new Set(listed.map((m) => m.fp))).toEqual(new Set(review.plan.overflow.map((c) => c.fingerprint)));
      expect(listed.find((m) => m.title === 'Finding 7')).toMatchObject({ line: 9, severity: 1 });
    } finally {
      await server.close();
      repo.cleanup();
    }
  });
});
