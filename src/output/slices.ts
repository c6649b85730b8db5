import type { ReviewResult, Slice, SliceStats } from '../types.js';
import type { SliceResult } from '../slicing/index.js';
import { sectionHeader } from '../slicing/render.js';
import { coverageCounts } from './coverage.js';

/** What a review's result and a dry run's summary keep of a slice: where it is, how it was built, its size. */
export function sliceSummary(s: Pick<Slice, 'id' | 'seed' | 'algorithm' | 'degraded' | 'tokens'>): ReviewResult['slices'][number] {
  return {
    id: s.id,
    file: s.seed.file,
    startLine: s.seed.startLine,
    endLine: s.seed.endLine,
    algorithm: s.algorithm,
    ...(s.degraded !== undefined ? { degraded: s.degraded } : {}),
    tokens: s.tokens,
  };
}

/** One slice as `keybug slice --format json` shows it. */
export function sliceJson(s: Slice): unknown {
  return {
    id: s.id,
    algorithm: s.algorithm,
    requestedAlgorithm: s.requestedAlgorithm,
    ...(s.degraded !== undefined ? { degraded: s.degraded } : {}),
    seed: s.seed,
    language: s.language,
    sections: s.sections.map((sec) => ({
      file: sec.file,
      side: sec.side,
      context: sec.context,
      header: sectionHeader(sec),
      lines: sec.lines.map((l) => ({ new: l.new, old: l.old, op: l.op, text: l.text })),
    })),
    rendered: s.rendered,
    tokens: s.tokens,
    ...(s.resolutions !== undefined ? { resolutions: s.resolutions } : {}),
  };
}

/** The JSON of `keybug slice --format json`, as one value (the streamed writer writes the same text). */
export function sliceResultToJson(result: SliceResult): unknown {
  return { slices: result.slices.map(sliceJson), files: result.stats.files, stats: result.stats };
}

/** `value` as JSON indented by two spaces, placed `depth` levels deep in an indented document. */
export function indentedJson(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n' + '  '.repeat(depth));
}

/**
 * Writes `keybug slice`'s output as the slices come, a part of a large change at a time, so that
 * none is kept once written: the text is the same as that of the whole result at once
 * (JSON.stringify indented by two, or renderSlicesText). `write` gets whole slices (a slice is never
 * cut between two writes, so secret masking sees each whole).
 */
export class SliceWriter {
  private count = 0;

  constructor(
    private readonly format: 'json' | 'text',
    private readonly write: (text: string) => void,
  ) {}

  /** Writes the slices of one part. */
  slices(slices: readonly Slice[]): void {
    for (const slice of slices) {
      const first = this.count++ === 0;
      if (this.format === 'json') this.write(`${first ? '{\n  "slices": [\n' : ',\n'}    ${indentedJson(sliceJson(slice), 2)}`);
      else
        this.write(
          `=== ${slice.id} · ${slice.seed.file}:${slice.seed.startLine}-${slice.seed.endLine} · ${slice.language} · ${algorithmNote(slice)} · ~${slice.tokens} tokens ===\n${slice.rendered}\n\n`,
        );
    }
  }

  /**
   * Ends the output of a run that failed after some slices were written: the JSON stays one valid
   * document, with the slices already written and the error in place of the coverage and stats; the
   * text ends with a line that says the list is cut short. The error itself goes to stderr as well.
   */
  fail(error: string): void {
    if (this.format === 'json') {
      const opening = this.count === 0 ? '{\n  "slices": [],\n' : '\n  ],\n';
      this.write(`${opening}  "error": ${JSON.stringify(error)}\n}\n`);
      return;
    }
    if (this.count > 0) this.write(`${this.count} slice(s) written before slicing failed: ${error}\n`);
  }

  /** Writes what follows the slices: the files' coverage and the stats (JSON), or the totals (text). */
  end(stats: SliceStats): void {
    if (this.format === 'json') {
      const opening = this.count === 0 ? '{\n  "slices": [],\n' : '\n  ],\n';
      this.write(`${opening}  "files": ${indentedJson(stats.files, 1)},\n  "stats": ${indentedJson(stats, 1)}\n}\n`);
      return;
    }
    const out: string[] = [];
    const { filesParsed, bytesParsed, bytesIndexed, milliseconds } = stats;
    const searched = bytesIndexed > 0 ? `, ${bytesIndexed} bytes indexed for name searches` : '';
    out.push(`${this.count} slice(s); ${filesParsed} file(s) parsed, ${bytesParsed} bytes${searched}, ${milliseconds} ms.`);
    for (const f of stats.files)
      if (f.coverage !== 'context')
        out.push(
          `${f.coverage === 'diff' ? 'from the diff only' : f.coverage === 'skipped' ? 'skipped' : 'NOT REVIEWED'}: ${f.path}: ${f.reason ?? ''}`,
        );
    out.push(coverageCounts(stats.files) + '.');
    this.write(out.join('\n') + '\n');
  }
}

function algorithmNote(slice: Slice): string {
  if (slice.algorithm === slice.requestedAlgorithm) return slice.algorithm;
  const why = slice.degraded ?? (slice.sections.some((s) => s.diffOnly !== undefined) ? 'reviewed from the diff' : 'over the token budget');
  return `${slice.algorithm} (requested ${slice.requestedAlgorithm}; ${why})`;
}

/** Human-readable slices for `keybug slice --format text`, as one text (the streamed writer writes the same). */
export function renderSlicesText(result: SliceResult): string {
  const chunks: string[] = [];
  const writer = new SliceWriter('text', (text) => void chunks.push(text));
  writer.slices(result.slices);
  writer.end(result.stats);
  return chunks.join('');
}
