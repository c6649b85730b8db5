import type { Resolution } from '../types.js';
import type { Side } from './definition.js';

/** The lines one slice shows of one file and side. */
export interface FileLines {
  path: string;
  side: Side;
  lines: Set<number>;
  /** Base lines shown as deleted inside a head section (mixed hunks). */
  deleted: Set<number>;
}

/** The set of lines a slice holds, per file and side; the order files were added in is kept. */
export class SliceContent {
  readonly files = new Map<string, FileLines>();
  /** With SliceOptions.explain: the names the slice resolved and the definitions it shows for them; null without. */
  resolutions: Resolution[] | null = null;
  /**
   * Changed units of imports alone that nothing the flow found is tied to, by SeedUnit.key, with
   * why (UnitTrace.importUses): a slice of such units alone is reviewed from the diff.
   */
  readonly untied = new Map<string, string>();

  /** Records a definition shown for a name used at `use` (one entry per name, use and kind). */
  explain(entry: Omit<Resolution, 'definitions'>, definition: Resolution['definitions'][number]): void {
    this.resolutions ??= [];
    const key = resolutionKey(entry);
    let known = this.resolutions.find((r) => resolutionKey(r) === key);
    if (known === undefined) this.resolutions.push((known = { ...entry, definitions: [] }));
    if (
      !known.definitions.some(
        (d) =>
          d.file === definition.file &&
          d.side === definition.side &&
          d.startLine === definition.startLine &&
          d.endLine === definition.endLine,
      )
    )
      known.definitions.push(definition);
  }

  private entry(path: string, side: Side): FileLines {
    const key = `${side}\0${path}`;
    let entry = this.files.get(key);
    if (entry === undefined) {
      entry = { path, side, lines: new Set(), deleted: new Set() };
      this.files.set(key, entry);
    }
    return entry;
  }

  add(path: string, side: Side, lines: Iterable<number>): void {
    const entry = this.entry(path, side);
    for (const line of lines) {
      entry.lines.add(line);
    }
  }

  addRange(path: string, side: Side, start: number, end: number): void {
    const lines: number[] = [];
    for (let l = start; l <= end; l++) lines.push(l);
    this.add(path, side, lines);
  }

  addDeleted(path: string, oldLines: Iterable<number>): void {
    const entry = this.entry(path, 'head');
    for (const line of oldLines) entry.deleted.add(line);
  }

  has(path: string, side: Side, line: number): boolean {
    return this.files.get(`${side}\0${path}`)?.lines.has(line) ?? false;
  }

  union(other: SliceContent): this {
    for (const entry of other.files.values()) {
      const mine = this.entry(entry.path, entry.side);
      for (const l of entry.lines) mine.lines.add(l);
      for (const l of entry.deleted) mine.deleted.add(l);
    }
    for (const r of other.resolutions ?? []) for (const d of r.definitions) this.explain(r, d);
    for (const [unit, why] of other.untied) this.untied.set(unit, why);
    return this;
  }

  /** True when every line of `other` is here too. */
  contains(other: SliceContent): boolean {
    for (const entry of other.files.values()) {
      for (const l of entry.lines) if (!this.has(entry.path, entry.side, l)) return false;
      const mine = this.files.get(`head\0${entry.path}`);
      for (const l of entry.deleted) if (!mine?.deleted.has(l)) return false;
    }
    return true;
  }
}

function resolutionKey(r: Omit<Resolution, 'definitions'>): string {
  return `${r.kind}\0${r.name}\0${r.side}\0${r.use.file}\0${r.use.line}\0${r.use.column ?? ''}`;
}
