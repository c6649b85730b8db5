import type { Side } from './definition.js';
import type { AttachedKind, FileIndex, LineRange } from './file-index.js';
import { isBlankish, nothingToReview } from './source-text.js';
import type { LineMap } from './line-map.js';
import { mergeRanges } from './outline.js';
import type { SliceContent } from './slice-content.js';
import { appendAll, numbersFrom } from '../support/many.js';

/** One changed statement (or header) of one file and side: an entry of Algorithm 1's cache. */
export interface SeedUnit {
  key: string;
  path: string;
  side: Side;
  range: LineRange;
  /** Deleted base lines shown with this head unit (the deleted half of a mixed run). */
  deleted: number[];
  /**
   * Changed lines of its own side shown with it: those with nothing to review (comments, blank
   * lines) in the same run, as a comment added above changed code is part of the change a reviewer
   * reads; and changed imports, attributes and decorators of its file (see joinAttached).
   */
  riders: number[];
  index: FileIndex;
  /** Position of the file in the diff, to keep slices in diff order. */
  fileOrder: number;
}

/**
 * True when a mixed run's deleted lines are worth reviewing by their text alone: not all blank or
 * brackets. Whether they are comments only the base revision's parse tells (`needsBaseFor`).
 */
function deletedReviewable(run: { deleted: number[] }, map: LineMap, base: FileIndex | null): boolean {
  return !run.deleted.every((l) => isBlankish(map.deletedText(l)) || (base?.isTrivialLine(l) ?? false));
}

/** True when a run only deletes lines: their code is sliced on the base side, so the base is parsed. */
export function deletesCode(map: LineMap): boolean {
  return map.runs().some((r) => r.added.length === 0 && r.deleted.length > 0);
}

/**
 * True when telling whether a run has anything to review needs the base revision parsed: a mixed
 * run whose added lines have nothing to review and whose deleted ones may be comments (an edited
 * comment is a comment on both sides).
 */
export function needsBaseFor(head: FileIndex, map: LineMap): boolean {
  return map
    .runs()
    .some((run) => run.added.length > 0 && run.added.every((l) => head.isTrivialLine(l)) && deletedReviewable(run, map, null));
}

/**
 * The changed statements of one file (Algorithm 2): added lines map to head statements, a run of
 * only deleted lines maps to base statements (deleted code is sliced on the base side), and the
 * deleted lines of a mixed run ride along with the head statement of the run's first added line.
 * A run with nothing to review makes no statement: only whitespace inside lines changed, or every
 * line it adds and deletes is blank, a bracket or a comment (the lines stay commentable: anchoring
 * reads the diff, not the slices). In a run with something to review, a unit of only blank lines,
 * comments and brackets (the `}` closing an added block, a blank line after an added method) is no
 * statement of its own unless deleted lines hang on it: its lines ride along with a statement of
 * the run (addRiders), so no slice is made of them alone.
 */
