import type { Git } from '../git/git.js';

/** Blobs read per request while indexing, so only a batch of file contents is held at a time. */
const BLOBS_PER_READ = 64;

/** git grep's binary test (`-I`): a NUL in the first 8000 bytes. */
function isBinary(blob: Buffer): boolean {
  return blob.subarray(0, 8000).includes(0);
}

/** Words the way `git grep -w` sees them under LC_ALL=C: runs of ASCII letters, digits and `_`. */
const WORD = /\w+/g;

/**
 * Which files of one revision contain each identifier as a whole word — the answer `git grep -l
 * -w -F -I` gives — from one pass over the files: each blob is read once through the persistent
 * `git cat-file` and tokenized once, then every search is a few map look-ups. Built only when a
 * run first needs a repository-wide search, so a change that needs none pays nothing.
 */
export class WordIndex {
  private constructor(
    private readonly files: readonly string[],
    /** Identifier → ids (indexes into `files`) of the files containing it, ascending. */
    private readonly postings: ReadonlyMap<string, readonly number[]>,
  ) {}

  static async build(git: Git, rev: string, files: readonly string[]): Promise<WordIndex> {
    const postings = new Map<string, number[]>();
    for (let start = 0; start < files.length; start += BLOBS_PER_READ) {
      const batch = files.slice(start, start + BLOBS_PER_READ);
      const blobs = await git.readBlobs(batch.map((f) => `${rev}:${f}`));
      batch.forEach((file, i) => {
        const blob = blobs.get(`${rev}:${file}`);
        if (blob && !isBinary(blob)) addWords(postings, blob.toString('latin1'), start + i);
      });
    }
    return new WordIndex(files, postings);
  }

  /** Paths of the files containing any of `words` as a whole word, in the order they were indexed. */
  filesWithAny(words: readonly string[]): string[] {
    const ids = new Set<number>();
    for (const word of words) for (const id of this.postings.get(word) ?? []) ids.add(id);
    return [...ids].sort((a, b) => a - b).map((id) => this.files[id] as string);
  }
}

function addWords(postings: Map<string, number[]>, text: string, id: number): void {
  for (const [word] of text.matchAll(WORD)) {
    const first = word.charCodeAt(0);
    if (first >= 0x30 && first <= 0x39) continue; // a number, never a name
    const ids = postings.get(word);
    // A copy: a substring would keep the whole file's text alive as long as the index.
    if (ids === undefined) postings.set(Buffer.from(word, 'latin1').toString('latin1'), [id]);
    else if (ids[ids.length - 1] !== id) ids.push(id); // files are indexed in id order
  }
}
