// Benchmark: the definitions slices show, against each language's own resolver at the same revision
// (TypeScript's language service for TypeScript and JavaScript, pyright for Python, gopls for Go,
// clangd for C and C++, rust-analyzer for Rust, javac for Java; bench/README.md says how to install each).
// For each commit (recent non-merge commits touching the languages' files), each commit checked out
// into one scratch work tree (`git worktree add --detach`, then a checkout per commit):
//  - precision: of the definitions a slice shows for a name of a changed line (the slicer's
//    resolution record, SliceOptions.explain), for names the resolver places inside the
//    repository, the share that is the resolver's answer. Shown definitions of names the resolver
//    places outside the repository (the standard library, a package) are counted apart: each is wrong.
//  - recall: of the resolver's in-repository definitions of the functions called and the variables
//    read on changed lines (names read from the syntax tree, not by the slicer), the share the
//    slice holding the line shows (the definition's name line).
//  - body coverage: of the in-repository functions called on changed lines whose definition the
//    resolver gives with its extent, the share whose body lines (past the first line) the slice
//    shows, split by the definition's length (40 lines or fewer, longer).
//  - import-only slices: slices whose shown lines are only imports, attributes or decorators (and
//    the headers around them), told by the pack's structure query (bench/precision/attached-only.ts).
// A language whose resolver is not installed is skipped with a word.
// Run: npm run bench:precision -- --repo DIR --commits N [--algorithm A[,B]] [--rev REV] [--language F] [--details FILE [--uses]] [--max-minutes M]
// --max-minutes: start no commit after M minutes (a large repository's resolver is slow), and report the commits measured.
// DIR is a clone with a work tree or without (git clone --no-checkout); the scratch tree and the
// resolvers' shared files (a CMake compile_commands.json, Go's caches) go in DIR.precision/ unless --scratch says.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';
import { sliceChange } from '../src/slicing/index.js';
import { PACKS, PackChooser } from '../src/slicing/packs.js';
import type { DiffFile, Slice, SliceAlgorithm } from '../src/types.js';
import { BLANK_OR_COMMENT } from './nothing.js';
import { reviewedFiles } from './reviewed.js';
import type { Definition, Resolver } from './precision/resolver.js';
import { resolverFor, RESOLVERS } from './precision/resolvers.js';
import { usesOnLines, type Use } from './precision/uses.js';
import { judgeShown, type Judged } from './precision/shown.js';
import { attachedFromDiff, attachedOnly, indexesFrom } from './precision/attached-only.js';

/** What a child's stderr says went wrong: the error's own line (Node prints it above the stack), else its last lines. */
function failureOf(stderr: string): string {
  const lines = stderr.trim().split('\n');
  return lines.find((l) => /^\s*(?:\w+ )?\w*Error\b/.test(l))?.trim() ?? lines.slice(-3).join(' | ');
}

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '20' },
    rev: { type: 'string', default: 'HEAD' },
    algorithm: { type: 'string', default: 'left-flow,full-flow' },
    budget: { type: 'string', default: '100000' },
    language: { type: 'string' },
    scratch: { type: 'string' },
    details: { type: 'string' },
    uses: { type: 'boolean', default: false },
    one: { type: 'string' },
    tree: { type: 'string' },
    shared: { type: 'string' },
    'max-minutes': { type: 'string' },
    'java-sourcepath': { type: 'string' },
  },
});
if (!values.repo) {
  console.error(
    'usage: npm run bench:precision -- --repo DIR [--commits N] [--algorithm left-flow,full-flow] [--rev REV] [--language javascript|python|go|c|rust|java] [--details FILE [--uses]] [--max-minutes M] [--java-sourcepath DIR[:DIR...]]',
  );
  process.exit(2);
}
const repoDir = path.resolve(values.repo);
/** Dependency source roots for javac (absolute), searched after the checkout's own. */
const javaSourcePath = (values['java-sourcepath'] ?? '')
  .split(path.delimiter)
  .filter((d) => d !== '')
  .map((d) => path.resolve(d));
