import path from 'node:path';
import type { ResolutionTie } from '../types.js';
import type { Definition, DefinitionKind, Side } from './definition.js';
import { FileIndex } from './file-index.js';
import type { FileStore, Spent, Tier } from './file-store.js';
import type { HintKind, ImportFact, LanguagePack, Overloads, PathSet, Signature } from './language-pack.js';
import { GENERATED_RANK, normalizeStem, type NameSearch } from './name-search.js';
import { chooseOverload, type Relate } from './overloads.js';
import { unparsableReason, wholeWords } from './source-text.js';

/** A name to find a definition for, anywhere in the repository. */
export interface NameQuery {
  name: string;
  kinds: readonly DefinitionKind[];
  /** Preferred enclosing type (a field of `Buf`); other containers are kept only when none matches. */
  container: string | null;
  /** What the name is reached through at its use (`mod` of `mod.f()`): a name an import binds narrows the search to that module. */
  receiver?: string | null;
  /** True for what only full-flow shows (callee signatures, type definitions): searched on the budget of its own. */
  extra?: boolean;
  /** Arguments of the call, for a callee: among overloads, those taking as many parameters are preferred. */
  arity?: number;
  /** The types of the call's arguments as the pack sees them (null: not known), where the pack picks overloads by them (see chooseOverload). */
  argTypes?: readonly (string | null)[];
  /** True when only a definition inside a type can be meant (a method call the language writes apart from a function call). */
  method?: boolean;
  /**
   * True when the container is the type the use's code runs in and the name is bare (a call `f()`
   * inside a method, where `this` is implicit): a definition outside any type, tied by its file,
   * may be meant too.
   */
  implicit?: boolean;
}

/** What a lookup answers for one query: the definitions tied to the use (what slices show), the candidates found by name only, and how each was tied. */
export interface Answer {
  /** Tied definitions, the preferred first, at most DEFINITIONS_PER_LOOKUP. */
  definitions: Definition[];
  /** Definitions of the name that nothing ties to the use (another type's member, a file the use cannot see), at most DEFINITIONS_PER_LOOKUP. */
  candidates: Definition[];
  ties: ReadonlyMap<Definition, ResolutionTie>;
}

const NO_ANSWER: Answer = { definitions: [], candidates: [], ties: new Map() };

/** Limits that keep a search proportional to the change. */
const RELATED_FILES_PER_FILE = 6;
/** Files an import leads to that are parsed for one search, re-exports followed included. */
const IMPORTED_FILES_PER_SEARCH = 12;
/** Re-exports followed from an imported module (`export * from`, `from .impl import f` in `__init__.py`). */
const REEXPORT_DEPTH = 3;
/**
 * Search candidates larger than this are not parsed for a definition: past it lie amalgamations
 * (a fused gtest.h, sqlite3.c) whose parse costs more than the rest of a run's search together.
 */
const SEARCH_FILE_MAX_BYTES = 384 * 1024;
/**
 * Candidate files parsed for one name of a search: a common name (`Path`, defined in dozens of
 * files) cannot use up the parses of a rarer one searched with it (`BoolFunc`).
 */
const PARSES_PER_NAME = 4;
const DEFINITIONS_PER_LOOKUP = 3;
/** Lines of a declaration read for its parameters (annotations and a parameter list over several lines included). */
const SIGNATURE_LINES = 16;
/** Generations of base types followed for an inherited member. */
const BASE_DEPTH = 4;
/** How deep, and how many files, the headers a file sees are followed through their own includes (see visibleFiles). */
const INCLUDE_DEPTH = 8;
const INCLUDES_SEEN = 600;
/** Lines `read` answers at most; files `references` reads and lines it answers at most. */
const READ_LINES = 400;
const REFERENCE_FILES = 40;
const REFERENCE_LINES = 100;
/** What a definition can be when nothing at the use says (a reviewer's `definition(name, …)`). */
const ANY_KIND: readonly DefinitionKind[] = ['function', 'prototype', 'type', 'variable', 'constant', 'macro', 'field'];

/** The parameters of each callable declaration read so far, as its own pack reads them (see Lookup.signatureOf). */
const SIGNATURES = new WeakMap<Definition, Signature | null>();

/** What picking an overload needs of a lookup: the pack's rules, callables' signatures, and the relations of the repository's types. */
interface OverloadContext {
  rules: Overloads;
  signatureOf(d: Definition): Signature | null;
  relate(d: Definition): Relate;
}

/** A type and the types it derives from, as far as known (see Resolver.lineage). */
type Lineage = (type: string) => ReadonlySet<string>;

function tierOf(query: NameQuery): Tier {
  return query.extra === true ? 'extra' : 'flow';
}

/** The text hints a file defining one of these kinds matches (a call can name a function or a type). */
function hintKinds(kinds: readonly DefinitionKind[]): HintKind[] {
  const out: HintKind[] = [];
  if (kinds.includes('function') || kinds.includes('prototype')) out.push('callable');
  if (kinds.includes('type')) out.push('type');
  if (kinds.includes('field')) out.push('field');
  // A function-like macro matches the callable hint; object-like ones the variable hint.
  if (kinds.includes('variable') || kinds.includes('constant') || (kinds.includes('macro') && out.length === 0)) out.push('variable');
  return out;
}

export function queryKey(side: Side, query: NameQuery): string {
  return `${side}\0${query.name}\0${query.kinds.join(',')}\0${query.container ?? ''}\0${query.receiver ?? ''}\0${query.arity ?? ''}\0${tierOf(query)}${query.method === true ? '\0method' : ''}${query.implicit === true ? '\0implicit' : ''}${query.argTypes === undefined ? '' : `\0(${query.argTypes.map((t) => t ?? '?').join(',')})`}`;
}

/** What an answer is kept under: the query as asked from one file (what a name means depends on the file's imports and definitions). */
function memoKey(near: FileIndex, key: string): string {
  return `${near.path}\0${key}`;
}

/** The local name an import binds (`z` of `import y as z`, `y` of `from x import y`), or null for star imports. */
export function importBinding(fact: ImportFact, pack: LanguagePack): string | null {
  if (fact.alias !== null) return fact.alias;
  if (fact.name !== null) return fact.name;
  return fact.star ? null : pack.adapter.moduleBinding(fact.module);
}

/**
 * True when an import binds the module itself (`import os`, `import numpy as np`, Go's `import u
 * "a/pkg"`, ES's `import * as ns`), not a name it exports: a namespace import, or a plain import in
 * a language whose packs name modules (moduleBinding). An ES default import binds an export.
 */
export function bindsModule(fact: ImportFact, pack: LanguagePack): boolean {
  return fact.whole === true || (fact.name === null && !fact.star && pack.adapter.moduleBinding(fact.module) !== null);
}

/** Where a search looks for one query: files and the name to find in them (the name before an `as`). */
interface Target {
  query: NameQuery;
  files: readonly string[];
  name: string;
  /** Names whose re-exports lead on: the name, and for a call through an imported receiver (`m.f()`, `T::new()`) the receiver's. */
  follow: ReadonlySet<string>;
  /** True when the files are what the call's receiver names: a function there outside any type is what `m.f()` means. */
  viaReceiver: boolean;
  /**
   * True when only what the module itself declares can be meant: its default (`default`, `exports`), or a
   * member of a namespace the import binds (`ns.f()` of `import * as ns`); no member of a type or of an
   * object literal there (`{ parse: (self) => … }`, `default(d) {…}`).
   */
  moduleLevel?: boolean;
}

/** A definition as a reviewer's tool answers it: where, what, and how it was tied to the place asked from. */
export interface FoundDefinition {
  file: string;
  side: Side;
  startLine: number;
  endLine: number;
  kind: DefinitionKind;
  container: string | null;
  tie: ResolutionTie;
  /** True when nothing ties it to the place asked from (found by name only, ranked): a candidate, not an answer. */
  candidate: boolean;
}

