/** Files larger than this are not parsed (DESIGN: skip files over 1 MB). */
export const MAX_PARSE_BYTES = 1024 * 1024;

/** True when a blob is too large to parse (its changes are then shown from the diff alone). */
export function isTooLarge(blob: Buffer): boolean {
  return blob.length > MAX_PARSE_BYTES;
}

/** Why a blob cannot be sliced, or null when it can. */
export function unparsableReason(blob: Buffer): string | null {
  if (isTooLarge(blob)) return `larger than 1 MB (${blob.length} bytes)`;
  if (blob.subarray(0, 8000).includes(0)) return 'binary content';
  return null;
}

/** Where the line holding `from` ends (its newline, or the text's end). */
export function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** Past a quoted literal opening at `from` (a backslash escapes the next character); one left open ends at its line's end. */
export function quotedEnd(text: string, from: number, quote: number): number {
  for (let i = from + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === quote) return i + 1;
    else if (c === 0x0a) return i;
  }
  return text.length;
}

/** One decoder for every decode (it keeps no state between whole-buffer calls): hint tests decode thousands of windows a run. */
const UTF8 = new TextDecoder('utf-8', { fatal: false });

/** Decodes source bytes; bytes that are not UTF-8 become U+FFFD so line numbers stay right. */
export function decodeSource(blob: Uint8Array): string {
  return UTF8.decode(blob);
}

const NON_SPACE = /\S/g;

/**
 * A text's lines the way git counts them (`\n` or `\r\n` ends a line; a final newline opens no new
 * line), held as the text and where each line starts rather than a string per line: a large change
 * keeps thousands of parsed files, and a string object per line cost as much memory as their text.
 */
export class SourceLines {
  readonly length: number;
  /** Offsets of each line's first character, then one past the text (line n is [starts[n-1], starts[n])). */
  private readonly starts: Int32Array;

  constructor(private readonly text: string) {
    const starts: number[] = [0];
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    // After a final newline the last start is the text's end: it closes the last line instead.
    if (starts.length === 1 || starts[starts.length - 1] !== text.length) starts.push(text.length + 1);
    this.starts = Int32Array.from(starts);
    this.length = starts.length - 1;
  }

  /** Line n (1-based) without its line ending; '' outside the text. */
  line(n: number): string {
    if (n < 1 || n > this.length) return '';
    const start = this.starts[n - 1] as number;
    let end = Math.min(this.text.length, (this.starts[n] as number) - 1);
    if (end > start && this.text.charCodeAt(end - 1) === 13 && end < this.text.length) end--;
    return this.text.slice(start, end);
  }

  /** Where a text offset is: its row (0-based) and column, as tree-sitter counts them for a string. */
  pointAt(offset: number): { row: number; column: number } {
    const row = this.lineAt(offset) - 1;
    return { row, column: offset - (this.starts[row] as number) };
  }

  /** The line (1-based) holding a text offset. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /**
   * Lines on which any of the names stands as a whole word (not inside a longer identifier), in
   * order. A name is found wherever it is written, so a comment or a string naming it counts too.
   */
  linesNaming(names: Iterable<string>): number[] {
    const found = new Set<number>();
    for (const name of names) {
      if (name === '') continue;
      for (let at = this.text.indexOf(name); at >= 0; at = this.text.indexOf(name, at + name.length)) {
        if (!isIdentifierChar(this.text.charCodeAt(at - 1)) && !isIdentifierChar(this.text.charCodeAt(at + name.length)))
          found.add(this.lineAt(at));
      }
    }
    return [...found].sort((a, b) => a - b);
  }

  /** Columns of leading whitespace of line n (0 for a blank line, as its first non-space is past its end). */
  indent(n: number): number {
    const start = this.starts[n - 1] as number;
    NON_SPACE.lastIndex = start;
    const found = NON_SPACE.exec(this.text);
    return found !== null && found.index < (this.starts[n] as number) - 1 ? found.index - start : 0;
  }
}

const UNICODE_IDENTIFIER = /[\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}]/u;

/** True for a UTF-16 unit that can continue an identifier in some language keybug parses (NaN, outside the text: false). */
function isIdentifierChar(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36;
  return UNICODE_IDENTIFIER.test(String.fromCharCode(code));
}

/** A line with nothing to review: blank, or only brackets and separators. */
export function isBlankish(text: string): boolean {
  return /^[\s{}()[\];,]*$/.test(text);
}

/** A line as far as a reviewer cares: trailing whitespace dropped and inner runs of it collapsed; the indentation kept (it is syntax in some languages). */
function normalized(text: string): string {
  const indent = /^\s*/.exec(text)?.[0] ?? '';
  return indent + text.slice(indent.length).replace(/\s+/g, ' ').trimEnd();
}

/** True when a run of deleted and added lines only changes whitespace inside or at the end of lines, or only blank lines. */
export function nothingToReview(deleted: readonly string[], added: readonly string[]): boolean {
  const meaningful = (lines: readonly string[]): string[] => lines.filter((l) => l.trim() !== '').map(normalized);
  const before = meaningful(deleted);
  const after = meaningful(added);
  return before.length === after.length && before.every((l, i) => l === after[i]);
}

/** A pattern matching any of `names` as a whole word (no name character, `$` included, on either side). */
export function wholeWords(names: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w$])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w$])`);
}

/** True for a line with nothing to review: blank, only brackets and separators, or (in `comments`) only a comment. */
export function isTrivialLine(text: string, line: number, comments: ReadonlySet<number>): boolean {
  return isBlankish(text) || comments.has(line);
}