export function seedUnits(
  path: string,
  basePath: string,
  head: FileIndex | null,
  base: FileIndex | null,
  map: LineMap,
  fileOrder: number,
): SeedUnit[] {
  const headRanges: LineRange[] = [];
  const baseRanges: LineRange[] = [];
  const attach: { line: number; deleted: number[] }[] = [];
  // The runs kept, as their lines on each side: their lines with nothing to review ride along.
  const headRuns: number[][] = [];
  const baseRuns: number[][] = [];
  for (const run of map.runs()) {
    const deletedText = run.deleted.map((l) => map.deletedText(l));
    const firstAdded = run.added[0];
    if (firstAdded !== undefined && head !== null) {
      if (
        nothingToReview(
          deletedText,
          run.added.map((l) => head.lines.line(l)),
        )
      )
        continue;
      if (run.added.every((l) => head.isTrivialLine(l)) && !deletedReviewable(run, map, base)) continue;
      for (const line of run.added) headRanges.push(head.unitAt(line));
      headRuns.push(run.added);
      if (run.deleted.length > 0) attach.push({ line: firstAdded, deleted: run.deleted });
    } else if (base !== null) {
      if (run.deleted.every((l) => base.isTrivialLine(l))) continue;
      for (const line of run.deleted) baseRanges.push(base.unitAt(line));
      baseRuns.push(run.deleted);
    }
  }
  const units: SeedUnit[] = [];
  for (const range of head ? mergeRanges(headRanges) : []) {
    const deleted = attach.filter((a) => a.line >= range.start && a.line <= range.end).flatMap((a) => a.deleted);
    if (deleted.length === 0 && nothingOfItsOwn(head as FileIndex, range)) continue;
    units.push({ key: `head:${path}:${range.start}`, path, side: 'head', range, deleted, riders: [], index: head as FileIndex, fileOrder });
  }
  if (head !== null) addRiders(units, headRuns, head);
  const baseStart = units.length;
  for (const range of base ? mergeRanges(baseRanges) : []) {
    if (nothingOfItsOwn(base as FileIndex, range)) continue;
    units.push({
      key: `base:${basePath}:${range.start}`,
      path: basePath,
      side: 'base',
      range,
      deleted: [],
      riders: [],
      index: base as FileIndex,
      fileOrder,
    });
  }
  if (base !== null) addRiders(units.slice(baseStart), baseRuns, base);
  return joinAttached(units.slice(0, baseStart), units.slice(baseStart), base);
}

/**
 * The kind of a unit made only of imports, or only of attributes and decorators (with blank and
 * comment lines), else null. A head unit of blank and comment lines alone is of the kind of the
 * base lines it replaces (an import commented out is a deleted import).
 */
function attachedKind(unit: SeedUnit, base: FileIndex | null): AttachedKind | null {
  const kindOf = (index: FileIndex, lines: Iterable<number>): AttachedKind | null | undefined => {
    let kind: AttachedKind | null = null;
    for (const line of lines) {
      const here = index.attachedAt(line);
      if (here === null) {
        if (index.isTrivialLine(line)) continue;
        return undefined;
      }
      if (kind === null || here === 'import') kind = here;
    }
    return kind;
  };
  const own = kindOf(unit.index, numbersFrom(unit.range.start, unit.range.end));
  if (own === undefined) return null;
  if (own !== null || unit.side !== 'head' || base === null || unit.deleted.length === 0) return own;
  return kindOf(base, unit.deleted) ?? null;
}

/**
 * Changed imports, attributes and decorators make no slice of their own: an attribute or decorator
 * joins the changed definition right below it, any of them otherwise the nearest changed code of
 * the file (its lines ride along with that unit: a deleted one, on the base side, as deleted lines
 * of a head unit when the base has no other change); a file whose change is only these makes one
 * slice, of its first such unit. Units in line order, each side's apart.
 */
function joinAttached(head: SeedUnit[], base: SeedUnit[], baseIndex: FileIndex | null): SeedUnit[] {
  const kinds = new Map<SeedUnit, AttachedKind>();
  for (const u of [...head, ...base]) {
    const kind = attachedKind(u, baseIndex);
    if (kind !== null) kinds.set(u, kind);
  }
  if (kinds.size === 0) return [...head, ...base];
  const code = (units: SeedUnit[]): SeedUnit[] => units.filter((u) => !kinds.has(u));
  const headCode = code(head);
  const baseCode = code(base);
  // With no other change in the file, the first of these units holds the others.
  const holder =
    headCode.length === 0 && baseCode.length === 0 ? (head.find((u) => kinds.has(u)) ?? base.find((u) => kinds.has(u))) : undefined;
  const joined = new Set<SeedUnit>();
  for (const [unit, kind] of kinds) {
    if (unit === holder) continue;
    const sameSide = unit.side === 'head' ? headCode : baseCode;
    const target =
      (kind === 'attribute' ? definitionBelow(unit, sameSide) : undefined) ??
      nearest(unit, sameSide) ??
      (unit.side === 'base' ? headCode[0] : undefined) ??
      holder;
    // An added import in a file whose only other change deletes code (no head unit to join) stays a slice of its own.
    if (target === undefined) continue;
    const lines = [...numbersFrom(unit.range.start, unit.range.end), ...unit.riders];
    appendAll(target.side === unit.side ? target.riders : target.deleted, lines);
    appendAll(target.deleted, unit.deleted);
    joined.add(unit);
  }
  return [...head, ...base].filter((u) => !joined.has(u));
}

