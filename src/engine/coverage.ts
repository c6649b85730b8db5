import type { Settings } from '../config/settings.js';
import type { DiffFile, Unreviewed } from '../types.js';

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
  if (cut.length > 0) reasons.push(`max-files=${settings.maxFiles}: ${cut.length} more changed file(s) were not reviewed (${named(cut, false)})`);
  // The slicer marks what it missed; binary files, submodules and other languages are out of scope.
  const unsliced = slicerSkipped.filter((s) => s.missed === true);
  if (unsliced.length > 0) reasons.push(`${unsliced.length} changed file(s) could not be sliced and were not reviewed (${named(unsliced, true)})`);
  return reasons;
}
