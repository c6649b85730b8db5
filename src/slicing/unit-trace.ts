import type { ResolutionKind, ResolutionTie } from '../types.js';
import type { Definition, DefinitionKind, Side } from './definition.js';
import { FileIndex, type LineRange } from './file-index.js';
import type { CallOccurrence, FlowFacts } from './flow-table.js';
import type { ImportFact, LanguageAdapter } from './language-pack.js';
import type { LineMap } from './line-map.js';
import { bindsModule, importBinding, localAt, queryKey, type NameQuery, type Resolver } from './resolver.js';
import type { SeedUnit } from './seeds.js';
import type { SliceContent } from './slice-content.js';
import { wholeWords } from './source-text.js';
import { chainSteps } from './call-chain.js';
import { appendAll, numbersFrom } from '../support/many.js';

/** What the flow steps need besides the seed: the resolver and each file's line map. */
export interface SliceContext {
  resolver: Resolver;
  lineMap(path: string): LineMap;
  /** True to record which use each shown definition answers (SliceOptions.explain). */
  explain?: boolean;
}

const IDENTIFIER = /[A-Za-z_]\w*/g;
/** Fields are followed through objects of at most this many names (`a.b.c` of `a.b.c.d`; see file-index's chainName). */
const MAX_CHAIN = 3;
/** A chain's first name, initialized by a chain, is followed through at most this many such variables. */
const MAX_CHAIN_DEPTH = 4;
/** A type's bases are followed this many levels for the files its members may be in. */
const TYPE_LINEAGE = 4;
/** A type definition this short (an alias, a typedef) is shown by left-flow too. */
const ALIAS_LINES = 3;
/** What a bare name read is, unless the pack says it can be more (LanguageAdapter.readKinds). */
const VARIABLE_KINDS: readonly DefinitionKind[] = ['variable', 'constant', 'macro'];
/** What a module's member read without a call can be (`mod.X`, a qualified type `pkg.T`). */
const MODULE_MEMBER_KINDS: readonly DefinitionKind[] = ['variable', 'constant', 'function', 'type'];
/** A called function shorter than this is shown whole by full-flow; a longer one by its key lines, at most KEY_LINES of them. */
const WHOLE_BODY_LINES = 25;
const KEY_LINES = 12;
/** A change of imports alone shows at most this many statements that use what they bind (or definitions they bind). */
const IMPORT_USES = 3;
/** Of a repository file imported whole, at most this many of the names it declares first are looked for. */
const INCLUDED_NAMES = 300;
/** Of imports tied to nothing, at most this many are named in why. */
const REASON_IMPORTS = 6;
/** A module that only declares modules (`mod basic; mod disallowed;`) is followed this many levels down. */
const MODULE_DEPTH = 2;
/** What an import can bind, besides a module. */
const IMPORTED_KINDS: readonly DefinitionKind[] = ['type', 'function', 'prototype', 'constant', 'variable', 'macro'];
/** Lines above a definition looked at for its attributes and doc comment. */
const ABOVE_LINES = 30;
/** What a call can name: a function (or its prototype) or a macro. */
const CALLABLE_KINDS: readonly DefinitionKind[] = ['function', 'prototype', 'macro'];
/** What a call through a module can name besides a callable: a variable holding a function (`m.parse()` of `export const parse = make()`). */
const MODULE_CALLABLE_KINDS: readonly DefinitionKind[] = ['variable', 'constant'];
/** A capitalized callee may also be a type whose constructor the call runs (`Foo(x)`, `new Foo()`, `Foo::new()`). */
const CONSTRUCTOR_KINDS: readonly DefinitionKind[] = [...CALLABLE_KINDS, 'type'];

