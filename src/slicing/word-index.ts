import type { Git } from '../git/git.js';
import { FNV_OFFSET, hashStep, isArrayOf, NameTable, type NameTableParts } from './name-table.js';

/** Blobs read per request while loading, so git inflates the next batch while this one is copied. */
const BLOBS_PER_READ = 64;

/** git grep's binary test (`-I`): a NUL in the first 8000 bytes. */
function isBinary(blob: Buffer): boolean {
  return blob.subarray(0, 8000).includes(0);
}

/** Names the index can answer for: identifiers made of word bytes only. */
const INDEXABLE = /^[A-Za-z_]\w*$/;

/** A word byte (`\\w`: ASCII letters, digits, `_`): a name occurs as a whole word exactly where a maximal run of them equals it. */
function isWordCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

/** 1 for each word byte (isWordCode), by byte: one load per byte of a revision's text instead of four comparisons. */
const WORD_BYTES = Uint8Array.from({ length: 256 }, (_, c) => (isWordCode(c) ? 1 : 0));

/**
 * Distinct names the index interns at most (about 100 bytes each). A revision with more (generated
 * tables of random identifiers) keeps the first ones whole; the rest are answered by git grep.
 */
const MAX_NAMES = 4_000_000;

/** A file to index: its path, the object to read it from (for cat-file), and its blob id when known. */
export interface IndexEntry {
  path: string;
  object: string;
  blob: string | null;
}

/** A word index as plain arrays (see WordIndex.toSaved). */
export interface SavedWordIndex {
  files: readonly string[];
  blobs: readonly string[];
  /** Bytes of text the index was built from. */
  bytes: number;
  nameBytes: Uint8Array;
  nameStarts: Int32Array;
  /** Every file's name ids, file after file, in parts laid end to end (an index keeps what it lent in place). */
  postings: readonly Int32Array[];
  fileStarts: Int32Array;
}

/**
 * A word index ready to search, as its thread hands it over (see WordIndex.toSearchable): its name
 * table whole and the files of each name, so that the receiving thread neither hashes the names
 * again nor turns the postings around.
 */
export interface SearchableWordIndex {
  files: readonly string[];
  bytes: number;
  full: boolean;
  names: NameTableParts;
  starts: Int32Array;
  holders: Int32Array;
}

/** Which files of a revision hold any of some identifiers as whole words. */
export interface WordSearch {
  /** Paths of the files containing any of `words` as a whole word (only words it answers for are looked at). */
  filesWithAny(words: readonly string[]): string[];
  /** True when the index knows every file holding `name`; other names need git grep. */
  answers(name: string): boolean;
  /** Bytes of text read to build it. */
  readonly bytes: number;
}

/**
 * Which files of one revision contain each identifier as a whole word — the answer `git grep -l
 * -w -F -I` gives — as an inverted index: each file's distinct names, as numbers, in one array.
 * The revision's text files are read once through the persistent `git cat-file` and tokenized as
 * they stream by; no text is kept, so memory grows with the number of distinct names, not with the
 * size of the repository, and a search is one pass over small integers for all its words (a few
 * milliseconds where a `git grep` process costs a pass over every object). Built only when a run
 * first needs a repository-wide search, so a change that needs none pays nothing.
 */
export class WordIndex implements WordSearch {
  /** The distinct names of the files read: file i's are postings[begins[i] .. ends[i]) unless it is lent. */
  private postings = new Int32Array(1 << 16);
  private postingCount = 0;
  /**
   * The postings of the index this one took files from (see build's `reuse`), for the files it lent
   * (lent[begins[i] .. ends[i])): kept in place, not copied, as a large repository's are tens of MB.
   */
  private lent = new Int32Array(0);
  private readonly begins: number[] = [];
  private readonly ends: number[] = [];
  private readonly isLent: boolean[] = [];
  private readonly files: string[] = [];
  /** The object id of each file's blob, when read by id (what a later index of another revision can reuse); '' otherwise. */
  private readonly blobs: string[] = [];
  /** Set once a name was left out for MAX_NAMES: names the index does not hold are then unknown, not absent. */
  private full = false;
  /** The file that last saw each name, so a file lists a name once. */
  private lastFile = new Int32Array(1 << 16).fill(-1);
  bytes = 0;
  /** The files of each name (see byName), made on the first search. */
  private inverted: { starts: Int32Array; files: Int32Array } | null = null;
  /** Files whose names were taken from an earlier index (see build's `reuse`), and files read. */
  reusedFiles = 0;
  readFiles = 0;

