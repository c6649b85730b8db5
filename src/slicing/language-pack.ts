import type { DefinitionKind, ParamMode } from './definition.js';
import type { Node } from './parser/tree-sitter.js';

export type { ParamMode } from './definition.js';

/** How a pack's callee bodies read (names.yaml's `bodies:`). */
export interface Bodies {
  /** A line that leaves the function (`return`, `raise`, `throw`, `panic(`), or null. */
  exits: RegExp | null;
  /** A line above a definition that belongs to it (a decorator, an attribute, an annotation), or null. */
  attributes: RegExp | null;
  /** A body's first line that is its documentation (Python's docstring), or null. */
  doc: RegExp | null;
  /** True when a method's first parameter is its receiver (Python's `self`, Go's receiver): the call's arguments go to the ones after it. */
  receiverFirst: boolean;
}

/** One name a definition node declares. */
export interface DeclaredName {
  name: string;
  /** The class or namespace qualifying the name (`Foo` of `Foo::bar`), when written out. */
  qualifier: string | null;
  /** The named type of the declaration (`Buf` of `Buf *b`), null for primitive or unknown types. */
  typeName: string | null;
  /** What qualifies the type as written (`sync` of `mu sync.Mutex`: the module a file imports it from), when anything does. */
  typeQualifier?: string | null;
  /** True for functions and function prototypes. */
  callable: boolean;
  /** Passing modes of the parameters, for callables. */
  paramModes: ParamMode[];
  /** The variable whose elements the name is bound to (`xs` of `for (auto& x : xs)`), when a plain name. */
  boundTo?: string;
  /** For a variable: the function whose result initializes it, and what the call is reached through (`@returns`, `@returns.via`). */
  returnOf?: string;
  returnVia?: string;
  /** For a function type: the declared type of each parameter, by position ('' where it names none): LanguageAdapter.parameterTypes. */
  paramTypes?: string[];
  /** Definition.typeArgs and Definition.argumentOf: LanguageAdapter.typeArguments. */
  typeArgs?: string[];
  argumentOf?: string[];
}

/** What kind of definition a repository search looks for. */
export type HintKind = 'type' | 'callable' | 'variable' | 'field';

/** How many lines before and after a name's line its definition hints read (see LanguageAdapter.hintReach). */
export interface HintReach {
  before: number;
  after: number;
}

/** The reach of hints that are one declaration's shape on the name's line: the line before and three after, for what continues it. */
export const AROUND_THE_NAME: HintReach = { before: 1, after: 3 };

/** A call's callee and its arguments (plain identifiers only; null for any other expression). */
export interface CallShape {
  callee: string;
  /** Byte offset of the callee's name, so the slicer does not count it as a variable read. */
  calleeStart: number;
  args: (string | null)[];
  /** The object or qualifier the callee is reached through (`s` of `s.size()`, `Foo` of `Foo::make()`), when a plain name. */
  receiver: string | null;
  /** True when the callee is reached through anything (a plain name or any other expression), false for a bare call. */
  reached?: boolean;
  /** Each argument's type as its syntax gives it (see Overloads.argumentType), when the pack reads them. */
  argTypes?: (string | null)[];
}

/** A callable's parameters as its declaration writes them (see Overloads.signature). */
export interface Signature {
  /** Each parameter's type as the pack names types (`Class` of `Class<T>`, `String[]` kept whole), null when not read. */
  params: (string | null)[];
  /** True when the last parameter takes any number of arguments (Java's `T...`). */
  variadic: boolean;
}

/**
 * How the language picks among same-named callables by their arguments (names.yaml's `overloads:`),
 * for a pack whose declarations say their parameters' types: what an argument's syntax says of its
 * type, and which types a value of a known type converts to.
 */
export interface Overloads {
  /** The type an argument's syntax gives it (a literal, a cast, a constructed object), or null. */
  argumentType(node: Node): string | null;
  /** The parameters of the callable `name` declared at the start of `header` (its first lines), or null when they cannot be read. */
  signature(header: string, name: string): Signature | null;
  /** Types a value of a type is also, with no boxing (itself excluded: supertypes, primitive widening), by type; a type listed is closed (nothing else it converts to). */
  widening: ReadonlyMap<string, ReadonlySet<string>>;
  /** Types a value of a type converts to through boxing or unboxing (then widening). */
  boxing: ReadonlyMap<string, ReadonlySet<string>>;
  /** Types nothing else derives from: a value of another type never converts to one (String, the primitives). */
  final: ReadonlySet<string>;
  /** Types that are no reference (`null` never converts to one). */
  primitives: ReadonlySet<string>;
  /** The type every reference converts to (`Object`), and the type of the `null` literal. */
  top: string;
  nullType: string;
  /** A type variable's name (`T`, `K`): it stands for any reference type. */
  typeVariable: RegExp;
}