for (const dir of javaSourcePath) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`--java-sourcepath: ${dir} is not a folder (give source roots, the folders above the packages' paths)`);
    process.exit(2);
  }
}
const algorithms = (values.algorithm ?? '').split(',').map((a) => a.trim()) as SliceAlgorithm[];
for (const a of algorithms) {
  if (!['original-diff', 'parent-function', 'left-flow', 'full-flow'].includes(a)) {
    console.error(`--algorithm takes original-diff, parent-function, left-flow or full-flow (comma-separated); got '${a}'`);
    process.exit(2);
  }
}

interface Ratio {
  eligible: number;
  held: number;
}
interface BodyCounts {
  /** Callees with a body of 40 lines or fewer: how many, with some body line shown, with every body line shown. */
  short: { eligible: number; some: number; whole: number };
  long: { eligible: number; some: number; whole: number };
  /** Callees whose definition the resolver gives without a body (a declaration only). */
  noBody: number;
}
interface PrecisionCounts {
  /** Shown definitions of names the resolver places inside the repository, and those that are its answer. */
  judged: number;
  right: number;
  /** Shown definitions of names the resolver places outside the repository (each is wrong), nowhere, or failed to answer for. */
  outside: number;
  unplaced: number;
  failed: number;
  /** Not judged: uses on the base side, declared types (their use is the variable's). */
  skipped: number;
  /** Judged and right, by how the slicer tied the definition to the use. */
  ties: Record<string, { judged: number; right: number }>;
}
const emptyPrecision = (): PrecisionCounts => ({ judged: 0, right: 0, outside: 0, unplaced: 0, failed: 0, skipped: 0, ties: {} });
interface AlgorithmResult {
  slices: number;
  degraded: number;
  /** Slices that hold only imports, attributes or decorators. */
  importOnly: number;
  /** Slices reviewed from the diff whose changed lines are only imports the slicer tied to nothing (attachedFromDiff). */
  importsFromDiff: number;
  recall: Ratio;
  /** Of `recall`: the definitions of functions called, and of variables (and fields) read. */
  calls: Ratio;
  reads: Ratio;
  body: BodyCounts;
  /** Null when the slices carry no resolution record (a build before SliceOptions.explain). */
  precision: PrecisionCounts | null;
}
interface FamilyResult {
  files: number;
  resolver: string;
  /** Why the family was not measured (no resolver here), when it was not. */
  skipped?: string;
  uses: number;
  answered: { inside: number; outside: number; unplaced: number; failed: number };
  algorithms: Record<string, AlgorithmResult>;
}
interface CommitResult {
  sha: string;
  families: Record<string, FamilyResult>;
  details: Record<string, unknown>[];
}

const emptyAlgorithm = (): AlgorithmResult => ({
  slices: 0,
  degraded: 0,
  importOnly: 0,
  importsFromDiff: 0,
  recall: { eligible: 0, held: 0 },
  calls: { eligible: 0, held: 0 },
  reads: { eligible: 0, held: 0 },
  body: { short: { eligible: 0, some: 0, whole: 0 }, long: { eligible: 0, some: 0, whole: 0 }, noBody: 0 },
  precision: null,
});

/** The lines (file:line) a slice shows from the head side. */
function shownLines(slice: Slice): Set<string> {
  const shown = new Set<string>();
  for (const sec of slice.sections)
    if (sec.side === 'head') for (const l of sec.lines) if (l.op !== '-' && l.new !== null) shown.add(`${sec.file}:${l.new}`);
  return shown;
}

/** The slice that holds an added line as a change. */
function holding(slices: readonly Slice[], file: string, line: number): Slice | undefined {
  return slices.find((s) =>
    s.sections.some((sec) => sec.file === file && sec.side === 'head' && sec.lines.some((l) => l.op === '+' && l.new === line)),
  );
}

