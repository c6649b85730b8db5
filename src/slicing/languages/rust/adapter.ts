import { AROUND_THE_NAME, type ImportFact, type LanguageAdapter, type PathSet } from '../../language-pack.js';
import type { Node } from '../../parser/tree-sitter.js';
import { resolvePath, resolvePathAttribute } from './modules.js';
import { modDeclaration, useDeclaration } from './uses.js';

/**
 * The prelude, the standard macros and the std methods called everywhere: never defined in the
 * repository, or defined there only as one of many trait implementations that a search for them
 * could not tell apart. One-letter names are generic parameters.
 */
const RUST_BUILTINS = [
  'self', 'Self', 'super', 'crate', 'std', 'core', 'alloc', 'Some', 'None', 'Ok', 'Err', 'Option', 'Result', 'Box', 'Vec', 'String', 'Rc', 'Arc',
  'Cell', 'RefCell', 'Mutex', 'RwLock', 'HashMap', 'HashSet', 'BTreeMap', 'BTreeSet', 'VecDeque', 'PhantomData', 'Pin', 'Future', 'Poll',
  'Ready', 'Pending', 'Send', 'Sync', 'Sized', 'Unpin', 'Copy', 'Clone', 'Debug', 'Display', 'Default', 'Drop', 'Fn', 'FnMut', 'FnOnce',
  'Iterator', 'IntoIterator', 'From', 'Into', 'AsRef', 'AsMut', 'PartialEq', 'Eq', 'PartialOrd', 'Ord', 'Hash', 'Formatter', 'Duration',
  'println', 'print', 'eprintln', 'eprint', 'format', 'format_args', 'write', 'writeln', 'vec', 'panic', 'assert', 'assert_eq', 'assert_ne',
  'debug_assert', 'debug_assert_eq', 'debug_assert_ne', 'unreachable', 'unimplemented', 'todo', 'matches', 'cfg', 'concat', 'stringify',
  'include_str', 'include_bytes', 'env', 'line', 'file', 'column', 'module_path', 'dbg', 'thread_local', 'compile_error',
  'unwrap', 'expect', 'clone', 'into', 'to_string', 'to_owned', 'as_ref', 'as_mut', 'iter', 'iter_mut', 'into_iter', 'collect', 'map',
  'map_err', 'and_then', 'ok_or', 'ok_or_else', 'unwrap_or', 'unwrap_or_else', 'unwrap_or_default', 'is_some', 'is_none', 'is_ok', 'is_err',
  'as_str', 'as_slice', 'as_ptr', 'to_vec', 'enumerate', 'zip', 'filter', 'filter_map', 'fold', 'rev', 'chain', 'cloned', 'copied',
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''),
];

/** Optional leading words of an item: visibility (`pub(crate)`) and qualifiers. */
const VISIBILITY = String.raw`(?:pub(?:[ \t]*\([^)\n]*\))?[ \t]+)?`;
const FN_QUALIFIERS = String.raw`(?:(?:const|async|unsafe|default|extern(?:[ \t]+"[^"\n]*")?)[ \t]+)*`;

/** `&'a mut dyn a::B<C<D>>` → ['a', 'B']: references, lifetimes, `mut`/`dyn`/`impl` and generic arguments dropped, then split on `::`. */
function components(name: string): string[] {
  let bare = name.replace(/^(?:\s*(?:&|'\w+|mut\b|dyn\b|impl\b))+\s*/, '');
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  return bare
    .split('::')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A scope's display name: `T::method` for a method of `impl T`, `impl Trait for T` or `trait T`; the type for an impl. */
function scopeName(node: Node): string | null {
  if (node.type === 'impl_item') {
    const type = node.childForFieldName('type');
    return type === null ? null : (components(type.text).at(-1) ?? null);
  }
  const name = node.childForFieldName('name')?.text ?? null;
  if (name === null || node.type !== 'function_item') return name;
  const owner = node.parent?.type === 'declaration_list' ? node.parent.parent : null;
  if (owner === null || owner === undefined) return name;
  const type = owner.type === 'impl_item' ? owner.childForFieldName('type') : owner.type === 'trait_item' ? owner.childForFieldName('name') : null;
  const qualifier = type === null ? undefined : components(type.text).at(-1);
  return qualifier === undefined ? name : `${qualifier}::${name}`;
}

/** `use` trees, `mod x;` and `#[path = "…"] mod x;` (a module that ends in `.rs` is a path), resolved through the crate's module tree. */
function resolveImport(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  if (fact.module.endsWith('.rs')) return resolvePathAttribute(fact.module, from, paths);
  // A name imported from a module may be a module itself (`use crate::net::tcp;`): then its files are
  // what the import names (a function of the same name is usually re-exported from it, `pub use spawn::spawn`).
  const segments = fact.name === null ? fact.module.split('::') : [...fact.module.split('::'), fact.name];
  return resolvePath(segments, from, paths).filter((f) => f !== from);
}

/** Imports of a node the structure query captures as `@import.tree`. */
function importsOf(node: Node): ImportFact[] {
  switch (node.type) {
    case 'use_declaration':
      return useDeclaration(node.text);
    case 'mod_item': {
      const name = node.childForFieldName('name');
      return name === null ? [] : [modDeclaration(name.text)];
    }
    default:
      return [];
  }
}

/** Rust: names come from the queries; `use` and `mod` resolve through Cargo.toml crates and the module tree. */
export const rustAdapter: LanguageAdapter = {
  scopeName,
  importsOf,
  // Every hint is a declaration's shape on the name's line.
  hintReach: AROUND_THE_NAME,
  definitionHint(name, kind) {
    const n = name.replace(/\W/g, '');
    switch (kind) {
      case 'callable':
        return new RegExp(String.raw`^[ \t]*${VISIBILITY}${FN_QUALIFIERS}fn[ \t]+${n}\b|\bmacro_rules![ \t]*${n}\b`, 'm');
      case 'type':
        // Types, and enum variants (`Name(..)`, `Name { .. }`, `Name,`), which construct values.
        return new RegExp(String.raw`^[ \t]*${VISIBILITY}(?:(?:unsafe|auto)[ \t]+)*(?:struct|enum|union|trait|type)[ \t]+${n}\b|^[ \t]+${n}[ \t]*(?:[({,=]|$)`, 'm');
      case 'field':
        return new RegExp(String.raw`^[ \t]*${VISIBILITY}${n}[ \t]*:[^:]`, 'm');
      case 'variable':
        return new RegExp(String.raw`^[ \t]*${VISIBILITY}(?:const|static)[ \t]+(?:mut[ \t]+)?${n}\b|\bmacro_rules![ \t]*${n}\b|^[ \t]+${n}[ \t]*(?:[,=]|$)`, 'm');
    }
  },
  lastComponent: (name) => components(name).at(-1) ?? name,
  qualifierOf: (name) => components(name).at(-2) ?? null,
  builtins: new Set(RUST_BUILTINS),
  selfNames: new Set(['self', 'Self']),
  resolveImport,
  moduleBinding(module) {
    const last = module.split('::').at(-1) ?? null;
    return last === null || last === 'crate' || last === 'self' || last === 'super' || last.endsWith('.rs') ? null : last;
  },
  companions: () => [],
};