/** What `definition` answers. */
export interface DefinitionAnswer {
  name: string;
  side: Side;
  from: { file: string; line: number };
  definitions: FoundDefinition[];
  /** Files parsed and bytes parsed for this lookup. */
  spent: Spent;
}

/** What `references` answers: lines holding the name as a word, the asking file first; `truncated` when more were left out. */
export interface ReferencesAnswer {
  name: string;
  side: Side;
  references: { file: string; line: number; text: string }[];
  truncated: boolean;
}

/** What `read` answers: numbered lines of a file at one side; `truncated` when the range asked was longer than the cap. */
export interface ReadAnswer {
  file: string;
  side: Side;
  /** Lines in the file; 0 when the file is not there, binary or too large. */
  totalLines: number;
  lines: { line: number; text: string }[];
  truncated: boolean;
}

/**
 * Which definition a name means, as seen from a place in one revision (the side: base or head), for
 * the slicer and the reviewers' tools alike. Each lookup (see Lookup) searches the asking file's
 * own definitions; then the modules an import binds the name (or the call's receiver) to,
 * following re-exports; then files the language makes visible without an import (a header and its
 * source, `#include`d headers, the package, star imports); then files parsed earlier that the
 * asking file reaches; then the bases of the receiver's type; then the files holding the name as a
 * word, ranked so that what the file can reach comes first. Answers are kept for the run.
 */
export class Resolver {
  private readonly answers = new Map<string, Promise<Answer>>();
  /** The answers given so far, by query key (see tieOf). */
  private readonly settled = new Map<string, Answer>();
  private readonly reach = new Map<string, Promise<ReadonlySet<string>>>();
  private readonly visible = new Map<string, Promise<ReadonlySet<string>>>();
  /** The imports read from a file's text, by side and file (see seenThrough). */
  private readonly textImports = new Map<string, Promise<readonly string[]>>();

  constructor(
    readonly store: FileStore,
    readonly names: NameSearch,
  ) {}

  /**
   * The definitions of many names at once, as seen from the file `near` (the slicer's batch): one
   * lookup for left-flow's queries, then one for full-flow's extras on their own budget.
   */
  async resolve(side: Side, near: FileIndex, queries: readonly NameQuery[]): Promise<Map<string, Definition[]>> {
    const result = new Map<string, Definition[]>();
    const pending: NameQuery[] = [];
    for (const query of queries) {
      const key = queryKey(side, query);
      if (result.has(key)) continue;
      const memo = this.answers.get(memoKey(near, key));
      if (memo !== undefined) result.set(key, (await memo).definitions);
      else pending.push(query);
    }
    // Left-flow's queries first: files they parse are then searched for the extras for free.
    for (const tier of ['flow', 'extra'] as const) {
      const group = pending.filter((q) => tierOf(q) === tier);
      if (group.length === 0) continue;
      const search = new Lookup(this, side, near, group, this.store.spent[tier], this.store.budgets[tier]).run();
      for (const query of group) {
        const key = queryKey(side, query);
        const found = search.then((m) => {
          const answer = m.get(key) ?? NO_ANSWER;
          this.settled.set(memoKey(near, key), answer);
          return answer;
        });
        this.answers.set(memoKey(near, key), found);
        result.set(key, (await found).definitions);
      }
    }
    return result;
  }

  /**
   * A reviewer's `definition(name, file, line, side)`: the local or parameter in scope at the line,
   * else what a lookup from that file finds, each definition labelled with its tie and, when nothing
   * ties it (found by name only), as a candidate. Empty when the file is not there or not parsed.
   */
  async definition(name: string, file: string, line: number, side: Side): Promise<DefinitionAnswer> {
    const from = { file, line };
    const near = await this.store.file(side, file, [line]);
    const before = { ...this.store.spent.extra };
    const answer = (definitions: FoundDefinition[]): DefinitionAnswer => ({
      name,
      side,
      from,
      definitions,
      spent: { parses: this.store.spent.extra.parses - before.parses, bytes: this.store.spent.extra.bytes - before.bytes },
    });
    if (!(near instanceof FileIndex)) return answer([]);
    const found = (d: Definition, tie: ResolutionTie): FoundDefinition => ({
      file: d.file,
      side: d.side,
      startLine: d.span.start,
      endLine: d.span.end,
      kind: d.kind,
      container: d.container,
      tie,
      candidate: tie === 'rank',
    });
    const local = localAt(near, name, near.scopeChain(line), { start: line, end: line });
    if (local !== null) return answer([found(local, 'scope')]);
    const owner = near.ownerAt(line);
    const query: NameQuery = { name, kinds: ANY_KIND, container: owner, extra: true, implicit: owner !== null };
    const lookup = new Lookup(this, side, near, [query], this.store.spent.extra, this.store.budgets.extra, true);
    const { definitions, candidates, ties } = (await lookup.run()).get(queryKey(side, query)) ?? NO_ANSWER;
    return answer(
      [...definitions.map((d) => found(d, ties.get(d) ?? 'rank')), ...candidates.map((d) => found(d, 'rank'))].slice(
        0,
        DEFINITIONS_PER_LOOKUP,
      ),
    );
  }

  /**
   * A reviewer's `references(name, file, side)`: the lines holding `name` as a whole word, in the
   * asking file first, then in the files the word index names (the likeliest first), at most
   * REFERENCE_LINES lines from REFERENCE_FILES files.
   */
  async references(name: string, file: string | null, side: Side): Promise<ReferencesAnswer> {
    const word = wholeWords([name]);
    const holding = /^[A-Za-z_$][\w$]*$/.test(name) ? await this.names.filesWithAny(side, [name]) : [];
    const files = [
      ...(file === null ? [] : [file]),
      ...holding.filter((f) => f !== file).sort((a, b) => closeness(a, file) - closeness(b, file) || a.localeCompare(b)),
    ];
    const references: ReferencesAnswer['references'] = [];
    /** Adds the file's lines holding the name; false once one more was found than fit. */
    const add = async (f: string): Promise<boolean> => {
      const lines = await this.store.lines(side, f);
      for (let n = 1; lines !== null && n <= lines.length; n++) {
        const text = lines.line(n);
        if (!word.test(text)) continue;
        if (references.length === REFERENCE_LINES) return false;
        references.push({ file: f, line: n, text });
      }
      return true;
    };
    let truncated = files.length > REFERENCE_FILES;
    for (const f of files.slice(0, REFERENCE_FILES)) {
      if (!(await add(f))) {
        truncated = true;
        break;
      }
    }
    return { name, side, references, truncated };
  }

  /** A reviewer's `read(file, start, end, side)`: the lines asked for, at most `maxLines` (READ_LINES) of them. */
  async read(file: string, start: number, end: number, side: Side, maxLines = READ_LINES): Promise<ReadAnswer> {
    const lines = await this.store.lines(side, file);
    if (lines === null) return { file, side, totalLines: 0, lines: [], truncated: false };
    const from = Math.max(1, start);
    const to = Math.min(lines.length, end, from + maxLines - 1);
    const out: ReadAnswer['lines'] = [];
    for (let n = from; n <= to; n++) out.push({ line: n, text: lines.line(n) });
    return { file, side, totalLines: lines.length, lines: out, truncated: to < Math.min(lines.length, end) };
  }

  /** How a definition resolve() answered for a query asked from the file `near` was tied to it. */
  tieOf(side: Side, near: FileIndex, query: NameQuery, def: Definition): ResolutionTie | undefined {
    return this.settled.get(memoKey(near, queryKey(side, query)))?.ties.get(def);
  }

