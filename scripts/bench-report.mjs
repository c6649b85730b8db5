// Runs the benchmarks and writes docs/performance.md from that one run: one current table per
// benchmark, with the machine, the date, the load and the command. Earlier figures live in git.
// Run: npm run bench:report -- --repo DIR [--repo DIR ...] [--commits 6] [--range BASE..HEAD]
//                             [--algorithms original-diff,left-flow,full-flow] [--homonyms DIR [--copies 1,4,14]]
//                             [--out docs/performance.md]
// The first --repo is sliced with every algorithm (original-diff is the floor: parsing the changed
// files, no search); the others with left-flow, one row each. Every repository's commits are sliced
// with the floor too, in the same run (bench:slice), and each row gives its ratio to it. --range slices one large change of
// the first repository in one process, and puts the same change with --max-files 1000 through
// keybug slice and keybug review (bench/memory.ts). --homonyms DIR adds the scale table: two commits of
// a C/C++ repository replayed among --copies N copies of its sources (bench/homonyms.ts). DIR may be a bare clone. Slicing is compared with
// `ctags -R` when Universal Ctags is installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const int = (n) => Math.round(n).toLocaleString('en-US');
const seconds = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${int(ms)} ms`);
const ratio = (a, b) => (b === null || b === undefined || b === 0 ? 'n/a' : `${(a / b).toFixed(2)}×`);
const percent = (f) => `${Math.round(f * 100)}%`;
const factor = (f) => (f === null || f === undefined ? 'n/a' : `${f.toFixed(2)}×`);

/** The machine, the build and the load, as the page's header states them. */
export function describeMachine({ loadBefore, loadAfter, date, command }) {
  const cpus = os.cpus();
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
  return {
    date: date.toISOString().replace(/\.\d+Z$/, 'Z'),
    cpu: `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit:
      git('rev-parse', '--short=12', 'HEAD') +
      (git('status', '--porcelain', '--', 'src', 'prompts', 'bench') === '' ? '' : ' with uncommitted changes'),
    ctags: (spawnSync('ctags', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '').replace(/,.*/, '') || 'no ctags',
    loadBefore,
    loadAfter,
    command,
  };
}

/**
 * How the page names a repository: `owner/name` from its origin's URL, else its folder (the
 * parent's for a `…/repo` or `….git` folder, with `owner+name` read as `owner/name`), then the
 * commit it was at and that commit's date.
 */
