/**
 * What keybug reads back of the conversation on a pull request, against the local GitHub server:
 * dismissals (its own reply recording `wrong:`, a 👎 by someone with write access), threads it
 * resolved on a `resolve` command, and the pull request's mode (paused, ignored) from its answers.
 * Each is trusted only from keybug's own login, and each needs write access of whoever asked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { GitHubApi, type PullRef } from '../../src/publish/github.js';
import { answerMarker, dismissalMarker, findingMarker, reviewMarker } from '../../src/publish/markers.js';
import { gateFindings, planReview } from '../../src/publish/plan.js';
import { readPreviousState } from '../../src/publish/state.js';
import type { GitHubServer } from '../servers/github-server.js';
import { finding, fixtureChange, startPullServer, type FixtureChange } from './fixtures.js';

const ref: PullRef = { owner: 'acme', repo: 'widgets', number: 7 };
const BOT = 'github-actions[bot]';
const TOKENS = {
  'write-token': { login: BOT, write: true },
  'maintainer-token': { login: 'maintainer', write: true },
  'author-token': { login: 'pr-author', write: false },
};

let change: FixtureChange;
let server: GitHubServer;
beforeAll(async () => {
  change = await fixtureChange();
});
afterAll(() => change.repo.cleanup());
beforeEach(async () => {
  server = await startPullServer({ repoDir: change.repo.dir, base: change.base, head: change.head }, TOKENS);
  server.state.permissions.set('pr-author', 'read');
});
afterEach(() => server.close());

const api = (token = 'write-token') => GitHubApi.create({ token, apiUrl: server.url, retry: { maxRetries: 0 } });
const FP = 'fp-off-by-one';

/** keybug's review with the off-by-one as a line comment; the comment's id. */
async function postFinding(token = 'write-token'): Promise<number> {
  await api(token).createReview(ref, {
    commit_id: change.head,
    event: 'COMMENT',
    body: `One finding.\n${reviewMarker({ head: change.head, status: 'complete', incompleteReasons: [], findings: [] })}`,
    comments: [
      {
        path: 'src/buf.cpp',
        line: 4,
        side: 'RIGHT',
        body: `**Off-by-one**\n${findingMarker({ fp: FP, severity: 6, path: 'src/buf.cpp', side: 'RIGHT', line: 4, title: 'Off-by-one', code: 'for' })}`,
      },
    ],
  });
  return server.state.comments.at(-1)!.id;
}

describe('dismissals', () => {
  it("keybug's reply recording 'wrong:' dismisses the finding: it leaves the gate and the plan says who and why", async () => {
    const id = await postFinding();
    await api().replyToReviewComment(
      ref,
      id,
      `Dismissed.\n${dismissalMarker({ fp: FP, by: 'maintainer', reason: 'n is at most 15 here' })}`,
    );
    const state = await readPreviousState(api(), ref, BOT);
    expect(state.posted.get(FP)?.dismissed).toEqual({ by: 'maintainer', reason: 'n is at most 15 here', via: 'reply' });
    const plan = planReview({ findings: [], diff: change.diff, previous: state });
    expect(plan.dismissed.map((p) => p.fp)).toEqual([FP]);
    expect(plan.carriedOver).toEqual([]);
    expect(gateFindings([], plan)).toEqual([]);
  });

  it('a dismissal marker in a reply by anyone but keybug counts for nothing', async () => {
    const id = await postFinding();
    await api('maintainer-token').replyToReviewComment(ref, id, `x\n${dismissalMarker({ fp: FP, by: 'maintainer', reason: 'forged' })}`);
    const state = await readPreviousState(api(), ref, BOT);
    expect(state.posted.get(FP)?.dismissed).toBeUndefined();
  });

  it('a 👎 dismisses the finding when its giver may write to the repository, not when the author gives it', async () => {
    const id = await postFinding();
    await api('author-token').addReaction(ref, { kind: 'review', id }, 'confused');
    server.state.reactions.push({ id: 1, subject: 'review', commentId: id, user: 'pr-author', content: '-1' });
    expect((await readPreviousState(api(), ref, BOT)).posted.get(FP)?.dismissed).toBeUndefined();
    server.state.reactions.push({ id: 2, subject: 'review', commentId: id, user: 'maintainer', content: '-1' });
    expect((await readPreviousState(api(), ref, BOT)).posted.get(FP)?.dismissed).toEqual({ by: 'maintainer', reason: '', via: 'reaction' });
  });

  it('the same finding found again after its dismissal is not raised again and does not gate', async () => {
    await postFinding();
    await api().replyToReviewComment(
      ref,
      server.state.comments[0]!.id,
      `Dismissed.\n${dismissalMarker({ fp: FP, by: 'maintainer', reason: 'bounded' })}`,
    );
    const state = await readPreviousState(api(), ref, BOT);
    const again = finding();
    const plan = planReview({
      findings: [again],
      diff: change.diff,
      previous: {
        ...state,
        posted: new Map([
          [planReview({ findings: [again], diff: change.diff, previous: state }).comments[0]!.fingerprint, state.posted.get(FP)!],
        ]),
      },
    });
    expect(plan.dismissedAgain.map((d) => d.finding)).toEqual([again]);
    expect(plan.comments).toEqual([]);
    expect(gateFindings([again], plan)).toEqual([]);
  });
});

