import { QUOTE_WINDOW, type Evidence, type Finding, type Slice } from '../types.js';
import { holdsQuote, normalize } from './locate.js';
import type { RepositoryTools } from './tools/index.js';

/** The reason a finding without valid evidence is dropped with (the start of DroppedFinding.reason). */
export const NO_EVIDENCE = 'no-evidence';

/** A cited range longer than this proves nothing in particular: it is not taken. */
const MAX_CITED_LINES = 200;
/** Ranges of one finding checked at most. */
const MAX_CITED_RANGES = 8;

/** What the check made of one finding's evidence: the ranges that hold, and why the others do not. */
export interface EvidenceVerdict {
  valid: Evidence[];
  problems: string[];
  /** Ranges moved to where their quoted code is. */
  corrections: string[];
}

/**
 * Checks the evidence findings cite: every range must be lines of a tracked file at its side (the
 * slice shows them, or the repository has them), and with `quotes`, its quoted line must be one of
 * them. The slice is asked first; the repository (through the tools' gate: no link, no submodule,
 * nothing over 1 MB) for the rest. Without a repository, only what the slice shows can be checked.
 */
export class EvidenceCheck {
  constructor(private readonly repository: RepositoryTools | null) {}

  async check(
    finding: Finding,
    slice: Slice,
    quotes: boolean,
    cited: readonly Evidence[] | undefined = finding.evidence,
  ): Promise<EvidenceVerdict> {
    const verdict: EvidenceVerdict = { valid: [], problems: [], corrections: [] };
    const ranges = (cited ?? []).slice(0, MAX_CITED_RANGES);
    if (ranges.length === 0) verdict.problems.push('it cites no evidence (file and lines at base or head)');
    for (const e of ranges) {
      const checked = await this.checkRange(e, slice, quotes);
      const where = `${e.path}:${e.startLine}-${e.endLine} (${e.side})`;
      if ('problem' in checked) verdict.problems.push(`${where}: ${checked.problem}`);
      else {
        verdict.valid.push(checked.evidence);
        if (checked.evidence.startLine !== e.startLine)
          verdict.corrections.push(
            `${where} moved to lines ${checked.evidence.startLine}-${checked.evidence.endLine}, where its quoted code is`,
          );
      }
    }
    return verdict;
  }

  /**
   * One cited range, checked: its lines must exist; with `quotes`, its quote must be one of them. As
   * with a finding's location, a range whose quote sits within QUOTE_WINDOW lines of it is moved there.
   */
  private async checkRange(e: Evidence, slice: Slice, quotes: boolean): Promise<{ evidence: Evidence } | { problem: string }> {
    if (!Number.isSafeInteger(e.startLine) || !Number.isSafeInteger(e.endLine) || e.startLine < 1)
      return { problem: 'the lines are not line numbers' };
    if (e.endLine < e.startLine) return { problem: 'the range ends before it starts' };
    const length = e.endLine - e.startLine;
    if (length + 1 > MAX_CITED_LINES) return { problem: `a range of over ${MAX_CITED_LINES} lines cites nothing in particular` };
    const from = Math.max(1, e.startLine - (quotes ? QUOTE_WINDOW : 0));
    const lines = await this.lines(e, slice, from, e.endLine + (quotes ? QUOTE_WINDOW : 0));
    if (typeof lines === 'string') return { problem: lines };
    const missing = Array.from({ length: length + 1 }, (_, i) => e.startLine + i).find((n) => !lines.text.has(n));
    const evidence = { path: e.path, side: e.side, startLine: e.startLine, endLine: e.endLine, quote: e.quote };
    if (!quotes)
      return missing === undefined
        ? { evidence }
        : { problem: lines.total !== null ? `the file has ${lines.total} lines at ${e.side}` : 'the lines are not in the slice' };
    const quote = normalize(e.quote);
    if (quote === '') return { problem: 'it quotes no code' };
    const holds = (n: number): boolean => {
      const text = lines.text.get(n);
      return text !== undefined && holdsQuote(text, quote);
    };
    if (missing === undefined) for (let n = e.startLine; n <= e.endLine; n++) if (holds(n)) return { evidence };
    const near = [...lines.text.keys()].filter(holds).sort((a, b) => distance(a, e) - distance(b, e) || a - b)[0];
    if (near === undefined || distance(near, e) > QUOTE_WINDOW)
      return {
        problem:
          missing === undefined
            ? 'the quoted code is not on the cited lines'
            : lines.total !== null
              ? `the file has ${lines.total} lines at ${e.side}, and the quoted code is not near the cited lines`
              : 'the lines are not in the slice',
      };
    const start = near < e.startLine ? near : near - length;
    return { evidence: { ...evidence, startLine: Math.max(1, start), endLine: Math.max(1, start) + length } };
  }

  /** Lines `from`..`to` of the cited file: those the slice shows, and the rest from the repository (when there is one); or why they cannot be read. */
  private async lines(
    e: Evidence,
    slice: Slice,
    from: number,
    to: number,
  ): Promise<{ text: Map<number, string>; total: number | null } | string> {
    const text = new Map<number, string>();
    for (const section of slice.sections) {
      if (section.file !== e.path) continue;
      for (const l of section.lines) {
        const n = e.side === 'head' ? l.new : l.old;
        if (n !== null && n >= from && n <= to && (e.side === 'head' ? l.op !== '-' : l.op !== '+')) text.set(n, l.text);
      }
    }
    if (this.repository === null || Array.from({ length: to - from + 1 }, (_, i) => from + i).every((n) => text.has(n)))
      return { text, total: null };
    const read = await this.repository.lines(e.path, e.side, from, to);
    if (!read.ok) return text.size > 0 ? { text, total: null } : read.refusal;
    read.lines.forEach((line, i) => text.set(from + i, line));
    return { text, total: read.totalLines };
  }
}

/** How far a line is from a cited range (0 inside it). */
function distance(n: number, e: Evidence): number {
  return n < e.startLine ? e.startLine - n : n > e.endLine ? n - e.endLine : 0;
}

/** The reason a finding is dropped for: its problems, the first few. */
export function noEvidenceReason(verdict: EvidenceVerdict, stage: string): string {
  const shown = verdict.problems.slice(0, 3).join('; ');
  return `${NO_EVIDENCE}: ${stage} found no valid evidence (${shown}${verdict.problems.length > 3 ? `; and ${verdict.problems.length - 3} more` : ''})`;
}
