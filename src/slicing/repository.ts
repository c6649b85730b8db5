import path from 'node:path';
import { isGeneratedPath } from '../diff/select.js';
import type { Git, TreeEntry } from '../git/git.js';
import type { Diff, ResolutionTie, SliceStats } from '../types.js';
import { FactsCache, factsKey } from './facts-cache.js';
import { FileIndex, ParseTimeout, type Definition, type DefinitionFacts, type DefinitionKind, type Side } from './file-index.js';
import type { HintKind, ImportFact, LanguagePack } from './language-pack.js';
import { isHeaderPath, isParsablePath, loadPack, PackChooser, PACKS } from './packs.js';
import { RevisionPaths } from './path-set.js';
import { decodeSource, isTooLarge, unparsableReason } from './source-text.js';
import { buildWithCache } from './word-index-cache.js';
import { hintedIn } from './definition-hints.js';
import { RecentlyUsed } from '../support/recently-used.js';
import { entriesOf, OverlaidIndex, WordIndex, type WordSearch } from './word-index.js';

/** A name to find a definition for, anywhere in the repository. */
export interface Lookup {
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
  /** True when only a definition inside a type can be meant (a method call the language writes apart from a function call). */
  method?: boolean;
}

/** Limits that keep a search proportional to the change. */
const RELATED_FILES_PER_FILE = 6;
const CANDIDATES_READ_PER_SEARCH = 48;
/** Files an import leads to that are parsed for one search, re-exports followed included. */
const IMPORTED_FILES_PER_SEARCH = 12;
/** Re-exports followed from an imported module (`export * from`, `from .impl import f` in `__init__.py`). */
const REEXPORT_DEPTH = 2;
/**
 * Search candidates larger than this are not parsed for a definition: past it lie amalgamations
 * (a fused gtest.h, sqlite3.c) whose parse costs more than the rest of a run's search together.
 */
const SEARCH_FILE_MAX_BYTES = 384 * 1024;
/**
 * Bytes of files read and not parsed yet, held for the searches (or the parse) after them: all the
 * candidates a RocksDB commit reads (8-24 MB), within the 500 MB a run may hold.
 */
const UNPARSED_BLOB_BYTES = 32 * 1024 * 1024;
/** Definition hints a run keeps compiled (see Repository.hintCache). */
const HINTS_KEPT = 2048;

/**
 * Candidate files parsed for one name of a search: a common name (`Path`, defined in dozens of
 * files) cannot use up the parses of a rarer one searched with it (`BoolFunc`).
 */
const PARSES_PER_NAME = 4;
/**
 * Files parsed and bytes parsed for definitions (beyond the changed files) per run, for every
 * CHANGED_FILES_PER_BUDGET changed source files (up to MAX_BUDGETS times), so a large change's later
 * slices still find their callees. Full-flow's extra lookups have a budget apart, so they can never
 * use up what left-flow's lookups of a later slice need (original-diff ⊆ left-flow ⊆ full-flow holds
 * however many callees come first).
 */
const SEARCH_BUDGETS: Record<Tier, { parses: number; bytes: number }> = {
  flow: { parses: 32, bytes: 4 * 1024 * 1024 },
  extra: { parses: 16, bytes: 2 * 1024 * 1024 },
};
const CHANGED_FILES_PER_BUDGET = 4;
const MAX_BUDGETS = 8;
const DEFINITIONS_PER_LOOKUP = 3;
/** Generations of base types followed for an inherited member. */
const BASE_DEPTH = 4;

/** A type and the types it derives from, as far as known (see Repository.lineage). */
type Lineage = (type: string) => ReadonlySet<string>;
/** Manifests (go.mod ...) larger than this are not read. */
const MANIFEST_MAX_BYTES = 64 * 1024;

type Tier = 'flow' | 'extra';

function tierOf(lookup: Lookup): Tier {
  return lookup.extra === true ? 'extra' : 'flow';
}

