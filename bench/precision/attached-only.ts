// Slices that hold only imports, attributes or decorators (issue 33: "no slice that holds only
// imports, attributes or decorators"), told from the lines each slice shows with the pack's own
// knowledge of those lines: FileIndex.attachedAt, the structure queries' `@attached.import` and
// `@attached.attribute`, which the slicer reads to join such lines to the code they belong to.
import type { Git } from '../../src/git/git.js';
import { FileIndex } from '../../src/slicing/file-index.js';
import { loadPack, type PackChooser } from '../../src/slicing/packs.js';
import { decodeSource } from '../../src/slicing/source-text.js';
import type { Slice } from '../../src/types.js';

/** A file of one side parsed by its pack, for the lines of it a slice shows (null: no pack, or not readable). */
export type IndexOf = (file: string, side: 'head' | 'base', lines: readonly number[]) => Promise<FileIndex | null>;

/** A slice that holds nothing but imports, attributes or decorators: where, and the lines it shows. */
export interface AttachedOnly {
  slice: string;
  seed: string;
  /** The shown lines, `file:line` (`-file:line` for the base side), with their text. */
  lines: string[];
}

/**
 * The shown lines of a slice, by file and side: a head section's added and context lines on the
 * head, its deleted lines and a base section's lines on the base (at the diff's base path).
 */
function shownBySide(
  slice: Slice,
  basePath: (file: string) => string,
): Map<string, { file: string; side: 'head' | 'base'; lines: Map<number, string> }> {
  const by = new Map<string, { file: string; side: 'head' | 'base'; lines: Map<number, string> }>();
  const add = (file: string, side: 'head' | 'base', line: number, text: string): void => {
    const k = `${side}\0${file}`;
    let entry = by.get(k);
    if (entry === undefined) by.set(k, (entry = { file, side, lines: new Map() }));
    entry.lines.set(line, text);
  };
  for (const sec of slice.sections)
    for (const l of sec.lines) {
      if (sec.side === 'head' && l.op !== '-' && l.new !== null) add(sec.file, 'head', l.new, l.text);
      else if (l.old !== null) add(sec.side === 'head' ? basePath(sec.file) : sec.file, 'base', l.old, l.text);
    }
  return by;
}

/**
 * Null when the slice shows some code of its own; otherwise what it shows. Code is a line that is not
 * trivial (blank, brackets, a comment), not an import, attribute or decorator, and not a header
 * around one of those shown (Go's `import (`, the class of a decorated method). A section shown
 * as a bare diff (no pack, too large to parse) counts as code: nothing tells its lines apart.
 */
export async function attachedOnly(
  slice: Slice,
  indexOf: IndexOf,
  basePath: (file: string) => string = (f) => f,
): Promise<AttachedOnly | null> {
  if (slice.sections.some((s) => s.diffOnly !== undefined)) return null;
  const shown: string[] = [];
  let attached = 0;
  for (const { file, side, lines } of shownBySide(slice, basePath).values()) {
    const numbers = [...lines.keys()].sort((a, b) => a - b);
    const index = await indexOf(file, side, numbers);
    if (index === null) return null;
    const headers = new Set<number>();
    for (const n of numbers) if (index.attachedAt(n) !== null) for (const h of index.enclosingHeaders({ start: n, end: n })) headers.add(h);
    for (const n of numbers) {
      if (index.attachedAt(n) !== null) attached++;
      else if (!index.isTrivialLine(n) && !headers.has(n)) return null;
      shown.push(`${side === 'base' ? '-' : ''}${file}:${n} ${(lines.get(n) ?? '').trim()}`);
    }
  }
  if (attached === 0) return null;
  return { slice: slice.id, seed: `${slice.seed.file}:${slice.seed.startLine}-${slice.seed.endLine}`, lines: shown };
}

/**
 * A slice reviewed from the diff whose changed lines are only imports, attributes or decorators of
 * a file its pack parses (imports the slicer tied to nothing: see SliceContent.untied), with the
 * reason its sections give; null for any other slice. Counted apart from attachedOnly: such a slice
 * says it gives no context, where an import-only slice looks like context.
 */
export async function attachedFromDiff(
  slice: Slice,
  indexOf: IndexOf,
  basePath: (file: string) => string = (f) => f,
): Promise<(AttachedOnly & { reason: string }) | null> {
  const reason = slice.sections[0]?.diffOnly;
  if (reason === undefined || slice.sections.some((s) => s.diffOnly === undefined)) return null;
  // Its changed lines alone, read as attachedOnly reads a slice of context.
  const changed: Slice = {
    ...slice,
    sections: slice.sections.map(({ diffOnly: _why, ...s }) => ({ ...s, lines: s.lines.filter((l) => l.op !== ' ') })),
  };
  const only = await attachedOnly(changed, indexOf, basePath);
  return only === null ? null : { ...only, reason };
}

/**
 * Files of a change's two revisions parsed by their packs as the slicer parses a changed file (the
 * functions around the lines asked for read whole), each once per side and line set.
 */
export function indexesFrom(git: Git, revisions: { head: string; base: string }, chooser: PackChooser): IndexOf {
  const parsed = new Map<string, Promise<FileIndex | null>>();
  return (file, side, lines) => {
    const k = `${side}\0${file}\0${lines.join(',')}`;
    let index = parsed.get(k);
    if (index === undefined) {
      index = (async () => {
        const pack = chooser.packFor(file);
        const blob = pack === null ? null : await git.readBlob(revisions[side], file);
        if (pack === null || blob === null) return null;
        return new FileIndex(file, side, await loadPack(pack), decodeSource(blob), lines);
      })();
      parsed.set(k, index);
    }
    return index;
  };
}
