/** Longest search text or pattern taken. */
export const MAX_PATTERN_CHARS = 200;
/** Largest count a `{n,m}` repetition may name: git's matcher expands counted repetitions. */
const MAX_REPEAT = 100;

/**
 * Why a regular expression is refused, or null when git may run it. git's extended expressions
 * (POSIX ERE) are matched without backtracking, except back-references, and a search is stopped at
 * its time limit anyway; still, the shapes that blow up backtracking matchers or the compiled
 * automaton are refused up front with a reason the model can act on: nested repetition (`(a+)+`,
 * `(a|aa)*`), back-references (`\1`), counted repetitions over MAX_REPEAT, and long patterns.
 */
export function refuseRegex(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_CHARS) return `the pattern is longer than ${MAX_PATTERN_CHARS} characters`;
  if (/\\[1-9]/.test(pattern)) return 'back-references (\\1 …) are refused: they make matching exponential';
  for (const match of pattern.matchAll(/\{(\d*)(?:,(\d*))?\}/g)) {
    const counts = [match[1], match[2]].filter((n): n is string => n !== undefined && n !== '').map(Number);
    if (counts.some((n) => n > MAX_REPEAT)) return `counted repetitions over ${MAX_REPEAT} are refused (${match[0]})`;
  }
  // Groups that repeat something (or hold an alternation) and are repeated themselves.
  const open: { repeats: boolean }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      // A bracket expression is one character: skip to its end (a `]` first in it is literal).
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      i = j;
      continue;
    }
    if (c === '(') open.push({ repeats: false });
    else if (c === '|' && open.length > 0) (open[open.length - 1] as { repeats: boolean }).repeats = true;
    else if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (open.length > 0) (open[open.length - 1] as { repeats: boolean }).repeats = true;
    } else if (c === ')') {
      const group = open.pop();
      const next = pattern[i + 1];
      const repeated = next === '*' || next === '+' || next === '{';
      if (group?.repeats === true && repeated)
        return `nested repetition (a repeated group that itself repeats or alternates, like (a+)+ or (a|aa)*) is refused: it can take exponential time; search for a fixed string, or repeat single characters only`;
      // What a group holds is part of the group around it.
      if (group?.repeats === true && open.length > 0) (open[open.length - 1] as { repeats: boolean }).repeats = true;
    }
  }
  return null;
}
