// Benchmark: how much of what a changed line depends on the slices hold, measured against an
// independent definition index (Universal Ctags) of each commit's tree.
//  - parent: of the changed (added) lines that sit inside a function or method as ctags sees it
//    (innermost; ends from ctags where it gives them, else by matching braces from the definition
//    line), the share whose parent-function slice holds that function's first line.
//  - callees: of the names called on changed lines (`name(`, not keywords, not definitions) that
//    the repository defines as a function or method 1 to 3 times (ctags, same language family;
//    a function nested in another function counts only for calls from its own file, the only place
//    it can be called from), the share whose definition line (any of them) the full-flow slice
//    holding the line shows. Calls ctags cannot tell from a repository function of the same name are
//    not counted where the call's target is known to lie outside the repository: a JavaScript or
//    TypeScript call the TypeScript compiler resolves to its standard library, a package or a
//    parameter (ts-resolve.ts; where it resolves one to a repository function that none of ctags'
//    candidates is, that function is the definition), a Go call through a package outside the
//    repository's modules or on a variable typed by one, a Java call on a variable of a JDK type, a Rust path into `std`/`core`/`alloc`;
//    nor where ctags' index lacks the definition: a Java record's accessor (`r.a()` of a record
//    declared in the file). A Rust definition counts only where Cargo lets the calling crate reach
//    it (its own crate or one it depends on).
//  - variables (--variables, C and C++, needs cppcheck): of the variables used on changed lines as
//    cppcheck resolves them (its --dump: each name token's variable and that variable's declaration),
//    declared elsewhere in the repository, the share whose declaration line the left-flow slice holds.
// Each commit is measured in a process of its own.
// Run: npm run bench:recall -- --repo DIR [--commits 30] [--rev HEAD] [--misses] [--variables] [--budget 100000]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';
import { isGeneratedPath } from '../src/diff/select.js';
import { sliceChange } from '../src/slicing/index.js';
import { goPack } from '../src/slicing/languages/go/pack.js';
import { PackChooser } from '../src/slicing/packs.js';
import { BLANK_OR_COMMENT } from './nothing.js';
import { reviewedFiles } from './reviewed.js';
import { extractTree } from './tree.js';
import { resolveCalls, type Resolution } from './ts-resolve.js';
import type { DiffFile, Slice, SliceAlgorithm } from '../src/types.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '30' },
    rev: { type: 'string', default: 'HEAD' },
    budget: { type: 'string', default: '100000' },
    misses: { type: 'boolean', default: false },
    variables: { type: 'boolean', default: false },
    one: { type: 'string' },
  },
});
if (!values.repo) {
  console.error('usage: npm run bench:recall -- --repo DIR [--commits N] [--rev REV] [--misses]');
  process.exit(2);
}
const repoDir = path.resolve(values.repo);

/** ctags' languages, by the family of keybug's packs whose definitions they may be. */
const CTAGS_FAMILY: Record<string, string> = {
  C: 'c',
  'C++': 'c',
  Python: 'python',
  JavaScript: 'javascript',
  TypeScript: 'javascript',
  Go: 'go',
  Java: 'java',
  Rust: 'rust',
};
/** ctags kinds that are functions or methods (`member` too when it has a signature: a C++ member function, a Python method). */
const FUNCTION_KINDS = new Set(['function', 'method', 'func', 'generator', 'getter', 'setter']);
/** A JavaScript/TypeScript constant or variable holding a function (`const f = (a) => {`, `let g = async function (`): ctags 5.9 tags it as a constant. */
const FUNCTION_VALUE = /=\s*(?:async\s+)?(?:function\b|(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]*)?=>)/;
/**
 * The last line of an arrow function whose body is an expression (`const f = (a) => g(a)`, or `=>` and
 * the expression on the next line), as far as can be told without parsing it: not the next brace.
 */
function expressionEnd(lines: readonly string[], t: Tag): number | undefined {
  const text = lines[t.line - 1] ?? '';
  const arrow = text.lastIndexOf('=>');
  if (arrow < 0 || !FUNCTION_VALUE.test(text)) return undefined;
  const rest = text.slice(arrow + 2).trim();
  const body = rest === '' ? (lines[t.line] ?? '').trim() : rest;
  if (body === '' || body.startsWith('{') || body.startsWith('(')) return undefined;
  return rest === '' ? t.line + 1 : t.line;
}
const isFunction = (t: Tag): boolean =>
  FUNCTION_KINDS.has(t.kind) ||
  (t.kind === 'member' && t.signature !== undefined) ||
  ((t.kind === 'constant' || t.kind === 'variable') &&
    CTAGS_FAMILY[t.language ?? ''] === 'javascript' &&
    FUNCTION_VALUE.test(t.pattern ?? ''));