/** What one tier has spent of its budget. */
interface Spent {
  parses: number;
  bytes: number;
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

export function lookupKey(side: Side, lookup: Lookup): string {
  return `${side}\0${lookup.name}\0${lookup.kinds.join(',')}\0${lookup.container ?? ''}\0${lookup.receiver ?? ''}\0${lookup.arity ?? ''}\0${tierOf(lookup)}${lookup.method === true ? '\0method' : ''}`;
}

/** A parse that failed or was refused, with the reason (for stats.skipped). */
export interface Unparsed {
  reason: string;
  /** True when the file is text that was not parsed (too large, too slow): its changes can still be reviewed from the diff. */
  diffOnly: boolean;
}

/** How long one file's parse and queries may take before the file is reviewed from its diff alone (changed files) or skipped (search candidates). */
const PARSE_TIME_MS = { changed: 10_000, candidate: 2_000 };

/** The local name an import binds (`z` of `import y as z`, `y` of `from x import y`), or null for star imports. */
export function importBinding(fact: ImportFact, pack: LanguagePack): string | null {
  if (fact.alias !== null) return fact.alias;
  if (fact.name !== null) return fact.name;
  return fact.star ? null : pack.adapter.moduleBinding(fact.module);
}

/**
 * True when an import binds the module itself (`import os`, `import numpy as np`, Go's `import u
 * "a/pkg"`), not a name it exports: in a language whose packs name modules (moduleBinding). An ES
 * default import binds an export, so JavaScript's imports never do.
 */
export function bindsModule(fact: ImportFact, pack: LanguagePack): boolean {
  return fact.name === null && !fact.star && pack.adapter.moduleBinding(fact.module) !== null;
}

/** Where a search looks for one lookup: files and the name to find in them (the name before an `as`). */
interface Target {
  lookup: Lookup;
  files: readonly string[];
  name: string;
  /** Names whose re-exports lead on: the name, and for a call through an imported receiver (`m.f()`, `T::new()`) the receiver's. */
  follow: ReadonlySet<string>;
  /** True when the files are what the call's receiver names: a function there outside any type is what `m.f()` means. */
  viaReceiver: boolean;
}

/** Adds what `index` defines of open lookups (see Repository.search). */
type Collect = (index: FileIndex, only?: Lookup, name?: string, viaReceiver?: boolean) => void;

/**
 * The repository AST, built lazily: a file is parsed only when a slice needs it (a changed file, a
 * file it imports, or a candidate found in the word index for a name still unresolved), at most
 * once per run and side. Cost grows with the names the change uses; the one repository-wide pass
 * (the word index) is made only when a name is not found near the change.
 *
 * Which definition a name means: the changed file's own; then the module an import binds the name
 * (or the call's receiver) to, following re-exports; then files the language makes visible without
 * an import (a header and its source, `#include`d headers, star imports); then the files holding
 * the name as a word, ranked so that what the file can reach (its imports, its package) comes first.
 */
export class Repository {
  /** Files parsed (not those built from the facts cache), and their bytes. */
  filesParsed = 0;
  bytesParsed = 0;
  /** Files whose facts were built, parsed or from the facts cache: what a lineage's answers are kept for. */
  private filesRead = 0;
  /** Bytes read into word indexes for repository-wide searches. */
  bytesIndexed = 0;
  /** Time spent building word indexes, and parsing files into their facts. */
  indexMs = 0;
  parseMs = 0;
  private readonly spent: Record<Tier, Spent> = { flow: { parses: 0, bytes: 0 }, extra: { parses: 0, bytes: 0 } };
  private readonly files = new Map<string, Promise<FileIndex | Unparsed | null>>();
  private readonly lookups = new Map<string, Promise<Definition[]>>();
  private readonly byPath = new Map<string, FileIndex>();
  /** The type definitions of every file parsed so far, by side and name: what lineages and base searches ask. */
  private readonly typesByName = new Map<string, Definition[]>();
  private readonly choosers = new Map<Side, Promise<PackChooser>>();
  private readonly paths = new Map<Side, Promise<RevisionPaths>>();
  private readonly wordIndexes = new Map<Side, Promise<WordSearch>>();
  private readonly reach = new Map<string, Promise<ReadonlySet<string>>>();
  /**
   * Definition hints made lately, by pack, kind and name (a search asks the same names of many
   * files), the least recently used let go past HINTS_KEPT: a 1,000-file change made 15 MB of them.
   */
  private readonly hintCache = new RecentlyUsed<RegExp>(HINTS_KEPT, () => 1);
  /**
   * Files read and not parsed: candidates a search read (the next search holding their names reads
   * them from here) and changed files read ahead of their parse.
   */
  private readonly unparsedBlobs = new RecentlyUsed<Buffer>(UNPARSED_BLOB_BYTES, (blob) => blob.length);
  /** Whether each file a search ranked is generated or vendored: many globs, asked of the same files by search after search. */
  private readonly generated = new Map<string, boolean>();

  /** The run's search budgets: SEARCH_BUDGETS once per CHANGED_FILES_PER_BUDGET changed source files. */
  private readonly budgets: Record<Tier, Spent>;

  /** What became of the word index cache, once the head's index was built with one (SliceStats.indexCache). */
  indexCache: SliceStats['indexCache'];
  /** The definition facts kept in the index cache's folder, opened when a file is first read for its definitions. */
  private facts: FactsCache | null = null;
  /** With `explain`: how each lookup's definitions were tied to it, by lookup key (see tieOf). */
  private readonly ties: Map<string, Map<Definition, ResolutionTie>> | null;

  constructor(
    private readonly git: Git,
    private readonly diff: Diff,
    /** The folder keeping the word index between runs (see word-index-cache.ts), or null. */
    private readonly indexCacheDir: string | null = null,
    /** True to keep how each definition found was tied to its lookup (SliceOptions.explain). */
    explain = false,
  ) {
    this.ties = explain ? new Map() : null;
    const sources = diff.files.filter((f) => f.status !== 'deleted' && isParsablePath(f.path)).length;
    const times = Math.min(MAX_BUDGETS, Math.max(1, Math.ceil(sources / CHANGED_FILES_PER_BUDGET)));
    const scaled = (b: Spent): Spent => ({ parses: b.parses * times, bytes: b.bytes * times });
    this.budgets = { flow: scaled(SEARCH_BUDGETS.flow), extra: scaled(SEARCH_BUDGETS.extra) };
  }

  revision(side: Side): string {
    return side === 'head' ? this.diff.headSha : this.diff.baseSha;
  }

  /** The revision's tree (listed once per run by Git): its paths (fileList) and the head's word index come from it. */
  private tree(side: Side): Promise<readonly TreeEntry[]> {
    return this.git.listTree(this.revision(side));
  }

  /** Paths of the revision's files. */
  fileList(side: Side): Promise<string[]> {
    return this.tree(side).then((tree) => tree.map((e) => e.path));
  }

  /** The pack chooser of a revision (`.h` is C++ when the revision has C++ sources). */
  chooser(side: Side): Promise<PackChooser> {
    let chooser = this.choosers.get(side);
    if (chooser === undefined) {
      chooser = this.fileList(side).then((files) => new PackChooser(files));
      this.choosers.set(side, chooser);
    }
    return chooser;
  }

  /**
   * A parsed file; null when it does not exist or no pack parses it, Unparsed when it is binary or
   * too large. `flowLines` (files with seeds: the seed lines) reads the data flow of the functions
   * holding them too; the first request decides.
   * `blob`, when the caller already read the file, saves reading it again; `pack` overrides the
   * pack the extension gives (a script known by its `#!` line).
   */
  file(side: Side, file: string, flowLines: readonly number[] | null, blob?: Buffer, pack?: LanguagePack): Promise<FileIndex | Unparsed | null> {
    const key = `${side}\0${file}`;
    let entry = this.files.get(key);
    if (entry === undefined) {
      entry = this.parse(side, file, flowLines, blob, pack);
      this.files.set(key, entry);
    }
    return entry;
  }

  /** A file's bytes at head (null when it is not there), for what its first line says. */
  readHead(file: string): Promise<Buffer | null> {
    return this.git.readBlob(this.diff.headSha, file);
  }

