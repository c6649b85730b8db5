/**
 * Robustness: the CLI takes every action input as a flag of the same name, switches in all three
 * forms, negative numbers as values; each command refuses the flags it does not use; --format and
 * --report work with --dry-run; --pr-number reviews and posts a pull request as the action does.
 * Every mistake is one line on stderr with the right exit code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { INPUTS } from '../../src/config/inputs.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { startPullServer } from '../publish/fixtures.js';
import { BUG, wellBehaved } from '../review/helpers.js';
import type { GitHubServer } from '../servers/github-server.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env });
  return { code, out, err };
}

/** One line on stderr (no stack trace), and the exit code. */
function oneLine(result: { code: number; err: string }, code: number, message: RegExp): void {
  expect({ code: result.code, err: result.err.trim() }).toEqual({ code, err: expect.stringMatching(message) });
  expect(result.err).not.toMatch(/\n\s+at /);
  expect(result.err.trim().split('\n')).toHaveLength(1);
}

/** The run's progress lines, then the error as its last line. */
function lastLine(result: { code: number; err: string }, code: number, message: RegExp): void {
  expect({ code: result.code, err: result.err.trim().split('\n').at(-1) }).toEqual({ code, err: expect.stringMatching(message) });
  expect(result.err).not.toMatch(/\n\s+at /);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'keybug-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let model: ModelServer | null = null;
let github: GitHubServer | null = null;
afterEach(async () => {
  await model?.close();
  await github?.close();
  model = null;
  github = null;
});

/** A valid value for each input, to show the flag is taken. */
const SAMPLE: Record<string, string> = {
  'base-url': 'http://127.0.0.1:1/v1',
  temperature: '0.3',
  timeout: '30',
  'max-retries': '1',
  concurrency: '2',
  'input-price': '1',
  'output-price': '2',
  reviewers: '2',
  'min-substance': '3',
  'min-reality': '3',
  'top-k': '3',
  'validator-min-substance': '3',
  'validator-min-reality': '3',
  language: 'English',
  'max-tokens': '0',
  'time-limit-minutes': '5',
  algorithm: 'left-flow',
  'slice-token-budget': '4000',
  'max-files': '10',
  include: 'src/**',
  exclude: 'x/**',
  'review-event': 'COMMENT',
  'fail-on': 'none',
  report: '',
  'instructions-token-budget': '500',
  'on-invalid-config': 'defaults',
  'github-timeout': '30',
  tools: 'off',
  'tool-calls': '4',
  'tool-token-budget': '3000',
  votes: '3',
  chat: 'threads',
};

describe('every action input is a flag of keybug review', () => {
  it.each(INPUTS.map((i) => [i.name]))('--%s', async (name) => {
    const value =
      SAMPLE[name] ??
      (INPUTS.find((i) => i.name === name)?.default === 'true' || INPUTS.find((i) => i.name === name)?.default === 'false' ? 'true' : 'x');
    const report = path.join(dir, `${name}.json`);
    // Files the run writes go to the test's folder (a report, the index cache), not the working directory.
    const args = [
      'review',
      '--example',
      '--dry-run',
      `--${name}`,
      name === 'report' ? report : name === 'index-cache' ? path.join(dir, 'index-cache') : value,
    ];
    const result = await cli(args);
    expect(result.err).not.toMatch(/Unknown option|does not use/);
    if (['github-token', 'bot-login'].includes(name)) oneLine(result, 2, new RegExp(`--${name} is used only with --pr-number`));
    else if (name === 'pr-number') oneLine(result, 2, /--example cannot be used with --pr-number/);
    else expect(result.code).toBe(0);
  });
});

describe('switches and values', () => {
  it('take --flag, --flag true|false, --flag=value and --no-flag', async () => {
    for (const form of [['--dry-run'], ['--dry-run', 'true'], ['--dry-run=yes'], ['--dry-run', 'on']]) {
      const result = await cli(['review', '--example', ...form]);
      expect({ form, code: result.code }).toEqual({ form, code: 0 });
      expect(result.out).toContain('No model was called.');
    }
    for (const form of [['--no-dry-run'], ['--dry-run', 'false'], ['--dry-run=0']]) {
      oneLine(await cli(['review', '--example', ...form]), 2, /^keybug review: Missing --model \(or KEYBUG_MODEL\): expected a model name/);
    }
    expect(
      (await cli(['review', '--example', '--dry-run', '--no-validator', '--skip-generated', 'false', '--require-consensus'])).code,
    ).toBe(0);
    expect((await cli(['slice', '--example', 'true', '--format', 'json'])).code).toBe(0);
    // Nine runs of the example, each building its repository: slow on a busy machine.
  }, 240_000);

  it('read a negative number as a value, refused in one line', async () => {
    oneLine(
      await cli(['review', '--example', '--dry-run', '--top-k', '-1']),
      2,
      /^keybug review: Invalid value '-1' for --top-k: expected a whole number from 1 to 100\.$/,
    );
    oneLine(
      await cli(['review', '--example', '--dry-run', '--temperature', '-0.5']),
      2,
      /^keybug review: Invalid value '-0.5' for --temperature: expected a number from 0 to 2\.$/,
    );
  });

  it('say what a bad switch value is', async () => {
    oneLine(
      await cli(['review', '--example', '--dry-run', '--validator=maybe']),
      2,
      /^keybug review: Invalid value 'maybe' for --validator: expected true or false\.$/,
    );
  });
});

describe('each command takes only the flags it uses', () => {
  const cases: [string[], RegExp][] = [
    [
      ['slice', '--example', '--model', 'gpt-4.1'],
      /^keybug slice: 'keybug slice' does not use --model\. Run 'keybug slice --help' for the options it takes\.$/,
    ],
    [['slice', '--example', '--reviewers', '5'], /'keybug slice' does not use --reviewers/],
    [['slice', '--example', '--no-validator'], /'keybug slice' does not use --no-validator/],
    [['diff', '--example', '--algorithm', 'full-flow'], /'keybug diff' does not use --algorithm/],
    [['diff', '--example', '--time-limit-minutes', '1'], /'keybug diff' does not use --time-limit-minutes/],
    [['publish', '--model', 'x'], /'keybug publish' does not use --model/],
    [['review', '--example', '--bogus'], /^keybug review: Unknown option '--bogus'\. Run 'keybug review --help'/],
    [
      ['slice', '--example', '--algorithim', 'full-flow'],
      /^keybug slice: Unknown option '--algorithim' \(did you mean '--algorithm'\?\)\. Run 'keybug slice --help'/,
    ],
    [
      ['review', '--example', '--top_k', '3'],
      /^keybug review: Unknown option '--top_k' \(did you mean '--top-k'\?\)\. Run 'keybug review --help'/,
    ],
  ];
  it.each(cases)('%j', async (args, message) => oneLine(await cli(args), 2, message));

  it('takes --time-limit-minutes in slice', async () => {
    expect((await cli(['slice', '--example', '--time-limit-minutes', '1'])).code).toBe(0);
  });
});

describe('--format and --report with --dry-run', () => {
  it('json: the slices, the prompts and the estimate; --report holds the same', async () => {
    const report = path.join(dir, 'dry.json');
    const { code, out } = await cli(['review', '--example', '--dry-run', '--format', 'json', '--report', report]);
    expect(code).toBe(0);
    const json = JSON.parse(out) as { slices: { slices: unknown[] }; prompts: unknown[]; estimate: { reviewerCalls: number } };
    expect(json.slices.slices).toHaveLength(2);
    expect(json.prompts).toHaveLength(2);
    expect(json.estimate.reviewerCalls).toBe(6);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual(json);
  });

  it('markdown: the job summary of a dry run; sarif: a valid log with no results', async () => {
    const md = await cli(['review', '--example', '--dry-run', '--format', 'markdown', '--input-price', '2.5', '--output-price', '10']);
    expect(md.out).toMatch(/^## keybug dry run of `[0-9a-f]{7}`/);
    expect(md.out).toMatch(/Estimate: 6 reviewer call\(s\) .*: about \$0\.\d{4}\./);
    // The example's two slices are in one language: one reviewer system prompt, shown once for both.
    expect(md.out.match(/<summary>reviewer system prompt · ~\d+ tokens · the same for slices (s\d+), (s\d+)<\/summary>/g)).toHaveLength(1);
    expect(md.out.match(/<summary>reviewer user prompt for s\d+ /g)).toHaveLength(2);
    const sarif = JSON.parse((await cli(['review', '--example', '--dry-run', '--format', 'sarif'])).out) as {
      version: string;
      runs: { results: unknown[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.results).toEqual([]);
  });
});

describe('checked before any model is paid for', () => {
  it('an unwritable --report: exit 4, one line naming the path, no model call', async () => {
    model = await startModelServer(wellBehaved({}), { models: ['m'] });
    const file = path.join(dir, 'plain-file');
    writeFileSync(file, 'x');
    const result = await cli(['review', '--example', '--model', 'm', '--base-url', model.url, '--report', path.join(file, 'r.json')], {
      OPENAI_API_KEY: 'k',
    });
    oneLine(
      result,
      4,
      new RegExp(
        `^keybug review: Cannot write the report to '${path.join(file, 'r.json')}': a part of the path is a file, not a folder \\(ENOTDIR\\)\\. Choose a writable path with --report\\.$`,
      ),
    );
    expect(model.requests).toHaveLength(0);
  });

  it('an endpoint that is down: exit 4, the error one line with the URL, the cause and the model, in CLI terms, after slicing', async () => {
    const result = await cli(['review', '--example', '--model', 'm', '--base-url', 'http://127.0.0.1:1/v1'], { OPENAI_API_KEY: 'k' });
    lastLine(
      result,
      4,
      /^keybug review: The model endpoint is unreachable: cannot connect to http:\/\/127\.0\.0\.1:1\/v1: (connection refused|the port is one).*Check --base-url \(or OPENAI_BASE_URL\); model m\.$/,
    );
  });

  it('a change with nothing to review contacts no model: the endpoint being down fails nothing', async () => {
    const repo = createRepo('keybug-nothing-');
    try {
      repo.write('src/a.c', 'int f(int x) {\n  return x;\n}\n');
      const from = repo.commit('base');
      repo.git('mv', 'src/a.c', 'src/b.c');
      repo.write('docs/notes.md', 'Notes.\n');
      const to = repo.commit('rename and docs');
      const result = await cli(
        [
          'review',
          '--repo',
          repo.dir,
          '--base',
          from,
          '--head',
          to,
          '--model',
          'm',
          '--base-url',
          'http://127.0.0.1:1/v1',
          '--format',
          'json',
        ],
        { OPENAI_API_KEY: 'k' },
      );
      expect({ code: result.code, unreachable: result.err.includes('unreachable') }).toEqual({ code: 0, unreachable: false });
      expect((JSON.parse(result.out) as { calls: unknown[] }).calls).toEqual([]);
    } finally {
      repo.cleanup();
    }
  });

  it('a model the endpoint does not serve: exit 4, no call', async () => {
    model = await startModelServer(wellBehaved({}), { models: ['gpt-4.1'] });
    lastLine(
      await cli(['review', '--example', '--model', 'gpt-5', '--base-url', model.url], { OPENAI_API_KEY: 'k' }),
      4,
      /does not serve model 'gpt-5'; it lists gpt-4\.1\. Check --model \(or KEYBUG_MODEL\)\.$/,
    );
    expect(model.requests).toHaveLength(0);
  });

  it("an endpoint that fails every call after the check: the report is still written, exit 4 (not the gate's 1)", async () => {
    model = await startModelServer(() => ({ status: 500, body: { error: { message: 'upstream down' } } }), { models: ['m'] });
    const report = path.join(dir, 'down.json');
    const result = await cli(
      [
        'review',
        '--example',
        '--model',
        'm',
        '--base-url',
        model.url,
        '--max-retries',
        '0',
        '--report',
        report,
        '--fail-on-incomplete',
        'false',
      ],
      { OPENAI_API_KEY: 'k' },
    );
    expect(result.code).toBe(4);
    expect(result.err.trim().split('\n').at(-1)).toMatch(
      /^keybug review: The model endpoint failed all 6 model call\(s\) \(model m\): HTTP 500 upstream down \(no retry: max-retries is 0\)\. Check --base-url/,
    );
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ status: 'incomplete' });
    // Six calls failed the same way: said once, then counted.
    expect(result.err.match(/call on s\d failed: HTTP 500 upstream down/g)).toHaveLength(1);
    expect(result.err).toContain('review: 5 more model call(s) failed the same way: HTTP 500 upstream down (no retry: max-retries is 0)');
  });
});

describe('keybug review --pr-number', () => {
  let repo: TestRepo;
  let base: string;
  let head: string;
  beforeAll(() => {
    repo = createRepo();
    repo.write('src/packet.cpp', 'int f(char* out, const char* in, int n) {\n  int len = n;\n  return len;\n}\n');
    base = repo.commit('base');
    repo.write(
      'src/packet.cpp',
      'int f(char* out, const char* in, int n) {\n  int len = n;\n  std::memcpy(out->payload, wire + 4, len);\n  return len;\n}\n',
    );
    head = repo.commit('head');
  });
  afterAll(() => repo.cleanup());

  it('reviews the pull request as the action does, posts one review, and a rerun posts nothing', async () => {
    github = await startPullServer({ repoDir: repo.dir, base, head }, { 'write-token': { login: 'github-actions[bot]', write: true } });
    model = await startModelServer(wellBehaved({ 'src/packet.cpp': [[{ ...BUG, line: 3 }]] }));
    const env = { OPENAI_API_KEY: 'k', GITHUB_TOKEN: 'write-token', GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' };
    const args = [
      'review',
      '--repo',
      repo.dir,
      '--pr-number',
      '7',
      '--model',
      'm',
      '--base-url',
      model.url,
      '--reviewers',
      '1',
      '--format',
      'json',
    ];
    const first = await cli(args, env);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/keybug: posted review \d+ with 1 line comment\(s\)/);
    expect(JSON.parse(first.out)).toMatchObject({
      status: 'complete',
      headSha: head,
      findings: [expect.objectContaining({ path: 'src/packet.cpp', line: 3 })],
    });
    expect(github.state.reviews).toHaveLength(1);

    const again = await cli(args, env);
    expect(again.code).toBe(0);
    expect(again.err).toContain('was already reviewed');
    expect(github.state.reviews).toHaveLength(1);
  });

  it('posts nothing with --post-review false, and refuses --base with --pr-number', async () => {
    github = await startPullServer({ repoDir: repo.dir, base, head }, { 'write-token': { login: 'github-actions[bot]', write: true } });
    model = await startModelServer(wellBehaved({ 'src/packet.cpp': [[{ ...BUG, line: 3 }]] }));
    const env = { OPENAI_API_KEY: 'k', GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' };
    const report = path.join(dir, 'pr.json');
    const result = await cli(
      [
        'review',
        '--repo',
        repo.dir,
        '--pr-number',
        '7',
        '--github-token',
        'write-token',
        '--bot-login',
        'github-actions[bot]',
        '--no-post-review',
        '--model',
        'm',
        '--base-url',
        model.url,
        '--reviewers',
        '1',
        '--report',
        report,
      ],
      env,
    );
    expect(result.code).toBe(0);
    expect(github.state.reviews).toHaveLength(0);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ publish: { pullNumber: 7, headSha: head } });
    oneLine(
      await cli(['review', '--repo', repo.dir, '--pr-number', '7', '--base', base], { ...env, GITHUB_TOKEN: 'write-token' }),
      2,
      /--base cannot be used with --pr-number/,
    );
    oneLine(
      await cli(['review', '--repo', repo.dir, '--pr-number', '7', '--model', 'm'], { GITHUB_REPOSITORY: 'acme/widgets' }),
      2,
      /Missing --github-token \(or GITHUB_TOKEN\)/,
    );
    // A mistyped number is named first, whatever else is missing.
    oneLine(
      await cli(['review', '--repo', repo.dir, '--pr-number', 'abc', '--model', 'm'], { GITHUB_REPOSITORY: 'acme/widgets' }),
      2,
      /^keybug review: Invalid value 'abc' for --pr-number: expected a pull request number such as 42\.$/,
    );
    expect(existsSync(report)).toBe(true);
  });
});

describe('help', () => {
  it.each(['review', 'eval'])("keybug %s --help starts every option's description at one column", async (command) => {
    const { out } = await cli([command, '--help']);
    const columns = out
      .split('\n')
      .filter((line) => /^ {2}--/.test(line))
      .map((line) => /^ {2}\S.*?\s{2,}(?=\S)/.exec(line)?.[0].length);
    expect(columns.length).toBeGreaterThan(3);
    expect(new Set(columns).size).toBe(1);
  });

  it('keybug slice --help names --index-cache, which it takes; keybug --help parts each end with a blank line', async () => {
    expect((await cli(['slice', '--help'])).out).toContain('--index-cache DIR');
    expect((await cli(['--help'])).out).toMatch(/\n\nkeybug eval --cases/);
  });
});