/** `a`, `a and b`, `a, b and c` (or `or`). */
function listed(items: readonly string[], last = 'and'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1] as string}`;
}

/**
 * The type a call of one of `defs` gives: a type's own (a call constructs it), else the first
 * function's declared result type (`Self`: its own type), with what qualifies it; null when none says.
 */
function resultOf(defs: readonly Definition[], adapter: LanguageAdapter): { type: string; qualifier: string | null } | null {
  for (const d of defs) {
    if (d.kind === 'type') return { type: d.name, qualifier: null };
    const type = d.typeName !== null && adapter.selfNames.has(d.typeName) ? d.container : d.typeName;
    if (type !== null) return { type, qualifier: d.typeQualifier };
  }
  return null;
}

/** What a call is made on, as a chain (`a.f()` of `a.f().g()`, `a.b` of `a.b.g()`, `x` of `x.g()`), else null. */
function receiverChain(c: CallOccurrence): string | null {
  if (c.receiver !== null) return c.receiver;
  const rc = c.receiverCall;
  if (rc !== null) return rc.via === null ? `${rc.callee}()` : `${rc.via}.${rc.callee}()`;
  const rf = c.receiverField;
  return rf === null ? null : `${rf.object}.${rf.field}`;
}

/** The query for the function a variable of another file is initialized by a call of, when it is a bare call (`createInstance()`). */
function bareQuery(declared: Definition, from: FileIndex): NameQuery | null {
  if (declared.returnOf === null || declared.returnVia !== null) return null;
  const container = from.loaded.pack.adapter.implicitSelf === true ? from.ownerAt(declared.span.start) : null;
  return { name: declared.returnOf, kinds: CONSTRUCTOR_KINDS, container, receiver: null };
}

/** An object of a declared type, with the files (`side\0path`) that define the type and the types it derives from. */
interface TypedValue {
  type: string;
  qualifier: string | null;
  files: ReadonlySet<string>;
}

/** What a chain of calls and members stands for so far: a whole module, or an object of a declared type. */
type ChainValue = { module: string } | TypedValue;

/** A variable or field a changed statement touches. */
interface Touched {
  name: string;
  field: boolean;
  object: string | null;
}

/** A variable by its name; a field by its name and the object it is reached through (`self.app` and `ctx.app` are two). */
function touchedKey(t: Touched): string {
  return t.field ? `.${t.name}\0${t.object ?? ''}` : t.name;
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
  /** Changed lines shown with the statement (comments, joined imports; see SeedUnit.riders). */
  private readonly riders: readonly number[];
  /** The seed unit's key (SeedUnit.key), for SliceContent.untied. */
  private readonly unitKey: string;
  /** Deleted base lines shown with this head unit (SeedUnit.deleted). */
  private readonly deleted: readonly number[];
  /** The functions and closures around the change, innermost first: a closure reads its function's locals. */
  private readonly chain: { entry: number; range: LineRange }[];
  /** The entries of `chain`, for inScopeHere. */
  private readonly chainEntries: ReadonlySet<number>;
  /** What the function around the change reads, writes and calls. */
  private readonly facts: FlowFacts;
  /** What the changed statement itself reads, writes, calls and names. */
  private readonly here: FlowFacts;
  private readonly adapter: LanguageAdapter;
  /** The type the change is a member of, if any. */
  private readonly owner: string | null;
  /** The type whose members a bare name may be (C++'s implicit `this`), null where the language has none. */
  private readonly implicitOwner: string | null;
  /** Names the file binds to a whole module (`import os`, Go's `import "a/pkg"`, Python's `from . import util`: read by backward). */
  private modules = new Set<string>();
  /** Names the file's imports bind (a module, or a name a module exports: `import { Foo }`). */
  private readonly importedNames: Set<string | null>;
  /** The loops around the change (a write later in the loop body comes before the next iteration's read). */
  private readonly loops: LineRange[];
  /** What the changed statement touches, including names on the deleted lines of a mixed run. */
  private readonly touched = new Map<string, Touched>();
  /** With `explain`: the first use of each name on the changed lines, by touched key, call (`()name`) or type (`:name`). */
  private readonly uses: Map<string, Use> | null;
  /** The declaration of each variable touched, as far as found (backward). */
  private readonly declarations = new Map<string, Definition>();
  /** The declared type of each variable touched, as far as found (backward), and what qualifies it (`sync` of `mu sync.Mutex`). */
  private readonly types = new Map<string, string | null>();
  private readonly typeQualifiers = new Map<string, string | null>();
  /** The query of each member field by object and name (`a\0g` of `a.g`), and what each was found to be (members). */
  private readonly fieldQueryOf = new Map<string, NameQuery>();
  private readonly foundFields = new Map<string, Definition[]>();
  /** The declared type of each field chain found (`a.b` of `a.b.c`), and what qualifies it (members). */
  private readonly chainTypes = new Map<string, { type: string; qualifier: string | null }>();
  /** The type each call a receiver is returns, by `via\0callee` (typesAndCallees). */
  private readonly callResults = new Map<string, { type: string; qualifier: string | null }>();
  /** What each chain of calls and members stands for (chainType), by the variables' depth it was met at and its normal text. */
  private readonly chains = new Map<string, Promise<ChainValue | null>>();

  constructor(
    unit: SeedUnit,
    private readonly ctx: SliceContext,
    private readonly content: SliceContent,
  ) {
    const { index, range } = unit;
    this.index = index;
    this.range = range;
    this.riders = unit.riders;
    this.unitKey = unit.key;
    this.deleted = unit.deleted;
    this.chain = index.scopeChain(range.start);
    this.chainEntries = new Set(this.chain.map((c) => c.entry));
    const outermost = this.chain[this.chain.length - 1];
    this.facts = index.flow(outermost?.range ?? { start: 1, end: index.lines.length });
    this.here = index.flow(range);
    this.adapter = index.loaded.pack.adapter;
    this.owner = index.ownerAt(range.start);
    this.implicitOwner = this.adapter.implicitMembers === false ? null : this.owner;
    this.importedNames = new Set(index.imports.map((fact) => importBinding(fact, index.loaded.pack)));
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
    this.modules = await this.ctx.resolver.moduleNames(index.side, index);
    const queries: NameQuery[] = [];
    const readKinds = adapter.readKinds ?? VARIABLE_KINDS;
    const refCalls: { unit: LineRange; query: NameQuery; arg: number }[] = [];
    const refArgs: { call: CallOccurrence; arg: number }[] = [];
    const variables = [...touched.values()].filter((t) => !t.field);
    // Grows while it is walked: a loop variable brings in the range it is bound to.
    for (const t of variables) {
      const local = this.localOf(t.name);
      if (local !== null) {
        this.addDefinition(local, { key: t.name, name: t.name, kind: 'local', tie: 'scope' });
        this.declarations.set(t.name, local);
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
        else queries.push({ name: t.name, kinds: readKinds, container: null });
      }
      for (const w of this.facts.writes)
        if (!w.field && w.name === t.name && (w.line < range.start || this.inLoopAfter(w.line)) && this.sameVariable(t.name, w.line))
          this.addUnit(w.unit);
      for (const call of this.facts.calls) {
        if (call.line >= range.start) continue;
        call.args.forEach((arg, i) => {
          if (arg === t.name) refArgs.push({ call, arg: i });
        });
      }
    }
    const found = await this.ctx.resolver.resolve(index.side, index, queries);
    const defsOf = (q: NameQuery): Definition[] => found.get(queryKey(index.side, q)) ?? [];
    const bare = [...touched.values()].filter((t) => !t.field && !this.types.has(t.name) && !adapter.selfNames.has(t.name));
    const membersOf = new Map<string, Definition[]>();
    if (implicitOwner !== null) {
      for (const t of bare) {
        const member = defsOf({ name: t.name, kinds: ['field'], container: implicitOwner }).filter(
          (d) => d.container !== null && this.ctx.resolver.derives(index.side, index, implicitOwner, d.container),
        );
        if (member.length > 0) membersOf.set(t.name, member);
      }
      // Inside a method a member hides a same-named global: the repository is searched only for the names no member answers.
      const variableQueries = bare
        .filter((t) => !membersOf.has(t.name))
        .map((t): NameQuery => ({ name: t.name, kinds: readKinds, container: null }));
      if (variableQueries.length > 0)
        for (const [key, defs] of await this.ctx.resolver.resolve(index.side, index, variableQueries)) found.set(key, defs);
    }
    for (const t of bare) {
      const memberQuery: NameQuery = { name: t.name, kinds: ['field'], container: implicitOwner };
      const variableQuery: NameQuery = { name: t.name, kinds: readKinds, container: null };
      const member = membersOf.get(t.name) ?? [];
      const defs = member.length > 0 ? member : defsOf(variableQuery).filter((d) => this.inScopeHere(d));
      const query = member.length > 0 ? memberQuery : variableQuery;
      for (const d of defs)
        this.addDefinition(d, { key: t.name, name: t.name, kind: member.length > 0 ? 'member' : 'variable', tie: this.tieOf(query, d) });
      // A name no variable answers is no variable: a type or a namespace (`Foo.make()`, `Color.RED`); nor is a function or a class read as a value.
      const first = defs[0];
      if (first === undefined || first.kind === 'function' || first.kind === 'prototype' || first.kind === 'type') continue;
      this.declarations.set(t.name, first);
      this.types.set(t.name, first.typeName);
      this.typeQualifiers.set(t.name, first.typeQualifier);
    }
    // The calls that may write a variable through an argument, looked up once their receivers' types are known
    // (`db_->Put(…, &v)` in a method: a member `db_` of type `DB` means `DB::Put`; a member of no known type, nothing).
    const receivers = new Map<string, NameQuery>();
    for (const { call } of refArgs) {
      const r = call.receiver;
      if (implicitOwner === null || r === null || r.includes('.') || adapter.selfNames.has(r) || this.types.has(r)) continue;
      if (this.localOf(r) !== null || this.importedNames.has(r) || this.isModule(r)) continue;
      receivers.set(r, { name: r, kinds: ['field'], container: implicitOwner });
    }
    const receiverTypes = new Map<string, Definition>();
    if (receivers.size > 0) {
      const members = await this.ctx.resolver.resolve(index.side, index, [...receivers.values()]);
      for (const [r, q] of receivers) {
        const member = (members.get(queryKey(index.side, q)) ?? []).find(
          (d) => d.container !== null && this.ctx.resolver.derives(index.side, index, implicitOwner as string, d.container),
        );
        if (member !== undefined) receiverTypes.set(r, member);
      }
    }
    for (const { call, arg } of refArgs) {
      const member = call.receiver === null ? undefined : receiverTypes.get(call.receiver);
      let query = this.calleeQuery(call, ['function', 'prototype'], false);
      if (query !== null && member !== undefined) {
        const qualifier = member.typeQualifier !== null && this.isModule(member.typeQualifier) ? member.typeQualifier : null;
        query = member.typeName === null ? null : { ...query, container: member.typeName, receiver: qualifier };
      }
      if (query !== null) refCalls.push({ unit: call.unit, query, arg });
    }
    if (refCalls.length > 0)
      for (const [key, defs] of await this.ctx.resolver.resolve(
        index.side,
        index,
        refCalls.map((c) => c.query),
      ))
        found.set(key, defs);
    for (const call of refCalls) {
      const writes = defsOf(call.query).some((d) => {
        const mode = d.paramModes[call.arg];
        return mode === 'mutable-reference' || mode === 'pointer';
      });
      if (writes) this.addUnit(call.unit);
    }
    await this.parameterTypes();
    await this.resultTypes();
  }

  /**
   * The types of the parameters the statement touches that declare none, from the function type
   * their function's variable declares (`const fn: Parse = (schema, value) => …` with `type Parse =
   * <T extends Schema>(schema: T, value: unknown) => R`: schema is a Schema), the parameter at the
   * same position. The first parameter of a function passed to a call that initializes a variable
   * (`const x: ns.Box<A> = ns.box("…", (inst) => …)`) has the type the callee's declaration gives it
   * (`box<T>(name: string, init: (inst: T) => void): Box<T>`), a type parameter its return type names
   * bound by the variable's declared type (A). A type that names none, or several definitions that
   * disagree, leave it untyped.
   */
  private async parameterTypes(): Promise<void> {
    const { index } = this;
    const asked: { name: string; position: number; query: NameQuery }[] = [];
    const passed: { name: string; argument: number; bound: readonly string[]; query: NameQuery }[] = [];
    for (const [name, declared] of this.declarations) {
      if (declared.kind !== 'parameter' || declared.typeName !== null || declared.file !== index.path) continue;
      const [callee, via, argument, ...bound] = declared.argumentOf;
      if (callee !== undefined && via !== undefined && argument !== undefined && bound.length > 0) {
        // `(inst) => …` passed to `ns.box(…)`: the callee is a function, reached through a module or by its name alone
        if (via === '' || this.isModule(via))
          passed.push({
            name,
            argument: Number(argument),
            bound,
            query: { name: callee, kinds: ['function'], container: null, receiver: via === '' ? null : via },
          });
        continue;
      }
      const scope = this.chain.find((c) => c.entry === declared.scope);
      const fnName = scope === undefined ? null : index.scopeName(scope.entry);
      if (scope === undefined || fnName === null) continue;
      const around = (d: Definition): boolean => d.span.start <= scope.range.start && scope.range.end <= d.span.end;
      const defs = index.definitionsOf(fnName);
      const fn = defs.find((d) => d.kind === 'function' && around(d) && d.params.includes(name));
      const variable = defs.find((d) => d.kind === 'variable' && d.typeName !== null && around(d));
      if (fn === undefined || variable === undefined) continue;
      const qualifier = variable.typeQualifier;
      const query: NameQuery = {
        name: variable.typeName as string,
        kinds: ['type'],
        container: null,
        receiver: this.isModule(qualifier) ? qualifier : null,
      };
      asked.push({ name, position: fn.params.indexOf(name), query });
    }
    if (asked.length === 0 && passed.length === 0) return;
    const found = await this.ctx.resolver.resolve(
      index.side,
      index,
      [...asked, ...passed].map((a) => a.query),
    );
    for (const { name, argument, bound, query } of passed) {
      // The callee's parameter at the argument's index is a function type whose first parameter is of a
      // type parameter its return type names at position j (`initializer: (inst: T) => void): Box<T>`):
      // the variable's declared type (`Box<A>`) binds it to its argument j.
      const types = new Set(
        (found.get(queryKey(index.side, query)) ?? [])
          .filter((d) => d.kind === 'function')
          .map((d) => {
            const written = d.paramTypes[argument] ?? '';
            const j = written === '' ? -1 : d.typeArgs.indexOf(written);
            return j < 0 ? '' : (bound[j] ?? '');
          }),
      );
      const [type] = types;
      if (types.size !== 1 || type === undefined || type === '') continue;
      this.types.set(name, type);
      this.typeQualifiers.set(name, null);
    }
    for (const { name, position, query } of asked) {
      const types = new Set(
        (found.get(queryKey(index.side, query)) ?? [])
          .filter((d) => d.kind === 'type' && d.paramTypes.length > 0)
          .map((d) => d.paramTypes[position] ?? ''),
      );
      const [type] = types;
      if (types.size !== 1 || type === undefined || type === '') continue;
      this.types.set(name, type);
      this.typeQualifiers.set(name, null);
    }
  }

  /**
   * The types of the variables the statement reaches members through whose declarations give
   * none but a call initializes (`w := PerformRequest(…)`, `let conn = pick(c)`, `x = make_app()`):
   * the called function's declared result type (`Self` is its own type), or the type a call of a
   * type's name constructs. A function that declares none leaves the variable untyped.
   */
  private async resultTypes(): Promise<void> {
    const { index, adapter } = this;
    const objects = new Set<string>();
    for (const o of [...this.here.reads, ...this.here.writes]) if (o.field && o.object !== null) objects.add(o.object);
    for (const c of this.here.calls) {
      if (c.receiver !== null) objects.add(c.receiver);
      if (c.receiverField !== null) objects.add(c.receiverField.object);
    }
    const asked: { name: string; query: NameQuery; from: FileIndex }[] = [];
    for (const name of objects) {
      const declared = this.declarations.get(name);
      if (declared === undefined || declared.typeName !== null || declared.returnOf === null) continue;
      // a chain (`const s = z.string().min(1)`) is followed by chainType, where it is used
      if (declared.returnVia?.includes('(') === true) continue;
      // A variable an import binds (`import ky from`, its `const ky = createInstance()`): the call is looked up where it is made.
      const from = declared.file === index.path ? index : this.ctx.resolver.store.parsedFile(declared.side, declared.file);
      if (from === null) continue;
      const query = from === index ? this.resultQuery(declared.returnOf, declared.returnVia, false) : bareQuery(declared, from);
      if (query !== null) asked.push({ name, query, from });
    }
    if (asked.length === 0) return;
    const found = new Map<string, Definition[]>();
    for (const from of new Set(asked.map((a) => a.from)))
      for (const [key, defs] of await this.ctx.resolver.resolve(
        index.side,
        from,
        asked.filter((a) => a.from === from).map((a) => a.query),
      ))
        found.set(key, defs);
    for (const { name, query } of asked) {
      const result = resultOf(found.get(queryKey(index.side, query)) ?? [], adapter);
      if (result === null) continue;
      this.types.set(name, result.type);
      this.typeQualifiers.set(name, result.qualifier);
    }
  }

  /** The query for the function (or type) whose call's result a variable or receiver holds (`f` of `f()`, `F` of `m.F()`, `new` of `T::new()`). */
  private resultQuery(callee: string, via: string | null, extra: boolean): NameQuery | null {
    const call: CallOccurrence = {
      callee,
      line: this.range.start,
      column: 0,
      args: [],
      receiver: via,
      method: false,
      reached: via !== null,
      receiverField: null,
      receiverCall: null,
      unit: this.range,
    };
    const query = this.calleeQuery(call, CONSTRUCTOR_KINDS, extra);
    if (query !== null) {
      // The call's arguments are not known here: every overload may be meant.
      delete query.arity;
      delete query.argTypes;
    }
    return query;
  }

  /**
   * Members: every field the statement reads or writes through an object (`a.g`, `this->mu_`,
   * `self.x`), found in the object's declared type (or, through a module, the module's member), and
   * the earlier writes of it. Needs backward's declared types.
   */
  async members(): Promise<void> {
    const { index, range } = this;
    const fields = [...this.touched.values()].filter((t) => t.field);
    for (const t of fields)
      for (const w of this.facts.writes)
        if (
          w.field &&
          w.name === t.name &&
          (w.line < range.start || this.inLoopAfter(w.line)) &&
          (t.object === null || w.object === t.object)
        )
          this.addUnit(w.unit);
    // (a chain longer than those is one of calls: chainType's)
    const untyped = fields.filter((t) => t.object !== null && t.object.split('.').length > MAX_CHAIN);
    // By the length of the object's chain: `b` of `a.b` is found before `c` of `a.b.c`, whose object's type is then `b`'s.
    for (let length = 1; length <= MAX_CHAIN; length++) {
      const queries: NameQuery[] = [];
      /** The field each query answers, with its touched key and kind (for `explain`). */
      const fieldUse = new Map<NameQuery, { t: Touched; key: string; kind: ResolutionKind }>();
      for (const t of fields) {
        if (t.object === null || t.object.split('.').length !== length) continue;
        // `mod.X` is the module's variable, constant, function or type, not a field.
        if (this.isModule(t.object)) {
          const query: NameQuery = { name: t.name, kinds: MODULE_MEMBER_KINDS, container: null, receiver: t.object };
          queries.push(query);
          fieldUse.set(query, { t, key: touchedKey(t), kind: 'module-member' });
          continue;
        }
        // A field of an object whose type is not known here is left to chainType (a call's result, a variable a chain initializes).
        const container = this.typeOfObject(t.object);
        if (container === null) {
          untyped.push(t);
          continue;
        }
        const query: NameQuery = { name: t.name, kinds: ['field'], container, receiver: this.typeModuleOf(t.object) };
        queries.push(query);
        fieldUse.set(query, { t, key: touchedKey(t), kind: 'field' });
        this.fieldQueryOf.set(`${t.object}\0${t.name}`, query);
      }
      if (queries.length === 0) continue;
      const found = await this.ctx.resolver.resolve(index.side, index, queries);
      for (const q of queries) {
        const use = fieldUse.get(q) as { t: Touched; key: string; kind: ResolutionKind };
        const defs = found.get(queryKey(index.side, q)) ?? [];
        this.foundFields.set(queryKey(index.side, q), defs);
        for (const d of defs) this.addDefinition(d, { key: use.key, kind: use.kind, name: q.name, tie: this.tieOf(q, d) });
        const typed = use.kind === 'field' ? defs.find((d) => d.typeName !== null) : undefined;
        if (typed !== undefined)
          this.chainTypes.set(`${use.t.object}.${q.name}`, { type: typed.typeName as string, qualifier: typed.typeQualifier });
      }
    }
    // Fields of what a chain of calls and members gives (`z.ipv6().safeParse(x).success`, `result.error` with
    // `const result = schema.safeParse(x)`): in the type it is, step by step (chainType).
    for (const t of untyped) {
      const object = await this.chainType(t.object as string);
      if (object === null || 'module' in object) continue;
      const query: NameQuery = { name: t.name, kinds: ['field'], container: object.type, receiver: null, extra: true };
      for (const d of await this.memberOf(object, t.name, false))
        this.addDefinition(d, { key: touchedKey(t), kind: 'field', name: t.name, tie: this.tieOf(query, d) });
    }
  }

  /**
   * What a chain of calls and members stands for (`z.string().min(1)`, `schema.safeParse()`,
   * `result.error`, as normalChain writes it): step by step, a module's function or a type's method
   * by its declared result type (`this`: the type it is called on), a field by its declared type; the
   * first name is a module, `this`, or a variable of a declared type or one a call or a chain
   * initializes. Each type is the one its name means where it is written (TypedValue.files). Null as
   * soon as a step is not tied, or the definitions found disagree on the type.
   */
  private chainType(chain: string, depth = 0): Promise<ChainValue | null> {
    // Kept by depth too: a chain cut for being met too many variables deep is not cut where it is named nearer.
    const key = `${depth}\0${chain}`;
    let value = this.chains.get(key);
    if (value === undefined) {
      value = depth > MAX_CHAIN_DEPTH ? Promise.resolve(null) : this.chainTypeOf(chain, depth);
      this.chains.set(key, value);
    }
    return value;
  }

  private async chainTypeOf(chain: string, depth: number): Promise<ChainValue | null> {
    const steps = chainSteps(chain);
    const last = steps[steps.length - 1];
    if (last === undefined) return null;
    if (steps.length === 1) {
      if (!last.called) return this.variableType(last.name, depth);
      // a bare call (`make()`): the function of that name the file ties
      const query = this.resultQuery(last.name, null, true);
      return query === null ? null : this.resultIn(await this.resolveOne(query), null);
    }
    const object = await this.chainType(chain.slice(0, chain.lastIndexOf('.')), depth);
    if (object === null) return null;
    const defs = await this.memberOf(object, last.name, last.called);
    if (last.called) return this.resultIn(defs, 'module' in object ? null : object);
    const types = new Set(
      defs.filter((d) => d.typeName !== null && !this.adapter.selfNames.has(d.typeName)).map((d) => d.typeName as string),
    );
    const typed = defs.find((d) => d.typeName !== null);
    return types.size === 1 && typed !== undefined ? this.typedValue(typed.typeName as string, typed.typeQualifier, typed) : null;
  }

  /**
   * The definitions of a member of what a chain stands for: a module's function (or variable holding
   * one) when called, a type's method or field, found in the files of the type (or of a type it
   * derives from) its name means where it is written: a same-named type elsewhere is none of them.
   */
  private async memberOf(object: ChainValue, name: string, called: boolean): Promise<Definition[]> {
    if ('module' in object) {
      if (!called) return [];
      const kinds = [...new Set([...CONSTRUCTOR_KINDS, ...MODULE_CALLABLE_KINDS])];
      return this.resolveOne({ name, kinds, container: object.module, receiver: object.module, extra: true });
    }
    const query: NameQuery = {
      name,
      kinds: called ? CALLABLE_KINDS : ['field'],
      container: object.type,
      receiver: this.moduleOrNull(object.qualifier),
      extra: true,
    };
    return (await this.resolveOne(query)).filter((d) => object.files.has(`${d.side}\0${d.file}`));
  }

  /**
   * The type a call of one of `defs` returns, when they agree: a type's own (a constructor), else a
   * function's declared result type, `this` (a self name) being the type it is called on; a variable
   * called is of a function type whose result type is that (`const parse: Parse` with `type Parse =
   * (s: S) => Result`: Result).
   */
  private async resultIn(defs: readonly Definition[], self: TypedValue | null): Promise<ChainValue | null> {
    const results = new Map<string, { type: string; qualifier: string | null; where: Definition } | TypedValue>();
    for (const d of defs) {
      if (d.kind === 'type') results.set(d.name, { type: d.name, qualifier: null, where: d });
      else if (d.typeName === null) continue;
      else if (d.kind !== 'function' && d.kind !== 'prototype') {
        const fn = await this.functionTypeOf(d);
        if (fn === null) return null;
        results.set(fn.typeName as string, { type: fn.typeName as string, qualifier: fn.typeQualifier, where: fn });
      } else if (this.adapter.selfNames.has(d.typeName)) {
        if (self === null) return null;
        results.set(self.type, self);
      } else results.set(d.typeName, { type: d.typeName, qualifier: d.typeQualifier, where: d });
    }
    const [only] = results.values();
    if (results.size !== 1 || only === undefined) return null;
    return 'files' in only ? only : this.typedValue(only.type, only.qualifier, only.where);
  }

  /** The function type a variable's declared type names, where it is declared, when it declares a result type (a type alias of one); else null. */
  private async functionTypeOf(variable: Definition): Promise<Definition | null> {
    const from = this.ctx.resolver.store.parsedFile(variable.side, variable.file);
    if (from === null || variable.typeName === null) return null;
    const query: NameQuery = { name: variable.typeName, kinds: ['type'], container: null, receiver: variable.typeQualifier, extra: true };
    const types = ((await this.ctx.resolver.resolve(variable.side, from, [query])).get(queryKey(variable.side, query)) ?? []).filter(
      (d) => d.kind === 'type',
    );
    const [only] = types;
    return types.length === 1 && only !== undefined && only.typeName !== null ? only : null;
  }

  /**
   * A type named where a definition is written (`ZodError` of a field declared in a file that
   * imports it), with the files defining it and, as far as TYPE_LINEAGE levels, the types it derives
   * from (each named where it is written); null when it names no type found.
   */
  private async typedValue(type: string, qualifier: string | null, where: Definition): Promise<TypedValue | null> {
    const files = new Set<string>();
    const seen = new Set<Definition>();
    let level: { type: string; qualifier: string | null; where: Definition }[] = [{ type, qualifier, where }];
    for (let depth = 0; depth < TYPE_LINEAGE && level.length > 0; depth++) {
      const next: { type: string; qualifier: string | null; where: Definition }[] = [];
      for (const t of level) {
        const near = t.where.kind === 'type' && t.where.name === t.type ? t.where : null;
        const from = this.ctx.resolver.store.parsedFile(t.where.side, t.where.file);
        if (from === null) continue;
        // through a module the defining file imports whole (`parse.Result`), or by the name alone
        const query: NameQuery = { name: t.type, kinds: ['type'], container: null, receiver: t.qualifier, extra: true };
        const defs =
          near !== null
            ? [near]
            : ((await this.ctx.resolver.resolve(t.where.side, from, [query])).get(queryKey(t.where.side, query)) ?? []);
        for (const d of defs) {
          if (d.kind !== 'type' || seen.has(d)) continue;
          seen.add(d);
          files.add(`${d.side}\0${d.file}`);
          for (const base of d.bases) next.push({ type: base, qualifier: null, where: d });
        }
      }
      level = next;
    }
    return files.size === 0 ? null : { type, qualifier, files };
  }

  /** The type of a plain name a chain starts with: `this`, a module, a variable of a declared type or one a call initializes. */
  private async variableType(name: string, depth: number): Promise<ChainValue | null> {
    const { index } = this;
    if (this.isModule(name)) return { module: name };
    // a name an import binds, of no type known here: what it is reached through (`z` of `import { z } from`), as calleeQuery has it
    if (this.importedNames.has(name) && this.localOf(name) === null && (this.types.get(name) ?? null) === null) return { module: name };
    if (this.adapter.selfNames.has(name)) {
      const owner = this.owner === null ? undefined : index.definitionsOf(this.owner).find((d) => d.kind === 'type');
      return owner === undefined ? null : this.typedValue(owner.name, null, owner);
    }
    const declared =
      this.localOf(name) ??
      this.declarations.get(name) ??
      index.definitionsOf(name).find((d) => d.kind === 'variable' && !d.local && d.container === null) ??
      null;
    if (declared === null) return null;
    if (declared.typeName !== null) return this.typedValue(declared.typeName, declared.typeQualifier, declared);
    if (declared.returnOf === null || declared.file !== index.path || declared.side !== index.side) return null;
    const call = declared.returnVia === null ? `${declared.returnOf}()` : `${declared.returnVia}.${declared.returnOf}()`;
    return this.chainType(call, depth + 1);
  }

  private async resolveOne(query: NameQuery): Promise<Definition[]> {
    const found = await this.ctx.resolver.resolve(this.index.side, this.index, [query]);
    return found.get(queryKey(this.index.side, query)) ?? [];
  }

  /** A type's qualifier when it names a module the file imports whole, where the type's members are looked up; else null. */
  private moduleOrNull(qualifier: string | null): string | null {
    return this.isModule(qualifier) ? qualifier : null;
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

  /**
   * A change of imports alone (a file whose only change is its imports makes one slice of them): the
   * first statements of the file that use what the changed imports bind, with the headers around
   * them, so the slice shows what the imports serve (the calls a changed module path now reaches, the
   * `memcpy` an added `#include <string.h>` declares: LanguageAdapter.libraryNames).
   * When the file uses none of them (a re-export, `pub use index::{Index, IndexBuilder}`), what the
   * imports bind: the first definitions of a module bound whole, and the definitions of a name
   * imported, as the import ties them.
   */
  async importUses(): Promise<void> {
    const facts = this.importsAlone();
    if (facts === null || facts.length === 0) return;
    const uses = await this.importUsePatterns(facts);
    if (uses.length > 0 && this.showUses(uses) > 0) return;
    const shown = (await this.boundModules(this.index, facts, 0)) + (await this.boundDefinitions(facts));
    if (shown === 0) this.content.untied.set(this.unitKey, await this.untiedReason(facts));
  }

  /**
   * Why nothing is tied to the imports, as the slice's header and the file's coverage say it: the
   * repository files they lead to hold no code, or nothing in the file uses what those declare, or
   * they lead outside the repository to a module no table of the pack describes.
   */
  private async untiedReason(facts: readonly ImportFact[]): Promise<string> {
    const { index } = this;
    const empty: string[] = [];
    const unused: string[] = [];
    const unusedModules: string[] = [];
    const outside: string[] = [];
    const wanted = [...facts.map((fact) => ({ side: index.side, fact })), ...this.deletedImports()];
    for (const { side, fact } of wanted.slice(0, REASON_IMPORTS)) {
      const module = await this.importedFile(index, side, fact);
      const binding = fact.star ? null : importBinding(fact, index.loaded.pack);
      const removed = side !== index.side ? ' (removed)' : '';
      if (module !== null && numbersFrom(1, module.lines.length).every((n) => module.isTrivialLine(n))) empty.push(module.path + removed);
      else if (binding !== null) unused.push(binding);
      else if (module === null && index.loaded.pack.adapter.libraryNames(fact.module).length === 0) outside.push(fact.module + removed);
      else unusedModules.push(`${module?.path ?? fact.module}${removed}`);
    }
    const more = wanted.length > REASON_IMPORTS ? ` (and ${wanted.length - REASON_IMPORTS} more)` : '';
    const parts = [
      ...(empty.length > 0 ? [`${listed(empty)} ${empty.length > 1 ? 'hold' : 'holds'} no code`] : []),
      ...(unused.length > 0 ? [`no use of ${listed(unused, 'or')} found in the file`] : []),
      ...(unusedModules.length > 0
        ? [`no use of what ${listed(unusedModules, 'or')} ${unusedModules.length > 1 ? 'declare' : 'declares'} found in the file`]
        : []),
      ...(outside.length > 0
        ? [
            `${listed(outside)} ${outside.length > 1 ? 'are' : 'is'} outside the repository, what ${outside.length > 1 ? 'they declare' : 'it declares'} not known`,
          ]
        : []),
    ];
    return `imports only, tied to no code: ${parts.join('; ')}${more}`;
  }

  /** The imports the unit changes, when it changes nothing else (attributes on them aside: `#[cfg(unix)] mod imp;`); else null. */
  private importsAlone(): ImportFact[] | null {
    const { index } = this;
    const lines = [...numbersFrom(this.range.start, this.range.end), ...this.riders];
    if (lines.some((l) => index.attachedAt(l) === null && !index.isTrivialLine(l))) return null;
    const changed = new Set(lines);
    return index.imports.filter((f) => f.line !== undefined && changed.has(f.line));
  }

  /**
   * What a use of the imports looks like: a name they bind, or a name a library or repository
   * module imported whole (`#include <functional>`, which binds no name) declares, used bare or
   * qualified, not as an object's member.
   */
  private async importUsePatterns(facts: readonly ImportFact[]): Promise<RegExp[]> {
    const { pack } = this.index.loaded;
    const names = facts.map((f) => importBinding(f, pack)).filter((n): n is string => n !== null);
    // A definition whose name the pack could not read (an empty name) would match every line.
    const library = [
      ...facts.flatMap((f) => (f.star ? pack.adapter.libraryNames(f.module) : [])),
      ...(await this.includedNames(facts.filter((f) => f.star))),
    ].filter((n) => /\w/.test(n));
    return [
      ...(names.length > 0 ? [wholeWords(names)] : []),
      ...(library.length > 0 ? [new RegExp(`(?<!\\.|->)${wholeWords(library).source}`)] : []),
    ];
  }

  /** The first statements of the file (IMPORT_USES of them) matching a pattern, with the headers around them; how many. */
  private showUses(patterns: readonly RegExp[]): number {
    const { index } = this;
    let shown = 0;
    for (let n = 1; n <= index.lines.length && shown < IMPORT_USES; n++) {
      if (index.attachedAt(n) !== null || index.isTrivialLine(n)) continue;
      const text = index.lines.line(n);
      if (!patterns.some((p) => p.test(text))) continue;
      this.addUnit(index.unitAt(n));
      shown++;
    }
    return shown;
  }

  /**
   * The names the repository's files imported whole declare (`#include "util/logging.h"`: its
   * CHECK and LOG), for the changed imports and, on a head unit, the imports deleted with it (a
   * header replaced by a library's: the uses the new header must still serve).
   */
  private async includedNames(facts: readonly ImportFact[]): Promise<string[]> {
    const { index } = this;
    const wanted = [...facts.map((fact) => ({ side: index.side, fact })), ...this.deletedImports()];
    const names: string[] = [];
    for (const { side, fact } of wanted.slice(0, IMPORT_USES)) {
      const module = await this.importedFile(index, side, fact);
      if (module !== null) names.push(...module.firstTopLevel(INCLUDED_NAMES).map((d) => d.name));
    }
    return names;
  }

  /** On a head unit, the files imported whole on the lines deleted with it, as the pack reads import lines as text (`#include "util/logging.h"`). */
  private deletedImports(): { side: Side; fact: ImportFact }[] {
    const { index } = this;
    const line = index.loaded.pack.adapter.textImports?.line ?? null;
    if (line === null || index.side !== 'head') return [];
    const map = this.ctx.lineMap(index.path);
    return this.deleted.flatMap((old) =>
      [...map.deletedText(old).matchAll(line)].map((m) => ({
        side: 'base' as const,
        fact: { module: m[1] as string, name: null, alias: null, star: true },
      })),
    );
  }

  /**
   * A module bound (`mod index;`, `#[path = "imp.rs"] mod imp;`): what its file declares first, or
   * its first line of code; a module that only declares modules (`mod basic; mod disallowed;`) shows
   * those declarations and, as far as MODULE_DEPTH, what the modules they declare hold.
   */
  private async boundModules(from: FileIndex, facts: readonly ImportFact[], depth: number): Promise<number> {
    let shown = 0;
    for (const fact of facts.filter((f) => f.name === null && !f.star).slice(0, IMPORT_USES)) {
      const module = await this.importedFile(from, this.index.side, fact);
      if (module === null) continue;
      const first = module.firstTopLevel(IMPORT_USES);
      for (const d of first) this.addDefinition(d);
      // A module of no definitions (`rgtest!(name, |dir| { .. });` calls): its first line of code.
      const code =
        first.length > 0
          ? undefined
          : numbersFrom(1, module.lines.length).find((n) => module.attachedAt(n) === null && !module.isTrivialLine(n));
      if (code !== undefined) this.content.add(module.path, module.side, [code]);
      if (first.length > 0 || code !== undefined) {
        shown++;
        continue;
      }
      const declared = depth < MODULE_DEPTH ? module.imports.filter((f) => f.line !== undefined && f.name === null && !f.star) : [];
      if (declared.length > 0 && (await this.boundModules(module, declared, depth + 1)) > 0) {
        this.content.add(
          module.path,
          module.side,
          declared.map((f) => f.line as number),
        );
        shown++;
      }
    }
    return shown;
  }

  /** The definitions of the names the imports bind (not whole modules), as the import ties them. */
  private async boundDefinitions(facts: readonly ImportFact[]): Promise<number> {
    const { index } = this;
    const { pack } = index.loaded;
    const queries = [...new Set(facts.filter((f) => f.name !== null && !bindsModule(f, pack)).map((f) => importBinding(f, pack)))]
      .filter((n): n is string => n !== null)
      .slice(0, IMPORT_USES)
      .map((name): NameQuery => ({ name, kinds: IMPORTED_KINDS, container: null, receiver: null, extra: true }));
    if (queries.length === 0) return 0;
    const found = await this.ctx.resolver.resolve(index.side, index, queries);
    let shown = 0;
    for (const q of queries)
      for (const d of found.get(queryKey(index.side, q)) ?? [])
        if (!d.local) {
          this.addDefinition(d, { key: `:${q.name}`, name: q.name, kind: d.kind === 'type' ? 'type' : 'variable', tie: this.tieOf(q, d) });
          shown++;
        }
    return shown;
  }

  /** The repository file an import of `from` leads to first, parsed on the extra budget; null when none or unparsable. */
  private async importedFile(from: FileIndex, side: Side, fact: ImportFact): Promise<FileIndex | null> {
    const store = this.ctx.resolver.store;
    const file = from.loaded.pack.adapter.resolveImport(fact, from.path, await store.pathSet(side))[0];
    const module = file === undefined ? null : await store.charged(side, file, store.spent.extra);
    return module instanceof FileIndex ? module : null;
  }

  /** Forward: the later statements of the function that read what the statement writes or declares. */
  forward(): void {
    const { index, range } = this;
    const defined = new Set<string>();
    for (const w of this.here.writes) defined.add(touchedKey(w));
    for (const name of index.localNamesIn(range)) defined.add(name);
    for (const r of this.facts.reads)
      if (r.line > range.end && defined.has(touchedKey(r)) && (r.field || this.sameVariable(r.name, r.line))) this.addUnit(r.unit);
  }

  private async typesAndCalls(whole: boolean): Promise<void> {
    const { index } = this;
    // A call of a local (a nested function, a closure held in a variable) means that local, shown by backward: nothing to search.
    // A method call is none, even where a local has the method's name (`let skip = base().skip(1)`).
    const asked = whole ? this.here.calls.filter((c) => c.reached || this.localOf(c.callee) === null) : [];
    // A nested function called by name (backward shows its header): its body, as any callee's.
    for (const c of whole ? this.here.calls : []) {
      const local = c.reached ? null : this.localOf(c.callee);
      if (local?.kind === 'function') this.addBody(local, c.args.length);
    }
    // Receivers that are calls (`make(c).close()`): the type each returns, first.
    const receiverCalls = new Map<string, NameQuery>();
    for (const c of asked) {
      const rc = c.receiverCall;
      const query = rc === null || rc.via?.includes('(') === true ? null : this.resultQuery(rc.callee, rc.via, true);
      if (rc !== null && query !== null) receiverCalls.set(`${rc.via ?? ''}\0${rc.callee}`, query);
    }
    if (receiverCalls.size > 0) {
      const results = await this.ctx.resolver.resolve(index.side, index, [...receiverCalls.values()]);
      for (const [key, query] of receiverCalls) {
        const result = resultOf(results.get(queryKey(index.side, query)) ?? [], this.adapter);
        if (result !== null) this.callResults.set(key, result);
      }
    }
    const calls: CallOccurrence[] = [];
    const callQueries: NameQuery[] = [];
    /** Calls no query ties, on an object a chain of calls and members gives (chainType). */
    const onChains: { c: CallOccurrence; chain: string }[] = [];
    for (const c of asked) {
      const query = this.calleeQuery(c, /^[A-Z]/.test(c.callee) ? CONSTRUCTOR_KINDS : CALLABLE_KINDS, true);
      if (query === null) {
        const chain = receiverChain(c);
        if (chain !== null) onChains.push({ c, chain });
        continue;
      }
      calls.push(c);
      callQueries.push(query);
    }
    for (const { c, chain } of onChains) {
      const object = await this.chainType(chain);
      if (object === null || 'module' in object) continue;
      const query: NameQuery = { name: c.callee, kinds: CALLABLE_KINDS, container: object.type, receiver: null, extra: true };
      for (const d of await this.memberOf(object, c.callee, true)) {
        this.addDefinition(d, { key: `()${c.callee}`, name: c.callee, kind: 'call', tie: this.tieOf(query, d) });
        this.addBody(d, c.args.length);
      }
    }
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
    if (whole)
      for (const [variable, typeName] of this.types)
        if (typeName !== null) addType(typeName, this.typeModuleOf(variable), { key: variable, kind: 'declared-type' });
    const types = [...typeQueries.values()];
    const found = await this.ctx.resolver.resolve(index.side, index, [...callQueries, ...types]);
    calls.forEach((c, i) => {
      const q = callQueries[i] as NameQuery;
      const defs = (found.get(queryKey(index.side, q)) ?? []).filter((d) => c.reached || this.inScopeHere(d));
      for (const d of defs) {
        this.addDefinition(d, { key: `()${c.callee}`, name: c.callee, kind: 'call', tie: this.tieOf(q, d) });
        this.addBody(d, c.args.length);
      }
      // A bare call that no function answers, of a name the file declares outside any function or type
      // (`var request = require('supertest')`, `var basename = path.basename`): that declaration is what it calls.
      if (defs.length === 0 && !c.reached)
        for (const d of index.definitionsOf(c.callee))
          if ((d.kind === 'variable' || d.kind === 'constant') && !d.local && d.container === null)
            this.addDefinition(d, { key: `()${c.callee}`, name: c.callee, kind: 'call', tie: 'same-file' });
    });
    for (const q of types) {
      const use = typeUse.get(q);
      for (const d of found.get(queryKey(index.side, q)) ?? [])
        if ((whole || d.span.end - d.span.start < ALIAS_LINES) && (q.receiver !== null || this.inScopeHere(d)))
          this.addDefinition(d, use === undefined ? undefined : { ...use, name: q.name, tie: this.tieOf(q, d) });
    }
  }

  /**
   * What a call names, as a query: a bare call (in a language with an implicit `this`, inside a
   * method, first a method of its class); a method through its receiver's type (`this`, a typed
   * variable, a typed field: `a.g.Wait()`); a function of the module a receiver names (`m.f()`); a
   * member of a type named as the receiver (`Foo.make()`, `Foo::new()`). Null when the receiver is
   * an object whose type is not known (a call's result, a chain, an untyped variable): nothing
   * could tie a definition to it, so nothing is searched.
   */
  private calleeQuery(c: CallOccurrence, kinds: readonly DefinitionKind[], extra: boolean): NameQuery | null {
    const { adapter, owner } = this;
    const common = { name: c.callee, kinds, arity: c.args.length, method: c.method, extra, ...this.argTypesOf(c) };
    if (!c.reached) {
      const container = adapter.implicitSelf === true ? owner : null;
      return { ...common, container, receiver: null, ...(container !== null ? { implicit: true } : {}) };
    }
    if (c.receiver === null && c.receiverCall !== null) {
      const result = this.callResults.get(`${c.receiverCall.via ?? ''}\0${c.receiverCall.callee}`);
      return result === undefined
        ? null
        : {
            ...common,
            container: result.type,
            receiver: result.qualifier !== null && this.isModule(result.qualifier) ? result.qualifier : null,
          };
    }
    if (c.receiver === null) {
      const field = this.fieldType(c.receiverField);
      if (field === null) return null;
      const qualifier = field.typeQualifier !== null && this.isModule(field.typeQualifier) ? field.typeQualifier : null;
      return { ...common, container: field.typeName, receiver: qualifier };
    }
    const imported = this.importedNames.has(c.receiver) && this.localOf(c.receiver) === null;
    // A name an import binds to a variable whose type is known (`import ky from`, `const ky = createInstance()`): a member of that type.
    const typedImport = imported && (this.types.get(c.receiver) ?? null) !== null;
    const variable =
      typedImport || (!imported && (adapter.selfNames.has(c.receiver) || this.types.has(c.receiver) || this.localOf(c.receiver) !== null));
    if (!variable) {
      // A module's variable may hold what is called (`export const parse: Parse = make()`, called `m.parse()`).
      const callable = this.isModule(c.receiver) ? [...new Set([...kinds, ...MODULE_CALLABLE_KINDS])] : kinds;
      return { ...common, kinds: callable, container: c.receiver, receiver: c.receiver };
    }
    const container = this.typeOfObject(c.receiver);
    return container === null ? null : { ...common, container, receiver: this.typeModuleOf(c.receiver) };
  }

  /**
   * False for a definition of the changed file nested in a function the change is not in (a class
   * of another test function): a bare name at the change cannot mean it.
   */
  private inScopeHere(d: Definition): boolean {
    if (d.file !== this.index.path || d.side !== this.index.side) return true;
    return this.index.scopeChain(d.span.start).every((c) => this.chainEntries.has(c.entry) || c.range.start >= d.span.start);
  }

  /**
   * Where the pack picks overloads by argument types: each argument's type, as its syntax gives it
   * (a literal, a cast, `new T()`) or as the variable it names is declared (null: not known).
   */
  private argTypesOf(c: CallOccurrence): { argTypes?: (string | null)[] } {
    if (this.adapter.overloads === undefined) return {};
    return {
      argTypes: c.args.map((arg, i) => {
        const written = c.argTypes?.[i] ?? null;
        if (written !== null || arg === null) return written;
        return this.types.has(arg) ? (this.types.get(arg) ?? null) : (this.localOf(arg)?.typeName ?? null);
      }),
    };
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
    return (
      (localAt(this.index, name, this.index.scopeChain(line), { start: line, end: line })?.scope ?? -1) ===
      (this.localOf(name)?.scope ?? -1)
    );
  }

  /** True when a name is a whole module the file imports and no local shadows it. */
  private isModule(name: string | null): name is string {
    return name !== null && this.modules.has(name) && this.localOf(name) === null;
  }

  /** Algorithm 6's intent inside loops: a write later in the loop body comes before the next iteration's read. */
  private inLoopAfter(line: number): boolean {
    return line > this.range.end && this.loops.some((l) => line <= l.end);
  }

  /**
   * The type an object stands for: the enclosing type for `this`/`self`, the declared type of a
   * variable, the name itself when no variable answers it (a type or a namespace: `Color.RED`);
   * null for an object that is no plain name or a variable whose type is not known.
   */
  private typeOfObject(object: string | null): string | null {
    if (object === null) return null;
    if (object.includes('.')) return this.chainTypes.get(object)?.type ?? null;
    if (this.adapter.selfNames.has(object)) return this.owner;
    if (this.types.has(object)) return this.types.get(object) ?? null;
    const local = this.localOf(object);
    return local !== null ? local.typeName : object;
  }

  /** The module an object's type is imported from (`sync` of `mu sync.Mutex`), where its members are looked up; null when none. */
  private typeModuleOf(object: string | null): string | null {
    if (object === null || this.adapter.selfNames.has(object)) return null;
    if (object.includes('.')) {
      const chained = this.chainTypes.get(object)?.qualifier ?? null;
      return this.isModule(chained) ? chained : null;
    }
    const qualifier = this.typeQualifiers.get(object) ?? this.localOf(object)?.typeQualifier ?? null;
    return this.isModule(qualifier) ? qualifier : null;
  }

  /** The declared type of a field a call is made on (`a.g` of `a.g.Wait()`), as members found it. */
  private fieldType(via: { object: string; field: string } | null): Definition | null {
    const query = via === null ? undefined : this.fieldQueryOf.get(`${via.object}\0${via.field}`);
    return (
      (query === undefined ? [] : (this.foundFields.get(queryKey(this.index.side, query)) ?? [])).find((d) => d.typeName !== null) ?? null
    );
  }

  private tieOf(query: NameQuery, def: Definition): ResolutionTie | undefined {
    return this.ctx.resolver.tieOf(this.index.side, this.index, query, def);
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

  /**
   * Shows a called function's body with its definition (full-flow): whole when it is short; when
   * long, the lines that leave it (return, raise, throw) and those naming the parameters the call
   * passes, with the enclosing headers of each and its last line (the gaps are marked when the slice
   * is rendered); and the lines above it that belong to it (decorators, attributes, annotations)
   * with its doc comment's first line. Overload stubs show this way too, each with its decorators.
   */
  private addBody(def: Definition, arity: number): void {
    if (def.kind !== 'function') return;
    const file = this.ctx.resolver.store.parsedFile(def.side, def.file);
    if (file === null) return;
    const { bodies, selfNames } = file.loaded.pack.adapter;
    const lines: number[] = [];
    let doc = -1;
    for (let n = def.span.start - 1; n >= 1 && def.span.start - n <= ABOVE_LINES; n--) {
      if (bodies.attributes?.test(file.lines.line(n)) === true) lines.push(n);
      else if (file.isCommentLine(n)) doc = n;
      else break;
    }
    if (doc > 0) lines.push(doc);
    const body = { start: def.show.end + 1, end: def.span.end };
    if (def.span.end - def.span.start < WHOLE_BODY_LINES) appendAll(lines, numbersFrom(def.span.start, def.span.end));
    else if (body.start <= body.end) {
      const receiver = bodies.receiverFirst && def.container !== null ? 1 : 0;
      const passed = def.params
        .slice(receiver)
        .filter((p) => !selfNames.has(p))
        .slice(0, arity);
      const reads = passed.length === 0 ? null : wholeWords(passed);
      const key: number[] = [];
      if (bodies.doc?.test(file.lines.line(body.start)) === true || file.isCommentLine(body.start)) key.push(body.start);
      for (let n = body.start; n <= body.end && key.length < KEY_LINES; n++) {
        const text = file.lines.line(n);
        if (bodies.exits?.test(text) === true || reads?.test(text) === true) key.push(n);
      }
      for (const n of key) lines.push(n, ...file.enclosingHeaders({ start: n, end: n }));
      lines.push(body.end);
    }
    this.content.add(def.file, def.side, lines);
  }

  /** Shows a definition; with `explain`, records the use it answers and how it was tied. */
  private addDefinition(def: Definition, why?: Why): void {
    const { index, content } = this;
    const use = why === undefined ? undefined : this.uses?.get(why.key);
    if (why !== undefined && use !== undefined) {
      const { side, ...at } = use;
      content.explain(
        { name: why.name, use: at, side, kind: why.kind },
        {
          file: def.file,
          side: def.side,
          startLine: def.span.start,
          endLine: def.span.end,
          kind: def.kind,
          container: def.container,
          tie: why.tie ?? 'rank',
        },
      );
    }
    content.addRange(def.file, def.side, def.show.start, def.show.end);
    if (def.containerLine !== null) content.add(def.file, def.side, [def.containerLine]);
    if (def.file === index.path && def.side === index.side) content.add(index.path, index.side, index.enclosingHeaders(def.show));
  }
}
