import path from 'node:path';
import type { Node } from '../../parser/tree-sitter.js';
import type { HintKind, ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';
import { goFunctionBodies } from './bodies.js';

/** Go's predeclared identifiers: never defined in a repository. `_` is the blank identifier. */
const GO_BUILTINS = [
  '_', 'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic', 'print', 'println',
  'real', 'recover', 'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune',
  'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any', 'comparable', 'true', 'false', 'iota', 'nil',
];

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
  last = last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[-.]go$/, '');
  return /^[A-Za-z_]\w*$/.test(last) ? last : null;
}

/** A package's other files see a file's top-level names; a test file also sees the package's other tests. */
function companions(file: string, paths: PathSet): readonly string[] {
  const folder = path.posix.dirname(file);
  const test = file.endsWith('_test.go');
  return paths.inFolder(folder === '.' ? '' : folder).filter((f) => f !== file && f.endsWith('.go') && (test || !f.endsWith('_test.go')));
}

/** Up to two names separated by commas before the name (`a, b int`). */
const LEADING_NAMES = '(?:\\w+[ \\t]*,[ \\t]*)*';
const TRAILING_NAMES = '(?:[ \\t]*,[ \\t]*\\w+)*';

/** Lines of a parenthesized group (`type (`, `var (`, `const (`) up to the line naming `n`. */
function inGroup(keywords: string, n: string): string {
  return `^(?:${keywords})[ \\t]*\\((?:\\n(?!\\)).*)*?\\n[ \\t]+${LEADING_NAMES}${n}\\b`;
}

function hintSource(n: string, kind: HintKind): string {
  switch (kind) {
    case 'callable':
      return [
        // functions and methods (`func (s *S[T]) Name`), generic ones included
        `^func[ \\t]*(?:\\([^)\\n]*\\)[ \\t]*)?${n}\\b`,
        // a field of function type, a function value
        `^[ \\t]+${LEADING_NAMES}${n}${TRAILING_NAMES}[ \\t]+func\\b`,
        `^(?:var[ \\t]+|[ \\t]+)${n}\\b[^=\\n]*=[ \\t]*func\\b`,
        // an interface's method: inside `interface {`, whose lines may hold `interface{}`
        `interface[ \\t]*\\{(?:[^{}]|\\{\\})*?\\n[ \\t]+${n}[ \\t]*\\(`,
      ].join('|');
    case 'type':
      return [`^[ \\t]*type[ \\t]+${n}\\b`, inGroup('type', n)].join('|');
    case 'field':
      return [
        `^[ \\t]+${LEADING_NAMES}${n}${TRAILING_NAMES}[ \\t]+[^\\s=:,]`,
        // an embedded field: `Name`, `*Name`, `pkg.Name`, with a tag or a comment
        `^[ \\t]+\\*?(?:\\w+\\.)?${n}[ \\t]*(?:$|//|\`)`,
      ].join('|');
    case 'variable':
      return [`^(?:var|const)[ \\t]+${LEADING_NAMES}${n}\\b`, inGroup('var|const', n)].join('|');
  }
}


/** Go: names come from the queries; imports resolve through the repository's go.mod files. */
export const goAdapter: LanguageAdapter = {
  functionBodies: goFunctionBodies,
  /** A method's scope is shown as `Receiver.Method` (`Server.Handle`), a function's by its name. */
  scopeName(node: Node) {
    const name = node.childForFieldName('name')?.text ?? null;
    if (name === null || node.type !== 'method_declaration') return name;
    const receiverType = node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration')?.childForFieldName('type');
    const typeName = receiverType?.text.replace(/^\*/, '').replace(/\[.*$/s, '') ?? '';
    return /^[A-Za-z_]\w*$/.test(typeName) ? `${typeName}.${name}` : name;
  },
  definitionHint(name, kind) {
    return new RegExp(hintSource(name.replace(/\W/g, ''), kind), 'm');
  },
  lastComponent: (name) => name.split('.').at(-1) ?? name,
  qualifierOf(name) {
    const parts = name.split('.');
    return parts.length > 1 ? (parts.at(-2) ?? null) : null;
  },
  builtins: new Set(GO_BUILTINS),
  selfNames: new Set(),
  implicitMembers: false,
  resolveImport,
  moduleBinding,
  companions,
};
