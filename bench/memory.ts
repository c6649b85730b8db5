// Benchmark: the peak memory of one large change through the commands a user runs, the bundled CLI
// (dist/cli/index.js, which re-executes itself with keybug's V8 settings as it does for a user):
// `slice`: keybug slice --format json; `review`: keybug review --format json; `report`: keybug review
// --format text --report FILE; `dry-run`: keybug review --dry-run --format json; `slice-text`: keybug
// slice --format text; `review-sarif`: keybug review --format sarif; `eval`: keybug eval --format json
// --out DIR on a case of the range (a clean change: no key bugs); `action`: the action's
// entry (dist/index.js) on a pull_request event for the range, as the runner starts it, reading the
// pull request from and posting its review to the test suite's local GitHub REST server. All with
// --max-files, the reviews against the scripted model server (in a child process) answering every
// call at once, so that nothing waits on the model and every slice of the change is reviewed
// (--time-limit-minutes 0). --max-tokens N gives every command that reviews (and the dry run) that token
// budget: the slices are then ranked among all of the change's before any is reviewed.
// About one slice in seven gets a finding from every reviewer, so the meta-reviewer and the
// validator run too. Each command starts with an empty index cache of its own.
// Peak memory is the kernel's high-water mark of the command's resident set (VmHWM), CPU time its
// user and system time, both read from /proc while it runs (Linux only).
// Run: npm run bench:memory -- --repo DIR --range BASE..HEAD [--max-files 1000] [--algorithm left-flow]
//      [--commands slice,slice-text,review,review-sarif,report,dry-run,eval,action] [--max-tokens N]
//      [--summary FILE (the figures as JSON)]
// DIR may be a bare clone. The output of each command goes to a scratch file, removed afterwards.
import { execFileSync, fork, spawn } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { dataBlockOf, startModelServer, type Script } from '../__tests__/servers/model-server.js';
import { startGitHubServer } from '../__tests__/servers/github-server.js';
import { metaAnswer, reviewerAnswer, sliceFileOf, validatorAnswer } from '../__tests__/review/helpers.js';
import { bundled, sourceRoot } from './checkout.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    range: { type: 'string' },
    'max-files': { type: 'string', default: '1000' },
    algorithm: { type: 'string', default: 'left-flow' },
    commands: { type: 'string', default: 'slice,review' },
    serve: { type: 'boolean', default: false },
    summary: { type: 'string' },
    'max-tokens': { type: 'string' },
  },
});

/**
 * The model, answering at once: the reviewers of about one slice in seven (those whose first added
 * line's number is a multiple of 7) all report one finding on that line, so it passes the consensus
 * and the meta-reviewer and the validator run; the meta-reviewer merges by title, the validator keeps the scores.
 */
function answerAtOnce(): Script {
  return (request) => {
    switch (request.role) {
      case 'reviewer': {
        const file = sliceFileOf(request);
        const added = /^\+\s*(\d+) (.*\S.*)$/m.exec(dataBlockOf(request.user, 'SLICE') ?? '');
        const line = Number(added?.[1] ?? 0);
        if (added === null || line % 7 !== 0) return { content: reviewerAnswer([], file) };
        const finding = {
          title: `Unchecked value on line ${line}`,
          line,
          quote: (added[2] ?? '').trim().slice(0, 40),
          category: 'logic' as const,
          scores: [7, 7, 6] as [number, number, number],
        };
        return { content: reviewerAnswer([finding], file) };
      }
      case 'meta-reviewer':
        return { content: metaAnswer(request) };
      case 'validator':
        return { content: validatorAnswer(request) };
      default:
        return { status: 400, body: { error: { message: `unexpected role ${request.role}` } } };
    }
  };
}

interface Measured {
  command: string;
  exitCode: number | null;
  wallMs: number;
  cpuMs: number;
  peakMb: number;
  /** Slices written (slice) or reviewed (review), findings (review), from the command's JSON (null: its output does not say). */
  slices: number | null;
  findings: number | null;
  status: string | null;
}

const TICKS_PER_SECOND = 100;

/** VmHWM (KiB) and user + system CPU (ticks) of a running process; null once it is gone. */
function sample(pid: number): { hwmKb: number; cpuTicks: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command's name: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    return { hwmKb: Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0), cpuTicks };
  } catch {
    return null;
  }
}