  /**
   * Blobs of one side: its tree is listed first (once a run), so that git reads them by blob id
   * (see Git.readBlobs) even on a side nothing else listed, the base of a change that deletes code.
   * The listing only saves git resolving paths: when it fails, the blobs are read by path.
   */
  private async readBlobs(side: Side, specs: string[]): Promise<Map<string, Buffer | null>> {
    await this.tree(side).catch(() => undefined);
    return this.git.readBlobs(specs);
  }

  /**
   * Lets go of every file parsed so far and what searches found in them (a large change is sliced
   * in parts, see sliceChange); the revisions' listings, word indexes and held bytes stay.
   */
  forgetFiles(): void {
    this.files.clear();
    this.byPath.clear();
    this.lookups.clear();
    this.typesByName.clear();
    this.ties?.clear();
    // What each file reaches names paths cut from its text: kept, they would keep every text.
    this.reach.clear();
  }

  /** How a definition resolve() found for a lookup was tied to it; undefined without `explain`. */
  tieOf(side: Side, lookup: Lookup, def: Definition): ResolutionTie | undefined {
    return this.ties?.get(lookupKey(side, lookup))?.get(def);
  }

  /** A file already parsed in this run, or null. */
  parsedFile(side: Side, file: string): FileIndex | null {
    return this.byPath.get(`${side}\0${file}`) ?? null;
  }

  /** The definitions of a type in the files parsed so far on one side. */
  private parsedTypes(side: Side, name: string): readonly Definition[] {
    return this.typesByName.get(`${side}\0${name}`) ?? [];
  }

  /** The definitions for many names at once, searched near `near` first, then in the repository. */
  async resolve(side: Side, near: FileIndex, lookups: Lookup[]): Promise<Map<string, Definition[]>> {
    const result = new Map<string, Definition[]>();
    const pending: Lookup[] = [];
    for (const lookup of lookups) {
      const key = lookupKey(side, lookup);
      if (result.has(key)) continue;
      const memo = this.lookups.get(key);
      if (memo !== undefined) result.set(key, await memo);
      else pending.push(lookup);
    }
    // Left-flow's lookups first: files they parse are then searched for the extras for free.
    for (const tier of ['flow', 'extra'] as const) {
      const group = pending.filter((l) => tierOf(l) === tier);
      if (group.length === 0) continue;
      const search = this.search(side, near, group, this.spent[tier], this.budgets[tier]);
      for (const lookup of group) {
        const key = lookupKey(side, lookup);
        const found = search.then((m) => m.get(key) ?? []);
        this.lookups.set(key, found);
        result.set(key, await found);
      }
    }
    return result;
  }

  private async search(side: Side, near: FileIndex, lookups: Lookup[], spent: Spent, budget: Spent): Promise<Map<string, Definition[]>> {
    const found = new Map<string, Definition[]>();
    const open = new Set(lookups);
    const pack = near.loaded.pack;
    // A function's locals are found by the slicer itself; the functions and types declared inside a
    // function of the changed file (a helper, a visitor struct and its impl) are visible to its code.
    const lineage = this.lineage(side, near);
    const visible = (d: Definition, index: FileIndex): boolean => !d.local || (index === near && d.kind !== 'variable' && d.kind !== 'parameter');
    /** Which step of the search is collecting (recorded with `explain`). */
    let stage: ResolutionTie = 'same-file';
    const tie = (key: string, defs: readonly Definition[], how: ResolutionTie): void => {
      if (this.ties === null) return;
      let known = this.ties.get(key);
      if (known === undefined) this.ties.set(key, (known = new Map()));
      for (const d of defs) if (!known.has(d)) known.set(d, how);
    };
    /**
     * Adds the definitions `index` has of each open lookup (of `name` when given: the name before an
     * `as`). A lookup is settled by a definition in its container, or, in the module a receiver
     * names (`codec::encode()`), by one outside any type.
     */
    const collect: Collect = (index, only, name, viaReceiver = false) => {
      for (const lookup of only ? [only] : [...open]) {
        if (!open.has(lookup)) continue;
        const key = lookupKey(side, lookup);
        const known = found.get(key) ?? [];
        // A file searched again (imported, then reached, then a word-search hit) adds nothing twice.
        const defs = index.definitionsOf(name ?? lookup.name).filter((d) => lookup.kinds.includes(d.kind) && visible(d, index) && !known.includes(d) && (lookup.method !== true || d.container !== null));
        if (defs.length === 0) continue;
        const merged = [...known, ...defs];
        found.set(key, merged);
        tie(key, defs, stage);
        if (merged.some((d) => closes(lookup, d, lineage)) || (viaReceiver && defs.some((d) => d.container === null && closes({ ...lookup, container: null }, d, lineage)))) open.delete(lookup);
      }
    };
    collect(near);
    stage = 'import';
    const outside = open.size > 0 ? await this.searchImports(side, near, [...open], open, collect, spent) : new Set<Lookup>();
    stage = 'package';
    if (open.size > 0) await this.searchRelated(side, near, open, collect, spent, budget);
    // Files parsed earlier in the run that this file reaches cost nothing to search.
    stage = 'reachable';
    for (const file of open.size > 0 ? await this.reachable(side, near) : []) {
      const index = this.parsedFile(side, file);
      if (index !== null && open.size > 0) collect(index);
    }
    stage = 'inherited';
    if (open.size > 0) await this.searchBases(side, near, open, collect);
    // Not searched for in the whole repository: a standard name (`size`, `data`) unless on a receiver of
    // the repository's own type (`Slice::size`), a member of a standard-library type (`Double.parseDouble`),
    // a name an import binds to a module outside the repository, and a variable of the name of a member
    // field the search found (the member is what the name means).
    const builtins = pack.adapter.builtins;
    const fields = new Set(lookups.filter((l) => l.kinds.includes('field') && !open.has(l) && found.has(lookupKey(side, l))).map((l) => l.name));
    const searchable = [...open].filter(
      (l) =>
        (l.container === null ? !builtins.has(l.name) : !builtins.has(l.container)) &&
        !outside.has(l) &&
        !(fields.has(l.name) && !l.kinds.includes('field') && l.kinds.every((k) => k === 'variable' || k === 'constant' || k === 'macro')),
    );
    stage = 'rank';
    if (searchable.length > 0) await this.wordSearch(side, near, searchable, open, collect, spent, budget, lineage);
    await this.outOfLineDefinitions(side, near, lookups, found, spent, budget, (key, defs) => tie(key, defs, 'out-of-line'));
    const byKey = new Map(lookups.map((l) => [lookupKey(side, l), l]));
    for (const [key, defs] of found) found.set(key, preferMatch(defs, byKey.get(key), lineage));
    return found;
  }

