import { withPackData } from '../../pack-data.js';
import type { ImportFact, LanguageAdapter, PathSet } from '../../language-pack.js';
import type { Node } from '../../parser/tree-sitter.js';
import { resolvePath, resolvePathAttribute } from './modules.js';
import { modDeclaration, useDeclaration } from './uses.js';

/** `&'a mut dyn a::B<C<D>>` → ['a', 'B']: references, lifetimes, `mut`/`dyn`/`impl` and generic arguments dropped, then split on `::`. */
function components(name: string): string[] {
  let bare = name.replace(/^(?:\s*(?:&|'\w+|mut\b|dyn\b|impl\b))+\s*/, '');
  for (let previous = ''; previous !== bare;) {
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
  const type =
    owner.type === 'impl_item' ? owner.childForFieldName('type') : owner.type === 'trait_item' ? owner.childForFieldName('name') : null;
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
export const rustAdapter: LanguageAdapter = withPackData('rust', {
  scopeName,
  importsOf,
  lastComponent: (name) => components(name).at(-1) ?? name,
  qualifierOf: (name) => components(name).at(-2) ?? null,
  resolveImport,
  moduleBinding(module) {
    const last = module.split('::').at(-1) ?? null;
    return last === null || last === 'crate' || last === 'self' || last === 'super' || last.endsWith('.rs') ? null : last;
  },
  companions: () => [],
});
