// Benchmark: slicing real commits of any repository, next to the floor and `ctags -R` on the same tree.
// Each commit is sliced in a process of its own, as the action slices one change per run, so the
// time includes loading the grammars and the peak memory is one run's.
// Run: npm run bench:slice -- --repo DIR [--commits 10] [--rev HEAD] [--algorithm left-flow[,full-flow]] [--scale 1,4,16] [--index-cache cold|warm] [--floor off]
//      npm run bench:slice -- --repo DIR --range BASE..HEAD [--algorithm left-flow]  (one large change)
// The floor: every commit is also sliced with original-diff (parsing the changed files, no search),
// in a process started the same way, right before the algorithms asked for (each in a process of its
// own too); each algorithm's time is divided by the floor's commit by commit, and the median of those
// ratios is reported beside the ratio to `ctags -R` (by wall time, and by CPU time, which a busy
// machine disturbs less). One unmeasured run on the oldest commit first reads the repository into the
// page cache, so that the first measured process is not the only one reading from disk.
// --max-files N: slice at most N of a change's files, as the action's max-files does (default: all).
// DIR may be a bare clone: both the slicer and the ctags checkout read git objects only.
// --scale: how the cost grows with the repository. For each factor k, every commit is replayed in
// a repository whose tree holds k copies of the real one (copy0/ … copy{k-1}/, the change in
// copy0/ only), built from the real repository's objects with no copying, and ctags -R runs on k
// copies of the checkout.
// The digest column tells whether the slices are the same as another build's (or another session's).
// --summary FILE: also writes the figures as JSON (what `npm run bench:report` reads).
// --index-cache warm: the children keep the word index and the definition facts in one folder
// (index-cache), warmed as a run on the oldest commit's parent leaves it; commits are sliced oldest
// first, each reading what the one before left.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { HEAP_FLAGS, relaunchEnv } from '../src/support/heap-flags.js';
import { readDiff } from '../src/diff/index.js';
import { sliceChange } from '../src/slicing/index.js';
import { buildWithCache } from '../src/slicing/word-index-cache.js';
import { revisionEntries } from '../src/slicing/revision-index.js';
import { isParsablePath } from '../src/slicing/packs.js';
import type { Slice, SliceAlgorithm } from '../src/types.js';
import { reviewedFiles } from './reviewed.js';
import { extractTree } from './tree.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '10' },
    rev: { type: 'string', default: 'HEAD' },
    algorithm: { type: 'string', default: 'left-flow' },
    floor: { type: 'string', default: 'on' },
    budget: { type: 'string', default: '100000' },
    one: { type: 'string' },
    scale: { type: 'string' },
    range: { type: 'string' },
    base: { type: 'string' },
    'index-cache': { type: 'string', default: 'cold' },
    'cache-dir': { type: 'string' },
    warm: { type: 'string' },
    'max-files': { type: 'string' },
    summary: { type: 'string' },
  },
});
if (!values.repo) {
  console.error(
    'usage: npm run bench:slice -- --repo DIR [--commits N] [--rev REV] [--algorithm A] [--scale 1,4,16] | --range BASE..HEAD [--max-files N]',
  );
  process.exit(2);
}
const repoDir = path.resolve(values.repo);
const maxFiles = values['max-files'] === undefined ? Number.POSITIVE_INFINITY : Number(values['max-files']);
if ((!Number.isInteger(maxFiles) && maxFiles !== Number.POSITIVE_INFINITY) || maxFiles < 1) {
  console.error(
    `--max-files takes a whole number of 1 or more (the action's max-files; default: every file); got '${values['max-files']}'`,
  );
  process.exit(2);
}
const ALGORITHMS: readonly SliceAlgorithm[] = ['original-diff', 'parent-function', 'left-flow', 'full-flow'];
const asked = values.algorithm.split(',').filter(Boolean) as SliceAlgorithm[];
const unknown = asked.find((a) => !ALGORITHMS.includes(a));
if (asked.length === 0 || unknown !== undefined) {
  console.error(`--algorithm takes one or more of ${ALGORITHMS.join(', ')}, separated by commas; got '${values.algorithm}'`);
  process.exit(2);
}
if (values.floor !== 'on' && values.floor !== 'off') {
  console.error(
    `--floor takes on (each commit also sliced with original-diff, the floor the others are divided by) or off; got '${values.floor}'`,
  );
  process.exit(2);
}
/** The algorithm of a child (--one, --warm): the one asked for. */
const algorithm = asked[0] as SliceAlgorithm;
/** What each commit is sliced with, the floor first. */
const algorithms: SliceAlgorithm[] = values.floor === 'on' && !asked.includes('original-diff') ? ['original-diff', ...asked] : asked;
const withFloor = algorithms.includes('original-diff');
if (values['index-cache'] !== 'cold' && values['index-cache'] !== 'warm') {
  console.error(
    `--index-cache takes cold (every commit builds its word index) or warm (each reads the index the run before left); got '${values['index-cache']}'`,
  );
  process.exit(2);
}
/** With --index-cache warm: the folder the children keep the word index in, warmed before the first measured commit. */
const cacheDir =
  values['index-cache'] === 'warm' && values.one === undefined && values.warm === undefined
    ? mkdtempSync(path.join(tmpdir(), 'keybug-index-cache-'))
    : null;
