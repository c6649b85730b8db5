// Benchmark: the peak memory of one large change through the commands a user runs, the bundled CLI
// (dist/cli/index.js, which re-executes itself with keybug's V8 settings as it does for a user):
// `slice`: keybug slice --format json; `review`: keybug review --format json; `report`: keybug review
// --format text --report FILE; `dry-run`: keybug review --dry-run --format json. All with
// --max-files, the reviews against the scripted model server (in a child process) answering every
// call at once, so that nothing waits on the model and every slice of the change is reviewed
// (--time-limit-minutes 0).
// About one slice in seven gets a finding from every reviewer, so the meta-reviewer and the
// validator run too. Each command starts with an empty index cache of its own.
// Peak memory is the kernel's high-water mark of the command's resident set (VmHWM), CPU time its
// user and system time, both read from /proc while it runs (Linux only).
// Run: npm run bench:memory -- --repo DIR --range BASE..HEAD [--max-files 1000] [--algorithm left-flow]
//      [--commands slice,review,report,dry-run] [--summary FILE (the figures as JSON)]
// DIR may be a bare clone. The output of each command goes to a scratch file, removed afterwards.
import { fork, spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataBlockOf, startModelServer, type Script } from '../__tests__/servers/model-server.js';
import { metaAnswer, reviewerAnswer, sliceFileOf, validatorAnswer } from '../__tests__/review/helpers.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    range: { type: 'string' },
    'max-files': { type: 'string', default: '1000' },
    algorithm: { type: 'string', default: 'left-flow' },
    commands: { type: 'string', default: 'slice,review' },
    serve: { type: 'boolean', default: false },
    summary: { type: 'string' },
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
  /** Slices written (slice) or reviewed (review), findings (review), from the command's JSON. */
  slices: number;
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

/** Runs the CLI with `args`, stdout to `outFile`; samples /proc every 50 ms until it exits. */
async function measure(name: string, args: string[], outFile: string): Promise<Omit<Measured, 'slices' | 'findings' | 'status'>> {
  const cli = path.join(process.env.KEYBUG_SOURCE_ROOT ?? process.cwd(), 'dist', 'cli', 'index.js');
  const out = openSync(outFile, 'w');
  const started = performance.now();
  // As a user runs it: the bundle reads its prompts and grammars from dist/, not from the source tree.
  const { KEYBUG_SOURCE_ROOT: _sourceRoot, ...env } = process.env;
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', out, 'inherit'], env });
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

if (values.serve) {
  const server = await startModelServer(answerAtOnce(), { maxRequests: 10_000_000, models: ['test-model'] });
  // The server keeps no record of the requests: a large review sends tens of thousands.
  setInterval(() => void server.requests.splice(0), 1000).unref();
  process.send?.(server.url);
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
} else {
  if (!values.repo || !values.range?.includes('..')) {
    console.error(
      'usage: npm run bench:memory -- --repo DIR --range BASE..HEAD [--max-files 1000] [--algorithm left-flow] [--commands slice,review,report,dry-run] [--summary FILE]',
    );
    process.exit(2);
  }
  const repo = path.resolve(values.repo);
  const [base = '', head = ''] = values.range.split('..');
  const commands = values.commands.split(',');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'keybug-bench-memory-'));
  const change = ['--repo', repo, '--base', base, '--head', head, '--max-files', values['max-files'], '--algorithm', values.algorithm];
  const json = ['--format', 'json'];
  const rows: Measured[] = [];
  const child = fork(process.argv[1] ?? '', [...process.argv.slice(2), '--serve'], { stdio: 'inherit' });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (message) => resolve(String(message)));
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
      rows.push({ ...run, slices: await countSlices(out, 8), findings: null, status: null });
      rmSync(out, { force: true });
    }
    const model = ['--model', 'test-model', '--api-key', 'test-key', '--base-url', url, '--time-limit-minutes', '0'];
    /** A review's figures from its JSON (printed, or the --report file), read and let go. */
    const reviewed = (file: string): Pick<Measured, 'slices' | 'findings' | 'status'> => {
      const result = JSON.parse(readFileSync(file, 'utf8')) as { status?: string; findings?: unknown[]; stats?: { slices?: number } };
      rmSync(file, { force: true });
      return { slices: result.stats?.slices ?? 0, findings: result.findings?.length ?? 0, status: result.status ?? null };
    };
    if (commands.includes('review')) {
      const out = path.join(scratch, 'review.json');
      const run = await measure(
        'keybug review --format json',
        ['review', ...change, ...json, ...model, '--index-cache', path.join(scratch, 'cache-review')],
        out,
      );
      rows.push({ ...run, ...reviewed(out) });
    }
    if (commands.includes('report')) {
      const report = path.join(scratch, 'report.json');
      const out = path.join(scratch, 'review.txt');
      const run = await measure(
        'keybug review --format text --report FILE',
        ['review', ...change, '--format', 'text', '--report', report, ...model, '--index-cache', path.join(scratch, 'cache-report')],
        out,
      );
      rmSync(out, { force: true });
      rows.push({ ...run, ...reviewed(report) });
    }
    if (commands.includes('dry-run')) {
      const out = path.join(scratch, 'dry-run.json');
      const run = await measure(
        'keybug review --dry-run --format json',
        ['review', ...change, ...json, '--dry-run', ...model, '--index-cache', path.join(scratch, 'cache-dry-run')],
        out,
      );
      // Counted as streamed: a dry run's JSON holds every slice and prompt.
      rows.push({ ...run, slices: await countSlices(out, 8), findings: null, status: null });
      rmSync(out, { force: true });
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
        r.slices,
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
  if (rows.some((r) => r.exitCode !== 0 && !(r.command.startsWith('keybug review') && r.exitCode === 1))) process.exitCode = 1;
}