/** The changed unit an attribute unit sits right above (nothing but blank lines, comments and other attributes between). */
function definitionBelow(unit: SeedUnit, candidates: readonly SeedUnit[]): SeedUnit | undefined {
  const below = candidates.find((c) => c.range.start > unit.range.end);
  if (below === undefined) return undefined;
  for (let line = unit.range.end + 1; line < below.range.start; line++)
    if (!unit.index.isTrivialLine(line) && unit.index.attachedAt(line) !== 'attribute') return undefined;
  return below;
}

/** Lines between two units looked at for what the segment carries (see carriedBetween), at most. */
const CARRIED_GAP = 64;

/**
 * True when every line between two units of a segment is a changed line the segment or the next
 * unit carries (an import joined to it, as a `use` at the top of a function body below the changed
 * header; the next unit's attributes) or has nothing to review: the statements there are the
 * segment's own, and the units are contiguous.
 */
function carriedBetween(segment: readonly SeedUnit[], prev: SeedUnit, next: SeedUnit): boolean {
  if (next.range.start - prev.range.end - 1 > CARRIED_GAP) return false;
  const carried = new Set([...segment, next].flatMap((u) => u.riders));
  return numbersFrom(prev.range.end + 1, next.range.start - 1).every((l) => carried.has(l) || prev.index.isTrivialLine(l));
}

/** The unit nearest to `unit` by lines (the one below on a tie), or undefined when there is none. */
function nearest(unit: SeedUnit, candidates: readonly SeedUnit[]): SeedUnit | undefined {
  let best: SeedUnit | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = c.range.start > unit.range.end ? c.range.start - unit.range.end : unit.range.start - c.range.end;
    if (d < distance || (d === distance && c.range.start > unit.range.end)) {
      best = c;
      distance = d;
    }
  }
  return best;
}

/**
 * Gives each changed line with nothing to review that no unit shows to a unit of its run: the
 * first one below it (a comment introduces the code after it), or else the last one above.
 * `units` are one side's, in line order; `runs` that side's lines of each run kept.
 */
function addRiders(units: readonly SeedUnit[], runs: readonly number[][], index: FileIndex): void {
  // Runs and units are both in line order and units do not overlap: one walk over the units serves every run.
  let next = 0;
  for (const lines of runs) {
    const first = lines[0] ?? 0;
    const last = lines[lines.length - 1] ?? -1;
    while (next < units.length && (units[next] as SeedUnit).range.end < first) next++;
    let at = next;
    for (const line of lines) {
      while (at < units.length && (units[at] as SeedUnit).range.end < line) at++;
      const below = units[at];
      if (below !== undefined && below.range.start <= line) continue; // shown by its own unit
      if (!index.isTrivialLine(line)) continue;
      const above = at > next ? units[at - 1] : undefined;
      (below !== undefined && below.range.start <= last ? below : above)?.riders.push(line);
    }
  }
}

/** True when a range holds nothing to review of its own: blank lines, comments, brackets (they ride along with a unit of their run). */
function nothingOfItsOwn(index: FileIndex, range: LineRange): boolean {
  for (let line = range.start; line <= range.end; line++) if (!index.isTrivialLine(line)) return false;
  return true;
}

/**
 * The cache of Algorithm 1: changed statements not yet in any slice, in diff order. Units are also
 * kept by file and side, so that what a slice covers is looked up in the files it shows, not among
 * every unit of the change (a 1,000-file change has tens of thousands).
 */
export class SeedCache {
  private readonly order: SeedUnit[];
  private readonly position = new Map<SeedUnit, number>();
  private readonly byFile = new Map<string, SeedUnit[]>();
  private readonly taken = new Set<SeedUnit>();
  /** Every unit before this one in `order` is taken. */
  private next = 0;

