import type { ImportFact } from '../../language-pack.js';

/** Rust's imports: `use` trees (groups nest paths, which a query cannot join) and `mod x;` declarations. */

/** Bounds on what one declaration can add, so a pathological one costs little. */
const MAX_FACTS = 256;
const MAX_DEPTH = 8;

/** Comments blanked out. */
function code(text: string): string {
  return text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
}

/** Splits a use list's text on its top-level commas. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The facts one use tree (`a::{b, c::D as E, f::*}`) declares under a prefix of path segments. */
function useTree(tree: string, prefix: readonly string[], out: ImportFact[], depth: number): void {
  if (depth > MAX_DEPTH || out.length >= MAX_FACTS) return;
  const group = tree.indexOf('{');
  if (group >= 0) {
    const close = tree.lastIndexOf('}');
    const head = tree
      .slice(0, group)
      .replace(/::\s*$/, '')
      .trim();
    const segments = [...prefix, ...pathSegments(head)];
    for (const item of splitTopLevel(tree.slice(group + 1, close < group ? undefined : close))) useTree(item, segments, out, depth + 1);
    return;
  }
  const renamed = /^(.*?)\s+as\s+(\w+)$/.exec(tree);
  const alias = renamed ? (renamed[2] as string) : null;
  const segments = [...prefix, ...pathSegments(renamed ? (renamed[1] as string) : tree)];
  const last = segments[segments.length - 1];
  if (last === undefined) return;
  if (last === '*') {
    if (segments.length > 1) out.push({ module: segments.slice(0, -1).join('::'), name: null, alias: null, star: true });
  } else if (last === 'self') {
    // `use a::b::{self}` binds the module `b`.
    if (segments.length > 1) out.push({ module: segments.slice(0, -1).join('::'), name: null, alias, star: false });
  } else if (alias === '_') {
    // `use Trait as _` brings a trait's methods into scope and binds no name.
    return;
  } else if (segments.length === 1) {
    out.push({ module: last, name: null, alias, star: false });
  } else {
    out.push({ module: segments.slice(0, -1).join('::'), name: last, alias, star: false });
  }
}

/** `::a :: b` → ['a', 'b'] (a leading `::` names an external crate, which stays unresolved anyway). */
function pathSegments(text: string): string[] {
  return text
    .split('::')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Imports declared by one `use` declaration's text (`pub(crate) use a::{b, c};`). */
export function useDeclaration(text: string): ImportFact[] {
  const body = /\buse\s+([^;]+)/.exec(code(text));
  const out: ImportFact[] = [];
  if (body) useTree((body[1] as string).trim(), [], out, 0);
  return out;
}

/** A `mod x;` declaration binds the child module `x` (`self::x`). */
export function modDeclaration(name: string): ImportFact {
  return { module: `self::${name}`, name: null, alias: null, star: false };
}
