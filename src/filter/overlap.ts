import type { Finding } from '../types.js';
import { bySeverity, type Sifted } from './sifted.js';

/**
 * Merges the same issue found on overlapping slices: the same file, side and category with
 * overlapping line ranges. The most severe one stays and absorbs the others' ids and votes.
 * Findings of one slice are left to the meta-reviewer, which compares their meaning.
 */
export function mergeAcrossSlices(findings: readonly Finding[]): Sifted {
  const out: Sifted = { kept: [], dropped: [] };
  for (const finding of [...findings].sort(bySeverity)) {
    const same = out.kept.find(
      (k) => k.sliceId !== finding.sliceId && k.path === finding.path && k.side === finding.side && k.category === finding.category && k.startLine <= finding.line && finding.startLine <= k.line,
    );
    if (same === undefined) {
      out.kept.push({ ...finding, mergedFrom: [...finding.mergedFrom] }); // a copy: merging below mutates it
      continue;
    }
    same.mergedFrom = [...same.mergedFrom, finding.id, ...finding.mergedFrom];
    same.reviewerVotes = Math.max(same.reviewerVotes, finding.reviewerVotes);
    out.dropped.push({ finding, stage: 'meta-reviewer', reason: `merged into ${same.id}: the same ${finding.category} issue at ${finding.path}:${finding.line} found on overlapping slice ${same.sliceId}` });
  }
  return out;
}
