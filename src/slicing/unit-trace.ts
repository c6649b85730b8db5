import type { ResolutionKind, ResolutionTie } from '../types.js';
import type { Definition, DefinitionKind, Side } from './definition.js';
import type { FileIndex, LineRange } from './file-index.js';
import type { FlowFacts } from './flow-table.js';
import type { LanguageAdapter } from './language-pack.js';
import type { LineMap } from './line-map.js';
import { bindsModule, importBinding, localAt, queryKey, type NameQuery, type Resolver } from './resolver.js';
import type { SeedUnit } from './seeds.js';
import type { SliceContent } from './slice-content.js';

/** What the flow steps need besides the seed: the resolver and each file's line map. */
export interface SliceContext {
  resolver: Resolver;
  lineMap(path: string): LineMap;
  /** True to record which use each shown definition answers (SliceOptions.explain). */
  explain?: boolean;
}

const IDENTIFIER = /[A-Za-z_]\w*/g;
/** A type definition this short (an alias, a typedef) is shown by left-flow too. */
const ALIAS_LINES = 3;
/** What a module's member read without a call can be (`mod.X`, a qualified type `pkg.T`). */
const MODULE_MEMBER_KINDS: readonly DefinitionKind[] = ['variable', 'constant', 'function', 'type'];
/** What a call can name: a function (or its prototype) or a macro. */
const CALLABLE_KINDS: readonly DefinitionKind[] = ['function', 'prototype', 'macro'];
/** A capitalized callee may also be a type whose constructor the call runs (`Foo(x)`, `new Foo()`, `Foo::new()`). */
const CONSTRUCTOR_KINDS: readonly DefinitionKind[] = [...CALLABLE_KINDS, 'type'];

/** A variable or field a changed statement touches. */
interface Touched {
  name: string;
  field: boolean;
  object: string | null;
}

function touchedKey(t: Touched): string {
  return `${t.field ? '.' : ''}${t.name}`;
}

/** Where a name is used on a changed line (see Resolution). */
interface Use {
  file: string;
  side: Side;
  line: number;
  column?: number;
}

/** Why a definition is shown, for `explain`: the use (by touched key, `()callee` or `:type`) it answers. */
interface Why {
  key: string;
  name: string;
  kind: ResolutionKind;
  tie: ResolutionTie | undefined;
}

/**
 * The trace of one changed statement (a seed unit) through its function and the repository: what
 * it touches, read once, and the steps the flow algorithms compose (Algorithms 8 and 9), each adding
 * to the slice's content: `backward` (declarations of what it touches, the earlier writes of it),
 * `members` (the fields it reads through objects), `namedTypes` or `typesAndCallees` (the types it
 * names; with the callees, whole), `forward` (later uses of what it writes).
 */
export class UnitTrace {
  private readonly index: FileIndex;
  private readonly range: LineRange;
  /** The functions and closures around the change, innermost first: a closure reads its function's locals. */
  private readonly chain: { entry: number; range: LineRange }[];
  /** What the function around the change reads, writes and calls. */
  private readonly facts: FlowFacts;
  /** What the changed statement itself reads, writes, calls and names. */
  private readonly here: FlowFacts;
  private readonly adapter: LanguageAdapter;
  /** The type the change is a member of, if any. */
  private readonly owner: string | null;
  /** The type whose members a bare name may be (C++'s implicit `this`), null where the language has none. */
  private readonly implicitOwner: string | null;
  /** Names the file binds to a whole module (`import os`, Go's `import "a/pkg"`). */
  private readonly modules: Set<string | null>;
  /** The loops around the change (a write later in the loop body comes before the next iteration's read). */
  private readonly loops: LineRange[];
  /** What the changed statement touches, including names on the deleted lines of a mixed run. */
  private readonly touched = new Map<string, Touched>();
  /** With `explain`: the first use of each name on the changed lines, by touched key, call (`()name`) or type (`:name`). */
  private readonly uses: Map<string, Use> | null;
  /** The declared type of each variable touched, as far as found (backward), and what qualifies it (`sync` of `mu sync.Mutex`). */
  private readonly types = new Map<string, string | null>();
  private readonly typeQualifiers = new Map<string, string | null>();
  /** The query of each member field by object and name (`a\0g` of `a.g`), and what each was found to be (members). */
  private readonly fieldQueryOf = new Map<string, NameQuery>();
  private foundFields = new Map<string, Definition[]>();

