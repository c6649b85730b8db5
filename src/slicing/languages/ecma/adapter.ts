import type { ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';
import type { Node } from '../../parser/tree-sitter.js';
import { withPackData } from '../../pack-data.js';
import { isExternalModule, resolveModule } from './modules.js';

/** Qualifiers that name no class (`exports.f`, `module.exports.f`, `this.f = function`). */
const NOT_A_CLASS = new Set(['this', 'exports', 'module', 'window', 'globalThis', 'self', 'prototype']);

/** The last part of a dotted or generic name (`Foo` of `ns.Foo<T>`). */
function lastComponent(name: string): string {
  const bare = name.replace(/<.*$/s, '');
  return bare.split('.').at(-1) ?? bare;
}

/** The name a type node gives (`Foo` of `Foo`, `Foo<T>`, `ns.Foo`), else null. */
function namedType(node: Node | null): string | null {
  if (node === null) return null;
  if (node.type === 'type_identifier') return node.text;
  if (node.type === 'generic_type' || node.type === 'nested_type_identifier') return namedType(node.childForFieldName('name'));
  return null;
}

/** The constraints of type parameters (`T` of `<T extends S>`: S), from the `type_parameters` of the nodes given. */
function constraintsOf(...nodes: (Node | null)[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of nodes)
    for (const param of node?.childForFieldName('type_parameters')?.namedChildren ?? []) {
      const name = param?.childForFieldName('name')?.text;
      const constraint = namedType(param?.childForFieldName('constraint')?.namedChildren[0] ?? null);
      if (name !== undefined && constraint !== null) out.set(name, constraint);
    }
  return out;
}

/**
 * A TypeScript type alias of a function type (`type P = <T extends S>(s: T, n: number) => R`): the
 * type each parameter names, by position (S, ''); a type parameter is read as its constraint.
 */
function parameterTypes(node: Node): string[] | null {
  if (node.type !== 'type_alias_declaration') return null;
  const fn = node.childForFieldName('value');
  if (fn?.type !== 'function_type') return null;
  const constraints = constraintsOf(node, fn);
  const types: string[] = [];
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (param === null || (param.type !== 'required_parameter' && param.type !== 'optional_parameter')) continue;
    const named = namedType(param.childForFieldName('type')?.namedChildren[0] ?? null);
    types.push(named === null ? '' : (constraints.get(named) ?? named));
  }
  return types;
}

/**
 * JavaScript, TypeScript and TSX: names come from the queries; imports resolve to files through
 * relative paths, the TypeScript compiler's extension rules, tsconfig/jsconfig `paths` and
 * `baseUrl`, package.json `imports`, and the repository's own workspace packages (see modules.ts).
 */
export const ecmaAdapter: LanguageAdapter = withPackData('ecma', {
  lastComponent,
  parameterTypes,
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
