import path from 'node:path';
import type { PathSet } from '../../language-pack.js';

/**
 * Rust's module tree over a revision's paths. A module is named by its folder: the folder its
 * child modules' files live in (`src/net` for `crate::net`, the crate's source folder for the
 * crate root). A module's own file is `<folder>.rs` or `<folder>/mod.rs`, or the crate root
 * (`lib.rs`, `main.rs`, a test, example or binary file) for the source folder itself.
 */

/** One crate as far as paths go: where its modules live and which files are its roots. */
interface Crate {
  /** The folder whose children are the root module's children (`serde/src`). */
  folder: string;
  /** Root files present in the revision (`src/lib.rs`, or the test file that is its own crate). */
  roots: string[];
}

/** What the manifests of a revision say: crates by the name other crates `use` them by. */
interface Workspace {
  /** `tokio_util` → the crate; names with `-` are written with `_` in paths. */
  byName: Map<string, Crate>;
  /** Each manifest folder's library root given by `[lib] path`, when not `src/lib.rs`. */
  libPath: Map<string, string>;
  /** Each manifest folder's roots of targets given by `[[bin]]`, `[[test]]`, `[[example]]` or `[[bench]]` `path` (`crates/core/main.rs`). */
  targetPaths: Map<string, string[]>;
}

const workspaces = new WeakMap<PathSet, Workspace>();
const crates = new WeakMap<PathSet, Map<string, Crate>>();

/** Folders whose top-level files are crate roots of their own (Cargo's auto-discovered targets). */
const TARGET_FOLDERS = ['tests', 'examples', 'benches', 'src/bin'];

function parent(folder: string): string {
  const dir = path.posix.dirname(folder);
  return dir === '.' ? '' : dir;
}

function join(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/**
 * `[section]` → `key = "value"` pairs of a Cargo.toml, for the few keys module paths need, and the
 * `path` of each `[[bin]]`, `[[test]]`, `[[example]]` and `[[bench]]` target.
 */
function manifestValues(text: string): { values: Map<string, string>; targets: string[] } {
  const values = new Map<string, string>();
  const targets: string[] = [];
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[(\[?)\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) section = header[1] === '[' ? `[${header[2] as string}]` : (header[2] as string);
    const pair = /^([\w-]+)\s*=\s*"([^"]*)"/.exec(line);
    if (pair === null) continue;
    if (section === 'package' || section === 'lib') values.set(`${section}.${pair[1] as string}`, pair[2] as string);
    else if (pair[1] === 'path' && ['[bin]', '[test]', '[example]', '[bench]'].includes(section)) targets.push(pair[2] as string);
  }
  return { values, targets };
}

function workspace(paths: PathSet): Workspace {
  let known = workspaces.get(paths);
  if (known !== undefined) return known;
  known = { byName: new Map(), libPath: new Map(), targetPaths: new Map() };
  for (const manifest of paths.withSuffix('Cargo.toml')) {
    const text = paths.manifest(manifest);
    if (text === null) continue;
    const { values, targets } = manifestValues(text);
    const dir = parent(manifest);
    const roots = targets.map((t) => path.posix.normalize(join(dir, t))).filter((t) => paths.has(t));
    if (roots.length > 0) known.targetPaths.set(dir, roots);
    const lib = values.get('lib.path');
    if (lib !== undefined) known.libPath.set(dir, path.posix.normalize(join(dir, lib)));
    const name = values.get('lib.name') ?? values.get('package.name');
    if (name === undefined) continue;
    const root = known.libPath.get(dir) ?? join(dir, 'src/lib.rs');
    if (paths.has(root)) known.byName.set(name.replace(/-/g, '_'), { folder: parent(root), roots: [root] });
  }
  workspaces.set(paths, known);
  return known;
}

/** The folder of the nearest Cargo.toml at or above a folder, or null. */
function manifestFolder(folder: string, paths: PathSet): string | null {
  for (let dir = folder, steps = 0; steps < 64; dir = parent(dir), steps++) {
    if (paths.has(join(dir, 'Cargo.toml'))) return dir;
    if (dir === '') return null;
  }
  return null;
}

