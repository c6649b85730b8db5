/**
 * End-to-end: the bundled action (dist/index.js) run as the runner runs it, against a real GitHub
 * REST server and a scripted OpenAI-compatible model on 127.0.0.1, on a fixture repository built
 * with git. Each workflow the README and docs/action.md show has a test here (named after it), which
 * reads its `with:` block from the page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { startGitHubServer, type GitHubServer, type TokenGrant } from '../servers/github-server.js';
import { dataBlockOf, startModelServer, type ChatRequest, type ModelServer } from '../servers/model-server.js';
import { reviewerAnswer, wellBehaved, type Planned } from '../review/helpers.js';
import { ensureBundle, installAction, runAction, runCli, type ActionRun } from './runner.js';
import { documentedInputsForTest, documentedKeybugPermissions } from '../helpers/documented-workflows.js';
import { GitHubApi } from '../../src/publish/github.js';
import { findingMarker, fingerprint, reviewMarker } from '../../src/publish/markers.js';
import { main } from '../../src/cli/main.js';

// Each test runs the bundled action up to four times: a few seconds each, far more on a busy machine.
jest.setTimeout(300_000);

const OWNER = 'acme';
const NAME = 'widgets';
const TOKENS = {
  'write-token': { login: 'github-actions[bot]', write: true },
  'fork-token': { login: 'github-actions[bot]', write: false },
  'author-token': { login: 'mallory', write: true },
};

const BUF_BASE =
  'struct Buf { char data[16]; int len; };\nint fill(Buf* b, const char* s, int n) {\n  b->len = n;\n  for (int i = 0; i < n; i++) b->data[i] = s[i];\n  return 0;\n}\n';
const BUF_HEAD = BUF_BASE.replace('i < n;', 'i <= n;');
const EXTRA = 'int last(const int* v, int n) {\n  int sum = 0;\n  for (int i = 0; i <= n; i++) sum += v[i];\n  return sum;\n}\n';

const OFF_BY_ONE: Planned = {
  title: 'Loop writes one byte past data[]',
  line: 4,
  quote: 'for (int i = 0; i <= n; i++) b->data[i] = s[i];',
  category: 'memory',
  scores: [7, 6, 6],
};
const READ_PAST: Planned = {
  title: 'Loop reads v[n], past the array',
  line: 3,
  quote: 'for (int i = 0; i <= n; i++) sum += v[i];',
  category: 'memory',
  scores: [7, 6, 5],
};
const FIX = { 'src/buf.cpp': 'for (int i = 0; i < n && i < 16; i++) b->data[i] = s[i];' };

const FILES = ['src/buf.cpp', 'src/extra.cpp'] as const;

/** The fixture file a reviewer's slice is about (named in the slice's section header). */
function sliceFileOf(request: ChatRequest): string {
  const slice = dataBlockOf(request.user, 'SLICE') ?? '';
  return FILES.find((f) => slice.includes(f)) ?? '';
}

/** Every reviewer finds the bug of its slice's file; the fix is offered as example code (a suggestion). */
function model(): Promise<ModelServer> {
  const answers = { 'src/buf.cpp': [[OFF_BY_ONE]], 'src/extra.cpp': [[READ_PAST]] };
  const base = wellBehaved(answers);
  return startModelServer((request, index) => {
    if (request.role !== 'reviewer') return base(request, index);
    const file = sliceFileOf(request);
    const answer = JSON.parse(reviewerAnswer(answers[file as keyof typeof answers]?.[0] ?? [], file)) as {
      findings: { exampleCode: string }[];
    };
    for (const f of answer.findings) f.exampleCode = FIX[file as keyof typeof FIX] ?? '';
    return { content: JSON.stringify(answer) };
  });
}

// Each test runs the bundled action (a new Node process and several git processes) up to three
// times, which on a busy 2-core machine takes longer than the default 60 s.
jest.setTimeout(180_000);

let actionDir: string;
let cleanupAction: () => void;
beforeAll(async () => {
  await ensureBundle();
  ({ dir: actionDir, cleanup: cleanupAction } = installAction());
}, 600_000);
afterAll(() => cleanupAction?.());

interface Fixture {
  repo: TestRepo;
  base: string;
  head: string;
  github: GitHubServer;
  llm: ModelServer;
}

