import type { FunctionBody } from '../../language-pack.js';
import { braceBodies, type BraceRules } from '../brace-bodies.js';

/**
 * Java: a body opens after a method's or constructor's parameter list, after its `throws` list,
 * or after `static` (an initializer block); not after `new T(...)` (an anonymous class) or a
 * record's header. Text blocks (`"""`) are read as such.
 */
const JAVA_RULES: BraceRules = {
  directives: false,
  textBlocks: true,
  backquotes: false,
  lineEndsDeclaration: false,
  rawPrefixes: new Set(),
  digitSeparators: false,
  labels: new Set(),
  opensBody: (b) =>
    b.last === ')'
      ? b.callee !== '' && b.beforeCallee !== 'new' && b.beforeCallee !== 'record'
      : b.last === 'word' && (b.declaration.has('throws') || b.word === 'static'),
};

/** The insides of the outermost method, constructor and initializer bodies of Java text (see braceBodies). */
export function javaFunctionBodies(text: string): FunctionBody[] {
  return braceBodies(text, JAVA_RULES);
}