function addedLines(file: DiffFile): Map<number, string> {
  const added = new Map<number, string>();
  for (const h of file.hunks)
    for (const l of h.lines) if (l.op === '+' && l.new !== null && !BLANK_OR_COMMENT.test(l.text)) added.set(l.new, l.text);
  return added;
}

const key = (d: Definition): string => `${d.file}:${d.line}:${d.column}`;
const isSelf = (file: string, use: Use, d: Definition): boolean =>
  d.inside && d.file === file && d.line === use.line && d.column === use.column;

/**
 * The lines of a definition's body: past its header (decorators, attributes and a signature over
 * several lines, up to the first line ending in `{` or `:`), up to its last, without blank,
 * comment or bracket-only lines; a one-line definition is its own body.
 */
function bodyLines(text: readonly string[], extent: { start: number; end: number }): number[] {
  if (extent.end <= extent.start) return [extent.start];
  let header = extent.start;
  for (let n = extent.start; n <= Math.min(extent.end - 1, extent.start + 15); n++) {
    if (/(?:\{|:|=>)\s*(?:\/\/.*|#.*)?$/.test(text[n - 1] ?? '')) {
      header = n;
      break;
    }
  }
  const lines: number[] = [];
  for (let n = header + 1; n <= extent.end; n++) {
    const t = text[n - 1] ?? '';
    if (!BLANK_OR_COMMENT.test(t) && !/^\s*[{}()[\];,]*\s*$/.test(t)) lines.push(n);
  }
  return lines;
}

async function measureCommit(sha: string, tree: string, shared: string): Promise<CommitResult> {
  const git = await Git.open(repoDir);
  const diff = await readDiff(git, `${sha}~1`, sha, { fetchRemote: null });
  const files = await git.listFiles(diff.headSha);
  const chooser = new PackChooser(files);
  const changed = (await reviewedFiles(git, diff)).filter((f) => chooser.packFor(f.path) !== null);
  const result: CommitResult = { sha, families: {}, details: [] };
  const byFamily = new Map<string, DiffFile[]>();
  for (const f of changed) {
    const family = chooser.packFor(f.path)?.family as string;
    if (values.language !== undefined && family !== values.language) continue;
    byFamily.set(family, [...(byFamily.get(family) ?? []), f]);
  }
  if (byFamily.size === 0) return result;
  const measured = [...byFamily.values()].flat();
  const slicesBy = new Map<SliceAlgorithm, Slice[]>();
  for (const algorithm of algorithms) {
    const sliced = await sliceChange(await Git.open(repoDir), diff, measured, {
      algorithm,
      tokenBudget: Number(values.budget),
      explain: true,
    });
    slicesBy.set(algorithm, sliced.slices);
  }
  const indexOf = indexesFrom(git, { head: diff.headSha, base: diff.baseSha }, chooser);
  const basePaths = new Map(diff.files.map((f) => [f.path, f.oldPath ?? f.path]));
  const textOf = new Map<string, string[]>();
  const linesOf = (file: string): string[] => {
    let text = textOf.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(path.join(tree, file), 'utf8').split('\n');
      } catch {
        text = [];
      }
      textOf.set(file, text);
    }
    return text;
  };

  for (const [family, familyFiles] of byFamily) {
    const kind = resolverFor(family);
    const fr: FamilyResult = {
      files: familyFiles.length,
      resolver: kind?.name ?? 'none',
      uses: 0,
      answered: { inside: 0, outside: 0, unplaced: 0, failed: 0 },
      algorithms: {},
    };
    result.families[family] = fr;
    const missing = kind === undefined ? `no resolver for ${family} on this machine` : kind.missing();
    if (kind === undefined || missing !== null) {
      fr.skipped = missing ?? 'no resolver';
      continue;
    }
    let resolver: Resolver;
    try {
      resolver = await kind.start(
        tree,
        familyFiles.map((f) => f.path),
        shared,
        { javaSourcePath },
      );
    } catch (error) {
      fr.skipped = `${kind.name} did not start: ${(error as Error).message.slice(0, 300)}`;
      continue;
    }
    try {
      fr.resolver = resolver.label;
      // What the resolver says of every name of the changed lines, once for all algorithms.
      const answers = new Map<string, Definition[] | null>();
      const ask = async (file: string, line: number, column: number): Promise<Definition[] | null> => {
        const k = `${file}:${line}:${column}`;
        if (!answers.has(k)) answers.set(k, await notImports(notModules(await resolver.define(file, line, column))));
        return answers.get(k) ?? null;
      };
      // A module (`requests` of `requests.get`, `_t` of `import x as _t`) is answered with its file's first character: a module, not a definition.
      const notModules = (defs: Definition[] | null): Definition[] | null =>
        defs === null
          ? null
          : defs.filter(
              (d) =>
                !(
                  d.inside &&
                  d.line === 1 &&
                  d.column === 0 &&
                  d.extent === undefined &&
                  /\.(?:py|pyi)$/.test(d.file) &&
                  !/^\s*(?:def|class|async|[A-Za-z_]\w*\s*[:=])/.test(linesOf(d.file)[0] ?? '')
                ),
            );
      // TypeScript answers a name bound by an import of a package that is not installed (none is, here)
      // with the import itself: the resolver stopped at the package, which places the name nowhere, as
      // gopls and pyright do for what is not fetched. An import line is the pack's (`@attached.import`).
      const notImports = async (defs: Definition[] | null): Promise<Definition[] | null> => {
        if (defs === null) return null;
        const kept: Definition[] = [];
        for (const d of defs) if (!d.inside || (await indexOf(d.file, 'head', []))?.attachedAt(d.line) !== 'import') kept.push(d);
        return kept;
      };
      const uses: { file: string; use: Use; defs: Definition[] | null }[] = [];
      for (const file of familyFiles) {
        const pack = chooser.packFor(file.path);
        const added = addedLines(file);
        if (pack === null || added.size === 0) continue;
        for (const use of await usesOnLines(pack.id, linesOf(file.path).join('\n'), new Set(added.keys()))) {
          const defs = await ask(file.path, use.line, use.column);
          uses.push({ file: file.path, use, defs });
          if (values.uses)
            result.details.push({
              kind: 'use',
              family,
              file: file.path,
              line: use.line,
              column: use.column,
              name: use.name,
              use: use.kind,
              resolver: defs === null ? null : defs.map((d) => (d.inside ? `${d.file}:${d.line}` : d.file)),
            });
          fr.uses++;
          if (defs === null) fr.answered.failed++;
          else if (defs.length === 0) fr.answered.unplaced++;
          else if (defs.some((d) => d.inside)) fr.answered.inside++;
          else fr.answered.outside++;
        }
      }
      const extents = new Map<string, { start: number; end: number } | null>();
      const extentOf = async (d: Definition): Promise<{ start: number; end: number } | null> => {
        if (!extents.has(key(d))) extents.set(key(d), await resolver.extent(d));
        return extents.get(key(d)) ?? null;
      };
      for (const algorithm of algorithms) {
        const slices = (slicesBy.get(algorithm) ?? []).filter((s) => familyFiles.some((f) => f.path === s.seed.file));
        const ar = emptyAlgorithm();
        fr.algorithms[algorithm] = ar;
        ar.slices = slices.length;
        ar.degraded = slices.filter((s) => s.algorithm !== s.requestedAlgorithm).length;
        for (const slice of slices) {
          const only = await attachedOnly(slice, indexOf, (f) => basePaths.get(f) ?? f);
          const fromDiff = only === null ? await attachedFromDiff(slice, indexOf, (f) => basePaths.get(f) ?? f) : null;
          if (only !== null) {
            ar.importOnly++;
            result.details.push({ kind: 'import-only', family, algorithm, ...only });
          } else if (fromDiff !== null) {
            ar.importsFromDiff++;
            result.details.push({ kind: 'imports-from-diff', family, algorithm, ...fromDiff });
          }
        }
        const shown = new Map(slices.map((s) => [s, shownLines(s)]));
        const recallSeen = new Set<string>();
        const bodySeen = new Set<string>();
        for (const { file, use, defs } of uses) {
          if (defs === null || (use.kind !== 'call' && use.kind !== 'read')) continue;
          const inside = defs.filter((d) => d.inside);
          if (inside.length === 0 || inside.some((d) => isSelf(file, use, d))) continue;
          const slice = holding(slices, file, use.line);
          if (slice === undefined) continue;
          const lines = shown.get(slice) as Set<string>;
          const unit = `${slice.id}|${inside.map(key).sort().join(',')}`;
          if (!recallSeen.has(unit)) {
            recallSeen.add(unit);
            const part = use.kind === 'call' ? ar.calls : ar.reads;
            ar.recall.eligible++;
            part.eligible++;
            if (inside.some((d) => lines.has(`${d.file}:${d.line}`))) {
              ar.recall.held++;
              part.held++;
            } else
              result.details.push({
                kind: 'recall-miss',
                family,
                algorithm,
                file,
                line: use.line,
                name: use.name,
                use: use.kind,
                resolver: inside.map((d) => `${d.file}:${d.line}`),
              });
          }
          if (use.kind !== 'call') continue;
          // The body: of the answered definition with the longest extent (a C++ call's definition rather than its declaration).
          let best: { d: Definition; extent: { start: number; end: number } } | null = null;
          for (const d of inside) {
            const extent = await extentOf(d);
            if (extent !== null && (best === null || extent.end - extent.start > best.extent.end - best.extent.start)) best = { d, extent };
          }
          const bodyUnit = `${slice.id}|${best === null ? unit : key(best.d)}`;
          if (bodySeen.has(bodyUnit)) continue;
          bodySeen.add(bodyUnit);
          const text = best === null ? [] : linesOf(best.d.file);
          if (best === null || (best.extent.end === best.extent.start && /;\s*$/.test(text[best.extent.start - 1] ?? ''))) {
            ar.body.noBody++;
            continue;
          }
          const body = bodyLines(text, best.extent);
          // An empty body (`{}`, `pass`-less stubs) has nothing to show.
          if (body.length === 0) continue;
          const group = best.extent.end - best.extent.start + 1 <= 40 ? ar.body.short : ar.body.long;
          group.eligible++;
          const seen = body.filter((n) => lines.has(`${best.d.file}:${n}`)).length;
          if (seen > 0) group.some++;
          if (seen === body.length) group.whole++;
          if (seen === 0)
            result.details.push({
              kind: 'body-miss',
              family,
              algorithm,
              file,
              line: use.line,
              name: use.name,
              definition: `${best.d.file}:${best.extent.start}-${best.extent.end}`,
            });
        }
        // Precision: the definitions the slices say they show for names of changed lines.
        const records = slices.flatMap((s) => (s.resolutions ?? []).map((r) => ({ slice: s, r })));
        if (slices.length > 0 && slices.every((s) => s.resolutions === undefined)) continue;
        const pc = emptyPrecision();
        ar.precision = pc;
        for (const { slice, r } of records) {
          if (!familyFiles.some((f) => f.path === r.use.file)) continue;
          for (const shownDef of r.definitions) {
            const verdict: Judged = await judgeShown(r, shownDef, linesOf, ask, extentOf);
            const tie = (pc.ties[shownDef.tie] ??= { judged: 0, right: 0 });
            const detail = () => ({
              family,
              algorithm,
              slice: slice.id,
              name: r.name,
              useKind: r.kind,
              use: `${r.use.file}:${r.use.line}`,
              useText: (linesOf(r.use.file)[r.use.line - 1] ?? '').trim(),
              shown: `${shownDef.file}:${shownDef.startLine}-${shownDef.endLine}`,
              shownKind: shownDef.kind,
              container: shownDef.container,
              shownText: (linesOf(shownDef.file)[shownDef.startLine - 1] ?? '').trim(),
              tie: shownDef.tie,
            });
            if (verdict.kind === 'right') {
              pc.judged++;
              pc.right++;
              tie.judged++;
              tie.right++;
            } else if (verdict.kind === 'wrong') {
              pc.judged++;
              tie.judged++;
              const first = /^(.*):(\d+)$/.exec(verdict.resolver[0] ?? '');
              result.details.push({
                verdict: 'wrong',
                ...detail(),
                resolver: verdict.resolver,
                resolverText: first === null ? '' : (linesOf(first[1] as string)[Number(first[2]) - 1] ?? '').trim(),
              });
            } else if (verdict.kind === 'outside') {
              pc.outside++;
              result.details.push({ verdict: 'outside', ...detail(), resolver: verdict.resolver });
            } else if (verdict.kind === 'unplaced') {
              pc.unplaced++;
              result.details.push({ verdict: 'unplaced', ...detail() });
            } else if (verdict.kind === 'skipped') pc.skipped++;
            else pc.failed++;
          }
        }
      }
      for (const failure of resolver.failures ?? []) result.details.push({ kind: 'failure', family, at: failure });
    } finally {
      await resolver.close();
    }
  }
  git.close();
  return result;
}

