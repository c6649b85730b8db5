import type { Node } from './parser/tree-sitter.js';

/** How a function parameter receives its argument: only mutable references and pointers let the callee write it. */
export type ParamMode = 'value' | 'pointer' | 'mutable-reference' | 'const-reference';

/** One name a definition node declares. */
export interface DeclaredName {
  name: string;
  /** The class or namespace qualifying the name (`Foo` of `Foo::bar`), when written out. */
  qualifier: string | null;
  /** The named type of the declaration (`Buf` of `Buf *b`), null for primitive or unknown types. */
  typeName: string | null;
  /** True for functions and function prototypes. */
  callable: boolean;
  /** Passing modes of the parameters, for callables. */
  paramModes: ParamMode[];
  /** The variable whose elements the name is bound to (`xs` of `for (auto& x : xs)`), when a plain name. */
  boundTo?: string;
}

/** What kind of definition a repository search looks for. */
export type HintKind = 'type' | 'callable' | 'variable' | 'field';

/** A call's callee and its arguments (plain identifiers only; null for any other expression). */
export interface CallShape {
  callee: string;
  /** Byte offset of the callee's name, so the slicer does not count it as a variable read. */
  calleeStart: number;
  args: (string | null)[];
}

/** The language knowledge the queries cannot express: reading names out of nested declarators. */
export interface LanguageAdapter {
  /** Names a node captured as `@definition.*` declares. */
  declaredNames(node: Node): DeclaredName[];
  /** Display name of a scope (`Foo::Bar`, `S`, `ns`), null when anonymous. */
  scopeName(node: Node): string | null;
  /** Callee and arguments of a node captured as `@call.expression`; null when the callee has no name. */
  describeCall(node: Node): CallShape | null;
  /** A text pattern that any file defining `name` as this kind matches, to avoid parsing files that only use it. */
  definitionHint(name: string, kind: HintKind): RegExp;
  /** For a member-field node (`p->len`, `s.len`), the name of the object when it is a plain identifier or `this`. */
  memberObject(fieldNode: Node): string | null;
  /** The bare name of a scope or type name as definitions record containers (`Table` of `kv::Table<int>`). */
  lastComponent(name: string): string;
  /** The type or namespace qualifying a function's name (`Table` of `kv::Table<T>::Put`), null when unqualified. */
  qualifierOf(name: string): string | null;
  /** Identifiers never worth a repository search (keywords, the standard library). */
  builtins: ReadonlySet<string>;
}

/**
 * A language pack: grammar, queries and adapter. Query files are asset names under
 * `src/slicing/languages/` and may start with `; inherits: <pack>` to include that pack's file first.
 */
export interface LanguagePack {
  id: string;
  /** WASM grammar file name. */
  grammar: string;
  queries: { structure: string; flow: string };
  /** Extensions (with dot, lower case) that belong to this language only. */
  sourceExtensions: readonly string[];
  /** Extensions of files made to be included (headers), which this language may claim; see `PackChooser`. */
  headerExtensions: readonly string[];
  /** Among packs whose sources are present, the highest claims shared headers. */
  headerPriority: number;
  adapter: LanguageAdapter;
}
