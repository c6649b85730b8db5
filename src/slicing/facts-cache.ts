import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileHead, readCacheFile, readFileHead, writeCacheFile } from './cache-file.js';
import { assetPath } from '../support/assets.js';
import type { ImportFact, LanguagePack, ParamMode } from './language-pack.js';
import { querySource } from './packs.js';
import type { DefinitionFacts, PendingDefinition } from './file-index.js';
import { MARKS, point, type Control, type MarkedNode } from './outline.js';

/**
 * The facts of files read for their definitions, kept between runs in the index cache's folder
 * next to the word index: a later run that needs such a file again (the headers most changes
 * search) builds its FileIndex from them and the file's text instead of parsing it. Entries are
 * keyed by the file's blob id and its pack's grammar and structure query, and the file is tied to
 * the code that wrote it, so a fact never outlives the text or the code it came from.
 *
 * Every string an entry holds must be made of the file's own words, and every line it names must be
 * a line of it: whatever the cache file says, a slice built from it shows the revision's own lines
 * and names, never text from elsewhere. An entry that breaks either rule, or the file's layout, is
 * refused (the file is parsed); a missing, foreign or damaged file is no error.
 */
export const FACTS_FILE = 'definition-facts-v1.bin';

const MAGIC = Buffer.from('KEYBUG DEFINITION FACTS 1\n', 'latin1');

/** Bytes of entries kept: the ones used or added by the last run first, then older ones, up to this. */
const KEPT_BYTES = 16 * 1024 * 1024;
/**
 * Bytes of entries one run adds at most, held until the run ends: a commit adds well under a
 * megabyte (RocksDB's last twelve: 2.2 MB in all); a change of a thousand files is not made to hold more.
 */
const ADDED_BYTES = 4 * 1024 * 1024;

/** Kinds of `@definition.<kind>` capture an entry can hold (toKind in file-index.ts). */
const CAPTURE_KINDS = ['variable', 'field', 'function', 'parameter', 'type', 'macro', 'constant'] as const;
const PARAM_MODES: readonly ParamMode[] = ['value', 'pointer', 'mutable-reference', 'const-reference'];

/** An optional string: an index into the entry's strings, or one of these. */
const NULL = -1;
const ABSENT = -2;

/** Bytes of entries a cache file keeps, and a run adds. */
export interface FactsLimits {
  keptBytes: number;
  addedBytes: number;
}

/** The facts kept for one file (their JSON, as written), by key. */
export class FactsCache {
  private readonly used = new Set<string>();
  private readonly added = new Map<string, Buffer>();
  private addedBytes = 0;
  /** Files whose facts were taken from the cache instead of a parse. */
  reused = 0;
  /** Entries found and refused: written for another text, or breaking the rules above. */
  refused = 0;

  private constructor(
    private readonly dir: string,
    private readonly code: string,
    /** The entries the file held, in its order (what the last run used or added first). */
    private readonly kept: Map<string, Buffer>,
    /** Why the file could not be read, when it could not. */
    readonly problem: string | null,
    private readonly limits: FactsLimits,
  ) {}

  /**
   * The cache kept in `dir` for this code (empty when there is none, or it was written by other
   * code). When the code cannot be told (its file unreadable), the cache is not used and says why.
   */
  static open(
    dir: string,
    identify: () => string = codeIdentity,
    limits: FactsLimits = { keptBytes: KEPT_BYTES, addedBytes: ADDED_BYTES },
  ): FactsCache {
    let code: string;
    try {
      code = identify();
    } catch (error) {
      return new FactsCache(
        dir,
        '',
        new Map(),
        `the facts cache is not used: cannot tell which build of keybug runs (${error instanceof Error ? error.message : String(error)})`,
        { keptBytes: 0, addedBytes: 0 },
      );
    }
    const file = path.join(dir, FACTS_FILE);
    const data = readCacheFile(file);
    if (data === null || !Buffer.isBuffer(data)) return new FactsCache(dir, code, new Map(), data?.problem ?? null, limits);
    const entries = decodeFile(data, code);
    // Written by another version of keybug: not a problem, its facts are simply not this code's.
    if (entries === 'other code') return new FactsCache(dir, code, new Map(), null, limits);
    if (entries === null)
      return new FactsCache(dir, code, new Map(), `${file} is not a facts file keybug can use (damaged); it is written again`, limits);
    return new FactsCache(dir, code, entries, null, limits);
  }

