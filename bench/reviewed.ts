// The files of a commit that a review with the default settings slices: the engine's own file
// selection (the base revision's .gitattributes, generated and vendored paths, generator notices,
// documentation), without the max-files cut unless one is given (a large commit is measured whole;
// `--max-files 100` slices what the action with its default settings would).
import { parseSettings } from '../src/config/inputs.js';
import { Attributes, selectChangedFiles } from '../src/diff/index.js';
import type { Git } from '../src/git/git.js';
import type { Diff, DiffFile } from '../src/types.js';

export async function reviewedFiles(git: Git, diff: Diff, maxFiles = Number.POSITIVE_INFINITY): Promise<DiffFile[]> {
  const settings = parseSettings(() => undefined);
  const attributes = await Attributes.read(git, diff.baseSha, await git.listFiles(diff.baseSha));
  const selection = await selectChangedFiles(git, diff.baseSha, diff.headSha, diff.files, { ...settings, maxFiles }, attributes);
  return selection.files;
}