  /** Lets go of every answer and what files reach (the store lets go of the files: see sliceChange's parts). */
  forget(): void {
    this.answers.clear();
    this.settled.clear();
    // What each file reaches names paths cut from its text: kept, they would keep every text.
    this.reach.clear();
    this.visible.clear();
    this.textImports.clear();
  }

  /** True when `type` is `ancestor` or derives from it, as far as the files parsed so far tell. */
  derives(side: Side, near: FileIndex, type: string, ancestor: string): boolean {
    return type === ancestor || this.lineage(side, near)(type).has(ancestor);
  }

  /**
   * A type and the types it derives from (`class D : public B`, `class D(B)`, `extends B`), as far as
   * the files parsed so far define them: a member of a base settles a query in the derived type.
   * Asked again as the search parses more files; answers are kept for the files parsed at the time.
   */
  lineage(side: Side, near: FileIndex): Lineage {
    const known = new Map<string, { parsed: number; types: Set<string> }>();
    return (type) => {
      const cached = known.get(type);
      if (cached !== undefined && cached.parsed === this.store.filesRead) return cached.types;
      const types = new Set([type]);
      let frontier = [type];
      for (let depth = 0; depth < BASE_DEPTH && frontier.length > 0; depth++) {
        const next: string[] = [];
        for (const t of frontier) {
          for (const d of [...near.definitionsOf(t).filter((d) => d.kind === 'type'), ...this.store.parsedTypes(side, t)]) {
            for (const base of d.bases.filter((b) => !types.has(b))) {
              types.add(base);
              next.push(base);
            }
          }
        }
        frontier = next;
      }
      known.set(type, { parsed: this.store.filesRead, types });
      return types;
    };
  }

  /** Files a file sees without naming them: its companions (a header and its source, its package) and what it star-imports (`#include`). */
  async relatedFiles(side: Side, index: FileIndex): Promise<string[]> {
    const paths = await this.store.pathSet(side);
    const adapter = index.loaded.pack.adapter;
    const related = [...adapter.companions(index.path, paths)];
    for (const fact of index.imports) if (fact.star) related.push(...adapter.resolveImport(fact, index.path, paths));
    return [...new Set(related)].filter((f) => f !== index.path);
  }

  /**
   * Files whose top-level names a file sees without naming them: what relatedFiles gives, and in a
   * language whose imports are transitive (C's `#include`), what those files include in turn, as
   * their text says, with the sources of the headers reached (where what a header declares is
   * defined). A bare name found by name in one of these is tied to the use by the file.
   */
  visibleFiles(side: Side, index: FileIndex): Promise<ReadonlySet<string>> {
    const key = `${side}\0${index.path}`;
    let entry = this.visible.get(key);
    if (entry === undefined) {
      entry = (async () => {
        const related = await this.relatedFiles(side, index);
        const adapter = index.loaded.pack.adapter;
        if (adapter.textImports?.transitive !== true) return new Set(related);
        const paths = await this.store.pathSet(side);
        let frontier = [
          ...new Set([...related, ...index.imports.flatMap((fact) => adapter.resolveImport(fact, index.path, paths))]),
        ].filter((f) => f !== index.path);
        const seen = new Set<string>([index.path, ...frontier]);
        for (let depth = 0; depth < INCLUDE_DEPTH && frontier.length > 0 && seen.size < INCLUDES_SEEN; depth++) {
          const next: string[] = [];
          for (const [file, imported] of await this.seenThrough(side, frontier)) {
            for (const f of [...imported, ...adapter.companions(file, paths)]) {
              if (seen.has(f) || seen.size >= INCLUDES_SEEN) continue;
              seen.add(f);
              next.push(f);
            }
          }
          frontier = next;
        }
        seen.delete(index.path);
        return seen;
      })();
      this.visible.set(key, entry);
    }
    return entry;
  }

  /** What each of the files imports as its text says (parsed files' imports as parsed), in the order given. */
  private async seenThrough(side: Side, files: readonly string[]): Promise<Map<string, readonly string[]>> {
    const out = new Map<string, readonly string[]>();
    const unread = files.filter((f) => !this.textImports.has(`${side}\0${f}`));
    if (unread.length > 0) {
      const reading = (async () => {
        const blobs = await this.store.unparsedBlobsOf(
          side,
          unread.filter((f) => this.store.parsedFile(side, f) === null),
        );
        const paths = await this.store.pathSet(side);
        const chooser = await this.store.chooser(side);
        return (file: string): readonly string[] => {
          const parsed = this.store.parsedFile(side, file);
          const pack = parsed?.loaded.pack ?? chooser.packFor(file);
          const text = pack?.adapter.textImports ?? null;
          if (pack === null || text === null) return [];
          const facts =
            parsed !== null
              ? parsed.imports
              : [...(blobs.get(file)?.toString('latin1') ?? '').matchAll(text.line)].map((m): ImportFact => ({
                  module: m[1] as string,
                  name: null,
                  alias: null,
                  star: true,
                }));
          return facts.flatMap((fact) => pack.adapter.resolveImport(fact, file, paths));
        };
      })();
      for (const f of unread)
        this.textImports.set(
          `${side}\0${f}`,
          reading.then((of) => of(f)),
        );
    }
    for (const f of files) out.set(f, await (this.textImports.get(`${side}\0${f}`) as Promise<readonly string[]>));
    return out;
  }

  /** The names a file's imports bind to whole modules (`import os`, `from . import util`: see bindsModule, submoduleFiles). */
  async moduleNames(side: Side, index: FileIndex): Promise<Set<string>> {
    const pack = index.loaded.pack;
    const names = new Set<string>();
    const named: ImportFact[] = [];
    for (const fact of index.imports) {
      const binding = importBinding(fact, pack);
      if (binding !== null && bindsModule(fact, pack)) names.add(binding);
      else if (binding !== null && fact.name !== null && pack.adapter.submoduleFiles !== undefined) named.push(fact);
    }
    // The paths are listed only where a named import may be a module.
    const paths = named.length > 0 ? await this.store.pathSet(side) : null;
    for (const fact of named)
      if (paths !== null && (pack.adapter.submoduleFiles?.(fact, index.path, paths).length ?? 0) > 0)
        names.add(importBinding(fact, pack) as string);
    return names;
  }

  /** Files a file reaches: what it sees without naming (see relatedFiles) and every file its imports resolve to. */
  reachable(side: Side, index: FileIndex): Promise<ReadonlySet<string>> {
    const key = `${side}\0${index.path}`;
    let entry = this.reach.get(key);
    if (entry === undefined) {
      entry = (async () => {
        const paths = await this.store.pathSet(side);
        const adapter = index.loaded.pack.adapter;
        const imported = index.imports.flatMap((fact) => adapter.resolveImport(fact, index.path, paths));
        return new Set([...(await this.relatedFiles(side, index)), ...imported]);
      })();
      this.reach.set(key, entry);
    }
    return entry;
  }
}

/** How far a file is from another by their folders (0: the same folder). */
function closeness(file: string, near: string | null): number {
  if (near === null) return 0;
  const a = path.posix.dirname(file).split('/');
  const b = path.posix.dirname(near).split('/');
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return a.length + b.length - 2 * shared;
}

/**
 * One lookup: the search for a batch of names as seen from one file of one side. It holds its state
 * (the side, where it started, the queries still open, the definitions found and how each was tied,
 * what it spent of its tier's budget) and runs its steps in order (run): the asking file, imports,
 * related files, reachable files parsed earlier, bases of the receiver's type, the word search, and
 * the bodies of members declared in their types.
 */
