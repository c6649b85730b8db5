// Benchmark: slicing real commits of a large C/C++ repository, next to `ctags -R` on the same tree.
// Run: npm run bench:slice -- --repo DIR [--commits 10] [--rev HEAD] [--algorithm full-flow]
// DIR may be a bare clone: both the slicer and the ctags checkout read git objects only.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';
import { sliceChange } from '../src/slicing/index.js';
import type { SliceAlgorithm } from '../src/types.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '10' },
    rev: { type: 'string', default: 'HEAD' },
    algorithm: { type: 'string', default: 'full-flow' },
    budget: { type: 'string', default: '100000' },
  },
});
if (!values.repo) {
  console.error('usage: npm run bench:slice -- --repo DIR [--commits N] [--rev REV] [--algorithm A]');
  process.exit(2);
}
const repoDir = path.resolve(values.repo);
const algorithm = values.algorithm as SliceAlgorithm;
const gitOut = (...args: string[]): string => execFileSync('git', ['-C', repoDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });

const commits = gitOut('log', '--no-merges', '--format=%H', '-n', values.commits, values.rev).trim().split('\n').filter(Boolean);
const git = await Git.open(repoDir);

console.log(`repository ${repoDir}, ${algorithm}, ${commits.length} commits ending at ${values.rev}`);
console.log('commit\tfiles\tslices\tparsed\tbytes parsed\tslicing ms');
const times: number[] = [];
for (const sha of commits) {
  const diff = await readDiff(git, `${sha}~1`, sha, { fetchRemote: null });
  const start = performance.now();
  const result = await sliceChange(git, diff, diff.files, { algorithm, tokenBudget: Number(values.budget) });
  const ms = performance.now() - start;
  times.push(ms);
  console.log(`${sha.slice(0, 10)}\t${diff.files.length}\t${result.slices.length}\t${result.stats.filesParsed}\t${result.stats.bytesParsed}\t${ms.toFixed(0)}`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(`slicing: median ${median.toFixed(0)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(0)} ms per commit; peak RSS ${peakMb.toFixed(0)} MB`);

// ctags -R on a checkout of the same tree (git archive, so a bare clone works too).
const ctags = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
if (ctags.status !== 0) {
  console.log('ctags not installed: no comparison');
} else {
  const tree = mkdtempSync(path.join(tmpdir(), 'keybug-bench-ctags-'));
  try {
    execFileSync('sh', ['-c', `git -C "${repoDir}" archive ${values.rev} | tar -x -C "${tree}"`]);
    const start = performance.now();
    spawnSync('ctags', ['-R', '-f', path.join(tree, '.tags'), '.'], { cwd: tree, stdio: 'ignore' });
    const ctagsMs = performance.now() - start;
    const files = gitOut('ls-tree', '-r', '--name-only', values.rev).split('\n').filter((f) => /\.(c|cc|cpp|cxx|h|hh|hpp)$/.test(f)).length;
    console.log(`ctags -R: ${ctagsMs.toFixed(0)} ms on ${files} C/C++ files; median slicing / ctags = ${(median / ctagsMs).toFixed(2)}`);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}
