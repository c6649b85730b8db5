import { formatNumberedLines } from '../diff/format.js';
import type { SliceLine, SliceSection } from '../types.js';
import type { Side } from './definition.js';
import type { FileIndex } from './file-index.js';
import type { LineMap } from './line-map.js';
import type { FileLines, SliceContent } from './slice-content.js';

/** What rendering needs to know about files: their text, line maps and contexts. */
export interface RenderSource {
  file(side: Side, path: string): FileIndex | null;
  lineMap(path: string): LineMap;
}

interface KeyedLine {
  key: number;
  line: SliceLine;
  /** The enclosing function or type; null at file scope; undefined when not known (a deleted line, a file without its tree). */
  context: string | null | undefined;
}

function linesOf(entry: FileLines, source: RenderSource): KeyedLine[] {
  const index = source.file(entry.side, entry.path);
  const map = source.lineMap(entry.path);
  const text = (l: number): string => index?.lines.line(l) ?? '';
  // Every parsed file knows the function or type around each of its lines; a blank line stays with its neighbours.
  const contextOf = (l: number): string | null | undefined => (index === null || text(l).trim() === '' ? undefined : index.contextAt(l));
  const out: KeyedLine[] = [];
  for (const l of entry.lines) {
    if (index !== null && l > index.lines.length) continue;
    if (entry.side === 'head') {
      const added = map.isAdded(l);
      out.push({ key: l, context: contextOf(l), line: { op: added ? '+' : ' ', new: l, old: added ? null : map.oldOf(l), text: text(l) } });
    } else {
      const deleted = map.isDeleted(l);
      out.push({
        key: l,
        context: contextOf(l),
        line: { op: deleted ? '-' : ' ', old: l, new: deleted ? null : map.newOf(l), text: text(l) },
      });
    }
  }
  // A deleted line shown in a head section is placed by the base's outline where the base was parsed,
  // else with the added line that replaced it: a line deleted after a type declared inside the
  // function is the function's, not the type's. Otherwise it stays with its neighbours.
  const base = entry.side === 'head' && entry.deleted.size > 0 ? source.file('base', map.file?.oldPath ?? entry.path) : null;
  for (const old of entry.deleted) {
    const key = map.positionOfDeleted(old);
    const next = Math.floor(key) + 1;
    const replaced = entry.side === 'head' && map.isAdded(next) && text(next).trim() !== '' ? contextOf(next) : undefined;
    const context = map.deletedText(old).trim() === '' ? undefined : base !== null ? base.contextAt(old) : replaced;
    out.push({ key, context, line: { op: '-', old, new: null, text: map.deletedText(old) } });
  }
  out.sort((a, b) => a.key - b.key);
  // A file-scope line that opens the scope of the line after it (`namespace kv {`) belongs with it.
  if (index !== null) {
    for (let i = out.length - 2; i >= 0; i--) {
      const here = out[i] as KeyedLine;
      const next = out[i + 1] as KeyedLine;
      if (
        here.context === null &&
        typeof next.context === 'string' &&
        index.enclosingHeaders({ start: next.key, end: next.key }).includes(here.key)
      )
        here.context = next.context;
    }
  }
  return out;
}

/**
 * Splits a file's lines into sections, a new one wherever the enclosing function or type changes
 * (file scope included), so a header never names a scope its lines are not in. Lines whose scope is
 * not known (deleted lines shown inside a head section) stay with their neighbours.
 */
export function sectionsOf(content: SliceContent, source: RenderSource): SliceSection[] {
  const sections: SliceSection[] = [];
  for (const entry of content.files.values()) {
    let current: { section: SliceSection; context: string | null | undefined } | null = null;
    for (const { line, context } of linesOf(entry, source)) {
      if (current === null || (context !== undefined && current.context !== undefined && context !== current.context)) {
        current = { section: { file: entry.path, side: entry.side, context: context ?? null, lines: [] }, context };
        sections.push(current.section);
      } else if (current.context === undefined && context !== undefined) {
        current.context = context;
        current.section.context = context;
      }
      current.section.lines.push(line);
    }
  }
  return sections;
}

/** A section's header line: the file, the side when it is the base, and the enclosing function or type. */
export function sectionHeader(section: SliceSection): string {
  const side = section.side === 'base' ? ' (base revision: deleted code)' : '';
  const context = section.context !== null ? ` · in ${section.context}` : '';
  const diffOnly = section.diffOnly !== undefined ? ` · diff only (${section.diffOnly})` : '';
  const note = section.note !== undefined ? ` · ${section.note}` : '';
  return `## ${section.file}${side}${context}${diffOnly}${note}`;
}

/** The slice as the reviewer sees it: per section a header, then the paper's Table 1 lines. */
export function renderSections(sections: readonly SliceSection[]): string {
  return sections.map((s) => `${sectionHeader(s)}\n${formatNumberedLines(s.lines)}`).join('\n\n');
}