process.on('exit', () => {
  if (cacheDir !== null) rmSync(cacheDir, { recursive: true, force: true });
});

interface Run {
  files: number;
  slices: number;
  parsed: number;
  bytesParsed: number;
  bytesIndexed: number;
  ms: number;
  /** CPU time (user and system, every thread) of the same span as `ms`. */
  cpuMs: number;
  /** Of `ms`: the word index, and parsing (see SliceStats). */
  indexMs: number;
  parseMs: number;
  peakMb: number;
  /** Files whose names the word index took from the index cache (--index-cache warm). */
  reusedFiles: number;
  /** Files read for their definitions that were built from the kept facts instead of parsed. */
  reusedFacts: number;
  /** A digest of every slice's text: equal digests, equal slices (to compare builds). */
  digest: string;
  /** Lines and estimated tokens of each slice. */
  sliceLines: number[];
  sliceTokens: number[];
}

/** What measureCommits prints as its summary line, per algorithm. */
interface Measured {
  algorithm: SliceAlgorithm;
  median: number;
  /** Median CPU time per commit. */
  cpuMedian: number;
  max: number;
  peak: number;
  indexShare: number;
  parseShare: number;
  slices: number;
  /** Changed files of all the commits. */
  changedFiles: number;
  /** One digest of every commit's slices. */
  digest: string;
  /**
   * Against original-diff's run on the same commit (null without --floor): the median of the
   * commits' ratios of wall time, of CPU time, and the ratio of the summed wall times.
   */
  floorRatio: number | null;
  floorCpuRatio: number | null;
  floorTotalRatio: number | null;
  /** Commits the ratios are over: those in which the floor parses a file. */
  floorCommits: number;
}

