import type { Finding, Slice, SliceLine } from '../types.js';

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

const normalize = (code: string): string => code.replace(/\s+/g, ' ').trim();

/**
 * Checks that a finding points into its slice. A model often gets a line number slightly wrong
 * (or invents one); the quoted code line is the better witness, so a finding whose range is not in
 * the slice, or whose quote is not on its lines, is moved to the line that matches the quote. A
 * finding with neither a valid range nor a quote found in the slice is a hallucinated location.
 */
export function locate(finding: Finding, slice: Slice): Located {
  const places = placesOf(slice);
  const at = (path: string, side: string, line: number): Place | undefined => places.find((p) => p.path === path && p.side === side && p.line === line);
  const quote = normalize(finding.quote);
  const startLine = Math.min(finding.startLine, finding.line);
  const line = Math.max(finding.startLine, finding.line);
  const rangeShown = at(finding.path, finding.side, startLine) !== undefined && at(finding.path, finding.side, line) !== undefined;
  const rangeHasQuote = quote !== '' && places.some((p) => p.path === finding.path && p.side === finding.side && p.line >= startLine && p.line <= line && normalize(p.text).includes(quote));
  if (rangeShown && (rangeHasQuote || quote === '')) return { ok: true, finding: { ...finding, startLine, line }, correction: null };

  const matches = quote === '' ? [] : places.filter((p) => normalize(p.text) === quote || (quote.length >= 8 && normalize(p.text).includes(quote)));
  if (matches.length > 0) {
    // Several lines can carry the same code: take the one nearest to the claimed line, same file first.
    const best = [...matches].sort((a, b) => Number(a.path !== finding.path) - Number(b.path !== finding.path) || Math.abs(a.line - line) - Math.abs(b.line - line))[0] as Place;
    const moved = { ...finding, path: best.path, side: best.side, startLine: best.line, line: best.line };
    return { ok: true, finding: moved, correction: `location corrected from ${finding.path}:${finding.side}:${finding.startLine}-${finding.line} to ${best.path}:${best.side}:${best.line}, where the quoted code is` };
  }
  if (rangeShown) return { ok: true, finding: { ...finding, startLine, line }, correction: `the quoted code was not found in the slice; kept the location ${finding.path}:${line}, which the slice shows` };
  return { ok: false, reason: `hallucinated location: ${finding.path}:${finding.side}:${finding.startLine}-${finding.line} is not a line of slice ${slice.id}, and the quoted code is not in it` };
}
