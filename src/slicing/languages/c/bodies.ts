import type { FunctionBody } from '../../language-pack.js';
import { lineEnd, quotedEnd } from '../../source-text.js';

/** Words whose parenthesized part may precede a brace that opens no function body (`struct __attribute__((packed)) {`). */
const NOT_A_SIGNATURE = new Set(['__attribute__', '__attribute', 'alignas', '_Alignas', '__declspec', 'decltype', 'sizeof', 'alignof', 'asm', '__asm__', 'if', 'for', 'while', 'switch', 'return']);
/** Words that may end a function's signature before its body (`void f() const override {`). */
const SIGNATURE_ENDS = new Set(['const', 'override', 'final', 'noexcept', 'volatile', 'mutable']);
/** Labels that end a class's member declarations before the next one (`public:`). */
const ACCESS = new Set(['public', 'private', 'protected']);
/** Prefixes of a raw string literal (`R"x(...)x"`, `u8R"(...)"`). */
const RAW_PREFIXES = new Set(['R', 'LR', 'uR', 'UR', 'u8R']);

const SLASH = 0x2f;
const STAR = 0x2a;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const HASH = 0x23;

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * The insides of the outermost function bodies of C or C++ text (what lies between a body's
 * braces), read without parsing: a `{` after a parameter list, a constructor's initializer list or
 * a trailing `const`/`override`/`noexcept`, where no body is open. Comments, string and character
 * literals (raw strings and digit separators too) and preprocessor lines are skipped. When the
 * Each body comes with where its declaration starts: the first token after the `;`, brace, access
 * label or directive before it. When the braces or parentheses do not balance (a `#if` opening a brace twice), none: the file is parsed
 * whole. A brace this reading takes for a body that the grammar does not is caught after the parse
 * (see FileIndex), so a wrong guess costs a second parse, never a definition.
 */
export function cFunctionBodies(text: string): FunctionBody[] {
  const bodies: FunctionBody[] = [];
  /** Per open brace: true when it opens a body. */
  const braces: boolean[] = [];
  /** Per open parenthesis: the word before it, '' when none. */
  const parens: string[] = [];
  let inBody = 0;
  // The last significant token: a word (its text in `word`), or one character.
  let last = 0;
  let word = '';
  let closedAfter = '';
  let lineStart = true;
  /** Where the declaration being read began: its first token since the last `;`, brace, label or directive (-1: none yet). */
  let declaration = -1;
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      i++;
      continue;
    }
    if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0c || c === 0x0b) {
      i++;
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      i = lineEnd(text, i);
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === HASH && atLineStart) {
      i = directiveEnd(text, i);
      declaration = -1;
      continue;
    }
    if (declaration < 0) declaration = i;
    if (c === QUOTE || c === APOSTROPHE) {
      i = quotedEnd(text, i, c);
      last = c;
      continue;
    }
    if (isWordChar(c)) {
      let j = i + 1;
      // A digit separator (`1'000'000`) continues a number.
      while (j < n && (isWordChar(text.charCodeAt(j)) || (text.charCodeAt(j) === APOSTROPHE && isDigit(c) && isWordChar(text.charCodeAt(j + 1))))) j++;
      const found = text.slice(i, j);
      if (text.charCodeAt(j) === QUOTE && RAW_PREFIXES.has(found)) {
        i = rawStringEnd(text, j);
        last = QUOTE;
        continue;
      }
      word = found;
      last = 0;
      i = j;
      continue;
    }
    if (c === 0x28) parens.push(last === 0 ? word : '');
    else if (c === 0x29) {
      const opener = parens.pop();
      if (opener === undefined) return [];
      closedAfter = opener;
    } else if (c === 0x7b) {
      const afterSignature = last === 0x29 ? closedAfter !== '' && !NOT_A_SIGNATURE.has(closedAfter) : last === 0 && SIGNATURE_ENDS.has(word);
      const body = inBody === 0 && afterSignature;
      braces.push(body);
      if (body) {
        inBody++;
        bodies.push({ start: i + 1, end: i + 1, declaration });
      }
      declaration = -1;
    } else if (c === 0x7d) {
      const opened = braces.pop();
      if (opened === undefined) return [];
      if (opened) {
        inBody--;
        (bodies[bodies.length - 1] as FunctionBody).end = i;
      }
      declaration = -1;
    } else if (c === 0x3b || (c === 0x3a && last === 0 && ACCESS.has(word))) {
      declaration = -1;
    }
    last = c;
    i++;
  }
  return braces.length === 0 && parens.length === 0 ? bodies.filter((b) => b.end > b.start) : [];
}

/** The end of a preprocessor directive: its line, and the lines a backslash continues it on. */
function directiveEnd(text: string, from: number): number {
  let end = lineEnd(text, from);
  while (end < text.length && end > 0 && (text.charCodeAt(end - 1) === BACKSLASH || (text.charCodeAt(end - 1) === 0x0d && text.charCodeAt(end - 2) === BACKSLASH))) end = lineEnd(text, end + 1);
  return end;
}

/** Past a raw string literal whose `"` is at `quote`: `"delim( ... )delim"`. */
function rawStringEnd(text: string, quote: number): number {
  const open = text.indexOf('(', quote);
  if (open < 0 || open - quote > 17) return quotedEnd(text, quote, QUOTE);
  const close = text.indexOf(`)${text.slice(quote + 1, open)}"`, open);
  return close < 0 ? text.length : close + open - quote + 1;
}
