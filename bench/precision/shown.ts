// Judging one definition a slice shows for a name against the resolver's answer at the name's use.
import type { Definition } from './resolvers.js';

/** A definition a slice shows for a name: where it starts (and ends, when recorded), and how the slicer tied it. */
export interface ShownDefinition {
  file: string;
  line: number;
  endLine?: number;
  tie?: string;
}

/** A name of a changed line that a slice answers with definitions. */
export interface ResolutionRecord {
  name: string;
  use: { file: string; line: number; column?: number };
  shown: ShownDefinition[];
}

export type Judged =
  | { kind: 'right' }
  | { kind: 'wrong'; resolver: string[] }
  /** The resolver places the name outside the repository: a shown repository definition is wrong. */
  | { kind: 'outside'; resolver: string[] }
  | { kind: 'unplaced' }
  | { kind: 'failed' };

type Ask = (file: string, line: number, column: number) => Promise<Definition[] | null>;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The column of a name on a line: the first occurrence as a whole word (the record's own column when it has one). */
export function columnOf(text: string, name: string, from = 0): number | null {
  const m = new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`).exec(text.slice(from));
  return m === null ? null : from + m.index;
}

/** Whether a shown definition is the resolver's declaration: the same file, and the shown line from the declaration's first line to its name's. */
function matches(shown: ShownDefinition, d: Definition): boolean {
  if (!d.inside || d.file !== shown.file) return false;
  if (shown.line === d.line) return true;
  if (shown.endLine !== undefined && shown.line <= d.line && d.line <= shown.endLine) return true;
  return d.extent !== undefined && d.extent.start <= shown.line && shown.line <= d.line;
}

const where = (d: Definition): string => (d.inside ? `${d.file}:${d.line}` : d.file);

export async function judgeShown(_family: string, record: ResolutionRecord, shown: ShownDefinition, linesOf: (file: string) => string[], ask: Ask): Promise<Judged> {
  const useText = linesOf(record.use.file)[record.use.line - 1] ?? '';
  const column = record.use.column ?? columnOf(useText, record.name);
  if (column === null) return { kind: 'failed' };
  const answer = await ask(record.use.file, record.use.line, column);
  if (answer === null) return { kind: 'failed' };
  if (answer.length === 0) return { kind: 'unplaced' };
  const inside = answer.filter((d) => d.inside);
  if (inside.length === 0) return { kind: 'outside', resolver: answer.map(where) };
  if (inside.some((d) => matches(shown, d))) return { kind: 'right' };
  // A declaration and its definition are one entity (a C++ method declared in its class and defined
  // in a .cc file; a forward declaration): what the resolver says the shown name is, if it is one of
  // its answers for the use, makes the shown definition right.
  const shownText = linesOf(shown.file)[shown.line - 1] ?? '';
  const at = columnOf(shownText, record.name);
  if (at !== null) {
    const there = await ask(shown.file, shown.line, at);
    if (there !== null && there.some((t) => t.inside && inside.some((d) => d.file === t.file && d.line === t.line))) return { kind: 'right' };
  }
  return { kind: 'wrong', resolver: inside.map(where) };
}