describe('threads keybug resolved on a resolve command', () => {
  it('count when its answer names them and who asked; a bot resolution without that answer does not', async () => {
    const id = await postFinding();
    const [thread] = await api().reviewThreads(ref);
    expect(thread).toMatchObject({ isResolved: false, commentIds: [id] });
    await api().resolveThread(ref, thread!.id);
    // GitHub names no User for a bot's resolution: without keybug's own record it does not count.
    let state = await readPreviousState(api(), ref, BOT);
    expect(state.posted.get(FP)).toMatchObject({ resolved: false, resolution: { by: null, counts: false } });
    await api().createIssueComment(
      ref,
      `Resolved 1 thread.\n${answerMarker({ re: 1, command: 'resolve', by: 'maintainer', resolved: [FP] })}`,
    );
    state = await readPreviousState(api(), ref, BOT);
    expect(state.posted.get(FP)).toMatchObject({ resolved: true, resolution: { by: 'maintainer', counts: true } });
  });

  it('resolving needs write access', async () => {
    await postFinding();
    const [thread] = await api().reviewThreads(ref);
    await expect(api('author-token').resolveThread(ref, thread!.id)).rejects.toThrow(/Resource not accessible/);
  });
});

describe("the pull request's mode", () => {
  it("is the last one keybug's own answers set; answers by others are ignored", async () => {
    expect((await readPreviousState(api(), ref, BOT)).mode).toEqual({ mode: 'active', by: null, url: null });
    await api().createIssueComment(ref, `Paused.\n${answerMarker({ re: 1, command: 'pause', by: 'maintainer', mode: 'paused' })}`);
    const paused = await readPreviousState(api(), ref, BOT);
    expect(paused.mode).toMatchObject({ mode: 'paused', by: 'maintainer', url: expect.stringContaining('#issuecomment-') });
    await api('maintainer-token').createIssueComment(
      ref,
      `x\n${answerMarker({ re: 2, command: 'resume', by: 'maintainer', mode: 'active' })}`,
    );
    expect((await readPreviousState(api(), ref, BOT)).mode.mode).toBe('paused');
    await api().createIssueComment(ref, `Resumed.\n${answerMarker({ re: 3, command: 'resume', by: 'maintainer', mode: 'active' })}`);
    expect((await readPreviousState(api(), ref, BOT)).mode.mode).toBe('active');
  });

  it('an answer of its own it cannot read makes the state unknown', async () => {
    await api().createIssueComment(ref, 'Done.\n<!-- keybug:answer:v9 eyJyZSI6MX0 -->');
    await expect(readPreviousState(api(), ref, BOT)).rejects.toThrow(/comment \d+ ends in a keybug marker this version cannot read/);
  });
});

describe('the local GitHub keeps its rules', () => {
  it("a reaction is new once (201), then already there (200); replies go to a thread's first comment", async () => {
    const id = await postFinding();
    expect(await api().addReaction(ref, { kind: 'review', id }, 'eyes')).toBe('created');
    expect(await api().addReaction(ref, { kind: 'review', id }, 'eyes')).toBe('existed');
    const reply = await api().replyToReviewComment(ref, id, 'An answer.');
    await expect(api().replyToReviewComment(ref, reply.id, 'A reply to a reply.')).rejects.toThrow(/HTTP 422.*Replies to replies/);
    expect((await api().getReviewComment(ref, reply.id)).inReplyTo).toBe(id);
  });

  it('refuses writes to the protected default branch and a file change without the blob it replaces', async () => {
    const main = (await api().branchHead(ref, 'main'))!;
    await expect(api().writeFile(ref, { path: 'x.txt', branch: 'main', message: 'x', text: 'x', sha: null })).rejects.toThrow(
      /HTTP 422.*Protected branch/,
    );
    await api().createBranch(ref, 'topic', main);
    await api().writeFile(ref, { path: 'x.txt', branch: 'topic', message: 'add x', text: 'one\n', sha: null });
    await expect(api().writeFile(ref, { path: 'x.txt', branch: 'topic', message: 'x', text: 'two\n', sha: null })).rejects.toThrow(
      /HTTP 422[\s\S]*"sha" wasn.t supplied/,
    );
    const file = (await api().readFile(ref, 'x.txt', 'topic'))!;
    expect(file.text).toBe('one\n');
    await api().writeFile(ref, { path: 'x.txt', branch: 'topic', message: 'change x', text: 'two\n', sha: file.sha });
    expect((await api().readFile(ref, 'x.txt', 'topic'))!.text).toBe('two\n');
    expect(await api().readFile(ref, 'x.txt', 'main')).toBeNull();
  });
});
