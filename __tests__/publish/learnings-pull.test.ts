import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { GitHubApi } from '../../src/publish/github.js';
import { proposeLearning } from '../../src/publish/learnings-pull.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { startGitHubServer, type GitHubServer } from '../servers/github-server.js';

const ref = { owner: 'acme', repo: 'widgets' };
const ENTRY = { text: 'Errors are negative errno values.', paths: [], link: null, date: '2026-11-28' };

let repo: TestRepo;
let base: string;
let head: string;
beforeAll(() => {
  repo = createRepo('keybug-learnings-pull-');
  repo.write('src/a.c', 'int a(void) { return 0; }\n');
  base = repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('src/a.c', 'int a(void) { return -1; }\n');
  head = repo.commit('change');
});
afterAll(() => repo.cleanup());

let github: GitHubServer;
beforeEach(async () => {
  github = await startGitHubServer({
    ...ref,
    repoDir: repo.dir,
    tokens: { 'write-token': { login: 'github-actions[bot]', write: true } },
    pulls: [{ number: 7, baseSha: base, headSha: head, title: 't', body: 'b', headRepo: 'acme/widgets' }],
  });
});
afterEach(() => github.close());

const api = () => GitHubApi.create({ token: 'write-token', apiUrl: github.url, retry: { maxRetries: 0 } });

describe('the learnings pull request', () => {
  it('opens with a description that passes the Markdown check as it is, and says nothing went as plain text', async () => {
    const proposal = await proposeLearning(api(), ref, ENTRY, 'keybug: learning', 'Learnings for the reviewers.', { links: [] });
    expect(proposal).toMatchObject({ kind: 'added', opened: true, plainText: [] });
    expect(github.state.openedPulls[0]!.body).toBe('Learnings for the reviewers.');
  });

  it('opens with a description that holds what keybug did not build as plain text, and names it', async () => {
    const description = 'See ![x](https://tracker.example/pixel.png) and ping @someone.';
    const proposal = await proposeLearning(api(), ref, ENTRY, 'keybug: learning', description, { links: [] });
    expect(proposal).toMatchObject({ kind: 'added', opened: true });
    if (proposal.kind !== 'added') throw new Error('not added');
    expect(proposal.plainText).toEqual([
      {
        what: 'the pull request description',
        problems: expect.arrayContaining([expect.stringMatching(/^an image/), expect.stringMatching(/^a mention/)]),
      },
    ]);
    const posted = github.state.openedPulls[0]!.body;
    expect(posted).toMatch(/^keybug could not post this text as Markdown: it held /);
    expect(posted).toContain('```text\n' + description + '\n```');
  });
});
