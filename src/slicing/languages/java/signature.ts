import type { Signature } from '../../language-pack.js';
import { typeKey } from '../../pack-data.js';

/** String and character literals, and comments: what may hold a parenthesis or the name that is none. */
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

/** Where the bracket opened at `open` closes (the text's length when it does not). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if ((ch === ')' || ch === '}' || ch === ']') && --depth === 0) return i;
  }
  return text.length;
}

/** Annotations (`@Nullable`, `@SuppressWarnings({"a"})`) taken out, their arguments with them. */
function withoutAnnotations(text: string): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const m = /^@\s*[\w$.]+\s*/.exec(text.slice(i));
    if (text[i] !== '@' || m === null || /^@\s*interface\b/.test(text.slice(i))) {
      out += text[i];
      i++;
      continue;
    }
    i += m[0].length;
    if (text[i] === '(') i = closing(text, i) + 1;
    out += ' ';
  }
  return out;
}

/** The parameter list split at its top-level commas (generics' commas kept). */
function splitParameters(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '<' || ch === '(' || ch === '[') depth++;
    else if (ch === '>' || ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  if (list.slice(start).trim() !== '') out.push(list.slice(start));
  return out;
}

/**
 * A Java method's or constructor's parameters from its declaration's first lines (annotations,
 * modifiers and type parameters before the name): each one's type as overloads compare them
 * (`Class` of `Class<T>`, `String[]` of `String[] a` or `String a[]`, the array of `String... a`),
 * and whether the last is of variable arity. Null when no parameter list follows the name.
 */
export function javaSignature(header: string, name: string): Signature | null {
  const text = withoutAnnotations(header.replace(QUOTED, '""'));
  const at = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*\\(`).exec(text);
  if (at === null) return null;
  const open = at.index + at[0].length - 1;
  const close = closing(text, open);
  if (close >= text.length) return null;
  const params: (string | null)[] = [];
  let variadic = false;
  for (const written of splitParameters(text.slice(open + 1, close))) {
    const m = /^\s*((?:final\s+)*)([\s\S]*?)\s*(\.\.\.)?\s*([A-Za-z_$][\w$]*)\s*((?:\[\s*\]\s*)*)$/.exec(written);
    if (m === null) return null;
    const type = (m[2] as string).trim();
    // A receiver parameter (`Foo this`) is no parameter.
    if (m[4] === 'this') continue;
    if (type === '') return null;
    const dims = '[]'.repeat(((m[5] as string).match(/\[/g) ?? []).length);
    variadic = m[3] !== undefined;
    params.push(typeKey(type) + dims + (variadic ? '[]' : ''));
  }
  return { params, variadic };
}
