/**
 * The commits that fixed bugs: those whose message matches a pattern (the default below, or
 * --fix-pattern), or a list of SHAs given in a file (exported from an issue tracker, say).
 */
import { readFileSync } from 'node:fs';
import type { CommitInfo, Git } from '../../git/git.js';

/**
 * Words of a fix's message, as SZZ studies match them: fix, fixes, fixed, fixing, bug, bugfix, hotfix,
 * defect, fault, crash, regression — whole words, any case. A revert is not a fix by default: it
 * undoes a change for any reason, and its lines would lead back to the commit it reverts.
 */
export const DEFAULT_FIX_PATTERN = '\\b(fix(e[sd]|ing)?|bug(s|fix)?|hotfix|defects?|faults?|crash(es|ed)?|regressions?)\\b';

/** A fix commit: one parent (merges are left out), its message and its date. */
export type FixCommit = CommitInfo & { parent: string };

/** The fix pattern as a case-insensitive regular expression; a bad one is a usage error the caller names. */
export function fixPattern(source: string | undefined): RegExp {
  return new RegExp(source ?? DEFAULT_FIX_PATTERN, 'i');
}

export interface FindFixesOptions {
  rev: string;
  since?: string;
  until?: string;
  pattern: RegExp;
  /** With the default pattern a revert is not a fix; a pattern of the user's decides alone. */
  skipReverts: boolean;
  /** At most this many fixes, the newest first (all when undefined). */
  max?: number;
}

/** A commit's message as the pattern reads it: without trailers that say there is no bug (`Bug: none`). */
function messageOf(c: CommitInfo): string {
  return `${c.subject}\n${c.body}`.replace(/^\s*bugs?\s*[:=]\s*(none|n\/a|-)?\s*$/gim, '');
}

/** Fix commits by message, newest first, merges left out. */
export async function findFixes(git: Git, options: FindFixesOptions): Promise<FixCommit[]> {
  const commits = await git.commits([options.rev], { noMerges: true, since: options.since, until: options.until });
  const fixes: FixCommit[] = [];
  for (const c of commits) {
    if (options.max !== undefined && fixes.length >= options.max) break;
    if (c.parents.length !== 1) continue;
    if (options.skipReverts && /^revert\b/i.test(c.subject)) continue;
    if (options.pattern.test(messageOf(c))) fixes.push({ ...c, parent: c.parents[0] as string });
  }
  return fixes;
}

/** A fix list names something that is not a usable fix commit. */
export class FixListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FixListError';
  }
}

/**
 * The SHAs of a fix list: one commit a line (its first word; `#` starts a comment). Every one must
 * be a commit of the repository with one parent: a list with a wrong SHA stops before any work.
 */
export async function readFixList(git: Git, file: string, max?: number): Promise<FixCommit[]> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FixListError(
      `cannot read the fix list ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const names = [
    ...new Set(
      text
        .split('\n')
        .map((l) => l.replace(/#.*/, '').trim().split(/\s+/)[0] ?? '')
        .filter((w) => w !== ''),
    ),
  ];
  if (names.length === 0) throw new FixListError(`${file} names no commit (one SHA a line).`);
  const resolved: string[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const sha = await git.resolveCommit(name);
    if (sha === null) missing.push(name);
    else resolved.push(sha);
  }
  if (missing.length > 0)
    throw new FixListError(
      `${file}: ${missing.length} of ${names.length} name no commit of the repository: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}.`,
    );
  const commits = await git.commits(resolved, { noWalk: true });
  const merges = commits.filter((c) => c.parents.length !== 1);
  if (merges.length > 0) {
    throw new FixListError(
      `${file}: ${merges.map((c) => c.sha.slice(0, 12)).join(', ')} ${merges.length === 1 ? 'is a merge or a root commit' : 'are merges or root commits'}: a fix must have one parent (name the commit that made the change).`,
    );
  }
  const fixes = commits.map((c): FixCommit => ({ ...c, parent: c.parents[0] as string }));
  return max === undefined ? fixes : fixes.slice(0, max);
}