  /**
   * A member a type inherits from a base defined in a file not read yet (`ps.Path()` on a Go struct
   * embedding `*pageCommon`, which embeds `*pageMeta`, whose method it is): the definitions of the
   * bases of each container found so far are searched for, level by level, and their files searched
   * for the member. Only bases of a type whose own definition has been read are searched for, so a
   * container that names no known type (a module, an untyped receiver) costs nothing.
   */
  private async searchBases(side: Side, near: FileIndex, open: Set<Lookup>, collect: Collect): Promise<void> {
    const searched = new Set<string>();
    for (let depth = 0; depth < BASE_DEPTH && open.size > 0; depth++) {
      const lineage = this.lineage(side, near);
      const definedInParsed = (type: string): boolean => this.parsedTypes(side, type).length > 0;
      const typeLookups = new Map<string, Lookup>();
      for (const lookup of open) {
        if (lookup.container === null) continue;
        for (const type of lineage(lookup.container)) {
          if (type === lookup.container || searched.has(type) || typeLookups.has(type) || definedInParsed(type)) continue;
          typeLookups.set(type, { name: type, kinds: ['type'], container: null, extra: lookup.extra });
        }
      }
      if (typeLookups.size === 0) return;
      for (const type of typeLookups.keys()) searched.add(type);
      const found = await this.resolve(side, near, [...typeLookups.values()]);
      for (const defs of found.values()) {
        for (const d of defs) {
          const index = this.parsedFile(side, d.file);
          if (index !== null && open.size > 0) collect(index);
        }
      }
    }
  }

  /** True when `type` is `ancestor` or derives from it, as far as the files parsed so far tell. */
  derives(side: Side, near: FileIndex, type: string, ancestor: string): boolean {
    return type === ancestor || this.lineage(side, near)(type).has(ancestor);
  }

  /**
   * A type and the types it derives from (`class D : public B`, `class D(B)`, `extends B`), as far as
   * the files parsed so far define them: a member of a base settles a lookup in the derived type.
   * Asked again as the search parses more files; answers are kept for the files parsed at the time.
   */
  private lineage(side: Side, near: FileIndex): Lineage {
    const known = new Map<string, { parsed: number; types: Set<string> }>();
    return (type) => {
      const cached = known.get(type);
      if (cached !== undefined && cached.parsed === this.filesRead) return cached.types;
      const types = new Set([type]);
      let frontier = [type];
      for (let depth = 0; depth < BASE_DEPTH && frontier.length > 0; depth++) {
        const next: string[] = [];
        for (const t of frontier) {
          for (const d of [...near.definitionsOf(t).filter((d) => d.kind === 'type'), ...this.parsedTypes(side, t)]) {
            for (const base of d.bases.filter((b) => !types.has(b))) {
              types.add(base);
              next.push(base);
            }
          }
        }
        frontier = next;
      }
      known.set(type, { parsed: this.filesRead, types });
      return types;
    };
  }

  /**
   * A method found only as its declaration in a class (a prototype in a header, a constructor
   * declared in its class) has its definition out of line: the header's source is searched for it
   * first, then the files holding the name (a file named after the class first).
   */
  private async outOfLineDefinitions(side: Side, near: FileIndex, lookups: Lookup[], found: Map<string, Definition[]>, spent: Spent, budget: Spent, tie: (key: string, defs: readonly Definition[]) => void): Promise<void> {
    const paths = await this.pathSet(side);
    for (const lookup of lookups) {
      if (!lookup.kinds.includes('function') || lookup.extra !== true) continue;
      const key = lookupKey(side, lookup);
      const defs = found.get(key) ?? [];
      const proto = defs.find((d) => d.kind === 'prototype' && d.container !== null);
      if (proto === undefined || defs.some((d) => d.kind === 'function' && d.container === proto.container)) continue;
      const body: Lookup = { name: lookup.name, kinds: ['function'], container: proto.container, extra: true };
      const bodies: Definition[] = [];
      const open = new Set([body]);
      const collect = (index: FileIndex): void => {
        const hits = index.definitionsOf(body.name).filter((d) => d.kind === 'function' && d.container === body.container && !d.local);
        if (hits.length > 0) {
          bodies.push(...hits);
          open.delete(body);
        }
      };
      const declaring = this.parsedFile(side, proto.file);
      for (const file of declaring === null ? [] : declaring.loaded.pack.adapter.companions(proto.file, paths).slice(0, 2)) {
        const companion = await this.charged(side, file, spent);
        if (companion instanceof FileIndex && open.size > 0) collect(companion);
      }
      if (open.size > 0) await this.wordSearch(side, near, [body], open, collect, spent, budget);
      if (bodies.length > 0) {
        found.set(key, [...defs, ...bodies]);
        tie(key, bodies);
      }
    }
  }