  private constructor(private readonly names = new NameTable()) {}

  /**
   * The index of a revision's files: `entries` name each file and the object to read it from (a
   * `<rev>:<path>` spec, or a blob id). With `reuse` (an index of another revision, as the index
   * cache keeps it), a file whose blob id it holds takes its names from there instead of being read:
   * only what changed since is read. `reuse` is taken over (its name table grows here).
   */
  static async build(git: Git, entries: readonly IndexEntry[], reuse: WordIndex | null = null): Promise<WordIndex> {
    const donated = new Map<string, number>();
    reuse?.blobs.forEach((blob, file) => {
      if (blob !== '') donated.set(blob, file);
    });
    // An index holding under half of the files is not taken over: the names only its other files had would stay in the table.
    const lendable = entries.filter((e) => e.blob !== null && donated.has(e.blob)).length;
    // A donor lends from its own postings: one that itself lent (built over another) is not taken over.
    const donor = reuse !== null && !reuse.full && reuse.lent.length === 0 && 2 * lendable >= entries.length ? reuse : null;
    if (donor === null) donated.clear();
    const index = new WordIndex(donor?.names);
    const read = (start: number): Promise<(Buffer | null)[]> => {
      const objects = entries
        .slice(start, start + BLOBS_PER_READ)
        .filter((e) => e.blob === null || !donated.has(e.blob))
        .map((e) => e.object);
      return git.readBlobs(objects).then((blobs) => objects.map((o) => blobs.get(o) ?? null));
    };
    let next = read(0);
    for (let start = 0; start < entries.length; start += BLOBS_PER_READ) {
      const blobs = await next;
      if (start + BLOBS_PER_READ < entries.length) next = read(start + BLOBS_PER_READ);
      let at = 0;
      for (const entry of entries.slice(start, start + BLOBS_PER_READ)) {
        const from = entry.blob === null ? undefined : donated.get(entry.blob);
        if (donor !== null && from !== undefined) {
          index.lendFile(entry, donor, from);
          continue;
        }
        const blob = blobs[at++] ?? null;
        if (blob !== null && !isBinary(blob)) index.add(entry, blob);
      }
    }
    index.lastFile = new Int32Array(0); // only needed while building
    return index;
  }

  /** Files the index holds. */
  get fileCount(): number {
    return this.files.length;
  }

  /** The index as the index cache stores it (see word-index-cache.ts). */
  toSaved(): SavedWordIndex {
    if (this.inverted !== null) throw new Error('a word index is saved before it is searched: a search gives up the postings by file');
    const { bytes, starts } = this.names.toArrays();
    // Files whose postings follow each other in the same array make one part.
    const parts: Int32Array[] = [];
    const fileStarts = new Int32Array(this.files.length + 1);
    let part: { array: Int32Array; begin: number; end: number } | null = null;
    for (let file = 0; file < this.files.length; file++) {
      const array = this.arrayOf(file);
      const begin = this.begins[file] as number;
      const end = this.ends[file] as number;
      fileStarts[file + 1] = (fileStarts[file] as number) + end - begin;
      if (part !== null && part.array === array && part.end === begin) part.end = end;
      else {
        if (part !== null) parts.push(part.array.subarray(part.begin, part.end));
        part = { array, begin, end };
      }
    }
    if (part !== null) parts.push(part.array.subarray(part.begin, part.end));
    return { files: this.files, blobs: this.blobs, bytes: this.bytes, nameBytes: bytes, nameStarts: starts, postings: parts, fileStarts };
  }

