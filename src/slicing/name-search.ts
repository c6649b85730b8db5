import path from 'node:path';
import { isGeneratedPath } from '../diff/select.js';
import type { SliceStats } from '../types.js';
import { RecentlyUsed } from '../support/recently-used.js';
import type { Side } from './definition.js';
import { hintedIn } from './definition-hints.js';
import type { FileStore } from './file-store.js';
import type { HintKind, LanguagePack } from './language-pack.js';
import { isHeaderPath, isParsablePath } from './packs.js';
import { buildIndex, threadScript } from './index-thread.js';
import { entriesOf, OverlaidIndex } from './revision-index.js';
import type { WordIndex, WordSearch } from './word-index.js';

/** Definition hints a run keeps compiled (see NameSearch.hintCache). */
const HINTS_KEPT = 2048;
/** Files of the names' holders mayHold keeps (about 1 MB of references in all). */
const HOLDERS_KEPT = 200_000;
/** Candidate files read (not parsed) for one search. */
const CANDIDATES_READ_PER_SEARCH = 48;

/**
 * Parsable files a revision has at least for its word index to be built on a thread of its own
 * (see prepare). Starting the thread costs about 0.1 s of CPU: LevelDB's 133 files index in less,
 * and its runs that never search paid it for nothing (CPU 1.38x to 1.48x the floor on six commits);
 * RocksDB's 1,783 files (35 MB) take 0.4 s, which the thread takes off the slicing thread.
 */
const THREAD_MIN_FILES = 1000;

/** Orders as String.prototype.localeCompare does, without making a collator at each comparison (ranking sorts thousands of files). */
const BY_LOCALE = new Intl.Collator();

/** What a generated or vendored file's rank starts at: above any other file's (at most 370). */
export const GENERATED_RANK = 1000;