/** Words followed by `(` that are not calls. */
const NOT_CALLS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'return',
  'catch',
  'sizeof',
  'typeof',
  'function',
  'def',
  'fn',
  'func',
  'match',
  'elif',
  'and',
  'or',
  'not',
  'in',
  'assert',
  'print',
  'with',
  'await',
  'yield',
  'new',
  'delete',
  'throw',
  'case',
  'super',
  'this',
  'self',
  'lambda',
  'decltype',
  'alignof',
  'defined',
  'else',
]);

/** Words after which a name followed by `(` is still a call (`return f(x)`, `await g()`). */
const AFTER_KEYWORD = new Set([
  'return',
  'else',
  'case',
  'do',
  'throw',
  'co_return',
  'co_await',
  'co_yield',
  'yield',
  'await',
  'not',
  'and',
  'or',
  'in',
  'is',
  'typeof',
  'delete',
  'sizeof',
  'go',
  'defer',
  'async',
  'print',
  'assert',
  'raise',
  'then',
]);

interface Tag {
  name: string;
  path: string;
  line: number;
  kind: string;
  end?: number;
  language?: string;
  scopeKind?: string;
  signature?: string;
  pattern?: string;
}

interface Measure {
  eligible: number;
  held: number;
  misses: string[];
}

interface CommitResult {
  files: number;
  parent: Measure;
  callees: Measure;
  /** `unanalysed`: the changed C/C++ files cppcheck gave no dump of, each with why (their variables are not counted). */
  variables: Measure & { unanalysed: string[] };
}

/** A variable use cppcheck resolved: where the use is, and where its declaration is. */
interface VariableUse {
  line: number;
  name: string;
  declFile: string;
  declLine: number;
}

/**
 * The variables cppcheck resolves on the given lines of a C/C++ file of the extracted tree: from
 * `cppcheck --dump`, each name token with a `variable` and that variable's name token. A string
 * when cppcheck gave no dump: why, for the report.
 */
function cppcheckUses(tree: string, file: string, lines: ReadonlySet<number>): VariableUse[] | string {
  const includes = ['.', 'include', path.posix.dirname(file)].flatMap((d) => ['-I', d]);
  const run = spawnSync('cppcheck', ['--dump', '--max-configs=1', '--quiet', ...includes, file], {
    cwd: tree,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.error !== undefined) return `cppcheck did not run: ${run.error.message}`;
  let dump: string;
  try {
    dump = readFileSync(path.join(tree, `${file}.dump`), 'utf8');
  } catch {
    const said = run.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 200);
    return `cppcheck wrote no dump (exit ${run.status ?? run.signal})${said ? `: ${said}` : ''}`;
  }
  const tokens = new Map<string, { file: string; line: number; str: string; variable: string | null }>();
  const nameTokens = new Map<string, string>();
  for (const m of dump.matchAll(/<token id="([^"]+)" file="([^"]*)" linenr="(\d+)"[^>]*? str="([^"]*)"([^>]*)>/g)) {
    const variable = /variable="([^"]+)"/.exec(m[5] ?? '')?.[1] ?? null;
    tokens.set(m[1] as string, { file: path.posix.normalize(m[2] as string), line: Number(m[3]), str: m[4] as string, variable });
  }
  for (const m of dump.matchAll(/<var id="([^"]+)" nameToken="([^"]+)"/g)) nameTokens.set(m[1] as string, m[2] as string);
  const uses = new Map<string, VariableUse>();
  for (const t of tokens.values()) {
    if (t.file !== file || !lines.has(t.line) || t.variable === null) continue;
    const decl = tokens.get(nameTokens.get(t.variable) ?? '');
    if (decl === undefined || (decl.file === file && decl.line === t.line)) continue;
    uses.set(`${t.line}:${t.variable}`, { line: t.line, name: t.str, declFile: decl.file, declLine: decl.line });
  }
  return [...uses.values()];
}

