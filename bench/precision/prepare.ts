// What each resolver needs of a checkout beyond its files, made without building anything and
// without fetching a dependency (this machine reaches no module proxy or crate registry):
//  - Go: Debian's go is 1.19; go.mod files that ask for a later go (or name a toolchain, godebug
//    settings or tools) are rewritten in the scratch checkout so it loads them; modules outside the
//    repository are not in the module cache, so gopls places their names nowhere (GOPROXY=off).
//  - C and C++: a compile_commands.json from CMake (configure only, no build), made once per
//    repository at the first commit measured and reused for the others, as the checkout's folder
//    stays the same (files added later get the flags of their neighbours, as clangd infers them).
//  - Rust: cargo cannot resolve a workspace offline, so a rust-project.json lists the repository's
//    crates (each package's library, binaries, tests, examples and benches, with the dependencies
//    on each other that the manifests declare, every declared feature on) and the standard
//    library's core, alloc and std from Debian's rust-web-src, as crates of their own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Go's environment for gopls on a checkout: the module cache and build cache in `shared`, no network. */
export function prepareGo(tree: string, shared: string): NodeJS.ProcessEnv {
  for (const file of listFiles(tree).filter((f) => /(?:^|\/)go\.mod$/.test(f))) {
    const absolute = path.join(tree, file);
    const text = readFileSync(absolute, 'utf8');
    const rewritten = text
      .replace(/^go\s+\d+\.\d+(?:\.\d+)?\s*$/m, 'go 1.19')
      .replace(/^toolchain\s+\S+\s*$/gm, '')
      .replace(/^(?:godebug|tool)\s*\([^)]*\)\s*$/gm, '')
      .replace(/^(?:godebug|tool)\s+.*$/gm, '');
    if (rewritten !== text) writeFileSync(absolute, rewritten);
  }
  mkdirSync(path.join(shared, 'gopath'), { recursive: true });
  mkdirSync(path.join(shared, 'gocache'), { recursive: true });
  return {
    ...process.env,
    GOPATH: path.join(shared, 'gopath'),
    GOCACHE: path.join(shared, 'gocache'),
    GOPROXY: 'off',
    GOFLAGS: '-mod=mod',
    GONOSUMDB: '*',
    GONOSUMCHECK: '1',
    GOSUMDB: 'off',
    GOTOOLCHAIN: 'local',
    GO111MODULE: 'on',
  };
}

function listFiles(tree: string): string[] {
  return execFileSync('git', ['-C', tree, 'ls-files', '-z'], { maxBuffer: 1 << 30 })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
}

/** CMake flags that keep a configure from needing what a mirror lacks (submodules, gflags), tried after a plain configure fails. */
const LEAN_CMAKE = [
  '-DLEVELDB_BUILD_TESTS=OFF',
  '-DLEVELDB_BUILD_BENCHMARKS=OFF',
  '-DWITH_GFLAGS=OFF',
  '-DWITH_TESTS=ON',
  '-DWITH_BENCHMARK_TOOLS=OFF',
  '-DWITH_TOOLS=OFF',
  '-DFAIL_ON_WARNINGS=OFF',
  '-DBUILD_TESTING=OFF',
  '-DBUILD_UNITTESTS=OFF',
];

/**
 * `-DX=OFF` for the repository's own options that build tests or benchmarks (snappy's
 * `option(SNAPPY_BUILD_TESTS … ON)`, whose googletest submodule a mirror lacks): their sources get
 * the flags clangd infers from their neighbours, as LevelDB's do.
 */