  /**
   * The modules an import binds a lookup's name, receiver or container to (`from m import f`, `import m; m.f()`,
   * `import {f} from './m'`, Go's `pkg.F()`), and the modules those re-export from. A name bound to
   * a whole module is that module, defined nowhere; a name reached through a whole module is that
   * module's (found there, the search ends; the module outside the repository, nothing is searched).
   * Returns the lookups whose every binding import resolves to no file of the repository (a third-party module).
   */
  private async searchImports(side: Side, near: FileIndex, lookups: Lookup[], open: Set<Lookup>, collect: Collect, spent: Spent): Promise<Set<Lookup>> {
    const paths = await this.pathSet(side);
    const pack = near.loaded.pack;
    const targets: Target[] = [];
    const unresolved = new Set<Lookup>();
    for (const lookup of lookups) {
      for (const fact of near.imports) {
        const binding = importBinding(fact, pack);
        if (binding === null) continue;
        const viaModule = (lookup.receiver !== undefined && lookup.receiver !== null && binding === lookup.receiver) || binding === lookup.container;
        if (binding !== lookup.name && !viaModule) continue;
        const wholeModule = bindsModule(fact, pack);
        // A name bound to a whole module is that module, defined nowhere.
        if (binding === lookup.name && wholeModule) {
          open.delete(lookup);
          continue;
        }
        const files = pack.adapter.resolveImport(fact, near.path, paths);
        // A pack that tells a dependency from an import it cannot resolve (an alias a bundler adds) says which is which.
        const external = files.length === 0 && pack.adapter.isExternal?.(fact, near.path, paths) !== false;
        if (files.length === 0 && !external) unresolved.add(lookup);
        if (binding === lookup.name) {
          const name = fact.name !== null && fact.name !== 'default' ? fact.name : lookup.name;
          targets.push({ lookup, files, name, follow: new Set([name]), viaReceiver: false });
        } else {
          // A whole module outside the repository (the standard library) defines nothing worth a search.
          if (binding === lookup.receiver && wholeModule && external) {
            open.delete(lookup);
            continue;
          }
          // Reached through the module (`m.f()`), or a member of a type the import binds (`x.f()` with `Foo x`);
          // a module that does not define it may re-export the name or the receiver's.
          const follow = new Set([lookup.name, fact.name !== null && fact.name !== 'default' ? fact.name : binding]);
          // A function outside any type there settles `m.f()`, not a call whose receiver only qualifies its
          // container's type (`mu.Lock()` with `mu sync.Mutex`): a method is meant.
          const viaReceiver = binding === lookup.receiver && (lookup.container === null || lookup.container === lookup.receiver);
          targets.push({ lookup, files, name: lookup.name, follow, viaReceiver });
        }
      }
    }
    const outside = new Set(targets.filter((t) => t.files.length === 0).map((t) => t.lookup));
    for (const target of targets) if (target.files.length > 0 || unresolved.has(target.lookup)) outside.delete(target.lookup);
    let parsed = 0;
    for (const target of targets) {
      // A package of many files (Go, Java) is read first: only the files hinting at the name are parsed.
      const read = target.files.length > RELATED_FILES_PER_FILE ? await this.hinted(side, target.files, target.lookup, target.name, pack) : null;
      let frontier = read === null ? [...target.files] : [...read.keys()];
      const seen = new Set<string>([near.path]);
      for (let depth = 0; depth <= REEXPORT_DEPTH && frontier.length > 0 && open.has(target.lookup); depth++) {
        const next: string[] = [];
        for (const file of frontier) {
          if (seen.has(file) || parsed >= IMPORTED_FILES_PER_SEARCH) continue;
          seen.add(file);
          const index = await this.charged(side, file, spent, read?.get(file));
          parsed++;
          if (!(index instanceof FileIndex)) continue;
          collect(index, target.lookup, target.name, target.viaReceiver);
          if (!open.has(target.lookup)) break;
          // Not defined here: follow what this module imports the name (or the receiver) from, or re-exports wholesale.
          for (const fact of index.imports) {
            const binding = importBinding(fact, index.loaded.pack);
            if (fact.star || (binding !== null && target.follow.has(binding))) next.push(...index.loaded.pack.adapter.resolveImport(fact, index.path, paths));
          }
        }
        frontier = next;
      }
    }
    return outside;
  }

  /** Files the language makes visible without naming the lookup: a header and its source, `#include`s, star imports. */
  private async searchRelated(side: Side, near: FileIndex, open: Set<Lookup>, collect: (index: FileIndex) => void, spent: Spent, budget: Spent): Promise<void> {
    let related = await this.relatedFiles(side, near);
    // A package of many files (Go, Java) is searched here only in the files named after a name or
    // container still open (a Java class's file); the rest is left to the ranked word search.
    if (related.length > RELATED_FILES_PER_FILE) {
      const stems = new Set([...open].flatMap((l) => (l.container === null ? [l.name] : [l.name, l.container])).map(normalizeStem));
      related = related.filter((f) => stems.has(normalizeStem(path.posix.basename(f, path.posix.extname(f))))).slice(0, RELATED_FILES_PER_FILE);
    }
    for (const file of related) {
      if (spent.bytes >= budget.bytes || open.size === 0) break;
      const index = await this.charged(side, file, spent);
      if (index instanceof FileIndex) collect(index);
    }
  }

  /**
   * The files among `files` worth parsing for a definition of `name`: those parsed already, and
   * those whose text hints at one (with their blobs, so they are not read twice).
   */
  private async hinted(side: Side, files: readonly string[], lookup: Lookup, name: string, pack: LanguagePack): Promise<Map<string, Buffer | undefined>> {
    const unparsed = files.filter((f) => !this.files.has(`${side}\0${f}`));
    const blobs = await this.unparsedBlobsOf(side, unparsed);
    const kinds = hintKinds(lookup.kinds);
    const worth = new Map<string, Buffer | undefined>();
    for (const file of files) {
      if (this.files.has(`${side}\0${file}`)) {
        worth.set(file, undefined);
        continue;
      }
      const blob = blobs.get(file) ?? null;
      if (blob === null || unparsableReason(blob) !== null) continue;
      if (this.hints(pack, blob, name, kinds)) worth.set(file, blob);
    }
    return worth;
  }

  /**
   * Reads files about to be parsed in one batch, so that each parse finds its bytes held instead of
   * asking git for them one at a time (a commit's changed files: 43-49 reads, 0.1-0.15 s waiting).
   */
  async readAhead(side: Side, files: readonly string[]): Promise<void> {
    await this.unparsedBlobsOf(side, files.filter((f) => !this.files.has(`${side}\0${f}`)));
  }

