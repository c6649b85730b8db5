import type { Finding } from '../types.js';
import { bySeverity, type Sifted } from './sifted.js';

/**
 * Merges the same issue found on overlapping slices: the same file and side with overlapping line
 * ranges, whatever category each slice's reviewers gave it. The most severe one stays and absorbs
 * the others' ids and votes, at most one finding from each other slice (that slice's meta-reviewer
 * already kept its findings apart as different issues). Findings of one slice are left to the
 * meta-reviewer, which compares their meaning.
 */
export function mergeAcrossSlices(findings: readonly Finding[]): Sifted {
  const out: Sifted = { kept: [], dropped: [] };
  /** The slices each kept finding holds a finding of (its own included). */
  const slicesOf = new Map<Finding, Set<string>>();
  for (const finding of [...findings].sort(bySeverity)) {
    const same = out.kept.find(
      (k) =>
        !slicesOf.get(k)?.has(finding.sliceId) &&
        k.path === finding.path &&
        k.side === finding.side &&
        k.startLine <= finding.line &&
        finding.startLine <= k.line,
    );
    if (same === undefined) {
      const copy = { ...finding, mergedFrom: [...finding.mergedFrom] }; // a copy: merging below mutates it
      out.kept.push(copy);
      slicesOf.set(copy, new Set([finding.sliceId]));
      continue;
    }
    same.mergedFrom = [...same.mergedFrom, finding.id, ...finding.mergedFrom];
    same.reviewerVotes = Math.max(same.reviewerVotes, finding.reviewerVotes);
    slicesOf.get(same)?.add(finding.sliceId);
    const labelled =
      finding.category === same.category
        ? `the same ${finding.category} issue`
        : `the same issue (labelled ${finding.category} there, ${same.category} here)`;
    out.dropped.push({
      finding,
      stage: 'meta-reviewer',
      reason: `merged into ${same.id}: ${labelled} at ${finding.path}:${finding.line} found on overlapping slice ${same.sliceId}`,
    });
  }
  return out;
}
