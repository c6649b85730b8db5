import type { Finding, Stage } from '../types.js';
import type { Sifted } from './sifted.js';

export interface Thresholds {
  /** Drop when substance (Q1) is at or below this. */
  minSubstance: number;
  /** Drop when reality (Q2) is at or below this. */
  minReality: number;
}

/**
 * The paper's score filter (§3.4): a finding whose substance or reality is at or below its
 * threshold is a nitpick or an invented problem. Used by the coarse filter on the reviewers'
 * scores, and again on the meta-reviewer's and the validator's scores with their own thresholds.
 */
export function filterByScores(findings: readonly Finding[], thresholds: Thresholds, stage: Stage, scorer: string): Sifted {
  const out: Sifted = { kept: [], dropped: [] };
  for (const finding of findings) {
    const { substance, reality } = finding.scores;
    const reasons: string[] = [];
    if (substance <= thresholds.minSubstance) reasons.push(`nitpick: ${scorer} scored substance ${substance} ≤ ${thresholds.minSubstance}`);
    if (reality <= thresholds.minReality)
      reasons.push(`not a real problem: ${scorer} scored reality ${reality} ≤ ${thresholds.minReality}`);
    if (reasons.length === 0) out.kept.push(finding);
    else out.dropped.push({ finding, stage, reason: reasons.join('; ') });
  }
  return out;
}