/** The last line of a definition that starts at `start`: its matching closing brace (strings and comments skipped). */
function braceEnd(lines: readonly string[], start: number): number {
  let depth = 0;
  let opened = false;
  let inBlockComment = false;
  for (let i = start - 1; i < lines.length && i < start - 1 + 20_000; i++) {
    const text = lines[i] ?? '';
    let quote: string | null = null;
    for (let j = 0; j < text.length; j++) {
      const ch = text[j] as string;
      if (inBlockComment) {
        if (ch === '*' && text[j + 1] === '/') {
          inBlockComment = false;
          j++;
        }
        continue;
      }
      if (quote !== null) {
        if (ch === '\\') j++;
        else if (ch === quote) quote = null;
        continue;
      }
      if (ch === '/' && text[j + 1] === '/') break;
      if (ch === '/' && text[j + 1] === '*') {
        inBlockComment = true;
        j++;
      } else if (ch === '"' || ch === '`' || (ch === "'" && !/\w/.test(text[j - 1] ?? ''))) quote = ch;
      else if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') {
        depth--;
        if (opened && depth === 0) return i + 1;
      }
      if (!opened && ch === ';') return i + 1; // a declaration without a body
    }
  }
  return start;
}

/** The text after the parenthesis that closes the one at `open` (the whole rest when it does not close on the line). */
function afterParens(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return code.slice(i + 1);
  }
  return '(';
}

function sliceHolding(slices: readonly Slice[], file: string, line: number): Slice | undefined {
  return slices.find((s) =>
    s.sections.some((sec) => sec.file === file && sec.side === 'head' && sec.lines.some((l) => l.op === '+' && l.new === line)),
  );
}

function shows(slice: Slice | undefined, file: string, line: number): boolean {
  return (
    slice?.sections.some((sec) => sec.file === file && sec.side === 'head' && sec.lines.some((l) => l.new === line && l.op !== '-')) ??
    false
  );
}

/** The added lines of a changed file: number and text. */
function addedLines(file: DiffFile): { line: number; text: string }[] {
  return file.hunks.flatMap((h) =>
    h.lines.filter((l) => l.op === '+' && l.new !== null).map((l) => ({ line: l.new as number, text: l.text })),
  );
}

/** Node's built-in modules (imported with or without `node:`). */
const NODE_BUILTINS = new Set([
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'events',
  'fs',
  'http',
  'https',
  'module',
  'net',
  'os',
  'path',
  'process',
  'querystring',
  'readline',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
]);
const packageJsons = new Map<string, { dependencies: Set<string>; workspace: Set<string> }>();

/**
 * For JavaScript and TypeScript: the local names a file's imports bind (`import { test } from 'vitest'`,
 * `import path from 'node:path'`, `const x = require('pkg')`) to a Node built-in or to a package some
 * package.json of the tree declares as a dependency and none names itself — what ctags cannot tell
 * from a same-named function of the repository.
 */
async function packageBindings(git: Git, rev: string, files: readonly string[], text: string): Promise<Set<string>> {
  let packages = packageJsons.get(rev);
  if (packages === undefined) {
    packages = { dependencies: new Set(), workspace: new Set() };
    for (const file of files.filter((f) => /(?:^|\/)package\.json$/.test(f) && !f.includes('node_modules/'))) {
      try {
        const json = JSON.parse((await git.readBlob(rev, file))?.toString('utf8') ?? '{}') as Record<string, unknown>;
        if (typeof json.name === 'string') packages.workspace.add(json.name);
        for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
          const deps = json[field];
          if (typeof deps === 'object' && deps !== null) for (const dep of Object.keys(deps)) packages.dependencies.add(dep);
        }
      } catch {
        // A package.json that does not parse declares nothing.
      }
    }
    packageJsons.set(rev, packages);
  }
  const { dependencies, workspace } = packages;
  const outside = (spec: string): boolean => {
    if (spec.startsWith('node:')) return true;
    const pkg = spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
    return NODE_BUILTINS.has(pkg) || (dependencies.has(pkg) && !workspace.has(pkg));
  };
  const names = new Set<string>();
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([\w$]+)?\s*,?\s*(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))?\s*from\s*['"]([^'"]+)['"]/g)) {
    if (!outside(m[4] as string)) continue;
    for (const local of [
      m[1],
      m[3],
      ...(m[2] ?? '').split(',').map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop()
          ?.replace(/^type\s+/, ''),
      ),
    ])
      if (local) names.add(local);
  }
  for (const m of text.matchAll(/\b(?:const|let|var)\s+(?:([\w$]+)|\{([^}]*)\})\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (!outside(m[3] as string)) continue;
    for (const local of [m[1], ...(m[2] ?? '').split(',').map((n) => n.trim().split(':').pop()?.trim())]) if (local) names.add(local);
  }
  return names;
}

