import type { FileCoverage } from '../types.js';

/** "12 changed files: 8 with context, 2 from the diff only, 1 skipped, 1 not reviewed" — the counts add up to the files. */
export function coverageCounts(files: readonly FileCoverage[]): string {
  const count = (c: FileCoverage['coverage']): number => files.filter((f) => f.coverage === c).length;
  const parts = [`${count('context')} with context`, `${count('diff')} from the diff only`, `${count('skipped')} skipped`, `${count('unreviewed')} not reviewed`];
  return `${files.length} changed file${files.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
