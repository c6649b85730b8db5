import type { FileCoverage, RunStatus } from '../types.js';

/**
 * The run's status, decided in one place, and the words for it. The text output, the log, the JSON
 * report, the job summary, the review body, the step outputs and, through the gate, the exit code
 * all take it from here, so no two of them can disagree; a dry run gets the status the review
 * would reach with the same settings, in the conditional.
 */
export interface StatusReport {
  status: RunStatus;
  /** Why the run is (or would be) incomplete; empty otherwise. */
  reasons: string[];
  /** "Review complete", "Review INCOMPLETE", "Nothing to review"; a dry run's: "Dry run: the review would end INCOMPLETE" … */
  title: string;
  /** What follows the title: the reasons, or why there was nothing to review; '' when nothing needs saying. */
  detail: string;
  /** Title and detail as one line: "Review INCOMPLETE: 95 changed file(s) over max-files 100 were not reviewed (…)". */
  headline: string;
}

/**
 * Decides the status: incomplete when anything meant to be reviewed was not (a reason, or a file
 * whose coverage is `unreviewed`); nothing to review when no changed file had anything to review;
 * complete otherwise.
 */
export function decideStatus(input: { files: readonly FileCoverage[]; reasons: readonly string[]; dryRun?: boolean }): StatusReport {
  const unreviewed = input.files.filter((f) => f.coverage === 'unreviewed');
  const reasons = [...input.reasons];
  // Every unreviewed file comes with a reason from the stage that left it; should one not, the count says it.
  if (reasons.length === 0 && unreviewed.length > 0)
    reasons.push(
      `${unreviewed.length} changed file(s) were not reviewed (${unreviewed
        .slice(0, 3)
        .map((f) => f.path)
        .join('; ')}${unreviewed.length > 3 ? '; …' : ''})`,
    );
  const status: RunStatus =
    reasons.length > 0
      ? 'incomplete'
      : input.files.some((f) => f.coverage === 'context' || f.coverage === 'diff')
        ? 'complete'
        : 'nothing-to-review';
  return describeStatus(status, reasons, input.dryRun === true);
}

/** The words of a status: those decideStatus gives, or those of a status read back (an earlier review's marker). */
export function describeStatus(status: RunStatus, reasons: readonly string[], dryRun = false): StatusReport {
  const would = dryRun ? 'Dry run: the review would end' : 'Review';
  const words: Record<RunStatus, [string, string]> = {
    complete: [dryRun ? `${would} complete` : 'Review complete', ''],
    incomplete: [`${would} INCOMPLETE`, reasons.join('; ') || 'see the report'],
    'nothing-to-review': [
      dryRun ? 'Dry run: nothing to review' : 'Nothing to review',
      `no changed file has anything a reviewer could check (each is listed with the reason); no model ${dryRun ? 'would be' : 'was'} called`,
    ],
  };
  const [title, detail] = words[status];
  return { status, reasons: [...reasons], title, detail, headline: detail === '' ? title : `${title}: ${detail}` };
}
