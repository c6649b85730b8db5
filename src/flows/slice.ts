import { prepare } from '../engine/run.js';
import type { Slice, SliceStats } from '../types.js';
import { configureRun, engineInput, type Change, type RunSettings } from './engine-input.js';

/**
 * `keybug slice`: the slices a review of the change would send, with no model: the same settings,
 * diff, file selection and slicing the review runs. Each part's slices go to `onSlices` as soon as
 * they are made and are kept nowhere else, so a change of any size holds a part's slices at a time.
 * The stats' file coverage is every changed file's, as the review would report it.
 */
export async function slicesOf(
  run: RunSettings,
  change: Change,
  onSlices: (slices: Slice[]) => void | Promise<void>,
): Promise<{ stats: SliceStats; incompleteReasons: string[] }> {
  const configured = await configureRun(run, change);
  const prepared = await prepare(engineInput(run, change, configured, 'slices'), onSlices);
  prepared.git.close();
  return { stats: { ...prepared.slicing.stats, files: prepared.files }, incompleteReasons: prepared.incompleteReasons };
}
