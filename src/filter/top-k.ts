import type { Finding } from '../types.js';
import { bySeverity, type Sifted } from './sifted.js';

/** Sorts by severity and keeps the first k; the rest are labelled with the stage `top-k`. */
export function keepTopK(findings: readonly Finding[], k: number, scope: string): Sifted {
  const sorted = [...findings].sort(bySeverity);
  return {
    kept: sorted.slice(0, k),
    dropped: sorted.slice(k).map((finding, i) => ({
      finding,
      stage: 'top-k' as const,
      reason: `ranked ${k + i + 1} by severity ${scope}; only the top ${k} are kept`,
    })),
  };
}
