import type { DiffLine, Hunk } from '../types.js';
import { maxOf } from '../support/many.js';

/** A line to render in the paper's Table 1 format. */
export interface NumberedLine {
  op: '+' | '-' | ' ';
  old: number | null;
  new: number | null;
  text: string;
}

/** The number shown for a line: head-side for kept and added lines, base-side for deleted ones. */
export function shownNumber(line: NumberedLine): number {
  const n = line.op === '-' ? line.old : line.new;
  if (n === null) throw new Error(`line '${line.text}' (${line.op}) has no line number on its side`);
  return n;
}

/** True when `b` follows `a` directly in the file, on the sides that both lines have. */
function isContiguous(a: NumberedLine, b: NumberedLine): boolean {
  if (a.new !== null && b.new !== null) return b.new === a.new + 1;
  if (a.old !== null && b.old !== null) return b.old === a.old + 1;
  // An added line after a deleted one (or the reverse) inside one hunk: the same position.
  return (a.op === '-' && b.op === '+') || (a.op === '+' && b.op === '-');
}

/**
 * Renders lines in the paper's Table 1 format: ` 12 kept`, `+13 added`, `-14 deleted`, with the
 * numbers right-aligned to one width and `...` wherever lines are omitted between two runs.
 */
export function formatNumberedLines(lines: readonly NumberedLine[]): string {
  if (lines.length === 0) return '';
  const width = maxOf(lines.map((l) => String(shownNumber(l)).length));
  const out: string[] = [];
  let prev: NumberedLine | null = null;
  for (const line of lines) {
    if (prev !== null && !isContiguous(prev, line)) out.push('...');
    out.push(`${line.op}${String(shownNumber(line)).padStart(width)} ${line.text}`);
    prev = line;
  }
  return out.join('\n');
}

/** Renders one hunk in Table 1 format. */
export function formatHunk(hunk: Hunk): string {
  return formatNumberedLines(hunk.lines);
}

/** Renders several hunks of one file, with `...` between them. */
export function formatHunks(hunks: readonly Hunk[]): string {
  const lines: DiffLine[] = hunks.flatMap((h) => h.lines);
  return formatNumberedLines(lines);
}