// ───────────────────────────── the parent: commits, scratch tree, report ─────────────────────────────

const gitOut = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });

if (values.one) {
  const r = await measureCommit(values.one, values.tree as string, values.shared as string);
  // Written at once: a pipe's console.log is asynchronous, and process.exit would cut it short.
  writeSync(1, `${JSON.stringify(r)}\n`);
  // Language servers are closed; anything left (a resolver's grandchild) does not keep the child alive.
  process.exit(0);
}

const families = [...new Set(PACKS.map((p) => p.family))].filter((f) => values.language === undefined || f === values.language);
const extensions = [
  ...new Set(PACKS.filter((p) => families.includes(p.family)).flatMap((p) => [...p.sourceExtensions, ...p.headerExtensions])),
];
const commits = gitOut(
  repoDir,
  'log',
  '--no-merges',
  '--format=%H',
  '-n',
  values.commits ?? '20',
  values.rev ?? 'HEAD',
  '--',
  ...extensions.map((e) => `:(glob)**/*${e}`),
)
  .trim()
  .split('\n')
  .filter(Boolean);
const scratch = path.resolve(values.scratch ?? `${repoDir.replace(/\/(?:\.git)?$/, '')}.precision`);
const tree = path.join(scratch, 'tree');
const shared = path.join(scratch, 'shared');
mkdirSync(shared, { recursive: true });
if (!existsSync(path.join(tree, '.git'))) {
  spawnSync('git', ['-C', repoDir, 'worktree', 'prune']);
  gitOut(repoDir, 'worktree', 'add', '--no-checkout', '--detach', '--force', tree, commits[0] ?? 'HEAD');
}
console.log(
  `repository ${repoDir}: ${commits.length} non-merge commits touching ${families.join(', ')} files, ending at ${values.rev}; algorithms ${algorithms.join(', ')}; scratch tree ${tree}`,
);
for (const family of families) {
  const kind = resolverFor(family);
  const missing = kind === undefined ? `no resolver for ${family} can be installed here` : kind.missing();
  if (missing !== null) console.log(`${family}: skipped: ${missing}`);
}
if (values.details !== undefined) writeFileSync(values.details, '');

