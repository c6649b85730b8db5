import type { Slice } from '../types.js';
import type { SliceResult } from '../slicing/index.js';
import { sectionHeader } from '../slicing/render.js';
import { coverageCounts } from './coverage.js';

/** The JSON of `keybug slice --format json`. */
export function sliceResultToJson(result: SliceResult): unknown {
  return {
    slices: result.slices.map((s) => ({
      id: s.id,
      algorithm: s.algorithm,
      requestedAlgorithm: s.requestedAlgorithm,
      ...(s.degraded !== undefined ? { degraded: s.degraded } : {}),
      seed: s.seed,
      language: s.language,
      sections: s.sections.map((sec) => ({ file: sec.file, side: sec.side, context: sec.context, header: sectionHeader(sec), lines: sec.lines.map((l) => ({ new: l.new, old: l.old, op: l.op, text: l.text })) })),
      rendered: s.rendered,
      tokens: s.tokens,
      ...(s.resolutions !== undefined ? { resolutions: s.resolutions } : {}),
    })),
    files: result.stats.files,
    stats: result.stats,
  };
}

function algorithmNote(slice: Slice): string {
  if (slice.algorithm === slice.requestedAlgorithm) return slice.algorithm;
  const why = slice.degraded ?? (slice.sections.some((s) => s.diffOnly !== undefined) ? 'reviewed from the diff' : 'over the token budget');
  return `${slice.algorithm} (requested ${slice.requestedAlgorithm}; ${why})`;
}

/** Human-readable slices for `keybug slice --format text`. */
export function renderSlicesText(result: SliceResult): string {
  const out: string[] = [];
  for (const slice of result.slices) {
    out.push(`=== ${slice.id} · ${slice.seed.file}:${slice.seed.startLine}-${slice.seed.endLine} · ${slice.language} · ${algorithmNote(slice)} · ~${slice.tokens} tokens ===`);
    out.push(slice.rendered, '');
  }
  const { filesParsed, bytesParsed, bytesIndexed, milliseconds } = result.stats;
  const searched = bytesIndexed > 0 ? `, ${bytesIndexed} bytes indexed for name searches` : '';
  out.push(`${result.slices.length} slice(s); ${filesParsed} file(s) parsed, ${bytesParsed} bytes${searched}, ${milliseconds} ms.`);
  for (const f of result.stats.files) if (f.coverage !== 'context') out.push(`${f.coverage === 'diff' ? 'from the diff only' : f.coverage === 'skipped' ? 'skipped' : 'NOT REVIEWED'}: ${f.path}: ${f.reason ?? ''}`);
  out.push(coverageCounts(result.stats.files) + '.');
  return out.join('\n') + '\n';
}

