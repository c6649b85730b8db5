// Benchmark: context among homonyms. A repository made of N copies of a C/C++ repository's sources
// (copy0/ … copy{N-1}/, each a whole tree with its own include root and CMakeLists.txt files), with
// real consecutive commits of the repository replayed on copy0/, is sliced through the bundled CLI as
// a user runs it (`keybug slice --format json`), and so is each commit in the real repository. Every
// definition has N same-named twins; the include path and the build's include folders name the one of
// copy0/.
// For each commit, algorithm and size it reports:
//  - keep: of the lines the commit's slices show in the real repository, the share its slices in the
//    copies show at the same place of copy0/ (all lines, and the lines outside the diff: context);
//  - foreign: sections (and their lines) the slices show from another copy than copy0/ (each is a
//    definition the change's build never sees);
//  - the wall time of the command against the real repository's, in the same run.
// Run: npm run bench:homonyms -- --repo DIR [--commits 2] [--rev HEAD] [--copies 14] [--algorithm left-flow,full-flow]
//      [--keep-repository DIR] [--summary FILE]
// DIR is the real repository (a bare clone works). --copies takes several sizes (1,4,14). The copies'
// repository borrows DIR's objects (alternates) and writes only trees and commits; it is built in a
// scratch folder and removed, or in --keep-repository DIR and left there (never inside a checkout).
// The CLI is dist/cli/index.js: run `npm run bundle` first to measure the source tree.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundled, sourceRoot } from './checkout.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '2' },
    rev: { type: 'string', default: 'HEAD' },
    copies: { type: 'string', default: '14' },
    algorithm: { type: 'string', default: 'left-flow,full-flow' },
    'keep-repository': { type: 'string' },
    summary: { type: 'string' },
  },
});
if (!values.repo) {
  console.error(
    'usage: npm run bench:homonyms -- --repo DIR [--commits 2] [--rev HEAD] [--copies 14] [--algorithm left-flow,full-flow] [--keep-repository DIR] [--summary FILE]',
  );
  process.exit(2);
}
const repoDir = path.resolve(values.repo);
const root = sourceRoot();
const { script: cli, env: cliEnv } = bundled('cli/index.js');
const sizes = values.copies.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error(`--copies takes whole numbers of 1 or more, like 1,4,14; got ${values.copies}`);
const algorithms = values.algorithm.split(',');

/** The files a copy holds: C and C++ sources and headers, and the CMake files that name include folders. */
const COPIED = /(?:\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|h\+\+|inl|ipp|tcc)|(?:^|\/)CMakeLists\.txt|\.cmake)$/i;

const gitIn = (dir: string, args: string[], input?: string): string =>
  execFileSync('git', ['-C', dir, ...args], {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@localhost',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@localhost',
      GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
    },
  }).trim();

/** `<mode> <oid> <size>\t<path>` of the copied files of a commit's tree. */
function copiedEntries(rev: string): Array<{ mode: string; oid: string; size: number; file: string }> {
  return gitIn(repoDir, ['ls-tree', '-r', '-l', '-z', '--full-tree', rev])
    .split('\0')
    .map((entry) => /^(\d+) blob ([0-9a-f]+)\s+(\d+)\t(.+)$/s.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null && m[1] !== '120000' && COPIED.test(m[4] as string))
    .map((m) => ({ mode: m[1] as string, oid: m[2] as string, size: Number(m[3]), file: m[4] as string }));
}

interface Copies {
  dir: string;
  /** The replayed commits, oldest first, each with its parent. */
  commits: Array<{ real: string; base: string; head: string }>;
  bytes: number;
  files: number;
}

/** The copies' repository: the first commit's parent in every copy, then each commit replayed on copy0/ (the others stay at that parent). */
function buildCopies(dir: string, real: string[], copies: number): Copies {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', '--bare', dir]);
  const objects = gitIn(repoDir, ['rev-parse', '--path-format=absolute', '--git-path', 'objects']);
  writeFileSync(path.join(dir, 'objects', 'info', 'alternates'), `${objects}\n`);
  const index = path.join(dir, 'bench-index');
  const treeOf = (first: string, rest: string): { tree: string; bytes: number; files: number } => {
    rmSync(index, { force: true });
    const lines: string[] = [];
    let bytes = 0;
    for (let i = 0; i < copies; i++) {
      for (const e of copiedEntries(i === 0 ? first : rest)) {
        lines.push(`${e.mode} ${e.oid}\tcopy${i}/${e.file}`);
        bytes += e.size;
      }
    }
    execFileSync('git', ['-C', dir, 'update-index', '--add', '--index-info'], {
      input: lines.join('\n') + '\n',
      env: { ...process.env, GIT_INDEX_FILE: index },
      maxBuffer: 1 << 30,
    });
    const tree = execFileSync('git', ['-C', dir, 'write-tree'], {
      encoding: 'utf8',
      env: { ...process.env, GIT_INDEX_FILE: index },
    }).trim();
    return { tree, bytes, files: lines.length };
  };
  const oldestParent = `${real[0]}~1`;
  const start = treeOf(oldestParent, oldestParent);
  let parent = gitIn(dir, ['commit-tree', start.tree, '-m', `${oldestParent} × ${copies}`]);
  const commits: Copies['commits'] = [];
  for (const sha of real) {
    const head = gitIn(dir, ['commit-tree', treeOf(sha, oldestParent).tree, '-p', parent, '-m', `${sha} on copy0 of ${copies}`]);
    commits.push({ real: sha, base: parent, head });
    parent = head;
  }
  gitIn(dir, ['update-ref', 'refs/heads/main', parent]);
  rmSync(index, { force: true });
  return { dir, commits, bytes: start.bytes, files: start.files };
}

