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

/** A small-integer hash (kept within V8's small integers, so map keys cost no allocation). */
function hashStep(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) & 0x3fffffff;
}

/** A growable list of 32-bit integers (postings stay off the JS heap: a run's index is garbage after it). */
class IntList {
  data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** Distinct words with ids, found by hash; words with the same hash are chained. */
class Vocabulary {
  readonly words: string[] = [];
  private readonly firstByHash = new Map<number, number>();
  private readonly nextSameHash = new IntList();

  /** The id of the word `blob[start, end)`, added when new. */
  idOf(blob: Buffer, start: number, end: number, hash: number): number {
    const first = this.firstByHash.get(hash) ?? -1;
    for (let id = first; id >= 0; id = this.nextSameHash.data[id] as number) if (sameWord(this.words[id] as string, blob, start, end)) return id;
    const id = this.words.length;
    this.words.push(blob.toString('latin1', start, end));
    this.nextSameHash.push(first);
    this.firstByHash.set(hash, id);
    return id;
  }

  /** The id of a word, or -1. */
  find(word: string): number {
    let hash = 0;
    for (let i = 0; i < word.length; i++) hash = hashStep(hash, word.charCodeAt(i));
    for (let id = this.firstByHash.get(hash) ?? -1; id >= 0; id = this.nextSameHash.data[id] as number) if (this.words[id] === word) return id;
    return -1;
  }
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
    private readonly vocabulary: Vocabulary,
    /** The ids of the files holding word `w` are `postings[offsets[w] .. offsets[w + 1])`, ascending. */
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
  ) {}

  static async build(git: Git, rev: string, files: readonly string[]): Promise<WordIndex> {
    const vocabulary = new Vocabulary();
    const pairs = { words: new IntList(), files: new IntList(), lastFile: new IntList() };
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
        if (blob && !isBinary(blob)) addWords(vocabulary, pairs, blob, start + i);
      });
    }
    // (word, file) pairs came in file order; grouping them by word keeps each group ascending.
    const offsets = new Int32Array(vocabulary.words.length + 1);
    for (let p = 0; p < pairs.words.length; p++) (offsets[(pairs.words.data[p] as number) + 1] as number)++;
    for (let w = 0; w < vocabulary.words.length; w++) offsets[w + 1] = (offsets[w + 1] as number) + (offsets[w] as number);
    const postings = new Int32Array(pairs.words.length);
    const fill = offsets.slice(0, -1);
    for (let p = 0; p < pairs.words.length; p++) postings[(fill[pairs.words.data[p] as number] as number)++] = pairs.files.data[p] as number;
    return new WordIndex(files, vocabulary, offsets, postings);
  }

  /** True when the index can answer for `name` (an ASCII identifier); other names need git grep. */
  static indexable(name: string): boolean {
    return INDEXABLE.test(name);
  }

  /** Paths of the files containing any of `words` (indexable names) as a whole word, in the order they were indexed. */
  filesWithAny(words: readonly string[]): string[] {
    const ids = new Set<number>();
    for (const word of words) {
      const w = this.vocabulary.find(word);
      if (w >= 0) for (let p = this.offsets[w] as number; p < (this.offsets[w + 1] as number); p++) ids.add(this.postings[p] as number);
    }
    return [...ids].sort((a, b) => a - b).map((id) => this.files[id] as string);
  }
}

/**
 * Adds the words of one file, scanning bytes: no string is made for a word already seen, which is
 * what keeps a pass over a large repository short (a regex and a string-keyed map cost ~10x).
 */
function addWords(vocabulary: Vocabulary, pairs: { words: IntList; files: IntList; lastFile: IntList }, blob: Buffer, file: number): void {
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
    const word = vocabulary.idOf(blob, start, i, hash);
    if (word === pairs.lastFile.length) pairs.lastFile.push(-1); // a new word
    if (pairs.lastFile.data[word] === file) continue;
    pairs.lastFile.data[word] = file;
    pairs.words.push(word);
    pairs.files.push(file);
  }
}

function sameWord(word: string, blob: Buffer, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== blob[start + i]) return false;
  return true;
}
