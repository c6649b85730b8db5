import path from 'node:path';
import type { PathSet } from '../../language-pack.js';

/**
 * How an ES or CommonJS module specifier names files of the repository, as Node and the TypeScript
 * compiler resolve it, from what the revision holds: relative paths with the extensions and
 * `index.*` tried; an import written with the output's extension naming its TypeScript source
 * (`./a.js` → `./a.ts`); the nearest tsconfig.json/jsconfig.json's `paths` and `baseUrl`
 * (following `extends` to configs in the repository); the nearest package.json's `imports`
 * (`#internal/x`); and the repository's own workspace packages by their package.json `name`,
 * whose published entry (`dist/index.js`) is looked for in the sources (`src/index.ts`).
 * Packages installed from a registry and computed specifiers resolve to nothing.
 */

/** The config files this resolution reads (declared as the packs' manifests). */
export const MODULE_MANIFESTS = ['package.json', 'tsconfig.json', 'jsconfig.json', 'tsconfig.base.json'];

const TS_FIRST = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const JS_FIRST = ['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.d.ts', '.mts', '.cts'];
/** The TypeScript compiler's rule: a specifier written with an output extension names the source. */
const SOURCE_OF_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};
const PARSABLE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Files one specifier resolves to at most (a source and its declaration file, say). */
const MAX_FILES = 3;
/** Folders a package's published entry is commonly built into from `src/`. */
const BUILD_FOLDER = /^(?:\.\/)?(?:dist|lib|build|out|esm|cjs|es)\//;

/** Node's built-in modules (also without `node:`); a subpath (`fs/promises`) is its module's. */
const NODE_BUILTINS = new Set([
  'assert',
  'async_hooks',
  'buffer',
  'child_process',
  'cluster',
  'console',
  'constants',
  'crypto',
  'dgram',
  'diagnostics_channel',
  'dns',
  'domain',
  'events',
  'fs',
  'http',
  'http2',
  'https',
  'inspector',
  'module',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'punycode',
  'querystring',
  'readline',
  'repl',
  'stream',
  'string_decoder',
  'sys',
  'timers',
  'tls',
  'trace_events',
  'tty',
  'url',
  'util',
  'v8',
  'vm',
  'wasi',
  'worker_threads',
  'zlib',
]);
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

interface Config {
  /** Folder `paths` substitutions are relative to. */
  pathsBase: string;
  paths: [pattern: string, targets: string[]][];
  /** Folder non-relative specifiers are looked up in, or null. */
  baseUrl: string | null;
}

interface PackageInfo {
  dir: string;
  json: Record<string, unknown>;
}

/** What one revision's resolution has read, kept as long as its PathSet lives. */
interface Cache {
  configs: Map<string, Config | null>;
  packages: Map<string, PackageInfo | null>;
  workspaces: Map<string, PackageInfo> | null;
  /** The packages declared as dependencies by a folder's package.json and those above it. */
  dependencies: Map<string, ReadonlySet<string>>;
}

const caches = new WeakMap<PathSet, Cache>();

function cacheOf(paths: PathSet): Cache {
  let cache = caches.get(paths);
  if (cache === undefined) {
    cache = { configs: new Map(), packages: new Map(), workspaces: null, dependencies: new Map() };
    caches.set(paths, cache);
  }
  return cache;
}

