/**
 * The known names an unknown one may have meant, for "did you mean": the one it differs from only
 * by case or `_` for `-`; else every name it begins (`--algo` for `--algorithm`, `--max` for
 * `--max-files` and `--max-tokens`); else the nearest typo (at most two edits). Empty when none is.
 */
export function namesLike(name: string, known: readonly string[]): string[] {
  const normal = (s: string): string => s.toLowerCase().replace(/_/g, '-');
  const wanted = normal(name);
  const exact = known.find((k) => normal(k) === wanted);
  if (exact) return [exact];
  // Two letters at least: a single one begins too many names to mean any.
  const begun = wanted.length >= 2 ? known.filter((k) => normal(k).startsWith(wanted)) : [];
  if (begun.length > 0) return begun;
  let best: { key: string; distance: number } | null = null;
  for (const key of known) {
    const distance = editDistance(wanted, normal(key));
    if (distance <= 2 && (best === null || distance < best.distance)) best = { key, distance };
  }
  return best === null ? [] : [best.key];
}

/** "did you mean" words for a list of names, each shown as `show` writes it: `'--a'`, `'--a' or '--b'`, `'--a', '--b' or '--c'`. */
export function oneOf(names: readonly string[], show: (name: string) => string): string {
  const shown = names.map(show);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] ?? 0;
}
