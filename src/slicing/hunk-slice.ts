import type { DiffFile, DiffLine, Slice, SliceAlgorithm, SliceSection } from '../types.js';
import { charsForTokens, estimateTokens } from '../support/tokens.js';
import { renderSections } from './render.js';
import { nothingToReview } from './source-text.js';
import { maxOf, minOf } from '../support/many.js';

/** The runs of changed lines of a hunk (deleted and added lines between context lines). */
function runs(lines: readonly DiffLine[]): { deleted: string[]; added: string[] }[] {
  const out: { deleted: string[]; added: string[] }[] = [];
  let run: { deleted: string[]; added: string[] } | null = null;
  for (const line of lines) {
    if (line.op === ' ') {
      run = null;
      continue;
    }
    if (run === null) out.push((run = { deleted: [], added: [] }));
    (line.op === '+' ? run.added : run.deleted).push(line.text);
  }
  return out;
}

/** Characters of a section's lines that fit a slice's token budget (estimateTokens's inverse, less a header's share). */
function charsFor(tokenBudget: number): number {
  return Math.max(200, charsForTokens(tokenBudget, 'code') - 200);
}

/**
 * Slices of a changed file reviewed from its diff alone (no language pack, too large to parse, a
 * parse that did not finish): each hunk as the diff has it, changed lines with the lines around
 * them — an original-diff slice without the syntax the AST would add. A hunk with added lines
 * reads as head code; a hunk that only deletes, as base code. Hunks that change only blank lines
 * or whitespace inside lines are left out; a hunk over the token budget is split into parts that
 * fit, each saying so, so nothing is cut.
 */
export function hunkSlices(
  file: DiffFile,
  reason: string,
  requestedAlgorithm: SliceAlgorithm,
  language: string,
  tokenBudget: number,
): Omit<Slice, 'id'>[] {
  return file.hunks.flatMap((hunk) => {
    if (runs(hunk.lines).every((r) => nothingToReview(r.deleted, r.added))) return [];
    const onHead = hunk.lines.some((l) => l.op === '+');
    const windows = splitLines(hunk.lines, charsFor(tokenBudget));
    return windows.flatMap((lines, part) => {
      const changed = lines.flatMap((l) => {
        const line = onHead ? (l.op === '+' ? l.new : null) : l.op === '-' ? l.old : null;
        return line === null ? [] : [line];
      });
      if (changed.length === 0) return [];
      const why = windows.length > 1 ? `${reason}; part ${part + 1} of ${windows.length} of a hunk over the slice token budget` : reason;
      const section: SliceSection = {
        file: onHead ? file.path : (file.oldPath ?? file.path),
        side: onHead ? 'head' : 'base',
        context: null,
        diffOnly: why,
        lines: lines.map((l) => ({ op: l.op, old: l.old, new: l.new, text: l.text })),
      };
      const rendered = renderSections([section]);
      return [
        {
          algorithm: 'original-diff' as const,
          requestedAlgorithm,
          seed: { file: section.file, startLine: minOf(changed), endLine: maxOf(changed) },
          sections: [section],
          rendered,
          tokens: estimateTokens(rendered, 'code'),
          language,
        },
      ];
    });
  });
}

/** Consecutive windows of lines whose text fits `chars` each (a longer line is split in pieces, each a window of its own). */
function splitLines(lines: readonly DiffLine[], chars: number): DiffLine[][] {
  const windows: DiffLine[][] = [];
  let current: DiffLine[] = [];
  let size = 0;
  for (const line of lines) {
    for (const piece of longLinePieces(line, chars)) {
      if (current.length > 0 && size + piece.text.length + 8 > chars) {
        windows.push(current);
        current = [];
        size = 0;
      }
      current.push(piece);
      size += Math.min(piece.text.length + 8, chars);
    }
  }
  if (current.length > 0) windows.push(current);
  return windows;
}

/**
 * A line longer than one slice holds, as pieces that each fit `chars` (the same line numbers, the
 * text marked where it goes on): a slice or part per piece, so that no character of it goes
 * unseen. A line that fits is its one piece.
 */
export function longLinePieces<T extends { text: string }>(line: T, chars: number): T[] {
  const size = Math.max(100, chars - 80);
  if (line.text.length + 10 <= chars) return [line];
  const pieces: T[] = [];
  for (let at = 0, n = 1, count = Math.ceil(line.text.length / size); at < line.text.length; at += size, n++) {
    pieces.push({
      ...line,
      text: `${at > 0 ? '… ' : ''}${line.text.slice(at, at + size)}${at + size < line.text.length ? ` … (piece ${n} of ${count} of one long line)` : ''}`,
    });
  }
  return pieces;
}
