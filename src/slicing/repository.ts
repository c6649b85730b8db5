import path from 'node:path';
import { isGeneratedPath } from '../diff/select.js';
import type { Git } from '../git/git.js';
import type { Diff } from '../types.js';
import { FileIndex, type Definition, type DefinitionKind, type Side } from './file-index.js';
import type { HintKind } from './language-pack.js';
import { isHeaderPath, isParsablePath, loadPack, PackChooser } from './packs.js';
import { decodeSource, isTooLarge, unparsableReason } from './source-text.js';
import { OverlaidIndex, WordIndex, type WordSearch } from './word-index.js';

/** A name to find a definition for, anywhere in the repository. */
export interface Lookup {
  name: string;
  kinds: readonly DefinitionKind[];
  /** Preferred enclosing type (a field of `Buf`); other containers are kept only when none matches. */
  container: string | null;
  /** True for what only full-flow shows (callee signatures, type definitions): searched on the budget of its own. */
  extra?: boolean;
}

/** Limits that keep a search proportional to the change. */
const RELATED_FILES_PER_FILE = 6;
const CANDIDATES_READ_PER_SEARCH = 48;
/**
 * Search candidates larger than this are not parsed for a definition: past it lie amalgamations
 * (a fused gtest.h, sqlite3.c) whose parse costs more than the rest of a run's search together.
 */
const SEARCH_FILE_MAX_BYTES = 384 * 1024;
const PARSES_PER_SEARCH = 4;
/**
 * Files parsed and bytes parsed for definitions (beyond the changed files) per run. Full-flow's
 * extra lookups have a budget apart, so they can never use up what left-flow's lookups of a later
 * slice need (original-diff ⊆ left-flow ⊆ full-flow holds however many callees come first).
 */
const SEARCH_BUDGETS: Record<Tier, { parses: number; bytes: number }> = {
  flow: { parses: 32, bytes: 4 * 1024 * 1024 },
  extra: { parses: 16, bytes: 2 * 1024 * 1024 },
};
const DEFINITIONS_PER_LOOKUP = 3;
/** Text the word index may hold (it is one string); a larger revision is searched with git grep. */
const WORD_INDEX_MAX_BYTES = 128 * 1024 * 1024;

type Tier = 'flow' | 'extra';

function tierOf(lookup: Lookup): Tier {
  return lookup.extra === true ? 'extra' : 'flow';
}

/** What one tier has spent of its budget. */
interface Spent {
  parses: number;
  bytes: number;
}

function hintKind(kinds: readonly DefinitionKind[]): HintKind {
  if (kinds.includes('type')) return 'type';
  if (kinds.includes('field')) return 'field';
  if (kinds.includes('function') || kinds.includes('prototype')) return 'callable';
  return 'variable';
}

export function lookupKey(side: Side, lookup: Lookup): string {
  return `${side}\0${lookup.name}\0${lookup.kinds.join(',')}\0${lookup.container ?? ''}\0${tierOf(lookup)}`;
}

interface PathIndex {
  known: Set<string>;
  byBase: Map<string, string[]>;
  /** Paths by folder and stem (see `stemKey`). */
  siblings: Map<string, string[]>;
}

/** Folder and file name without its last extension: the same for a header and its source. */
function stemKey(file: string): string {
  return file.replace(/\.[^./]+$/, '');
}

/** A parse that failed or was refused, with the reason (for stats.skipped). */
export interface Unparsed {
  reason: string;
  /** True when the file is only too large to parse (not binary). */
  tooLarge: boolean;
}

/**
 * The repository AST, built lazily: a file is parsed only when a slice needs it (a changed file, a
 * file it includes, or a candidate found in the word index for a name still unresolved), at most
 * once per run and side. Cost grows with the names the change uses; the one repository-wide pass
 * (the word index) is made only when a name is not found near the change.
 */
export class Repository {
  filesParsed = 0;
  bytesParsed = 0;
  /** Bytes read into word indexes for repository-wide searches. */
  bytesIndexed = 0;
  private readonly spent: Record<Tier, Spent> = { flow: { parses: 0, bytes: 0 }, extra: { parses: 0, bytes: 0 } };
  private readonly files = new Map<string, Promise<FileIndex | Unparsed | null>>();
  private readonly fileLists = new Map<Side, Promise<string[]>>();
  private readonly lookups = new Map<string, Promise<Definition[]>>();
  private readonly parsed: FileIndex[] = [];
  private readonly byPath = new Map<string, FileIndex>();
  private readonly choosers = new Map<Side, Promise<PackChooser>>();
  private readonly paths = new Map<Side, PathIndex>();
  private readonly wordIndexes = new Map<Side, Promise<WordSearch | null>>();

  constructor(
    private readonly git: Git,
    private readonly diff: Diff,
  ) {}

  revision(side: Side): string {
    return side === 'head' ? this.diff.headSha : this.diff.baseSha;
  }

