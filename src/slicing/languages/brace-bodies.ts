import type { FunctionBody } from '../language-pack.js';
import { lineEnd, quotedEnd } from '../source-text.js';

/** What came just before a `{` met where no body is open: what a pack's rule decides a body by. */
export interface BeforeBrace {
  /** The token before the brace: a word, a closing parenthesis, or anything else. */
  last: 'word' | ')' | 'other';
  /** The last word read. */
  word: string;
  /** For `)`: the word right before its `(` (`f` of `f(x)`), and the word right before that (`new` of `new T()`); '' when none. */
  callee: string;
  beforeCallee: string;
  /** The words of the declaration being read: since the last `;`, brace, label or directive. */
  declaration: ReadonlySet<string>;
}

/** How a brace language's text is read for its function bodies. */
export interface BraceRules {
  /** Lines starting with `#` are preprocessor directives (a backslash continues them). */
  directives: boolean;
  /** `"""` opens a text block that ends at the next `"""`. */
  textBlocks: boolean;
  /** A backquote opens a raw string that ends at the next one (Go). */
  backquotes: boolean;
  /** A line break outside parentheses and brackets ends a declaration (Go's implicit semicolons). */
  lineEndsDeclaration: boolean;
  /** Words that, right before a `"`, open a raw string (`R"x(...)x"`). */
  rawPrefixes: ReadonlySet<string>;
  /** `'` between digits separates them (`1'000'000`). */
  digitSeparators: boolean;
  /** Words that, followed by `:`, end the declaration before them (`public:`). */
  labels: ReadonlySet<string>;
  /** Whether a `{` met where no body is open starts a function's body. */
  opensBody(before: BeforeBrace): boolean;
  /** Whether a `{` that opens no body opens a type inside the declaration (Go's `struct{ x int }` in a signature): the declaration goes on past it. */
  opensInlineType?(before: BeforeBrace): boolean;
}

/** What an open brace opened. */
type Opened = 'body' | 'inline type' | 'other';

const NEWLINE = 0x0a;
const SLASH = 0x2f;
const STAR = 0x2a;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const HASH = 0x23;
const BACKQUOTE = 0x60;

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24 || c > 0x7f;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * The insides of the outermost function bodies of a brace language's text (what lies between a
 * body's braces), read without parsing, each with where its declaration starts (the first token
 * after the `;`, brace, label or directive before it): comments and literals are skipped, and a
 * `{` met where no body is open starts one when the pack's rule says so. When the braces or
 * parentheses do not balance (a `#if` opening a brace twice), none: the file is parsed whole. A
 * brace taken for a body that the grammar does not read as one is caught after the parse (see
 * FileIndex), so a wrong guess costs a second parse, never a definition.
 */
export function braceBodies(text: string, rules: BraceRules): FunctionBody[] {
  const bodies: FunctionBody[] = [];
  const braces: Opened[] = [];
  /** Per open parenthesis: the word right before it and the one before that. */
  const parens: { callee: string; beforeCallee: string }[] = [];
  let brackets = 0;
  let inBody = 0;
  // The last significant token: a word (its text in `word`), or one character.
  let last = 0;
  let word = '';
  let previousWord = '';
  let closed = { callee: '', beforeCallee: '' };
  let lineStart = true;
  /** Where the declaration being read began (-1: none yet), and its words. */
  let declaration = -1;
  const words = new Set<string>();
  const endDeclaration = (): void => {
    declaration = -1;
    words.clear();
  };
  const n = text.length;
  for (let i = 0; i < n;) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      if (rules.lineEndsDeclaration && parens.length === 0 && brackets === 0) endDeclaration();
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
    if (c === HASH && atLineStart && rules.directives) {
      i = directiveEnd(text, i);
      endDeclaration();
      continue;
    }
    if (declaration < 0) declaration = i;
    if (c === QUOTE && rules.textBlocks && text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      i = end < 0 ? n : end + 3;
      last = c;
      continue;
    }
    if (c === QUOTE || c === APOSTROPHE) {
      i = quotedEnd(text, i, c);
      last = c;
      continue;
    }
    if (c === BACKQUOTE && rules.backquotes) {
      const end = text.indexOf('`', i + 1);
      i = end < 0 ? n : end + 1;
      last = c;
      continue;
    }
    if (isWordChar(c)) {
      let j = i + 1;
      const separated = rules.digitSeparators && isDigit(c);
      while (
        j < n &&
        (isWordChar(text.charCodeAt(j)) || (separated && text.charCodeAt(j) === APOSTROPHE && isWordChar(text.charCodeAt(j + 1))))
      )
        j++;
      const found = text.slice(i, j);
      if (text.charCodeAt(j) === QUOTE && rules.rawPrefixes.has(found)) {
        i = rawStringEnd(text, j);
        last = QUOTE;
        continue;
      }
      previousWord = last === 0 ? word : '';
      word = found;
      words.add(found);
      last = 0;
      i = j;
      continue;
    }
    if (c === 0x28) parens.push(last === 0 ? { callee: word, beforeCallee: previousWord } : { callee: '', beforeCallee: '' });
    else if (c === 0x29) {
      const opener = parens.pop();
      if (opener === undefined) return [];
      closed = opener;
    } else if (c === 0x5b) brackets++;
    else if (c === 0x5d) brackets = Math.max(0, brackets - 1);
    else if (c === 0x7b) {
      const before: BeforeBrace = {
        last: last === 0 ? 'word' : last === 0x29 ? ')' : 'other',
        word,
        callee: closed.callee,
        beforeCallee: closed.beforeCallee,
        declaration: words,
      };
      const opened: Opened =
        inBody > 0 ? 'other' : rules.opensBody(before) ? 'body' : rules.opensInlineType?.(before) === true ? 'inline type' : 'other';
      braces.push(opened);
      if (opened === 'body') {
        inBody++;
        bodies.push({ start: i + 1, end: i + 1, declaration });
      }
      if (opened !== 'inline type') endDeclaration();
    } else if (c === 0x7d) {
      const opened = braces.pop();
      if (opened === undefined) return [];
      if (opened === 'body') {
        inBody--;
        (bodies[bodies.length - 1] as FunctionBody).end = i;
      }
      if (opened !== 'inline type') endDeclaration();
    } else if (c === 0x3b || (c === 0x3a && last === 0 && rules.labels.has(word))) {
      endDeclaration();
    }
    last = c;
    i++;
  }
  return braces.length === 0 && parens.length === 0 ? bodies.filter((b) => b.end > b.start) : [];
}

/** The end of a preprocessor directive: its line, and the lines a backslash continues it on. */
function directiveEnd(text: string, from: number): number {
  let end = lineEnd(text, from);
  while (
    end < text.length &&
    end > 0 &&
    (text.charCodeAt(end - 1) === BACKSLASH || (text.charCodeAt(end - 1) === 0x0d && text.charCodeAt(end - 2) === BACKSLASH))
  )
    end = lineEnd(text, end + 1);
  return end;
}

/** Past a raw string literal whose `"` is at `quote`: `"delim( ... )delim"`. */
function rawStringEnd(text: string, quote: number): number {
  const open = text.indexOf('(', quote);
  if (open < 0 || open - quote > 17) return quotedEnd(text, quote, QUOTE);
  const close = text.indexOf(`)${text.slice(quote + 1, open)}"`, open);
  return close < 0 ? text.length : close + open - quote + 1;
}