let fixture: Fixture | null = null;
afterEach(async () => {
  await fixture?.github.close();
  await fixture?.llm.close();
  fixture?.repo.cleanup();
  fixture = null;
});

async function setUp(options: { prefix?: '' | '/api/v3'; tokens?: Record<string, TokenGrant> } = {}): Promise<Fixture> {
  const repo = createRepo('keybug-e2e-');
  repo.write('src/buf.cpp', BUF_BASE);
  const base = repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('src/buf.cpp', BUF_HEAD);
  const head = repo.commit('copy the input');
  // On pull_request runs the checkout is a merge commit that is not part of the PR; keybug must not review or post on it.
  repo.git('checkout', '-q', '--detach', base);
  repo.git('merge', '-q', '--no-ff', '-m', 'Merge feature into main', head);
  const github = await startGitHubServer({
    owner: OWNER,
    repo: NAME,
    repoDir: repo.dir,
    tokens: { ...TOKENS, ...options.tokens },
    prefix: options.prefix ?? '',
    pulls: [{ number: 7, baseSha: base, headSha: head, title: 'Copy the input', body: 'Fills the buffer.', headRepo: `${OWNER}/${NAME}` }],
  });
  fixture = { repo, base, head, github, llm: await model() };
  return fixture;
}

function prEvent(f: Fixture, head = f.head) {
  return {
    action: 'synchronize',
    number: 7,
    pull_request: {
      number: 7,
      title: 'Copy the input',
      body: 'Fills the buffer.',
      base: { sha: f.base, ref: 'main' },
      head: { sha: head, ref: 'feature' },
    },
    repository: { full_name: `${OWNER}/${NAME}` },
  };
}

function run(
  f: Fixture,
  inputs: Record<string, string>,
  over: { event?: string; payload?: object | string; apiUrl?: string; head?: string; workspace?: string } = {},
): Promise<ActionRun> {
  return runAction({
    actionDir,
    event: over.event ?? 'pull_request',
    payload: over.payload ?? prEvent(f, over.head),
    workspace: over.workspace ?? f.repo.dir,
    apiUrl: over.apiUrl ?? f.github.url,
    repository: `${OWNER}/${NAME}`,
    inputs: {
      'github-token': 'write-token',
      'api-key': 'sk-test-secret',
      'base-url': f.llm.url,
      model: 'test-model',
      'max-retries': '0',
      ...inputs,
    },
  });
}

/** The `with:` block of the documented workflow under `heading`, pointed at the test servers. */
const documented = (f: Fixture, heading: string, inputs: Record<string, string> = {}) =>
  documentedInputsForTest(heading, { secret: 'sk-test-secret', modelUrl: f.llm.url, inputs });

/** The fingerprint keybug gives the off-by-one on line 4 of src/buf.cpp: the line, its category and two lines either side. */
function offByOneFingerprint(): string {
  const lines = BUF_HEAD.split('\n');
  return fingerprint('src/buf.cpp', lines[3]!, 'memory', [lines[1]!, lines[2]!, lines[4]!, lines[5]!]);
}

/** What an earlier run that posted the off-by-one but could not finish the review left on the PR. */
async function postIncompleteReview(f: Fixture): Promise<void> {
  const fp = offByOneFingerprint();
  await GitHubApi.create({ token: 'write-token', apiUrl: f.github.url }).createReview(
    { owner: OWNER, repo: NAME, number: 7 },
    {
      commit_id: f.head,
      event: 'COMMENT',
      body: reviewMarker({ head: f.head, status: 'incomplete', incompleteReasons: ['model endpoint answered 500'], findings: [] }),
      comments: [
        {
          path: 'src/buf.cpp',
          line: 4,
          side: 'RIGHT',
          body: `off by one\n${findingMarker({ fp, severity: 6, path: 'src/buf.cpp', side: 'RIGHT', line: 4, title: 'Loop writes one byte past data[]', code: BUF_HEAD.split('\n')[3]! })}`,
        },
      ],
    },
  );
}

/** A new push to the pull request adding src/extra.cpp; returns the new head. */
function pushExtra(f: Fixture): string {
  f.repo.git('checkout', '-q', 'feature');
  f.repo.write('src/extra.cpp', EXTRA);
  const head = f.repo.commit('add last()');
  f.github.state.pulls.get(7)!.headSha = head;
  return head;
}

