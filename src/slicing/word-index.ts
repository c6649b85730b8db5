import type { Git } from '../git/git.js';

/** Blobs read per request while loading, so git inflates the next batch while this one is copied. */
const BLOBS_PER_READ = 64;

/** git grep's binary test (`-I`): a NUL in the first 8000 bytes. */
function isBinary(blob: Buffer): boolean {
  return blob.subarray(0, 8000).includes(0);
}

/** Names the index can answer for: identifiers made of word bytes only. */
const INDEXABLE = /^[A-Za-z_]\w*$/;

/** Put between files, so no word runs from one file into the next. */
const SEPARATOR = Buffer.from('\n');

/**
 * Which files of one revision contain each identifier as a whole word — the answer `git grep -l
 * -w -F -I` gives. The revision's text files are read once through the persistent `git cat-file`
 * into one Latin-1 string; each search is then one regular-expression scan of it for all its
 * words, which costs milliseconds where a `git grep` process costs a pass over every object. Built only when a run first needs a repository-wide search, so a change
 * that needs none pays nothing.
 */
export class WordIndex {
  private constructor(
    private readonly files: readonly string[],
    /** Every text file's bytes as Latin-1 (one character per byte), each followed by SEPARATOR. */
    private readonly text: string,
    /** `files[i]` is `text[starts[i], starts[i + 1])`; ascending, one more entry than files. */
    private readonly starts: Int32Array,
  ) {}

  static async build(git: Git, rev: string, paths: readonly string[]): Promise<WordIndex> {
    const chunks: Buffer[] = [];
    const files: string[] = [];
    const starts: number[] = [];
    let size = 0;
    const read = (start: number): Promise<(Buffer | null)[]> => {
      const specs = paths.slice(start, start + BLOBS_PER_READ).map((f) => `${rev}:${f}`);
      return git.readBlobs(specs).then((blobs) => specs.map((s) => blobs.get(s) ?? null));
    };
    let next = read(0);
    for (let start = 0; start < paths.length; start += BLOBS_PER_READ) {
      const blobs = await next;
      if (start + BLOBS_PER_READ < paths.length) next = read(start + BLOBS_PER_READ);
      blobs.forEach((blob, i) => {
        if (blob === null || isBinary(blob)) return;
        files.push(paths[start + i] as string);
        starts.push(size);
        chunks.push(blob, SEPARATOR);
        size += blob.length + SEPARATOR.length;
      });
    }
    starts.push(size);
    return new WordIndex(files, Buffer.concat(chunks, size).toString('latin1'), Int32Array.from(starts));
  }

  /** True when the index can answer for `name` (an ASCII identifier); other names need git grep. */
  static indexable(name: string): boolean {
    return INDEXABLE.test(name);
  }

  /** Paths of the files containing any of `words` (indexable names) as a whole word, in the order they were read. */
  filesWithAny(words: readonly string[]): string[] {
    const names = words.filter((w) => INDEXABLE.test(w)); // plain identifiers: nothing to escape
    if (names.length === 0) return [];
    // One scan for all the words; `\b` is exactly git grep's ASCII word boundary.
    const pattern = new RegExp(`\\b(?:${names.join('|')})\\b`, 'g');
    const ids: number[] = [];
    for (let hit = pattern.exec(this.text); hit !== null; hit = pattern.exec(this.text)) {
      const file = this.fileAt(hit.index);
      ids.push(file);
      pattern.lastIndex = this.starts[file + 1] as number; // one hit per file is enough
    }
    return ids.map((id) => this.files[id] as string);
  }

  /** The file whose bytes hold offset `at` (binary search over `starts`). */
  private fileAt(at: number): number {
    let lo = 0;
    let hi = this.files.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
