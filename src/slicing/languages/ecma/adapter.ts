import type { ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';
import { withPackData } from '../../pack-data.js';
import { isExternalModule, resolveModule } from './modules.js';

/** Qualifiers that name no class (`exports.f`, `module.exports.f`, `this.f = function`). */
const NOT_A_CLASS = new Set(['this', 'exports', 'module', 'window', 'globalThis', 'self', 'prototype']);

/** The last part of a dotted or generic name (`Foo` of `ns.Foo<T>`). */
function lastComponent(name: string): string {
  const bare = name.replace(/<.*$/s, '');
  return bare.split('.').at(-1) ?? bare;
}

/**
 * JavaScript, TypeScript and TSX: names come from the queries; imports resolve to files through
 * relative paths, the TypeScript compiler's extension rules, tsconfig/jsconfig `paths` and
 * `baseUrl`, package.json `imports`, and the repository's own workspace packages (see modules.ts).
 */
export const ecmaAdapter: LanguageAdapter = withPackData('ecma', {
  lastComponent,
  qualifierOf(name: string): string | null {
    // `Foo.prototype.bar`, `Foo.bar`: Foo; `exports.f`, `this.f`: none.
    const parts = name
      .replace(/<.*$/s, '')
      .split('.')
      .filter((p) => p !== 'prototype');
    const qualifier = parts.length > 1 ? (parts.at(-2) ?? null) : null;
    return qualifier === null || NOT_A_CLASS.has(qualifier) ? null : qualifier;
  },
  // `export { a as b }` names the file's own `a`.
  resolveImport: (fact: ImportFact, from: string, paths: PathSet) =>
    fact.self === true ? [from] : resolveModule(fact.module, from, paths),
  isExternal: (fact: ImportFact, from: string, paths: PathSet) => fact.self !== true && isExternalModule(fact.module, from, paths),
  // A bare name is never a member of the class or interface around it (`y = x` in a class body, `A: typeof A`
  // in an interface): members are reached through `this` or the object only.
  implicitMembers: false,
  // A module specifier binds no name by itself (`import './polyfill'`); every binding is an alias or a name.
  moduleBinding: () => null,
  companions: () => [],
});
