import path from 'node:path';
import type { Node } from '../../parser/tree-sitter.js';
import type { ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';
import { withPackData } from '../../pack-data.js';
import { goFunctionBodies } from './bodies.js';

/** A module of the repository: the folder of its go.mod and the module path it declares. */
interface Module {
  dir: string;
  path: string;
}

/** The modules of a revision, read once per PathSet from its go.mod files. */
const modulesOf = new WeakMap<PathSet, Module[]>();

function modules(paths: PathSet): Module[] {
  let found = modulesOf.get(paths);
  if (found === undefined) {
    found = [];
    for (const file of paths.withSuffix('go.mod')) {
      const declared = /^\s*module\s+("?)([^\s"]+)\1/m.exec(paths.manifest(file) ?? '')?.[2];
      if (declared === undefined) continue;
      const dir = path.posix.dirname(file);
      found.push({ dir: dir === '.' ? '' : dir, path: declared });
    }
    modulesOf.set(paths, found);
  }
  return found;
}

/** True when `file` lies in `dir` or below it ('' is the root). */
function isBelow(file: string, dir: string): boolean {
  return dir === '' || file.startsWith(dir + '/');
}

/** A package's source files (tests are not part of what an importer sees), the one named after the package first. */
function packageFiles(folder: string, paths: PathSet): string[] {
  const own = `${path.posix.basename(folder)}.go`;
  return paths
    .inFolder(folder)
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))
    .sort((a, b) => Number(path.posix.basename(b) === own) - Number(path.posix.basename(a) === own) || a.localeCompare(b));
}

/**
 * The folder an import path names in this repository: in the module whose path is its longest
 * prefix (the nearest go.mod above the importing file when two declare the same path); without any
 * go.mod, the longest tail of a domain-qualified path that is a folder (GOPATH layout). The standard
 * library and other modules name no folder.
 */
function importFolder(importPath: string, from: string, paths: PathSet): string | null {
  const all = modules(paths);
  let best: Module | null = null;
  for (const m of all) {
    if (importPath !== m.path && !importPath.startsWith(m.path + '/')) continue;
    const longer = best === null || m.path.length > best.path.length;
    const nearer = best !== null && m.path.length === best.path.length && isBelow(from, m.dir) && m.dir.length > best.dir.length;
    if (longer || nearer) best = m;
  }
  if (best !== null) return path.posix.join(best.dir, importPath.slice(best.path.length + 1));
  if (all.length > 0 || !/^[^/]*\.[^/]*\//.test(importPath)) return null;
  const parts = importPath.split('/');
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (paths.inFolder(tail).some((f) => f.endsWith('.go'))) return tail;
  }
  return null;
}

/** `import "m/p"`, `import q "m/p"`, `import . "m/p"`: every source file of the package's folder. */
function resolveImport(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  const folder = importFolder(fact.module, from, paths);
  return folder === null ? [] : packageFiles(folder === '.' ? '' : folder, paths);
}

/**
 * The name a package import binds when not renamed: the last element of its path, without a major
 * version (`/v2`, `.v3`) or a `go-` prefix (`go-isatty` declares `isatty`), as Go packages are named.
 */
function moduleBinding(module: string): string | null {
  const parts = module.split('/');
  let last = parts.at(-1) ?? '';
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts.at(-2) ?? last;
  last = last
    .replace(/\.v\d+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]go$/, '');
  return /^[A-Za-z_]\w*$/.test(last) ? last : null;
}

/** A package's other files see a file's top-level names; a test file also sees the package's other tests. */
function companions(file: string, paths: PathSet): readonly string[] {
  const folder = path.posix.dirname(file);
  const test = file.endsWith('_test.go');
  return paths.inFolder(folder === '.' ? '' : folder).filter((f) => f !== file && f.endsWith('.go') && (test || !f.endsWith('_test.go')));
}

/** Go: names come from the queries; imports resolve through the repository's go.mod files. */
export const goAdapter: LanguageAdapter = withPackData('go', {
  functionBodies: goFunctionBodies,
  /** A method's scope is shown as `Receiver.Method` (`Server.Handle`), a function's by its name. */
  scopeName(node: Node) {
    const name = node.childForFieldName('name')?.text ?? null;
    if (name === null || node.type !== 'method_declaration') return name;
    const receiverType = node
      .childForFieldName('receiver')
      ?.namedChildren.find((c) => c?.type === 'parameter_declaration')
      ?.childForFieldName('type');
    const typeName = receiverType?.text.replace(/^\*/, '').replace(/\[.*$/s, '') ?? '';
    return /^[A-Za-z_]\w*$/.test(typeName) ? `${typeName}.${name}` : name;
  },
  lastComponent: (name) => name.split('.').at(-1) ?? name,
  qualifierOf(name) {
    const parts = name.split('.');
    return parts.length > 1 ? (parts.at(-2) ?? null) : null;
  },
  implicitMembers: false,
  resolveImport,
  moduleBinding,
  companions,
});