  /** The facts kept for a key, if they hold for this text (see the rules above); null otherwise. */
  get(key: string, text: string, lineCount: number): DefinitionFacts | null {
    const bytes = this.added.get(key) ?? this.kept.get(key);
    if (bytes === undefined) return null;
    const facts = decodeFacts(bytes, text, lineCount);
    if (facts === null) {
      this.refused++;
      this.kept.delete(key);
      return null;
    }
    this.used.add(key);
    this.reused++;
    return facts;
  }

  /**
   * Keeps the facts of a file parsed for its definitions; nothing when they cannot be written, would
   * not be read back (a string not made of the text's words), or the run's share is spent.
   */
  put(key: string, facts: DefinitionFacts, text: string): void {
    if (this.addedBytes >= this.limits.addedBytes) return;
    const bytes = encodeFacts(facts, text);
    if (bytes === null) return;
    this.added.set(key, bytes);
    this.addedBytes += bytes.length;
  }

  /** Writes the cache when the run added to it (to a temporary file renamed over the old one); returns why it could not, or null. */
  save(): string | null {
    if (this.added.size === 0) return null;
    // What this run used or added goes first; then the older entries, while they fit.
    const entries = new Map(this.added);
    let total = this.addedBytes;
    const keep = (key: string, bytes: Buffer | undefined): void => {
      if (bytes === undefined || entries.has(key) || total + bytes.length > this.limits.keptBytes) return;
      entries.set(key, bytes);
      total += bytes.length;
    };
    for (const key of this.used) keep(key, this.kept.get(key));
    for (const [key, bytes] of this.kept) keep(key, bytes);
    return writeCacheFile(path.join(this.dir, FACTS_FILE), () => [
      ...fileHead(MAGIC, { code: this.code, entries: [...entries].map(([key, bytes]) => [key, bytes.length]) }),
      ...entries.values(),
    ]);
  }
}

/** The entries of a facts file, 'other code' when another build of keybug wrote it, null when it is not one. */
function decodeFile(data: Buffer, code: string): Map<string, Buffer> | 'other code' | null {
  const head = readFileHead(data, MAGIC);
  if (head === null) return null;
  let at = head.body;
  const { code: writtenBy, entries } = head.header;
  if (typeof writtenBy !== 'string' || !Array.isArray(entries)) return null;
  if (writtenBy !== code) return 'other code';
  const out = new Map<string, Buffer>();
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isInteger(entry[1]) || (entry[1] as number) < 0) return null;
    const length = entry[1] as number;
    if (at + length > data.length) return null;
    out.set(entry[0], data.subarray(at, at + length));
    at += length;
  }
  return at === data.length ? out : null;
}

/** One entry as written: strings once, every other value a number (see decodeFacts). */
interface Entry {
  s: string[];
  /** Marked nodes, 7 numbers each: start, end, start row, last row, mark, control, name. */
  m: number[];
  /** Definitions: kind, start, end, span, names (name, qualifier, type, type qualifier, callable, modes, bound to, return of, return via), bases. */
  d: [
    number,
    number,
    number,
    number,
    number,
    [number, number, number, number, number, number[], number, number, number, number[], number[], number[]][],
    number[],
  ][];
  c: number[];
  /** Imports: module, name, alias, star, and the line of the module when known. */
  i: number[][];
}

/** The facts as an entry's bytes; null when they hold what an entry cannot (a definition kind it does not know, a string not made of the text's words). */
export function encodeFacts(facts: DefinitionFacts, text: string): Buffer | null {
  const strings = new Map<string, number>();
  const ref = (value: string | null | undefined): number => {
    if (value === null) return NULL;
    if (value === undefined) return ABSENT;
    let id = strings.get(value);
    if (id === undefined) strings.set(value, (id = strings.size));
    return id;
  };
  const m: number[] = [];
  for (const n of facts.marked) m.push(n.start, n.end, n.startRow, n.lastRow, MARKS.indexOf(n.mark), n.control, ref(n.name));
  const d: Entry['d'] = [];
  for (const def of facts.definitions) {
    const kind = (CAPTURE_KINDS as readonly string[]).indexOf(def.kind);
    if (kind < 0) return null;
    const names = def.names.map(
      (n): [number, number, number, number, number, number[], number, number, number, number[], number[], number[]] => [
        ref(n.name),
        ref(n.qualifier),
        ref(n.typeName),
        ref(n.typeQualifier),
        n.callable ? 1 : 0,
        n.paramModes.map((p) => PARAM_MODES.indexOf(p)),
        ref(n.boundTo),
        ref(n.returnOf),
        ref(n.returnVia),
        // '' (a parameter naming no type) is kept as null: every string kept is a word of the file
        (n.paramTypes ?? []).map((t) => ref(t === '' ? null : t)),
        (n.typeArgs ?? []).map((t) => ref(t === '' ? null : t)),
        // callee, via, the argument's index (a number), the type arguments
        (n.argumentOf ?? []).map((t, at) => (at === 2 ? Number(t) : ref(t === '' ? null : t))),
      ],
    );
    d.push([kind, def.start, def.end, def.span.start, def.span.end, names, def.bases.map(ref)]);
  }
  const i = facts.imports.map((f): number[] => [
    ref(f.module),
    ref(f.name),
    ref(f.alias),
    (f.star ? 1 : 0) | (f.whole === true ? 2 : 0) | (f.self === true ? 4 : 0),
    ...(f.line === undefined ? [] : [f.line]),
  ]);
  const entry: Entry = { s: [...strings.keys()], m, d, c: facts.commentLines, i };
  return stringsOfText(entry.s, text) ? Buffer.from(JSON.stringify(entry), 'utf8') : null;
}