/** Runs the CLI (or `over.script`) with `args`, stdout to `outFile`; samples /proc every 50 ms until it exits. */
async function measure(
  name: string,
  args: string[],
  outFile: string,
  over: { entry?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Omit<Measured, 'slices' | 'findings' | 'status'>> {
  const { script, env } = bundled(over.entry ?? 'cli/index.js', over.env);
  const out = openSync(outFile, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', out, 'inherit'], env });
  closeSync(out);
  let last = { hwmKb: 0, cpuTicks: 0 };
  const timer = setInterval(() => {
    const now = child.pid === undefined ? null : sample(child.pid);
    if (now !== null && now.hwmKb > 0) last = { hwmKb: Math.max(last.hwmKb, now.hwmKb), cpuTicks: now.cpuTicks };
  }, 50);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearInterval(timer);
  return {
    command: name,
    exitCode,
    wallMs: performance.now() - started,
    cpuMs: (last.cpuTicks / TICKS_PER_SECOND) * 1000,
    peakMb: last.hwmKb / 1024,
  };
}

/** How many `"id": "s…"` slice entries a slice JSON holds (their fields `indent` spaces in), read as a stream (the file is large). */
async function countSlices(file: string, indent = 6): Promise<number> {
  const entry = new RegExp(`\\n {${indent}}"id": "s\\d+",`, 'g');
  let count = 0;
  let tail = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const text = tail + String(chunk);
    count += text.match(entry)?.length ?? 0;
    const cut = text.lastIndexOf('\n');
    tail = cut < 0 ? text : text.slice(cut);
  }
  return count;
}

/** The pull request the `action` command reviews: the range's two revisions, on the local GitHub server. */
const PULL = { owner: 'bench', repo: 'change', number: 7 };

if (values.serve) {
  const server = await startModelServer(answerAtOnce(), { maxRequests: 10_000_000, models: ['test-model'] });
  // The server keeps no record of the requests: a large review sends tens of thousands.
  setInterval(() => void server.requests.splice(0), 1000).unref();
  const repo = path.resolve(values.repo ?? '.');
  const [base = '', head = ''] = (values.range ?? '')
    .split('..')
    .map((rev) => execFileSync('git', ['-C', repo, 'rev-parse', rev], { encoding: 'utf8' }).trim());
  const github = values.commands.split(',').includes('action')
    ? await startGitHubServer({
        owner: PULL.owner,
        repo: PULL.repo,
        repoDir: repo,
        tokens: { 'bench-token': { login: 'keybug-bench', write: true } },
        pulls: [
          { number: PULL.number, baseSha: base, headSha: head, title: 'A large change', body: '', headRepo: `${PULL.owner}/${PULL.repo}` },
        ],
      })
    : null;
  process.send?.({ model: server.url, github: github?.url ?? null, base, head });
  process.on('disconnect', () => void Promise.all([server.close(), github?.close()]).then(() => process.exit(0)));
} else {
  if (!values.repo || !values.range?.includes('..')) {
    console.error(
      'usage: npm run bench:memory -- --repo DIR --range BASE..HEAD [--max-files 1000] [--algorithm left-flow] [--commands slice,slice-text,review,review-sarif,report,dry-run,eval,action] [--max-tokens N] [--summary FILE]',
    );
    process.exit(2);
  }
  const repo = path.resolve(values.repo);
  const [base = '', head = ''] = values.range.split('..');
  const commands = values.commands.split(',');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'keybug-bench-memory-'));
  const change = ['--repo', repo, '--base', base, '--head', head, '--max-files', values['max-files'], '--algorithm', values.algorithm];
  const json = ['--format', 'json'];
  const maxTokens = values['max-tokens'];
  /** A command's name in the table, with the budget when one is given. */
  const named = (name: string): string => (maxTokens === undefined ? name : `${name} --max-tokens ${maxTokens}`);
  const rows: Measured[] = [];
  const child = fork(process.argv[1] ?? '', [...process.argv.slice(2), '--serve'], { stdio: 'inherit' });
  try {
    const servers = await new Promise<{ model: string; github: string | null; base: string; head: string }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { model: string; github: string | null; base: string; head: string }));
      child.once('exit', (code) => reject(new Error(`the scripted server exited with code ${code}`)));
    });
    console.log(
      `repository ${repo}, the change ${values.range}, --max-files ${values['max-files']}, ${values.algorithm}; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    if (commands.includes('slice')) {
      const out = path.join(scratch, 'slice.json');
      const run = await measure(
        'keybug slice --format json',
        ['slice', ...change, ...json, '--index-cache', path.join(scratch, 'cache-slice')],
        out,
      );
      rows.push({ ...run, slices: await countSlices(out), findings: null, status: null });
      rmSync(out, { force: true });
    }
    if (commands.includes('slice-text')) {
      const out = path.join(scratch, 'slice.txt');
      const run = await measure(
        'keybug slice --format text',
        ['slice', ...change, '--format', 'text', '--index-cache', path.join(scratch, 'cache-slice-text')],
        out,
      );
      rows.push({ ...run, slices: null, findings: null, status: null });
      rmSync(out, { force: true });
    }
    const url = servers.model;
    const model = [
      '--model',
      'test-model',
      '--api-key',
      'test-key',
      '--base-url',
      url,
      '--time-limit-minutes',
      '0',
      ...(maxTokens === undefined ? [] : ['--max-tokens', maxTokens]),
    ];
    /** A review's figures from its JSON (printed, or the --report file), read and let go. */
    const reviewed = (file: string): Pick<Measured, 'slices' | 'findings' | 'status'> => {
      const result = JSON.parse(readFileSync(file, 'utf8')) as { status?: string; findings?: unknown[]; stats?: { slices?: number } };
      rmSync(file, { force: true });
      return { slices: result.stats?.slices ?? 0, findings: result.findings?.length ?? 0, status: result.status ?? null };
    };
    if (commands.includes('review')) {
      const out = path.join(scratch, 'review.json');
      const run = await measure(
        named('keybug review --format json'),
        ['review', ...change, ...json, ...model, '--index-cache', path.join(scratch, 'cache-review')],
        out,
      );
      rows.push({ ...run, ...reviewed(out) });
    }
    if (commands.includes('review-sarif')) {
      const out = path.join(scratch, 'review.sarif');
      const run = await measure(
        named('keybug review --format sarif'),
        ['review', ...change, '--format', 'sarif', ...model, '--index-cache', path.join(scratch, 'cache-review-sarif')],
        out,
      );
      const sarif = JSON.parse(readFileSync(out, 'utf8')) as { runs?: { results?: unknown[] }[] };
      rmSync(out, { force: true });
      rows.push({ ...run, slices: null, findings: sarif.runs?.reduce((n, r) => n + (r.results?.length ?? 0), 0) ?? 0, status: null });
    }
    if (commands.includes('report')) {
      const report = path.join(scratch, 'report.json');
      const out = path.join(scratch, 'review.txt');
      const run = await measure(
        named('keybug review --format text --report FILE'),
        ['review', ...change, '--format', 'text', '--report', report, ...model, '--index-cache', path.join(scratch, 'cache-report')],
        out,
      );
      rmSync(out, { force: true });
      rows.push({ ...run, ...reviewed(report) });
    }
    if (commands.includes('dry-run')) {
      const out = path.join(scratch, 'dry-run.json');
      const run = await measure(
        named('keybug review --dry-run --format json'),
        ['review', ...change, ...json, '--dry-run', ...model, '--index-cache', path.join(scratch, 'cache-dry-run')],
        out,
      );
      // Counted as streamed: a dry run's JSON holds every slice and prompt.
      rows.push({ ...run, slices: await countSlices(out, 8), findings: null, status: null });
      rmSync(out, { force: true });
    }
    if (commands.includes('eval')) {
      // One case: the range, with no key bug. Its review report (cases/ID.json) gives the figures.
      const cases = path.join(scratch, 'cases.jsonl');
      writeFileSync(cases, JSON.stringify({ id: 'range', repo, base: servers.base, head: servers.head, keyBugs: [] }) + '\n');
      const outDir = path.join(scratch, 'eval');
      const out = path.join(scratch, 'eval.json');
      const run = await measure(
        named('keybug eval --format json --out DIR'),
        [
          'eval',
          '--cases',
          cases,
          ...json,
          '--out',
          outDir,
          '--max-files',
          values['max-files'],
          '--algorithm',
          values.algorithm,
          ...model,
          '--index-cache',
          path.join(scratch, 'cache-eval'),
        ],
        out,
      );
      rmSync(out, { force: true });
      rows.push({ ...run, ...reviewed(path.join(outDir, 'cases', 'range.json')) });
    }
    if (commands.includes('action') && servers.github !== null) {
      // The action as the runner starts it (node dist/index.js, inputs as INPUT_ variables with
      // action.yml's defaults), on a pull_request event for the range, posting to the local GitHub server.
      const runner = path.join(scratch, 'runner');
      mkdirSync(runner);
      const event = path.join(runner, 'event.json');
      writeFileSync(
        event,
        JSON.stringify({
          action: 'synchronize',
          number: PULL.number,
          pull_request: {
            number: PULL.number,
            title: 'A large change',
            body: '',
            base: { sha: servers.base, ref: 'main' },
            head: { sha: servers.head, ref: 'feature' },
          },
          repository: { full_name: `${PULL.owner}/${PULL.repo}` },
        }),
      );
      for (const name of ['summary.md', 'output.txt']) writeFileSync(path.join(runner, name), '');
      const action = parse(readFileSync(path.join(sourceRoot(), 'action.yml'), 'utf8')) as {
        inputs?: Record<string, { default?: unknown }>;
      };
      const inputs: Record<string, string> = {};
      for (const [name, spec] of Object.entries(action.inputs ?? {}))
        if (spec.default !== undefined && !String(spec.default).includes('${{')) inputs[name] = String(spec.default);
      Object.assign(inputs, {
        'github-token': 'bench-token',
        'api-key': 'test-key',
        'base-url': url,
        model: 'test-model',
        'max-files': values['max-files'],
        algorithm: values.algorithm,
        'time-limit-minutes': '0',
        'index-cache': path.join(scratch, 'cache-action'),
        report: path.join(runner, 'report.json'),
        ...(maxTokens === undefined ? {} : { 'max-tokens': maxTokens }),
      });
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: runner,
        GITHUB_ACTIONS: 'true',
        CI: 'true',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_WORKSPACE: repo,
        GITHUB_REPOSITORY: `${PULL.owner}/${PULL.repo}`,
        GITHUB_API_URL: servers.github,
        GITHUB_SERVER_URL: 'https://github.example',
        GITHUB_RUN_ID: '1',
        GITHUB_STEP_SUMMARY: path.join(runner, 'summary.md'),
        GITHUB_OUTPUT: path.join(runner, 'output.txt'),
        RUNNER_TEMP: runner,
        ...(process.env.NODE_OPTIONS !== undefined ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
        ...(process.env.MEMTRACE !== undefined ? { MEMTRACE: process.env.MEMTRACE } : {}),
        ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
      };
      const log = path.join(runner, 'log.txt');
      const run = await measure(named('the action (dist/index.js), report and review posted'), [], log, {
        entry: 'index.js',
        env,
      });
      // The action logs to stdout (the runner's log): its end, when it failed, says why.
      if (run.exitCode !== 0 && run.exitCode !== 1) console.error(readFileSync(log, 'utf8').split('\n').slice(-15).join('\n'));
      rows.push({ ...run, ...reviewed(path.join(runner, 'report.json')) });
    }
  } finally {
    child.disconnect();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(
    `load after ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  console.log('command\texit\tslices\tfindings\tstatus\tpeak RSS MB\twall s\tCPU s');
  for (const r of rows)
    console.log(
      [
        r.command,
        r.exitCode,
        r.slices ?? '-',
        r.findings ?? '-',
        r.status ?? '-',
        r.peakMb.toFixed(0),
        (r.wallMs / 1000).toFixed(1),
        (r.cpuMs / 1000).toFixed(1),
      ].join('\t'),
    );
  if (values.summary !== undefined)
    writeFileSync(
      values.summary,
      JSON.stringify({ repo, range: values.range, maxFiles: Number(values['max-files']), algorithm: values.algorithm, rows }, null, 2) +
        '\n',
    );
  // Exit code 1 of a review is its gate's verdict, not a failure.
  if (rows.some((r) => r.exitCode !== 0 && !(/^(keybug review|the action)/.test(r.command) && r.exitCode === 1))) process.exitCode = 1;
}