class Lookup {
  readonly found = new Map<string, Definition[]>();
  readonly open: Set<NameQuery>;
  /** Which step is collecting (recorded with each definition it adds). */
  private step: ResolutionTie = 'same-file';
  /** The step that found each definition, by query key. */
  private readonly steps = new Map<string, Map<Definition, ResolutionTie>>();
  /** Files whose top-level names the asking file sees without naming them (see Resolver.visibleFiles), once asked. */
  private seen: ReadonlySet<string> = new Set();
  /** Names the asking file's imports bind to what lies outside the repository (a class of the standard library or a jar), once asked. */
  private outsideTypes: ReadonlySet<string> = new Set();
  /** The side's paths, once asked. */
  private paths: PathSet | null = null;
  /** What namesRepositoryType answered, by side, file and type. */
  private readonly repositoryTypes = new Map<string, boolean>();
  /** Types whose members the asking file's star imports make bare names (`C` of `import static a.C.*`). */
  private readonly starred: ReadonlySet<string>;
  /** What the tier had spent when this lookup started. */
  private readonly spentBefore: Spent;
  private readonly lineageNow: Lineage;

  constructor(
    private readonly resolver: Resolver,
    readonly side: Side,
    readonly near: FileIndex,
    readonly queries: readonly NameQuery[],
    private readonly spent: Spent,
    private readonly budget: Spent,
    /** True when the lookup's candidates are answered too (a reviewer's `definition`), not only its tied definitions. */
    private readonly withCandidates = false,
  ) {
    this.open = new Set(queries);
    this.spentBefore = { ...spent };
    // A function's locals are found by the slicer itself; the functions and types declared inside a
    // function of the changed file (a helper, a visitor struct and its impl) are visible to its code.
    this.lineageNow = resolver.lineage(side, near);
    const adapter = near.loaded.pack.adapter;
    this.starred = new Set(near.imports.filter((f) => f.star).map((f) => adapter.lastComponent(f.module)));
  }

  /** The paths of the side, and the names the asking file imports from outside the repository (see outsideTypes). */
  private async readOutside(): Promise<void> {
    const { near } = this;
    const paths = await this.store.pathSet(this.side);
    const { pack } = near.loaded;
    const outside = new Set<string>();
    for (const fact of near.imports) {
      const binding = importBinding(fact, pack);
      if (binding === null || bindsModule(fact, pack) || pack.adapter.resolveImport(fact, near.path, paths).length > 0) continue;
      if (pack.adapter.isExternal?.(fact, near.path, paths) !== false) outside.add(binding);
    }
    this.paths = paths;
    this.outsideTypes = outside;
  }

  /** How this lookup picks overloads, where the use's pack does; else null. */
  private overloadsHere(): OverloadContext | null {
    const rules = this.near.loaded.pack.adapter.overloads;
    if (rules === undefined) return null;
    return { rules, signatureOf: (d) => this.signatureOf(d), relate: (d) => (arg, param) => this.relate(arg, param, d) };
  }

  /**
   * Whether a value of the type `arg` (at the use) is a `param` (of the callable `d`), by the
   * repository's types: true when `arg` derives from it as far as the files read say; false when
   * `param` is a repository type and `arg` either lies outside the repository (a standard name, a
   * type the use's file imports from outside: neither derives from the repository's types) or is a
   * repository type whose every ancestor is known and none is `param`; else null.
   */
  private relate(arg: string, param: string, d: Definition): boolean | null {
    const { side, near } = this;
    const lineage = this.lineageNow(arg);
    if (lineage.has(param)) return true;
    const read = (type: string): boolean =>
      near.definitionsOf(type).some((t) => t.kind === 'type') || this.store.parsedTypes(side, type).length > 0;
    const builtins = near.loaded.pack.adapter.builtins;
    if (!read(param) && !this.namesRepositoryType(d, param)) return null;
    if (builtins.has(arg) || this.outsideTypes.has(arg)) return !read(arg) ? false : null;
    return read(arg) && [...lineage].every((t) => read(t) || builtins.has(t)) ? false : null;
  }

  /**
   * True when the file defining `d` sees `type` as a repository file of that name: an import of it
   * that resolves, or a file of its package (its companions) named after it. Kept per file and type:
   * relate asks it for every argument of every overload weighed.
   */
  private namesRepositoryType(d: Definition, type: string): boolean {
    const index = this.store.parsedFile(d.side, d.file);
    const paths = this.paths;
    if (index === null || paths === null) return false;
    const key = `${d.side}\0${d.file}\0${type}`;
    const known = this.repositoryTypes.get(key);
    if (known !== undefined) return known;
    const adapter = index.loaded.pack.adapter;
    const stem = normalizeStem(type);
    const names =
      index.imports.some((f) => importBinding(f, index.loaded.pack) === type && adapter.resolveImport(f, index.path, paths).length > 0) ||
      adapter.companions(index.path, paths).some((f) => normalizeStem(path.posix.basename(f, path.posix.extname(f))) === stem);
    this.repositoryTypes.set(key, names);
    return names;
  }

  /** A callable's parameters as its pack reads them from its declaration's first lines, where the use's pack picks overloads; else null. */
  private signatureOf(d: Definition): Signature | null {
    const index = this.store.parsedFile(d.side, d.file);
    const overloads = index?.loaded.pack.adapter.overloads;
    if (index === null || overloads === undefined || this.near.loaded.pack.adapter.overloads === undefined) return null;
    if (index.loaded.pack.family !== this.near.loaded.pack.family) return null;
    // Read once per declaration: an overloaded name is weighed again at every call of it.
    if (SIGNATURES.has(d)) return SIGNATURES.get(d) ?? null;
    const header: string[] = [];
    for (let n = d.span.start; n <= Math.min(d.span.end, d.span.start + SIGNATURE_LINES - 1); n++) header.push(index.lines.line(n));
    const signature = overloads.signature(header.join('\n'), d.name);
    SIGNATURES.set(d, signature);
    return signature;
  }

  /** Files and bytes this lookup parsed, charged to its tier. */
  get spentHere(): Spent {
    return { parses: this.spent.parses - this.spentBefore.parses, bytes: this.spent.bytes - this.spentBefore.bytes };
  }

  private get store(): FileStore {
    return this.resolver.store;
  }

  private visible(d: Definition, index: FileIndex): boolean {
    return !d.local || (index === this.near && d.kind !== 'variable' && d.kind !== 'parameter');
  }

  /**
   * How a definition found by `step` is tied to a query's use, or null when nothing ties it (a
   * candidate). A member of the receiver's type (or of a type it derives from) is tied by the type
   * wherever it was found. A bare name (or one inside a method, where `this` is implicit) means a
   * definition outside any type — or a type, or a member kind the language lets bare names reach
   * (C's enumerators) — in the use's file, a module an import binds it to, or a file the use's file
   * sees without naming it; found elsewhere by name, it is a guess. A name reached through a module
   * is what that module defines.
   */
  private tieOf(query: NameQuery, def: Definition, step: ResolutionTie, found: readonly Definition[] = []): ResolutionTie | null {
    // The body of a function whose declaration is tied (a prototype in a header the use's file sees), wherever it is.
    if (
      def.kind === 'function' &&
      (step === 'rank' || step === 'reachable') &&
      found.some(
        (p) =>
          p !== def &&
          p.kind === 'prototype' &&
          p.container === def.container &&
          this.tieOf(query, p, this.steps.get(queryKey(this.side, query))?.get(p) ?? 'rank') !== null,
      )
    )
      return 'out-of-line';
    if (query.container !== null) {
      if (def.container !== null && this.lineageNow(query.container).has(def.container)) return step === 'rank' ? 'receiver' : step;
      // `m.f()` with `m` a module an import binds: a function outside any type there.
      if (query.receiver === query.container && step === 'import' && def.container === null) return step;
      // `ns::f()` where a qualifier may be a namespace: a function outside any type in a file the use's file sees.
      if (
        query.receiver === query.container &&
        def.container === null &&
        (def.kind === 'function' || def.kind === 'prototype') &&
        this.near.loaded.pack.adapter.namespaces
      ) {
        return step === 'rank' || step === 'reachable' ? (this.seen.has(def.file) ? 'reachable' : null) : step;
      }
      if (query.implicit !== true) return null;
    }
    // What an import binds by this very name (`from m import f`, Java's `import static a.C.f`), a member of a type whose members a star import makes bare (`import static a.C.*`, `use E::*`).
    const bare =
      (def.container === null && def.containerLine === null) ||
      def.kind === 'type' ||
      // A constructor (a member named after its type) is reached wherever its type is: `new Foo(…)`, `Foo(…)`.
      (def.kind === 'function' && def.container === def.name && query.kinds.includes('type')) ||
      step === 'import' ||
      this.near.loaded.pack.adapter.bareMembers.has(def.kind) ||
      (def.container !== null && this.starred.has(def.container));
    if (!bare) return null;
    // Through a module: only what the import of that module found.
    if (query.receiver !== undefined && query.receiver !== null && query.container === null) return step === 'import' ? step : null;
    if (step === 'rank' || step === 'reachable') return this.seen.has(def.file) ? 'reachable' : null;
    return step;
  }