  constructor(
    unit: SeedUnit,
    private readonly ctx: SliceContext,
    private readonly content: SliceContent,
  ) {
    const { index, range } = unit;
    this.index = index;
    this.range = range;
    this.chain = index.scopeChain(range.start);
    const outermost = this.chain[this.chain.length - 1];
    this.facts = index.flow(outermost?.range ?? { start: 1, end: index.lines.length });
    this.here = index.flow(range);
    this.adapter = index.loaded.pack.adapter;
    this.owner = index.ownerAt(range.start);
    this.implicitOwner = this.adapter.implicitMembers === false ? null : this.owner;
    this.modules = new Set(index.imports.flatMap((f) => (bindsModule(f, index.loaded.pack) ? [importBinding(f, index.loaded.pack)] : [])));
    this.loops = index.loopsAt(range.start);
    this.uses = ctx.explain === true ? new Map() : null;

    const at = (line: number, column: number): Use => ({ file: index.path, side: index.side, line, column: column + 1 });
    for (const o of [...this.here.reads, ...this.here.writes]) {
      this.touched.set(touchedKey(o), { name: o.name, field: o.field, object: o.object });
      this.usedAt(touchedKey(o), at(o.line, o.column));
    }
    for (const c of this.here.calls) this.usedAt(`()${c.callee}`, at(c.line, c.column));
    for (const t of this.here.types) this.usedAt(`:${t.name}`, at(t.line, t.column));
    // A called local (a lambda, a function pointer) is a variable too; a method call (`base().skip(1)`) never calls one.
    for (const c of this.here.calls) {
      if (c.receiver === null && !c.method && this.localOf(c.callee) !== null) {
        this.touched.set(c.callee, { name: c.callee, field: false, object: null });
        this.usedAt(c.callee, at(c.line, c.column));
      }
    }
    const map = ctx.lineMap(unit.path);
    for (const old of unit.deleted) {
      for (const name of map.deletedText(old).match(IDENTIFIER) ?? []) {
        if (!this.touched.has(name) && this.localOf(name) !== null) {
          this.touched.set(name, { name, field: false, object: null });
          this.usedAt(name, { file: map.file?.oldPath ?? unit.path, side: 'base', line: old });
        }
      }
    }
  }

