import type { Settings } from '../config/settings.js';
import type { DiffFile, FileCoverage, Skipped, Unreviewed } from '../types.js';

/** How many paths a reason names before it says "and N more". */
const NAMED = 3;

function named(items: readonly Unreviewed[], withReason: boolean): string {
  const shown = items.slice(0, NAMED).map((u) => (withReason ? `${u.path}: ${u.reason}` : u.path));
  return items.length > NAMED ? `${shown.join('; ')}; and ${items.length - NAMED} more` : shown.join('; ');
}

/**
 * Why the files left out before any model call make the run incomplete. Files over `max-files`
 * and changed files the slicer could not read were meant to be reviewed and were not. Files the
 * user left out (`include` / `exclude`, `skip-generated`) and files with nothing to review
 * (binary, mode-only, submodules, renames without changes, not C or C++) leave it complete.
 */
export function coverageGaps(overLimit: readonly DiffFile[], slicerSkipped: readonly Unreviewed[], settings: Settings): string[] {
  const reasons: string[] = [];
  const cut = overLimit.map((f) => ({ path: f.path, reason: '' }));
  if (cut.length > 0)
    reasons.push(`${cut.length} changed file(s) over max-files ${settings.maxFiles} were not reviewed (${named(cut, false)})`);
  // The slicer marks what it missed; binary files, submodules and other languages are out of scope.
  const unsliced = slicerSkipped.filter((s) => s.missed === true);
  if (unsliced.length > 0)
    reasons.push(`${unsliced.length} changed file(s) could not be sliced and were not reviewed (${named(unsliced, true)})`);
  return reasons;
}

/**
 * Every changed file's one coverage entry: what the slicer made of the files it was given (context
 * or diff), what selection left out (skipped, or unreviewed when `max-files` cut it), files an
 * incremental run did not review again, and files a slice of which the review stage could not
 * review (unreviewed, with the reason).
 */
export function fileCoverage(input: {
  files: readonly DiffFile[];
  /** Files an incremental run reviews; null: all. */
  onlyPaths: ReadonlySet<string> | null;
  /** The commit an incremental run reviews from, for the reason of the files it leaves alone. */
  incrementalFrom?: string | null;
  selectionLeftOut: readonly Unreviewed[];
  sliced: readonly FileCoverage[];
  reviewLeftOut: readonly Unreviewed[];
  /** Why files that look generated or vendored were reviewed anyway (selection's reviewedAnyway), by path. */
  reviewedAnyway?: readonly { path: string; reason: string }[];
}): FileCoverage[] {
  const anyway = new Map((input.reviewedAnyway ?? []).map((r) => [r.path, r.reason]));
  const sliced = new Map(input.sliced.map((c) => [c.path, c]));
  const leftOut = new Map(input.selectionLeftOut.map((u) => [u.path, u]));
  const failed = new Map<string, string>();
  for (const u of input.reviewLeftOut) if (u.missed === true && !failed.has(u.path)) failed.set(u.path, u.reason);
  return input.files.map((file): FileCoverage => {
    if (input.onlyPaths !== null && !input.onlyPaths.has(file.path)) {
      const since = input.incrementalFrom ? ` ${input.incrementalFrom.slice(0, 7)}` : '';
      return { path: file.path, language: null, coverage: 'skipped', reason: `unchanged since the last complete review${since}` };
    }
    const own = sliced.get(file.path);
    if (own !== undefined) {
      const why = failed.get(file.path);
      const reviewed = own.coverage === 'context' || own.coverage === 'diff';
      if (why !== undefined && reviewed) return { ...own, coverage: 'unreviewed', reason: why };
      const note = anyway.get(file.path);
      return note !== undefined && reviewed ? { ...own, reason: own.reason === undefined ? note : `${own.reason}; ${note}` } : own;
    }
    const out = leftOut.get(file.path);
    return {
      path: file.path,
      language: null,
      coverage: out?.missed === true ? 'unreviewed' : 'skipped',
      reason: out?.reason ?? 'not selected',
    };
  });
}

/**
 * The files a run skipped and what it did not review, each listed once: a skipped file (nothing to
 * review, or left out by the user) under `skipped`; under `unreviewed`, a file meant to be reviewed
 * and not, or the parts of files the review stage could not review (a slice, a finding's lines).
 */
export function coverageLists(
  files: readonly FileCoverage[],
  parts: readonly Unreviewed[],
): { skipped: Skipped[]; unreviewed: Unreviewed[] } {
  const partsOf = new Map<string, Unreviewed[]>();
  for (const u of parts) if (u.startLine !== undefined) partsOf.set(u.path, [...(partsOf.get(u.path) ?? []), u]);
  const skipped: Skipped[] = [];
  const unreviewed: Unreviewed[] = [];
  for (const f of files) {
    if (f.coverage === 'skipped') skipped.push({ path: f.path, reason: f.reason ?? 'not selected' });
    const own = partsOf.get(f.path) ?? [];
    partsOf.delete(f.path);
    if (f.coverage === 'unreviewed' && own.length === 0)
      unreviewed.push({ path: f.path, reason: f.reason ?? 'not reviewed', missed: true });
    unreviewed.push(...own);
  }
  for (const rest of partsOf.values()) unreviewed.push(...rest);
  return { skipped, unreviewed };
}
