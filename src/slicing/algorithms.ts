import type { ResolutionKind, ResolutionTie, SliceAlgorithm } from '../types.js';
import type { Definition, DefinitionKind, Side } from './definition.js';
import type { LineRange } from './file-index.js';
import type { LineMap } from './line-map.js';
import { bindsModule, importBinding, localAt, queryKey, type NameQuery, type Resolver } from './resolver.js';
import type { SeedUnit } from './seeds.js';
import { SliceContent } from './slice-content.js';

/** What the algorithms need besides the seed: the lazy repository and each file's line map. */
export interface SliceContext {
  resolver: Resolver;
  lineMap(path: string): LineMap;
  /** True to record which use each shown definition answers (SliceOptions.explain). */
  explain?: boolean;
}

/** Where a name is used on a changed line (see Resolution). */
interface Use {
  file: string;
  side: Side;
  line: number;
  column?: number;
}

/** Algorithm 5: dispatches to one of the four slicing algorithms. */
export function applyAlgorithm(algorithm: SliceAlgorithm, units: SeedUnit[], ctx: SliceContext): Promise<SliceContent> {
  switch (algorithm) {
    case 'original-diff':
      return Promise.resolve(originalDiff(units));
    case 'parent-function':
      return Promise.resolve(parentFunction(units));
    case 'left-flow':
      return flowSlice(units, ctx, false);
    case 'full-flow':
      return flowSlice(units, ctx, true);
  }
}

/** Algorithm 6: the changed statements plus the headers of everything around them. */
export function originalDiff(units: SeedUnit[]): SliceContent {
  const content = new SliceContent();
  for (const unit of units) {
    content.addRange(unit.path, unit.side, unit.range.start, unit.range.end);
    content.add(unit.path, unit.side, unit.index.enclosingHeaders(unit.range));
    if (unit.riders.length > 0) content.add(unit.path, unit.side, unit.riders);
    if (unit.deleted.length > 0) content.addDeleted(unit.path, unit.deleted);
  }
  return content;
}

/** Algorithm 7: the smallest function (or type, or top-level statement) containing each change. */
export function parentFunction(units: SeedUnit[]): SliceContent {
  const content = originalDiff(units);
  for (const unit of units) {
    const parent = unit.index.parentRange(unit.range.start);
    content.addRange(unit.path, unit.side, Math.min(parent.start, unit.range.start), Math.max(parent.end, unit.range.end));
  }
  return content;
}

const IDENTIFIER = /[A-Za-z_]\w*/g;

/** A variable or field a changed statement touches. */
interface Touched {
  name: string;
  field: boolean;
  object: string | null;
}

function touchedKey(t: Touched): string {
  return `${t.field ? '.' : ''}${t.name}`;
}

/**
 * Algorithms 8 and 9. Left-flow: for every variable or field a changed statement reads or writes,
 * its declaration (local, parameter, member field, global — in any file), every earlier statement
 * of the function that writes it (assignment, `++`/`--`, declaration, `&x` or non-const reference
 * or pointer argument), with the headers around them. Full-flow adds the later statements that
 * use what the change writes or declares, the signatures of called functions and the definitions
 * of the types involved, from any file.
 */
async function flowSlice(units: SeedUnit[], ctx: SliceContext, forward: boolean): Promise<SliceContent> {
  const content = originalDiff(units);
  for (const unit of units) await traceUnit(unit, ctx, forward, content);
  return content;
}

