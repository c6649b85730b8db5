/**
 * The structure of one file as plain data: every node the structure query marks (statements,
 * blocks, clauses, functions, closures, types, namespaces) with its extent, its parent and what
 * lies above it. Built in one pass over the query's captures and one sweep, so that no question
 * asked later walks the syntax tree: tree-sitter nodes keep no parent pointers (each `parent` call
 * searches down from the root), and per-question ancestor walks made deeply nested files quadratic.
 */

/** Structural roles the structure query marks (`@statement.*`, `@block.*`, `@clause.*`, `@scope.<kind>`). */
export type Mark = 'statement' | 'block' | 'clause' | 'function' | 'lambda' | 'type' | 'namespace';

const MARK_BITS: Record<Mark, number> = { statement: 1, block: 2, clause: 4, function: 8, lambda: 16, type: 32, namespace: 64 };
/** Every mark, in a fixed order (what the facts cache writes a mark as). */
export const MARKS = Object.keys(MARK_BITS) as readonly Mark[];
/** Units are what a change is made of: statements, clauses and the headers of functions, types and namespaces. */
const UNIT = MARK_BITS.statement | MARK_BITS.clause | MARK_BITS.function | MARK_BITS.type | MARK_BITS.namespace;
/** What ends a header: its first block, nested statement or clause. */
const HEADER_END = MARK_BITS.block | MARK_BITS.statement | MARK_BITS.clause;
const FUNCTION_LIKE = MARK_BITS.function | MARK_BITS.lambda;
const BOUNDARY = MARK_BITS.function | MARK_BITS.type | MARK_BITS.namespace;

/**
 * The marks of the capture names met so far: a file's structure query yields one capture per
 * statement, and splitting each name was a percent of a run. Capture names are the query files'
 * own, a few dozen, so this never grows past them.
 */
const MARK_OF_CAPTURE = new Map<string, Mark | null>();

/** The mark of a structure capture name, or null for captures that mark nothing (definitions, imports). */
export function markOf(captureName: string): Mark | null {
  let mark = MARK_OF_CAPTURE.get(captureName);
  if (mark === undefined) MARK_OF_CAPTURE.set(captureName, (mark = readMark(captureName)));
  return mark;
}

function readMark(captureName: string): Mark | null {
  const [role, kind] = captureName.split('.');
  if (role === 'statement' || role === 'block' || role === 'clause') return role;
  if (role === 'scope' && kind === 'loop') return null;
  if (role === 'scope' && kind !== undefined && kind in MARK_BITS) return kind as Mark;
  return null;
}

/** A point of the file: row and column packed into one number that sorts like the pair. */
export type Point = number;

const COLUMN_SPAN = 2 ** 23;

export function point(row: number, column: number): Point {
  return row * COLUMN_SPAN + Math.min(column, COLUMN_SPAN - 1);
}

/** A marked node as the outline is built from it. */
export interface MarkedNode {
  start: Point;
  end: Point;
  startRow: number;
  /** Last row, as a node that ends at column 0 of the next row (a preprocessor line) counts it. */
  lastRow: number;
  mark: Mark;
  /** Control structures (`@statement.control`, loops `@statement.loop`): a definition they make shows their header only. */
  control: Control;
  /** Display name of a scope (function, type, namespace), when it has one. */
  name: string | null;
}

/** What kind of control structure a node is: none, a branch or block (`@statement.control`), or a loop (`@statement.loop`). */
export type Control = 0 | 1 | 2;

/** Headers shown above a unit at most; deeper nesting shows the nearest ones and the enclosing function and type. */
const MAX_HEADER_DEPTH = 64;

/** A 1-based, inclusive line range. */
export interface LineRange {
  start: number;
  end: number;
}

/** Ranges sorted and merged: overlapping ones, and those with fewer than `gap` lines between them. */
export function mergeRanges(ranges: readonly LineRange[], gap = 0): LineRange[] {
  const merged: LineRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last !== undefined && r.start <= last.end + gap) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/**
 * The marked nodes of a file in pre-order (outer before inner), equal extents merged into one
 * entry. Entry indexes are stable for the life of the file's index.
 */
