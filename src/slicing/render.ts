import { formatNumberedLines } from '../diff/format.js';
import type { SliceLine, SliceSection } from '../types.js';
import type { FileIndex, Side } from './file-index.js';
import type { LineMap } from './line-map.js';
import type { FileLines, SliceContent } from './slice-content.js';

/** Rough token count of a text for budgets (about 3.5 characters per token for code). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3.5);
}

/** What rendering needs to know about files: their text, line maps and contexts. */
export interface RenderSource {
  file(side: Side, path: string): FileIndex | null;
  lineMap(path: string): LineMap;
}

interface KeyedLine {
  key: number;
  line: SliceLine;
  context: string | null;
}

function linesOf(entry: FileLines, source: RenderSource): KeyedLine[] {
  const index = source.file(entry.side, entry.path);
  const map = source.lineMap(entry.path);
  const text = (l: number): string => index?.lines[l - 1] ?? '';
  const contextOf = (l: number): string | null => (entry.context.has(l) ? (entry.context.get(l) ?? null) : index?.hasTree ? index.contextAt(l) : null);
  const out: KeyedLine[] = [];
  for (const l of entry.lines) {
    if (index !== null && l > index.lines.length) continue;
    if (entry.side === 'head') {
      const added = map.isAdded(l);
      out.push({ key: l, context: contextOf(l), line: { op: added ? '+' : ' ', new: l, old: added ? null : map.oldOf(l), text: text(l) } });
    } else {
      const deleted = map.isDeleted(l);
      out.push({ key: l, context: contextOf(l), line: { op: deleted ? '-' : ' ', old: l, new: deleted ? null : map.newOf(l), text: text(l) } });
    }
  }
  for (const old of entry.deleted) {
    out.push({ key: map.positionOfDeleted(old), context: null, line: { op: '-', old, new: null, text: map.deletedText(old) } });
  }
  return out.sort((a, b) => a.key - b.key);
}

/** Splits a file's lines into sections, one per enclosing function or type (lines outside any join their neighbours). */
export function sectionsOf(content: SliceContent, source: RenderSource): SliceSection[] {
  const sections: SliceSection[] = [];
  for (const entry of content.files.values()) {
    let current: SliceSection | null = null;
    for (const { line, context } of linesOf(entry, source)) {
      if (current === null || (context !== null && current.context !== null && context !== current.context)) {
        current = { file: entry.path, side: entry.side, context, lines: [] };
        sections.push(current);
      }
      if (current.context === null && context !== null) current.context = context;
      current.lines.push(line);
    }
  }
  return sections;
}

/** A section's header line: the file, the side when it is the base, and the enclosing function or type. */
export function sectionHeader(section: SliceSection): string {
  const side = section.side === 'base' ? ' (base revision: deleted code)' : '';
  const context = section.context !== null ? ` · in ${section.context}` : '';
  return `## ${section.file}${side}${context}`;
}

/** The slice as the reviewer sees it: per section a header, then the paper's Table 1 lines. */
export function renderSections(sections: readonly SliceSection[]): string {
  return sections.map((s) => `${sectionHeader(s)}\n${formatNumberedLines(s.lines)}`).join('\n\n');
}
