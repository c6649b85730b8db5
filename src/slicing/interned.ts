/** The number a table holds for no value (null). */
export const NONE = -1;

/**
 * Values numbered in the order first met, each kept once (strings by value, arrays by identity):
 * the integer tables of a parsed file (flow, definitions) hold these numbers, not the values.
 */
export class Interned<T> {
  readonly values: T[] = [];
  private readonly ids = new Map<T, number>();

  /** The number of `value`, added when new; NONE for null. */
  id(value: T | null): number {
    if (value === null) return NONE;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}
