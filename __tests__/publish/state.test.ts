import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { GitHubApi, type PullRef } from '../../src/publish/github.js';
import { DEFAULT_BOT_LOGIN, isOwnLogin, resolveIdentity } from '../../src/publish/identity.js';
import { findingMarker, reviewMarker } from '../../src/publish/markers.js';
import { readPreviousState, stateFrom } from '../../src/publish/state.js';
import type { GitHubServer } from '../servers/github-server.js';
import { fixtureChange, startPullServer, type FixtureChange } from './fixtures.js';

const ref: PullRef = { owner: 'acme', repo: 'widgets', number: 7 };
const BOT = 'github-actions[bot]';
const TOKENS = { 'write-token': { login: BOT, write: true }, 'author-token': { login: 'mallory', write: true }, 'app-token': { login: 'my-app[bot]', write: true } };

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
const marker = (fp: string, line = 4) => findingMarker({ fp, severity: 7, path: 'src/buf.cpp', line, title: 'Off-by-one' });

/** A review with a keybug review marker for the head and one line comment carrying a finding marker. */
async function reviewAs(token: string, fp: string, status: 'complete' | 'incomplete' = 'complete'): Promise<void> {
  await api(token).createReview(ref, {
    commit_id: change.head,
    event: 'COMMENT',
    body: `Looks fine.\n${reviewMarker({ head: change.head, status, incompleteReasons: [] })}`,
    comments: [{ path: 'src/buf.cpp', line: 4, side: 'RIGHT', body: `ok\n${marker(fp)}` }],
  });
}

describe('forged markers', () => {
  it("ignores a review and a resolved thread with keybug's markers posted by the PR author", async () => {
    await reviewAs('author-token', 'forged-fp');
    server.state.resolved.add(server.state.comments[0]!.id);
    const state = await readPreviousState(api(), ref, BOT);
    expect(state).toEqual({ reviews: [], lastCompleteSha: null, posted: new Map() });

    // keybug's own review and comment are read back as before.
    await reviewAs('write-token', 'own-fp');
    const own = await readPreviousState(api(), ref, BOT);
    expect(own.reviews.map((r) => r.head)).toEqual([change.head]);
    expect([...own.posted.keys()]).toEqual(['own-fp']);
  });

  it("learns keybug's login from the token, falls back to the workflow token's, and prefers the bot-login input", async () => {
    expect(await resolveIdentity(api('app-token'), '', () => {})).toEqual({ login: 'my-app[bot]', source: 'token' });
    expect(await resolveIdentity(api('app-token'), 'other[bot]', () => {})).toEqual({ login: 'other[bot]', source: 'input' });
    const warnings: string[] = [];
    server.state.outage = /^POST \/graphql$/;
    expect(await resolveIdentity(api('app-token'), '', (m) => warnings.push(m))).toEqual({ login: DEFAULT_BOT_LOGIN, source: 'default' });
    expect(warnings).toEqual([expect.stringContaining('bot-login')]);
  }, 15_000);

  it("matches logins without case and an app's REST login to its bare name, never a look-alike", () => {
    expect(isOwnLogin('github-actions[bot]', 'GitHub-Actions[bot]')).toBe(true);
    expect(isOwnLogin('my-app', 'my-app[bot]')).toBe(true);
    expect(isOwnLogin('github-actions[bot]', 'github-actions')).toBe(false);
    expect(isOwnLogin('github-actions[bot]', 'mallory')).toBe(false);
    expect(isOwnLogin('github-actions[bot]', null)).toBe(false);
  });
});

describe('incremental base after an incomplete review', () => {
  it('is the head of the last complete review, not of the newest review', () => {
    const review = (id: number, head: string, status: 'complete' | 'incomplete') => ({ id, user: BOT, state: 'COMMENTED', htmlUrl: `u${id}`, body: reviewMarker({ head, status, incompleteReasons: [] }) });
    expect(stateFrom([review(1, 'aaa', 'complete'), review(2, 'bbb', 'incomplete')], [], new Set(), BOT).lastCompleteSha).toBe('aaa');
    expect(stateFrom([review(2, 'bbb', 'incomplete')], [], new Set(), BOT).lastCompleteSha).toBeNull();
  });
});

describe('resolved threads query failing', () => {
  it('keeps the reviews and comments already read, counts every thread as open, and warns', async () => {
    await reviewAs('write-token', 'own-fp');
    server.state.resolved.add(server.state.comments[0]!.id);
    server.state.threadsError = 'Something went wrong while executing your query.';
    const warnings: string[] = [];
    const state = await readPreviousState(api(), ref, BOT, (m) => warnings.push(m));
    expect(state.lastCompleteSha).toBe(change.head);
    expect(state.posted.get('own-fp')).toMatchObject({ resolved: false });
    expect(warnings).toEqual([expect.stringContaining('Something went wrong')]);
  });
});