  constructor(units: SeedUnit[]) {
    this.order = [...units].sort(
      (a, b) => a.fileOrder - b.fileOrder || (a.side === b.side ? 0 : a.side === 'head' ? -1 : 1) || a.range.start - b.range.start,
    );
    this.order.forEach((unit, i) => {
      this.position.set(unit, i);
      const key = fileKey(unit.path, unit.side);
      const list = this.byFile.get(key);
      if (list) list.push(unit);
      else this.byFile.set(key, [unit]);
    });
  }

  get size(): number {
    return this.order.length - this.taken.size;
  }

  /**
   * Algorithm 4: takes the first cached statement and the ones following it in the same file,
   * side and function (or in a closure whose header the segment holds, or in the scope whose header
   * alone the segment is) with no unchanged statement between them.
   */
  takeContiguous(): SeedUnit[] {
    const first = this.peek();
    if (first === undefined) return [];
    this.take(first);
    const segment = [first];
    const fn = first.index.functionAt(first.range.start);
    for (let next = this.peek(); next !== undefined; next = this.peek()) {
      const prev = segment[segment.length - 1] as SeedUnit;
      if (next.path !== first.path || next.side !== first.side) break;
      const nextFn = next.index.functionAt(next.range.start);
      // A closure whose header the segment holds (`it('x', () => {`): its changed body goes with that header.
      const opened = nextFn !== null && nextFn.start >= first.range.start && nextFn.start <= prev.range.end;
      // A scope's header alone (`mod tests {` with its `use` lines, a class's first line): its first changed member goes with it.
      const entered = segment.length === 1 && first.index.enclosingHeaders(next.range).includes(first.range.start);
      if ((fn?.start ?? null) !== (nextFn?.start ?? null) && !opened && !entered) break;
      if (first.index.statementBetween(prev.range, next.range) && !carriedBetween(segment, prev, next)) break;
      this.take(next);
      segment.push(next);
    }
    return segment;
  }

  /** Removes and returns cached statements contiguous with any of `units` (e.g. the closing brace of an absorbed block). */
  takeAdjacent(units: readonly SeedUnit[]): SeedUnit[] {
    const found = new Set<SeedUnit>();
    for (const u of units) {
      for (const c of this.cachedIn(u.path, u.side)) {
        if (found.has(c)) continue;
        const [a, b] = u.range.start <= c.range.start ? [u, c] : [c, u];
        if (
          a.index.functionAt(a.range.start)?.start === b.index.functionAt(b.range.start)?.start &&
          !a.index.statementBetween(a.range, b.range)
        )
          found.add(c);
      }
    }
    return this.takeAll(found);
  }

  /** Algorithm 3's absorption: removes and returns cached statements that a slice already shows. */
  takeShownIn(content: SliceContent): SeedUnit[] {
    const found = new Set<SeedUnit>();
    for (const { path, side, lines } of content.files.values())
      for (const unit of this.cachedIn(path, side)) if (lines.has(unit.range.start)) found.add(unit);
    return this.takeAll(found);
  }

  /** True while some statement of the file and side waits for a slice. */
  holds(path: string, side: Side): boolean {
    return this.cachedIn(path, side).length > 0;
  }

  private cachedIn(path: string, side: Side): SeedUnit[] {
    return (this.byFile.get(fileKey(path, side)) ?? []).filter((u) => !this.taken.has(u));
  }

  /** The first unit not taken. */
  private peek(): SeedUnit | undefined {
    while (this.next < this.order.length && this.taken.has(this.order[this.next] as SeedUnit)) this.next++;
    return this.order[this.next];
  }

  private take(unit: SeedUnit): void {
    this.taken.add(unit);
  }

  /** Takes the units, returned in diff order. */
  private takeAll(units: Set<SeedUnit>): SeedUnit[] {
    const ordered = [...units].sort((a, b) => (this.position.get(a) as number) - (this.position.get(b) as number));
    for (const unit of ordered) this.take(unit);
    return ordered;
  }
}

function fileKey(path: string, side: Side): string {
  return `${side}\0${path}`;
}
