import type { Finding } from '../types.js';
import type { Sifted } from './sifted.js';

/**
 * The paper's fine filter (§3.4): with several reviewers, an issue only one of them raised is
 * dropped. `answered` is how many reviewers actually answered on the slice: when only one did
 * (the others failed), agreement cannot be measured and nothing is dropped for lack of it.
 */
export function requireAgreement(findings: readonly Finding[], answered: number): Sifted {
  const needed = Math.min(2, answered);
  const out: Sifted = { kept: [], dropped: [] };
  for (const finding of findings) {
    if (finding.reviewerVotes >= needed) out.kept.push(finding);
    else
      out.dropped.push({
        finding,
        stage: 'meta-reviewer',
        reason: `raised by only ${finding.reviewerVotes} of ${answered} reviewers (require-consensus)`,
      });
  }
  return out;
}