const goModules = new Map<string, string[]>();

/**
 * For Go: the local names a file's imports bind to packages outside the repository's modules (the
 * standard library, other modules: `strings`, `fmt`, `errgroup`); with goOutsideVariables, the
 * variables a function declares with a type of such a package (`sb *strings.Builder`, `var wg sync.WaitGroup`, `t *testing.T`,
 * `b := &bytes.Buffer{}`): a call through either is none of the repository's functions, though
 * ctags' index, which knows no imports, matches it by name (`strings.TrimPrefix` to a template
 * function `TrimPrefix`).
 */
async function goOutsidePackages(git: Git, rev: string, files: readonly string[], text: string): Promise<Set<string>> {
  let modules = goModules.get(rev);
  if (modules === undefined) {
    modules = [];
    for (const file of files.filter((f) => /(?:^|\/)go\.mod$/.test(f))) {
      const module = /^module\s+(\S+)/m.exec((await git.readBlob(rev, file))?.toString('utf8') ?? '')?.[1];
      if (module !== undefined) modules.push(module.replace(/^"|"$/g, ''));
    }
    goModules.set(rev, modules);
  }
  const inside = (spec: string): boolean => modules.some((m) => spec === m || spec.startsWith(`${m}/`));
  const specs = [...text.matchAll(/^import\s*\(([\s\S]*?)^\)/gm)].flatMap((m) => (m[1] as string).split('\n'));
  specs.push(...[...text.matchAll(/^import\s+([^(\n].*)$/gm)].map((m) => m[1] as string));
  const packages = new Set<string>();
  for (const line of specs) {
    const m = /^\s*([\w.]+\s+)?"([^"]+)"/.exec(line);
    if (m === null || inside(m[2] as string)) continue;
    const alias = m[1]?.trim();
    if (alias === '_' || alias === '.') continue;
    const bound = alias ?? goPack.adapter.moduleBinding(m[2] as string);
    if (bound !== null) packages.add(bound);
  }
  return packages;
}

/** The variables `scope` (a function's text up to a line) declares with a type of one of `packages`. */
function goOutsideVariables(packages: ReadonlySet<string>, scope: string): Set<string> {
  const names = new Set<string>();
  const pkg = [...packages].map((p) => p.replace(/[$]/g, '')).join('|');
  if (pkg !== '') {
    // `name *pkg.T`, `name pkg.T`, `a, b pkg.T` (parameters, var), `name := pkg.T{`, `&pkg.T{`, `new(pkg.T)`.
    const declared = new RegExp(
      `\\b([A-Za-z_]\\w*)(?:\\s*,\\s*[A-Za-z_]\\w*)*\\s+(?:\\[\\]|\\*)*(?:${pkg})\\.[A-Z]\\w*|\\b([A-Za-z_]\\w*)\\s*:?=\\s*(?:&?(?:${pkg})\\.[A-Z]\\w*\\s*\\{|new\\((?:${pkg})\\.[A-Z]\\w*\\))`,
      'g',
    );
    for (const m of scope.matchAll(declared)) {
      const name = m[1] ?? m[2];
      if (name !== undefined && !['func', 'var', 'const', 'type', 'return', 'case', 'map', 'chan'].includes(name)) names.add(name);
    }
  }
  return names;
}

/**
 * For Rust: whether code of `from` can call what `to` defines, as Cargo lets it: both in one crate
 * (the same nearest Cargo.toml), or `to`'s crate among the (transitive) dependencies of `from`'s. An
 * integration test or another crate of the workspace that depends on the caller's is out of its reach,
 * though ctags' index matches their functions by name (`.map(` in serde_derive to a test's `fn map`).
 */