const reviewPosts = (f: Fixture) => f.github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/reviews'));
const reviewersAsked = (f: Fixture) => f.llm.requests.filter((r) => r.role === 'reviewer').map(sliceFileOf);

describe('the bundled action against GitHub and a model on 127.0.0.1', () => {
  it("the README's workflow, then the basic one: one review per run on the right lines; a rerun posts nothing; a new push reviews only what changed", async () => {
    const f = await setUp();
    const first = await run(f, documented(f, 'Add it to a repository'));
    expect(first.code).toBe(0);
    expect(reviewPosts(f)).toHaveLength(1);
    expect(reviewPosts(f)[0]).toMatchObject({ status: 200, body: { commit_id: f.head, event: 'COMMENT' } });
    expect(f.github.state.comments).toEqual([expect.objectContaining({ path: 'src/buf.cpp', line: 4, side: 'RIGHT' })]);
    expect(f.github.state.comments[0]!.body).toContain('```suggestion\n  for (int i = 0; i < n && i < 16; i++) b->data[i] = s[i];\n```');
    expect(first.outputs).toMatchObject({
      files: '1',
      status: 'complete',
      'files-reviewed': '1',
      'files-skipped': '0',
      'files-unreviewed': '0',
      findings: '1',
      blocking: '0',
      'review-id': String(f.github.state.reviews[0]!.id),
    });
    const report = JSON.parse(readFileSync(first.outputs.report!, 'utf8')) as {
      findings: unknown[];
      publish: { headSha: string };
      anchoring: unknown[];
      stats: { stageMs: Record<string, number>; peakMemoryMb: number };
    };
    expect(report.findings).toHaveLength(1);
    // Where the time went, posting included (the report is written again once posting is over), and the peak memory.
    expect(Object.keys(report.stats.stageMs)).toEqual(expect.arrayContaining(['diff', 'index', 'parse', 'slice', 'review', 'posting']));
    expect(report.stats.peakMemoryMb).toBeGreaterThan(0);
    expect(first.summary).toMatch(
      /\| time per stage \| diff [\d.]+ s, .*parse [\d.]+ s, slicing [\d.]+ s, .*model calls [\d.]+ s, .*posting [\d.]+ s \|/,
    );
    expect(first.summary).toMatch(/\| peak memory \| \d+ MB \|/);
    expect(report.publish.headSha).toBe(f.head);
    // Where the posted comment was anchored, and why.
    expect(report.anchoring).toEqual([
      expect.objectContaining({
        fate: 'line-comment',
        anchor: expect.objectContaining({ path: 'src/buf.cpp', side: 'RIGHT', line: 4, method: 'quote' }),
        why: 'the quoted code is on this line',
      }),
    ]);
    // Item 5 of the summary: findings with links, run figures, drops per stage, files/hunks and slices.
    expect(first.summary).toContain('[`src/buf.cpp:4`](https://github.example/acme/widgets/blob/' + f.head + '/src/buf.cpp#L4)');
    for (const part of [
      '| model calls |',
      '| tokens |',
      '| estimated cost |',
      '| time per stage |',
      '### Dropped by stage',
      'Files and hunks (1 changed file: 1 with context, 0 from the diff only, 0 skipped, 0 not reviewed)',
      '| `src/buf.cpp` | C++ | reviewed with context |',
      '@@ -1,6 +1,6 @@',
      '<summary>Slices (',
    ])
      expect(first.summary).toContain(part);
    // Secrets appear only in the ::add-mask:: commands that tell the runner to hide them.
    const logged = `${first.stdout}${first.stderr}`.replace(/^::add-mask::.*$/gm, '');
    expect(first.stdout).toContain('::add-mask::sk-test-secret');
    expect(`${logged}${first.summary}`).not.toMatch(/sk-test-secret|write-token/);

    const calls = f.llm.requests.length;
    const rerun = await run(f, documented(f, 'Basic review'));
    expect(rerun.code).toBe(0);
    expect(reviewPosts(f)).toHaveLength(1);
    expect(f.llm.requests.length).toBe(calls);
    expect(rerun.summary).toContain('was already reviewed');
    expect(rerun.outputs['review-id']).toBe(first.outputs['review-id']);

    const second = pushExtra(f);
    const push = await run(f, documented(f, 'Basic review'), { head: second });
    expect(push.code).toBe(0);
    expect(reviewPosts(f)).toHaveLength(2);
    expect(reviewersAsked(f).slice(-3)).toEqual(['src/extra.cpp', 'src/extra.cpp', 'src/extra.cpp']);
    expect(f.github.state.comments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/buf.cpp:4', 'src/extra.cpp:3']);
    expect(f.github.state.reviews[1]!.body).toContain('Incremental');
    expect(push.summary).toContain('open from an earlier review');
  });

  it('merge gating: fail-on fails the step with the blocking findings, after posting, summary and outputs', async () => {
    const f = await setUp();
    const gated = await run(f, documented(f, 'Merge gating'));
    expect(gated.code).toBe(1);
    expect(gated.stdout).toContain('::error::1 finding(s) at or above');
    expect(gated.outputs).toMatchObject({ findings: '1', blocking: '1' });
    expect(reviewPosts(f)).toHaveLength(1);
    expect(gated.summary).toContain('Merge gate failed');

    // The rerun posts nothing and calls no model, but the finding is still open: still failing.
    const rerun = await run(f, documented(f, 'Merge gating'));
    expect(rerun.code).toBe(1);
    expect(reviewPosts(f)).toHaveLength(1);
    // Once its thread is resolved, it no longer blocks.
    f.github.state.resolved.add(f.github.state.comments[0]!.id);
    const resolved = await run(f, documented(f, 'Merge gating'));
    expect(resolved.code).toBe(0);
  });

  it('fork-safe two-workflow pattern: a read-only run keeps summary, outputs and report; keybug publish posts it', async () => {
    // The review half's token may read pull requests only if its workflow asks (private repositories).
    const f = await setUp({
      tokens: {
        'fork-readme-token': {
          login: 'github-actions[bot]',
          write: false,
          read: documentedKeybugPermissions('Fork pull requests: the two-workflow pattern')['pull-requests'] !== undefined,
        },
      },
    });
    // The README's review half: read-only token, posting switched off; the report is what gets uploaded.
    const fork = await run(f, {
      ...documented(f, 'Fork pull requests: the two-workflow pattern'),
      'github-token': 'fork-readme-token',
      'api-key': '',
    });
    expect(fork.code).toBe(0);
    expect(fork.stdout).not.toContain('could not read earlier reviews');
    expect(fork.outputs).toMatchObject({ files: '1', findings: '1', blocking: '0' });
    expect(f.github.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/graphql'))).toHaveLength(0);
    // Left to post with a read-only token, GitHub answers 403: summary, outputs and report survive, with a notice.
    const readOnly = await run(f, { 'github-token': 'fork-token', 'fail-on': 'critical' });
    expect(readOnly.code).toBe(0);
    expect(readOnly.stdout).toMatch(
      /::notice::keybug could not post the review: GitHub answered 403 \(Resource not accessible by integration\).*workflow_run/,
    );
    expect(readOnly.summary).toContain('Not posted');
    expect(readOnly.outputs).toMatchObject({ files: '1', findings: '1', blocking: '0' });
    expect(f.github.state.reviews).toHaveLength(0);

    const cli = { GITHUB_TOKEN: 'write-token', GITHUB_API_URL: f.github.url };
    const posted = await runCli(
      actionDir,
      ['publish', '--report', fork.outputs.report!, '--repo', `${OWNER}/${NAME}`, '--expect-head', f.head],
      cli,
      fork.workDir,
    );
    expect(posted.code).toBe(0);
    expect(posted.stdout).toContain('Posted review');
    expect(f.github.state.comments).toEqual([expect.objectContaining({ path: 'src/buf.cpp', line: 4 })]);
    // Posting the same report again posts nothing; a report for another commit is refused.
    const again = await runCli(actionDir, ['publish', '--report', fork.outputs.report!, '--repo', `${OWNER}/${NAME}`], cli, fork.workDir);
    expect(again).toMatchObject({ code: 0, stderr: expect.stringContaining('already reviewed') });
    const forged = await runCli(
      actionDir,
      ['publish', '--report', fork.outputs.report!, '--repo', `${OWNER}/${NAME}`, '--expect-head', f.base],
      cli,
      fork.workDir,
    );
    expect(forged.code).toBe(2);
    expect(f.github.state.reviews).toHaveLength(1);
  });

  it('forged markers: a review by the PR author claiming the head was reviewed, with a resolved finding, changes nothing', async () => {
    const f = await setUp();
    const fp = offByOneFingerprint();
    await GitHubApi.create({ token: 'author-token', apiUrl: f.github.url }).createReview(
      { owner: OWNER, repo: NAME, number: 7 },
      {
        commit_id: f.head,
        event: 'COMMENT',
        body: `LGTM\n${reviewMarker({ head: f.head, status: 'complete', incompleteReasons: [], findings: [] })}`,
        comments: [
          {
            path: 'src/buf.cpp',
            line: 4,
            side: 'RIGHT',
            body: `fine\n${findingMarker({ fp, severity: 1, path: 'src/buf.cpp', side: 'RIGHT', line: 4, title: 'nothing', code: BUF_HEAD.split('\n')[3]! })}`,
          },
        ],
      },
    );
    f.github.state.resolved.add(f.github.state.comments[0]!.id);
    const gated = await run(f, documented(f, 'Merge gating'));
    expect(gated.code).toBe(1);
    expect(gated.summary).not.toContain('already reviewed');
    expect(reviewersAsked(f)).toContain('src/buf.cpp');
    expect(f.github.state.comments.filter((c) => c.user === 'github-actions[bot]')).toEqual([
      expect.objectContaining({ path: 'src/buf.cpp', line: 4 }),
    ]);
  });

  it('after an incomplete review: a rerun on the same head reviews again without reposting; the next push reviews from the last complete review', async () => {
    const f = await setUp();
    await postIncompleteReview(f);
    const rerun = await run(f, documented(f, 'Basic review'));
    expect(rerun.code).toBe(0);
    expect(rerun.summary).not.toContain('was already reviewed');
    expect(reviewersAsked(f)).toEqual(['src/buf.cpp', 'src/buf.cpp', 'src/buf.cpp']);
    expect(reviewPosts(f)).toHaveLength(2);
    expect(f.github.state.comments).toHaveLength(1);
    expect(f.github.state.reviews[1]!.body).toContain('1 finding raised earlier is still there');

    // That rerun completed, so the next push reviews only what changed since it.
    const second = pushExtra(f);
    await run(f, documented(f, 'Basic review'), { head: second });
    expect(reviewersAsked(f).slice(3)).toEqual(['src/extra.cpp', 'src/extra.cpp', 'src/extra.cpp']);
  });

  it('after an incomplete review, the next push reviews every file again, not only what changed since the incomplete one', async () => {
    const f = await setUp();
    await postIncompleteReview(f);
    const second = pushExtra(f);
    const push = await run(f, documented(f, 'Basic review'), { head: second });
    expect(push.code).toBe(0);
    expect(new Set(reviewersAsked(f))).toEqual(new Set(['src/buf.cpp', 'src/extra.cpp']));
    expect(push.summary).not.toContain('Incremental run');
    expect(f.github.state.comments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/buf.cpp:4', 'src/extra.cpp:3']);
  });

  it('GitHub Enterprise Server via workflow_dispatch with pr-number: API root /api/v3 from GITHUB_API_URL', async () => {
    const f = await setUp({ prefix: '/api/v3' });
    const dispatched = await run(f, documented(f, 'GitHub Enterprise Server', { 'pr-number': '7' }), {
      event: 'workflow_dispatch',
      payload: { inputs: { 'pr-number': '7' } },
    });
    expect(dispatched.code).toBe(0);
    expect(f.github.requests.map((r) => r.path.split('?')[0])).toEqual(
      expect.arrayContaining(['/api/v3/repos/acme/widgets/pulls/7', '/api/graphql']),
    );
    expect(f.github.state.comments).toHaveLength(1);
  });

  it("workflow_dispatch for a fork's pull request: the head is fetched from refs/pull/N/head of the checkout's origin", async () => {
    const f = await setUp();
    // The base repository holds the fork's commits only under the pull request's ref.
    f.repo.git('update-ref', 'refs/pull/7/head', f.head);
    f.repo.git('checkout', '-q', 'main');
    f.repo.git('branch', '-q', '-D', 'feature');
    const workspace = mkdtempSync(path.join(tmpdir(), 'keybug-checkout-'));
    try {
      execFileSync('git', ['-c', 'protocol.file.allow=always', 'clone', '-q', `file://${f.repo.dir}`, workspace]);
      const dispatched = await run(f, documented(f, 'GitHub Enterprise Server', { 'pr-number': '7' }), {
        event: 'workflow_dispatch',
        payload: { inputs: { 'pr-number': '7' } },
        workspace,
      });
      expect(dispatched.code).toBe(0);
      expect(dispatched.stdout).toContain('fetching refs/pull/7/head');
      expect(f.github.state.comments).toEqual([expect.objectContaining({ path: 'src/buf.cpp', line: 4 })]);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('a push event does nothing, says why, and succeeds', async () => {
    const f = await setUp();
    const push = await run(f, {}, { event: 'push', payload: { ref: 'refs/heads/main' } });
    expect(push.code).toBe(0);
    expect(push.stdout).toContain("::notice::keybug reviews pull requests; this run was triggered by 'push'");
    expect(f.github.requests).toHaveLength(0);
  });

  it('a broken event file: one line naming the file and what is wrong, exit 4, no stack trace, no GitHub or model call', async () => {
    const f = await setUp();
    const broken = await run(f, {}, { payload: '{"pull_request": {"number": 7,' });
    expect(broken.code).toBe(4);
    const errors = broken.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(errors).toEqual([
      expect.stringMatching(
        /^::error::The event payload at GITHUB_EVENT_PATH \(\S+event\.json\) is not valid JSON \(.+\)\. The runner writes this file/,
      ),
    ]);
    expect(`${broken.stdout}\n${broken.stderr}`).not.toMatch(/\n\s+at \S+:\d+|SyntaxError:/);
    expect(f.github.requests).toHaveLength(0);
    expect(f.llm.requests).toHaveLength(0);
  });

  it('self-hosted model workflow, dry run: slices and prompts in the summary with no API key, no model and no GitHub call', async () => {
    const f = await setUp();
    const dry = await run(f, {
      ...documented(f, 'A self-hosted model (vLLM, Ollama)'),
      'dry-run': 'true',
      'api-key': '',
      'base-url': '',
      model: '',
    });
    expect(dry.code).toBe(0);
    expect(dry.summary).toContain('no model was called');
    expect(dry.summary).toContain('reviewer user prompt for s1');
    expect(dry.summary).toContain('src/buf.cpp');
    expect(dry.outputs.files).toBe('1');
    expect(existsSync(dry.outputs.report!)).toBe(true);
    expect(f.llm.requests).toHaveLength(0);
    expect(f.github.requests).toHaveLength(0);
  });
});

describe('the bundled CLI, copied with dist/ only', () => {
  it('eval --example replays the recording it ships with: no API key, no node_modules, the same report as from source', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'keybug-cli-eval-'));
    try {
      const bundled = await runCli(
        actionDir,
        ['eval', '--example', '--format', 'json', '--sweep', '--out', path.join(cwd, 'out')],
        {},
        cwd,
      );
      expect({ code: bundled.code, stderr: bundled.code === 0 ? '' : bundled.stderr }).toEqual({ code: 0, stderr: '' });
      let source = '';
      expect(
        await main(['eval', '--example', '--format', 'json', '--sweep'], { out: (t) => void (source += t), err: () => undefined, env: {} }),
      ).toBe(0);
      type Report = { run: { mode: string; recording: string; requestsSent: number } };
      const fromBundle = JSON.parse(bundled.stdout) as Report;
      expect(fromBundle.run).toMatchObject({
        mode: 'replay',
        requestsSent: 0,
        recording: path.join(actionDir, 'dist', 'assets', 'eval-example'),
      });
      expect({ ...fromBundle, run: null }).toEqual({ ...(JSON.parse(source) as Report), run: null });
      expect(existsSync(path.join(cwd, 'out', 'sweep.svg'))).toBe(true);
      const text = await runCli(actionDir, ['eval', '--example'], {}, cwd);
      expect(text.stdout).toMatch(/^\+ Validator\s+\d+\s+\d+\.\d\d\s/m);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 300_000);
});
