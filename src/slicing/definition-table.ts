import type { Definition, DefinitionKind, Side } from './definition.js';
import type { ParamMode } from './language-pack.js';
import { Interned, NONE } from './interned.js';

const KINDS: readonly DefinitionKind[] = ['variable', 'parameter', 'field', 'function', 'prototype', 'type', 'macro', 'constant'];

/** Columns of a definition row. String columns hold an index into the table's strings, NONE for null. */
const KEY = 0; // the name, as its index among the table's sorted names
const KIND = 1;
const SHOW_START = 2;
const SHOW_END = 3;
const SPAN_START = 4;
const SPAN_END = 5;
const TYPE_NAME = 6;
const TYPE_QUALIFIER = 7;
const CONTAINER = 8;
const CONTEXT = 9;
const LOCAL = 10;
const SCOPE = 11;
const CONTAINER_LINE = 12;
const BOUND_TO = 13;
const PARAMS = 14; // index into the table's lists, NONE for none
const BASES = 15;
const RETURN_OF = 16;
const RETURN_VIA = 17;
const PARAM_NAMES = 18; // index into the table's lists, NONE for none
const PARAM_TYPES = 19; // index into the table's lists, NONE for none
const TYPE_ARGS = 20; // index into the table's lists, NONE for none
const ARGUMENT_OF = 21; // index into the table's lists, NONE for none
const WIDTH = 22;

/** Shared by the many definitions that have none (575,000 empty arrays, 17 MB, in a 1,000-file change when each had its own); frozen. */
const NO_PARAMS: readonly ParamMode[] = Object.freeze([]);
const NO_BASES: readonly string[] = Object.freeze([]);
const NO_DEFINITIONS: readonly Definition[] = Object.freeze([]);

/** A definition as the builder takes it: the file and side are the table's. */
export type DefinitionRow = Omit<Definition, 'file' | 'side'>;

/**
 * A file's definitions as rows of integers, their strings interned once per file. Every parsed
 * file keeps its definitions for the searches after it, and a heap snapshot at the end of a
 * 1,030-file change held them as 96 MB of objects and by-name maps for 1,549 files, most never
 * asked. `of(name)` builds the objects of one name when a search asks for it and keeps them, so a
 * definition is always the same object (searches tell what they found before by identity).
 */
export class DefinitionTable {
  static empty(file: string, side: Side): DefinitionTable {
    return new DefinitionTable(file, side, [], [], new Int32Array(1), new Int32Array(0), new Int32Array(0), []);
  }

  private readonly built = new Map<number, readonly Definition[]>();

  constructor(
    readonly file: string,
    readonly side: Side,
    /** Names defined, sorted (code unit order): a name's key is its index here. */
    private readonly keys: readonly string[],
    private readonly strings: readonly string[],
    /** Where each key's rows start in `byKey`, then its length. */
    private readonly starts: Int32Array,
    /** Row numbers grouped by key, in row order within a key. */
    private readonly byKey: Int32Array,
    private readonly rows: Int32Array,
    private readonly lists: readonly (readonly ParamMode[] | readonly string[])[],
  ) {}

  get size(): number {
    return this.rows.length / WIDTH;
  }

  /** The definitions of one name, in the order they were added. */
  of(name: string): readonly Definition[] {
    const key = this.keyOf(name);
    return key < 0 ? NO_DEFINITIONS : this.ofKey(key);
  }

  /** The type definitions, in the order they were added. */
  types(): Definition[] {
    const typeKind = KINDS.indexOf('type');
    const out: Definition[] = [];
    for (let row = 0; row < this.size; row++) if (this.rows[row * WIDTH + KIND] === typeKind) out.push(this.objectAt(row));
    return out;
  }

  /** The first definitions of the file outside any function or type, by their first line, at most `limit`. */
  firstTopLevel(limit: number): Definition[] {
    const out: Definition[] = [];
    for (let row = 0; row < this.size; row++) {
      if (this.rows[row * WIDTH + LOCAL] === 1) continue;
      const d = this.objectAt(row);
      if (d.container === null && d.kind !== 'parameter' && d.kind !== 'field') out.push(d);
    }
    return out.sort((a, b) => a.span.start - b.span.start).slice(0, limit);
  }

  /** Names of the definitions whose declaration starts on a line `at` accepts (locals only, when asked). */
  namesStartingOn(at: (line: number) => boolean, localOnly = false): Set<string> {
    const out = new Set<string>();
    for (let r = 0; r < this.rows.length; r += WIDTH) {
      if (localOnly && this.rows[r + LOCAL] !== 1) continue;
      if (at(this.rows[r + SPAN_START] as number)) out.add(this.keys[this.rows[r + KEY] as number] as string);
    }
    return out;
  }

