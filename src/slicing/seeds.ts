import type { FileIndex, LineRange, Side } from './file-index.js';
import { isBlankish, nothingToReview } from './hunk-slice.js';
import type { LineMap } from './line-map.js';

/** One changed statement (or header) of one file and side: an entry of Algorithm 1's cache. */
export interface SeedUnit {
  key: string;
  path: string;
  side: Side;
  range: LineRange;
  /** Deleted base lines shown with this head unit (the deleted half of a mixed run). */
  deleted: number[];
  index: FileIndex;
  /** Position of the file in the diff, to keep slices in diff order. */
  fileOrder: number;
}

function mergeRanges(ranges: LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: LineRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/**
 * The changed statements of one file (Algorithm 2): added lines map to head statements, a run of
 * only deleted lines maps to base statements (deleted code is sliced on the base side), and the
 * deleted lines of a mixed run ride along with the head statement of the run's first added line.
 * A run with nothing to review makes no statement: only whitespace inside lines changed, or every
 * added line is blank, a bracket or a comment and every deleted one blank or a bracket (the lines
 * stay commentable: anchoring reads the diff, not the slices); in a run with something to review,
 * such lines ride along (the `}` that closes an added block).
 */
export function seedUnits(path: string, basePath: string, head: FileIndex | null, base: FileIndex | null, map: LineMap, fileOrder: number): SeedUnit[] {
  const headRanges: LineRange[] = [];
  const baseRanges: LineRange[] = [];
  const attach: { line: number; deleted: number[] }[] = [];
  for (const run of map.runs()) {
    const deletedText = run.deleted.map((l) => map.deletedText(l));
    const firstAdded = run.added[0];
    if (firstAdded !== undefined && head !== null) {
      if (nothingToReview(deletedText, run.added.map((l) => head.lines[l - 1] ?? ''))) continue;
      if (run.added.every((l) => head.isTrivialLine(l)) && deletedText.every(isBlankish)) continue;
      for (const line of run.added) headRanges.push(head.unitAt(line));
      if (run.deleted.length > 0) attach.push({ line: firstAdded, deleted: run.deleted });
    } else if (base !== null) {
      if (run.deleted.every((l) => base.isTrivialLine(l))) continue;
      for (const line of run.deleted) baseRanges.push(base.unitAt(line));
    }
  }
  const units: SeedUnit[] = [];
  for (const range of head ? mergeRanges(headRanges) : []) {
    const deleted = attach.filter((a) => a.line >= range.start && a.line <= range.end).flatMap((a) => a.deleted);
    units.push({ key: `head:${path}:${range.start}`, path, side: 'head', range, deleted, index: head as FileIndex, fileOrder });
  }
  for (const range of base ? mergeRanges(baseRanges) : []) {
    units.push({ key: `base:${basePath}:${range.start}`, path: basePath, side: 'base', range, deleted: [], index: base as FileIndex, fileOrder });
  }
  return units;
}

/** The cache of Algorithm 1: changed statements not yet in any slice, in diff order. */
export class SeedCache {
  private readonly units: SeedUnit[];

  constructor(units: SeedUnit[]) {
    this.units = [...units].sort((a, b) => a.fileOrder - b.fileOrder || (a.side === b.side ? 0 : a.side === 'head' ? -1 : 1) || a.range.start - b.range.start);
  }

  get size(): number {
    return this.units.length;
  }

  /**
   * Algorithm 4: takes the first cached statement and the ones following it in the same file,
   * side and function with no unchanged statement between them.
   */
  takeContiguous(): SeedUnit[] {
    const first = this.units.shift();
    if (first === undefined) return [];
    const segment = [first];
    const fn = first.index.functionAt(first.range.start);
    while (this.units.length > 0) {
      const next = this.units[0] as SeedUnit;
      const prev = segment[segment.length - 1] as SeedUnit;
      if (next.path !== first.path || next.side !== first.side) break;
      const nextFn = next.index.functionAt(next.range.start);
      if ((fn?.start ?? null) !== (nextFn?.start ?? null)) break;
      if (first.index.statementBetween(prev.range, next.range)) break;
      segment.push(this.units.shift() as SeedUnit);
    }
    return segment;
  }

  /** Removes and returns cached statements contiguous with any of `units` (e.g. the closing brace of an absorbed block). */
  takeAdjacent(units: readonly SeedUnit[]): SeedUnit[] {
    return this.takeCovered((c) =>
      units.some((u) => {
        if (u.path !== c.path || u.side !== c.side) return false;
        const [a, b] = u.range.start <= c.range.start ? [u, c] : [c, u];
        return a.index.functionAt(a.range.start)?.start === b.index.functionAt(b.range.start)?.start && !a.index.statementBetween(a.range, b.range);
      }),
    );
  }

  /** Algorithm 3's absorption: removes and returns cached statements that a slice already shows. */
  takeCovered(covers: (unit: SeedUnit) => boolean): SeedUnit[] {
    const taken: SeedUnit[] = [];
    for (let i = this.units.length - 1; i >= 0; i--) {
      const unit = this.units[i] as SeedUnit;
      if (covers(unit)) {
        taken.unshift(unit);
        this.units.splice(i, 1);
      }
    }
    return taken;
  }
}