export function describeRepository(dir, rev = 'HEAD') {
  const git = (...args) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const url = git('config', '--get', 'remote.origin.url');
  // A clone of a local mirror (`/work/.mirror/facebook+rocksdb/repo`) is named by the mirror's folder, as the mirror itself is.
  const local = url.startsWith('/') ? url : null;
  const fromUrl = local === null ? /([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url) : null;
  const place = local ?? dir;
  const folder =
    ['repo', '.git'].includes(path.basename(place)) || place.endsWith('.git') ? path.basename(path.dirname(place)) : path.basename(place);
  const name = fromUrl ? `${fromUrl[1]}/${fromUrl[2]}` : folder.replace('+', '/');
  return `${name} at ${git('rev-parse', '--short=10', rev)} (${git('log', '-1', '--format=%cs', rev)})`;
}

/** docs/performance.md for one run's figures. */
export function renderPage({ machine, slicing, range, memory = null, homonyms = null, review, diff }) {
  const cores = Number(/(\d+) cores/.exec(machine.cpu)?.[1] ?? 1);
  const busiest = Math.max(...machine.loadBefore, ...machine.loadAfter);
  const busy = busiest > cores / 2;
  const load = (l) => l.map((x) => x.toFixed(2)).join(', ');
  const lines = [
    '# Performance',
    '',
    '<!-- Written by `npm run bench:report` from one benchmark run; run it again instead of editing. Earlier figures are in git history. -->',
    '',
    `Measured ${machine.date} on ${machine.cpu}, ${machine.memory}, ${machine.os}, Node ${machine.node}, keybug ${machine.commit}; ${machine.ctags}.`,
    `Load average (1, 5, 15 min) ${load(machine.loadBefore)} before the run and ${load(machine.loadAfter)} after.`,
    '',
    '```sh',
    machine.command,
    '```',
    '',
  ];
  if (busy) {
    lines.push(
      `**The machine was busy** (load average up to ${busiest.toFixed(1)} on ${cores} cores): times are slower and noisier than on a quiet machine. Compare the ratios inside a table, which were measured side by side, not the times with another run.`,
      '',
    );
  }
  lines.push(
    "Every run also says where its own time went: the job summary's *Run* table and the JSON report's",
    '`stats.stageMs` give the wall time of each stage (`diff`, `select`, `index`, `parse`, `slice`,',
    '`guidance`, `review` with the span of each role, `posting`), and `stats.peakMemoryMb` the',
    "process's peak resident memory. No figure on this page is asserted by a test.",
    '',
    'Targets: slicing a commit in at most 1.25× (left-flow) and 1.35× (full-flow) the time of',
    '`original-diff`, which parses the changed files and searches nothing, measured in one run; peak',
    'memory under 500 MB for any commit and for a change of 1,000 files.',
    '',
  );
  if (slicing.length > 0) {
    lines.push(
      '## Slicing',
      '',
      'Each of the last commits of a repository sliced in a process of its own, as the action slices one',
      'change per run (loading the grammars is in the time), the files a review with the default',
      'settings would slice; `ctags -R` indexes the same tree (median of 3). The floor is `original-diff`',
      'on the same commits in the same run, each commit sliced with it right before the others in a',
      "process started the same way: ÷ floor is the median of the commits' ratios, by wall time and by",
      'CPU time, over the commits in which the floor parses a file (the count beside it); a commit that',
      'changes only files no pack parses has no floor to be measured against.',
      '',
      '| repository | commits | algorithm | median per commit | slowest | peak memory | ÷ floor | ÷ floor, CPU | ÷ `ctags -R` | word index / parsing share | slices |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const row of slicing) {
      const size = row.sizes[0];
      lines.push(
        `| ${row.name}, ${int(size.parsableFiles)} files keybug parses | ${row.commits} | \`${row.algorithm}\` | ${seconds(size.median)} | ${seconds(size.max)} | ${int(size.peak)} MB | ${factor(size.floorRatio)}${size.floorCommits === undefined || size.floorCommits === row.commits ? '' : ` (${size.floorCommits} commits)`} | ${factor(size.floorCpuRatio)} | ${ratio(size.median, size.ctagsMs)} | ${percent(size.indexShare)} / ${percent(size.parseShare)} | ${int(size.slices)} |`,
      );
    }
    lines.push('');
  }
  if (range !== null) {
    lines.push(
      '## A large change',
      '',
      `The change \`${range.range}\` of ${range.name} (${int(range.changedFiles)} changed files), sliced in one process with \`${range.algorithm}\`${range.maxFiles === null ? ', every file' : `, at most ${range.maxFiles} files`}.`,
      '',
      '| repository | change | algorithm | time | ÷ floor | ÷ floor, CPU | peak memory | slices |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      `| ${range.name} | \`${range.range}\` | \`${range.algorithm}\` | ${seconds(range.median)} | ${factor(range.floorRatio)} | ${factor(range.floorCpuRatio)} | ${int(range.peak)} MB | ${int(range.slices)} |`,
      '',
    );
  }
  if (homonyms !== null) lines.push(...homonymsSection(homonyms));
  if (memory !== null) {
    lines.push(
      '## A large change through the commands a user runs',
      '',
      `The change \`${memory.range}\` of ${memory.name} with \`--max-files ${int(memory.maxFiles)}\` and \`${memory.algorithm}\`, through the bundled CLI as a user runs it (its V8 settings included), each command with an empty index cache: \`keybug slice --format json\`; \`keybug review --format json\` and \`keybug review --format text --report FILE\` against the scripted model server (in a child process) answering every call at once, every slice reviewed (\`--time-limit-minutes 0\`); \`keybug review --dry-run --format json\`; and the action's entry (\`dist/index.js\`) on a pull_request event for the range, as the runner starts it, reading the pull request from and posting its review to a local GitHub REST server. Peak memory is the command's resident high-water mark (\`VmHWM\`).`,
      '',
      '| command | slices | findings | peak memory | wall | CPU |',
      '| --- | --- | --- | --- | --- | --- |',
      ...memory.rows.map(
        (r) =>
          `| \`${r.command}\` | ${int(r.slices)} | ${r.findings === null ? '' : int(r.findings)} | ${int(r.peakMb)} MB | ${seconds(r.wallMs)} | ${seconds(r.cpuMs)} |`,
      ),
      '',
    );
  }
  if (review !== null) {
    const calls = Object.values(review.calls).reduce((a, b) => a + b, 0);
    lines.push(
      '## Review stage',
      '',
      `${review.slices} slices through ${review.reviewers} reviewers, the meta-reviewer and the validator at \`concurrency: ${review.concurrency}\`, against the scripted model server (in a child process) answering each call after ${review.latencyMs} ms. The ideal is the lower bound for the calls at that concurrency: max(⌈calls ÷ concurrency⌉, the chain of roles) × latency.`,
      '',
      '| calls | prompt + completion tokens | wall | ideal | efficiency | mean call latency | against that latency |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      `| ${calls} (${Object.entries(review.calls)
        .map(([role, n]) => `${role} ${n}`)
        .join(
          ', ',
        )}) | ${int(review.promptTokens)} + ${int(review.completionTokens)} | ${seconds(review.wallMs)} | ${seconds(review.idealMs)} | ${review.efficiency.toFixed(2)} | ${review.meanCallMs.toFixed(0)} ms | ${review.schedulingEfficiency.toFixed(2)} |`,
      '',
    );
  }
  if (diff !== null) {
    lines.push(
      '## Diff stage',
      '',
      'Reading and parsing diffs of growing size (40 changed lines per file, after one warm-up read): the',
      'time should grow no faster than the number of lines.',
      '',
      '| files | changed lines | time | ms per 10k lines |',
      '| --- | --- | --- | --- |',
      ...diff.rows.map((r) => `| ${int(r.files)} | ${int(r.lines)} | ${int(r.ms)} ms | ${((r.ms / r.lines) * 10_000).toFixed(0)} |`),
      '',
    );
  }
  return lines.join('\n');
}

/** One large change sliced in one process with left-flow, beside the floor on the same change: the page's row. */
function rangeRow(repo, range, scratch) {
  const run = bench('bench/slice.ts', ['--repo', repo, '--range', range, '--algorithm', 'left-flow'], scratch);
  const figures = run.results.find((r) => r.algorithm === 'left-flow');
  return { name: describeRepository(repo), range: run.range, maxFiles: run.maxFiles, ...figures };
}

/**
 * The scale table: the commits replayed on copy0/ of repositories of N copies of the sources, each
 * size's slices against the real repository's (bench/homonyms.ts), summed over the commits.
 */
export function homonymsSection(homonyms) {
  const sizes = [...new Set(homonyms.rows.map((r) => r.copies))];
  const lines = [
    '## Scale: many same-named definitions',
    '',
    `The commits ${homonyms.commits.map((c) => `\`${c.slice(0, 10)}\``).join(' and ')} of ${homonyms.name}, replayed on \`copy0/\` of a repository holding N copies of its C and C++ sources and CMake files (\`copy0/\` … \`copy{N-1}/\`, each with its own include folder), sliced through the bundled CLI (\`keybug slice --format json\`, no index cache), as are the same commits in the real repository. Kept: of the lines the real repository's slices show, those the copies' slices show at the same place of \`copy0/\` (context: the lines outside the diff). From another copy: sections showing a definition of a copy other than \`copy0/\`, which the change's build never sees.`,
    '',
    '| copies | sources | algorithm | lines kept | context lines kept | sections from another copy | time ÷ real repository |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const copies of sizes) {
    for (const algorithm of homonyms.algorithms) {
      const rows = homonyms.rows.filter((r) => r.copies === copies && r.algorithm === algorithm);
      if (rows.length === 0) continue;
      const sum = (f) => rows.reduce((n, r) => n + f(r), 0);
      const keep = (part, whole) => `${int(part)} of ${int(whole)} (${whole === 0 ? 'n/a' : percent(part / whole)})`;
      lines.push(
        `| ${copies} | ${int(rows[0].mib)} MiB, ${int(rows[0].files)} files | \`${algorithm}\` | ${keep(
          sum((r) => r.kept),
          sum((r) => r.lines),
        )} | ${keep(
          sum((r) => r.keptContext),
          sum((r) => r.contextLines),
        )} | ${int(sum((r) => r.foreignSections))} | ${ratio(
          sum((r) => r.msCopies),
          sum((r) => r.msReal),
        )} |`,
      );
    }
  }
  lines.push('');
  return lines;
}

