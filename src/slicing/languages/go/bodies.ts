import type { FunctionBody } from '../../language-pack.js';
import { lineEnd, quotedEnd } from '../../source-text.js';

/** Words that open a top-level declaration; what the last of them opened is what a `{` belongs to. */
const DECLARATION_WORDS = new Set(['func', 'type', 'var', 'const', 'import', 'package']);
/** Words after which a `{` opens a type's body, not a function's (`func f() struct{ x int } {`). */
const TYPE_WORDS = new Set(['struct', 'interface']);

const SLASH = 0x2f;
const STAR = 0x2a;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const BACKTICK = 0x60;

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c > 0x7f;
}

/**
 * The insides of the function bodies of Go text, read without parsing: a `{` outside braces,
 * parentheses and brackets after a top-level `func` (a function, a method, or a function literal a
 * top-level `var` holds), not one that opens a `struct` or `interface` type of its signature. Comments,
 * strings, raw strings and runes are skipped. When the braces, parentheses or brackets do not
 * balance, none: the file is parsed whole. A brace this reading takes for a body that the grammar
 * does not is caught after the parse (see FileIndex).
 */
export function goFunctionBodies(text: string): FunctionBody[] {
  const bodies: FunctionBody[] = [];
  let braces = 0;
  let nesting = 0; // parentheses and brackets
  /** The body being read, until its closing brace. */
  let open: FunctionBody | null = null;
  let declaration = -1;
  let declaredBy = '';
  let word = '';
  let afterWord = false;
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      i = lineEnd(text, i);
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === QUOTE || c === APOSTROPHE) {
      i = quotedEnd(text, i, c);
      afterWord = false;
      continue;
    }
    if (c === BACKTICK) {
      const end = text.indexOf('`', i + 1);
      i = end < 0 ? n : end + 1;
      afterWord = false;
      continue;
    }
    if (isWordChar(c)) {
      let j = i + 1;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      word = text.slice(i, j);
      afterWord = true;
      if (braces === 0 && nesting === 0 && DECLARATION_WORDS.has(word)) {
        declaration = i;
        declaredBy = word;
      }
      i = j;
      continue;
    }
    if (c === 0x28 || c === 0x5b) nesting++;
    else if (c === 0x29 || c === 0x5d) {
      if (--nesting < 0) return [];
    } else if (c === 0x7b) {
      const opensBody = braces === 0 && nesting === 0 && declaredBy === 'func' && !(afterWord && TYPE_WORDS.has(word));
      braces++;
      if (opensBody) {
        open = { start: i + 1, end: i + 1, declaration };
        bodies.push(open);
      }
    } else if (c === 0x7d) {
      if (--braces < 0) return [];
      if (braces === 0 && open !== null) {
        open.end = i;
        open = null;
        declaredBy = '';
      }
    }
    if (c > 0x20) afterWord = false;
    i++;
  }
  return braces === 0 && nesting === 0 ? bodies.filter((b) => b.end > b.start) : [];
}
