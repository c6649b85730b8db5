// Benchmark: slicing real commits of any repository, next to `ctags -R` on the same tree.
// Each commit is sliced in a process of its own, as the action slices one change per run, so the
// time includes loading the grammars and the peak memory is one run's.
// Run: npm run bench:slice -- --repo DIR [--commits 10] [--rev HEAD] [--algorithm left-flow]
// DIR may be a bare clone: both the slicer and the ctags checkout read git objects only.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';
import { sliceChange } from '../src/slicing/index.js';
import { isParsablePath } from '../src/slicing/packs.js';
import type { SliceAlgorithm } from '../src/types.js';
import { extractTree } from './tree.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '10' },
    rev: { type: 'string', default: 'HEAD' },
    algorithm: { type: 'string', default: 'left-flow' },
    budget: { type: 'string', default: '100000' },
    one: { type: 'string' },
  },
});
if (!values.repo) {
  console.error('usage: npm run bench:slice -- --repo DIR [--commits N] [--rev REV] [--algorithm A]');
  process.exit(2);
}
const repoDir = path.resolve(values.repo);
const algorithm = values.algorithm as SliceAlgorithm;

interface Run {
  files: number;
  slices: number;
  parsed: number;
  bytesParsed: number;
  bytesIndexed: number;
  ms: number;
  peakMb: number;
  /** Lines and estimated tokens of each slice. */
  sliceLines: number[];
  sliceTokens: number[];
}

const medianOf = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (values.one) {
  // The child: one commit, one line of JSON.
  const git = await Git.open(repoDir);
  const diff = await readDiff(git, `${values.one}~1`, values.one, { fetchRemote: null });
  const start = performance.now();
  const result = await sliceChange(git, diff, diff.files, { algorithm, tokenBudget: Number(values.budget) });
  const run: Run = {
    files: diff.files.length,
    slices: result.slices.length,
    parsed: result.stats.filesParsed,
    bytesParsed: result.stats.bytesParsed,
    bytesIndexed: result.stats.bytesIndexed,
    ms: performance.now() - start,
    peakMb: process.resourceUsage().maxRSS / 1024,
    sliceLines: result.slices.map((sl) => sl.sections.reduce((n, sec) => n + sec.lines.length, 0)),
    sliceTokens: result.slices.map((sl) => sl.tokens),
  };
  console.log(JSON.stringify(run));
} else {
  const gitOut = (...args: string[]): string => execFileSync('git', ['-C', repoDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commits = gitOut('log', '--no-merges', '--format=%H', '-n', values.commits, values.rev).trim().split('\n').filter(Boolean);
  console.log(`repository ${repoDir}, ${algorithm}, ${commits.length} commits ending at ${values.rev}, one process per commit`);
  console.log('commit\tfiles\tslices\tparsed\tKiB parsed\tKiB indexed\tslicing ms\tpeak RSS MB');
  const runs: Run[] = [];
  for (const sha of commits) {
    const child = spawnSync(process.execPath, [process.argv[1] ?? '', '--repo', repoDir, '--algorithm', algorithm, '--budget', values.budget, '--one', sha], { encoding: 'utf8', env: process.env });
    if (child.status !== 0) throw new Error(`slicing ${sha} failed (exit ${child.status}): ${child.stderr}`);
    const run = JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as Run;
    runs.push(run);
    console.log([sha.slice(0, 10), run.files, run.slices, run.parsed, (run.bytesParsed / 1024).toFixed(0), (run.bytesIndexed / 1024).toFixed(0), run.ms.toFixed(0), run.peakMb.toFixed(0)].join('\t'));
  }
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const peak = Math.max(...runs.map((r) => r.peakMb));
  console.log(`slicing: median ${median.toFixed(0)} ms, max ${(times[times.length - 1] ?? 0).toFixed(0)} ms per commit; peak RSS ${peak.toFixed(0)} MB (largest of the runs)`);
  const lines = runs.flatMap((r) => r.sliceLines);
  const tokens = runs.flatMap((r) => r.sliceTokens);
  console.log(`slices: ${lines.length}; median ${medianOf(lines)} lines, ${medianOf(tokens)} tokens per slice (${algorithm})`);

  // ctags -R on a checkout of the same tree (written from git objects, so a bare clone works too).
  const ctags = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
  if (ctags.status !== 0) {
    console.log('ctags not installed: no comparison');
  } else {
    const tree = mkdtempSync(path.join(tmpdir(), 'keybug-bench-ctags-'));
    try {
      const missing = extractTree(repoDir, values.rev, tree);
      if (missing > 0) console.log(`ctags -R: ${missing} blobs absent from the repository are left out of its checkout`);
      // The median of three runs, like the slicing figure a median of many.
      const ctagsRuns = [0, 1, 2].map(() => {
        const start = performance.now();
        spawnSync('ctags', ['-R', '-f', path.join(tree, '.tags'), '.'], { cwd: tree, stdio: 'ignore' });
        return performance.now() - start;
      });
      const ctagsMs = ctagsRuns.sort((a, b) => a - b)[1] as number;
      const files = gitOut('ls-tree', '-r', '--name-only', values.rev).split('\n').filter(isParsablePath).length;
      console.log(`ctags -R: median ${ctagsMs.toFixed(0)} ms of 3 runs on a tree with ${files} files keybug parses; median slicing / ctags = ${(median / ctagsMs).toFixed(2)}`);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  }
}
