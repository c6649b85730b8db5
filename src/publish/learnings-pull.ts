import { LEARNINGS_FILE, withLearning, type NewLearning } from '../config/learnings.js';
import type { GitHubApi, PlainTextBody, PullSummary, RepoRef } from './github.js';

/**
 * The one pull request that proposes learnings: from the branch `keybug/learnings` into the
 * default branch, adding entries to .github/keybug-learnings.yml through GitHub's git data and
 * contents API. keybug never writes to the default branch: what it learns reaches the reviewers only
 * once someone merges the pull request, and can be edited or reverted like any change.
 */

export const LEARNINGS_BRANCH = 'keybug/learnings';

export type Proposal =
  /** The entry was added; `opened`: the pull request is new; `plainText`: its description, when it went as plain text. */
  | { kind: 'added'; pull: PullSummary; opened: boolean; plainText: PlainTextBody[] }
  /** The same entry is already in the file (of the open pull request, or of the default branch). */
  | { kind: 'already'; pull: PullSummary | null };

type LearningsApi = Pick<
  GitHubApi,
  'defaultBranch' | 'branchHead' | 'createBranch' | 'moveBranch' | 'readFile' | 'writeFile' | 'openPullFrom' | 'createPull'
>;

/**
 * Adds `entry` to the learnings pull request, opening it when none is open. A branch left from a
 * closed or merged pull request starts again from the default branch, so nothing rejected or
 * already merged is proposed again. `description` is the new pull request's body (keybug's text).
 */
export async function proposeLearning(
  api: LearningsApi,
  repo: RepoRef,
  entry: NewLearning,
  message: string,
  description: string,
  built: { links: string[] },
): Promise<Proposal> {
  const base = await api.defaultBranch(repo);
  const [open, baseSha, branchSha] = await Promise.all([
    api.openPullFrom(repo, LEARNINGS_BRANCH),
    api.branchHead(repo, base),
    api.branchHead(repo, LEARNINGS_BRANCH),
  ]);
  if (baseSha === null)
    throw new Error(`the default branch ${base} of ${repo.owner}/${repo.repo} has no commit to start ${LEARNINGS_BRANCH} from`);
  if (branchSha === null) await api.createBranch(repo, LEARNINGS_BRANCH, baseSha);
  else if (open === null && branchSha !== baseSha) await api.moveBranch(repo, LEARNINGS_BRANCH, baseSha);
  const file = await api.readFile(repo, LEARNINGS_FILE, LEARNINGS_BRANCH);
  const { text, added } = withLearning(file?.text ?? null, entry);
  if (!added) return { kind: 'already', pull: open };
  await api.writeFile(repo, { path: LEARNINGS_FILE, branch: LEARNINGS_BRANCH, message, text, sha: file?.sha ?? null });
  if (open !== null) return { kind: 'added', pull: open, opened: false, plainText: [] };
  const { plainText, ...pull } = await api.createPull(
    repo,
    { title: 'keybug: learnings from code review', body: description, head: LEARNINGS_BRANCH, base },
    built,
  );
  return { kind: 'added', pull, opened: true, plainText };
}
