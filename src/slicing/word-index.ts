import type { Git } from '../git/git.js';
import type { Diff } from '../types.js';
import { isParsablePath } from './packs.js';

/** Blobs read per request while loading, so git inflates the next batch while this one is copied. */
const BLOBS_PER_READ = 64;

/** git grep's binary test (`-I`): a NUL in the first 8000 bytes. */
function isBinary(blob: Buffer): boolean {
  return blob.subarray(0, 8000).includes(0);
}

/** Names the index can answer for: identifiers made of word bytes only. */
const INDEXABLE = /^[A-Za-z_]\w*$/;

/** Put between files, so no word runs from one file into the next. */
const SEPARATOR = '\n';

/** The text of one batch of files, and where each file starts in it. */
interface Batch {
  /** The files' bytes as Latin-1 (one character per byte), each followed by SEPARATOR. */
  text: string;
  /** Index in `files` of the batch's first file. */
  first: number;
  /** Start of each of the batch's files in `text`, ascending. */
  starts: Int32Array;
}

/** Which files of a revision hold any of some identifiers as whole words. */
export interface WordSearch {
  /** Paths of the files containing any of `words` (indexable names) as a whole word. */
  filesWithAny(words: readonly string[]): string[];
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
  static async baseOf(git: Git, head: WordSearch, diff: Diff, maxBytes: number): Promise<OverlaidIndex | null> {
    const replaced = new Set(diff.files.filter((f) => f.status !== 'deleted').map((f) => f.path));
    const before = diff.files.filter((f) => f.status !== 'added').map((f) => f.oldPath ?? f.path).filter(isParsablePath);
    const changed = await WordIndex.build(git, diff.baseSha, before, maxBytes);
    return changed === null ? null : new OverlaidIndex(head, replaced, changed);
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
 * -w -F -I` gives. The revision's text files are read once through the persistent `git cat-file`
 * into Latin-1 strings (one per batch, so no second copy of the whole text is ever made); each
 * search is then one regular-expression scan for all its words, which costs milliseconds where a
 * `git grep` process costs a pass over every object. Built only when a run first needs a
 * repository-wide search, so a change that needs none pays nothing.
 */
export class WordIndex implements WordSearch {
  private constructor(
    private readonly files: readonly string[],
    private readonly batches: readonly Batch[],
    /** Bytes of text held. */
    readonly bytes: number,
  ) {}

  /** The index of `paths` in `rev`; null when their text is over `maxBytes` (searches then go to git grep). */
  static async build(git: Git, rev: string, paths: readonly string[], maxBytes: number): Promise<WordIndex | null> {
    const files: string[] = [];
    const batches: Batch[] = [];
    let bytes = 0;
    const read = (start: number): Promise<(Buffer | null)[]> => {
      const specs = paths.slice(start, start + BLOBS_PER_READ).map((f) => `${rev}:${f}`);
      return git.readBlobs(specs).then((blobs) => specs.map((s) => blobs.get(s) ?? null));
    };
    let next = read(0);
    for (let start = 0; start < paths.length; start += BLOBS_PER_READ) {
      const blobs = await next;
      if (start + BLOBS_PER_READ < paths.length) next = read(start + BLOBS_PER_READ);
      const parts: string[] = [];
      const starts: number[] = [];
      let offset = 0;
      blobs.forEach((blob, i) => {
        if (blob === null || isBinary(blob)) return;
        starts.push(offset);
        parts.push(blob.toString('latin1'), SEPARATOR);
        offset += blob.length + SEPARATOR.length;
        files.push(paths[start + i] as string);
      });
      if (starts.length === 0) continue;
      batches.push({ text: parts.join(''), first: files.length - starts.length, starts: Int32Array.from(starts) });
      bytes += offset;
      if (bytes > maxBytes) return null;
    }
    return new WordIndex(files, batches, bytes);
  }

  /** True when the index can answer for `name` (an ASCII identifier); other names need git grep. */
  static indexable(name: string): boolean {
    return INDEXABLE.test(name);
  }

  /** Paths of the files containing any of `words` (indexable names) as a whole word, in the order they were read. */
  filesWithAny(words: readonly string[]): string[] {
    const names = words.filter((w) => INDEXABLE.test(w)); // plain identifiers: nothing to escape
    if (names.length === 0) return [];
    // One scan per batch for all the words; `\b` is exactly git grep's ASCII word boundary.
    const pattern = new RegExp(`\\b(?:${names.join('|')})\\b`, 'g');
    const found: string[] = [];
    for (const batch of this.batches) {
      pattern.lastIndex = 0;
      for (let hit = pattern.exec(batch.text); hit !== null; hit = pattern.exec(batch.text)) {
        const file = fileAt(batch.starts, hit.index);
        found.push(this.files[batch.first + file] as string);
        pattern.lastIndex = batch.starts[file + 1] ?? batch.text.length; // one hit per file is enough
      }
    }
    return found;
  }
}

/** The position in `starts` of the file holding offset `at` (binary search). */
function fileAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