  /**
   * Adds the definitions `index` has of each open query (of `name` when given: the name before an
   * `as`). A query is settled by a definition in its container, or, in the module a receiver
   * names (`codec::encode()`), by one outside any type.
   */
  private collect(index: FileIndex, only?: NameQuery, name?: string, viaReceiver = false, moduleLevel = false): void {
    for (const query of only ? [only] : [...this.open]) {
      if (!this.open.has(query)) continue;
      const key = queryKey(this.side, query);
      const known = this.found.get(key) ?? [];
      // A file searched again (imported, then reached, then a word-search hit) adds nothing twice.
      const defs = index
        .definitionsOf(name ?? query.name)
        .filter(
          (d) =>
            query.kinds.includes(d.kind) &&
            this.visible(d, index) &&
            !known.includes(d) &&
            (query.method !== true || d.container !== null) &&
            (!moduleLevel || (d.container === null && d.containerLine === null)),
        );
      if (defs.length === 0) continue;
      const merged = [...known, ...defs];
      this.found.set(key, merged);
      let steps = this.steps.get(key);
      if (steps === undefined) this.steps.set(key, (steps = new Map()));
      for (const d of defs) steps.set(d, this.step);
      const tied = (d: Definition): boolean => this.tieOf(query, d, steps.get(d) as ResolutionTie, merged) !== null;
      // A definition outside any type ends the search for a name used bare or through its module (`m.f()`), as one of the container's does.
      const outside = viaReceiver || query.implicit === true;
      if (
        merged.some((d) => tied(d) && closes(query, d, this.lineageNow)) ||
        (outside && merged.some((d) => d.container === null && tied(d) && closes({ ...query, container: null }, d, this.lineageNow)))
      )
        this.open.delete(query);
    }
  }

  /** The steps in order; each query's answer by its key: the tied definitions, the preferred first, capped, and the candidates. */
  async run(): Promise<Map<string, Answer>> {
    const { side, near, open } = this;
    this.seen = await this.resolver.visibleFiles(side, near);
    if (near.loaded.pack.adapter.overloads !== undefined) await this.readOutside();
    this.collect(near);
    this.step = 'import';
    const outside = open.size > 0 ? await this.imports() : new Set<NameQuery>();
    this.step = 'package';
    if (open.size > 0) await this.related();
    // Files parsed earlier in the run that this file reaches cost nothing to search.
    this.step = 'reachable';
    for (const file of open.size > 0 ? await this.resolver.reachable(side, near) : []) {
      const index = this.store.parsedFile(side, file);
      if (index !== null && open.size > 0) this.collect(index);
    }
    this.step = 'inherited';
    if (open.size > 0) await this.bases();
    // Not searched for in the whole repository: a standard name (`size`, `data`) unless on a receiver of
    // the repository's own type (`Slice::size`), a member of a standard-library type (`Double.parseDouble`),
    // a name an import binds to a module outside the repository, and a variable of the name of a member
    // field the search found (the member is what the name means).
    const fields = new Set(
      this.queries.filter((q) => q.kinds.includes('field') && !open.has(q) && this.found.has(queryKey(side, q))).map((q) => q.name),
    );
    const searchable = [...open].filter(
      (q) =>
        !this.standard(q) &&
        !outside.has(q) &&
        !(fields.has(q.name) && !q.kinds.includes('field') && q.kinds.every((k) => k === 'variable' || k === 'constant' || k === 'macro')),
    );
    this.step = 'rank';
    if (searchable.length > 0) await this.byWord(searchable, open, (index) => this.collect(index), true);
    this.step = 'out-of-line';
    await this.outOfLine();
    const answers = new Map<string, Answer>();
    for (const query of this.queries) {
      const key = queryKey(side, query);
      if (answers.has(key)) continue;
      const steps = this.steps.get(key);
      const ties = new Map<Definition, ResolutionTie>();
      const candidates: Definition[] = [];
      const found = this.found.get(key) ?? [];
      for (const d of found) {
        const tie = this.tieOf(query, d, steps?.get(d) ?? 'rank', found);
        if (tie === null) candidates.push(d);
        else ties.set(d, tie);
      }
      // A member of an object of no type (a literal's method, `{ date(p) {…} }` a factory installs) is reached
      // through its object: a name a definition at file level answers is not it.
      if ([...ties.keys()].some((d) => d.container === null && d.containerLine === null && !d.local))
        for (const d of [...ties.keys()]) if (d.container === null && d.containerLine !== null) ties.delete(d);
      answers.set(key, {
        definitions: preferMatch(preferSeen(ties, this.seen, near.path), query, this.lineageNow, this.overloadsHere()),
        candidates: candidates.slice(0, DEFINITIONS_PER_LOOKUP),
        ties,
      });
    }
    return answers;
  }

