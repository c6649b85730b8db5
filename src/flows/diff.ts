import { readDiff } from '../diff/index.js';
import { Git } from '../git/git.js';
import type { Diff } from '../types.js';
import type { Change } from './engine-input.js';

/** `keybug diff`: the change as the review sees it (GitHub's three-dot diff), with both sides' line numbers and the lines a comment may sit on. */
export async function diffOf(
  change: Pick<Change, 'repoDir' | 'base' | 'head' | 'requireChange'>,
  log: (message: string) => void,
): Promise<Diff> {
  const git = await Git.open(change.repoDir);
  try {
    return await readDiff(git, change.base, change.head, { log, requireChange: change.requireChange === true });
  } finally {
    git.close();
  }
}