export function ownTestOptionsOff(tree: string): string[] {
  const text = readFileSync(path.join(tree, 'CMakeLists.txt'), 'utf8');
  const names = [...text.matchAll(/^\s*option\s*\(\s*(\w*(?:TEST|BENCHMARK)S?\w*)\s/gim)].map((m) => m[1] as string);
  return [...new Set(names)].map((name) => `-D${name}=OFF`);
}

/**
 * The folder of a compile_commands.json for the checkout: one the repository keeps, else CMake's
 * (configured once into `shared`, reused across commits), else null (clangd guesses flags).
 */
export function compileCommandsFor(tree: string, shared: string): string | null {
  if (existsSync(path.join(tree, 'compile_commands.json'))) return tree;
  const build = path.join(shared, 'cmake-build');
  if (existsSync(path.join(build, 'compile_commands.json'))) return build;
  if (!existsSync(path.join(tree, 'CMakeLists.txt'))) return null;
  mkdirSync(build, { recursive: true });
  for (const extra of [[], [...LEAN_CMAKE, ...ownTestOptionsOff(tree)]]) {
    const run = spawnSync(
      'nice',
      ['-n', '10', 'cmake', '-S', tree, '-B', build, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON', '-DCMAKE_BUILD_TYPE=Debug', ...extra],
      { encoding: 'utf8', timeout: 600_000 },
    );
    if (run.status === 0 && existsSync(path.join(build, 'compile_commands.json'))) {
      writeFileSync(path.join(shared, 'cmake-note.txt'), `cmake ${extra.join(' ')}\nconfigured at ${tree}\n`);
      return build;
    }
    writeFileSync(path.join(shared, 'cmake-error.txt'), `${run.stdout ?? ''}\n${run.stderr ?? ''}`.slice(-20_000));
  }
  return null;
}

interface Manifest {
  dir: string;
  name: string | null;
  edition: string | null;
  editionFromWorkspace: boolean;
  lib: { name: string | null; path: string | null };
  bins: string[];
  deps: { key: string; package: string | null; path: string | null; dev: boolean }[];
  features: string[];
  workspaceEdition: string | null;
}

/** A manifest's tables as far as rust-project.json needs them (a line reader, not a TOML parser: enough for Cargo.toml as written). */
function readManifest(tree: string, file: string): Manifest {
  const text = readFileSync(path.join(tree, file), 'utf8');
  const m: Manifest = {
    dir: path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file),
    name: null,
    edition: null,
    editionFromWorkspace: false,
    lib: { name: null, path: null },
    bins: [],
    deps: [],
    features: [],
    workspaceEdition: null,
  };
  let section = '';
  let pendingBin = false;
  let depTable: { key: string; dev: boolean } | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[\[?([^\]]+)\]\]?/.exec(line);
    if (header !== null) {
      section = (header[1] as string).trim();
      pendingBin =
        line.startsWith('[[bin]]') || line.startsWith('[[test]]') || line.startsWith('[[example]]') || line.startsWith('[[bench]]');
      const named = /^(?:target\.[^.]+\.)?(dev-|build-)?dependencies\.([\w-]+)$/.exec(section);
      depTable = named === null ? null : { key: named[2] as string, dev: named[1] === 'dev-' };
      if (depTable !== null) m.deps.push({ key: depTable.key, package: null, path: null, dev: depTable.dev });
      continue;
    }
    const kv = /^([\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (kv === null) continue;
    const key = kv[1] as string;
    const value = kv[2] as string;
    const str = /^"([^"]*)"/.exec(value)?.[1] ?? null;
    if (section === 'package') {
      if (key === 'name') m.name = str;
      if (key === 'edition') m.edition = str;
      if (key === 'edition.workspace' || (key === 'edition' && /workspace\s*=\s*true/.test(value))) m.editionFromWorkspace = true;
    } else if (section === 'workspace.package' && key === 'edition') m.workspaceEdition = str;
    else if (section === 'lib') {
      if (key === 'name') m.lib.name = str;
      if (key === 'path') m.lib.path = str;
    } else if (pendingBin && key === 'path' && str !== null) m.bins.push(str);
    else if (section === 'features') m.features.push(key);
    else if (depTable !== null) {
      const last = m.deps[m.deps.length - 1];
      if (last !== undefined && key === 'path') last.path = str;
      if (last !== undefined && key === 'package') last.package = str;
    } else if (/^(?:target\..+\.)?(dev-|build-)?dependencies$/.test(section)) {
      const dev = /dev-dependencies$/.test(section);
      m.deps.push({
        key,
        package: /package\s*=\s*"([^"]+)"/.exec(value)?.[1] ?? null,
        path: /path\s*=\s*"([^"]+)"/.exec(value)?.[1] ?? null,
        dev,
      });
    }
  }
  return m;
}

const RUST_SRC = ['/usr/src/rustc-1.96.0/library'];

