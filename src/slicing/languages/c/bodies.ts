import type { FunctionBody } from '../../language-pack.js';
import { braceBodies, type BraceRules } from '../brace-bodies.js';

/** Words whose parenthesized part may precede a brace that opens no function body (`struct __attribute__((packed)) {`). */
const NOT_A_SIGNATURE = new Set([
  '__attribute__',
  '__attribute',
  'alignas',
  '_Alignas',
  '__declspec',
  'decltype',
  'sizeof',
  'alignof',
  'asm',
  '__asm__',
  'if',
  'for',
  'while',
  'switch',
  'return',
]);
/** Words that may end a function's signature before its body (`void f() const override {`). */
const SIGNATURE_ENDS = new Set(['const', 'override', 'final', 'noexcept', 'volatile', 'mutable']);

/**
 * C and C++: a body opens after a parameter list, a constructor's initializer list or a trailing
 * `const`/`override`/`noexcept`. Preprocessor lines, raw strings (`R"x(...)x"`) and digit
 * separators are read as such; an access label (`public:`) ends a declaration.
 */
const C_RULES: BraceRules = {
  directives: true,
  textBlocks: false,
  backquotes: false,
  lineEndsDeclaration: false,
  rawPrefixes: new Set(['R', 'LR', 'uR', 'UR', 'u8R']),
  digitSeparators: true,
  labels: new Set(['public', 'private', 'protected']),
  opensBody: (b) => (b.last === ')' ? b.callee !== '' && !NOT_A_SIGNATURE.has(b.callee) : b.last === 'word' && SIGNATURE_ENDS.has(b.word)),
};

/** The insides of the outermost function bodies of C or C++ text (see braceBodies). */
export function cFunctionBodies(text: string): FunctionBody[] {
  return braceBodies(text, C_RULES);
}
