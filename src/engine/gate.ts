import { SEVERITY_FLOOR, severityLevel } from '../config/settings.js';
import type { Settings } from '../config/settings.js';
import { sanitizePlain } from '../output/sanitize.js';
import { settingHint, type Shell } from '../config/syntax.js';
import type { Finding, ReviewResult } from '../types.js';

/** The merge gate's verdict. */
export interface GateVerdict {
  failed: boolean;
  /** Findings at or above `fail-on`. */
  blocking: Finding[];
  /** One line per reason the gate failed, for the step's failure message. */
  reasons: string[];
}

/** Applies `fail-on` and `fail-on-incomplete`: an unfinished review is never a clean pass. Hints name settings as `shell` takes them. */
export function evaluateGate(result: Pick<ReviewResult, 'findings' | 'status' | 'incompleteReasons'>, settings: Pick<Settings, 'failOn' | 'failOnIncomplete'>, shell: Shell = 'action'): GateVerdict {
  const floor = settings.failOn === 'none' ? Infinity : SEVERITY_FLOOR[settings.failOn];
  const blocking = result.findings.filter((f) => f.scores.severity >= floor);
  const reasons: string[] = [];
  if (blocking.length > 0) {
    reasons.push(`${blocking.length} finding(s) at or above '${settings.failOn}':`);
    for (const f of blocking) reasons.push(`  - [${severityLevel(f.scores.severity)}] ${sanitizePlain(f.path, 500)}:${f.line} ${sanitizePlain(f.title.replace(/\s+/g, ' '), 300)}`);
  }
  if (result.status === 'incomplete' && settings.failOnIncomplete) {
    reasons.push(`The review is incomplete: ${sanitizePlain(result.incompleteReasons.join('; '), 4_000) || 'see the report'} (set ${settingHint(shell, 'fail-on-incomplete', 'false')} to let it pass).`);
  }
  return { failed: reasons.length > 0, blocking, reasons };
}

/**
 * When no model call got a usable answer and some failed (HTTP errors, resets, refused connections)
 * or answered in no form keybug can read, the endpoint or the model is unfit for the review: a
 * failure of the run (exit 4), not a verdict of the gate. One line naming the model and the first
 * cause (which names the endpoint); null otherwise.
 */
export function modelOutage(result: Pick<ReviewResult, 'calls'>, settings: Pick<Settings, 'model'>, shell: Shell): string | null {
  if (result.calls.some((c) => c.outcome === 'ok')) return null;
  const failed = result.calls.filter((c) => c.outcome === 'error');
  const unreadable = result.calls.filter((c) => c.outcome === 'invalid-output');
  const [firstFailed] = failed;
  const [firstUnreadable] = unreadable;
  const model = (firstFailed ?? firstUnreadable)?.model || settings.model;
  if (firstUnreadable !== undefined) {
    const also = firstFailed !== undefined ? ` (and the endpoint failed ${failed.length} other call(s): ${firstFailed.error ?? 'no answer'})` : '';
    return `The model answered none of ${failed.length + unreadable.length} model call(s) in a form keybug can read (model ${model}): ${firstUnreadable.error ?? 'invalid output'}${also}. Check ${settingHint(shell, 'model')}: it must answer with JSON (structured output, a JSON mode, or a JSON object in its text).`;
  }
  if (firstFailed === undefined) return null;
  return `The model endpoint failed all ${failed.length} model call(s) (model ${model}): ${firstFailed.error ?? 'no answer'}. Check ${settingHint(shell, 'base-url')}, ${settingHint(shell, 'model')} and ${settingHint(shell, 'api-key')}.`;
}
