import type { Git, TreeEntry } from '../git/git.js';
import type { Diff } from '../types.js';
import { isParsablePath } from './packs.js';
import { WordIndex, type IndexEntry, type WordSearch } from './word-index.js';

// What a revision's word index is built from, and the base of a change seen through its head's
// index: apart from word-index.ts, which the word index's thread bundles (see index-thread.ts),
// because they ask the language packs which files are parsable.

/** The parsable files of a revision's tree, to be read by blob id (so that an index of another revision can lend the unchanged ones). */
export function entriesOf(tree: readonly TreeEntry[]): IndexEntry[] {
  return tree.filter((e) => e.type === 'blob' && isParsablePath(e.path)).map((e) => ({ path: e.path, object: e.id, blob: e.id }));
}

/** The parsable files of a revision (see entriesOf). */
export async function revisionEntries(git: Git, rev: string): Promise<IndexEntry[]> {
  return entriesOf(await git.listTree(rev));
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
    const before = diff.files
      .filter((f) => f.status !== 'added')
      .map((f) => f.oldPath ?? f.path)
      .filter(isParsablePath);
    return new OverlaidIndex(
      head,
      replaced,
      await WordIndex.build(
        git,
        before.map((path) => ({ path, object: `${diff.baseSha}:${path}`, blob: null })),
      ),
    );
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
