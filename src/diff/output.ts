import { formatHunk } from './format.js';
import type { Diff } from '../types.js';

/** The `keybug diff --format json` document. */
export function diffToJson(diff: Diff): unknown {
  return {
    baseSha: diff.baseSha,
    headSha: diff.headSha,
    files: diff.files.map((f) => ({
      path: f.path,
      oldPath: f.oldPath,
      status: f.status,
      binary: f.binary,
      oldMode: f.oldMode,
      newMode: f.newMode,
      similarity: f.similarity,
      additions: f.additions,
      deletions: f.deletions,
      hunks: f.hunks.map((h) => ({
        oldStart: h.oldStart,
        oldLines: h.oldLines,
        newStart: h.newStart,
        newLines: h.newLines,
        header: h.header,
        lines: h.lines.map((l) => ({ op: l.op, old: l.old, new: l.new, text: l.text })),
      })),
      commentable: f.commentable,
    })),
  };
}

/** The `keybug diff --format text` rendering: a header per file and its hunks in Table 1 format. */
export function renderDiffText(diff: Diff): string {
  const out = [`diff ${diff.baseSha.slice(0, 12)}...${diff.headSha.slice(0, 12)}: ${diff.files.length} file(s)`];
  for (const f of diff.files) {
    const rename = f.oldPath !== null && f.oldPath !== f.path ? ` (from ${f.oldPath})` : '';
    out.push('', `== ${f.path}${rename} [${f.status}] +${f.additions} -${f.deletions}`);
    for (const h of f.hunks) out.push(h.header, formatHunk(h));
  }
  return out.join('\n') + '\n';
}
