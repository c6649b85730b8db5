import { prepare } from '../engine/run.js';
import type { SliceResult } from '../slicing/index.js';
import { configureRun, engineInput, type Change, type RunSettings } from './engine-input.js';

/**
 * `keybug slice`: the slices a review of the change would send, with no model: the same settings,
 * diff, file selection and slicing the review runs. The slices' file coverage is every changed
 * file's, as the review would report it.
 */
export async function slicesOf(run: RunSettings, change: Change): Promise<{ slicing: SliceResult; incompleteReasons: string[] }> {
  const configured = await configureRun(run, change);
  const prepared = await prepare(engineInput(run, change, configured, 'slices'));
  prepared.git.close();
  return { slicing: { ...prepared.slicing, stats: { ...prepared.slicing.stats, files: prepared.files } }, incompleteReasons: prepared.incompleteReasons };
}