  /**
   * Backward from the seed: for every variable the statement touches, its declaration (a local or
   * parameter; else a member of the enclosing type, a global, a constant or a macro, in any file),
   * every earlier statement of the function that writes it (in a loop, the later ones too), and the
   * earlier calls that may write it through a pointer or mutable reference argument.
   */
  async backward(): Promise<void> {
    const { index, range, adapter, implicitOwner, touched } = this;
    const queries: NameQuery[] = [];
    const refCalls: { unit: LineRange; query: NameQuery; arg: number }[] = [];
    const variables = [...touched.values()].filter((t) => !t.field);
    // Grows while it is walked: a loop variable brings in the range it is bound to.
    for (const t of variables) {
      const local = this.localOf(t.name);
      if (local !== null) {
        this.addDefinition(local, { key: t.name, name: t.name, kind: 'local', tie: 'scope' });
        this.types.set(t.name, local.typeName);
        this.typeQualifiers.set(t.name, local.typeQualifier);
        if (local.boundTo !== null && !touched.has(local.boundTo)) {
          const bound: Touched = { name: local.boundTo, field: false, object: null };
          touched.set(bound.name, bound);
          variables.push(bound);
          this.usedAt(bound.name, { file: index.path, side: index.side, line: local.span.start });
        }
      } else if (!adapter.selfNames.has(t.name)) {
        if (implicitOwner !== null) queries.push({ name: t.name, kinds: ['field'], container: implicitOwner });
        queries.push({ name: t.name, kinds: ['variable', 'constant', 'macro'], container: null });
      }
      for (const w of this.facts.writes) if (!w.field && w.name === t.name && (w.line < range.start || this.inLoopAfter(w.line)) && this.sameVariable(t.name, w.line)) this.addUnit(w.unit);
      for (const call of this.facts.calls) {
        if (call.line >= range.start) continue;
        call.args.forEach((arg, i) => {
          if (arg === t.name) {
            const query: NameQuery = { name: call.callee, kinds: ['function', 'prototype'], container: null, receiver: this.isModule(call.receiver) ? call.receiver : null };
            refCalls.push({ unit: call.unit, query, arg: i });
            queries.push(query);
          }
        });
      }
    }
    const found = await this.ctx.resolver.resolve(index.side, index, queries);
    const defsOf = (q: NameQuery): Definition[] => found.get(queryKey(index.side, q)) ?? [];
    for (const t of touched.values()) {
      if (t.field || this.types.has(t.name) || adapter.selfNames.has(t.name)) continue;
      const memberQuery: NameQuery = { name: t.name, kinds: ['field'], container: implicitOwner };
      const variableQuery: NameQuery = { name: t.name, kinds: ['variable', 'constant', 'macro'], container: null };
      const member = implicitOwner === null ? [] : defsOf(memberQuery).filter((d) => d.container !== null && this.ctx.resolver.derives(index.side, index, implicitOwner, d.container));
      const defs = member.length > 0 ? member : defsOf(variableQuery);
      const query = member.length > 0 ? memberQuery : variableQuery;
      for (const d of defs) this.addDefinition(d, { key: t.name, name: t.name, kind: member.length > 0 ? 'member' : 'variable', tie: this.tieOf(query, d) });
      this.types.set(t.name, defs[0]?.typeName ?? null);
      this.typeQualifiers.set(t.name, defs[0]?.typeQualifier ?? null);
    }
    for (const call of refCalls) {
      const writes = defsOf(call.query).some((d) => {
        const mode = d.paramModes[call.arg];
        return mode === 'mutable-reference' || mode === 'pointer';
      });
      if (writes) this.addUnit(call.unit);
    }
  }

  /**
   * Members: every field the statement reads or writes through an object (`a.g`, `this->mu_`,
   * `self.x`), found in the object's declared type (or, through a module, the module's member), and
   * the earlier writes of it. Needs backward's declared types.
   */
  async members(): Promise<void> {
    const { index, range } = this;
    const queries: NameQuery[] = [];
    /** The touched key and kind each field query answers (for `explain`). */
    const fieldUse = new Map<NameQuery, { key: string; kind: ResolutionKind }>();
    for (const t of this.touched.values()) {
      if (!t.field) continue;
      // `mod.X` is the module's variable, constant, function or type, not a field.
      if (this.isModule(t.object)) {
        const query: NameQuery = { name: t.name, kinds: MODULE_MEMBER_KINDS, container: null, receiver: t.object };
        queries.push(query);
        fieldUse.set(query, { key: touchedKey(t), kind: 'module-member' });
      } else {
        const query: NameQuery = { name: t.name, kinds: ['field'], container: this.typeOfObject(t.object), receiver: this.typeModuleOf(t.object) };
        queries.push(query);
        fieldUse.set(query, { key: touchedKey(t), kind: 'field' });
        if (t.object !== null) this.fieldQueryOf.set(`${t.object}\0${t.name}`, query);
      }
      for (const w of this.facts.writes) if (w.field && w.name === t.name && (w.line < range.start || this.inLoopAfter(w.line)) && (t.object === null || w.object === t.object)) this.addUnit(w.unit);
    }
    this.foundFields = await this.ctx.resolver.resolve(index.side, index, queries);
    for (const q of queries) {
      const use = fieldUse.get(q);
      for (const d of this.foundFields.get(queryKey(index.side, q)) ?? []) this.addDefinition(d, use === undefined ? undefined : { ...use, name: q.name, tie: this.tieOf(q, d) });
    }
  }

  /** Left-flow's types: the short definitions (aliases, typedefs) of the types the statement names. */
  namedTypes(): Promise<void> {
    return this.typesAndCalls(false);
  }