async function traceUnit(unit: SeedUnit, ctx: SliceContext, forward: boolean, content: SliceContent): Promise<void> {
  const { index, range } = unit;
  // The functions and closures around the change, innermost first: a closure reads its function's locals.
  const chain = index.scopeChain(range.start);
  const outermost = chain[chain.length - 1];
  const scope: LineRange = outermost?.range ?? { start: 1, end: index.lines.length };
  const facts = index.flow(scope);
  /** What the changed statement itself reads, writes, calls and names. */
  const here = index.flow(range);
  const adapter = index.loaded.pack.adapter;
  const owner = index.ownerAt(range.start);
  /** The type whose members a bare name may be (C++'s implicit `this`), null where the language has none. */
  const implicitOwner = adapter.implicitMembers === false ? null : owner;
  const localOf = (name: string): Definition | null => localAt(index, name, chain, range);
  /**
   * True when a name at another line is the variable it is at the change: declared in the same
   * function or closure (or in none), not a variable of its own in a sibling closure.
   */
  const sameVariable = (name: string, line: number): boolean => (localAt(index, name, index.scopeChain(line), { start: line, end: line })?.scope ?? -1) === (localOf(name)?.scope ?? -1);
  // A name the file binds to a whole module (`import os`, Go's `import "a/pkg"`) is that module where no local shadows it.
  const modules = new Set(index.imports.flatMap((f) => (bindsModule(f, index.loaded.pack) ? [importBinding(f, index.loaded.pack)] : [])));
  const isModule = (name: string | null): name is string => name !== null && modules.has(name) && localOf(name) === null;

  // Algorithm 6's intent inside loops: a write later in the loop body comes before the next iteration's read.
  const loops = index.loopsAt(range.start);
  const inLoopAfter = (line: number): boolean => line > range.end && loops.some((l) => line <= l.end);

  const addUnit = (stmt: LineRange): void => {
    content.addRange(index.path, index.side, stmt.start, stmt.end);
    content.add(index.path, index.side, index.enclosingHeaders(stmt));
  };
  /** With `explain`: the first use of each name on the changed lines, by touched key, call (`()name`) or type (`:name`). */
  const uses = ctx.explain === true ? new Map<string, Use>() : null;
  const usedAt = (key: string, use: Use): void => {
    if (uses !== null && !uses.has(key)) uses.set(key, use);
  };
  /** Shows a definition; with `explain`, records the use it answers and how it was tied. */
  const addDefinition = (def: Definition, why?: { key: string; name: string; kind: ResolutionKind; tie: ResolutionTie | undefined }): void => {
    const use = why === undefined ? undefined : uses?.get(why.key);
    if (why !== undefined && use !== undefined) {
      const { side, ...at } = use;
      content.explain({ name: why.name, use: at, side, kind: why.kind }, { file: def.file, side: def.side, startLine: def.span.start, endLine: def.span.end, kind: def.kind, container: def.container, tie: why.tie ?? 'rank' });
    }
    content.addRange(def.file, def.side, def.show.start, def.show.end);
    if (def.containerLine !== null) content.add(def.file, def.side, [def.containerLine]);
    if (def.file === index.path && def.side === index.side) content.add(index.path, index.side, index.enclosingHeaders(def.show));
  };

  // What the changed statement touches, including names on the deleted lines of a mixed run.
  const touched = new Map<string, Touched>();
  for (const o of [...here.reads, ...here.writes]) {
    touched.set(touchedKey(o), { name: o.name, field: o.field, object: o.object });
    usedAt(touchedKey(o), { file: index.path, side: index.side, line: o.line, column: o.column + 1 });
  }
  for (const c of here.calls) usedAt(`()${c.callee}`, { file: index.path, side: index.side, line: c.line, column: c.column + 1 });
  for (const t of here.types) usedAt(`:${t.name}`, { file: index.path, side: index.side, line: t.line, column: t.column + 1 });
  // A called local (a lambda, a function pointer) is a variable too; a method call (`base().skip(1)`) never calls one.
  for (const c of here.calls) {
    if (c.receiver === null && !c.method && localOf(c.callee) !== null) {
      touched.set(c.callee, { name: c.callee, field: false, object: null });
      usedAt(c.callee, { file: index.path, side: index.side, line: c.line, column: c.column + 1 });
    }
  }
  const map = ctx.lineMap(unit.path);
  for (const old of unit.deleted) {
    for (const name of map.deletedText(old).match(IDENTIFIER) ?? []) {
      if (!touched.has(name) && localOf(name) !== null) {
        touched.set(name, { name, field: false, object: null });
        usedAt(name, { file: map.file?.oldPath ?? unit.path, side: 'base', line: old });
      }
    }
  }

  // Phase A: locals here; everything else (globals, members, callees of earlier calls) in one search.
  const types = new Map<string, string | null>();
  /** What qualifies each variable's declared type (`sync` of `mu sync.Mutex`). */
  const typeQualifiers = new Map<string, string | null>();
  const lookups: NameQuery[] = [];
  const refCalls: { unit: LineRange; lookup: NameQuery; arg: number }[] = [];
  const variables = [...touched.values()].filter((t) => !t.field);
  // Grows while it is walked: a loop variable brings in the range it is bound to.
  for (const t of variables) {
    const local = localOf(t.name);
    if (local !== null) {
      addDefinition(local, { key: t.name, name: t.name, kind: 'local', tie: 'scope' });
      types.set(t.name, local.typeName);
      typeQualifiers.set(t.name, local.typeQualifier);
      if (local.boundTo !== null && !touched.has(local.boundTo)) {
        const bound: Touched = { name: local.boundTo, field: false, object: null };
        touched.set(bound.name, bound);
        variables.push(bound);
        if (uses !== null) usedAt(bound.name, { file: index.path, side: index.side, line: local.span.start });
      }
    } else if (!adapter.selfNames.has(t.name)) {
      if (implicitOwner !== null) lookups.push({ name: t.name, kinds: ['field'], container: implicitOwner });
      lookups.push({ name: t.name, kinds: ['variable', 'constant', 'macro'], container: null });
    }
    for (const w of facts.writes) if (!w.field && w.name === t.name && (w.line < range.start || inLoopAfter(w.line)) && sameVariable(t.name, w.line)) addUnit(w.unit);
    for (const call of facts.calls) {
      if (call.line >= range.start) continue;
      call.args.forEach((arg, i) => {
        if (arg === t.name) {
          const lookup: NameQuery = { name: call.callee, kinds: ['function', 'prototype'], container: null, receiver: isModule(call.receiver) ? call.receiver : null };
          refCalls.push({ unit: call.unit, lookup, arg: i });
          lookups.push(lookup);
        }
      });
    }
  }
  const found = await ctx.resolver.resolve(index.side, index, lookups);
  const defsOf = (l: NameQuery): Definition[] => found.get(queryKey(index.side, l)) ?? [];
  for (const t of touched.values()) {
    if (t.field || types.has(t.name) || adapter.selfNames.has(t.name)) continue;
    const memberLookup: NameQuery = { name: t.name, kinds: ['field'], container: implicitOwner };
    const variableLookup: NameQuery = { name: t.name, kinds: ['variable', 'constant', 'macro'], container: null };
    const member = implicitOwner === null ? [] : defsOf(memberLookup).filter((d) => d.container !== null && ctx.resolver.derives(index.side, index, implicitOwner, d.container));
    const defs = member.length > 0 ? member : defsOf(variableLookup);
    const lookup = member.length > 0 ? memberLookup : variableLookup;
    for (const d of defs) addDefinition(d, { key: t.name, name: t.name, kind: member.length > 0 ? 'member' : 'variable', tie: ctx.resolver.tieOf(index.side, lookup, d) });
    types.set(t.name, defs[0]?.typeName ?? null);
    typeQualifiers.set(t.name, defs[0]?.typeQualifier ?? null);
  }
  for (const call of refCalls) {
    const writes = defsOf(call.lookup).some((d) => {
      const mode = d.paramModes[call.arg];
      return mode === 'mutable-reference' || mode === 'pointer';
    });
    if (writes) addUnit(call.unit);
  }

  /** The type an object name stands for: the enclosing type for `this`/`self`, else the declared type of the variable. */
  const typeOfObject = (object: string | null): string | null => {
    if (object === null) return implicitOwner;
    if (adapter.selfNames.has(object)) return owner;
    return types.get(object) ?? localOf(object)?.typeName ?? null;
  };
  /** The module an object's type is imported from (`sync` of `mu sync.Mutex`), where its members are looked up; null when none. */
  const typeModuleOf = (object: string | null): string | null => {
    if (object === null || adapter.selfNames.has(object)) return null;
    const qualifier = typeQualifiers.get(object) ?? localOf(object)?.typeQualifier ?? null;
    return isModule(qualifier) ? qualifier : null;
  };

  // Phase B: member fields (tracked to the declaring type), then callees and types for full-flow.
  const fieldLookups: NameQuery[] = [];
  /** The touched key and kind each field lookup answers (for `explain`). */
  const fieldUse = new Map<NameQuery, { key: string; kind: ResolutionKind }>();
  /** The lookup of each member field by object and name (`a\0g` of `a.g`). */
  const fieldLookupOf = new Map<string, NameQuery>();
  for (const t of touched.values()) {
    if (!t.field) continue;
    // `mod.X` is the module's variable, constant, function or type, not a field.
    if (isModule(t.object)) {
      const lookup: NameQuery = { name: t.name, kinds: MODULE_MEMBER_KINDS, container: null, receiver: t.object };
      fieldLookups.push(lookup);
      fieldUse.set(lookup, { key: touchedKey(t), kind: 'module-member' });
    } else {
      const lookup: NameQuery = { name: t.name, kinds: ['field'], container: typeOfObject(t.object), receiver: typeModuleOf(t.object) };
      fieldLookups.push(lookup);
      fieldUse.set(lookup, { key: touchedKey(t), kind: 'field' });
      if (t.object !== null) fieldLookupOf.set(`${t.object}\0${t.name}`, lookup);
    }
    for (const w of facts.writes) if (w.field && w.name === t.name && (w.line < range.start || inLoopAfter(w.line)) && (t.object === null || w.object === t.object)) addUnit(w.unit);
  }
  // Fields first: a method called on a field (`a.g.Wait()`) is looked up in the field's declared type.
  const foundFields = await ctx.resolver.resolve(index.side, index, fieldLookups);
  for (const l of fieldLookups) {
    const use = fieldUse.get(l);
    for (const d of foundFields.get(queryKey(index.side, l)) ?? []) addDefinition(d, use === undefined ? undefined : { ...use, name: l.name, tie: ctx.resolver.tieOf(index.side, l, d) });
  }
  const fieldType = (via: { object: string; field: string } | null): Definition | null => {
    const lookup = via === null ? undefined : fieldLookupOf.get(`${via.object}\0${via.field}`);
    return (lookup === undefined ? [] : (foundFields.get(queryKey(index.side, lookup)) ?? [])).find((d) => d.typeName !== null) ?? null;
  };
  // A call of a local (a nested function, a closure held in a variable) means that local, shown above: nothing to search.
  // A method call is none, even where a local has the method's name (`let skip = base().skip(1)`).
  const calls = forward ? here.calls.filter((c) => (c.receiver !== null || c.receiverField !== null || c.method || localOf(c.callee) === null)) : [];
  // A method resolves through its receiver's type; a receiver that is no variable is a type or a module (`Foo.make()`, `os.path`).
  // One an import binds (`import * as m`, `const m = require(…)`, `import { Foo }`) is what that module defines.
  const imported = new Set(index.imports.map((fact) => importBinding(fact, index.loaded.pack)));
  const callLookups: NameQuery[] = calls.map((c) => {
    const viaImport = c.receiver !== null && imported.has(c.receiver) && localOf(c.receiver) === null;
    const known = c.receiver !== null && !viaImport && (adapter.selfNames.has(c.receiver) || types.has(c.receiver) || localOf(c.receiver) !== null);
    const field = c.receiver === null ? fieldType(c.receiverField) : null;
    if (field !== null) {
      const qualifier = field.typeQualifier !== null && isModule(field.typeQualifier) ? field.typeQualifier : null;
      return { name: c.callee, kinds: CALLABLE_KINDS, container: field.typeName, receiver: qualifier, arity: c.args.length, method: c.method, extra: true };
    }
    // In a language with an implicit `this`, a bare call inside a method is first a method of its class.
    const container = c.receiver === null ? (adapter.implicitSelf === true ? owner : null) : known ? typeOfObject(c.receiver) : c.receiver;
    return { name: c.callee, kinds: /^[A-Z]/.test(c.callee) ? CONSTRUCTOR_KINDS : CALLABLE_KINDS, container, receiver: known ? typeModuleOf(c.receiver) : c.receiver, arity: c.args.length, method: c.method, extra: true };
  });
  // Types named on the changed lines: full-flow shows their definitions; left-flow only short ones (aliases, typedefs).
  const typeNames = new Map<string, NameQuery>();
  /** The use each type lookup answers (for `explain`): a type named on the line, or a variable's declared type. */
  const typeUse = new Map<NameQuery, { key: string; kind: ResolutionKind }>();
  const addType = (name: string, receiver: string | null, use: { key: string; kind: ResolutionKind }): void => {
    const key = `${name}\0${receiver ?? ''}`;
    if (!typeNames.has(key)) {
      const lookup: NameQuery = { name, kinds: ['type'], container: null, receiver, extra: forward };
      typeNames.set(key, lookup);
      typeUse.set(lookup, use);
    }
  };
  for (const t of here.types) addType(t.name, null, { key: `:${t.name}`, kind: 'type' });
  if (forward) for (const [variable, typeName] of types) if (typeName !== null) addType(typeName, typeModuleOf(variable), { key: variable, kind: 'declared-type' });
  const typeLookups = [...typeNames.values()];
  const foundB = await ctx.resolver.resolve(index.side, index, [...callLookups, ...typeLookups]);
  calls.forEach((c, i) => {
    const l = callLookups[i] as NameQuery;
    for (const d of foundB.get(queryKey(index.side, l)) ?? []) addDefinition(d, { key: `()${c.callee}`, name: c.callee, kind: 'call', tie: ctx.resolver.tieOf(index.side, l, d) });
  });
  for (const l of typeLookups) {
    const use = typeUse.get(l);
    for (const d of foundB.get(queryKey(index.side, l)) ?? []) if (forward || d.span.end - d.span.start < ALIAS_LINES) addDefinition(d, use === undefined ? undefined : { ...use, name: l.name, tie: ctx.resolver.tieOf(index.side, l, d) });
  }

  if (!forward) return;
  // Forward trace: later statements that read what the change writes or declares.
  const defined = new Set<string>();
  for (const w of here.writes) defined.add(touchedKey(w));
  for (const name of index.localNamesIn(range)) defined.add(name);
  for (const r of facts.reads) if (r.line > range.end && defined.has(touchedKey(r)) && (r.field || sameVariable(r.name, r.line))) addUnit(r.unit);
}

/** A type definition this short (an alias, a typedef) is shown by left-flow too. */
const ALIAS_LINES = 3;

/** What a module's member read without a call can be (`mod.X`, a qualified type `pkg.T`). */
const MODULE_MEMBER_KINDS: readonly DefinitionKind[] = ['variable', 'constant', 'function', 'type'];
/** What a call can name: a function (or its prototype) or a macro. */
const CALLABLE_KINDS: readonly DefinitionKind[] = ['function', 'prototype', 'macro'];
/** A capitalized callee may also be a type whose constructor the call runs (`Foo(x)`, `new Foo()`, `Foo::new()`). */
const CONSTRUCTOR_KINDS: readonly DefinitionKind[] = [...CALLABLE_KINDS, 'type'];
