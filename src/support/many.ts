/**
 * Operations on arrays that may hold a whole file's worth of items (a 200,000-line data table). A
 * spread (`Math.max(...xs)`, `out.push(...xs)`) passes every item as an argument on the stack and
 * fails with "Maximum call stack size exceeded" past about 100,000; these loop instead.
 */

/** The largest of `values`; -Infinity for none, as Math.max(). */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** The smallest of `values`; Infinity for none, as Math.min(). */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}

/** Appends `items` to `target` in place, as `target.push(...items)` would, for any number of items. */
export function appendAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}

/** The whole numbers from `start` to `end`, both included (none when `end` is below `start`). */
export function numbersFrom(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}
