/** A chain of this many steps at most is read (`a.b().c()` is three). */
const MAX_STEPS = 8;

/**
 * An expression that is a name followed by members and calls (`z.string().max(5)`, `a.f(x)!.g`), as
 * its steps with the arguments dropped (`z.string().max()`, `a.f().g`); a postfix `!` (an assertion
 * that it is not null) is dropped too. Null for anything else: an operator, a subscript, a literal,
 * a chain of more than MAX_STEPS steps. Strings in the arguments are skipped over.
 */
export function normalChain(text: string): string | null {
  const head = /^\s*([A-Za-z_$][\w$]*)/.exec(text);
  if (head === null) return null;
  const steps: string[] = [head[1] as string];
  let i = head[0].length;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch) || ch === '!') {
      i++;
      continue;
    }
    if (ch === '.') {
      const name = /^\.\s*(#?[A-Za-z_$][\w$]*)/.exec(text.slice(i));
      if (name === null) return null;
      steps.push(name[1] as string);
      i += name[0].length;
      continue;
    }
    if (ch === '<' || ch === '(') {
      // type arguments (`f<T>(…)`) then the arguments
      const end = closing(text, i);
      if (end < 0) return null;
      if (ch === '<') {
        i = end + 1;
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] !== '(') return null;
        continue;
      }
      const last = steps.length - 1;
      if ((steps[last] as string).endsWith(')')) return null;
      steps[last] = `${steps[last] as string}()`;
      i = end + 1;
      continue;
    }
    return null;
  }
  return steps.length > MAX_STEPS ? null : steps.join('.');
}

/** The index of the bracket closing the one at `open` (`(`, `<`), skipping strings; -1 when none. */
function closing(text: string, open: number): number {
  const opener = text[open] as string;
  const closer = opener === '(' ? ')' : '>';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'" || ch === '`') {
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (opener === '<' && ch === '>' && text[i - 1] === '=') continue;
    if (ch === opener) depth++;
    else if (ch === closer && --depth === 0) return i;
  }
  return -1;
}

/** The steps of a chain normalChain gives: each name, and whether it is called. */
export function chainSteps(chain: string): { name: string; called: boolean }[] {
  return chain.split('.').map((step) => (step.endsWith('()') ? { name: step.slice(0, -2), called: true } : { name: step, called: false }));
}
