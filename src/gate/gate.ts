import { SEVERITY_FLOOR, severityLevel } from '../config/settings.js';
import type { Settings } from '../config/settings.js';
import { sanitizePlain } from '../safety/sanitize.js';
import { plainName, type NameSetting } from '../config/naming.js';
import type { Finding, ReviewResult } from '../types.js';

/** The merge gate's verdict. */
export interface GateVerdict {
  failed: boolean;
  /** Findings at or above `fail-on`. */
  blocking: Finding[];
  /** One line per reason the gate failed, for the step's failure message. */
  reasons: string[];
}

/** Applies `fail-on` and `fail-on-incomplete`: an unfinished review is never a clean pass. Hints name settings as `name` does. */
export function evaluateGate(
  result: Pick<ReviewResult, 'findings' | 'status' | 'incompleteReasons'>,
  settings: Pick<Settings, 'failOn' | 'failOnIncomplete'>,
  name: NameSetting = plainName,
): GateVerdict {
  const floor = settings.failOn === 'none' ? Infinity : SEVERITY_FLOOR[settings.failOn];
  const blocking = result.findings.filter((f) => f.scores.severity >= floor);
  const reasons: string[] = [];
  if (blocking.length > 0) {
    reasons.push(`${blocking.length} finding(s) at or above '${settings.failOn}':`);
    for (const f of blocking)
      reasons.push(
        `  - [${severityLevel(f.scores.severity)}] ${sanitizePlain(f.path, 500)}:${f.line} ${sanitizePlain(f.title.replace(/\s+/g, ' '), 300)}`,
      );
  }
  if (result.status === 'incomplete' && settings.failOnIncomplete) {
    reasons.push(
      `The review is incomplete: ${sanitizePlain(result.incompleteReasons.join('; '), 4_000) || 'see the report'} (set ${name('fail-on-incomplete', 'false')} to let it pass).`,
    );
  }
  return { failed: reasons.length > 0, blocking, reasons };
}