  /**
   * Full-flow's types and callees: the definitions of the types the statement names, whole (a
   * superset of namedTypes), with the declared types of the variables it touches and the
   * definitions of the functions and methods it calls (through the receiver's type, a field's
   * type, or the module a receiver names); searched on full-flow's budget of its own. Needs members'
   * fields (a method called on a field is looked up in the field's type).
   */
  typesAndCallees(): Promise<void> {
    return this.typesAndCalls(true);
  }

  /** Forward: the later statements of the function that read what the statement writes or declares. */
  forward(): void {
    const { index, range } = this;
    const defined = new Set<string>();
    for (const w of this.here.writes) defined.add(touchedKey(w));
    for (const name of index.localNamesIn(range)) defined.add(name);
    for (const r of this.facts.reads) if (r.line > range.end && defined.has(touchedKey(r)) && (r.field || this.sameVariable(r.name, r.line))) this.addUnit(r.unit);
  }

  private async typesAndCalls(whole: boolean): Promise<void> {
    const { index, adapter, owner } = this;
    // A call of a local (a nested function, a closure held in a variable) means that local, shown by backward: nothing to search.
    // A method call is none, even where a local has the method's name (`let skip = base().skip(1)`).
    const calls = whole ? this.here.calls.filter((c) => c.receiver !== null || c.receiverField !== null || c.method || this.localOf(c.callee) === null) : [];
    // A method resolves through its receiver's type; a receiver that is no variable is a type or a module (`Foo.make()`, `os.path`).
    // One an import binds (`import * as m`, `const m = require(…)`, `import { Foo }`) is what that module defines.
    const imported = new Set(index.imports.map((fact) => importBinding(fact, index.loaded.pack)));
    const callQueries: NameQuery[] = calls.map((c) => {
      const viaImport = c.receiver !== null && imported.has(c.receiver) && this.localOf(c.receiver) === null;
      const known = c.receiver !== null && !viaImport && (adapter.selfNames.has(c.receiver) || this.types.has(c.receiver) || this.localOf(c.receiver) !== null);
      const field = c.receiver === null ? this.fieldType(c.receiverField) : null;
      if (field !== null) {
        const qualifier = field.typeQualifier !== null && this.isModule(field.typeQualifier) ? field.typeQualifier : null;
        return { name: c.callee, kinds: CALLABLE_KINDS, container: field.typeName, receiver: qualifier, arity: c.args.length, method: c.method, extra: true };
      }
      // In a language with an implicit `this`, a bare call inside a method is first a method of its class.
      const container = c.receiver === null ? (adapter.implicitSelf === true ? owner : null) : known ? this.typeOfObject(c.receiver) : c.receiver;
      return { name: c.callee, kinds: /^[A-Z]/.test(c.callee) ? CONSTRUCTOR_KINDS : CALLABLE_KINDS, container, receiver: known ? this.typeModuleOf(c.receiver) : c.receiver, arity: c.args.length, method: c.method, extra: true };
    });
    // Types named on the changed lines (and, whole, the declared types of its variables).
    const typeQueries = new Map<string, NameQuery>();
    /** The use each type query answers (for `explain`): a type named on the line, or a variable's declared type. */
    const typeUse = new Map<NameQuery, { key: string; kind: ResolutionKind }>();
    const addType = (name: string, receiver: string | null, use: { key: string; kind: ResolutionKind }): void => {
      const key = `${name}\0${receiver ?? ''}`;
      if (typeQueries.has(key)) return;
      const query: NameQuery = { name, kinds: ['type'], container: null, receiver, extra: whole };
      typeQueries.set(key, query);
      typeUse.set(query, use);
    };
    for (const t of this.here.types) addType(t.name, null, { key: `:${t.name}`, kind: 'type' });
    if (whole) for (const [variable, typeName] of this.types) if (typeName !== null) addType(typeName, this.typeModuleOf(variable), { key: variable, kind: 'declared-type' });
    const types = [...typeQueries.values()];
    const found = await this.ctx.resolver.resolve(index.side, index, [...callQueries, ...types]);
    calls.forEach((c, i) => {
      const q = callQueries[i] as NameQuery;
      for (const d of found.get(queryKey(index.side, q)) ?? []) this.addDefinition(d, { key: `()${c.callee}`, name: c.callee, kind: 'call', tie: this.tieOf(q, d) });
    });
    for (const q of types) {
      const use = typeUse.get(q);
      for (const d of found.get(queryKey(index.side, q)) ?? []) if (whole || d.span.end - d.span.start < ALIAS_LINES) this.addDefinition(d, use === undefined ? undefined : { ...use, name: q.name, tie: this.tieOf(q, d) });
    }
  }

