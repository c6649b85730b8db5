import type { DroppedFinding, Finding } from '../types.js';

/**
 * What every filter returns: it labels each finding with its fate instead of deleting it, so the
 * report can say where and why each candidate left.
 */
export interface Sifted {
  kept: Finding[];
  dropped: DroppedFinding[];
}

/** Most severe first; then more certainly real, more substantive; then by place, for a stable order. */
export function bySeverity(a: Finding, b: Finding): number {
  return (
    b.scores.severity - a.scores.severity ||
    b.scores.reality - a.scores.reality ||
    b.scores.substance - a.scores.substance ||
    a.path.localeCompare(b.path) ||
    a.line - b.line ||
    a.id.localeCompare(b.id)
  );
}
