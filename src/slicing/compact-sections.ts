import type { SliceLine, SliceSection } from '../types.js';

/** Numbers kept per line: its new and old numbers (-1 for none), its op, and where its text sits in the rendered slice. */
const FIELDS = 5;
const OPS: readonly SliceLine['op'][] = [' ', '+', '-'];

type SectionHead = Omit<SliceSection, 'lines'> & { count: number };

/**
 * The slice with its sections kept as numbers: every line's text, file and function name is in the
 * rendered slice already, so a line is its numbers, its op and where its text sits there (five
 * integers, against an object and a string of about 90 bytes). A large change holds its slices to
 * the end of the run: every file of a 1,030-file change made 370,000-490,000 slice lines. Reading
 * `sections` builds them (a new array each read; a text the rendered slice does not hold is kept as
 * it is). The texts found are equal, whichever occurrence is found.
 */
export function withCompactSections<T extends { sections: SliceSection[]; rendered: string }>(slice: T): T {
  const { rendered } = slice;
  let at = 0;
  const position = (text: string): number => {
    const found = text === '' ? -1 : rendered.indexOf(text, at);
    if (found >= 0) at = found + text.length;
    return found;
  };
  const taken = (text: string): string => {
    const found = position(text);
    return found < 0 ? text : rendered.slice(found, found + text.length);
  };
  const heads: SectionHead[] = [];
  const rows = new Int32Array(slice.sections.reduce((n, s) => n + s.lines.length, 0) * FIELDS);
  const loose = new Map<number, string>();
  let i = 0;
  for (const { lines, ...section } of slice.sections) {
    heads.push({
      ...section,
      file: taken(section.file),
      context: section.context === null ? null : taken(section.context),
      count: lines.length,
    });
    for (const line of lines) {
      const found = position(line.text);
      if (found < 0 && line.text !== '') loose.set(i, line.text);
      const o = i++ * FIELDS;
      rows[o] = line.new ?? -1;
      rows[o + 1] = line.old ?? -1;
      rows[o + 2] = OPS.indexOf(line.op);
      rows[o + 3] = Math.max(found, 0);
      rows[o + 4] = found < 0 ? 0 : found + line.text.length;
    }
  }
  const sections = (): SliceSection[] => {
    let row = 0;
    return heads.map(({ count, ...head }) => {
      const lines: SliceLine[] = [];
      for (const end = row + count; row < end; row++) {
        const o = row * FIELDS;
        const number = (k: number): number | null => ((rows[o + k] as number) < 0 ? null : (rows[o + k] as number));
        lines.push({
          new: number(0),
          old: number(1),
          op: OPS[rows[o + 2] as number] as SliceLine['op'],
          text: loose.get(row) ?? rendered.slice(rows[o + 3], rows[o + 4]),
        });
      }
      return { ...head, lines };
    });
  };
  const compact = { ...slice };
  Object.defineProperty(compact, 'sections', { get: sections, enumerable: true, configurable: true });
  return compact;
}
