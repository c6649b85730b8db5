/**
 * Before a mined or imported case is reviewed, its key bugs are checked against keybug's own diff
 * of the change: every key bug line must be an added line of head (what mining and importing
 * promise). A case that fails — a hand-edited file, a clone rewritten since — is rejected with the
 * reason and left out of every metric, rather than scored against lines the change never added.
 * Hand-written cases (no `source`) may mark any head line, as the README's example does.
 */
import { readDiff } from '../diff/index.js';
import { Git } from '../git/git.js';
import { addedLines, keyBugsOutsideAdded } from './added-lines.js';
import type { EvalCase } from './cases.js';

export interface Rejected {
  case: EvalCase;
  reason: string;
}

/**
 * The cases that may be reviewed, and those rejected with why. A case whose clone or revisions
 * cannot be read passes here: the configuration step names that problem, before any model call.
 */
export async function admitCases(cases: readonly EvalCase[]): Promise<{ admitted: EvalCase[]; rejected: Rejected[] }> {
  const admitted: EvalCase[] = [];
  const rejected: Rejected[] = [];
  for (const c of cases) {
    const reason = c.source === undefined ? null : await outsideAdded(c);
    if (reason === null) admitted.push(c);
    else rejected.push({ case: c, reason });
  }
  return { admitted, rejected };
}

async function outsideAdded(c: EvalCase): Promise<string | null> {
  let git: Git;
  try {
    git = await Git.open(c.repo);
  } catch {
    return null;
  }
  try {
    return keyBugsOutsideAdded(c, addedLines(await readDiff(git, c.base, c.head)));
  } catch {
    return null;
  } finally {
    git.close();
  }
}