  /**
   * The modules an import binds a query's name, receiver or container to (`from m import f`, `import m; m.f()`,
   * `import {f} from './m'`, Go's `pkg.F()`), and the modules those re-export from. A name bound to
   * a whole module is that module, defined nowhere; a name reached through a whole module is that
   * module's (found there, the search ends; the module outside the repository, nothing is searched).
   * Returns the queries whose every binding import resolves to no file of the repository (a third-party module).
   */
  private async imports(): Promise<Set<NameQuery>> {
    const { side, near, open } = this;
    const paths = await this.store.pathSet(side);
    const pack = near.loaded.pack;
    const targets: Target[] = [];
    const unresolved = new Set<NameQuery>();
    for (const query of [...open]) {
      for (const fact of near.imports) {
        const binding = importBinding(fact, pack);
        if (binding === null) continue;
        const viaModule =
          (query.receiver !== undefined && query.receiver !== null && binding === query.receiver) || binding === query.container;
        if (binding !== query.name && !viaModule) continue;
        const submodule = pack.adapter.submoduleFiles?.(fact, near.path, paths) ?? [];
        const wholeModule = bindsModule(fact, pack) || submodule.length > 0;
        // What an import binds by the name is not a member of the same name reached through an object (`r.json()` beside `import json`).
        const reached = (query.receiver ?? null) !== null || (query.container !== null && query.implicit !== true);
        if (binding === query.name && reached && !viaModule) continue;
        // A name bound to a whole module is that module, defined nowhere.
        if (binding === query.name && wholeModule) {
          open.delete(query);
          continue;
        }
        const files = submodule.length > 0 ? submodule : pack.adapter.resolveImport(fact, near.path, paths);
        // A pack that tells a dependency from an import it cannot resolve (an alias a bundler adds) says which is which.
        const external = files.length === 0 && pack.adapter.isExternal?.(fact, near.path, paths) !== false;
        if (files.length === 0 && !external) unresolved.add(query);
        if (binding === query.name) {
          const name = fact.name !== null && fact.name !== 'default' ? fact.name : query.name;
          targets.push({ query, files, name, follow: new Set([name]), viaReceiver: false });
          // A binding of the module's default means what it exports as such, under whatever name; a named import (`{ z }`) never does.
          if (fact.name === null || fact.name === 'default')
            for (const exported of pack.adapter.defaultExports)
              targets.push({ query, files, name: exported, follow: new Set([exported]), viaReceiver: false, moduleLevel: true });
        } else {
          // A whole module outside the repository (the standard library) defines nothing worth a search.
          if (binding === query.receiver && wholeModule && external) {
            open.delete(query);
            continue;
          }
          // Reached through the module (`m.f()`), or a member of a type the import binds (`x.f()` with `Foo x`);
          // a module that does not define it may re-export the name or the receiver's.
          const follow = new Set([query.name, fact.name !== null && fact.name !== 'default' ? fact.name : binding]);
          // A function outside any type there settles `m.f()`, not a call whose receiver only qualifies its
          // container's type (`mu.Lock()` with `mu sync.Mutex`): a method is meant.
          const viaReceiver = binding === query.receiver && (query.container === null || query.container === query.receiver);
          targets.push({ query, files, name: query.name, follow, viaReceiver, moduleLevel: viaReceiver && wholeModule });
        }
      }
    }
    const outside = new Set(targets.filter((t) => t.files.length === 0).map((t) => t.query));
    for (const target of targets) if (target.files.length > 0 || unresolved.has(target.query)) outside.delete(target.query);
    // The files this search has parsed: one every target reaches (a package's index, its re-exports) counts once.
    const parsed = new Set<string>();
    for (const target of targets) {
      // A package of many files (Go, Java) is read first: only the files hinting at the name are parsed.
      const read = target.files.length > RELATED_FILES_PER_FILE ? await this.hinted(target.files, target.query, target.name, pack) : null;
      /** A file to search and the name the target has there (`f` of `export { f as g } from './m'` in m). */
      type Stop = { file: string; name: string };
      let frontier: Stop[] = (read === null ? [...target.files] : [...read.keys()]).map((file) => ({ file, name: target.name }));
      const seen = new Set<string>([`${near.path}\0${target.name}`]);
      for (let depth = 0; depth <= REEXPORT_DEPTH && frontier.length > 0 && open.has(target.query); depth++) {
        const next: Stop[] = [];
        for (const { file, name } of frontier) {
          const key = `${file}\0${name}`;
          if (seen.has(key) || (!parsed.has(file) && parsed.size >= IMPORTED_FILES_PER_SEARCH)) continue;
          seen.add(key);
          const index = await this.store.charged(side, file, this.spent, read?.get(file));
          parsed.add(file);
          if (!(index instanceof FileIndex)) continue;
          this.collect(index, target.query, name, target.viaReceiver, target.moduleLevel === true);
          if (!open.has(target.query)) break;
          // Not defined here: follow what this module imports the name (or the receiver) from, or re-exports
          // wholesale. A name the module imports or re-exports by name is that one, whatever it re-exports
          // wholesale (`export { f } from './a'` beside `export * from './b'`): followed alone, on this depth,
          // under the name it has where it comes from (`export { _f as f }`: `_f`).
          const named: Stop[] = [];
          const wholesale: Stop[] = [];
          for (const fact of index.imports) {
            const binding = importBinding(fact, index.loaded.pack);
            const files = (): readonly string[] => index.loaded.pack.adapter.resolveImport(fact, index.path, paths);
            if (binding !== null && (binding === name || (binding !== target.name && target.follow.has(binding)))) {
              const there = binding === name && fact.name !== null && fact.name !== 'default' && fact.whole !== true ? fact.name : name;
              named.push(...files().map((f) => ({ file: f, name: there })));
            } else if (fact.star) wholesale.push(...files().map((f) => ({ file: f, name })));
          }
          if (named.length > 0) frontier.push(...named.filter((s) => !seen.has(`${s.file}\0${s.name}`)));
          else next.push(...wholesale);
        }
        // Of the modules re-exported wholesale, those holding the name are read first (a barrel re-exports dozens).
        if (next.length > 1 && parsed.size < IMPORTED_FILES_PER_SEARCH) {
          const holding = new Set(await this.resolver.names.filesWithAny(side, [...new Set(next.map((s) => s.name))]));
          next.sort((a, b) => Number(holding.has(b.file)) - Number(holding.has(a.file)));
        }
        frontier = next;
      }
    }
    return outside;
  }

  /** True for a standard name (`string`, `size`) or a member of a standard type: the pack's builtins, found only in files read for other names. */
  private standard(query: NameQuery): boolean {
    const builtins = this.near.loaded.pack.adapter.builtins;
    return query.container === null ? builtins.has(query.name) : builtins.has(query.container);
  }

  /** Whether a file's text hints at a definition of the query's name, or of its container or a base of it as far as known (what tells the container's bases). */
  private mayDefine(query: NameQuery, pack: LanguagePack, blob: Buffer, file: string): boolean {
    const where = { side: this.side, file };
    if (this.resolver.names.hints(pack, blob, query.name, hintKinds(query.kinds), where)) return true;
    return (
      query.container !== null &&
      [...this.lineageNow(query.container)].some((t) => this.resolver.names.hints(pack, blob, t, ['type'], where))
    );
  }

  /** Files the language makes visible without naming the query: a header and its source, `#include`s, star imports. */
  private async related(): Promise<void> {
    const { side, near, open } = this;
    let related = await this.resolver.relatedFiles(side, near);
    // A package of many files (Go, Java) is searched here only in the files named after a name or
    // container still open (a Java class's file); the rest is left to the ranked word search.
    if (related.length > RELATED_FILES_PER_FILE) {
      const stems = new Set([...open].flatMap((q) => (q.container === null ? [q.name] : [q.name, q.container])).map(normalizeStem));
      related = related
        .filter((f) => stems.has(normalizeStem(path.posix.basename(f, path.posix.extname(f)))))
        .slice(0, RELATED_FILES_PER_FILE);
    }
    // A file not parsed yet is parsed only when its text hints at a definition of a name still open, or of
    // the type it is a member of (what tells the type's bases), as a word search's candidate is.
    const blobs = await this.store.unparsedBlobsOf(
      side,
      related.filter((f) => !this.store.opened(side, f)),
    );
    const chooser = await this.store.chooser(side);
    for (const file of related) {
      // Standard names alone left open are not searched for (as the word search does not): xxhash.h, 600 ms of parse, for `string`.
      if (this.spent.bytes >= this.budget.bytes || [...open].every((q) => this.standard(q))) break;
      const blob = blobs.get(file);
      const pack = chooser.packFor(file);
      if (
        blob !== undefined &&
        blob !== null &&
        pack !== null &&
        unparsableReason(blob) === null &&
        ![...open].some((q) => !this.standard(q) && this.mayDefine(q, pack, blob, file))
      )
        continue;
      const index = await this.store.charged(side, file, this.spent);
      if (index instanceof FileIndex) this.collect(index);
    }
  }

