import type { FunctionBody } from '../../language-pack.js';
import { braceBodies, type BraceRules } from '../brace-bodies.js';

/** Words after which a `{` opens a type, not a body (`func f() struct{ x int } {`). */
const TYPE_WORDS = new Set(['struct', 'interface']);

/**
 * Go: a body opens at a `{` of a declaration holding `func` (a function, a method, or a function
 * literal a top-level `var` holds), not one opening a `struct` or `interface` type, which the
 * declaration reads on past. A line break outside parentheses and brackets ends a declaration;
 * raw strings are backquoted.
 */
const GO_RULES: BraceRules = {
  directives: false,
  textBlocks: false,
  backquotes: true,
  lineEndsDeclaration: true,
  rawPrefixes: new Set(),
  digitSeparators: false,
  labels: new Set(),
  opensBody: (b) => b.declaration.has('func') && !(b.last === 'word' && TYPE_WORDS.has(b.word)),
  opensInlineType: (b) => b.last === 'word' && TYPE_WORDS.has(b.word),
};

/** The insides of the outermost function bodies of Go text (see braceBodies). */
export function goFunctionBodies(text: string): FunctionBody[] {
  return braceBodies(text, GO_RULES);
}
