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
  if (node.type === 'function_declaration' || node.type === 'function_signature') return callbackTypes(node);
  if (node.type !== 'type_alias_declaration') return null;
  const fn = node.childForFieldName('value');
  if (fn?.type !== 'function_type') return null;
  const constraints = constraintsOf(node, fn);
  const types: string[] = [];
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!isParameter(param)) continue;
    const named = namedType(typeNode(param));
    types.push(named === null ? '' : (constraints.get(named) ?? named));
  }
  return types;
}

/** A declared parameter (`x: T`, `x?: T`), not a `this` type or a rest pattern. */
function isParameter(node: Node | null): node is Node {
  return node?.type === 'required_parameter' || node?.type === 'optional_parameter';
}

/** The type a parameter node (`x: T`, `x?: T`) declares, else null. */
function typeNode(param: Node | null): Node | null {
  return isParameter(param) ? (param.childForFieldName('type')?.namedChildren[0] ?? null) : null;
}

/**
 * A function declaration some of whose parameters are function types (`initializer: (inst: T, def:
 * D) => void`): for each parameter, the type its function type's first parameter names (T: a type
 * parameter the return type's arguments name stays itself, bound where the function is called; any
 * other is read as its constraint), '' for none; null when none names one.
 */
function callbackTypes(node: Node): string[] | null {
  const constraints = constraintsOf(node);
  const typeParams = new Set(
    (node.childForFieldName('type_parameters')?.namedChildren ?? []).map((p) => p?.childForFieldName('name')?.text ?? ''),
  );
  const returned = new Set(argumentsOf(node.childForFieldName('return_type')?.namedChildren[0] ?? null));
  const types: string[] = [];
  let any = false;
  for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!isParameter(param)) continue;
    const fn = typeNode(param);
    const first = fn?.type === 'function_type' ? (fn.childForFieldName('parameters')?.namedChildren[0] ?? null) : null;
    let named = namedType(typeNode(first));
    // a type parameter the return type does not bind is read as its constraint
    if (named !== null && typeParams.has(named) && !returned.has(named)) named = constraints.get(named) ?? null;
    if (named !== null) any = true;
    types.push(named ?? '');
  }
  return any ? types : null;
}

/** The type arguments a type node writes (`A`, `B` of `ns.Box<A, B>`), '' for one that names no type. */
function argumentsOf(type: Node | null): string[] {
  if (type?.type !== 'generic_type') return [];
  return (type.childForFieldName('type_arguments')?.namedChildren ?? []).map((t) => namedType(t) ?? '');
}

/**
 * A function's return type's type arguments (`T`, `D` of `function f<T, D>(…): Box<T, D>`), and for
 * the first parameter of a function passed to a call that initializes a variable with a declared
 * type (`inst` of `const X: ns.Box<A> = ns.box("…", (inst, def) => …)`): callee, what it is reached
 * through, the argument's index and the declared type's arguments. A call with type arguments of its
 * own is left alone.
 */
function typeArguments(node: Node): { typeArgs: string[]; argumentOf: string[] } | null {
  if (node.type === 'function_declaration' || node.type === 'function_signature') {
    const typeArgs = argumentsOf(node.childForFieldName('return_type')?.namedChildren[0] ?? null);
    return typeArgs.length > 0 ? { typeArgs, argumentOf: [] } : null;
  }
  let fn: Node | null = null;
  if (node.type === 'identifier' && node.parent?.type === 'arrow_function') fn = node.parent;
  else if (isParameter(node)) {
    const list = node.parent;
    if (list?.type !== 'formal_parameters' || list.namedChildren[0]?.id !== node.id) return null;
    fn = list.parent;
  }
  if (fn === null || (fn.type !== 'arrow_function' && fn.type !== 'function_expression')) return null;
  const args = fn.parent;
  const call = args?.parent ?? null;
  if (args?.type !== 'arguments' || call?.type !== 'call_expression' || call.childForFieldName('type_arguments') !== null) return null;
  const index = args.namedChildren.findIndex((a) => a?.id === fn.id);
  const callee = call.childForFieldName('function');
  let name: string | null = null;
  let via = '';
  if (callee?.type === 'identifier') name = callee.text;
  else if (callee?.type === 'member_expression' && callee.childForFieldName('object')?.type === 'identifier') {
    name = callee.childForFieldName('property')?.text ?? null;
    via = callee.childForFieldName('object')?.text ?? '';
  }
  const variable = call.parent;
  if (name === null || index < 0 || variable?.type !== 'variable_declarator' || variable.childForFieldName('value')?.id !== call.id)
    return null;
  const declared = argumentsOf(variable.childForFieldName('type')?.namedChildren[0] ?? null);
  if (declared.length === 0) return null;
  return { typeArgs: [], argumentOf: [name, via, String(index), ...declared] };
}

/**
 * JavaScript, TypeScript and TSX: names come from the queries; imports resolve to files through
 * relative paths, the TypeScript compiler's extension rules, tsconfig/jsconfig `paths` and
 * `baseUrl`, package.json `imports`, and the repository's own workspace packages (see modules.ts).
 */
export const ecmaAdapter: LanguageAdapter = withPackData('ecma', {
  lastComponent,
  parameterTypes,
  typeArguments,
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