  /**
   * A member a type inherits from a base defined in a file not read yet (`ps.Path()` on a Go struct
   * embedding `*pageCommon`, which embeds `*pageMeta`, whose method it is): the definitions of the
   * bases of each container found so far are searched for, level by level, and their files searched
   * for the member. Only bases of a type whose own definition has been read are searched for, so a
   * container that names no known type (a module, an untyped receiver) costs nothing.
   */
  private async bases(): Promise<void> {
    const { side, near, open } = this;
    const searched = new Set<string>();
    for (let depth = 0; depth < BASE_DEPTH && open.size > 0; depth++) {
      const lineage = this.resolver.lineage(side, near);
      const definedInParsed = (type: string): boolean => this.store.parsedTypes(side, type).length > 0;
      const typeQueries = new Map<string, NameQuery>();
      for (const query of open) {
        if (query.container === null) continue;
        for (const type of lineage(query.container)) {
          if (type === query.container || searched.has(type) || typeQueries.has(type) || definedInParsed(type)) continue;
          typeQueries.set(type, { name: type, kinds: ['type'], container: null, extra: query.extra });
        }
      }
      if (typeQueries.size === 0) return;
      for (const type of typeQueries.keys()) searched.add(type);
      const found = await this.resolver.resolve(side, near, [...typeQueries.values()]);
      for (const defs of found.values()) {
        for (const d of defs) {
          const index = this.store.parsedFile(side, d.file);
          if (index !== null && open.size > 0) this.collect(index);
        }
      }
    }
  }

  /**
   * Files of the same language family holding the names, ranked (what the file can reach first);
   * files already parsed are searched for free, others are parsed when a text hint says they may
   * define a name still open, within the budget.
   */
  private async byWord(
    queries: NameQuery[],
    open: Set<NameQuery>,
    collect: (index: FileIndex) => void,
    withLineage: boolean,
  ): Promise<void> {
    const { side, near } = this;
    const lineage = withLineage ? this.lineageNow : null;
    const names = [...new Set(queries.map((q) => q.name))];
    // Only the queries given are searched for: others still open (a standard name) keep no search going.
    const pending = (): NameQuery[] => queries.filter((q) => open.has(q));
    const containers = new Set(queries.flatMap((q) => (q.container ? [normalizeStem(q.container)] : [])));
    const reachable = await this.resolver.reachable(side, near);
    const { files: ranked, rankOf } = await this.resolver.names.ranked(
      side,
      names,
      near.path,
      near.loaded.pack.family,
      containers,
      reachable,
    );
    // Parsed files cost nothing: search them all in rank order, then parse the likeliest others. A
    // generated or vendored file parsed for another name (a dist/ bundle holding a copy of a class)
    // comes last, after the files parsed here: a copy must not settle what the source defines.
    const collectParsed = (files: readonly string[]): void => {
      for (const candidate of files) {
        if (pending().length === 0) return;
        const index = this.store.parsedFile(side, candidate);
        if (index !== null) collect(index);
      }
    };
    const copies = (f: string): boolean => (rankOf.get(f) as number) >= GENERATED_RANK;
    collectParsed(ranked.filter((f) => !copies(f)));
    await this.parseCandidates(ranked, pending, collect, lineage);
    collectParsed(ranked.filter(copies));
  }

  /** Parses the likeliest unparsed candidates of a word search, up to PARSES_PER_NAME for each name still pending. */
  private async parseCandidates(
    ranked: string[],
    pending: () => NameQuery[],
    collect: (index: FileIndex) => void,
    lineage: Lineage | null,
  ): Promise<void> {
    const { side, spent, budget } = this;
    if (pending().length === 0 || spent.parses >= budget.parses || spent.bytes >= budget.bytes) return;
    const chooser = await this.store.chooser(side);
    const unparsed = await this.resolver.names.candidatesToRead(
      side,
      ranked.filter((f) => !this.store.opened(side, f)),
      [...new Set(pending().map((q) => q.name))],
    );
    const blobs = await this.store.unparsedBlobsOf(side, unparsed);
    const parsesOf = new Map<string, number>();
    // The files naming a container's type or a type it derives from, by those types (see tiedKinds).
    const naming = new Map<string, ReadonlySet<string>>();
    const namingFiles = async (types: ReadonlySet<string>): Promise<ReadonlySet<string>> => {
      const key = [...types].join('\0');
      let files = naming.get(key);
      if (files === undefined) naming.set(key, (files = new Set(await this.resolver.names.filesWithAny(side, [...types]))));
      return files;
    };
    // A candidate worth parsing only for the body of a declaration not found yet waits until the others are parsed (see tiedKinds).
    const later: string[] = [];
    /** Parses the candidate when a name still wanted may be defined there; false once nothing more is wanted or the budget is spent. */
    const consider = async (candidate: string, first: boolean): Promise<boolean> => {
      const wanted = pending().filter((q) => (parsesOf.get(q.name) ?? 0) < PARSES_PER_NAME);
      if (wanted.length === 0 || spent.parses >= budget.parses || spent.bytes >= budget.bytes) return false;
      const blob = blobs.get(candidate);
      if (!blob || blob.length > SEARCH_FILE_MAX_BYTES || unparsableReason(blob) !== null) return true;
      const pack = chooser.packFor(candidate);
      if (pack === null) return true;
      const namesContainer = new Set<NameQuery>();
      for (const q of wanted)
        if (q.container !== null && lineage !== null && (await namingFiles(lineage(q.container))).has(candidate)) namesContainer.add(q);
      // The body of a member declared in its type is defined where the type is named (`Foo::Read(`, `func (f *Foo) Read(`, `impl Foo`).
      const elsewhere = new Set<NameQuery>();
      for (const q of wanted)
        if (this.step === 'out-of-line' && q.container !== null && !(await namingFiles(new Set([q.container]))).has(candidate))
          elsewhere.add(q);
      const hintedFor = (bodies: boolean): Set<string> =>
        new Set(
          wanted
            .filter((q) => {
              const kinds = this.tiedKinds(q, candidate, namesContainer.has(q), bodies);
              return (
                kinds.length > 0 &&
                !elsewhere.has(q) &&
                this.resolver.names.hints(pack, blob, q.name, hintKinds(kinds), { side, file: candidate }) &&
                this.holdsContainer(q, candidate, blob, pack, lineage)
              );
            })
            .map((q) => q.name),
        );
      const hinted = hintedFor(false);
      if (hinted.size === 0) {
        if (first && hintedFor(true).size > 0) later.push(candidate);
        return true;
      }
      for (const name of hinted) parsesOf.set(name, (parsesOf.get(name) ?? 0) + 1);
      spent.parses++;
      const index = await this.store.file(side, candidate, null, blob);
      if (index instanceof FileIndex) {
        spent.bytes += index.bytes;
        collect(index);
      }
      return true;
    };
    for (const candidate of unparsed) if (!(await consider(candidate, true))) return;
    for (const candidate of later) if (!(await consider(candidate, false))) return;
  }

  /**
   * A function found only as its declaration (a prototype in a header, a method or constructor
   * declared in its class), tied to the use, has its definition out of line: the header's source is
   * searched for it first, then the files holding the name (a file named after the class first).
   */
  private async outOfLine(): Promise<void> {
    const { side } = this;
    const paths = await this.store.pathSet(side);
    for (const query of this.queries) {
      if (!query.kinds.includes('function') || query.extra !== true) continue;
      const key = queryKey(side, query);
      const defs = this.found.get(key) ?? [];
      const steps = this.steps.get(key);
      const proto = defs.find((d) => d.kind === 'prototype' && this.tieOf(query, d, steps?.get(d) ?? 'rank') !== null);
      if (
        proto === undefined ||
        defs.some((d) => d.kind === 'function' && d.container === proto.container && this.tieOf(query, d, steps?.get(d) ?? 'rank') !== null)
      )
        continue;
      const body: NameQuery = { name: query.name, kinds: ['function'], container: proto.container, extra: true };
      const bodies: Definition[] = [];
      const open = new Set([body]);
      const collect = (index: FileIndex): void => {
        const hits = index.definitionsOf(body.name).filter((d) => d.kind === 'function' && d.container === body.container && !d.local);
        if (hits.length > 0) {
          bodies.push(...hits);
          open.delete(body);
        }
      };
      const declaring = this.store.parsedFile(side, proto.file);
      for (const file of declaring === null ? [] : declaring.loaded.pack.adapter.companions(proto.file, paths).slice(0, 2)) {
        const companion = await this.store.charged(side, file, this.spent);
        if (companion instanceof FileIndex && open.size > 0) collect(companion);
      }
      if (open.size > 0) await this.byWord([body], open, collect, false);
      if (bodies.length > 0) {
        this.found.set(key, [...defs, ...bodies.filter((d) => !defs.includes(d))]);
        let steps = this.steps.get(key);
        if (steps === undefined) this.steps.set(key, (steps = new Map()));
        for (const d of bodies) steps.set(d, 'out-of-line');
      }
    }
  }