export class Outline {
  readonly size: number;
  private readonly start: Float64Array;
  private readonly end: Float64Array;
  private readonly startRow: Int32Array;
  private readonly lastRow: Int32Array;
  private readonly marks: Uint8Array;
  private readonly controls: Uint8Array;
  private readonly names: (string | null)[];
  readonly parent: Int32Array;
  private readonly headerEnd: Int32Array;
  private readonly nearestUnit: Int32Array;
  private readonly nearestFunctionLike: Int32Array;
  private readonly nearestNamedScope: Int32Array;
  private readonly nearestFunction: Int32Array;
  private readonly nearestType: Int32Array;
  private readonly outermostStatement: Int32Array;
  /** For a statement that only wraps a function or type (decorators, `export`), that function or type. */
  private readonly wrapped: Int32Array;
  /** The innermost entry at each line's first non-blank column (index 0 unused). */
  private readonly atLine: Int32Array;
  /** The outermost function or closure that starts on each row, or -1. */
  private readonly functionOnRow: Int32Array;

  constructor(nodes: MarkedNode[], lineIndents: readonly number[]) {
    const sorted = mergeEqualExtents(nodes.sort((a, b) => a.start - b.start || b.end - a.end));
    const n = sorted.length;
    this.size = n;
    this.start = Float64Array.from(sorted, (e) => e.start);
    this.end = Float64Array.from(sorted, (e) => e.end);
    this.startRow = Int32Array.from(sorted, (e) => e.startRow);
    this.lastRow = Int32Array.from(sorted, (e) => e.lastRow);
    this.marks = Uint8Array.from(sorted, (e) => e.bits);
    this.controls = Uint8Array.from(sorted, (e) => e.control);
    this.names = sorted.map((e) => e.name);
    this.parent = new Int32Array(n).fill(-1);
    const stack: number[] = [];
    for (let i = 0; i < n; i++) {
      while (stack.length > 0 && (this.end[stack[stack.length - 1] as number] as number) <= (this.start[i] as number)) stack.pop();
      this.parent[i] = stack.length > 0 ? (stack[stack.length - 1] as number) : -1;
      stack.push(i);
    }
    this.nearestUnit = this.inherit(UNIT);
    this.nearestFunctionLike = this.inherit(FUNCTION_LIKE);
    this.nearestFunction = this.inherit(MARK_BITS.function);
    this.nearestType = this.inherit(MARK_BITS.type);
    this.nearestNamedScope = new Int32Array(n);
    this.outermostStatement = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const p = this.parent[i] as number;
      const bits = this.marks[i] as number;
      this.nearestNamedScope[i] =
        (bits & (MARK_BITS.function | MARK_BITS.type)) !== 0 && this.names[i] !== null
          ? i
          : p < 0
            ? -1
            : (this.nearestNamedScope[p] as number);
      // The highest statement below the nearest function, type or namespace.
      if ((bits & BOUNDARY) !== 0) this.outermostStatement[i] = -1;
      else {
        const above = p < 0 ? -1 : (this.outermostStatement[p] as number);
        this.outermostStatement[i] = above >= 0 ? above : (bits & MARK_BITS.statement) !== 0 ? i : -1;
      }
    }
    this.headerEnd = this.headerEnds();
    this.wrapped = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      const p = this.parent[i] as number;
      if (
        ((this.marks[i] as number) & (MARK_BITS.function | MARK_BITS.type)) !== 0 &&
        p >= 0 &&
        this.end[p] === this.end[i] &&
        ((this.marks[p] as number) & MARK_BITS.statement) !== 0
      )
        this.wrapped[p] = i;
    }
    const linePoints = lineIndents.map((indent, i) => point(i, indent));
    this.atLine = Int32Array.from([-1, ...this.innermost(linePoints)]);
    this.functionOnRow = new Int32Array(lineIndents.length).fill(-1);
    for (let i = 0; i < n; i++) {
      const row = this.startRow[i] as number;
      if (((this.marks[i] as number) & FUNCTION_LIKE) !== 0 && row < lineIndents.length && this.functionOnRow[row] === -1)
        this.functionOnRow[row] = i;
    }
  }

  /** For each entry, the nearest entry at or above it with any of `bits`, or -1. */
  private inherit(bits: number): Int32Array {
    const out = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) {
      const p = this.parent[i] as number;
      out[i] = ((this.marks[i] as number) & bits) !== 0 ? i : p < 0 ? -1 : (out[p] as number);
    }
    return out;
  }

  /**
   * Last row of each entry's header: the row its first block opens on, or the row before its first
   * nested statement or clause (also when a block starts with its first statement, as an indented
   * block does); the entry's last row when it has none (a simple statement).
   */
  private headerEnds(): Int32Array {
    const n = this.size;
    // The first entry at or after i (in pre-order) that ends a header.
    const next = new Int32Array(n + 1).fill(-1);
    for (let i = n - 1; i >= 0; i--) next[i] = ((this.marks[i] as number) & HEADER_END) !== 0 ? i : (next[i + 1] as number);
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const first = next[i + 1] as number;
      const start = this.startRow[i] as number;
      if (first < 0 || (this.start[first] as number) >= (this.end[i] as number)) {
        out[i] = this.lastRow[i] as number;
        continue;
      }
      const row = this.startRow[first] as number;
      const bits = this.marks[first] as number;
      let opensOwnRow = (bits & MARK_BITS.block) !== 0;
      if (opensOwnRow) {
        const inner = next[first + 1] as number;
        // An indented block starts where its first statement does: the header ends on the row before.
        if (inner >= 0 && this.start[inner] === this.start[first] && ((this.marks[inner] as number) & MARK_BITS.block) === 0)
          opensOwnRow = false;
      }
      out[i] = Math.max(start, opensOwnRow ? row : row - 1);
    }
    return out;
  }

  /**
   * The innermost entry containing each point (points in any order), or -1: one sweep over the
   * entries in pre-order with a stack of the ones still open.
   */
  innermost(points: readonly Point[]): number[] {
    const order = points.map((_, i) => i).sort((a, b) => (points[a] as number) - (points[b] as number));
    const out = new Array<number>(points.length).fill(-1);
    const stack: number[] = [];
    let next = 0;
    for (const q of order) {
      const p = points[q] as number;
      while (next < this.size && (this.start[next] as number) <= p) {
        while (stack.length > 0 && (this.end[stack[stack.length - 1] as number] as number) <= (this.start[next] as number)) stack.pop();
        stack.push(next++);
      }
      while (stack.length > 0 && (this.end[stack[stack.length - 1] as number] as number) <= p) stack.pop();
      out[q] = stack.length > 0 ? (stack[stack.length - 1] as number) : -1;
    }
    return out;
  }

  /**
   * The entry enclosing a node of extent [start, end) that is not the node itself: the innermost
   * entry containing its start, widened until it holds the whole node and differs from it.
   */
  enclosing(innermostAtStart: number, start: Point, end: Point): number {
    let e = innermostAtStart;
    for (let steps = 0; e >= 0 && steps < MAX_HEADER_DEPTH; steps++) {
      const holds = (this.start[e] as number) <= start && (this.end[e] as number) >= end;
      const same = this.start[e] === start && this.end[e] === end;
      if (holds && !same) return e;
      e = this.parent[e] as number;
    }
    return e;
  }

  /** The entry of exactly a node's extent, found from the innermost entry containing its start; -1 when the node is not marked. */
  selfOf(innermostAtStart: number, start: Point, end: Point): number {
    let e = innermostAtStart;
    for (let steps = 0; e >= 0 && steps < MAX_HEADER_DEPTH; steps++) {
      if (this.start[e] === start && this.end[e] === end) return e;
      if ((this.start[e] as number) < start || (this.end[e] as number) > end) return -1;
      e = this.parent[e] as number;
    }
    return -1;
  }

  /** The function or type a wrapping statement holds (see wrapperOf), else the entry itself. */
  wrappedBy(entry: number): number {
    return entry < 0 ? entry : (this.wrapped[entry] as number) >= 0 ? (this.wrapped[entry] as number) : entry;
  }

  /** The statement that wraps an entry and ends with it (decorators or `export` before a definition), else the entry. */
  wrapperOf(entry: number): number {
    const p = this.parent[entry] as number;
    return p >= 0 && this.wrapped[p] === entry ? p : entry;
  }

  /** The innermost entry at a line's first non-blank column. */
  atLineStart(line: number): number {
    return (this.atLine[line] as number | undefined) ?? -1;
  }

  /**
   * The entry whose scope a line's code is in: a function or closure that starts on the line after
   * other code (`export function f(`, `const f = (a) => {`, `xs.map((x) => {`) owns the line, whose
   * parameters it declares; otherwise the innermost entry at the line's start.
   */
  scopeAt(line: number): number {
    const at = this.atLineStart(line);
    const fn = (this.functionOnRow[line - 1] as number | undefined) ?? -1;
    const inside =
      fn >= 0 &&
      (at < 0 || ((this.start[fn] as number) >= (this.start[at] as number) && (this.end[fn] as number) <= (this.end[at] as number)));
    return inside ? fn : at;
  }

  has(entry: number, mark: Mark): boolean {
    return entry >= 0 && ((this.marks[entry] as number) & MARK_BITS[mark]) !== 0;
  }

  isControl(entry: number): boolean {
    return (this.controls[entry] ?? 0) > 0;
  }

  /** The loops around an entry (itself included), innermost first, inside its function. */
  loopsAround(entry: number): number[] {
    const loops: number[] = [];
    for (
      let e = entry, steps = 0;
      e >= 0 && steps < MAX_HEADER_DEPTH && !this.has(e, 'function') && !this.has(e, 'lambda');
      e = this.parent[e] as number, steps++
    ) {
      if (this.controls[e] === 2) loops.push(e);
    }
    return loops;
  }

  name(entry: number): string | null {
    return entry < 0 ? null : (this.names[entry] ?? null);
  }

  /** An entry's lines. */
  range(entry: number): LineRange {
    return { start: (this.startRow[entry] as number) + 1, end: (this.lastRow[entry] as number) + 1 };
  }

  /** An entry's header lines (1-based). */
  header(entry: number): LineRange {
    return { start: (this.startRow[entry] as number) + 1, end: (this.headerEnd[entry] as number) + 1 };
  }

  unitOf(entry: number): number {
    return entry < 0 ? -1 : (this.nearestUnit[entry] as number);
  }

  functionLikeOf(entry: number): number {
    return entry < 0 ? -1 : (this.nearestFunctionLike[entry] as number);
  }

  functionOf(entry: number): number {
    return entry < 0 ? -1 : (this.nearestFunction[entry] as number);
  }

  typeOf(entry: number): number {
    return entry < 0 ? -1 : (this.nearestType[entry] as number);
  }

  /** The nearest named function or type (what a section header names). */
  namedScopeOf(entry: number): number {
    return entry < 0 ? -1 : (this.nearestNamedScope[entry] as number);
  }

  outermostStatementOf(entry: number): number {
    return entry < 0 ? -1 : (this.outermostStatement[entry] as number);
  }

  /** For each extent [start, end], whether it lies strictly inside a function or closure (one sweep for all of them). */
  insideFunctions(extents: readonly { start: Point; end: Point }[]): boolean[] {
    const inner = this.innermost(extents.map((e) => e.start));
    return extents.map((e, i) => {
      const f = this.functionLikeOf(inner[i] as number);
      return f >= 0 && (this.start[f] as number) < e.start && e.end < (this.end[f] as number);
    });
  }

  /** The function-like entries around an entry, innermost first (closures, then the functions holding them). */
  functionChain(entry: number): number[] {
    const chain: number[] = [];
    for (let f = this.functionLikeOf(entry); f >= 0 && chain.length < MAX_HEADER_DEPTH; f = this.functionLikeOf(this.parent[f] as number))
      chain.push(f);
    return chain;
  }

  /**
   * The units whose headers a line at `entry` sits in (Algorithm 6's syntactic dependencies): the
   * nearest MAX_HEADER_DEPTH enclosing units, then the enclosing function and type if further out.
   */
  enclosingUnits(entry: number): number[] {
    const units: number[] = [];
    let u = this.unitOf(entry);
    for (; u >= 0 && units.length < MAX_HEADER_DEPTH; u = this.unitOf(this.parent[u] as number)) units.push(u);
    if (u >= 0) {
      for (const far of [this.functionOf(u), this.typeOf(u)]) if (far >= 0 && !units.includes(far)) units.push(far);
    }
    return units;
  }
}

interface Merged {
  start: Point;
  end: Point;
  startRow: number;
  lastRow: number;
  bits: number;
  control: Control;
  name: string | null;
}

/** Nodes of the same extent (a statement wrapping an expression of the same span) become one entry. */
function mergeEqualExtents(nodes: readonly MarkedNode[]): Merged[] {
  const out: Merged[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (last !== undefined && last.start === node.start && last.end === node.end) {
      last.bits |= MARK_BITS[node.mark];
      last.control = Math.max(last.control, node.control) as Control;
      last.name ??= node.name;
    } else {
      out.push({
        start: node.start,
        end: node.end,
        startRow: node.startRow,
        lastRow: node.lastRow,
        bits: MARK_BITS[node.mark],
        control: node.control,
        name: node.name,
      });
    }
  }
  return out;
}