const medianOf = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (values.warm) {
  // The child that warms the cache as a run on one revision leaves it: the definition facts of
  // slicing its change (when it has a parent), and its word index, kept in --cache-dir.
  const cache = values['cache-dir'] ?? '';
  const parent = spawnSync('git', ['-C', repoDir, 'rev-parse', '--verify', '--quiet', `${values.warm}~1`], { encoding: 'utf8' });
  if (parent.status === 0) {
    const git = await Git.open(repoDir);
    const diff = await readDiff(git, `${values.warm}~1`, values.warm, { fetchRemote: null });
    await sliceChange(git, diff, await reviewedFiles(git, diff, maxFiles), {
      algorithm,
      tokenBudget: Number(values.budget),
      indexCache: cache,
    });
  }
  const git = await Git.open(repoDir);
  const { problems } = await buildWithCache(git, await revisionEntries(git, values.warm), cache);
  git.close();
  if (problems.length > 0) throw new Error(problems.join('; '));
} else if (values.one) {
  // The child: one commit, one line of JSON.
  const git = await Git.open(repoDir);
  const diff = await readDiff(git, values.base ?? `${values.one}~1`, values.one, { fetchRemote: null });
  const files = await reviewedFiles(git, diff, maxFiles);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await sliceChange(git, diff, files, {
    algorithm,
    tokenBudget: Number(values.budget),
    indexCache: values['cache-dir'] ?? null,
  });
  const run: Run = {
    files: diff.files.length,
    slices: result.slices.length,
    parsed: result.stats.filesParsed,
    bytesParsed: result.stats.bytesParsed,
    bytesIndexed: result.stats.bytesIndexed,
    ms: performance.now() - start,
    cpuMs: cpuMsSince(cpu),
    indexMs: result.stats.indexMs,
    parseMs: result.stats.parseMs,
    peakMb: process.resourceUsage().maxRSS / 1024,
    reusedFiles: result.stats.indexCache?.reusedFiles ?? 0,
    reusedFacts: result.stats.factsCache?.reused ?? 0,
    digest: digestOf(result.slices),
    sliceLines: result.slices.map((sl) => sl.sections.reduce((n, sec) => n + sec.lines.length, 0)),
    sliceTokens: result.slices.map((sl) => sl.tokens),
  };
  console.log(JSON.stringify(run));
} else if (values.range) {
  // One change of many files, sliced in one process, as a pull request of that size would be.
  const [base, head] = values.range.split('..');
  if (!base || !head) throw new Error(`--range takes BASE..HEAD; got ${values.range}`);
  console.log(`repository ${repoDir}, ${algorithms.join(', ')}, the change ${values.range} in one process`);
  const results = measureCommits(repoDir, [head], base);
  writeSummary({ repo: repoDir, range: values.range, maxFiles: values['max-files'] ?? null, results });
} else {
  const gitIn = (dir: string, ...args: string[]): string =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commits = gitIn(repoDir, 'log', '--no-merges', '--format=%H', '-n', values.commits, values.rev).trim().split('\n').filter(Boolean);
  const factors = (values.scale ?? '1').split(',').map(Number);
  if (factors.some((k) => !Number.isInteger(k) || k < 1))
    throw new Error(`--scale takes whole factors of 1 or more, like 1,4,16; got ${values.scale}`);
  const table: string[] = [];
  const sizes: Array<{ factor: number; parsableFiles: number; ctagsMs: number | null; results: Measured[] }> = [];
  for (const factor of factors) {
    const scaled = factor === 1 ? null : scaledRepository(repoDir, commits, factor);
    try {
      const dir = scaled?.dir ?? repoDir;
      const shas = scaled?.commits ?? commits;
      console.log(
        `repository ${repoDir}${factor === 1 ? '' : ` × ${factor} copies`}, ${algorithms.join(', ')}, ${commits.length} commits ending at ${values.rev}, one process per commit and algorithm`,
      );
      const results = measureCommits(dir, shas);
      const ctagsMs = ctagsTime(repoDir, values.rev, factor);
      const files = gitIn(repoDir, 'ls-tree', '-r', '--name-only', values.rev).split('\n').filter(isParsablePath).length * factor;
      const ratio = (m: Measured): string => (ctagsMs === null ? 'n/a' : (m.median / ctagsMs).toFixed(2));
      if (ctagsMs !== null)
        console.log(
          `ctags -R: median ${ctagsMs.toFixed(0)} ms of 3 runs on a tree with ${files} files keybug parses; median slicing / ctags: ${results.map((m) => `${m.algorithm} ${ratio(m)}`).join(', ')}`,
        );
      sizes.push({ factor, parsableFiles: files, ctagsMs, results });
      for (const m of results)
        table.push(
          `| ${factor}× | ${files} | ${m.algorithm} | ${m.median.toFixed(0)} | ${m.max.toFixed(0)} | ${m.peak.toFixed(0)} | ${times(m.floorRatio)} | ${ctagsMs?.toFixed(0) ?? 'n/a'} | ${ratio(m)} |`,
        );
    } finally {
      if (scaled !== null) rmSync(scaled.dir, { recursive: true, force: true });
    }
  }
  if (factors.length > 1 || factors[0] !== 1) {
    console.log(
      '\n| size | files keybug parses | algorithm | median ms per commit | max ms | peak RSS MB | median ÷ floor | ctags -R ms | median / ctags |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    console.log(table.join('\n'));
  }
  // Per algorithm, its figures at each size (what bench:report reads).
  writeSummary({
    repo: repoDir,
    rev: values.rev,
    commits: commits.length,
    indexCache: values['index-cache'],
    results: algorithms.map((a) => ({
      algorithm: a,
      sizes: sizes.map(({ results, ...size }) => ({ ...size, ...results.find((m) => m.algorithm === a) })),
    })),
  });
}

/** With --summary FILE: the run's figures as JSON. */
function writeSummary(summary: Record<string, unknown>): void {
  if (values.summary !== undefined) writeFileSync(values.summary, JSON.stringify(summary, null, 2) + '\n');
}

/** A ratio as printed, `n/a` when there is none. */
function times(ratio: number | null): string {
  return ratio === null ? 'n/a' : `${ratio.toFixed(2)}×`;
}

/** CPU milliseconds (user and system) this process spent since `start`. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Slices each commit with each algorithm (the floor first), each in a process of its own started with
 * the V8 and allocator settings keybug's own processes take, and prints a row per commit and
 * algorithm and a summary per algorithm.
 */
function measureCommits(dir: string, commits: string[], base?: string): Measured[] {
  const slice = (sha: string, algorithm: SliceAlgorithm): Run => {
    const child = spawnSync(
      process.execPath,
      [
        ...HEAP_FLAGS,
        process.argv[1] ?? '',
        '--repo',
        dir,
        '--algorithm',
        algorithm,
        '--budget',
        values.budget,
        '--one',
        sha,
        ...(base === undefined ? [] : ['--base', base]),
        ...(values['max-files'] === undefined ? [] : ['--max-files', values['max-files']]),
        ...(cacheDir === null ? [] : ['--cache-dir', cacheDir]),
      ],
      { encoding: 'utf8', env: relaunchEnv(process.env, process.platform), maxBuffer: 1 << 28 },
    );
    if (child.status !== 0) throw new Error(`slicing ${sha} with ${algorithm} failed (exit ${child.status}): ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as Run;
  };
  const oldest = commits[commits.length - 1] as string;
  if (cacheDir !== null) {
    // Not measured: leaves what a run on the first commit's parent would have in the cache.
    const warmed = spawnSync(
      process.execPath,
      [
        process.argv[1] ?? '',
        '--repo',
        dir,
        '--algorithm',
        algorithm,
        '--budget',
        values.budget,
        '--warm',
        base ?? `${oldest}~1`,
        '--cache-dir',
        cacheDir,
      ],
      { encoding: 'utf8', env: process.env, maxBuffer: 1 << 28 },
    );
    if (warmed.status !== 0) throw new Error(`warming the index cache failed (exit ${warmed.status}): ${warmed.stderr}`);
    console.log(
      `index cache: warm (each commit reads the word index and definition facts the run before left; the first, a run on ${base ?? `${oldest.slice(0, 10)}~1`})`,
    );
  } else {
    // Not measured: the repository's objects and the grammars into the page cache, for every measured process alike.
    slice(oldest, 'original-diff');
  }
  console.log(
    'commit\talgorithm\tfiles\tslices\tparsed\tKiB parsed\tKiB indexed\tfiles from cache\tfacts from cache\tslicing ms\tCPU ms\t÷ floor\tCPU ÷ floor\tof it: index\tparse\tpeak RSS MB\tslices digest',
  );
  const runs = new Map<SliceAlgorithm, Run[]>(algorithms.map((a) => [a, []]));
  for (const sha of [...commits].reverse()) {
    let floor: Run | null = null;
    for (const a of algorithms) {
      const run = slice(sha, a);
      runs.get(a)?.push(run);
      if (a === 'original-diff') floor = run;
      console.log(
        [
          sha.slice(0, 10),
          a,
          run.files,
          run.slices,
          run.parsed,
          (run.bytesParsed / 1024).toFixed(0),
          (run.bytesIndexed / 1024).toFixed(0),
          run.reusedFiles,
          run.reusedFacts,
          run.ms.toFixed(0),
          run.cpuMs.toFixed(0),
          floor === null ? 'n/a' : (run.ms / floor.ms).toFixed(2),
          floor === null ? 'n/a' : (run.cpuMs / floor.cpuMs).toFixed(2),
          run.indexMs,
          run.parseMs,
          run.peakMb.toFixed(0),
          run.digest,
        ].join('\t'),
      );
    }
  }
  const floors = runs.get('original-diff') ?? [];
  return algorithms.map((a) => summarize(a, runs.get(a) ?? [], withFloor ? floors : null));
}

/** One algorithm's figures over the commits, against the floor's runs on the same commits (in the same order) when measured; printed and returned. */
function summarize(algorithm: SliceAlgorithm, runs: Run[], floors: Run[] | null): Measured {
  const sum = (part: (r: Run) => number, of: Run[] = runs): number => of.reduce((n, r) => n + part(r), 0);
  const walls = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = medianOf(walls);
  const max = walls[walls.length - 1] ?? 0;
  const peak = Math.max(...runs.map((r) => r.peakMb));
  const total = Math.max(
    1,
    sum((r) => r.ms),
  );
  // A commit whose floor parses no file (only docs or config changed) has no floor to be measured
  // against: its ratio is a process start over a process start, and would pull the median down.
  const measurable = floors === null ? [] : runs.flatMap((r, i) => ((floors[i] as Run).parsed > 0 ? [[r, floors[i] as Run] as const] : []));
  const ratioTo = (part: (r: Run) => number): number | null =>
    floors === null || measurable.length === 0 ? null : medianOf(measurable.map(([r, f]) => part(r) / Math.max(1e-3, part(f))));
  const measured: Measured = {
    algorithm,
    median,
    cpuMedian: medianOf(runs.map((r) => r.cpuMs)),
    max,
    peak,
    indexShare: sum((r) => r.indexMs) / total,
    parseShare: sum((r) => r.parseMs) / total,
    slices: runs.reduce((n, r) => n + r.sliceLines.length, 0),
    changedFiles: sum((r) => r.files),
    digest: createHash('sha256')
      .update(runs.map((r) => r.digest).join(' '))
      .digest('hex')
      .slice(0, 12),
    floorRatio: ratioTo((r) => r.ms),
    floorCpuRatio: ratioTo((r) => r.cpuMs),
    floorTotalRatio:
      measurable.length === 0
        ? null
        : sum(
            (r) => r.ms,
            measurable.map(([r]) => r),
          ) /
          Math.max(
            1,
            sum(
              (r) => r.ms,
              measurable.map(([, f]) => f),
            ),
          ),
    floorCommits: measurable.length,
  };
  const percent = (f: number): string => `${(100 * f).toFixed(0)}%`;
  console.log(
    `${algorithm}: median ${median.toFixed(0)} ms (CPU ${measured.cpuMedian.toFixed(0)} ms), max ${max.toFixed(0)} ms per commit; peak RSS ${peak.toFixed(0)} MB (largest of the runs); of all slicing time, word index ${percent(measured.indexShare)}, parsing ${percent(measured.parseShare)}` +
      (floors === null || algorithm === 'original-diff'
        ? ''
        : `; ÷ floor (original-diff, same commits, the ${measured.floorCommits} of ${runs.length} in which it parses a file): median ${times(measured.floorRatio)} by wall time, ${times(measured.floorCpuRatio)} by CPU time, ${times(measured.floorTotalRatio)} of the summed wall times`),
  );
  const lines = runs.flatMap((r) => r.sliceLines);
  const tokens = runs.flatMap((r) => r.sliceTokens);
  console.log(
    `slices: ${lines.length}; median ${medianOf(lines)} lines, ${medianOf(tokens)} tokens per slice (${algorithm}); digest ${measured.digest}`,
  );
  return measured;
}

/**
 * A bare repository borrowing `repoDir`'s objects whose commits replay `commits` in a tree of
 * `factor` copies of the real one: the parent is the real parent's tree in every copy, the commit
 * has the real change in copy0/. Only two tree objects and two commits per commit are written.
 */
function scaledRepository(repoDir: string, commits: string[], factor: number): { dir: string; commits: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), `keybug-bench-scale${factor}-`));
  execFileSync('git', ['init', '-q', '--bare', dir]);
  const objects = execFileSync('git', ['-C', repoDir, 'rev-parse', '--path-format=absolute', '--git-path', 'objects'], {
    encoding: 'utf8',
  }).trim();
  writeFileSync(path.join(dir, 'objects', 'info', 'alternates'), `${objects}\n`);
  const git = (input: string, ...args: string[]): string =>
    execFileSync('git', ['-C', dir, ...args], {
      input,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@localhost',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@localhost',
      },
    }).trim();
  const copies = (first: string, rest: string): string =>
    git(Array.from({ length: factor }, (_, i) => `040000 tree ${i === 0 ? first : rest}\tcopy${i}`).join('\n') + '\n', 'mktree');
  const replayed = commits.map((sha) => {
    const tree = git('', 'rev-parse', `${sha}^{tree}`);
    const parentTree = git('', 'rev-parse', `${sha}~1^{tree}`);
    const parent = git('', 'commit-tree', copies(parentTree, parentTree), '-m', `${sha}~1 × ${factor}`);
    return git('', 'commit-tree', copies(tree, parentTree), '-p', parent, '-m', `${sha} × ${factor}`);
  });
  return { dir, commits: replayed };
}

/** The median of three `ctags -R` runs over `factor` copies of `rev`'s tree; null without ctags. */
function ctagsTime(repoDir: string, rev: string, factor: number): number | null {
  if (spawnSync('ctags', ['--version'], { encoding: 'utf8' }).status !== 0) {
    console.log('ctags not installed: no comparison');
    return null;
  }
  const tree = mkdtempSync(path.join(tmpdir(), 'keybug-bench-ctags-'));
  try {
    // Written from git objects, so a bare clone works too; the copies are file copies of the first.
    const missing = extractTree(repoDir, rev, path.join(tree, 'copy0'));
    if (missing > 0) console.log(`ctags -R: ${missing} blobs absent from the repository are left out of its checkout`);
    for (let i = 1; i < factor; i++) cpSync(path.join(tree, 'copy0'), path.join(tree, `copy${i}`), { recursive: true });
    const runs = [0, 1, 2].map(() => {
      const start = performance.now();
      spawnSync('ctags', ['-R', '-f', path.join(tree, '.tags'), '.'], { cwd: tree, stdio: 'ignore' });
      return performance.now() - start;
    });
    return runs.sort((a, b) => a - b)[1] as number;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/**
 * The slices' texts hashed one by one (the same digest as of their texts joined by NULs), so that
 * hashing a large change's slices does not add a copy of them all to the peak it measures.
 */
function digestOf(slices: readonly Slice[]): string {
  const hash = createHash('sha256');
  slices.forEach((slice, i) => hash.update(i === 0 ? slice.rendered : `\0${slice.rendered}`));
  return hash.digest('hex').slice(0, 12);
}