  /**
   * The files among `files` worth parsing for a definition of `name`: those parsed already, and
   * those whose text hints at one (with their blobs, so they are not read twice).
   */
  private async hinted(
    files: readonly string[],
    query: NameQuery,
    name: string,
    pack: LanguagePack,
  ): Promise<Map<string, Buffer | undefined>> {
    const { side } = this;
    const unparsed = files.filter((f) => !this.store.opened(side, f));
    const blobs = await this.store.unparsedBlobsOf(side, unparsed);
    const kinds = hintKinds(query.kinds);
    const worth = new Map<string, Buffer | undefined>();
    for (const file of files) {
      if (this.store.opened(side, file)) {
        worth.set(file, undefined);
        continue;
      }
      const blob = blobs.get(file) ?? null;
      if (blob === null || unparsableReason(blob) !== null) continue;
      if (this.resolver.names.hints(pack, blob, name, kinds, { side, file })) worth.set(file, blob);
    }
    return worth;
  }

  /**
   * The kinds of a query's definitions that a word search's hit could tie to the use (see tieOf).
   * A member of the container's type is tied wherever it is found, but a file defining one names
   * that type or a type it derives from (`Foo::bar`, `class Foo`, `func (f *Foo)`): in a file that
   * names none, a query with a container can tie only as a bare name does (when its container may
   * be a namespace, or is the type a method's code runs in), else nothing. A bare name ties in a
   * file the use's file sees; elsewhere only as the body of a declaration tied already (out of
   * line), so such a file is worth parsing only when it may define the function. Types are kept
   * (every type parsed is what lineages read: a base found by name gives its members). A searched
   * file parsed for nothing it could tie (a global or a field of that name the use's file does not
   * include, another type's method of that name) only spends the budget.
   */
  private tiedKinds(query: NameQuery, file: string, namesContainer: boolean, bodies: boolean): readonly DefinitionKind[] {
    if (this.step !== 'rank' || (query.container !== null && namesContainer)) return query.kinds;
    if (query.container !== null && query.implicit !== true && query.receiver !== query.container)
      return query.kinds.filter((k) => k === 'type');
    if (this.seen.has(file)) return query.kinds;
    // A function found there is tied only as the body of a declaration tied already: with none found yet, only a type is
    // (or a candidate, for a lookup that answers candidates).
    const body = bodies || this.withCandidates || this.declarationTied(query);
    return query.kinds.filter((k) => k === 'type' || (k === 'function' && body));
  }

  /** True when a declaration of the query's function (a prototype) tied to the use has been found. */
  private declarationTied(query: NameQuery): boolean {
    const key = queryKey(this.side, query);
    const steps = this.steps.get(key);
    return (this.found.get(key) ?? []).some((d) => d.kind === 'prototype' && this.tieOf(query, d, steps?.get(d) ?? 'rank') !== null);
  }

  /**
   * Whether a file can define a data member a query names in a known type: only where that type or
   * one it derives from is defined (a member is declared in its type's body; a base's file is reached
   * by the search for bases). Any file can for other queries, and for a member of no known type.
   */
  private holdsContainer(query: NameQuery, file: string, blob: Buffer, pack: LanguagePack, lineage: Lineage | null): boolean {
    if (query.container === null || lineage === null || !query.kinds.every((k) => k === 'field')) return true;
    return [...lineage(query.container)].some((type) => this.resolver.names.hints(pack, blob, type, ['type'], { side: this.side, file }));
  }
}

/**
 * Whether a definition ends the search for a query: one of the preferred container; for a callee
 * full-flow shows, a body, not only a declaration (a method declared in a class or an interface
 * and defined elsewhere, a function declared in a header) — the search goes on for the body.
 */
function closes(query: NameQuery, def: Definition, lineage: Lineage): boolean {
  if (query.container !== null && (def.container === null || !lineage(query.container).has(def.container))) return false;
  return !(query.extra === true && def.kind === 'prototype' && query.kinds.includes('function'));
}

/**
 * The tied definitions, less a type's members found by name alone in a file the asking file does
 * not see when a member of a type of that name is tied where it does (the file itself, what it
 * includes or imports, its package): that type is the one its build uses. A repository of vendored
 * trees or copies has one `Status::ToString` per copy, all tied by the receiver's type name.
 */
function preferSeen(ties: ReadonlyMap<Definition, ResolutionTie>, seen: ReadonlySet<string>, near: string): Definition[] {
  const defs = [...ties.keys()];
  const sure = (d: Definition): boolean => ties.get(d) !== 'receiver' || d.file === near || seen.has(d.file);
  const containers = new Set(defs.filter(sure).map((d) => d.container));
  return defs.filter((d) => sure(d) || !containers.has(d.container));
}

/**
 * Definitions of the preferred container first, and among overloads those whose parameters match
 * the call's arguments (parameter lists are read where the pack reads them); capped so a common
 * name cannot flood a slice.
 */
function preferMatch(defs: Definition[], query: NameQuery, lineage: Lineage, overloads: OverloadContext | null): Definition[] {
  const container = query.container;
  const own = container === null ? [] : defs.filter((d) => d.container === container);
  const inherited =
    container === null || own.length > 0 ? [] : defs.filter((d) => d.container !== null && lineage(container).has(d.container));
  const matching = own.length > 0 ? own : inherited;
  const pool = matching.length > 0 ? matching : defs;
  // A pack that reads parameter types picks the overload its language would, or none.
  if (overloads !== null && query.argTypes !== undefined)
    return chooseOverload(pool, query.argTypes, overloads.rules, overloads.signatureOf, overloads.relate).slice(0, DEFINITIONS_PER_LOOKUP);
  const arity = query.arity;
  // Only callables whose parameters were read can be told apart; the rest stay.
  const fits =
    arity === undefined ? [] : pool.filter((d) => d.paramModes.length === arity || (d.kind !== 'function' && d.kind !== 'prototype'));
  return (fits.some((d) => d.paramModes.length === arity) ? fits : pool).slice(0, DEFINITIONS_PER_LOOKUP);
}

/**
 * The declaration of a local or parameter visible at `unit`: the last one before it in the
 * innermost function or closure that has one (a closure sees the locals of the function around it).
 * A local function counts wherever its scope declares it: it can be called above its line (a
 * hoisted JavaScript function, or one an earlier closure calls).
 */
export function localAt(
  index: FileIndex,
  name: string,
  chain: readonly { entry: number }[],
  unit: { start: number; end: number },
): Definition | null {
  for (const { entry } of chain) {
    let best: Definition | null = null;
    let below: Definition | null = null;
    for (const d of index.definitionsOf(name)) {
      if (!d.local || (d.kind !== 'variable' && d.kind !== 'parameter' && d.kind !== 'function') || d.scope !== entry) continue;
      if (d.span.start <= unit.end) {
        if (best === null || d.span.start >= best.span.start) best = d;
      } else if (d.kind === 'function' && (below === null || d.span.start < below.span.start)) below = d;
    }
    if (best !== null || below !== null) return best ?? below;
  }
  return null;
}
