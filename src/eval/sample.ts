/**
 * A reproducible subset of a case set (`keybug eval --sample N --seed S`): the same cases for the
 * same seed and case file, in the file's order, whatever the machine.
 */

/** mulberry32: a small 32-bit generator, the same numbers everywhere for a seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` of the items chosen by a seeded shuffle (all when n ≥ their number), kept in their order. */
export function sampleCases<T>(items: readonly T[], n: number, seed: number): T[] {
  if (n >= items.length) return [...items];
  const random = generator(seed);
  const order = items.map((_, i) => i);
  // Fisher–Yates, stopped once the first n places are drawn.
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (order.length - i));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i] as T);
}