/**
 * The facts an entry holds, when they hold for `text` (of `lineCount` lines): every string is made of
 * the text's words, every line and row lies in it, every value is one the parse can yield. Null otherwise.
 */
export function decodeFacts(bytes: Buffer, text: string, lineCount: number): DefinitionFacts | null {
  let entry: Entry;
  try {
    entry = JSON.parse(bytes.toString('utf8')) as Entry;
  } catch {
    return null;
  }
  if (
    typeof entry !== 'object' ||
    entry === null ||
    !Array.isArray(entry.s) ||
    !Array.isArray(entry.m) ||
    !Array.isArray(entry.d) ||
    !Array.isArray(entry.c) ||
    !Array.isArray(entry.i)
  )
    return null;
  const strings = entry.s;
  if (!stringsOfText(strings, text)) return null;
  const int = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  const str = (v: unknown): string | null | undefined => {
    if (v === NULL) return null;
    if (v === ABSENT) return undefined;
    if (!int(v, 0, strings.length - 1)) throw new BadEntry();
    return strings[v] as string;
  };
  const required = (v: unknown): string => {
    const s = str(v);
    if (typeof s !== 'string') throw new BadEntry();
    return s;
  };
  const rows = lineCount;
  const pointIn = (p: unknown): p is number => int(p, 0, point(rows + 1, 0));
  try {
    const marked: MarkedNode[] = [];
    const m = entry.m;
    if (m.length % 7 !== 0) return null;
    for (let k = 0; k < m.length; k += 7) {
      const [start, end, startRow, lastRow, mark, control, name] = m.slice(k, k + 7);
      if (
        !pointIn(start) ||
        !pointIn(end) ||
        start > end ||
        !int(startRow, 0, rows) ||
        !int(lastRow, startRow as number, rows) ||
        !int(mark, 0, MARKS.length - 1) ||
        !int(control, 0, 2)
      )
        return null;
      const named = str(name);
      if (named === undefined) return null;
      marked.push({
        start,
        end,
        startRow: startRow as number,
        lastRow: lastRow as number,
        mark: MARKS[mark] as MarkedNode['mark'],
        control: control as Control,
        name: named,
      });
    }
    const definitions: PendingDefinition[] = [];
    for (const d of entry.d as unknown[]) {
      if (!Array.isArray(d) || d.length !== 7) return null;
      const [kind, start, end, spanStart, spanEnd, names, bases] = d as unknown[];
      if (
        !int(kind, 0, CAPTURE_KINDS.length - 1) ||
        !pointIn(start) ||
        !pointIn(end) ||
        start > end ||
        !int(spanStart, 1, rows) ||
        !int(spanEnd, spanStart, rows) ||
        !Array.isArray(names) ||
        !Array.isArray(bases)
      )
        return null;
      definitions.push({
        kind: CAPTURE_KINDS[kind] as string,
        start,
        end,
        span: { start: spanStart, end: spanEnd },
        names: (names as unknown[]).map((n) => {
          if (
            !Array.isArray(n) ||
            n.length !== 12 ||
            !int(n[4], 0, 1) ||
            !Array.isArray(n[5]) ||
            !Array.isArray(n[9]) ||
            !Array.isArray(n[10]) ||
            !Array.isArray(n[11]) ||
            ((n[11] as unknown[]).length > 0 && ((n[11] as unknown[]).length < 3 || !int((n[11] as unknown[])[2], 0, 1_000_000)))
          )
            throw new BadEntry();
          const modes = (n[5] as unknown[]).map((p) => {
            if (!int(p, 0, PARAM_MODES.length - 1)) throw new BadEntry();
            return PARAM_MODES[p] as ParamMode;
          });
          const typeQualifier = str(n[3]);
          const boundTo = str(n[6]);
          const returnOf = str(n[7]);
          const returnVia = str(n[8]);
          return {
            name: required(n[0]),
            qualifier: str(n[1]) ?? null,
            typeName: str(n[2]) ?? null,
            ...(typeQualifier !== undefined ? { typeQualifier } : {}),
            callable: n[4] === 1,
            paramModes: modes,
            ...(typeof boundTo === 'string' ? { boundTo } : {}),
            ...(typeof returnOf === 'string' ? { returnOf } : {}),
            ...(typeof returnVia === 'string' ? { returnVia } : {}),
            ...((n[9] as unknown[]).length > 0 ? { paramTypes: (n[9] as unknown[]).map((t) => str(t) ?? '') } : {}),
            ...((n[10] as unknown[]).length > 0 ? { typeArgs: (n[10] as unknown[]).map((t) => str(t) ?? '') } : {}),
            ...((n[11] as unknown[]).length > 0
              ? { argumentOf: (n[11] as unknown[]).map((t, at) => (at === 2 ? String(t) : (str(t) ?? ''))) }
              : {}),
          };
        }),
        bases: (bases as unknown[]).map(required),
      });
    }
    if (!(entry.c as unknown[]).every((line) => int(line, 1, rows))) return null;
    const imports: ImportFact[] = (entry.i as unknown[]).map((f) => {
      if (!Array.isArray(f) || (f.length !== 4 && f.length !== 5) || !int(f[3], 0, 7) || (f.length === 5 && !int(f[4], 1, rows)))
        throw new BadEntry();
      const flags = f[3] as number;
      const fact: ImportFact = { module: required(f[0]), name: str(f[1]) ?? null, alias: str(f[2]) ?? null, star: (flags & 1) === 1 };
      if ((flags & 2) === 2) fact.whole = true;
      if ((flags & 4) === 4) fact.self = true;
      if (f.length === 5) fact.line = f[4] as number;
      return fact;
    });
    return { marked, definitions, commentLines: entry.c, imports };
  } catch (error) {
    if (error instanceof BadEntry) return null;
    throw error;
  }
}