/** The crate a file belongs to: its manifest's `src/` (or `[lib] path`), or a target folder whose files are crate roots. */
function crateOf(file: string, paths: PathSet): Crate {
  let cache = crates.get(paths);
  if (cache === undefined) {
    cache = new Map();
    crates.set(paths, cache);
  }
  const hit = cache.get(file);
  if (hit !== undefined) return hit;
  const dir = parent(file);
  const manifest = manifestFolder(dir, paths);
  let crate: Crate;
  if (manifest === null) {
    crate = { folder: dir, roots: [file] };
  } else {
    const rel = path.posix.relative(manifest, file);
    const target = TARGET_FOLDERS.find((t) => rel.startsWith(`${t}/`));
    const lib = workspace(paths).libPath.get(manifest);
    // A target whose root lies outside src/ (`[[bin]] path = "crates/core/main.rs"`): its folder holds its modules.
    const targetRoot = rel.startsWith('src/') ? null : targetAround(file, workspace(paths).targetPaths.get(manifest));
    if (target !== undefined) {
      const folder = join(manifest, target);
      // A top-level file of tests/ or examples/ is its own crate root; files below are its modules.
      crate = { folder, roots: parent(file) === folder ? [file] : [] };
    } else if (lib !== undefined && !rel.startsWith('src/')) {
      crate = { folder: parent(lib), roots: [lib] };
    } else if (rel === 'build.rs') {
      crate = { folder: manifest, roots: [file] };
    } else if (targetRoot !== null) {
      crate = { folder: parent(targetRoot), roots: [targetRoot] };
    } else {
      const folder = join(manifest, 'src');
      crate = { folder, roots: ['lib.rs', 'main.rs'].map((f) => join(folder, f)).filter((f) => paths.has(f)) };
    }
  }
  cache.set(file, crate);
  return crate;
}

/** The root, among a manifest's target roots, whose folder holds the file (the deepest such folder), or null. */
function targetAround(file: string, roots: readonly string[] | undefined): string | null {
  let best: string | null = null;
  for (const root of roots ?? []) {
    const folder = parent(root);
    if ((folder === '' || file.startsWith(`${folder}/`)) && (best === null || folder.length > parent(best).length)) best = root;
  }
  return best;
}

/** The files of the module whose folder is given: `<folder>.rs`, `<folder>/mod.rs`, or the crate's roots. */
export function moduleFiles(folder: string, crate: Crate, paths: PathSet): string[] {
  if (folder === crate.folder) return crate.roots;
  return [`${folder}.rs`, `${folder}/mod.rs`].filter((f) => paths.has(f));
}

/** The folder of the module a file is: its own folder for `mod.rs` and crate roots, else `<folder>/<stem>`. */
function moduleFolderOf(file: string, crate: Crate): string {
  const base = path.posix.basename(file);
  if (base === 'mod.rs' || crate.roots.includes(file)) return parent(file);
  return join(parent(file), base.replace(/\.rs$/, ''));
}

/**
 * The files a `::` path names, deepest module first: `crate::a::b`, `super::x`, `self::x`, a child
 * module of the current one (`x::y`), or another crate of the workspace (`tokio::net`). A path that
 * goes on into an inline module or an item (`crate::a::Enum::Variant`) ends at the last module with
 * a file. Paths into other crates and the standard library resolve to nothing.
 */
export function resolvePath(segments: readonly string[], from: string, paths: PathSet): string[] {
  const crate = crateOf(from, paths);
  const here = moduleFolderOf(from, crate);
  const [first, ...rest] = segments;
  if (first === undefined) return [];
  let current: { folder: string; crate: Crate } | null;
  let remaining = rest;
  if (first === 'crate') current = { folder: crate.folder, crate };
  else if (first === 'self') current = { folder: here, crate };
  else if (first === 'super') {
    let folder = here;
    let ups = 1;
    while (remaining[0] === 'super') {
      ups++;
      remaining = remaining.slice(1);
    }
    for (let i = 0; i < ups && folder !== crate.folder; i++) folder = parent(folder);
    current = { folder, crate };
  } else if (moduleFiles(join(here, first), crate, paths).length > 0) {
    current = { folder: join(here, first), crate };
  } else {
    const other = workspace(paths).byName.get(first);
    current = other === undefined ? null : { folder: other.folder, crate: other };
  }
  if (current === null) return [];
  let files = moduleFiles(current.folder, current.crate, paths);
  for (const segment of remaining) {
    const next = join(current.folder, segment);
    const found = moduleFiles(next, current.crate, paths);
    if (found.length === 0) break;
    current = { folder: next, crate: current.crate };
    files = found;
  }
  return files;
}

/** The file a `#[path = "…"]` attribute names, relative to the declaring file's folder. */
export function resolvePathAttribute(target: string, from: string, paths: PathSet): string[] {
  const file = path.posix.normalize(join(parent(from), target));
  return paths.has(file) ? [file] : [];
}
