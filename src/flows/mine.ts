/**
 * `keybug eval mine`: the fixes of a repository (by message or from a list), the code lines each
 * changed, traced back to the commits that introduced them (eval/mine/), and a case of each commit
 * read through the engine as its review would read it (case-facts.ts).
 */
import { configure } from '../engine/configure.js';
import { coverageInputs } from '../eval/build-case.js';
import { findFixes, readFixList } from '../eval/mine/fixes.js';
import { casesFromTraced, whyNoLines, type LeftOutCommit, type MineOptions, type MineResult, type TracedFix } from '../eval/mine/index.js';
import { linesFixedBy, traceLines } from '../eval/mine/trace.js';
import { Git } from '../git/git.js';
import { caseBuilder } from './case-facts.js';

/** Traces the fixes and builds the cases. */
export async function mine(options: MineOptions): Promise<MineResult> {
  const log = options.log ?? ((): void => undefined);
  const git = await Git.open(options.repo);
  try {
    const fixes =
      options.fixList !== undefined
        ? await readFixList(git, options.fixList, options.max)
        : await findFixes(git, {
            rev: options.rev,
            since: options.since,
            until: options.until,
            pattern: options.pattern,
            skipReverts: options.skipReverts,
            max: options.max,
          });
    log(`mine: ${fixes.length} fix commit(s) to trace`);
    const explicit = coverageInputs(options.maxFiles);
    // The repository's own include/exclude and skip settings, as of the revision mined.
    const { settings } = await configure({ repoDir: options.repo, base: options.rev, explicit, onInvalidConfig: 'defaults' });
    const traced: TracedFix[] = [];
    const fixesWithoutLines: LeftOutCommit[] = [];
    for (const [i, fix] of fixes.entries()) {
      if ((i + 1) % 25 === 0) log(`mine: traced ${i + 1} of ${fixes.length} fixes`);
      const fixed = await linesFixedBy(git, fix, { settings, includeTests: options.includeTests });
      if (fixed.files.length === 0) fixesWithoutLines.push({ sha: fix.sha, subject: fix.subject, reason: whyNoLines(fixed.leftOut) });
      else traced.push({ fix, lines: await traceLines(git, fix.parent, fixed.files) });
    }
    const built = await casesFromTraced(git, traced, {
      repo: options.repo,
      idPrefix: options.idPrefix,
      kind: 'mined',
      build: caseBuilder(explicit),
      log,
    });
    return { ...built, fixes: fixes.length, fixesTraced: traced.length, fixesWithoutLines };
  } finally {
    git.close();
  }
}
