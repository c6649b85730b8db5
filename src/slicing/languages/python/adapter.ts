import path from 'node:path';
import { withPackData } from '../../pack-data.js';
import type { ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';

/** Source files a dotted module path can be: a module or a package. */
function moduleFiles(base: string): string[] {
  return [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`, `${base}/__init__.pyi`];
}

/**
 * The files of an absolute module path (`a.b.c`): a module at a source root (the repository root,
 * `src/`, or any folder that is not itself a package), so `utils` is not every `*\/utils.py`.
 */
function absoluteModule(dotted: string, paths: PathSet): string[] {
  const relative = dotted.split('.').join('/');
  const found: string[] = [];
  for (const suffix of moduleFiles(relative)) {
    for (const file of paths.withSuffix(suffix)) {
      const root = file.slice(0, file.length - suffix.length);
      if (root === '' || !paths.has(`${root}__init__.py`)) found.push(file);
    }
  }
  return found.sort((a, b) => a.length - b.length).slice(0, 2);
}

/**
 * `import a.b`, `from a.b import c`, `from ..x import y`, `from . import m`: relative imports from
 * the importing file's package, absolute ones from a source root. A name imported from a package
 * may be a submodule, so its own file comes after the package's. Third-party and standard-library
 * modules resolve to nothing.
 */
function resolveImport(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  const dots = /^\.*/.exec(fact.module)?.[0].length ?? 0;
  const rest = fact.module.slice(dots);
  let bases: string[];
  if (dots > 0) {
    let dir = path.posix.dirname(from);
    for (let i = 1; i < dots; i++) dir = path.posix.dirname(dir);
    const base = dir === '.' ? '' : dir;
    const joined = rest === '' ? base : path.posix.join(base, rest.split('.').join('/'));
    bases = [joined];
  } else {
    bases = [...new Set(absoluteModule(rest, paths).map((f) => f.replace(/(\/__init__)?\.pyi?$/, '')))];
  }
  const files: string[] = [];
  for (const base of bases) {
    if (base !== '') files.push(...moduleFiles(base));
    else files.push('__init__.py');
    if (fact.name !== null) files.push(...moduleFiles(base === '' ? fact.name : `${base}/${fact.name}`));
  }
  return [...new Set(files)].filter((f) => paths.has(f));
}

/** `from pkg import mod` where `mod` is a module of the package (`pkg/mod.py`, `pkg/mod/__init__.py`): its files. */
function submoduleFiles(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  if (fact.name === null) return [];
  const own = resolveImport({ ...fact, name: null }, from, paths);
  return resolveImport(fact, from, paths).filter((f) => !own.includes(f));
}

/** Python: names come from the queries; imports resolve through packages. */
export const pythonAdapter: LanguageAdapter = withPackData('python', {
  lastComponent: (name) => name.split('.').at(-1) ?? name,
  qualifierOf(name) {
    const parts = name.split('.');
    return parts.length > 1 ? (parts.at(-2) ?? null) : null;
  },
  resolveImport,
  submoduleFiles,
  moduleBinding: (module) => (module.startsWith('.') ? null : (module.split('.')[0] ?? null)),
  companions: () => [],
  // A bare name in a method is never a member of its class: members are reached through `self` or `cls`.
  implicitMembers: false,
});