  /**
   * The bytes of unparsed files of a revision (null: not there), from those read before when they
   * are still held, else read in one batch and held.
   */
  private async unparsedBlobsOf(side: Side, files: readonly string[]): Promise<Map<string, Buffer | null>> {
    const rev = this.revision(side);
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const file of files) {
      const held = this.unparsedBlobs.get(`${side}\0${file}`);
      if (held === undefined) missing.push(file);
      else found.set(file, held);
    }
    const read = missing.length === 0 ? new Map<string, Buffer | null>() : await this.readBlobs(side, missing.map((f) => `${rev}:${f}`));
    for (const file of missing) {
      const blob = read.get(`${rev}:${file}`) ?? null;
      found.set(file, blob);
      if (blob !== null) this.unparsedBlobs.set(`${side}\0${file}`, blob);
    }
    return found;
  }

  /** Whether a file's bytes hint at a definition of `name` as one of `kinds` (each hint made once per run). */
  private hints(pack: LanguagePack, blob: Buffer, name: string, kinds: readonly HintKind[]): boolean {
    const regexes = kinds.map((kind) => {
      const key = `${pack.id}\0${kind}\0${name}`;
      let hint = this.hintCache.get(key);
      if (hint === undefined) this.hintCache.set(key, (hint = pack.adapter.definitionHint(name, kind)));
      return hint;
    });
    return hintedIn(blob, name, regexes, pack.adapter.hintReach);
  }

  /**
   * Whether a file can define a data member a lookup names in a known type: only where that type or
   * one it derives from is defined (a member is declared in its type's body; a base's file is reached
   * by the search for bases). Any file can for other lookups, and for a member of no known type.
   */
  private holdsContainer(lookup: Lookup, blob: Buffer, pack: LanguagePack, lineage: Lineage | null): boolean {
    if (lookup.container === null || lineage === null || !lookup.kinds.every((k) => k === 'field')) return true;
    return [...lineage(lookup.container)].some((type) => this.hints(pack, blob, type, ['type']));
  }

  /** A file parsed for its definitions; only a first parse is charged to the budget (a header every slice includes is paid for once). */
  private async charged(side: Side, file: string, spent: Spent, blob?: Buffer): Promise<FileIndex | Unparsed | null> {
    const fresh = !this.files.has(`${side}\0${file}`);
    const index = await this.file(side, file, null, blob);
    if (fresh && index instanceof FileIndex) spent.bytes += index.bytes;
    return index;
  }

  /** The word index of a revision's parsable files, built on first use. */
  private wordIndex(side: Side): Promise<WordSearch> {
    let index = this.wordIndexes.get(side);
    if (index === undefined) {
      index = (side === 'head' ? this.buildHeadIndex() : this.buildBaseIndex()).then((built) => {
        this.bytesIndexed += built.bytes;
        return built;
      });
      this.wordIndexes.set(side, index);
    }
    return index;
  }

  /** The head's index: read from the repository, or from the index cache and the files changed since it was written. */
  private async buildHeadIndex(): Promise<WordIndex> {
    const started = performance.now();
    const entries = entriesOf(await this.tree('head'));
    const dir = this.indexCacheDir;
    let built: WordIndex;
    if (dir === null) built = await WordIndex.build(this.git, entries);
    else {
      const { index, problems } = await buildWithCache(this.git, entries, dir);
      built = index;
      this.indexCache = { dir, reusedFiles: index.reusedFiles, readFiles: index.readFiles, ...(problems.length > 0 ? { problem: problems.join('; ') } : {}) };
    }
    this.indexMs += performance.now() - started;
    return built;
  }

  /** The base is the head with the diff's files as they were: only those are read again. */
  private async buildBaseIndex(): Promise<WordSearch> {
    const head = await this.wordIndex('head');
    const started = performance.now();
    const built = await OverlaidIndex.baseOf(this.git, head, this.diff);
    this.indexMs += performance.now() - started;
    return built;
  }

  private isGenerated(file: string): boolean {
    let known = this.generated.get(file);
    if (known === undefined) this.generated.set(file, (known = isGeneratedPath(file)));
    return known;
  }

  /** Files of a revision holding any of the names as a whole word: the word index, or git grep for a name it cannot answer for. */
  private async filesWithAny(side: Side, names: string[]): Promise<string[]> {
    const index = await this.wordIndex(side);
    const indexed = names.filter((n) => index.answers(n));
    const others = names.filter((n) => !index.answers(n));
    const files = index.filesWithAny(indexed);
    if (others.length === 0) return files;
    const grepped = (await this.git.grepFiles(this.revision(side), others, [])).filter(isParsablePath);
    return [...new Set([...files, ...grepped])];
  }

  /**
   * Files of the same language family holding the names, ranked (what the file can reach first);
   * files already parsed are searched for free, others are parsed when a text hint says they may
   * define a name still open, within the budget.
   */
  private async wordSearch(side: Side, near: FileIndex, lookups: Lookup[], open: Set<Lookup>, collect: (index: FileIndex) => void, spent: Spent, budget: Spent, lineage: Lineage | null = null): Promise<void> {
    const names = [...new Set(lookups.map((l) => l.name))];
    // Only the lookups given are searched for: others still open (a standard name) keep no search going.
    const pending = (): Lookup[] => lookups.filter((l) => open.has(l));
    const containers = new Set(lookups.flatMap((l) => (l.container ? [normalizeStem(l.container)] : [])));
    const family = near.loaded.pack.family;
    const chooser = await this.chooser(side);
    const reachable = await this.reachable(side, near);
    const hits = (await this.filesWithAny(side, names)).filter((f) => f !== near.path && chooser.packFor(f)?.family === family);
    // Ranked once per file, not per comparison: a common name is in hundreds of files.
    const ranks = new Map(hits.map((f) => [f, rank(f, near.path, containers, reachable, this.isGenerated(f))]));
    const ranked = hits.sort((a, b) => (ranks.get(a) as number) - (ranks.get(b) as number) || a.localeCompare(b));
    // Parsed files cost nothing: search them all in rank order, then parse the likeliest others. A
    // generated or vendored file parsed for another name (a dist/ bundle holding a copy of a class)
    // comes last, after the files parsed here: a copy must not settle what the source defines.
    const collectParsed = (files: readonly string[]): void => {
      for (const candidate of files) {
        if (pending().length === 0) return;
        const index = this.parsedFile(side, candidate);
        if (index !== null) collect(index);
      }
    };
    const copies = (f: string): boolean => (ranks.get(f) as number) >= GENERATED_RANK;
    collectParsed(ranked.filter((f) => !copies(f)));
    await this.parseCandidates(side, ranked, pending, collect, spent, budget, lineage);
    collectParsed(ranked.filter(copies));
  }

