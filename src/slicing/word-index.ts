import type { Git } from '../git/git.js';

/** Blobs read per request while indexing, so only a batch of file contents is held at a time. */
const BLOBS_PER_READ = 64;

/** git grep's binary test (`-I`): a NUL in the first 8000 bytes. */
function isBinary(blob: Buffer): boolean {
  return blob.subarray(0, 8000).includes(0);
}

/** Word bytes the way `git grep -w` sees them under LC_ALL=C: ASCII letters, digits and `_`. */
const WORD_BYTE = new Uint8Array(256);
for (let b = 0; b < 256; b++) WORD_BYTE[b] = /\w/.test(String.fromCharCode(b)) ? 1 : 0;

/** Names the index can answer for: identifiers made of word bytes only. */
const INDEXABLE = /^[A-Za-z_]\w*$/;

/** One distinct word: its text, the ids of the files holding it (ascending), and the next word with the same hash. */
interface Entry {
  word: string;
  ids: number[];
  next: Entry | undefined;
}

/** A small-integer hash (kept within V8's small integers, so map keys cost no allocation). */
function hashStep(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) & 0x3fffffff;
}

/**
 * Which files of one revision contain each identifier as a whole word — the answer `git grep -l
 * -w -F -I` gives — from one pass over the files: each blob is read once through the persistent
 * `git cat-file` and tokenized once, then every search is a few map look-ups. Built only when a
 * run first needs a repository-wide search, so a change that needs none pays nothing.
 */
export class WordIndex {
  private constructor(
    private readonly files: readonly string[],
    /** Word hash → the words with that hash (almost always one). */
    private readonly table: ReadonlyMap<number, Entry>,
  ) {}

  static async build(git: Git, rev: string, files: readonly string[]): Promise<WordIndex> {
    const table = new Map<number, Entry>();
    const read = (start: number): Promise<(Buffer | null)[]> => {
      const specs = files.slice(start, start + BLOBS_PER_READ).map((f) => `${rev}:${f}`);
      return git.readBlobs(specs).then((blobs) => specs.map((s) => blobs.get(s) ?? null));
    };
    // The next batch is requested before this one is tokenized, so git inflates while we scan.
    let next = read(0);
    for (let start = 0; start < files.length; start += BLOBS_PER_READ) {
      const blobs = await next;
      if (start + BLOBS_PER_READ < files.length) next = read(start + BLOBS_PER_READ);
      blobs.forEach((blob, i) => {
        if (blob && !isBinary(blob)) addWords(table, blob, start + i);
      });
    }
    return new WordIndex(files, table);
  }

  /** True when the index can answer for `name` (an ASCII identifier); other names need git grep. */
  static indexable(name: string): boolean {
    return INDEXABLE.test(name);
  }

  /** Paths of the files containing any of `words` (indexable names) as a whole word, in the order they were indexed. */
  filesWithAny(words: readonly string[]): string[] {
    const ids = new Set<number>();
    for (const word of words) for (const id of this.lookup(word)?.ids ?? []) ids.add(id);
    return [...ids].sort((a, b) => a - b).map((id) => this.files[id] as string);
  }

  private lookup(word: string): Entry | undefined {
    let hash = 0;
    for (let i = 0; i < word.length; i++) hash = hashStep(hash, word.charCodeAt(i));
    let entry = this.table.get(hash);
    while (entry !== undefined && entry.word !== word) entry = entry.next;
    return entry;
  }
}

/**
 * Adds the words of one file, scanning bytes: no string is made for a word already seen, which is
 * what keeps a pass over a large repository short (a regex and a string-keyed map cost ~10x).
 */
function addWords(table: Map<number, Entry>, blob: Buffer, id: number): void {
  const n = blob.length;
  let i = 0;
  while (i < n) {
    if (WORD_BYTE[blob[i] as number] === 0) {
      i++;
      continue;
    }
    const start = i;
    let hash = 0;
    for (; i < n && WORD_BYTE[blob[i] as number] === 1; i++) hash = hashStep(hash, blob[i] as number);
    const first = blob[start] as number;
    if (first >= 0x30 && first <= 0x39) continue; // a number, never a name
    let entry = table.get(hash);
    while (entry !== undefined && !sameWord(entry.word, blob, start, i)) entry = entry.next;
    if (entry === undefined) table.set(hash, { word: blob.toString('latin1', start, i), ids: [id], next: table.get(hash) });
    else if (entry.ids[entry.ids.length - 1] !== id) entry.ids.push(id); // files are indexed in id order
  }
}

function sameWord(word: string, blob: Buffer, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== blob[start + i]) return false;
  return true;
}
