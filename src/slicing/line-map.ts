import type { DiffFile, DiffLine } from '../types.js';

/**
 * Both sides' line numbers of one file of the diff: which head lines were added, which base lines
 * were deleted, where deleted lines sit among head lines, and the other side's number of a kept line.
 * A file outside the diff maps every line to itself.
 */
export class LineMap {
  private readonly added = new Set<number>();
  private readonly deleted = new Map<number, DiffLine>();
  /** Kept lines inside hunks, and the start of every hunk, as [new, old] anchors in order. */
  private readonly anchors: [number, number][] = [];
  /** Where each deleted base line sits among head lines, as a fractional head position. */
  private readonly deletedPosition = new Map<number, number>();

  constructor(readonly file: DiffFile | null) {
    if (file === null) return;
    for (const hunk of file.hunks) {
      let lastNew = hunk.newLines === 0 ? hunk.newStart : hunk.newStart - 1;
      let k = 0;
      for (const line of hunk.lines) {
        if (line.op === '+' && line.new !== null) this.added.add(line.new);
        if (line.op === '-' && line.old !== null) {
          this.deleted.set(line.old, line);
          this.deletedPosition.set(line.old, lastNew + 0.5 + ++k * 1e-4);
        }
        if (line.new !== null) lastNew = line.new;
        if (line.op === ' ' && line.new !== null && line.old !== null) this.anchors.push([line.new, line.old]);
      }
      const oldEnd = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart + hunk.oldLines - 1;
      const newEnd = hunk.newLines === 0 ? hunk.newStart : hunk.newStart + hunk.newLines - 1;
      this.anchors.push([newEnd + 1, oldEnd + 1]);
    }
    this.anchors.sort((a, b) => a[0] - b[0]);
  }

  isAdded(newLine: number): boolean {
    return this.added.has(newLine);
  }

  isDeleted(oldLine: number): boolean {
    return this.deleted.has(oldLine);
  }

  /** Base number of a kept head line (null for added lines). */
  oldOf(newLine: number): number | null {
    if (this.added.has(newLine)) return null;
    return this.translate(newLine, 0, 1);
  }

  /** Head number of a kept base line (null for deleted lines). */
  newOf(oldLine: number): number | null {
    if (this.deleted.has(oldLine)) return null;
    return this.translate(oldLine, 1, 0);
  }

  /** Text of a deleted base line (from the diff). */
  deletedText(oldLine: number): string {
    return this.deleted.get(oldLine)?.text ?? '';
  }

  /** A sort key that places a deleted base line among head lines. */
  positionOfDeleted(oldLine: number): number {
    return this.deletedPosition.get(oldLine) ?? oldLine;
  }

  /** Added head lines and deleted base lines, ascending. */
  changed(): { added: number[]; deleted: number[] } {
    return { added: [...this.added].sort((a, b) => a - b), deleted: [...this.deleted.keys()].sort((a, b) => a - b) };
  }

  /** Deleted base lines grouped with the added head lines of the same run of changed lines in a hunk. */
  runs(): { added: number[]; deleted: number[] }[] {
    const runs: { added: number[]; deleted: number[] }[] = [];
    for (const hunk of this.file?.hunks ?? []) {
      let run: { added: number[]; deleted: number[] } | null = null;
      for (const line of hunk.lines) {
        if (line.op === ' ') {
          run = null;
          continue;
        }
        if (run === null) runs.push((run = { added: [], deleted: [] }));
        if (line.op === '+' && line.new !== null) run.added.push(line.new);
        if (line.op === '-' && line.old !== null) run.deleted.push(line.old);
      }
    }
    return runs;
  }

  /** Maps a kept line from one side to the other through the nearest anchor at or before it. */
  private translate(line: number, from: 0 | 1, to: 0 | 1): number {
    let best: [number, number] | null = null;
    for (const anchor of this.anchors) {
      if (anchor[from] <= line && (best === null || anchor[from] >= best[from])) best = anchor;
    }
    return best === null ? line : line - best[from] + best[to];
  }
}