/** The files a specifier imported from `from` names, most likely first; [] for what is not in the repository. */
export function resolveModule(specifier: string, from: string, paths: PathSet): string[] {
  const spec = specifier.trim();
  if (spec === '' || /[\s$`{}]/.test(spec)) return [];
  const order = /\.(?:[cm]?ts|tsx)$/.test(from) ? TS_FIRST : JS_FIRST;
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    return filesOf(path.posix.join(dirOf(from), spec), paths, order);
  }
  if (spec.startsWith('/') || /^[a-z]+:/i.test(spec)) return [];
  if (spec.startsWith('#')) return packageImport(spec, from, paths, order);
  const config = nearestConfig(dirOf(from), paths);
  if (config !== null) {
    const aliased = configAlias(spec, config, paths, order);
    if (aliased.length > 0) return aliased;
  }
  return workspacePackage(spec, paths, order);
}

/**
 * True when a specifier names what lies outside the repository for sure: a URL or a runtime's
 * module (`node:fs`, `https://…`), one of Node's built-in modules, or a package that a package.json
 * above the importer declares as a dependency and that is no workspace package of the repository.
 */
export function isExternalModule(specifier: string, from: string, paths: PathSet): boolean {
  const spec = specifier.trim();
  if (spec === '' || spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('#')) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(spec)) return true;
  const name = spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
  if (NODE_BUILTINS.has(name)) return true;
  return !workspaces(paths).has(name) && declaredDependencies(dirOf(from), paths).has(name);
}

/** The dependencies the package.json files of a folder and every folder above it declare. */
function declaredDependencies(dir: string, paths: PathSet): ReadonlySet<string> {
  const cache = cacheOf(paths);
  let names = cache.dependencies.get(dir);
  if (names === undefined) {
    const above = dir === '' ? new Set<string>() : declaredDependencies(dirOf(dir), paths);
    const file = dir === '' ? 'package.json' : `${dir}/package.json`;
    const json = paths.has(file) ? manifestJson(file, paths) : null;
    const own = json === null ? [] : DEPENDENCY_FIELDS.flatMap((field) => Object.keys(record(json[field]) ?? {}));
    names = own.length === 0 ? above : new Set([...above, ...own]);
    cache.dependencies.set(dir, names);
  }
  return names;
}

function dirOf(file: string): string {
  const dir = path.posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** The files a path without or with an extension can be: itself, its TypeScript source, with an extension, its folder's index. */
function filesOf(joined: string, paths: PathSet, order: readonly string[]): string[] {
  const base = path.posix.normalize(joined).replace(/\/+$/, '');
  if (base.startsWith('..') || base.startsWith('/')) return [];
  const clean = base === '.' ? '' : base;
  const candidates: string[] = [];
  const ext = path.posix.extname(clean);
  if (PARSABLE.test(clean)) {
    const sources = (SOURCE_OF_OUTPUT[ext] ?? []).map((source) => clean.slice(0, -ext.length) + source);
    // A TypeScript file importing `./a.js` means `./a.ts` when both exist (the compiler's order).
    candidates.push(...(order === TS_FIRST ? [...sources, clean] : [clean, ...sources]));
  }
  if (clean !== '') for (const e of order) candidates.push(clean + e);
  for (const e of order) candidates.push(clean === '' ? `index${e}` : `${clean}/index${e}`);
  const found: string[] = [];
  for (const c of candidates) {
    if (paths.has(c) && !found.includes(c)) found.push(c);
    if (found.length >= MAX_FILES) break;
  }
  return found;
}

/** Parses a JSON file that may hold comments and trailing commas (tsconfig.json); null when it is no object. */
export function parseJsonc(text: string): Record<string, unknown> | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
    } else out += ch;
  }
  try {
    const value: unknown = JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Index just past the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** A package.json or tsconfig.json read as JSON; one that is none is reported (see PathSet.report) and read as absent. */
function manifestJson(file: string, paths: PathSet): Record<string, unknown> | null {
  const text = paths.manifest(file);
  if (text === null) return null;
  const json = parseJsonc(text);
  if (json === null) paths.report(`${file} is not a JSON object`);
  return json;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The tsconfig.json or jsconfig.json nearest above a folder (TypeScript uses that one only), with what it extends. */
function nearestConfig(dir: string, paths: PathSet): Config | null {
  const cache = cacheOf(paths);
  const seen: string[] = [];
  let found: Config | null | undefined;
  for (let d: string | null = dir; d !== null; d = d === '' ? null : dirOf(d)) {
    found = cache.configs.get(d);
    if (found !== undefined) break;
    seen.push(d);
    const file = ['tsconfig.json', 'jsconfig.json'].map((name) => (d === '' ? name : `${d}/${name}`)).find((f) => paths.has(f));
    if (file !== undefined) {
      found = readConfig(file, paths, 0);
      break;
    }
  }
  for (const d of seen) cache.configs.set(d, found ?? null);
  return found ?? null;
}

/** A config's `paths` and `baseUrl`, its own over those of the configs it extends (relative `extends` in the repository only). */
function readConfig(file: string, paths: PathSet, depth: number): Config | null {
  const json = manifestJson(file, paths);
  if (json === null) return null;
  const dir = dirOf(file);
  let config: Config | null = null;
  const extended = json['extends'];
  for (const parent of (Array.isArray(extended) ? extended : [extended]).filter(
    (e): e is string => typeof e === 'string' && e.startsWith('.'),
  )) {
    if (depth >= 3) break;
    const target = path.posix.normalize(path.posix.join(dir, parent.endsWith('.json') ? parent : `${parent}.json`));
    config = readConfig(target, paths, depth + 1) ?? config;
  }
  const options = record(json['compilerOptions']);
  if (options === null) return config;
  const baseUrl =
    typeof options['baseUrl'] === 'string'
      ? path.posix.normalize(path.posix.join(dir, options['baseUrl'])).replace(/^\.$/, '')
      : (config?.baseUrl ?? null);
  const own = record(options['paths']);
  if (own === null)
    return config === null && baseUrl === null ? null : { pathsBase: config?.pathsBase ?? dir, paths: config?.paths ?? [], baseUrl };
  const entries = Object.entries(own).flatMap(([pattern, targets]): [string, string[]][] =>
    Array.isArray(targets) ? [[pattern, targets.filter((t): t is string => typeof t === 'string')]] : [],
  );
  return { pathsBase: baseUrl ?? dir, paths: entries, baseUrl };
}

/** The substitution of a `*` pattern (`@/*`, `#x/*`) for a specifier, or null when it does not match. */
function matchPattern(pattern: string, spec: string): string | null {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === spec ? '' : null;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (spec.length < prefix.length + suffix.length || !spec.startsWith(prefix) || !spec.endsWith(suffix)) return null;
  return spec.slice(prefix.length, spec.length - suffix.length);
}

/** The longest-prefix pattern of a map that matches a specifier (TypeScript's and Node's rule), with what its `*` stands for. */
function bestMatch<T>(entries: readonly [string, T][], spec: string): { target: T; star: string } | null {
  let best: { target: T; star: string; prefix: number } | null = null;
  for (const [pattern, target] of entries) {
    const star = matchPattern(pattern, spec);
    if (star === null) continue;
    const prefix = pattern.includes('*') ? pattern.indexOf('*') : Infinity;
    if (best === null || prefix > best.prefix) best = { target, star, prefix };
  }
  return best;
}

function configAlias(spec: string, config: Config, paths: PathSet, order: readonly string[]): string[] {
  const match = bestMatch(config.paths, spec);
  if (match !== null) {
    for (const target of match.target) {
      const files = filesOf(path.posix.join(config.pathsBase, target.replace('*', match.star)), paths, order);
      if (files.length > 0) return files;
    }
  }
  return config.baseUrl === null ? [] : filesOf(path.posix.join(config.baseUrl, spec), paths, order);
}

/** The nearest package.json above a file's folder that has `imports`. */
function nearestPackage(dir: string, paths: PathSet): PackageInfo | null {
  const cache = cacheOf(paths);
  for (let d: string | null = dir; d !== null; d = d === '' ? null : dirOf(d)) {
    let info = cache.packages.get(d);
    if (info === undefined) {
      const file = d === '' ? 'package.json' : `${d}/package.json`;
      const json = paths.has(file) ? manifestJson(file, paths) : null;
      info = json === null ? null : { dir: d, json };
      cache.packages.set(d, info);
    }
    if (info !== null) return info;
  }
  return null;
}

/** The first file path a package.json target names (a string, or the first usable condition of an object). */
function targetPath(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) {
    for (const t of target) {
      const p = targetPath(t);
      if (p !== null) return p;
    }
    return null;
  }
  const conditions = record(target);
  if (conditions === null) return null;
  for (const key of ['source', 'types', 'import', 'module', 'default', 'node', 'require', ...Object.keys(conditions)]) {
    const p = key in conditions ? targetPath(conditions[key]) : null;
    if (p !== null) return p;
  }
  return null;
}

/** Files a published path can be built from: itself, then the same path under `src/`. */
function entryFiles(dir: string, target: string, paths: PathSet, order: readonly string[]): string[] {
  const direct = filesOf(path.posix.join(dir, target), paths, order);
  if (direct.length > 0 || !BUILD_FOLDER.test(target)) return direct;
  return filesOf(path.posix.join(dir, target.replace(BUILD_FOLDER, 'src/').replace(/\.d\.([cm]?ts)$/, '.$1')), paths, order);
}

/** `#internal/x`: the nearest package.json's `imports`. */
function packageImport(spec: string, from: string, paths: PathSet, order: readonly string[]): string[] {
  const pkg = nearestPackage(dirOf(from), paths);
  const imports = record(pkg?.json['imports']);
  if (pkg === null || imports === null) return [];
  const match = bestMatch(Object.entries(imports), spec);
  const target = match === null ? null : targetPath(match.target);
  return target === null || match === null ? [] : entryFiles(pkg.dir, target.replace('*', match.star), paths, order);
}

/** The repository's packages by name (the shortest path wins when two share one). */
function workspaces(paths: PathSet): Map<string, PackageInfo> {
  const cache = cacheOf(paths);
  if (cache.workspaces === null) {
    const byName = new Map<string, PackageInfo>();
    const files = [...paths.withSuffix('package.json')].filter((f) => !f.includes('node_modules/')).sort((a, b) => a.length - b.length);
    for (const file of files) {
      const json = manifestJson(file, paths);
      const name = json?.['name'];
      if (json !== null && typeof name === 'string' && !byName.has(name)) byName.set(name, { dir: dirOf(file), json });
    }
    cache.workspaces = byName;
  }
  return cache.workspaces;
}

/** `pkg`, `@scope/pkg/sub`: a package of the repository, by its entry (`exports`, `source`, `module`, `main`, `types`) or its `src/`. */
function workspacePackage(spec: string, paths: PathSet, order: readonly string[]): string[] {
  const parts = spec.split('/');
  const nameLength = spec.startsWith('@') ? 2 : 1;
  const pkg = workspaces(paths).get(parts.slice(0, nameLength).join('/'));
  if (pkg === undefined) return [];
  const sub = parts.slice(nameLength).join('/');
  const exportsField = pkg.json['exports'];
  const exportMap = record(exportsField);
  const subpaths =
    exportMap !== null && Object.keys(exportMap).some((k) => k.startsWith('.'))
      ? Object.entries(exportMap)
      : [['.', exportsField] as [string, unknown]];
  const match = bestMatch(subpaths, sub === '' ? '.' : `./${sub}`);
  const exported = match === null ? null : targetPath(match.target);
  if (exported !== null && match !== null) {
    const files = entryFiles(pkg.dir, exported.replace('*', match.star), paths, order);
    if (files.length > 0) return files;
  }
  if (sub !== '') {
    const files = filesOf(path.posix.join(pkg.dir, sub), paths, order);
    return files.length > 0 ? files : filesOf(path.posix.join(pkg.dir, 'src', sub), paths, order);
  }
  for (const field of ['source', 'module', 'main', 'types', 'typings']) {
    const target = pkg.json[field];
    if (typeof target !== 'string') continue;
    const files = entryFiles(pkg.dir, target, paths, order);
    if (files.length > 0) return files;
  }
  const src = filesOf(path.posix.join(pkg.dir, 'src'), paths, order);
  return src.length > 0 ? src : filesOf(pkg.dir, paths, order);
}