/** The paths of one revision, for resolving what an import names. */
export interface PathSet {
  has(file: string): boolean;
  /** Paths ending in `/suffix` (or equal to it), in listing order. */
  withSuffix(suffix: string): readonly string[];
  /** Paths directly inside a folder ('' for the root). */
  inFolder(folder: string): readonly string[];
  /** Folders holding files whose path ends in `/suffix` (or equals it): a package's folder under every source root. */
  foldersWithSuffix(suffix: string): readonly string[];
  /** Text of a small file of the revision that says how imports resolve (go.mod, Cargo.toml), or null. */
  manifest(file: string): string | null;
  /** Says that a manifest could not be read as it was meant to be (the run then resolves as without it): the run reports it. */
  report(problem: string): void;
}

/**
 * One import of a file, as the structure query captures it (`@import.module`, `@import.name`, `@import.alias`,
 * `@import.star`, `@import.whole`), or a name the file exports under another (`@import.self`: `export { a as b }`).
 */
export interface ImportFact {
  /** What the import names, as written (quotes dropped): `./util`, `..pkg.mod`, `github.com/a/b`, `crate::a::b`, `stdio.h`. */
  module: string;
  /** The name imported from it (`y` of `from x import y`), or null when the module itself is bound. */
  name: string | null;
  /** The local name it is bound to when renamed (`z` of `import y as z`). */
  alias: string | null;
  /** True when every name of the module becomes visible (`from x import *`, `#include`, Go's dot import). */
  star: boolean;
  /** True when the alias binds the module itself, as a namespace of its exports (`import * as ns from`, `export * as ns from`). */
  whole?: boolean;
  /** True when the file binds its own `name` to `alias` for its importers (`export { a as b }`); `module` is then `.`. */
  self?: boolean;
  /** The line (1-based) of the module's name in its file. */
  line?: number;
}

/**
 * The language knowledge the queries cannot express. Packs whose queries capture `@name` (and
 * `@call.name`) need no name readers; C and C++ read names out of nested declarators in code.
 */
