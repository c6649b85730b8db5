import type { Git } from '../git/git.js';
import type { Diff } from '../types.js';
import { normalizeCode } from './markers.js';
import type { PostedFinding, PreviousState } from './state.js';

/**
 * Which findings of earlier reviews still stand. A finding keybug posted keeps blocking until its
 * thread is resolved or the code it was about changed — not merely because a later run looked at
 * its file and the model did not say it again. "Changed" is read from the pull request as it is
 * now, by content (so lines that only moved still count):
 *   - a finding placed on a line of the head (RIGHT) stands while some line of its file at the head
 *     holds the same code (whitespace aside); it then sits at the one nearest its old line;
 *   - a finding placed on a deleted line (LEFT) stands while the pull request still deletes that code;
 *   - a finding that named no diff line (listed in a review body) stands until its file changes
 *     after the review that posted it; when that cannot be told, it stands.
 */

/** What can be looked up about the pull request at the head under review. */
export interface CodeProbe {
  /** The lines of `path` at the head under review; null when no file is there. */
  headLines(path: string): Promise<readonly string[] | null>;
  /** The lines the pull request's diff deletes from `path`. */
  deletedLines(path: string): readonly string[];
  /** Whether `path` differs between commit `sha` and the head under review; null when that cannot be told (the commit is gone). */
  fileChanged(sha: string, path: string): Promise<boolean | null>;
}

/** The state with `addressed` set on the open findings whose code changed, and the others moved to where their code now is. */
export async function assessOpenFindings(state: PreviousState, probe: CodeProbe): Promise<PreviousState> {
  const posted = new Map<string, PostedFinding>();
  for (const [fp, finding] of state.posted) posted.set(fp, finding.resolved || finding.dismissed ? finding : await assess(finding, probe));
  return { ...state, posted };
}

async function assess(finding: PostedFinding, probe: CodeProbe): Promise<PostedFinding> {
  if (finding.code === '') {
    const changed = finding.head === null ? null : await probe.fileChanged(finding.head, finding.path);
    return changed === true ? { ...finding, addressed: 'its file changed since it was posted' } : finding;
  }
  if (finding.side === 'LEFT') {
    const still = probe.deletedLines(finding.path).some((l) => normalizeCode(l) === finding.code);
    return still ? finding : { ...finding, addressed: 'the deleted line it was about is no longer deleted' };
  }
  const lines = await probe.headLines(finding.path);
  if (lines === null) return { ...finding, addressed: 'its file is no longer in the pull request under this name' };
  let nearest: number | null = null;
  for (let n = 1; n <= lines.length; n++) {
    if (
      normalizeCode(lines[n - 1]!) === finding.code &&
      (nearest === null || Math.abs(n - finding.line) < Math.abs(nearest - finding.line))
    )
      nearest = n;
  }
  return nearest === null ? { ...finding, addressed: 'the line it was about changed' } : { ...finding, line: nearest };
}

/** A probe that reads the local clone: the head revision's files, and the pull request's diff. */
export function gitProbe(
  git: Git,
  headSha: string,
  diff: Pick<Diff, 'files'>,
): CodeProbe & { cachedLines(path: string): readonly string[] | null } {
  const cache = new Map<string, readonly string[] | null>();
  const lines = async (path: string): Promise<readonly string[] | null> => {
    if (!cache.has(path)) cache.set(path, (await git.readBlob(headSha, path))?.toString('utf8').split('\n') ?? null);
    return cache.get(path) ?? null;
  };
  return {
    headLines: lines,
    cachedLines: (path) => cache.get(path) ?? null,
    deletedLines: (path) =>
      diff.files
        .filter((f) => f.path === path || f.oldPath === path)
        .flatMap((f) => f.hunks.flatMap((h) => h.lines.filter((l) => l.op === '-').map((l) => l.text))),
    fileChanged: async (sha, path) => {
      if ((await git.resolveCommit(sha)) === null) return null;
      const [before, after] = await Promise.all([git.readBlob(sha, path), git.readBlob(headSha, path)]);
      return before === null || after === null ? before !== after : !before.equals(after);
    },
  };
}