  private keyOf(name: string): number {
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const here = this.keys[mid] as string;
      if (here === name) return mid;
      if (here < name) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private ofKey(key: number): readonly Definition[] {
    let defs = this.built.get(key);
    if (defs === undefined) {
      const made: Definition[] = [];
      for (let at = this.starts[key] as number; at < (this.starts[key + 1] as number); at++) made.push(this.make(this.byKey[at] as number));
      this.built.set(key, (defs = made));
    }
    return defs;
  }

  /** The object of one row, the one `of` gives for its name. */
  private objectAt(row: number): Definition {
    const key = this.rows[row * WIDTH + KEY] as number;
    const start = this.starts[key] as number;
    let at = start;
    while (this.byKey[at] !== row) at++;
    return this.ofKey(key)[at - start] as Definition;
  }

  private make(row: number): Definition {
    const r = row * WIDTH;
    const c = this.rows;
    const text = (column: number): string | null => (c[r + column] === NONE ? null : (this.strings[c[r + column] as number] as string));
    const span = { start: c[r + SPAN_START] as number, end: c[r + SPAN_END] as number };
    const sameShow = c[r + SHOW_START] === span.start && c[r + SHOW_END] === span.end;
    return {
      name: this.keys[c[r + KEY] as number] as string,
      kind: KINDS[c[r + KIND] as number] as DefinitionKind,
      file: this.file,
      side: this.side,
      show: sameShow ? span : { start: c[r + SHOW_START] as number, end: c[r + SHOW_END] as number },
      span,
      typeName: text(TYPE_NAME),
      typeQualifier: text(TYPE_QUALIFIER),
      container: text(CONTAINER),
      paramModes: c[r + PARAMS] === NONE ? NO_PARAMS : (this.lists[c[r + PARAMS] as number] as readonly ParamMode[]),
      context: text(CONTEXT),
      local: c[r + LOCAL] === 1,
      scope: c[r + SCOPE] as number,
      containerLine: c[r + CONTAINER_LINE] === NONE ? null : (c[r + CONTAINER_LINE] as number),
      boundTo: text(BOUND_TO),
      params: c[r + PARAM_NAMES] === NONE ? NO_BASES : (this.lists[c[r + PARAM_NAMES] as number] as readonly string[]),
      returnOf: text(RETURN_OF),
      returnVia: text(RETURN_VIA),
      paramTypes: c[r + PARAM_TYPES] === NONE ? NO_BASES : (this.lists[c[r + PARAM_TYPES] as number] as readonly string[]),
      typeArgs: c[r + TYPE_ARGS] === NONE ? NO_BASES : (this.lists[c[r + TYPE_ARGS] as number] as readonly string[]),
      argumentOf: c[r + ARGUMENT_OF] === NONE ? NO_BASES : (this.lists[c[r + ARGUMENT_OF] as number] as readonly string[]),
      bases: c[r + BASES] === NONE ? NO_BASES : (this.lists[c[r + BASES] as number] as readonly string[]),
    };
  }
}

/** Collects a file's definitions, in the order met, into a DefinitionTable. */
export class DefinitionTableBuilder {
  private readonly strings = new Interned<string>();
  /** A list shared by several rows (one declaration's names share its bases) is kept once. */
  private readonly lists = new Interned<readonly ParamMode[] | readonly string[]>();
  private readonly names: string[] = [];
  private readonly rows: number[] = [];

  private list(items: readonly ParamMode[] | readonly string[]): number {
    return items.length === 0 ? NONE : this.lists.id(items);
  }

  add(d: DefinitionRow): void {
    this.names.push(d.name);
    this.rows.push(
      0,
      KINDS.indexOf(d.kind),
      d.show.start,
      d.show.end,
      d.span.start,
      d.span.end,
      this.strings.id(d.typeName),
      this.strings.id(d.typeQualifier),
      this.strings.id(d.container),
      this.strings.id(d.context),
      d.local ? 1 : 0,
      d.scope,
      d.containerLine ?? NONE,
      this.strings.id(d.boundTo),
      this.list(d.paramModes),
      this.list(d.bases),
      this.strings.id(d.returnOf),
      this.strings.id(d.returnVia),
      this.list(d.params),
      this.list(d.paramTypes),
      this.list(d.typeArgs),
      this.list(d.argumentOf),
    );
  }

  build(file: string, side: Side): DefinitionTable {
    const keys = [...new Set(this.names)].sort();
    const keyOf = new Map(keys.map((k, i) => [k, i]));
    const rows = Int32Array.from(this.rows);
    const starts = new Int32Array(keys.length + 1);
    this.names.forEach((name, row) => {
      const key = keyOf.get(name) as number;
      rows[row * WIDTH + KEY] = key;
      starts[key + 1] = (starts[key + 1] as number) + 1;
    });
    for (let k = 0; k < keys.length; k++) starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number);
    const byKey = new Int32Array(this.names.length);
    const next = starts.slice(0, keys.length);
    this.names.forEach((_, row) => {
      const key = rows[row * WIDTH + KEY] as number;
      const at = next[key] as number;
      byKey[at] = row;
      next[key] = at + 1;
    });
    return new DefinitionTable(file, side, keys, this.strings.values, starts, byKey, rows, this.lists.values);
  }
}
