import type { FileCoverage, Skipped, Unreviewed } from '../types.js';
import { sanitizePlain } from '../safety/sanitize.js';
import { maxOf } from '../support/many.js';

/** "12 changed files: 8 with context, 2 from the diff only, 1 skipped, 1 not reviewed" — the counts add up to the files. */
export function coverageCounts(files: readonly FileCoverage[]): string {
  const count = (c: FileCoverage['coverage']): number => files.filter((f) => f.coverage === c).length;
  const parts = [
    `${count('context')} with context`,
    `${count('diff')} from the diff only`,
    `${count('skipped')} skipped`,
    `${count('unreviewed')} not reviewed`,
  ];
  return `${files.length} changed file${files.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/** What a run covered, as the review and its dry run both report it. */
export interface CoverageLists {
  files: readonly FileCoverage[];
  skipped: readonly Skipped[];
  unreviewed: readonly Unreviewed[];
}

/** A path or reason for a terminal: file names and reasons are pull-request data (no control characters), capped. */
const plain = (text: string, max: number): string => sanitizePlain(text, max);

/** A path on one line of a list: the line breaks and tabs a file name may hold shown escaped (`new\nline.c`), as git quotes them. */
const onePath = (path: string): string => path.replace(/[\n\r\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));

/** A not-reviewed entry: the file, with the lines when only part of it was not reviewed. */
export const unreviewedPlace = (u: Unreviewed): string =>
  `${u.path}${u.startLine !== undefined ? `:${u.startLine}${u.endLine !== undefined && u.endLine !== u.startLine ? `-${u.endLine}` : ''}` : ''}`;

/**
 * Every changed file's coverage for a terminal, the same for a review and its dry run: the files
 * reviewed (with context or from the diff), then the files skipped and what was not reviewed, each
 * under its own heading with the reasons.
 */
export function coverageText(coverage: CoverageLists): string[] {
  const reviewed = coverage.files.filter((f) => f.coverage === 'context' || f.coverage === 'diff');
  const out = [`Files (${coverageCounts(coverage.files)}):`];
  const width = Math.min(60, maxOf([0, ...reviewed.map((f) => onePath(f.path).length)]));
  for (const f of reviewed) {
    const how = f.coverage === 'context' ? 'with context' : 'from the diff only';
    out.push(
      `  ${plain(onePath(f.path), 500).padEnd(width)}  ${f.language ?? '-'}, ${how}${f.reason !== undefined ? `: ${plain(f.reason, 2_000)}` : ''}`,
    );
  }
  if (reviewed.length === 0) out.push('  none reviewed');
  if (coverage.skipped.length > 0) {
    out.push(`Skipped (${coverage.skipped.length}):`);
    for (const s of coverage.skipped) out.push(`  - ${plain(onePath(s.path), 500)}: ${plain(s.reason, 2_000)}`);
  }
  if (coverage.unreviewed.length > 0) {
    out.push(`Not reviewed (${coverage.unreviewed.length}):`);
    for (const u of coverage.unreviewed) out.push(`  - ${plain(onePath(unreviewedPlace(u)), 520)}: ${plain(u.reason, 2_000)}`);
  }
  return out;
}

/** The coverage in the JSON report and the dry run's JSON: every file, then the skipped and the not-reviewed apart. */
export function coverageJson(coverage: CoverageLists): { files: object[]; skipped: object[]; unreviewed: object[] } {
  return {
    files: coverage.files.map((f) => ({
      path: f.path,
      language: f.language,
      coverage: f.coverage,
      ...(f.reason !== undefined ? { reason: f.reason } : {}),
    })),
    skipped: coverage.skipped.map((s) => ({ path: s.path, reason: s.reason })),
    unreviewed: coverage.unreviewed.map((u) => ({
      path: u.path,
      reason: u.reason,
      ...(u.startLine !== undefined ? { startLine: u.startLine, endLine: u.endLine } : {}),
    })),
  };
}