  /** The index ready to search, for another thread to take over (see fromSearchable): after it, this index is searched no more. */
  toSearchable(): SearchableWordIndex {
    const { starts, files } = this.byName();
    return { files: this.files, bytes: this.bytes, full: this.full, names: this.names.toParts(), starts, holders: files };
  }

  /** An index from what toSearchable() gave, its arrays taken over; null when they are not an index's (lengths checked). */
  static fromSearchable(searchable: SearchableWordIndex): WordIndex | null {
    const names = NameTable.fromParts(searchable.names);
    const { files, starts, holders } = searchable;
    if (
      names === null ||
      !Array.isArray(files) ||
      !isArrayOf(starts, 'Int32Array') ||
      !isArrayOf(holders, 'Int32Array') ||
      starts.length !== names.size + 1 ||
      starts[names.size] !== holders.length
    )
      return null;
    const index = new WordIndex(names);
    for (const file of files) index.files.push(file);
    index.bytes = searchable.bytes;
    index.full = searchable.full === true;
    index.lastFile = new Int32Array(0);
    index.postings = new Int32Array(0);
    index.inverted = { starts, files: holders };
    return index;
  }

  /** An index from what toSaved() gave, checked to be one; null when it is not (a damaged cache file). */
  static fromSaved(saved: SavedWordIndex): WordIndex | null {
    const names = NameTable.fromArrays(saved.nameBytes, saved.nameStarts);
    const files = saved.files.length;
    // Taken over, not copied, when in one part: the arrays were made for this index.
    const postings = saved.postings.length === 1 ? (saved.postings[0] as Int32Array) : concatenated(saved.postings);
    if (
      names === null ||
      saved.blobs.length !== files ||
      saved.fileStarts.length !== files + 1 ||
      saved.fileStarts[0] !== 0 ||
      saved.fileStarts[files] !== postings.length
    )
      return null;
    for (let file = 0; file < files; file++) if ((saved.fileStarts[file + 1] as number) < (saved.fileStarts[file] as number)) return null;
    for (const id of postings) if (id < 0 || id >= names.size) return null;
    const index = new WordIndex(names);
    // One at a time: spreading a large repository's hundreds of thousands of files into push() overflows the stack.
    for (let file = 0; file < files; file++) {
      index.files.push(saved.files[file] as string);
      index.blobs.push(saved.blobs[file] as string);
      index.begins.push(saved.fileStarts[file] as number);
      index.ends.push(saved.fileStarts[file + 1] as number);
      index.isLent.push(false);
    }
    index.postings = postings as Int32Array<ArrayBuffer>;
    index.postingCount = postings.length;
    index.bytes = saved.bytes;
    index.lastFile = new Int32Array(0);
    return index;
  }

  /** The array holding file `file`'s postings (from begins[file] to ends[file]): the donor's when lent. */
  private arrayOf(file: number): Int32Array {
    return this.isLent[file] === true ? this.lent : this.postings;
  }

  /** Takes file `from` of `donor` (which shares this index's name table and lends nothing itself) as `entry`'s names, in place. */
  private lendFile(entry: IndexEntry, donor: WordIndex, from: number): void {
    this.lent = donor.postings;
    this.begins.push(donor.begins[from] as number);
    this.ends.push(donor.ends[from] as number);
    this.isLent.push(true);
    this.files.push(entry.path);
    this.blobs.push(entry.blob ?? '');
    this.reusedFiles++;
  }

  /** True when the index answers for `name`: an identifier it holds, or any identifier if it holds them all. */
  answers(name: string): boolean {
    return INDEXABLE.test(name) && (!this.full || this.names.find(name) >= 0);
  }