class BadEntry extends Error {}

/** A run of letters, digits, `_` and `$`: the words strings are checked by. */
const WORD = /[\p{L}\p{N}_$]+/gu;
/** Longest string an entry may hold (a scope's name, a qualified type); control characters never. */
const MAX_STRING = 512;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * True when every string is made of the text's own words: each word of it is a word of the text,
 * whatever joins them (`Account::new` for `impl Account { fn new`, `Account.Deposit` for Go's
 * `func (a *Account) Deposit`),
 * with no control character (a line break would start a line of its own in a slice's header).
 */
function stringsOfText(strings: readonly unknown[], text: string): boolean {
  let words: Set<string> | null = null;
  for (const s of strings) {
    if (typeof s !== 'string' || s.length === 0 || s.length > MAX_STRING || CONTROL.test(s)) return false;
    words ??= new Set(text.match(WORD) ?? []);
    for (const word of s.match(WORD) ?? []) if (!words.has(word)) return false;
  }
  return true;
}

/**
 * The hash that tells apart the builds, grammars and queries facts were made by. SHA-1 (twice as fast
 * as SHA-256 on a 4 MB bundle) is enough: no entry is trusted for its key (each is checked against
 * its file's text).
 */
function identityHash(): Hash {
  return createHash('sha1');
}

/** What of each pack's grammar and structure query the keys hold, by pack: hashed once per process. */
const packIdentities = new Map<string, string>();

/**
 * A file's key: its blob, and its pack's grammar and structure query (files next to the bundle,
 * which the cache's code identity does not cover).
 */
export function factsKey(blob: string, pack: LanguagePack): string {
  let identity = packIdentities.get(pack.id);
  if (identity === undefined) {
    identity = identityHash()
      .update(readFileSync(assetPath('wasm', pack.grammar)))
      .update(querySource(pack.queries.structure))
      .digest('hex')
      .slice(0, 12);
    packIdentities.set(pack.id, identity);
  }
  return `${blob}:${pack.id}:${identity}`;
}

/**
 * What identifies the code that computes facts: the bundle keybug runs from (every line of it), or
 * from source (tests, development) the slicing stage's files. Facts written by other code are not read.
 */
function codeIdentity(): string {
  const here = fileURLToPath(import.meta.url);
  const hash = identityHash();
  if (here.endsWith('.js')) hash.update(readFileSync(here));
  else for (const file of sourceFiles(path.dirname(here))) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 24);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|scm)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