  /** Parses the likeliest unparsed candidates of a word search, up to PARSES_PER_NAME for each name still pending. */
  private async parseCandidates(side: Side, ranked: string[], pending: () => Lookup[], collect: (index: FileIndex) => void, spent: Spent, budget: Spent, lineage: Lineage | null): Promise<void> {
    if (pending().length === 0 || spent.parses >= budget.parses || spent.bytes >= budget.bytes) return;
    const chooser = await this.chooser(side);
    const unparsed = await this.candidatesToRead(side, ranked.filter((f) => !this.files.has(`${side}\0${f}`)), [...new Set(pending().map((l) => l.name))]);
    const blobs = await this.unparsedBlobsOf(side, unparsed);
    const parsesOf = new Map<string, number>();
    for (const candidate of unparsed) {
      const wanted = pending().filter((l) => (parsesOf.get(l.name) ?? 0) < PARSES_PER_NAME);
      if (wanted.length === 0 || spent.parses >= budget.parses || spent.bytes >= budget.bytes) break;
      const blob = blobs.get(candidate);
      if (!blob || blob.length > SEARCH_FILE_MAX_BYTES || unparsableReason(blob) !== null) continue;
      const pack = chooser.packFor(candidate);
      if (pack === null) continue;
      const hinted = new Set(wanted.filter((l) => this.hints(pack, blob, l.name, hintKinds(l.kinds)) && this.holdsContainer(l, blob, pack, lineage)).map((l) => l.name));
      if (hinted.size === 0) continue;
      for (const name of hinted) parsesOf.set(name, (parsesOf.get(name) ?? 0) + 1);
      spent.parses++;
      const index = await this.file(side, candidate, null, blob);
      if (index instanceof FileIndex) {
        spent.bytes += index.bytes;
        collect(index);
      }
    }
  }

  /**
   * The unparsed candidates worth reading, in rank order. When they are more than can be read, every
   * name still open gets its share of the best-ranked files holding it: a rare name searched together
   * with a common one (`addModule` with `build`) would otherwise find its files past the cut.
   */
  private async candidatesToRead(side: Side, candidates: string[], names: string[]): Promise<string[]> {
    if (candidates.length <= CANDIDATES_READ_PER_SEARCH) return candidates;
    const index = await this.wordIndex(side);
    const holding = names.filter((n) => index.answers(n)).map((n) => new Set(index.filesWithAny([n])));
    // Only files holding a name still open: names the files already parsed settled bring none (a
    // common name found at once would otherwise fill the cut with its users).
    const ranked = holding.length === names.length ? candidates.filter((f) => holding.some((h) => h.has(f))) : candidates;
    if (ranked.length <= CANDIDATES_READ_PER_SEARCH || names.length < 2) return ranked.slice(0, CANDIDATES_READ_PER_SEARCH);
    const queues = holding.map((h) => ranked.filter((f) => h.has(f)));
    queues.push(ranked); // names no index answers for, and ties
    const chosen = new Set<string>();
    for (let at = 0; chosen.size < CANDIDATES_READ_PER_SEARCH && queues.some((q) => at < q.length); at++) {
      for (const queue of queues) {
        const file = queue[at];
        if (file !== undefined && chosen.size < CANDIDATES_READ_PER_SEARCH) chosen.add(file);
      }
    }
    return ranked.filter((f) => chosen.has(f));
  }

  /** Files a file sees without naming them: its companions (a header and its source, its package) and what it star-imports (`#include`). */
  private async relatedFiles(side: Side, index: FileIndex): Promise<string[]> {
    const paths = await this.pathSet(side);
    const adapter = index.loaded.pack.adapter;
    const related = [...adapter.companions(index.path, paths)];
    for (const fact of index.imports) if (fact.star) related.push(...adapter.resolveImport(fact, index.path, paths));
    return [...new Set(related)].filter((f) => f !== index.path);
  }

  /** Files a file reaches: what it sees without naming (see relatedFiles) and every file its imports resolve to. */
  private reachable(side: Side, index: FileIndex): Promise<ReadonlySet<string>> {
    const key = `${side}\0${index.path}`;
    let entry = this.reach.get(key);
    if (entry === undefined) {
      entry = (async () => {
        const paths = await this.pathSet(side);
        const adapter = index.loaded.pack.adapter;
        const imported = index.imports.flatMap((fact) => adapter.resolveImport(fact, index.path, paths));
        return new Set([...(await this.relatedFiles(side, index)), ...imported]);
      })();
      this.reach.set(key, entry);
    }
    return entry;
  }

  /** The revision's paths (and the manifests packs read, such as go.mod), built once per side. */
  private pathSet(side: Side): Promise<RevisionPaths> {
    let entry = this.paths.get(side);
    if (entry === undefined) {
      entry = (async () => {
        const all = await this.fileList(side);
        const wanted = new Set(PACKS.flatMap((p) => p.manifests ?? []));
        const manifestPaths = all.filter((f) => wanted.has(path.posix.basename(f)));
        const rev = this.revision(side);
        const blobs = manifestPaths.length === 0 ? new Map<string, Buffer>() : await this.git.readBlobs(manifestPaths.map((f) => `${rev}:${f}`));
        const manifests = new Map<string, string>();
        for (const f of manifestPaths) {
          const blob = blobs.get(`${rev}:${f}`);
          if (blob && blob.length <= MANIFEST_MAX_BYTES) manifests.set(f, blob.toString('utf8'));
        }
        return new RevisionPaths(all, manifests);
      })();
      this.paths.set(side, entry);
    }
    return entry;
  }

