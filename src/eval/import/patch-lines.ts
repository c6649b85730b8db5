/**
 * The lines a dataset's patch says a fix changed, found in the buggy revision's file: at the line
 * number the patch gives when the text is there, else at the nearest line with the same text
 * (whitespace aside) — a dataset's buggy version can differ from the commit it names (Defects4J
 * minimizes its patches), so numbers are hints and the text decides.
 */
import parseDiff from 'parse-diff';

/** A line of the buggy side of a patch: its number there and its text. */
export interface PatchLine {
  line: number;
  text: string;
}

/** The buggy side's changed lines of each file of a unified diff: `-` lines when the patch goes buggy → fixed, `+` lines when fixed → buggy. */
export function buggyLinesOf(patch: string, direction: 'buggy-to-fixed' | 'fixed-to-buggy'): Map<string, PatchLine[]> {
  const out = new Map<string, PatchLine[]>();
  for (const file of parseDiff(patch)) {
    const buggyPath = direction === 'buggy-to-fixed' ? file.from : file.to;
    if (buggyPath === undefined || buggyPath === '/dev/null') continue;
    const lines: PatchLine[] = [];
    for (const chunk of file.chunks) {
      for (const change of chunk.changes) {
        if (direction === 'buggy-to-fixed' && change.type === 'del') lines.push({ line: change.ln, text: change.content.slice(1) });
        if (direction === 'fixed-to-buggy' && change.type === 'add') lines.push({ line: change.ln, text: change.content.slice(1) });
      }
    }
    if (lines.length > 0) out.set(buggyPath, [...(out.get(buggyPath) ?? []), ...lines]);
  }
  return out;
}

const squeeze = (text: string): string => text.replace(/\s+/g, '');

/** The lines of `fileText` that hold the patch lines (nearest match to each hint), and the patch lines found nowhere. */
export function locateLines(fileText: string, wanted: readonly PatchLine[]): { found: number[]; missing: PatchLine[] } {
  const lines = fileText.split('\n').map(squeeze);
  const found: number[] = [];
  const missing: PatchLine[] = [];
  for (const w of wanted) {
    const text = squeeze(w.text);
    let at = -1;
    for (let d = 0; d < lines.length && at < 0; d++) {
      for (const n of d === 0 ? [w.line] : [w.line - d, w.line + d]) {
        if (n >= 1 && n <= lines.length && lines[n - 1] === text) {
          at = n;
          break;
        }
      }
    }
    if (at < 0) missing.push(w);
    else found.push(at);
  }
  return { found, missing };
}
