import type { DiffFile, Slice, SliceAlgorithm, SliceSection } from '../types.js';
import { estimateTokens, renderSections } from './render.js';

/**
 * Slices of a changed file too large to parse: each hunk as the diff has it (changed lines and
 * their context), an original-diff slice without the syntax the AST would add. A hunk with added
 * lines reads as head code; a hunk that only deletes, as base code.
 */
export function hunkSlices(file: DiffFile, reason: string, requestedAlgorithm: SliceAlgorithm): Omit<Slice, 'id'>[] {
  return file.hunks.flatMap((hunk) => {
    const onHead = hunk.lines.some((l) => l.op === '+');
    const changed = hunk.lines.flatMap((l) => {
      const line = onHead ? (l.op === '+' ? l.new : null) : l.op === '-' ? l.old : null;
      return line === null ? [] : [line];
    });
    if (changed.length === 0) return [];
    const section: SliceSection = {
      file: onHead ? file.path : (file.oldPath ?? file.path),
      side: onHead ? 'head' : 'base',
      context: null,
      unparsed: reason,
      lines: hunk.lines.map((l) => ({ op: l.op, old: l.old, new: l.new, text: l.text })),
    };
    const rendered = renderSections([section]);
    return [{ algorithm: 'original-diff', requestedAlgorithm, seed: { file: section.file, startLine: Math.min(...changed), endLine: Math.max(...changed) }, sections: [section], rendered, tokens: estimateTokens(rendered) }];
  });
}