  private add(entry: IndexEntry, blob: Buffer): void {
    const file = this.files.length;
    this.begins.push(this.postingCount);
    this.isLent.push(false);
    this.files.push(entry.path);
    this.blobs.push(entry.blob ?? '');
    this.readFiles++;
    this.bytes += blob.length;
    // Bytes, not characters: word bytes are exactly git grep's, and no string is made per word. A
    // word's hash is taken as it is scanned, so its bytes are read once (the index's time is this loop).
    const end = blob.length;
    let at = 0;
    while (at < end) {
      const c = blob[at] as number;
      if (WORD_BYTES[c] === 0) {
        at++;
        continue;
      }
      const start = at++;
      if (c <= 0x39) {
        // Starts with a digit: a number, never a name.
        while (at < end && WORD_BYTES[blob[at] as number] === 1) at++;
        continue;
      }
      let hash = hashStep(FNV_OFFSET, c);
      for (let b = blob[at] as number; at < end && WORD_BYTES[b] === 1; b = blob[++at] as number) hash = hashStep(hash, b);
      this.note(blob, start, at, hash, file);
    }
    this.ends.push(this.postingCount);
  }

  /** Records that `file` holds the word `blob[start .. end)`, whose hashBytes is `hash`. */
  private note(blob: Buffer, start: number, end: number, hash: number, file: number): void {
    const id = this.names.internHashed(blob, start, end, hash, MAX_NAMES);
    if (id < 0) {
      this.full = true;
      return;
    }
    if (id >= this.lastFile.length) this.lastFile = grow(this.lastFile, -1);
    if (this.lastFile[id] === file) return;
    this.lastFile[id] = file;
    if (this.postingCount === this.postings.length) this.postings = grow(this.postings, 0);
    this.postings[this.postingCount++] = id;
  }

  /** Paths of the files containing any of `words` as a whole word, in the order they were read (names it does not answer for are left out). */
  filesWithAny(words: readonly string[]): string[] {
    const ids = words
      .filter((w) => INDEXABLE.test(w))
      .map((w) => this.names.find(w))
      .filter((id) => id >= 0);
    if (ids.length === 0) return [];
    const { starts, files } = this.byName();
    // A name's files are in reading order already; several names' are merged by marking them (a
    // common name is in thousands of files, which a Set and a sort cost more than a pass over marks).
    if (ids.length === 1) {
      const id = ids[0] as number;
      return Array.from(files.subarray(starts[id] as number, starts[id + 1] as number), (file) => this.files[file] as string);
    }
    const marks = new Uint8Array(this.files.length);
    for (const id of ids) for (let i = starts[id] as number; i < (starts[id + 1] as number); i++) marks[files[i] as number] = 1;
    const found: string[] = [];
    for (let file = 0; file < marks.length; file++) if (marks[file] === 1) found.push(this.files[file] as string);
    return found;
  }

  /**
   * The postings turned around, made on the first search: the files holding each name, so that a
   * search costs the files it finds, not a pass over every file's names (a run asks hundreds).
   */
  private byName(): { starts: Int32Array; files: Int32Array } {
    if (this.inverted !== null) return this.inverted;
    const starts = new Int32Array(this.names.size + 1);
    let total = 0;
    for (let file = 0; file < this.files.length; file++) {
      const array = this.arrayOf(file);
      const end = this.ends[file] as number;
      for (let i = this.begins[file] as number; i < end; i++) {
        const at = (array[i] as number) + 1;
        starts[at] = (starts[at] as number) + 1;
      }
      total += end - (this.begins[file] as number);
    }
    for (let id = 0; id < this.names.size; id++) starts[id + 1] = (starts[id + 1] as number) + (starts[id] as number);
    const next = starts.slice(0, this.names.size);
    const files = new Int32Array(total);
    for (let file = 0; file < this.files.length; file++) {
      const array = this.arrayOf(file);
      const end = this.ends[file] as number;
      for (let i = this.begins[file] as number; i < end; i++) {
        const id = array[i] as number;
        files[next[id] as number] = file;
        next[id] = (next[id] as number) + 1;
      }
    }
    this.inverted = { starts, files };
    // The postings by file are not needed any more (a search reads the postings by name): let them go, lent ones too.
    this.postings = new Int32Array(0);
    this.postingCount = 0;
    this.lent = new Int32Array(0);
    return this.inverted;
  }
}

/** Arrays laid end to end in one. */
function concatenated(parts: readonly Int32Array[]): Int32Array {
  const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A copy of `array` twice as long, the new half filled with `fill`. */
function grow(array: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2).fill(fill, array.length);
  bigger.set(array);
  return bigger;
}
