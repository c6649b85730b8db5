import path from 'node:path';
import type { Git, TreeEntry } from '../git/git.js';
import type { Diff, SliceStats } from '../types.js';
import { RecentlyUsed } from '../support/recently-used.js';
import type { Definition, Side } from './definition.js';
import { FactsCache, factsKey } from './facts-cache.js';
import { FileIndex, ParseTimeout, type DefinitionFacts } from './file-index.js';
import type { LanguagePack } from './language-pack.js';
import { isParsablePath, loadPack, PackChooser, PACKS } from './packs.js';
import { RevisionPaths } from './path-set.js';
import { decodeSource, isTooLarge, SourceLines, unparsableReason } from './source-text.js';

/** A parse that failed or was refused, with the reason (for stats.skipped). */
export interface Unparsed {
  reason: string;
  /** True when the file is text that was not parsed (too large, too slow): its changes can still be reviewed from the diff. */
  diffOnly: boolean;
}

/** The two budgets of a run's searches: left-flow's lookups, and what only full-flow shows (callee signatures, type definitions). */
export type Tier = 'flow' | 'extra';

/** Files parsed and bytes parsed: what a tier has spent, or may. */
export interface Spent {
  parses: number;
  bytes: number;
}

/**
 * Files parsed and bytes parsed for definitions (beyond the changed files) per run, for every
 * CHANGED_FILES_PER_BUDGET changed source files (up to MAX_BUDGETS times), so a large change's later
 * slices still find their callees. Full-flow's extra lookups have a budget apart, so they can never
 * use up what left-flow's lookups of a later slice need (original-diff ⊆ left-flow ⊆ full-flow holds
 * however many callees come first).
 */
const SEARCH_BUDGETS: Record<Tier, Spent> = {
  flow: { parses: 32, bytes: 4 * 1024 * 1024 },
  extra: { parses: 16, bytes: 2 * 1024 * 1024 },
};
const CHANGED_FILES_PER_BUDGET = 4;
const MAX_BUDGETS = 8;

/**
 * Bytes of files read and not parsed yet, held for the searches (or the parse) after them: all the
 * candidates a RocksDB commit reads (8-24 MB), within the 500 MB a run may hold.
 */
const UNPARSED_BLOB_BYTES = 32 * 1024 * 1024;
/** Manifests larger than this are not read: go.mod, Cargo.toml, tsconfig.json are small; RocksDB's CMakeLists.txt is 69 KB, a compile_commands.json some MB. */
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;
/** How long one file's parse and queries may take before the file is reviewed from its diff alone (changed files) or skipped (search candidates). */
const PARSE_TIME_MS = { changed: 10_000, candidate: 2_000 };

/**
 * The two revisions of a change as files: read from git objects, parsed lazily (a file only when a
 * slice or a lookup needs it, at most once per run and side), cached (every parsed file, the bytes
 * read ahead of their parse, the definition facts kept between runs) and paid for out of the run's
 * search budgets.
 */
export class FileStore {
  /** Files parsed (not those built from the facts cache), and their bytes. */
  filesParsed = 0;
  bytesParsed = 0;
  /** Files whose facts were built, parsed or from the facts cache: what a lineage's answers are kept for. */
  filesRead = 0;
  /** Time spent parsing files into their facts. */
  parseMs = 0;
  /** What each tier of the run's searches has spent, and may spend (SEARCH_BUDGETS once per CHANGED_FILES_PER_BUDGET changed source files). */
  readonly spent: Record<Tier, Spent> = { flow: { parses: 0, bytes: 0 }, extra: { parses: 0, bytes: 0 } };
  readonly budgets: Record<Tier, Spent>;
  private readonly files = new Map<string, Promise<FileIndex | Unparsed | null>>();
  private readonly byPath = new Map<string, FileIndex>();
  /** The type definitions of every file parsed so far, by side and name: what lineages and base searches ask. */
  private readonly typesByName = new Map<string, Definition[]>();
  private readonly choosers = new Map<Side, Promise<PackChooser>>();
  private readonly paths = new Map<Side, Promise<RevisionPaths>>();
  /**
   * Files read and not parsed: candidates a search read (the next search holding their names reads
   * them from here) and changed files read ahead of their parse.
   */
  private readonly unparsedBlobs = new RecentlyUsed<Buffer>(UNPARSED_BLOB_BYTES, (blob) => blob.length);
  /** The definition facts kept in the index cache's folder, opened when a file is first read for its definitions. */
  private facts: FactsCache | null = null;