const total = new Map<string, FamilyResult & { commits: number }>();
/**
 * Checks a commit out into the scratch tree. A partial mirror lacks some large blobs (a tarball a
 * commit once added): those paths are left out with a sparse checkout, as the slicer never reads them.
 */
function checkout(sha: string): void {
  const run = spawnSync('git', ['-C', tree, 'checkout', '--quiet', '--detach', '--force', sha], { encoding: 'utf8' });
  if (run.status !== 0) {
    const listing = gitOut(repoDir, 'ls-tree', '-r', '-z', '--full-tree', sha).split('\0').filter(Boolean);
    const blobs = listing.map((e) => /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(e)).filter((m): m is RegExpExecArray => m !== null);
    const check = execFileSync('git', ['-C', repoDir, 'cat-file', '--batch-check'], {
      input: blobs.map((b) => b[1]).join('\n') + '\n',
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    }).split('\n');
    const missing = blobs.filter((_, i) => (check[i] ?? '').endsWith(' missing')).map((b) => b[2] as string);
    if (missing.length === 0) throw new Error(`git checkout ${sha}: ${run.stderr.trim()}`);
    gitOut(tree, 'sparse-checkout', 'set', '--no-cone', '/*', ...missing.map((m) => `!/${m}`));
    gitOut(tree, 'checkout', '--quiet', '--detach', '--force', sha);
  }
  gitOut(tree, 'clean', '-fdxq');
}