async function rustReach(git: Git, rev: string, files: readonly string[]): Promise<(from: string, to: string) => boolean> {
  const manifests = new Map<string, { name: string | null; deps: Set<string> }>();
  for (const file of files.filter((f) => /(?:^|\/)Cargo\.toml$/.test(f))) {
    const text = (await git.readBlob(rev, file))?.toString('utf8') ?? '';
    let section = '';
    let name: string | null = null;
    const deps = new Set<string>();
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      const header = /^\[([^\]]+)\]/.exec(line);
      if (header !== null) {
        section = header[1] as string;
        // `[dependencies.foo]`
        const named = /(?:^|\.)(?:dev-|build-)?dependencies\.([\w-]+)$/.exec(section);
        if (named !== null) deps.add((named[1] as string).replace(/-/g, '_'));
        continue;
      }
      const key = /^([\w-]+)(?:\.[\w-]+)?\s*=/.exec(line)?.[1];
      if (key === undefined) continue;
      if (section === 'package' && key === 'name') name = (/=\s*"([^"]+)"/.exec(line)?.[1] ?? '').replace(/-/g, '_');
      else if (/(?:^|\.)(?:dev-|build-)?dependencies$/.test(section)) deps.add(key.replace(/-/g, '_'));
    }
    manifests.set(path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file), { name, deps });
  }
  const crateOf = (file: string): string | null => {
    for (let dir = path.posix.dirname(file.replace(/^\.\//, '')); ; dir = path.posix.dirname(dir)) {
      const key = dir === '.' ? '' : dir;
      if (manifests.has(key)) return key;
      if (key === '') return null;
    }
  };
  const byName = new Map([...manifests].flatMap(([dir, m]) => (m.name === null ? [] : [[m.name, dir] as const])));
  const reach = new Map<string, Set<string>>();
  const reachOf = (dir: string): Set<string> => {
    let known = reach.get(dir);
    if (known !== undefined) return known;
    known = new Set([dir]);
    reach.set(dir, known);
    for (const dep of manifests.get(dir)?.deps ?? []) {
      const depDir = byName.get(dep);
      if (depDir !== undefined) for (const d of reachOf(depDir)) known.add(d);
    }
    return known;
  };
  return (from, to) => {
    const a = crateOf(from);
    const b = crateOf(to);
    return a === null || b === null || reachOf(a).has(b);
  };
}

/** java.lang's types a Java file names without an import. */
const JAVA_LANG = [
  'Object',
  'String',
  'StringBuilder',
  'StringBuffer',
  'CharSequence',
  'Boolean',
  'Byte',
  'Character',
  'Short',
  'Integer',
  'Long',
  'Float',
  'Double',
  'Number',
  'Class',
  'Enum',
  'Thread',
  'Throwable',
  'Exception',
  'RuntimeException',
  'Error',
  'Iterable',
  'Runnable',
  'ThreadLocal',
];

/**
 * For Java: the types a file names that are the JDK's (java.lang's, and those it imports from `java.`
 * or `javax.`), and the names of the components of the records it declares (`record R(String a)`):
 * ctags' index has no record accessors, so for `r.a()` it knows only unrelated `a()` methods.
 */
function javaOutside(text: string): { types: Set<string>; components: Set<string> } {
  const types = new Set(JAVA_LANG);
  for (const m of text.matchAll(/^import\s+javax?\.[\w.]*\.([A-Z]\w*)\s*;/gm)) types.add(m[1] as string);
  const components = new Set<string>();
  // Annotations first (`@JsonProperty(value = "a")` holds parentheses of its own).
  const plain = text.replace(/@[\w.]+(?:\s*\([^()]*\))?/g, '');
  for (const m of plain.matchAll(/\brecord\s+\w+\s*(?:<[^>]*>)?\s*\(([^)]*)\)/g)) {
    for (const part of (m[1] as string).split(',')) {
      const name = /(\w+)\s*$/.exec(part.trim())?.[1];
      if (name !== undefined) components.add(name);
    }
  }
  return { types, components };
}

/** The variables `scope` (a method's text up to a line) declares with one of `types` (`Boolean b`, `final String s =`). */
function javaOutsideVariables(types: ReadonlySet<string>, scope: string): Set<string> {
  const names = new Set<string>();
  const declared = new RegExp(`\\b(?:${[...types].join('|')})(?:<[^<>;()]*>)?(?:\\[\\])*\\s+([a-z_$][\\w$]*)\\s*[=;,)]`, 'g');
  for (const m of scope.matchAll(declared)) names.add(m[1] as string);
  return names;
}