interface ShownLine {
  key: string;
  context: boolean;
}

interface Sliced {
  ms: number;
  /** Lines shown, keyed by the slice's seed, the file without copy0/, op and numbers. */
  lines: ShownLine[];
  foreignSections: number;
  foreignLines: number;
  slices: number;
}

interface JsonLine {
  new: number | null;
  old: number | null;
  op: string;
}
interface JsonSection {
  file: string;
  side: string;
  lines: JsonLine[];
}
interface JsonSlice {
  seed: { file: string; startLine: number; endLine: number };
  sections: JsonSection[];
}

/** Slices base..head through the bundled CLI (no index cache: every run builds its own) and reads what it shows. */
function sliceWithCli(dir: string, base: string, head: string, algorithm: string, prefix: string): Sliced {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [cli, 'slice', '--repo', dir, '--base', base, '--head', head, '--algorithm', algorithm, '--format', 'json', '--index-cache', 'none'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30, env: cliEnv },
  );
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`keybug slice ${base}..${head} in ${dir} failed (exit ${run.status}): ${run.stderr}`);
  const json = JSON.parse(run.stdout) as { slices: JsonSlice[] };
  const lines: ShownLine[] = [];
  let foreignSections = 0;
  let foreignLines = 0;
  for (const slice of json.slices) {
    const seed = `${slice.seed.file.slice(prefix.length)}:${slice.seed.startLine}-${slice.seed.endLine}`;
    for (const section of slice.sections) {
      if (prefix !== '' && !section.file.startsWith(prefix)) {
        foreignSections++;
        foreignLines += section.lines.length;
        continue;
      }
      const file = section.file.slice(prefix.length);
      for (const line of section.lines)
        lines.push({ key: `${seed}\0${file}\0${line.op}\0${line.new}\0${line.old}`, context: line.op === ' ' });
    }
  }
  return { ms, lines, foreignSections, foreignLines, slices: json.slices.length };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'keybug-bench-homonyms-'));
const keepDir = values['keep-repository'] === undefined ? null : path.resolve(values['keep-repository']);
if (keepDir !== null && !path.relative(root, keepDir).startsWith('..'))
  throw new Error(`--keep-repository must lie outside this checkout (${root}); got ${keepDir}`);

const real = gitIn(repoDir, ['log', '--no-merges', '--format=%H', '-n', values.commits, values.rev]).split('\n').filter(Boolean).reverse();
const rows: Array<Record<string, unknown>> = [];
try {
  const plain = new Map<string, Sliced>();
  for (const sha of real)
    for (const algorithm of algorithms) plain.set(`${sha} ${algorithm}`, sliceWithCli(repoDir, `${sha}~1`, sha, algorithm, ''));
  console.log(
    `repository ${repoDir}; commits ${real.map((s) => s.slice(0, 10)).join(', ')} (oldest first); through ${path.relative(root, cli)} slice --format json`,
  );
  console.log(
    '| copies | MiB of sources | commit | algorithm | lines kept | context lines kept | foreign sections (lines) | time ÷ real repository |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const copies of sizes) {
    const dir = keepDir !== null && copies === Math.max(...sizes) ? keepDir : path.join(scratch, `copies${copies}`);
    const built = buildCopies(dir, real, copies);
    try {
      for (const commit of built.commits) {
        for (const algorithm of algorithms) {
          const before = plain.get(`${commit.real} ${algorithm}`) as Sliced;
          const after = sliceWithCli(dir, commit.base, commit.head, algorithm, 'copy0/');
          const shown = new Set(after.lines.map((l) => l.key));
          const kept = before.lines.filter((l) => shown.has(l.key)).length;
          const context = before.lines.filter((l) => l.context);
          const keptContext = context.filter((l) => shown.has(l.key)).length;
          const row = {
            copies,
            mib: built.bytes / 2 ** 20,
            files: built.files,
            commit: commit.real,
            algorithm,
            lines: before.lines.length,
            kept,
            contextLines: context.length,
            keptContext,
            linesInCopies: after.lines.length,
            foreignSections: after.foreignSections,
            foreignLines: after.foreignLines,
            msReal: before.ms,
            msCopies: after.ms,
          };
          rows.push(row);
          console.log(
            `| ${copies} | ${row.mib.toFixed(0)} | ${commit.real.slice(0, 10)} | ${algorithm} | ${kept} of ${before.lines.length} (${percent(kept, before.lines.length)}) | ${keptContext} of ${context.length} (${percent(keptContext, context.length)}) | ${after.foreignSections} (${after.foreignLines}) | ${(after.ms / before.ms).toFixed(2)} |`,
          );
        }
      }
    } finally {
      if (dir !== keepDir) rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.summary !== undefined)
    writeFileSync(values.summary, JSON.stringify({ repo: repoDir, commits: real, algorithms, rows }, null, 2) + '\n');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(0)}%`;
}
