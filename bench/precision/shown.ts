// Judging one definition a slice shows for a name (the slicer's resolution record) against the
// resolver's answer at the name's use.
import path from 'node:path';
import type { Resolution } from '../../src/types.js';
import type { Definition } from './resolver.js';

export type ShownDefinition = Resolution['definitions'][number];

export type Judged =
  | { kind: 'right' }
  | { kind: 'wrong'; resolver: string[] }
  /** The resolver places the name outside the repository: a shown repository definition is wrong. */
  | { kind: 'outside'; resolver: string[] }
  | { kind: 'unplaced' }
  | { kind: 'failed' }
  /** Not judged: a use on the base side (the resolvers run on the head), or a declared type whose use is its variable's. */
  | { kind: 'skipped'; why: string };

export type Ask = (file: string, line: number, column: number) => Promise<Definition[] | null>;
export type Extent = (d: Definition) => Promise<{ start: number; end: number } | null>;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first whole-word occurrence of a name on a line at or after a column, or null. */
export function columnOf(text: string, name: string, from = 0, call = false): number | null {
  const m = new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])${call ? '(?=\\s*(?:::\\s*)?(?:<[^()]*>)?\\s*!?\\s*\\()' : ''}`).exec(
    text.slice(from),
  );
  return m === null ? null : from + m.index;
}

/**
 * The name's position at a use: a call's record points at the start of the call expression (`a` of
 * `a.b.clamp(x)`), the callee being the name followed by its arguments at or after it, on that line
 * or the next few (a chain spanning lines); any other record points at the name, or has no column.
 */
export function positionOf(lines: readonly string[], record: Resolution): { line: number; column: number } | null {
  const start = record.use.column === undefined ? 0 : record.use.column - 1;
  const isCall = record.kind === 'call';
  for (let n = record.use.line; n <= record.use.line + (isCall ? 8 : 0) && n <= lines.length; n++) {
    const text = lines[n - 1] ?? '';
    const from = n === record.use.line ? start : 0;
    const at = columnOf(text, record.name, from, isCall) ?? (isCall ? null : columnOf(text, record.name, 0));
    if (at !== null) return { line: n, column: at };
  }
  // A call whose arguments start on another line than its name (`f\n(`): the name alone.
  const text = lines[record.use.line - 1] ?? '';
  const at = columnOf(text, record.name, start) ?? columnOf(text, record.name);
  return at === null ? null : { line: record.use.line, column: at };
}

export const where = (d: Definition): string => (d.inside ? `${d.file}:${d.line}` : d.file);

/**
 * Whether a shown definition declares what the resolver answered: the same file, the answer's name
 * line within the shown lines, and the shown lines that declaration's (its name within the first
 * lines shown, or its whole extent, as the resolver gives it, the shown lines' to a line or two):
 * not a class shown for one of its methods.
 */
async function declares(shown: ShownDefinition, d: Definition, extent: Extent): Promise<boolean> {
  if (!d.inside || d.file !== shown.file || d.line < shown.startLine || d.line > shown.endLine) return false;
  if (d.line - shown.startLine <= 3) return true;
  const e = await extent(d);
  return e !== null && Math.abs(e.end - shown.endLine) <= 2 && e.start >= shown.startLine - 2;
}

/**
 * Whether two lines of a file declare overloads of one function (TypeScript's signatures and their
 * implementation, Python's `@overload` stubs and the function; issue 33: one definition): both
 * declare the name, and no line between them declares another function.
 */
function sameOverloads(lines: readonly string[], name: string, a: number, b: number): boolean {
  const [from, to] = a < b ? [a, b] : [b, a];
  if (to - from > 80) return false;
  const n = escape(name);
  const declares = new RegExp(
    `(?:\\b(?:function|def|fn|func)\\s*\\*?\\s*${n}\\b|^\\s*(?:(?:export|declare|public|private|protected|static|async|abstract|override)\\s+)*${n}\\s*[(<])`,
  );
  const other = new RegExp(`\\b(?:function|def|fn|func)\\s*\\*?\\s*(?!${n}\\b)[A-Za-z_$][\\w$]*\\s*[(<]`);
  if (!declares.test(lines[from - 1] ?? '') || !declares.test(lines[to - 1] ?? '')) return false;
  for (let i = from + 1; i < to; i++) if (other.test(lines[i - 1] ?? '')) return false;
  return true;
}

export async function judgeShown(
  record: Resolution,
  shown: ShownDefinition,
  linesOf: (file: string) => string[],
  ask: Ask,
  extent: Extent,
): Promise<Judged> {
  if (record.side === 'base' || shown.side === 'base') return { kind: 'skipped', why: 'base side' };
  if (record.kind === 'declared-type') return { kind: 'skipped', why: 'declared type' };
  const at = positionOf(linesOf(record.use.file), record);
  if (at === null) return { kind: 'failed' };
  const answer = await ask(record.use.file, at.line, at.column);
  if (answer === null) return { kind: 'failed' };
  if (answer.length === 0) return { kind: 'unplaced' };
  const inside = answer.filter((d) => d.inside);
  if (inside.length === 0) return { kind: 'outside', resolver: answer.map(where) };
  for (const d of inside) if (await declares(shown, d, extent)) return { kind: 'right' };
  // A type shown for a call the resolver ties to one of its constructors (`new JsonWriter(w)`, `Foo()`): the type constructed.
  if (
    record.kind === 'call' &&
    shown.kind === 'type' &&
    inside.some((d) => d.file === shown.file && d.line >= shown.startLine && d.line <= shown.endLine)
  )
    return { kind: 'right' };
  // A constructor shown for a call the resolver ties to its class (clangd answers `Slice("x")` with `class Slice`): the class's own constructor.
  if (record.kind === 'call' && shown.container === record.name) {
    for (const d of inside) {
      const e = d.file === shown.file ? await extent(d) : null;
      if (e !== null && e.start <= shown.startLine && shown.endLine <= e.end) return { kind: 'right' };
    }
  }
  const shownFile = linesOf(shown.file);
  for (const d of inside) {
    if (d.file !== shown.file) continue;
    const nameLine = shownFile.slice(shown.startLine - 1, shown.startLine + 5).findIndex((t) => columnOf(t, record.name) !== null);
    if (nameLine >= 0 && sameOverloads(shownFile, record.name, d.line, shown.startLine + nameLine)) return { kind: 'right' };
  }
  // A declaration and its definition are one entity (a C++ member declared in its class and defined
  // in a .cc file, a forward declaration, a Go interface method's implementation is not): what the
  // resolver says the name of the shown lines is, if it is one of its answers for the use, makes the
  // shown definition right.
  // Asked only where the files could hold one entity's declaration and definition (db.h and db_impl.cc,
  // or a tie the slicer calls out-of-line): clangd builds a translation unit for each file it is asked about.
  const stem = (f: string): string => path.posix.basename(f).replace(/\.[^.]*$/, '');
  const related =
    shown.tie === 'out-of-line' ||
    inside.some((d) => stem(shown.file).startsWith(stem(d.file)) || stem(d.file).startsWith(stem(shown.file)));
  for (let n = shown.startLine; related && n <= Math.min(shown.endLine, shown.startLine + 10); n++) {
    const column = columnOf(shownFile[n - 1] ?? '', record.name);
    if (column === null) continue;
    const there = await ask(shown.file, n, column);
    if (there !== null && there.some((t) => t.inside && inside.some((d) => d.file === t.file && d.line === t.line)))
      return { kind: 'right' };
    break;
  }
  return { kind: 'wrong', resolver: inside.map(where) };
}
