/**
 * The lines a change adds, as keybug's own diff reads them (GitHub's view: a copied file is added
 * whole), and the check every mined or imported case passes before it is written or reviewed: its
 * key bug lines are all added lines of its head.
 */
import type { Diff } from '../types.js';
import type { EvalCase } from './cases.js';

/** Added lines of each file of the change, by its path in head. */
export function addedLines(diff: Pick<Diff, 'files'>): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const file of diff.files) {
    const lines = new Set<number>();
    for (const hunk of file.commentHunks ?? file.hunks)
      for (const line of hunk.lines) if (line.op === '+' && line.new !== null) lines.add(line.new);
    if (lines.size > 0) out.set(file.path, lines);
  }
  return out;
}

/** Why a case's key bug lines are not all added lines of its head (the first few named), or null when they are. */
export function keyBugsOutsideAdded(c: Pick<EvalCase, 'keyBugs' | 'head'>, added: ReadonlyMap<string, ReadonlySet<number>>): string | null {
  const outside: string[] = [];
  let count = 0;
  for (const bug of c.keyBugs) {
    const lines = added.get(bug.path);
    for (let n = bug.startLine; n <= bug.endLine; n++) {
      if (lines?.has(n)) continue;
      count++;
      if (outside.length < 3) outside.push(`${bug.path}:${n}${lines === undefined ? ' (the change adds no line to this file)' : ''}`);
    }
  }
  if (count === 0) return null;
  return `${count} key bug line(s) are not added lines of head ${c.head.slice(0, 12)}: ${outside.join(', ')}${count > outside.length ? ', …' : ''}`;
}

/** Line numbers as ranges of consecutive lines, in order (repeats ignored). */
export function toRanges(lines: Iterable<number>): { start: number; end: number }[] {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const ranges: { start: number; end: number }[] = [];
  for (const n of sorted) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && n === last.end + 1) last.end = n;
    else ranges.push({ start: n, end: n });
  }
  return ranges;
}