  /** The facts cache and a file's key in it (see factsKey); null without an index cache folder. */
  private async keptFacts(side: Side, file: string, pack: LanguagePack): Promise<{ cache: FactsCache; key: string } | null> {
    if (this.indexCacheDir === null) return null;
    const blob = (await this.git.blobIds(this.revision(side))).get(file);
    if (blob === undefined) return null;
    this.facts ??= FactsCache.open(this.indexCacheDir);
    return { cache: this.facts, key: factsKey(blob, pack) };
  }

  /** What became of the facts cache (SliceStats.factsCache), once it was opened; it is written here when the run added to it. */
  saveFacts(): SliceStats['factsCache'] {
    if (this.facts === null || this.indexCacheDir === null) return undefined;
    const problems = [this.facts.problem, this.facts.save()].filter((p): p is string => p !== null);
    const { reused, refused } = this.facts;
    return { dir: this.indexCacheDir, reused, ...(refused > 0 ? { refused } : {}), ...(problems.length > 0 ? { problem: problems.join('; ') } : {}) };
  }

  private async parse(side: Side, file: string, flowLines: readonly number[] | null, known?: Buffer, given?: LanguagePack): Promise<FileIndex | Unparsed | null> {
    const pack = given ?? (await this.chooser(side)).packFor(file);
    if (pack === null) return null;
    // Parsed once, its facts are kept: a search never reads it again.
    const held = this.unparsedBlobs.take(`${side}\0${file}`);
    const spec = `${this.revision(side)}:${file}`;
    const blob = known ?? held ?? (await this.readBlobs(side, [spec])).get(spec) ?? null;
    if (blob === null) return null;
    const reason = unparsableReason(blob);
    if (reason !== null) return { reason, diffOnly: isTooLarge(blob) };
    const loaded = await loadPack(pack);
    const kept = flowLines === null ? await this.keptFacts(side, file, pack) : null;
    this.filesRead++;
    let fromCache = false;
    const limit = flowLines !== null ? PARSE_TIME_MS.changed : PARSE_TIME_MS.candidate;
    const started = performance.now();
    try {
      const text = decodeSource(blob);
      const keptFor = (lineCount: number): DefinitionFacts | null => {
        const facts = kept?.cache.get(kept.key, text, lineCount) ?? null;
        fromCache = facts !== null;
        return facts;
      };
      const exchange = kept === null ? {} : { known: keptFor, read: (facts: DefinitionFacts) => kept.cache.put(kept.key, facts, text) };
      const index = new FileIndex(file, side, loaded, text, flowLines, started + limit, exchange);
      this.byPath.set(`${side}\0${file}`, index);
      for (const d of index.typeDefinitions()) {
        const key = `${side}\0${d.name}`;
        const known = this.typesByName.get(key);
        if (known === undefined) this.typesByName.set(key, [d]);
        else known.push(d);
      }
      return index;
    } catch (error) {
      if (error instanceof ParseTimeout) return { reason: `parsing took over ${limit / 1000} s`, diffOnly: true };
      throw error;
    } finally {
      this.parseMs += performance.now() - started;
      if (!fromCache) {
        this.filesParsed++;
        this.bytesParsed += blob.length;
      }
    }
  }
}

/**
 * Whether a definition ends the search for a lookup: one of the preferred container; for a callee
 * full-flow shows, a body, not only a declaration (a method declared in a class or an interface
 * and defined elsewhere, a function declared in a header) — the search goes on for the body.
 */
function closes(lookup: Lookup, def: Definition, lineage: Lineage): boolean {
  if (lookup.container !== null && (def.container === null || !lineage(lookup.container).has(def.container))) return false;
  return !(lookup.extra === true && def.kind === 'prototype' && lookup.kinds.includes('function'));
}

/**
 * Definitions of the preferred container first, and among overloads those whose parameters match
 * the call's arguments (parameter lists are read where the pack reads them); capped so a common
 * name cannot flood a slice.
 */
function preferMatch(defs: Definition[], lookup: Lookup | undefined, lineage: Lineage): Definition[] {
  const container = lookup?.container ?? null;
  const own = container === null ? [] : defs.filter((d) => d.container === container);
  const inherited = container === null || own.length > 0 ? [] : defs.filter((d) => d.container !== null && lineage(container).has(d.container));
  const matching = own.length > 0 ? own : inherited;
  const pool = matching.length > 0 ? matching : defs;
  const arity = lookup?.arity;
  // Only callables whose parameters were read can be told apart; the rest stay.
  const fits = arity === undefined ? [] : pool.filter((d) => d.paramModes.length === arity || d.kind !== 'function' && d.kind !== 'prototype');
  return (fits.some((d) => d.paramModes.length === arity) ? fits : pool).slice(0, DEFINITIONS_PER_LOOKUP);
}

function normalizeStem(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

/** What a generated or vendored file's rank starts at: above any other file's (at most 370). */
const GENERATED_RANK = 1000;

/**
 * Lower is likelier: files the changed file reaches (its imports, its package), a file named after
 * the container (or starting with its name: `env_posix.cc` for `Env`), headers, files near the change; generated and vendored files last (their
 * definitions are rarely what a change uses).
 */
function rank(candidate: string, near: string, containers: ReadonlySet<string>, reachable: ReadonlySet<string>, generated: boolean): number {
  const ext = path.posix.extname(candidate).toLowerCase();
  const stem = normalizeStem(path.posix.basename(candidate, ext));
  const nearParts = path.posix.dirname(near).split('/');
  const parts = path.posix.dirname(candidate).split('/');
  let shared = 0;
  while (shared < parts.length && shared < nearParts.length && parts[shared] === nearParts[shared]) shared++;
  const distance = nearParts.length - shared + (parts.length - shared);
  const named = containers.has(stem) ? 0 : [...containers].some((c) => c.length >= 3 && stem.startsWith(c)) ? 50 : 100;
  return (generated ? GENERATED_RANK : 0) + (reachable.has(candidate) ? 0 : 200) + named + (isHeaderPath(candidate) ? 0 : 50) + Math.min(distance, 20);
}
