import { SEVERITY_FLOOR } from '../config/settings.js';
import type { Rule } from '../config/file.js';
import type { Finding, SeverityLevel } from '../types.js';

/**
 * Repository rules on findings. A reviewer names the rule a finding violates; keybug accepts only
 * a rule the slice's guidance offered (never a name the model made up), and the rule's severity
 * decides the finding's severity level, so it counts for `fail-on` as the repository said.
 */

/** The rule a reviewer named, among those offered to the slice (case-insensitive); null for none or an unknown name. */
export function matchRule(name: string | undefined, offered: readonly Rule[]): Rule | null {
  const wanted = (name ?? '').trim().toLowerCase();
  if (wanted === '') return null;
  return offered.find((r) => r.name.toLowerCase() === wanted) ?? null;
}

const CEILING: Record<SeverityLevel, number> = {
  low: SEVERITY_FLOOR.medium - 1,
  medium: SEVERITY_FLOOR.high - 1,
  high: SEVERITY_FLOOR.critical - 1,
  critical: 7,
};

/**
 * The finding with its severity score moved into its rule's level (the model's nuance within the
 * level is kept): a `high` rule gives 5 or 6, whatever the model scored. Every stage that rescores
 * a finding calls this again. Findings without a rule are returned as they are.
 */
export function withRuleSeverity(finding: Finding): Finding {
  if (finding.rule === undefined) return finding;
  const { severity } = finding.rule;
  const score = Math.min(CEILING[severity], Math.max(SEVERITY_FLOOR[severity], finding.scores.severity));
  return score === finding.scores.severity ? finding : { ...finding, scores: { ...finding.scores, severity: score } };
}