const stopAt = values['max-minutes'] === undefined ? Number.POSITIVE_INFINITY : Date.now() + Number(values['max-minutes']) * 60_000;
let measuredCommits = 0;
for (const sha of commits) {
  if (Date.now() >= stopAt) {
    console.log(`--max-minutes ${values['max-minutes']} reached: ${measuredCommits} of ${commits.length} commits measured`);
    break;
  }
  measuredCommits++;
  try {
    checkout(sha);
  } catch (error) {
    console.log(`${sha.slice(0, 10)}\tfailed: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}`);
    continue;
  }
  const child = spawnSync(
    process.execPath,
    [
      process.argv[1] ?? '',
      '--repo',
      repoDir,
      '--algorithm',
      algorithms.join(','),
      '--budget',
      values.budget ?? '100000',
      ...(values.language === undefined ? [] : ['--language', values.language]),
      ...(values.uses ? ['--uses'] : []),
      ...(javaSourcePath.length === 0 ? [] : ['--java-sourcepath', javaSourcePath.join(path.delimiter)]),
      '--one',
      sha,
      '--tree',
      tree,
      '--shared',
      shared,
    ],
    {
      encoding: 'utf8',
      env: process.env,
      maxBuffer: 1 << 28,
      timeout: 3_600_000,
    },
  );
  if (child.status !== 0) {
    console.log(`${sha.slice(0, 10)}\tfailed (exit ${child.status ?? child.signal}): ${failureOf(child.stderr ?? '')}`);
    continue;
  }
  let r: CommitResult;
  try {
    r = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as CommitResult;
  } catch (error) {
    console.log(`${sha.slice(0, 10)}\tfailed: the child's answer does not parse (${(error as Error).message.slice(0, 120)})`);
    continue;
  }
  if (values.details !== undefined)
    for (const d of r.details) appendFileSync(values.details, `${JSON.stringify({ commit: sha.slice(0, 10), ...d })}\n`);
  const cells: string[] = [];
  for (const [family, fr] of Object.entries(r.families)) {
    let t = total.get(family);
    if (t === undefined)
      total.set(
        family,
        (t = {
          files: 0,
          resolver: fr.resolver,
          uses: 0,
          answered: { inside: 0, outside: 0, unplaced: 0, failed: 0 },
          algorithms: {},
          commits: 0,
        }),
      );
    if (fr.skipped !== undefined) {
      t.skipped = fr.skipped;
      cells.push(`${family}: skipped`);
      continue;
    }
    t.commits++;
    t.resolver = fr.resolver;
    t.files += fr.files;
    t.uses += fr.uses;
    for (const k of ['inside', 'outside', 'unplaced', 'failed'] as const) t.answered[k] += fr.answered[k];
    for (const [a, ar] of Object.entries(fr.algorithms)) {
      const ta = (t.algorithms[a] ??= emptyAlgorithm());
      ta.slices += ar.slices;
      ta.degraded += ar.degraded;
      ta.importOnly += ar.importOnly;
      ta.importsFromDiff += ar.importsFromDiff;
      for (const k of ['recall', 'calls', 'reads'] as const) {
        ta[k].eligible += ar[k].eligible;
        ta[k].held += ar[k].held;
      }
      for (const g of ['short', 'long'] as const) for (const k of ['eligible', 'some', 'whole'] as const) ta.body[g][k] += ar.body[g][k];
      ta.body.noBody += ar.body.noBody;
      if (ar.precision !== null) {
        const tp = (ta.precision ??= emptyPrecision());
        for (const k of ['judged', 'right', 'outside', 'unplaced', 'failed', 'skipped'] as const) tp[k] += ar.precision[k];
        for (const [tie, c] of Object.entries(ar.precision.ties)) {
          const tt = (tp.ties[tie] ??= { judged: 0, right: 0 });
          tt.judged += c.judged;
          tt.right += c.right;
        }
      }
      cells.push(
        `${family} ${a}: precision ${ar.precision === null ? 'n/a' : `${ar.precision.right}/${ar.precision.judged}`} recall ${ar.recall.held}/${ar.recall.eligible} import-only ${ar.importOnly} imports from the diff ${ar.importsFromDiff}`,
      );
    }
  }
  console.log(`${sha.slice(0, 10)}\t${cells.join('\t') || 'nothing measured'}`);
}

