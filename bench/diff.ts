// Benchmark: reading and parsing diffs of growing size, to show the diff stage is linear.
// Run: npm run bench:diff [-- --files 1000,2000,4000,8000 --lines 40] [--summary FILE (the figures as JSON)]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '1000,2000,4000,8000' },
    lines: { type: 'string', default: '40' },
    summary: { type: 'string' },
  },
});
const sizes = values.files.split(',').map(Number);
const linesPerFile = Number(values.lines);

function makeRepo(files: number): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-bench-diff-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      stdio: 'pipe',
      env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' },
    });
  git('init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'README'), 'bench\n');
  git('add', '-A');
  git('commit', '-qm', 'base');
  const body = Array.from({ length: linesPerFile }, (_, i) => `int v${i} = ${i};`).join('\n') + '\n';
  for (let f = 0; f < files; f++) {
    const sub = path.join(dir, `d${f % 100}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `f${f}.c`), body);
  }
  git('add', '-A');
  git('commit', '-qm', 'head');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

console.log('files\tlines\tms\tms per 10k lines');
const rows: Array<{ files: number; lines: number; ms: number }> = [];
for (const files of sizes) {
  const repo = makeRepo(files);
  try {
    const git = await Git.open(repo.dir);
    await readDiff(git, 'HEAD~1', 'HEAD', { fetchRemote: null }); // warm-up: git's caches, JIT
    const start = performance.now();
    const diff = await readDiff(git, 'HEAD~1', 'HEAD', { fetchRemote: null });
    const ms = performance.now() - start;
    const lines = diff.files.reduce((n, f) => n + f.additions + f.deletions, 0);
    console.log(`${diff.files.length}\t${lines}\t${ms.toFixed(0)}\t${((ms / lines) * 10_000).toFixed(1)}`);
    rows.push({ files: diff.files.length, lines, ms });
  } finally {
    repo.cleanup();
  }
}
if (values.summary !== undefined) writeFileSync(values.summary, JSON.stringify({ rows }, null, 2) + '\n');