/** Runs one benchmark script (through scripts/run-ts.mjs, as `npm run bench:*` does) and reads its --summary file. */
function bench(script, args, scratch) {
  const summary = path.join(scratch, `${path.basename(script, '.ts')}-${Math.random().toString(36).slice(2)}.json`);
  console.log(`$ node scripts/run-ts.mjs ${script} ${args.join(' ')}`);
  const done = spawnSync(process.execPath, [path.join(root, 'scripts', 'run-ts.mjs'), script, ...args, '--summary', summary], {
    cwd: root,
    stdio: 'inherit',
  });
  if (done.status !== 0) throw new Error(`${script} failed (exit ${done.status ?? done.signal})`);
  return JSON.parse(readFileSync(summary, 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      repo: { type: 'string', multiple: true, default: [] },
      commits: { type: 'string', default: '6' },
      range: { type: 'string' },
      algorithms: { type: 'string', default: 'original-diff,left-flow,full-flow' },
      homonyms: { type: 'string' },
      copies: { type: 'string', default: '1,4,14' },
      out: { type: 'string', default: path.join('docs', 'performance.md') },
    },
  });
  if (values.repo.length === 0) {
    console.error(
      'usage: npm run bench:report -- --repo DIR [--repo DIR ...] [--commits 6] [--range BASE..HEAD] [--algorithms original-diff,left-flow,full-flow] [--homonyms DIR [--copies 1,4,14]] [--out docs/performance.md]',
    );
    process.exit(2);
  }
  const command = ['npm run bench:report --', ...process.argv.slice(2)].join(' ');
  const loadBefore = os.loadavg();
  const date = new Date();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'keybug-bench-report-'));
  try {
    const slicing = [];
    values.repo.forEach((repo, i) => {
      // One run per repository: each commit sliced with the floor and every algorithm, side by side.
      const algorithms = i === 0 ? values.algorithms : 'left-flow';
      const run = bench('bench/slice.ts', ['--repo', path.resolve(repo), '--commits', values.commits, '--algorithm', algorithms], scratch);
      for (const { algorithm, sizes } of run.results)
        slicing.push({ name: describeRepository(path.resolve(repo)), repo: run.repo, commits: run.commits, algorithm, sizes });
    });
    const range = values.range === undefined ? null : rangeRow(path.resolve(values.repo[0]), values.range, scratch);
    const memory =
      values.range === undefined
        ? null
        : {
            name: describeRepository(path.resolve(values.repo[0])),
            ...bench(
              'bench/memory.ts',
              [
                '--repo',
                path.resolve(values.repo[0]),
                '--range',
                values.range,
                '--max-files',
                '1000',
                '--commands',
                'slice,review,report,dry-run,action',
              ],
              scratch,
            ),
          };
    const homonyms =
      values.homonyms === undefined
        ? null
        : {
            name: describeRepository(path.resolve(values.homonyms)),
            ...bench('bench/homonyms.ts', ['--repo', path.resolve(values.homonyms), '--copies', values.copies], scratch),
          };
    const review = bench('bench/review.ts', [], scratch);
    const diff = bench('bench/diff.ts', [], scratch);
    const machine = describeMachine({ loadBefore, loadAfter: os.loadavg(), date, command });
    writeFileSync(path.resolve(root, values.out), renderPage({ machine, slicing, range, memory, homonyms, review, diff }));
    console.log(`wrote ${values.out}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