/** Writes rust-project.json at the checkout's root (see the file's comment). */
export function prepareRust(tree: string): void {
  const files = listFiles(tree);
  const manifests = files.filter((f) => /(?:^|\/)Cargo\.toml$/.test(f)).map((f) => readManifest(tree, f));
  const workspaceEdition = manifests.find((m) => m.workspaceEdition !== null)?.workspaceEdition ?? '2021';
  const packages = manifests.filter((m) => m.name !== null);
  const byName = new Map(packages.map((m) => [(m.name as string).replace(/-/g, '_'), m]));
  const byDir = new Map(packages.map((m) => [m.dir, m]));
  const exists = (rel: string): boolean => files.includes(rel);
  const join = (dir: string, rel: string): string => path.posix.normalize(dir === '' ? rel : `${dir}/${rel}`);
  interface Crate {
    display_name: string;
    root_module: string;
    edition: string;
    deps: { crate: number; name: string }[];
    cfg: string[];
    is_workspace_member: boolean;
    is_proc_macro: boolean;
  }
  const crates: Crate[] = [];
  const libIndex = new Map<Manifest, number>();
  const cfgOf = (m: Manifest): string[] => ['test', 'debug_assertions', ...m.features.map((f) => `feature="${f}"`)];
  const editionOf = (m: Manifest): string => (m.editionFromWorkspace ? workspaceEdition : (m.edition ?? '2015'));
  for (const m of packages) {
    const libPath = m.lib.path !== null ? join(m.dir, m.lib.path) : join(m.dir, 'src/lib.rs');
    if (exists(libPath)) {
      libIndex.set(m, crates.length);
      crates.push({
        display_name: (m.lib.name ?? (m.name as string)).replace(/-/g, '_'),
        root_module: path.join(tree, libPath),
        edition: editionOf(m),
        deps: [],
        cfg: cfgOf(m),
        is_workspace_member: true,
        is_proc_macro: false,
      });
    }
  }
  const depsOf = (m: Manifest, dev: boolean): { crate: number; name: string }[] => {
    const out: { crate: number; name: string }[] = [];
    for (const d of m.deps) {
      if (d.dev && !dev) continue;
      const target =
        d.path !== null ? byDir.get(join(m.dir, d.path).replace(/\/$/, '')) : byName.get((d.package ?? d.key).replace(/-/g, '_'));
      const index = target === undefined ? undefined : libIndex.get(target);
      if (index !== undefined && target !== m) out.push({ crate: index, name: d.key.replace(/-/g, '_') });
    }
    return out;
  };
  for (const m of packages) {
    const index = libIndex.get(m);
    if (index !== undefined) (crates[index] as Crate).deps = depsOf(m, false);
    const own = index === undefined ? [] : [{ crate: index, name: (crates[index] as Crate).display_name }];
    const roots = new Set<string>(m.bins.map((b) => join(m.dir, b)));
    for (const f of files) {
      if (!f.endsWith('.rs') || (m.dir !== '' && !f.startsWith(`${m.dir}/`))) continue;
      const rel = m.dir === '' ? f : f.slice(m.dir.length + 1);
      if (
        rel === 'src/main.rs' ||
        /^src\/bin\/[^/]+\.rs$/.test(rel) ||
        /^src\/bin\/[^/]+\/main\.rs$/.test(rel) ||
        /^(?:tests|examples|benches)\/[^/]+\.rs$/.test(rel) ||
        /^(?:tests|examples|benches)\/[^/]+\/main\.rs$/.test(rel)
      )
        roots.add(f);
    }
    for (const root of roots) {
      if (!exists(root)) continue;
      const dev = !/\/src\//.test(`/${root.slice(m.dir.length)}`);
      crates.push({
        display_name: path.posix.basename(root, '.rs').replace(/-/g, '_'),
        root_module: path.join(tree, root),
        edition: editionOf(m),
        deps: [...own, ...depsOf(m, dev)],
        cfg: cfgOf(m),
        is_workspace_member: true,
        is_proc_macro: false,
      });
    }
  }
  // The standard library as crates of the project: rust-analyzer's own sysroot loading runs cargo
  // metadata on it, which needs the registry. Their dependencies outside the sysroot stay unresolved.
  const src = RUST_SRC.find((p) => existsSync(path.join(p, 'std', 'src', 'lib.rs')));
  if (src !== undefined) {
    const first = crates.length;
    const sysroot: [string, string[]][] = [
      ['core', []],
      ['alloc', ['core']],
      ['std', ['core', 'alloc']],
    ];
    for (const [name, deps] of sysroot) {
      const edition = /^edition\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(src, name, 'Cargo.toml'), 'utf8'))?.[1] ?? '2021';
      crates.push({
        display_name: name,
        root_module: path.join(src, name, 'src', 'lib.rs'),
        edition,
        deps: deps.map((d) => ({ crate: first + sysroot.findIndex(([n]) => n === d), name: d })),
        cfg: [],
        is_workspace_member: false,
        is_proc_macro: false,
      });
    }
    for (const crate of crates.slice(0, first)) crate.deps.push(...sysroot.map(([name], i) => ({ crate: first + i, name })));
  }
  const project = { crates };
  writeFileSync(path.join(tree, 'rust-project.json'), JSON.stringify(project, null, 1));
}