const pct = (held: number, eligible: number): string => (eligible === 0 ? 'n/a' : `${((100 * held) / eligible).toFixed(1)}%`);
console.log('');
console.log(
  'language\talgorithm\tcommits\tprecision (right/judged)\toutside-named shown\trecall (shown/resolved)\tcalls\treads\tbody ≤40 (some/whole of)\tbody >40 (some/whole of)\tno body\tslices (degraded)\timport-only slices\timports from the diff',
);
for (const [family, t] of total) {
  if (t.commits === 0) {
    console.log(`${family}\t-\t0\tskipped: ${t.skipped ?? 'nothing measured'}`);
    continue;
  }
  for (const [a, ta] of Object.entries(t.algorithms)) {
    const p = ta.precision;
    console.log(
      [
        family,
        a,
        t.commits,
        p === null ? 'n/a (no resolution record)' : `${pct(p.right, p.judged)} (${p.right}/${p.judged})`,
        p === null ? 'n/a' : String(p.outside),
        `${pct(ta.recall.held, ta.recall.eligible)} (${ta.recall.held}/${ta.recall.eligible})`,
        `${pct(ta.calls.held, ta.calls.eligible)} (${ta.calls.held}/${ta.calls.eligible})`,
        `${pct(ta.reads.held, ta.reads.eligible)} (${ta.reads.held}/${ta.reads.eligible})`,
        `${pct(ta.body.short.some, ta.body.short.eligible)} / ${pct(ta.body.short.whole, ta.body.short.eligible)} of ${ta.body.short.eligible}`,
        `${pct(ta.body.long.some, ta.body.long.eligible)} / ${pct(ta.body.long.whole, ta.body.long.eligible)} of ${ta.body.long.eligible}`,
        ta.body.noBody,
        `${ta.slices} (${ta.degraded})`,
        ta.importOnly,
        ta.importsFromDiff,
      ].join('\t'),
    );
  }
  for (const [a, ta] of Object.entries(t.algorithms)) {
    const p = ta.precision;
    if (p === null) continue;
    const ties = Object.entries(p.ties)
      .sort((x, y) => y[1].judged - x[1].judged)
      .map(([tie, c]) => `${tie} ${c.right}/${c.judged}`);
    console.log(
      `${family}\t${a}\tprecision by tie: ${ties.join(', ') || 'none judged'}; shown for names placed nowhere ${p.unplaced}, not answered ${p.failed}, not judged (base side, declared types) ${p.skipped}`,
    );
  }
  console.log(
    `${family}\tresolver: ${t.resolver}; names on changed lines ${t.uses}: inside ${t.answered.inside}, outside ${t.answered.outside}, placed nowhere ${t.answered.unplaced}, no answer in time ${t.answered.failed}`,
  );
}
console.log(`resolvers: ${RESOLVERS.map((r) => `${r.family}: ${r.missing() ?? 'installed'}`).join('; ')}`);