  /** Paths of the revision's files, listed once per side. */
  fileList(side: Side): Promise<string[]> {
    let list = this.fileLists.get(side);
    if (list === undefined) {
      list = this.git.listFiles(this.revision(side));
      this.fileLists.set(side, list);
    }
    return list;
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
   * too large. `keepTree` keeps the syntax tree (files with seeds); the first request decides.
   * `blob`, when the caller already read the file, saves reading it again.
   */
  file(side: Side, file: string, keepTree: boolean, blob?: Buffer): Promise<FileIndex | Unparsed | null> {
    const key = `${side}\0${file}`;
    let entry = this.files.get(key);
    if (entry === undefined) {
      entry = this.parse(side, file, keepTree, blob);
      this.files.set(key, entry);
    }
    return entry;
  }

  /** A file already parsed in this run, or null. */
  parsedFile(side: Side, file: string): FileIndex | null {
    return this.byPath.get(`${side}\0${file}`) ?? null;
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
      const search = this.search(side, near, group, this.spent[tier], SEARCH_BUDGETS[tier]);
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
    const collect = (index: FileIndex): void => {
      for (const lookup of [...open]) {
        const defs = index.definitionsOf(lookup.name).filter((d) => lookup.kinds.includes(d.kind) && !d.local);
        if (defs.length === 0) continue;
        const key = lookupKey(side, lookup);
        const merged = [...(found.get(key) ?? []), ...defs];
        found.set(key, merged);
        if (lookup.container === null || merged.some((d) => d.container === lookup.container)) open.delete(lookup);
      }
    };
    collect(near);
    for (const index of this.parsed) if (index.side === side && index !== near && open.size > 0) collect(index);
    if (open.size > 0) {
      for (const related of await this.relatedFiles(side, near)) {
        if (spent.bytes >= budget.bytes) break;
        // Only a first parse costs: a header every slice includes is paid for once.
        const fresh = !this.files.has(`${side}\0${related}`);
        const index = await this.file(side, related, false);
        if (index instanceof FileIndex) {
          if (fresh) spent.bytes += index.bytes;
          collect(index);
        }
        if (open.size === 0) break;
      }
    }
    const searchable = [...open].filter((l) => !near.loaded.pack.adapter.builtins.has(l.name));
    if (searchable.length > 0 && spent.parses < budget.parses && spent.bytes < budget.bytes) await this.grepSearch(side, near, searchable, open, collect, spent, budget);
    for (const [key, defs] of found) found.set(key, preferContainer(defs, lookups.find((l) => lookupKey(side, l) === key)?.container ?? null));
    return found;
  }

  /** The word index of a revision's parsable files (null when too large), built on first use. */
  private wordIndex(side: Side): Promise<WordSearch | null> {
    let index = this.wordIndexes.get(side);
    if (index === undefined) {
      index = (side === 'head' ? this.buildHeadIndex() : this.buildBaseIndex()).then((built) => {
        this.bytesIndexed += built?.bytes ?? 0;
        return built;
      });
      this.wordIndexes.set(side, index);
    }
    return index;
  }

  private async buildHeadIndex(): Promise<WordIndex | null> {
    const files = (await this.fileList('head')).filter(isParsablePath);
    return WordIndex.build(this.git, this.diff.headSha, files, WORD_INDEX_MAX_BYTES);
  }

  /** The base is the head with the diff's files as they were: only those are read again. */
  private async buildBaseIndex(): Promise<WordSearch | null> {
    const head = await this.wordIndex('head');
    return head === null ? null : OverlaidIndex.baseOf(this.git, head, this.diff, WORD_INDEX_MAX_BYTES);
  }

  /** Files of a revision holding any of the names as a whole word: the word index, or git grep for a name it cannot answer. */
  private async filesWithAny(side: Side, names: string[]): Promise<string[]> {
    const index = names.some((n) => WordIndex.indexable(n)) ? await this.wordIndex(side) : null;
    const indexable = index === null ? [] : names.filter((n) => WordIndex.indexable(n));
    const others = names.filter((n) => !indexable.includes(n));
    const files = index === null ? [] : index.filesWithAny(indexable);
    if (others.length === 0) return files;
    const grepped = (await this.git.grepFiles(this.revision(side), others, [])).filter(isParsablePath);
    return [...new Set([...files, ...grepped])];
  }

  /** Files holding the names, then parse the likeliest defining files (ranked by path, filtered by a text hint). */
  private async grepSearch(side: Side, near: FileIndex, lookups: Lookup[], open: Set<Lookup>, collect: (index: FileIndex) => void, spent: Spent, budget: Spent): Promise<void> {
    const rev = this.revision(side);
    const names = [...new Set(lookups.map((l) => l.name))];
    const containers = new Set(lookups.flatMap((l) => (l.container ? [normalizeStem(l.container)] : [])));
    const hits = (await this.filesWithAny(side, names)).filter((f) => !this.files.has(`${side}\0${f}`));
    const ranked = hits.sort((a, b) => rank(a, near.path, containers) - rank(b, near.path, containers) || a.localeCompare(b)).slice(0, CANDIDATES_READ_PER_SEARCH);
    const blobs = await this.git.readBlobs(ranked.map((f) => `${rev}:${f}`));
    const adapter = near.loaded.pack.adapter;
    let parses = 0;
    for (const candidate of ranked) {
      if (open.size === 0 || parses >= PARSES_PER_SEARCH || spent.parses >= budget.parses || spent.bytes >= budget.bytes) break;
      const blob = blobs.get(`${rev}:${candidate}`);
      if (!blob || blob.length > SEARCH_FILE_MAX_BYTES || unparsableReason(blob) !== null) continue;
      const text = decodeSource(blob);
      const wanted = [...open].some((l) => adapter.definitionHint(l.name, hintKind(l.kinds)).test(text));
      if (!wanted) continue;
      parses++;
      spent.parses++;
      const index = await this.file(side, candidate, false, blob);
      if (index instanceof FileIndex) {
        spent.bytes += index.bytes;
        collect(index);
      }
    }
  }

  /** Files a file most likely takes its declarations from: its own header or source, then what it includes. */
  private async relatedFiles(side: Side, index: FileIndex): Promise<string[]> {
    const { known, byBase, siblings } = await this.pathIndex(side);
    const dir = path.posix.dirname(index.path);
    const related = (siblings.get(stemKey(index.path)) ?? []).filter((f) => f !== index.path);
    for (const include of index.includes) {
      const local = path.posix.normalize(path.posix.join(dir, include));
      if (known.has(local)) related.push(local);
      else if (known.has(include)) related.push(include);
      else {
        const suffix = '/' + include;
        const match = (byBase.get(path.posix.basename(include)) ?? []).find((f) => f.endsWith(suffix));
        if (match !== undefined) related.push(match);
      }
    }
    return [...new Set(related)].slice(0, RELATED_FILES_PER_FILE);
  }

  /** The revision's paths as a set, by base name, and by folder and stem (`a/b.h` and `a/b.cc`), built once per side. */
  private async pathIndex(side: Side): Promise<PathIndex> {
    let entry = this.paths.get(side);
    if (entry === undefined) {
      const all = await this.fileList(side);
      const byBase = new Map<string, string[]>();
      for (const f of all) {
        const name = path.posix.basename(f);
        const list = byBase.get(name);
        if (list) list.push(f);
        else byBase.set(name, [f]);
      }
      // Siblings come in the order their base names were first met in the listing, as they always have.
      const siblings = new Map<string, string[]>();
      for (const files of byBase.values()) {
        for (const f of files) {
          const key = stemKey(f);
          const list = siblings.get(key);
          if (list) list.push(f);
          else siblings.set(key, [f]);
        }
      }
      entry = { known: new Set(all), byBase, siblings };
      this.paths.set(side, entry);
    }
    return entry;
  }

  private async parse(side: Side, file: string, keepTree: boolean, known?: Buffer): Promise<FileIndex | Unparsed | null> {
    const pack = (await this.chooser(side)).packFor(file);
    if (pack === null) return null;
    const blob = known ?? (await this.git.readBlob(this.revision(side), file));
    if (blob === null) return null;
    const reason = unparsableReason(blob);
    if (reason !== null) return { reason, tooLarge: isTooLarge(blob) };
    const loaded = await loadPack(pack);
    this.filesParsed++;
    this.bytesParsed += blob.length;
    const index = new FileIndex(file, side, loaded, decodeSource(blob), keepTree);
    this.parsed.push(index);
    this.byPath.set(`${side}\0${file}`, index);
    return index;
  }

  /** Frees every syntax tree still held. */
  async release(): Promise<void> {
    for (const entry of this.files.values()) {
      const index = await entry;
      if (index instanceof FileIndex) index.release();
    }
  }
}

/** Definitions of the preferred container first; capped so a common name cannot flood a slice. */
function preferContainer(defs: Definition[], container: string | null): Definition[] {
  const matching = container === null ? [] : defs.filter((d) => d.container === container);
  return (matching.length > 0 ? matching : defs).slice(0, DEFINITIONS_PER_LOOKUP);
}

function normalizeStem(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

/**
 * Lower is likelier: a header named after the container, headers near the file, then other headers,
 * then sources; generated and vendored files last (their definitions are rarely what a change uses).
 */
function rank(candidate: string, near: string, containers: ReadonlySet<string>): number {
  const ext = path.posix.extname(candidate).toLowerCase();
  const stem = normalizeStem(path.posix.basename(candidate, ext));
  const nearParts = path.posix.dirname(near).split('/');
  const parts = path.posix.dirname(candidate).split('/');
  let shared = 0;
  while (shared < parts.length && shared < nearParts.length && parts[shared] === nearParts[shared]) shared++;
  const distance = nearParts.length - shared + (parts.length - shared);
  return (isGeneratedPath(candidate) ? 1000 : 0) + (containers.has(stem) ? 0 : 100) + (isHeaderPath(candidate) ? 0 : 50) + Math.min(distance, 20);
}
