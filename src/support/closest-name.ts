/** A known name close to an unknown one (a typo, or `_` for `-`), for "did you mean"; null when none is. */
export function closestName(name: string, known: readonly string[]): string | null {
  const normal = (s: string): string => s.toLowerCase().replace(/_/g, '-');
  const exact = known.find((k) => normal(k) === normal(name));
  if (exact) return exact;
  let best: { key: string; distance: number } | null = null;
  for (const key of known) {
    const distance = editDistance(normal(name), key);
    if (distance <= 2 && (best === null || distance < best.distance)) best = { key, distance };
  }
  return best?.key ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] ?? 0;
}
