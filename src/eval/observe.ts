/**
 * Turns the findings a review run kept after each stage into comments the metrics can score: in
 * head-side coordinates (a comment on a deleted line counts where the deletion is in the head), and
 * with whether the line the model wrote for it was one the slice showed.
 */
import { placesOf } from '../review/locate.js';
import type { Diff, DiffFile, Finding, Slice } from '../types.js';
import type { ScoredComment } from './metrics.js';

const fileKey = (path: string, side: string): string => `${path}\0${side}`;

/** The head line where a deleted (base) line was: the first head line after it in its hunk, else the last one before it. */
export function headLineOfDeleted(file: DiffFile, oldLine: number): number | null {
  for (const hunk of file.hunks) {
    const at = hunk.lines.findIndex((l) => l.op === '-' && l.old === oldLine);
    if (at === -1) continue;
    const after = hunk.lines.slice(at).find((l) => l.new !== null);
    if (after?.new != null) return after.new;
    const before = hunk.lines
      .slice(0, at)
      .reverse()
      .find((l) => l.new !== null);
    return before?.new ?? Math.max(1, hunk.newStart);
  }
  return null;
}

/**
 * Scores the findings of one stage of one run. It is given the run's slices a part at a time
 * (`add`), keeping of each only which lines it showed, as runs of consecutive lines, and the diff
 * once the run has it: a large change's slices show hundreds of thousands of lines, and a set of
 * numbers per slice and file held every one of them to the end of the run.
 */
export class CommentPlacer {
  /** By slice id: the lines it shows, as (file and side, first line, last line) triples; the file and side by their place in `keys`. */
  private readonly shown = new Map<string, number[]>();
  private readonly keys = new Map<string, number>();
  private readonly files = new Map<string, DiffFile>();

  add(slices: readonly Slice[]): void {
    for (const slice of slices) {
      const lines = new Map<number, number[]>();
      for (const place of placesOf(slice)) {
        const key = fileKey(place.path, place.side);
        let at = this.keys.get(key);
        if (at === undefined) this.keys.set(key, (at = this.keys.size));
        const numbers = lines.get(at) ?? [];
        lines.set(at, numbers);
        numbers.push(place.line);
      }
      const runs: number[] = [];
      for (const [at, numbers] of lines) {
        numbers.sort((a, b) => a - b);
        for (let i = 0; i < numbers.length;) {
          const first = numbers[i] as number;
          let last = first;
          for (i++; i < numbers.length && (numbers[i] as number) <= last + 1; i++) last = numbers[i] as number;
          runs.push(at, first, last);
        }
      }
      this.shown.set(slice.id, runs);
    }
  }

  /** True when slice `sliceId` shows line `line` of `path` on `side`. */
  private shows(sliceId: string, path: string, side: string, line: number): boolean {
    const at = this.keys.get(fileKey(path, side));
    const runs = this.shown.get(sliceId);
    if (at === undefined || runs === undefined) return false;
    for (let i = 0; i < runs.length; i += 3)
      if (runs[i] === at && (runs[i + 1] as number) <= line && line <= (runs[i + 2] as number)) return true;
    return false;
  }

  /** The changed files the findings name (where a comment on a deleted line counts in the head). */
  useDiff(diff: Pick<Diff, 'files'>, findings: readonly Finding[]): void {
    const named = new Set(findings.map((f) => f.path));
    for (const file of diff.files) {
      if (named.has(file.path)) this.files.set(file.path, file);
      if (file.oldPath !== null && named.has(file.oldPath) && !this.files.has(file.oldPath)) this.files.set(file.oldPath, file);
    }
  }

  comment(finding: Finding): ScoredComment {
    const file = this.files.get(finding.path);
    const path = file?.path ?? finding.path;
    let startLine = Math.min(finding.startLine, finding.line);
    let endLine = Math.max(finding.startLine, finding.line);
    if (finding.side === 'LEFT' && file !== undefined) {
      startLine = headLineOfDeleted(file, startLine) ?? startLine;
      endLine = headLineOfDeleted(file, endLine) ?? endLine;
    }
    const written = finding.reported ?? finding;
    const lineShown = this.shows(finding.sliceId, written.path, written.side, written.line);
    return { id: finding.id, path, startLine, endLine, lineShown };
  }

  comments(findings: readonly Finding[]): ScoredComment[] {
    return findings.map((f) => this.comment(f));
  }
}
