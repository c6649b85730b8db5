import { QUOTE_WINDOW, type Finding, type Slice, type SliceLine } from '../types.js';

/** Where a finding may sit: a line the slice shows, on the side that line belongs to. */
interface Place {
  path: string;
  side: 'RIGHT' | 'LEFT';
  line: number;
  text: string;
}

/** The result of checking a reviewer's location against its slice. */
export type Located = { ok: true; finding: Finding; correction: string | null } | { ok: false; reason: string };

/** Every line of the slice with the coordinates a finding can use (RIGHT: new number, LEFT: old number of a deleted line). */
export function placesOf(slice: Slice): Place[] {
  const places: Place[] = [];
  for (const section of slice.sections) {
    for (const line of section.lines) {
      const place = placeOf(section.file, line);
      if (place) places.push(place);
    }
  }
  return places;
}

function placeOf(path: string, line: SliceLine): Place | null {
  if (line.op === '-') return line.old === null ? null : { path, side: 'LEFT', line: line.old, text: line.text };
  return line.new === null ? null : { path, side: 'RIGHT', line: line.new, text: line.text };
}

/** Code with its runs of whitespace made one space, as quotes are compared. */
export const normalize = (code: string): string => code.replace(/\s+/g, ' ').trim();

/** True when a line holds a (normalized) quote: the whole line, or a part of it of 8 characters or more. */
export const holdsQuote = (text: string, quote: string): boolean =>
  normalize(text) === quote || (quote.length >= 8 && normalize(text).includes(quote));

/**
 * Checks that a finding points into its slice. A model often gets a line number slightly wrong; the
 * quoted code line is the better witness, so a finding whose range is not in the slice, or whose
 * quote is not on its lines, is moved to the line holding the quote — only within QUOTE_WINDOW lines
 * of its range in the same file: the same code farther away is other code. Otherwise a range the
 * slice shows is kept as reported; a finding with neither is a hallucinated location and dropped.
 */
export function locate(finding: Finding, slice: Slice): Located {
  const places = placesOf(slice);
  const at = (path: string, side: string, line: number): Place | undefined =>
    places.find((p) => p.path === path && p.side === side && p.line === line);
  const quote = normalize(finding.quote);
  const startLine = Math.min(finding.startLine, finding.line);
  const line = Math.max(finding.startLine, finding.line);
  const rangeShown = at(finding.path, finding.side, startLine) !== undefined && at(finding.path, finding.side, line) !== undefined;
  const rangeHasQuote =
    quote !== '' &&
    places.some(
      (p) =>
        p.path === finding.path && p.side === finding.side && p.line >= startLine && p.line <= line && normalize(p.text).includes(quote),
    );
  if (rangeShown && (rangeHasQuote || quote === '')) return { ok: true, finding: { ...finding, startLine, line }, correction: null };

  const distance = (p: Place): number => (p.line < startLine ? startLine - p.line : p.line > line ? p.line - line : 0);
  const matches = quote === '' ? [] : places.filter((p) => holdsQuote(p.text, quote));
  const near = matches.filter((p) => p.path === finding.path && distance(p) <= QUOTE_WINDOW);
  if (near.length > 0) {
    // Several lines can carry the same code: take the one nearest to the claimed range, on the claimed side first.
    const best = [...near].sort(
      (a, b) => distance(a) - distance(b) || Number(a.side !== finding.side) - Number(b.side !== finding.side),
    )[0] as Place;
    const moved = { ...finding, path: best.path, side: best.side, startLine: best.line, line: best.line };
    return {
      ok: true,
      finding: moved,
      correction: `location corrected from ${finding.path}:${finding.side}:${finding.startLine}-${finding.line} to ${best.path}:${best.side}:${best.line}, where the quoted code is`,
    };
  }
  const far =
    matches.length === 0
      ? 'the quoted code is not in the slice'
      : `the quoted code is in the slice only farther than ${QUOTE_WINDOW} lines from it (${matches
          .slice(0, 3)
          .map((p) => `${p.path}:${p.line}`)
          .join(', ')}), which is other code`;
  if (rangeShown)
    return {
      ok: true,
      finding: { ...finding, startLine, line },
      correction: `${far}; kept the location ${finding.path}:${line}, which the slice shows`,
    };
  return {
    ok: false,
    reason: `hallucinated location: ${finding.path}:${finding.side}:${finding.startLine}-${finding.line} is not a line of slice ${slice.id}, and ${far}`,
  };
}