  /** The declaration of a local or parameter visible at the change (see localAt). */
  private localOf(name: string): Definition | null {
    return localAt(this.index, name, this.chain, this.range);
  }

  /**
   * True when a name at another line is the variable it is at the change: declared in the same
   * function or closure (or in none), not a variable of its own in a sibling closure.
   */
  private sameVariable(name: string, line: number): boolean {
    return (localAt(this.index, name, this.index.scopeChain(line), { start: line, end: line })?.scope ?? -1) === (this.localOf(name)?.scope ?? -1);
  }

  /** True when a name is a whole module the file imports and no local shadows it. */
  private isModule(name: string | null): name is string {
    return name !== null && this.modules.has(name) && this.localOf(name) === null;
  }

  /** Algorithm 6's intent inside loops: a write later in the loop body comes before the next iteration's read. */
  private inLoopAfter(line: number): boolean {
    return line > this.range.end && this.loops.some((l) => line <= l.end);
  }

  /** The type an object name stands for: the enclosing type for `this`/`self`, else the declared type of the variable. */
  private typeOfObject(object: string | null): string | null {
    if (object === null) return this.implicitOwner;
    if (this.adapter.selfNames.has(object)) return this.owner;
    return this.types.get(object) ?? this.localOf(object)?.typeName ?? null;
  }

  /** The module an object's type is imported from (`sync` of `mu sync.Mutex`), where its members are looked up; null when none. */
  private typeModuleOf(object: string | null): string | null {
    if (object === null || this.adapter.selfNames.has(object)) return null;
    const qualifier = this.typeQualifiers.get(object) ?? this.localOf(object)?.typeQualifier ?? null;
    return this.isModule(qualifier) ? qualifier : null;
  }

  /** The declared type of a field a call is made on (`a.g` of `a.g.Wait()`), as members found it. */
  private fieldType(via: { object: string; field: string } | null): Definition | null {
    const query = via === null ? undefined : this.fieldQueryOf.get(`${via.object}\0${via.field}`);
    return (query === undefined ? [] : (this.foundFields.get(queryKey(this.index.side, query)) ?? [])).find((d) => d.typeName !== null) ?? null;
  }

  private tieOf(query: NameQuery, def: Definition): ResolutionTie | undefined {
    return this.ctx.resolver.tieOf(this.index.side, query, def);
  }

  private usedAt(key: string, use: Use): void {
    if (this.uses !== null && !this.uses.has(key)) this.uses.set(key, use);
  }

  /** Shows a statement of the changed file with the headers around it. */
  private addUnit(stmt: LineRange): void {
    const { index, content } = this;
    content.addRange(index.path, index.side, stmt.start, stmt.end);
    content.add(index.path, index.side, index.enclosingHeaders(stmt));
  }

  /** Shows a definition; with `explain`, records the use it answers and how it was tied. */
  private addDefinition(def: Definition, why?: Why): void {
    const { index, content } = this;
    const use = why === undefined ? undefined : this.uses?.get(why.key);
    if (why !== undefined && use !== undefined) {
      const { side, ...at } = use;
      content.explain({ name: why.name, use: at, side, kind: why.kind }, { file: def.file, side: def.side, startLine: def.span.start, endLine: def.span.end, kind: def.kind, container: def.container, tie: why.tie ?? 'rank' });
    }
    content.addRange(def.file, def.side, def.show.start, def.show.end);
    if (def.containerLine !== null) content.add(def.file, def.side, [def.containerLine]);
    if (def.file === index.path && def.side === index.side) content.add(index.path, index.side, index.enclosingHeaders(def.show));
  }
}