export interface LanguageAdapter {
  /** Names a node captured as `@definition.*` declares, for patterns without an `@name` capture. */
  declaredNames?(node: Node): DeclaredName[];
  /**
   * For a definition that declares a function type (`type P = <T extends S>(s: T, n: number) => R`): the
   * named type of each parameter by position, a type parameter read as its constraint (S), '' where
   * none is named; null for any other node. What a function of that type leaves untyped has these types.
   */
  parameterTypes?(node: Node): string[] | null;
  /**
   * For a definition: the type arguments its declared type (a variable's) or return type (a
   * function's) writes, and for the first parameter of a function passed as a call's argument where
   * the call initializes a variable, the call and the variable's declared type's arguments
   * (Definition.typeArgs, Definition.argumentOf); null when neither applies.
   */
  typeArguments?(node: Node): { typeArgs: string[]; argumentOf: string[] } | null;
  /** Display name of a scope (`Foo::Bar`, `S`, `ns`) for patterns without an `@name` capture, null when anonymous. */
  scopeName?(node: Node): string | null;
  /** Callee and arguments of a node captured as `@call.expression`, for patterns without `@call.name`. */
  describeCall?(node: Node): CallShape | null;
  /**
   * Imports of a node captured as `@import.tree`, for import forms a query cannot spell as
   * `@import.module`/`@import.name` (a Rust `use` tree whose nested groups extend the path).
   */
  importsOf?(node: Node): ImportFact[];
  /** For a member-field node (`p->len`, `s.len`) without an `@field.object` capture, the object's name when plain. */
  memberObject?(fieldNode: Node): string | null;
  /** A text pattern that any file defining `name` as this kind matches, to avoid parsing files that only use it. */
  definitionHint(name: string, kind: HintKind): RegExp;
  /**
   * The lines around each occurrence of a name its hints need (they are tested there only, which
   * is far cheaper on large files); absent when a hint may span more (a block's header above the
   * name): hints are then tested on the whole text.
   */
  hintReach?: HintReach;
  /** The bare name of a scope or type name as definitions record containers (`Table` of `kv::Table<int>`). */
  lastComponent(name: string): string;
  /** The type or namespace qualifying a function's name (`Table` of `kv::Table<T>::Put`), null when unqualified. */
  qualifierOf(name: string): string | null;
  /** Identifiers never worth a repository search (keywords, the standard library), nor are members of the types among them. */
  builtins: ReadonlySet<string>;
  /** Names that mean the object a method runs on (`this`, `self`). */
  selfNames: ReadonlySet<string>;
  /** Kinds of a type's members a bare name reaches outside the type (C's enumerators); other members only through their type or an object. */
  bareMembers: ReadonlySet<string>;
  /**
   * Imports read from a file's text without parsing it (`#include "a/b.h"`: the regex's first group
   * is what fact.module would be), and whether they are transitive (what an included header
   * includes is seen too); null where the files a file reaches are only those it names.
   */
  textImports: { line: RegExp; transitive: boolean } | null;
  /** How a callee's body reads: the lines that leave it, the attributes above it, whether a method's receiver is its first parameter. */
  bodies: Bodies;
  /** True where a qualifier that is no type names a namespace of free functions (C++'s `port::f()`). */
  namespaces: boolean;
  /**
   * Names the structure query gives a module's default export (`default` of `export default f`,
   * CommonJS's `exports` of `module.exports = f`): what a binding of the module's default (`import x
   * from`, `const x = require()`) means, whatever the local name. Empty where modules have none.
   */
  defaultExports: readonly string[];
  /**
   * What a bare name read as a value can be defined as: a variable, a constant or a macro everywhere;
   * in languages whose functions and classes are values (Python), those too.
   */
  readKinds?: readonly DefinitionKind[];
  /** How calls pick among overloads by their arguments' types, where the pack knows (Java); absent elsewhere. */
  overloads?: Overloads;
  /**
   * What an import of a standard library module makes visible (C's `#include <string.h>`: `memcpy`,
   * `strlen` …), from the pack's data file; empty for a module it does not list.
   */
  libraryNames(module: string): readonly string[];
  /** True when a bare call inside a method may be a method of its class (C++'s and Java's implicit `this`). */
  implicitSelf?: boolean;
  /**
   * False when a bare name in a method never means a member of its type (Go: members are reached
   * through the receiver only); absent or true where `this` is implicit (C++, Java).
   */
  implicitMembers?: boolean;
  /**
   * The files an import can name, most likely first (at most a few). `from` is the importing file.
   * What the pack cannot resolve (third-party packages, the standard library) gives [].
   */
  resolveImport(fact: ImportFact, from: string, paths: PathSet): readonly string[];
  /**
   * For an import resolveImport gives no file: true when it names what is known to lie outside the
   * repository (the standard library, a declared dependency), false when it may be the repository's
   * own under a name the pack cannot follow (a bundler's alias), so a name it binds is still searched
   * for by name. Without it, every import that resolves to no file counts as outside.
   */
  isExternal?(fact: ImportFact, from: string, paths: PathSet): boolean;
  /**
   * For an import that names something of a module (`from . import util`): the files of the module
   * it binds when that something is a module itself (Python's submodules), else none, so `util.f()`
   * is looked up in that module alone.
   */
  submoduleFiles?(fact: ImportFact, from: string, paths: PathSet): readonly string[];
  /** The local name a module import binds when neither a name nor an alias is given (`os` of `import os.path`), or null. */
  moduleBinding(module: string): string | null;
  /** Files that see a file's top-level names without an import (a C header and its source; a Go or Java package's other files). */
  companions(file: string, paths: PathSet): readonly string[];
  /**
   * The text the grammar parses, of the same length and lines as the file's (what a grammar cannot
   * parse blanked with spaces, such as C++'s annotation macros in `class EXPORT Foo {`); the slice
   * still shows the file's own lines.
   */
  prepareSource?(text: string): string;
  /**
   * Where the outermost function bodies' insides are (between their braces), read from the text the
   * grammar parses without parsing it: a file read for its definitions, or whose changes all lie in
   * other bodies, is parsed without them (their statements and locals are never asked of it). May
   * offer a range that is no function's insides: the parse shows it, and the file is parsed whole.
   */
  functionBodies?(text: string): FunctionBody[];
}

/** A stretch of a text: string offsets, end excluded. */
export interface TextRange {
  start: number;
  end: number;
}

/** A function body's insides (`start`, `end`) and where the declaration it ends begins (its signature, template header included). */
export interface FunctionBody extends TextRange {
  declaration: number;
}

/**
 * A language pack: grammar, queries and adapter. Query files are asset names under
 * `src/slicing/languages/` and may start with `; inherits: <folder>[, <folder>…]` to include those
 * folders' files of the same name first (another pack's, or queries several packs share).
 */
export interface LanguagePack {
  id: string;
  /** The language's name as reviewers read it ("C++", "TypeScript"). */
  name: string;
  /** Packs of one family see each other's definitions (C and C++; JavaScript and TypeScript). */
  family: string;
  /** WASM grammar file name. */
  grammar: string;
  queries: { structure: string; flow: string };
  /** Extensions (with dot, lower case) that belong to this language only. */
  sourceExtensions: readonly string[];
  /** Extensions of files made to be included (headers), which this language may claim; see `PackChooser`. */
  headerExtensions: readonly string[];
  /** Among packs whose sources are present, the highest claims shared headers. */
  headerPriority: number;
  /** Names of the files that say how the language's imports resolve (`go.mod`), read for `PathSet.manifest`. */
  manifests?: readonly string[];
  /** Interpreter names a `#!` line may give, without version (`python` for python3.11, `node`), for files without an extension. */
  interpreters?: readonly string[];
  adapter: LanguageAdapter;
}