/** A name as a file stem compares it: lower case, no underscores (`env_posix` starts with `env`). */
export function normalizeStem(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

/**
 * The word search: which files of a revision hold a name as a whole word (the revision's word
 * index, built once a run on first need, or git grep for a name it cannot answer for), ranked by
 * how likely they define it for a given file, and whether a file's text hints at a definition.
 */
export class NameSearch {
  /** Bytes read into the word indexes the run's searches used. */
  bytesIndexed = 0;
  /** Time the searches waited for word indexes (the head's is built beside the parse where it can, see prepare). */
  indexMs = 0;
  /** What became of the word index cache, once the head's index was built with one (SliceStats.indexCache). */
  indexCache: SliceStats['indexCache'];
  /** Why the word index's thread failed, when the index was built on the slicing thread instead (SliceStats.indexThreadFailure). */
  indexThreadFailure: string | undefined;
  private readonly wordIndexes = new Map<Side, Promise<WordSearch>>();
  /** The sides whose index a search used (bytesIndexed counts those). */
  private readonly searched = new Set<Side>();
  /**
   * Definition hints made lately, by pack, kind and name (a search asks the same names of many
   * files), the least recently used let go past HINTS_KEPT: a 1,000-file change made 15 MB of them.
   */
  private readonly hintCache = new RecentlyUsed<RegExp>(HINTS_KEPT, () => 1);
  /** What ranking reads of each file's path (its folders, stem, whether a header, whether generated or vendored: many globs), by file. */
  private readonly places = new Map<string, Place>();

  /**
   * What hints answered, by the file's bytes and the pack, kinds and name asked: the searches of one
   * run ask the same names of the same files again (3,553 hints, 2,216 of them asked before, on
   * RocksDB's 8e1569b351). Kept as long as the bytes are (the store holds a search's files a while).
   */
  private readonly hinted = new WeakMap<Buffer, Map<string, boolean>>();
  /** The word indexes built so far, by side (hints asks them without waiting). */
  private readonly built = new Map<Side, WordSearch>();
  /**
   * The files holding a name, by side and name (see mayHold), the least recently used let go past
   * HOLDERS_KEPT files in all: a common name is in thousands of files.
   */
  private readonly holding = new RecentlyUsed<ReadonlySet<string>>(HOLDERS_KEPT, (files) => files.size + 1);

  /** Aborted when the run ends (close). */
  private readonly ending = new AbortController();

  /** `thread` says where the head's index is built (the worker script beside the bundle by default). */
  constructor(
    private readonly store: FileStore,
    private readonly thread: { script: string | null } = { script: threadScript() },
  ) {}

  /** Files of a revision holding any of the names as a whole word: the word index, or git grep for a name it cannot answer for. */
  async filesWithAny(side: Side, names: string[]): Promise<string[]> {
    const index = await this.searchIndex(side);
    const indexed = names.filter((n) => index.answers(n));
    const others = names.filter((n) => !index.answers(n));
    const files = index.filesWithAny(indexed);
    if (others.length === 0) return files;
    const grepped = (await this.store.git.grepFiles(this.store.revision(side), others, [])).filter(isParsablePath);
    return [...new Set([...files, ...grepped])];
  }

  /**
   * The files holding the names other than `near`, of the pack family `family` (as `chooser` tells),
   * likeliest first (see rank), each with its rank.
   */
  async ranked(
    side: Side,
    names: string[],
    near: string,
    family: string,
    containers: ReadonlySet<string>,
    reachable: ReadonlySet<string>,
  ): Promise<{ files: string[]; rankOf: ReadonlyMap<string, number> }> {
    const chooser = await this.store.chooser(side);
    const hits = (await this.filesWithAny(side, names)).filter((f) => f !== near && chooser.packFor(f)?.family === family);
    // Ranked once per file, not per comparison: a common name is in hundreds of files.
    const from = this.placeOf(near);
    const rankOf = new Map(hits.map((f) => [f, rank(f, this.placeOf(f), from, containers, reachable)]));
    const files = hits.sort((a, b) => (rankOf.get(a) as number) - (rankOf.get(b) as number) || BY_LOCALE.compare(a, b));
    return { files, rankOf };
  }

  /**
   * The unparsed candidates worth reading, in rank order. When they are more than can be read, every
   * name still open gets its share of the best-ranked files holding it: a rare name searched together
   * with a common one (`addModule` with `build`) would otherwise find its files past the cut.
   */
  async candidatesToRead(side: Side, candidates: string[], names: string[]): Promise<string[]> {
    if (candidates.length <= CANDIDATES_READ_PER_SEARCH) return candidates;
    const index = await this.searchIndex(side);
    const holding = names.filter((n) => index.answers(n)).map((n) => this.holdersOf(side, index, n));
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

  /**
   * Whether a file's bytes (`blob`, the file `where.file` of the side `where.side`) hint at a
   * definition of `name` as one of `kinds` (each hint made once per run). A hint matches only where
   * the name is a whole word: a file the side's word index, once built, says does not hold it is
   * not read (a search tests each of its names on each of up to 48 files, most holding only some).
   */
  hints(pack: LanguagePack, blob: Buffer, name: string, kinds: readonly HintKind[], where: { side: Side; file: string }): boolean {
    if (!this.mayHold(where.side, where.file, name)) return false;
    const asked = `${pack.id}\0${kinds.join(',')}\0${name}`;
    let answers = this.hinted.get(blob);
    if (answers === undefined) this.hinted.set(blob, (answers = new Map()));
    let answer = answers.get(asked);
    if (answer === undefined) {
      const regexes = kinds.map((kind) => {
        const key = `${pack.id}\0${kind}\0${name}`;
        let hint = this.hintCache.get(key);
        if (hint === undefined) this.hintCache.set(key, (hint = pack.adapter.definitionHint(name, kind)));
        return hint;
      });
      answers.set(asked, (answer = hintedIn(blob, name, regexes, pack.adapter.hintReach)));
    }
    return answer;
  }

  /** False when the side's word index is built, answers for `name`, and says `file` does not hold it as a whole word; else true. */
  private mayHold(side: Side, file: string, name: string): boolean {
    const index = this.built.get(side);
    if (index === undefined || !index.answers(name)) return true;
    return this.holdersOf(side, index, name).has(file);
  }

  /** The files of a side's index holding a name, kept a while (see holding). */
  private holdersOf(side: Side, index: WordSearch, name: string): ReadonlySet<string> {
    const key = `${side}\0${name}`;
    let holders = this.holding.get(key);
    if (holders === undefined) this.holding.set(key, (holders = new Set(index.filesWithAny([name]))));
    return holders;
  }

  /** The word index of a revision's parsable files, for a search: the time it waits for it is the run's index time. */
  private async searchIndex(side: Side): Promise<WordSearch> {
    const started = performance.now();
    try {
      const index = await this.wordIndex(side);
      // Counted once a search uses it: a run that never searches reads no index, whatever was built beside it.
      if (!this.searched.has(side)) {
        this.searched.add(side);
        this.bytesIndexed += index.bytes;
      }
      return index;
    } finally {
      this.indexMs += performance.now() - started;
    }
  }

  /** The word index of a revision's parsable files, built on first use. */
  private wordIndex(side: Side): Promise<WordSearch> {
    let index = this.wordIndexes.get(side);
    if (index === undefined) {
      index = (side === 'head' ? this.buildHeadIndex() : this.buildBaseIndex()).then((built) => {
        this.built.set(side, built);
        return built;
      });
      this.wordIndexes.set(side, index);
    }
    return index;
  }

  /**
   * Starts building the head's word index on a thread of its own (see index-thread.ts), for a run
   * whose slices will search: the index is then built while the changed files are parsed, and the
   * first search finds it ready or nearly so.
   */
  prepare(): void {
    if (this.thread.script === null) return; // on this thread it would only take the parse's time: built on first need
    void this.store
      .tree('head')
      .then((tree) => (entriesOf(tree).length >= THREAD_MIN_FILES ? this.wordIndex('head') : null))
      .catch(() => undefined); // a failure is the first search's to report
  }

  /** Ends the index's thread if it is still building (the run is over): a run that never searched does not wait for it. */
  close(): void {
    this.ending.abort(new Error('the slicing run ended before its word index was built'));
  }

  /** The head's index: read from the repository, or from the index cache and the files changed since it was written. */
  private async buildHeadIndex(): Promise<WordIndex> {
    const entries = entriesOf(await this.store.tree('head'));
    const dir = this.store.indexCacheDir;
    const script = entries.length >= THREAD_MIN_FILES ? this.thread.script : null;
    const { index, problems, threadFailure } = await buildIndex(this.store.git, entries, dir, { script, signal: this.ending.signal });
    this.indexThreadFailure = threadFailure;
    if (dir !== null)
      this.indexCache = {
        dir,
        reusedFiles: index.reusedFiles,
        readFiles: index.readFiles,
        ...(problems.length > 0 ? { problem: problems.join('; ') } : {}),
      };
    return index;
  }

  /** The base is the head with the diff's files as they were: only those are read again. */
  private async buildBaseIndex(): Promise<WordSearch> {
    return OverlaidIndex.baseOf(this.store.git, await this.wordIndex('head'), this.store.diff);
  }

  /** What ranking reads of a file's path, worked out once a run (search after search ranks the same files). */
  private placeOf(file: string): Place {
    let place = this.places.get(file);
    if (place === undefined) {
      const ext = path.posix.extname(file).toLowerCase();
      place = {
        folders: path.posix.dirname(file).split('/'),
        stem: normalizeStem(path.posix.basename(file, ext)),
        header: isHeaderPath(file),
        generated: isGeneratedPath(file),
      };
      this.places.set(file, place);
    }
    return place;
  }
}

/**
 * Lower is likelier: files the changed file reaches (its imports, its package), a file named after
 * the container (or starting with its name: `env_posix.cc` for `Env`), headers, files near the change; generated and vendored files last (their
 * definitions are rarely what a change uses).
 */
function rank(candidate: string, place: Place, near: Place, containers: ReadonlySet<string>, reachable: ReadonlySet<string>): number {
  const nearParts = near.folders;
  const parts = place.folders;
  let shared = 0;
  while (shared < parts.length && shared < nearParts.length && parts[shared] === nearParts[shared]) shared++;
  const distance = nearParts.length - shared + (parts.length - shared);
  const stem = place.stem;
  const named = containers.has(stem) ? 0 : [...containers].some((c) => c.length >= 3 && stem.startsWith(c)) ? 50 : 100;
  return (
    (place.generated ? GENERATED_RANK : 0) + (reachable.has(candidate) ? 0 : 200) + named + (place.header ? 0 : 50) + Math.min(distance, 20)
  );
}

/** What rank reads of a path. */
interface Place {
  folders: readonly string[];
  stem: string;
  header: boolean;
  generated: boolean;
}
