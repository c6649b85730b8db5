import path from 'node:path';
import type { ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';
import { withPackData } from '../../pack-data.js';
import { javaFunctionBodies } from './bodies.js';
import { javaSignature } from './signature.js';

const SOURCE_EXTENSION = '.java';

/** `a.b.C` → `a/b/C`. */
function slashed(dotted: string): string {
  return dotted.split('.').join('/');
}

/** Length of the path prefix two files share, in folders (ranks a module's own copy of a path first). */
function sharedFolders(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

/** Files whose path ends with `relative` (a class under any source root), the importing file's own module first. */
function underAnyRoot(relative: string, from: string, paths: PathSet): string[] {
  return [...paths.withSuffix(relative)].sort((a, b) => sharedFolders(b, from) - sharedFolders(a, from)).slice(0, 2);
}

/** The Java files of a package (`a/b`): every folder ending with that path (one per source root: main, test, other modules). */
function packageFiles(packagePath: string, paths: PathSet): string[] {
  return paths.foldersWithSuffix(packagePath).flatMap((folder) => paths.inFolder(folder).filter((f) => f.endsWith(SOURCE_EXTENSION)));
}

/**
 * `import a.b.C;` names `a/b/C.java` under any source root; `import a.b.Outer.Inner;` and
 * `import static a.b.C.m;` name `a/b/Outer.java` and `a/b/C.java` (the name is a member);
 * `import static a.b.Outer.Inner.m;` names `a/b/Outer.java`. `import static a.b.C.*;` names the
 * class's file, `import a.b.*;` the package's files. The JDK and jars resolve to nothing.
 */
function resolveImport(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  const base = slashed(fact.module);
  if (fact.star) {
    const owner = underAnyRoot(base + SOURCE_EXTENSION, from, paths);
    return owner.length > 0 ? owner : packageFiles(base, paths);
  }
  const candidates = fact.name === null ? [base] : [`${base}/${fact.name}`, base, path.posix.dirname(base)];
  for (const candidate of candidates) {
    if (candidate === '.' || candidate === '') continue;
    const found = underAnyRoot(candidate + SOURCE_EXTENSION, from, paths);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The package path of a file from the conventional source layouts: what follows the last `java`
 * folder (`src/main/java/a/b`, `src/test/java/a/b`), else the last `src` folder; null when neither.
 */
function packagePathOf(folder: string): string | null {
  const parts = folder.split('/');
  for (const root of ['java', 'src']) {
    const at = parts.lastIndexOf(root);
    if (at >= 0 && at < parts.length - 1) return parts.slice(at + 1).join('/');
  }
  return null;
}

/**
 * A Java package's other files see each other's top-level names without an import: the file's
 * folder, and the same package under the repository's other source roots (a test and the class it
 * tests share a package in `src/test/java` and `src/main/java`).
 */
function companions(file: string, paths: PathSet): readonly string[] {
  const dir = path.posix.dirname(file);
  const folder = dir === '.' ? '' : dir;
  const pkg = packagePathOf(folder);
  const folders =
    pkg === null ? [folder] : [folder, ...paths.foldersWithSuffix(pkg).filter((f) => f !== folder && packagePathOf(f) === pkg)];
  return folders.flatMap((f) => paths.inFolder(f).filter((p) => p !== file && p.endsWith(SOURCE_EXTENSION)));
}

/** `Map<String, List<T>>` → `Map`, `a.b.Outer.Inner` → `Inner`, `Foo[]` → `Foo`. */
function lastComponent(name: string): string {
  let bare = name;
  for (let previous = ''; previous !== bare;) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  bare = bare
    .replace(/\[\s*\]/g, '')
    .replace(/[<>].*$/, '')
    .trim();
  return bare.split('.').at(-1) ?? bare;
}

/** Java: names come from the queries; imports name files under any source root; a package's files see each other. */
export const javaAdapter: LanguageAdapter = withPackData('java', {
  functionBodies: javaFunctionBodies,
  lastComponent,
  qualifierOf(name) {
    const parts = name.replace(/<.*$/, '').split('.');
    return parts.length > 1 ? (parts.at(-2) ?? null) : null;
  },
  resolveImport,
  // Every Java import names a class or member (or stars a package): nothing binds a module.
  moduleBinding: () => null,
  companions,
  // A bare call inside a class is first a method of the class (or one it inherits).
  implicitSelf: true,
  // Overloads are told apart by their parameters' types (names.yaml's `overloads:`).
  signature: javaSignature,
});
