import type { Git } from '../git/git.js';
import type { Diff } from '../types.js';
import { NameTable } from './name-table.js';
import { isParsablePath } from './packs.js';

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

/**
 * Distinct names the index interns at most (about 100 bytes each). A revision with more (generated
 * tables of random identifiers) keeps the first ones whole; the rest are answered by git grep.
 */
const MAX_NAMES = 4_000_000;

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
 * One revision's index seen through another's: the files of `changed` replace the paths in
 * `replaced`. The base of a change differs from its head only in the changed files, so the base
 * needs no second pass over the repository.
 */
export class OverlaidIndex implements WordSearch {
  constructor(
    private readonly under: WordSearch,
    private readonly replaced: ReadonlySet<string>,
    private readonly changed: WordSearch,
  ) {}

  /** The base of `diff` from its head's index: only the diff's files are read again, as they were in the base. */
  static async baseOf(git: Git, head: WordSearch, diff: Diff): Promise<OverlaidIndex> {
    const replaced = new Set(diff.files.filter((f) => f.status !== 'deleted').map((f) => f.path));
    const before = diff.files.filter((f) => f.status !== 'added').map((f) => f.oldPath ?? f.path).filter(isParsablePath);
    return new OverlaidIndex(head, replaced, await WordIndex.build(git, diff.baseSha, before));
  }

  answers(name: string): boolean {
    return this.under.answers(name) && this.changed.answers(name);
  }

  get bytes(): number {
    return this.changed.bytes;
  }

  filesWithAny(words: readonly string[]): string[] {
    return [...new Set([...this.under.filesWithAny(words).filter((f) => !this.replaced.has(f)), ...this.changed.filesWithAny(words)])];
  }
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
  private readonly names = new NameTable();
  /** Distinct names of file i: postings[fileStarts[i] .. fileStarts[i + 1]). */
  private postings = new Int32Array(1 << 16);
  private postingCount = 0;
  private readonly fileStarts: number[] = [0];
  private readonly files: string[] = [];
  /** Set once a name was left out for MAX_NAMES: names the index does not hold are then unknown, not absent. */
  private full = false;
  /** The file that last saw each name, so a file lists a name once. */
  private lastFile = new Int32Array(1 << 16).fill(-1);
  bytes = 0;

  private constructor() {}

  /** The index of `paths` in `rev`. */
  static async build(git: Git, rev: string, paths: readonly string[]): Promise<WordIndex> {
    const index = new WordIndex();
    const read = (start: number): Promise<(Buffer | null)[]> => {
      const specs = paths.slice(start, start + BLOBS_PER_READ).map((f) => `${rev}:${f}`);
      return git.readBlobs(specs).then((blobs) => specs.map((s) => blobs.get(s) ?? null));
    };
    let next = read(0);
    for (let start = 0; start < paths.length; start += BLOBS_PER_READ) {
      const blobs = await next;
      if (start + BLOBS_PER_READ < paths.length) next = read(start + BLOBS_PER_READ);
      blobs.forEach((blob, i) => {
        if (blob !== null && !isBinary(blob)) index.add(paths[start + i] as string, blob);
      });
    }
    index.lastFile = new Int32Array(0); // only needed while building
    return index;
  }

  /** True when the index answers for `name`: an identifier it holds, or any identifier if it holds them all. */
  answers(name: string): boolean {
    return INDEXABLE.test(name) && (!this.full || this.names.find(name) >= 0);
  }

  private add(path: string, blob: Buffer): void {
    const file = this.files.length;
    this.files.push(path);
    this.bytes += blob.length;
    // Bytes, not characters: word bytes are exactly git grep's, and no string is made per word.
    const end = blob.length;
    let at = 0;
    while (at < end) {
      const c = blob[at] as number;
      if (!isWordCode(c)) {
        at++;
        continue;
      }
      const start = at++;
      while (at < end && isWordCode(blob[at] as number)) at++;
      if (c <= 0x39) continue; // starts with a digit: a number, never a name
      this.note(blob, start, at, file);
    }
    this.fileStarts.push(this.postingCount);
  }

  /** Records that `file` holds the word `blob[start .. end)`. */
  private note(blob: Buffer, start: number, end: number, file: number): void {
    const id = this.names.intern(blob, start, end, MAX_NAMES);
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
    const ids = words.filter((w) => INDEXABLE.test(w)).map((w) => this.names.find(w)).filter((id) => id >= 0);
    if (ids.length === 0) return [];
    const wanted = new Uint8Array(this.names.size);
    for (const id of ids) wanted[id] = 1;
    const found: string[] = [];
    for (let file = 0; file < this.files.length; file++) {
      const end = this.fileStarts[file + 1] as number;
      for (let i = this.fileStarts[file] as number; i < end; i++) {
        if (wanted[this.postings[i] as number] === 1) {
          found.push(this.files[file] as string);
          break;
        }
      }
    }
    return found;
  }
}

/** A copy of `array` twice as long, the new half filled with `fill`. */
function grow(array: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2).fill(fill, array.length);
  bigger.set(array);
  return bigger;
}