  constructor(
    readonly git: Git,
    readonly diff: Diff,
    /** The folder keeping the word index and the definition facts between runs, or null. */
    readonly indexCacheDir: string | null = null,
    /** False when no slice of the run asks a changed file's data flow (see FileIndex's readsFlow). */
    private readonly readsFlow = true,
  ) {
    const sources = diff.files.filter((f) => f.status !== 'deleted' && isParsablePath(f.path)).length;
    const times = Math.min(MAX_BUDGETS, Math.max(1, Math.ceil(sources / CHANGED_FILES_PER_BUDGET)));
    const scaled = (b: Spent): Spent => ({ parses: b.parses * times, bytes: b.bytes * times });
    this.budgets = { flow: scaled(SEARCH_BUDGETS.flow), extra: scaled(SEARCH_BUDGETS.extra) };
  }

  revision(side: Side): string {
    return side === 'head' ? this.diff.headSha : this.diff.baseSha;
  }

  /** The revision's tree (listed once per run by Git): its paths (fileList) and the head's word index come from it. */
  tree(side: Side): Promise<readonly TreeEntry[]> {
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
  file(
    side: Side,
    file: string,
    flowLines: readonly number[] | null,
    blob?: Buffer,
    pack?: LanguagePack,
  ): Promise<FileIndex | Unparsed | null> {
    const key = `${side}\0${file}`;
    let entry = this.files.get(key);
    if (entry === undefined) {
      entry = this.parse(side, file, flowLines, blob, pack);
      this.files.set(key, entry);
    }
    return entry;
  }

  /** True when the file was asked for (parsed, being parsed, or found unparsable) in this run. */
  opened(side: Side, file: string): boolean {
    return this.files.has(`${side}\0${file}`);
  }

  /** A file parsed for its definitions; only a first parse is charged to `spent` (a header every slice includes is paid for once). */
  async charged(side: Side, file: string, spent: Spent, blob?: Buffer): Promise<FileIndex | Unparsed | null> {
    const fresh = !this.opened(side, file);
    const index = await this.file(side, file, null, blob);
    if (fresh && index instanceof FileIndex) spent.bytes += index.bytes;
    return index;
  }

  /** A file's bytes at head (null when it is not there), for what its first line says. */
  readHead(file: string): Promise<Buffer | null> {
    return this.git.readBlob(this.diff.headSha, file);
  }

  /**
   * A file's lines at one side, parsed or not (null when it is not there or is binary or too large):
   * the lines of a parsed file, else its bytes read and decoded, not kept.
   */
  async lines(side: Side, file: string): Promise<SourceLines | null> {
    const parsed = this.parsedFile(side, file);
    if (parsed !== null) return parsed.lines;
    const blob = (await this.unparsedBlobsOf(side, [file])).get(file) ?? null;
    if (blob === null || unparsableReason(blob) !== null) return null;
    return new SourceLines(decodeSource(blob));
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
   * Lets go of every file parsed so far (a large change is sliced in parts, see sliceChange); the
   * revisions' listings and held bytes stay.
   */
  forgetFiles(): void {
    this.files.clear();
    this.byPath.clear();
    this.typesByName.clear();
  }

  /** A file already parsed in this run, or null. */
  parsedFile(side: Side, file: string): FileIndex | null {
    return this.byPath.get(`${side}\0${file}`) ?? null;
  }

  /** The definitions of a type in the files parsed so far on one side. */
  parsedTypes(side: Side, name: string): readonly Definition[] {
    return this.typesByName.get(`${side}\0${name}`) ?? [];
  }

  /**
   * Reads files about to be parsed in one batch, so that each parse finds its bytes held instead of
   * asking git for them one at a time (a commit's changed files: 43-49 reads, 0.1-0.15 s waiting).
   */
  async readAhead(side: Side, files: readonly string[]): Promise<void> {
    await this.unparsedBlobsOf(
      side,
      files.filter((f) => !this.opened(side, f)),
    );
  }

  /**
   * The bytes of unparsed files of a revision (null: not there), from those read before when they
   * are still held, else read in one batch and held.
   */
  async unparsedBlobsOf(side: Side, files: readonly string[]): Promise<Map<string, Buffer | null>> {
    const rev = this.revision(side);
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const file of files) {
      const held = this.unparsedBlobs.get(`${side}\0${file}`);
      if (held === undefined) missing.push(file);
      else found.set(file, held);
    }
    const read =
      missing.length === 0
        ? new Map<string, Buffer | null>()
        : await this.readBlobs(
            side,
            missing.map((f) => `${rev}:${f}`),
          );
    for (const file of missing) {
      const blob = read.get(`${rev}:${file}`) ?? null;
      found.set(file, blob);
      if (blob !== null) this.unparsedBlobs.set(`${side}\0${file}`, blob);
    }
    return found;
  }

  /** The revision's paths (and the manifests packs read, such as go.mod), built once per side. */
  pathSet(side: Side): Promise<RevisionPaths> {
    let entry = this.paths.get(side);
    if (entry === undefined) {
      entry = (async () => {
        const all = await this.fileList(side);
        const wanted = new Set(PACKS.flatMap((p) => p.manifests ?? []));
        const manifestPaths = all.filter((f) => wanted.has(path.posix.basename(f)));
        const rev = this.revision(side);
        const blobs =
          manifestPaths.length === 0 ? new Map<string, Buffer>() : await this.git.readBlobs(manifestPaths.map((f) => `${rev}:${f}`));
        const manifests = new Map<string, string>();
        const tooLarge: string[] = [];
        for (const f of manifestPaths) {
          const blob = blobs.get(`${rev}:${f}`);
          if (blob && blob.length <= MANIFEST_MAX_BYTES) manifests.set(f, blob.toString('utf8'));
          else if (blob) tooLarge.push(f);
        }
        const paths = new RevisionPaths(all, manifests);
        for (const f of tooLarge) paths.report(`${f} is larger than ${MANIFEST_MAX_BYTES / 1024 / 1024} MiB and was not read`);
        return paths;
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

  /** What the language packs could not read of the revisions' manifests (a build file that is no valid JSON, one too large), each once. */
  async manifestProblems(): Promise<string[]> {
    const found = new Set<string>();
    for (const entry of this.paths.values()) for (const problem of (await entry).problems) found.add(problem);
    return [...found];
  }

  /** What became of the facts cache (SliceStats.factsCache), once it was opened; it is written here when the run added to it. */
  saveFacts(): SliceStats['factsCache'] {
    if (this.facts === null || this.indexCacheDir === null) return undefined;
    const problems = [this.facts.problem, this.facts.save()].filter((p): p is string => p !== null);
    const { reused, refused } = this.facts;
    return {
      dir: this.indexCacheDir,
      reused,
      ...(refused > 0 ? { refused } : {}),
      ...(problems.length > 0 ? { problem: problems.join('; ') } : {}),
    };
  }

  private async parse(
    side: Side,
    file: string,
    flowLines: readonly number[] | null,
    known?: Buffer,
    given?: LanguagePack,
  ): Promise<FileIndex | Unparsed | null> {
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
      const index = new FileIndex(file, side, loaded, text, flowLines, started + limit, exchange, this.readsFlow);
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