/**
 * The names through which a call on a changed line of a file is known to reach outside the
 * repository (the called name, or the object before `.name`), given the text of the enclosing
 * function up to the line: what JavaScript imports from packages, Go's outside packages and the
 * variables a function types by them, Java's JDK-typed variables and record accessors.
 */
async function outsideNames(
  family: string | undefined,
  git: Git,
  rev: string,
  files: readonly string[],
  source: string,
): Promise<(scope: string) => ReadonlySet<string>> {
  switch (family) {
    case 'javascript': {
      const names = await packageBindings(git, rev, files, source);
      return () => names;
    }
    case 'go': {
      const packages = await goOutsidePackages(git, rev, files, source);
      return (scope) => new Set([...packages, ...goOutsideVariables(packages, scope)]);
    }
    case 'java': {
      const { types, components } = javaOutside(source);
      return (scope) => new Set([...components, ...javaOutsideVariables(types, scope)]);
    }
    default:
      return () => new Set();
  }
}

async function measureCommit(sha: string): Promise<CommitResult> {
  const git = await Git.open(repoDir);
  const diff = await readDiff(git, `${sha}~1`, sha, { fetchRemote: null });
  const files = await git.listFiles(diff.headSha);
  const chooser = new PackChooser(files);
  // What a review with the default settings slices (a release's rebuilt dist/ bundle is not), in a language with a pack.
  const changed = (await reviewedFiles(git, diff)).filter((f) => chooser.packFor(f.path) !== null);
  const result: CommitResult = {
    files: changed.length,
    parent: { eligible: 0, held: 0, misses: [] },
    callees: { eligible: 0, held: 0, misses: [] },
    variables: { eligible: 0, held: 0, misses: [], unanalysed: [] },
  };
  if (changed.length === 0) return result;
  const slicesOf = async (algorithm: SliceAlgorithm): Promise<Slice[]> =>
    (await sliceChange(await Git.open(repoDir), diff, changed, { algorithm, tokenBudget: Number(values.budget) })).slices;
  const parentSlices = await slicesOf('parent-function');
  const fullSlices = await slicesOf('full-flow');
  const leftSlices = values.variables ? await slicesOf('left-flow') : [];

  const tree = mkdtempSync(path.join(tmpdir(), 'keybug-recall-'));
  let tags: Tag[];
  /** What the TypeScript compiler resolves JavaScript/TypeScript calls to, by `file:line:name`. */
  let resolved = new Map<string, Resolution>();
  try {
    extractTree(repoDir, sha, tree);
    const out = execFileSync('ctags', ['-R', '--fields=+neKlS', '--output-format=json', '-f', '-', '.'], {
      cwd: tree,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    tags = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Tag & { _type: string })
      .filter((t) => t._type === 'tag');
    const ecma = changed.filter((f) => chooser.packFor(f.path)?.family === 'javascript');
    if (ecma.length > 0) {
      const added = new Map(ecma.map((f) => [f.path, new Set(addedLines(f).map((a) => a.line))]));
      resolved = resolveCalls(tree, added);
    }
    if (values.variables) {
      for (const file of changed.filter((f) => chooser.packFor(f.path)?.family === 'c')) {
        const added = new Set(addedLines(file).map((a) => a.line));
        const uses = cppcheckUses(tree, file.path, added);
        if (typeof uses === 'string') {
          result.variables.unanalysed.push(`${sha.slice(0, 10)} ${file.path}: ${uses}`);
          continue;
        }
        for (const use of uses) {
          result.variables.eligible++;
          if (shows(sliceHolding(leftSlices, file.path, use.line), use.declFile, use.declLine)) result.variables.held++;
          else
            result.variables.misses.push(
              `${sha.slice(0, 10)} ${file.path}:${use.line} uses ${use.name} (declared at ${use.declFile}:${use.declLine})`,
            );
        }
      }
    }
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  // Generated and vendored files (minified bundles, vendor/) define nothing a change means: keybug ranks them last, and a
  // minified bundle's one-letter functions would count as the repository's.
  const functions = tags.filter((t) => isFunction(t) && !isGeneratedPath(t.path.replace(/^\.\//, '')));
  const byName = new Map<string, Tag[]>();
  for (const t of functions) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
  const reaches = changed.some((f) => chooser.packFor(f.path)?.family === 'rust') ? await rustReach(git, diff.headSha, files) : () => true;

  for (const file of changed) {
    const family = chooser.packFor(file.path)?.family;
    const blob = await git.readBlob(diff.headSha, file.path);
    if (blob === null) continue;
    const source = blob.toString('utf8');
    const lines = source.split('\n');
    // A method of an interface without an end (a TypeScript signature) has no body: nothing sits inside it.
    const inFile = functions
      .filter((t) => t.path === file.path && (t.scopeKind !== 'interface' || t.end !== undefined))
      .map((t) => ({ ...t, end: t.end ?? expressionEnd(lines, t) ?? braceEnd(lines, t.line) }));
    const outsideAt = await outsideNames(family, git, diff.headSha, files, source);
    for (const { line, text } of addedLines(file)) {
      // A blank line or a comment has no slice of its own (nothing to review).
      if (BLANK_OR_COMMENT.test(text)) continue;
      // The innermost function around the line (ctags' own, not keybug's).
      const around = inFile.filter((t) => t.line < line && t.end >= line).sort((a, b) => b.line - a.line)[0];
      if (around !== undefined) {
        result.parent.eligible++;
        if (shows(sliceHolding(parentSlices, file.path, line), file.path, around.line)) result.parent.held++;
        else result.parent.misses.push(`${sha.slice(0, 10)} ${file.path}:${line} in ${around.name} (line ${around.line})`);
      }
      const outsideHere = outsideAt(around === undefined ? '' : lines.slice(around.line - 1, line).join('\n'));
      const code = text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`|\/\/.*$|#.*$/g, '""');
      const names = new Set<string>();
      for (const m of code.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\(/g)) {
        const name = m[1] as string;
        const before = code.slice(0, m.index).trimEnd();
        if (NOT_CALLS.has(name) || /\b(?:def|fn|func|function|class|struct|new)$/.test(before)) continue;
        // A method defined in an object literal or class (`resolveId(id) {`), not called.
        if (
          /^(?:(?:async|static|get|set|public|private|protected|override|readonly|abstract|declare)\s+)*(?:async|static|get|set|public|private|protected|override|abstract|\*)?$/.test(
            before.trim(),
          )
        ) {
          const after = afterParens(code, (m.index ?? 0) + m[0].length - 1);
          if (/^\s*(?::[^{}=]*)?\{\s*$/.test(after)) continue;
          // A TypeScript method signature (`source(): CancelTokenSource;` in an interface or a `.d.ts`), not called.
          if (family === 'javascript' && /^\??\s*:[^=]*[;,]?\s*$/.test(after)) continue;
        }
        // A name (or the object before `.name`) bound by an import of a dependency or a Node built-in: not the repository's.
        if (outsideHere.has(name) || outsideHere.has(/([A-Za-z_$][\w$]*)\s*\??\.\s*$/.exec(before)?.[1] ?? '')) continue;
        // A JavaScript/TypeScript call the compiler resolves to its standard library or a package, or to a value (a parameter).
        const resolution = resolved.get(`${file.path}:${line}:${name}`);
        if (resolution?.kind === 'outside' || resolution?.kind === 'value') continue;
        // A Rust path into the standard library (`std::thread::sleep(`, `core::mem::swap(`).
        if (family === 'rust' && /(?:^|[^\w:])(?:std|core|alloc)::(?:[A-Za-z_]\w*::)*$/.test(before)) continue;
        // A name right after a type (`bool Zstd_Compress(`, `public int size(`) is declared here, not called.
        const previous = /([A-Za-z_$][\w$]*)[\s*&]*$/.exec(before)?.[1];
        if (previous !== undefined && /[\w$*&]$/.test(before) && !AFTER_KEYWORD.has(previous)) continue;
        names.add(name);
      }
      for (const name of names) {
        const named = (byName.get(name) ?? []).filter(
          (t) =>
            CTAGS_FAMILY[t.language ?? ''] === family &&
            (t.scopeKind !== 'function' || t.path === file.path) &&
            (family !== 'rust' || reaches(file.path, t.path)),
        );
        if (named.length < 1 || named.length > 3) continue;
        const resolution = resolved.get(`${file.path}:${line}:${name}`);
        // Where the compiler knows the function a call means and ctags' candidates do not hold it, the compiler's is the definition.
        const known =
          resolution?.kind === 'defined' &&
          resolution.at.length > 0 &&
          !resolution.at.some((a) => named.some((t) => t.path === a.file && t.line === a.line))
            ? resolution.at
            : null;
        const defs = known === null ? named : known.map((a) => ({ ...a, path: a.file }));
        // The line's own definition is not a callee.
        if (defs.some((d) => d.path === file.path && d.line === line)) continue;
        result.callees.eligible++;
        const slice = sliceHolding(fullSlices, file.path, line);
        if (defs.some((d) => shows(slice, d.path, d.line))) result.callees.held++;
        else
          result.callees.misses.push(
            `${sha.slice(0, 10)} ${file.path}:${line} calls ${name} (defined at ${defs.map((d) => `${d.path}:${d.line}`).join(', ')})`,
          );
      }
    }
  }
  git.close();
  return result;
}

if (values.one) {
  console.log(JSON.stringify(await measureCommit(values.one)));
} else {
  const gitOut = (...args: string[]): string => execFileSync('git', ['-C', repoDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commits = gitOut('log', '--no-merges', '--format=%H', '-n', values.commits, values.rev).trim().split('\n').filter(Boolean);
  console.log(`repository ${repoDir}: ${commits.length} commits ending at ${values.rev}, against ctags`);
  console.log(`commit\tfiles\tparent held/eligible\tcallees held/eligible${values.variables ? '\tvariables held/eligible' : ''}`);
  const total = { parent: { eligible: 0, held: 0 }, callees: { eligible: 0, held: 0 }, variables: { eligible: 0, held: 0 } };
  const misses: string[] = [];
  const unanalysed: string[] = [];
  for (const sha of commits) {
    const child = spawnSync(
      process.execPath,
      [process.argv[1] ?? '', '--repo', repoDir, '--budget', values.budget, ...(values.variables ? ['--variables'] : []), '--one', sha],
      { encoding: 'utf8', env: process.env, maxBuffer: 1 << 28 },
    );
    if (child.status !== 0) throw new Error(`measuring ${sha} failed (exit ${child.status}): ${child.stderr}`);
    const r = JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as CommitResult;
    total.parent.eligible += r.parent.eligible;
    total.parent.held += r.parent.held;
    total.callees.eligible += r.callees.eligible;
    total.callees.held += r.callees.held;
    total.variables.eligible += r.variables.eligible;
    total.variables.held += r.variables.held;
    misses.push(...r.parent.misses, ...r.callees.misses, ...r.variables.misses);
    unanalysed.push(...r.variables.unanalysed);
    console.log(
      [
        sha.slice(0, 10),
        r.files,
        `${r.parent.held}/${r.parent.eligible}`,
        `${r.callees.held}/${r.callees.eligible}`,
        ...(values.variables
          ? [
              `${r.variables.held}/${r.variables.eligible}${r.variables.unanalysed.length > 0 ? ` (${r.variables.unanalysed.length} file(s) not analysed)` : ''}`,
            ]
          : []),
      ].join('\t'),
    );
  }
  const pct = (m: { held: number; eligible: number }): string =>
    m.eligible === 0 ? 'n/a' : `${((100 * m.held) / m.eligible).toFixed(1)}%`;
  console.log(
    `parent-function holds the enclosing function's first line: ${total.parent.held}/${total.parent.eligible} = ${pct(total.parent)}`,
  );
  console.log(
    `full-flow holds a definition of the called function: ${total.callees.held}/${total.callees.eligible} = ${pct(total.callees)}`,
  );
  if (values.variables) {
    console.log(
      `left-flow holds the declaration of the variable (as cppcheck resolves it): ${total.variables.held}/${total.variables.eligible} = ${pct(total.variables)}${unanalysed.length > 0 ? `, not counting ${unanalysed.length} changed file(s) cppcheck could not analyse:` : ''}`,
    );
    for (const u of unanalysed) console.log(`not analysed: ${u}`);
  }
  if (values.misses) for (const m of misses) console.log(`miss: ${m}`);
}
