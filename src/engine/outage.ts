import type { Settings } from '../config/settings.js';
import type { NameSetting } from '../config/naming.js';
import type { ReviewResult } from '../types.js';

/**
 * When no model call got a usable answer and some failed (HTTP errors, resets, refused connections)
 * or answered in no form keybug can read, the endpoint or the model is unfit for the review: a
 * failure of the run (exit 4), not a verdict of the gate. One line naming the model and the first
 * cause (which names the endpoint); null otherwise.
 */
export function modelOutage(result: Pick<ReviewResult, 'calls'>, settings: Pick<Settings, 'model'>, name: NameSetting): string | null {
  if (result.calls.some((c) => c.outcome === 'ok')) return null;
  const failed = result.calls.filter((c) => c.outcome === 'error');
  const unreadable = result.calls.filter((c) => c.outcome === 'invalid-output');
  const [firstFailed] = failed;
  const [firstUnreadable] = unreadable;
  const model = (firstFailed ?? firstUnreadable)?.model || settings.model;
  if (firstUnreadable !== undefined) {
    const also =
      firstFailed !== undefined ? ` (and the endpoint failed ${failed.length} other call(s): ${firstFailed.error ?? 'no answer'})` : '';
    return `The model answered none of ${failed.length + unreadable.length} model call(s) in a form keybug can read (model ${model}): ${firstUnreadable.error ?? 'invalid output'}${also}. Check ${name('model')}: it must answer with JSON (structured output, a JSON mode, or a JSON object in its text).`;
  }
  if (firstFailed === undefined) return null;
  return `The model endpoint failed all ${failed.length} model call(s) (model ${model}): ${firstFailed.error ?? 'no answer'}. Check ${name('base-url')}, ${name('model')} and ${name('api-key')}.`;
}
