import type { LineRange } from './outline.js';

/** Which revision a file was read from: head (the change) or base (the merge base, for deleted code). */
export type Side = 'head' | 'base';

/** How a function parameter receives its argument: only mutable references and pointers let the callee write it. */
export type ParamMode = 'value' | 'pointer' | 'mutable-reference' | 'const-reference';

export type DefinitionKind = 'variable' | 'parameter' | 'field' | 'function' | 'prototype' | 'type' | 'macro' | 'constant';

/** A name declared somewhere, with the lines a slice shows for it. */
export interface Definition {
  name: string;
  kind: DefinitionKind;
  file: string;
  side: Side;
  /** Lines to show: the whole declaration, a function's signature, a type (its header only when long). */
  show: LineRange;
  /** Lines of the whole declaring node. */
  span: LineRange;
  typeName: string | null;
  /** What qualifies the declared type as written (`sync` of `mu sync.Mutex`), or null. */
  typeQualifier: string | null;
  /** The enclosing type, or the qualifier of an out-of-line definition (`Foo` of `Foo::bar`). */
  container: string | null;
  paramModes: readonly ParamMode[];
  /** Name of the enclosing function or type, for the section header. */
  context: string | null;
  /** True when declared inside a function body (a local or a parameter). */
  local: boolean;
  /** The function or closure a local belongs to (an outline entry of its file), -1 at file level. */
  scope: number;
  /** First line of the enclosing type's definition (shown above a field), or null. */
  containerLine: number | null;
  /** The variable whose elements this one is bound to (`xs` of `for (auto& x : xs)`), or null. */
  boundTo: string | null;
  /** For a function: its parameters' names, in order (`self` too where the language writes it). */
  params: readonly string[];
  /**
   * For a variable of no declared type: the function whose result initializes it (`f` of `x :=
   * f()`, of `let x = m::f()`), whose declared result type is then its type; or null.
   */
  returnOf: string | null;
  /** What that call is reached through, when a plain name (`m` of `x := m.F()`, `Foo` of `Foo::new()`), or null. */
  returnVia: string | null;
  /**
   * By parameter position, '' where none is named: for a function type (a type alias of one), each
   * parameter's named type; for a function, the named type of the first parameter of each parameter
   * that is itself a function type (`T` of `initializer: (inst: T) => void`).
   */
  paramTypes: readonly string[];
  /**
   * The type arguments written on a declared type: a variable's (`A` of `x: ns.Box<A>`), a function's
   * return type's (`T`, `D` of `): Box<T, D>`), '' where one names no type.
   */
  typeArgs: readonly string[];
  /**
   * For the first parameter of a function passed as a call's argument (`inst` of `const x: ns.Box<A> =
   * ns.box("…", (inst) => …)`): the callee, what it is reached through ('' for nothing), the
   * argument's index, then the type arguments of the variable's declared type the call initializes; else empty.
   */
  argumentOf: readonly string[];
  /** For a type: the types it derives from as written (`Base` of `class D : public Base`), last components only. */
  bases: readonly string[];
}
