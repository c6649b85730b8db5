import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { assetPath } from '../support/assets.js';
import type { DefinitionKind } from './definition.js';
import { AROUND_THE_NAME, type Bodies, type HintKind, type HintReach, type LanguageAdapter, type Overloads } from './language-pack.js';
import type { Node } from './parser/tree-sitter.js';

/** A hint of one kind in a data file: alternatives (joined by `|`), with their own regex flags when they differ from the file's. */
type HintPatterns = string | string[] | { flags: string; any: string | string[] };

/** A pack's data file (`<folder>/names.yaml`), as written. */
interface NamesFile {
  /** Another folder's data file read first: its names come before this file's, and its hints stand where this file gives none. */
  inherits?: string;
  /** Identifiers never worth a repository search (keywords, the standard library), nor are members of the types among them. */
  builtins?: string[];
  /** Names that mean the object a method runs on (`this`, `self`). */
  selfNames?: string[];
  hints?: HintsFile;
  /** Lists an adapter reads by name (C++'s `wrappers` and `factories`). */
  lists?: Record<string, string[]>;
  /** Kinds of a type's members that a bare name reaches outside the type (C's enumerators): other members are reached through their type or an object. */
  bareMembers?: string[];
  /**
   * Imports as a line of text shows them, for the files a file reaches through what it imports
   * without parsing them: a regex whose first group is what the import names (`#include "a/b.h"`),
   * and whether what an imported file imports is seen too (C's headers).
   */
  textImports?: { line: string; transitive: boolean };
  /** What a callee's body shows when long, and what above it belongs to it (see Bodies). */
  bodies?: { exits?: string; attributes?: string; doc?: string; receiverFirst?: boolean };
  /** True where a qualifier that is no type names a namespace of free functions (C++'s `port::f()`). */
  namespaces?: boolean;
  /** Names a module's default export is defined under (see LanguageAdapter.defaultExports). */
  defaultExports?: string[];
  /** What a bare name read as a value can be defined as (see LanguageAdapter.readKinds). */
  reads?: DefinitionKind[];
  overloads?: OverloadsFile;
  /**
   * What an import of a standard library module makes visible (C's `string.h`: `memcpy` …), by
   * module as the import names it; a module given as a string is another module's alias (`cstring`:
   * `string.h`). Read where a change of imports alone shows where the file uses them.
   */
  libraryModules?: Record<string, string[] | string>;
}

/** How calls pick among overloads by their arguments' types (see Overloads), as written. */
interface OverloadsFile {
  /** An argument's type by its syntax node's type (and text, when `text` is given), or the text of its child `field` (a cast's type). */
  arguments: { node: string; text?: string; type?: string; field?: string }[];
  widening: Record<string, string[]>;
  boxing: Record<string, string[]>;
  final: string[];
  primitives: string[];
  top: string;
  null: string;
  typeVariable: string;
}

interface HintsFile {
  /** `lines`: each hint is a declaration's shape on the lines around the name (AROUND_THE_NAME); `text`: a hint may span a block. */
  reach: 'lines' | 'text';
  /** A character class of what a name keeps in a hint (the rest dropped); `$` is escaped. */
  name: string;
  /** Regex flags of every hint unless its kind says otherwise. */
  flags: string;
  /** Pieces the patterns name as `${piece}`; `${name}` is the name. */
  pieces?: Record<string, string>;
  callable: HintPatterns;
  type: HintPatterns;
  field: HintPatterns;
  variable: HintPatterns;
}

/** What a language pack knows as data: standard names, the object's own name, what a line defining a name looks like. */
export interface PackData {
  builtins: ReadonlySet<string>;
  selfNames: ReadonlySet<string>;
  /** Where hints are tested (see LanguageAdapter.hintReach). */
  hintReach: HintReach | undefined;
  /** A text pattern that any file defining `name` as this kind matches (see LanguageAdapter.definitionHint). */
  definitionHint(name: string, kind: HintKind): RegExp;
  /** A list the data file names under `lists:` (empty when it has none of that name). */
  list(name: string): ReadonlySet<string>;
  bareMembers: ReadonlySet<string>;
  textImports: { line: RegExp; transitive: boolean } | null;
  bodies: Bodies;
  namespaces: boolean;
  defaultExports: readonly string[];
  readKinds: readonly DefinitionKind[];
  /** What the data file says of overloads, without the adapter's reading of signatures; null when it says nothing. */
  overloads: Omit<Overloads, 'signature'> | null;
  libraryNames(module: string): readonly string[];
}

/** What a bare name read is, where the data file does not say: a variable, a constant or a macro. */
const VARIABLE_KINDS: readonly DefinitionKind[] = ['variable', 'constant', 'macro'];

const NO_BODIES: Bodies = { exits: null, attributes: null, doc: null, receiverFirst: false };

const loaded = new Map<string, PackData>();
const EMPTY: ReadonlySet<string> = new Set();

/** The data of the pack folder `folder` (`src/slicing/languages/<folder>/names.yaml`), read once per process on first use. */
export function packData(folder: string): PackData {
  let data = loaded.get(folder);
  if (data === undefined) {
    data = build(folder, 0);
    loaded.set(folder, data);
  }
  return data;
}

function build(folder: string, depth: number): PackData {
  const file = `${folder}/names.yaml`;
  const written = parse(readFileSync(assetPath('queries', file), 'utf8')) as NamesFile;
  const parent = written.inherits !== undefined && depth < 4 ? build(written.inherits, depth + 1) : null;
  const hints = written.hints ?? null;
  if (hints === null && parent === null) throw new Error(`${file} gives no hints and inherits none`);
  const templates = hints === null ? null : compileHints(hints, file);
  const lists = new Map(Object.entries(written.lists ?? {}).map(([name, items]) => [name, new Set(items)]));
  const modules = written.libraryModules ?? {};
  // YAML reads an unquoted NULL, true or ~ as no string: the table would then hold what no name matches.
  for (const [module, names] of Object.entries(modules))
    if (Array.isArray(names) && names.some((n) => typeof n !== 'string'))
      throw new Error(
        `${file}: libraryModules.${module} holds ${JSON.stringify(names.find((n) => typeof n !== 'string'))}, not a name: quote it`,
      );
  const libraryNames = (module: string, hops = 0): readonly string[] => {
    const own = modules[module];
    if (typeof own === 'string' && hops < 4) return libraryNames(own, hops + 1);
    return Array.isArray(own) ? own : (parent?.libraryNames(module) ?? []);
  };
  return {
    builtins: new Set([...(parent?.builtins ?? []), ...(written.builtins ?? [])]),
    selfNames: new Set(written.selfNames ?? [...(parent?.selfNames ?? [])]),
    hintReach: templates === null ? (parent as PackData).hintReach : hints?.reach === 'lines' ? AROUND_THE_NAME : undefined,
    definitionHint: templates ?? (parent as PackData).definitionHint,
    list: (name) => lists.get(name) ?? parent?.list(name) ?? EMPTY,
    bareMembers: written.bareMembers !== undefined ? new Set(written.bareMembers) : (parent?.bareMembers ?? EMPTY),
    textImports:
      written.textImports !== undefined
        ? { line: new RegExp(written.textImports.line, 'gm'), transitive: written.textImports.transitive }
        : (parent?.textImports ?? null),
    namespaces: written.namespaces ?? parent?.namespaces ?? false,
    defaultExports: written.defaultExports ?? parent?.defaultExports ?? [],
    readKinds: written.reads ?? parent?.readKinds ?? VARIABLE_KINDS,
    bodies:
      written.bodies !== undefined
        ? {
            exits: regexOrNull(written.bodies.exits),
            attributes: regexOrNull(written.bodies.attributes),
            doc: regexOrNull(written.bodies.doc),
            receiverFirst: written.bodies.receiverFirst === true,
          }
        : (parent?.bodies ?? NO_BODIES),
    overloads: written.overloads !== undefined ? compileOverloads(written.overloads) : (parent?.overloads ?? null),
    libraryNames,
  };
}

/** `java.util.List<String>` → `List`, `Foo []` → `Foo[]`: a type as written, as overloads compare types (the last name, with its array brackets). */
export function typeKey(text: string): string {
  let bare = text;
  for (let previous = ''; previous !== bare;) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  bare = bare.replace(/\s+/g, '');
  return bare.slice(bare.lastIndexOf('.') + 1);
}

function compileOverloads(file: OverloadsFile): Omit<Overloads, 'signature'> {
  const rules = file.arguments.map((r) => ({ ...r, text: regexOrNull(r.text) }));
  const sets = (record: Record<string, string[]>): Map<string, Set<string>> =>
    new Map(Object.entries(record).map(([type, to]) => [type, new Set(to)]));
  return {
    argumentType(node: Node): string | null {
      for (const rule of rules) {
        if (rule.node !== node.type || (rule.text !== null && !rule.text.test(node.text))) continue;
        if (rule.type !== undefined) return rule.type;
        const child = rule.field === undefined ? null : node.childForFieldName(rule.field);
        return child === null ? null : typeKey(child.text);
      }
      return null;
    },
    widening: sets(file.widening),
    boxing: sets(file.boxing),
    final: new Set(file.final),
    primitives: new Set(file.primitives),
    top: file.top,
    nullType: file.null,
    typeVariable: new RegExp(file.typeVariable),
  };
}

function regexOrNull(source: string | undefined): RegExp | null {
  return source === undefined ? null : new RegExp(source);
}

/** The hints of a data file as a function of the name and kind: each kind's alternatives with the pieces and the name put in. */
function compileHints(hints: HintsFile, file: string): (name: string, kind: HintKind) => RegExp {
  const strip = new RegExp(`[^${hints.name}]`, 'g');
  const pieces = hints.pieces ?? {};
  const expand = (pattern: string, name: string): string =>
    pattern.replace(/\$\{(\w+)\}/g, (_, piece: string) => {
      if (piece === 'name') return name;
      const text = pieces[piece];
      if (text === undefined) throw new Error(`${file}: no piece named ${piece}`);
      return expand(text, name);
    });
  const kinds: Record<HintKind, { flags: string; source: string }> = {
    callable: { flags: '', source: '' },
    type: { flags: '', source: '' },
    field: { flags: '', source: '' },
    variable: { flags: '', source: '' },
  };
  for (const kind of Object.keys(kinds) as HintKind[]) {
    const given = hints[kind];
    if (given === undefined) throw new Error(`${file}: no hint for ${kind}`);
    const alternatives = typeof given === 'string' || Array.isArray(given) ? given : given.any;
    kinds[kind] = {
      flags: typeof given === 'object' && !Array.isArray(given) ? given.flags : hints.flags,
      source: typeof alternatives === 'string' ? alternatives : alternatives.join('|'),
    };
  }
  return (name, kind) => {
    const n = name.replace(strip, '').replace(/\$/g, '\\$');
    const { flags, source } = kinds[kind];
    return new RegExp(expand(source, n), flags);
  };
}

/** What a pack's data file gives an adapter. */
export type DataKnowledge =
  | 'builtins'
  | 'selfNames'
  | 'definitionHint'
  | 'hintReach'
  | 'bareMembers'
  | 'textImports'
  | 'bodies'
  | 'namespaces'
  | 'defaultExports'
  | 'readKinds'
  | 'overloads'
  | 'libraryNames';

/**
 * An adapter with what its pack's data file says (builtins, selfNames, hints) read on first use, not
 * when the pack is imported; `signature`, the adapter's reading of a declaration's parameters, joins
 * the data file's `overloads:`.
 */
export function withPackData(
  folder: string,
  adapter: Omit<LanguageAdapter, DataKnowledge> & { signature?: Overloads['signature'] },
): LanguageAdapter {
  const { signature, ...rest } = adapter;
  const withHints = { ...rest, definitionHint: (name: string, kind: HintKind): RegExp => packData(folder).definitionHint(name, kind) };
  let overloads: Overloads | undefined | null = null;
  const overloadsOf = (): Overloads | undefined => {
    if (overloads === null) {
      const data = packData(folder).overloads;
      overloads = data === null || signature === undefined ? undefined : { ...data, signature };
    }
    return overloads;
  };
  return Object.defineProperties(withHints, {
    builtins: { get: () => packData(folder).builtins, enumerable: true },
    selfNames: { get: () => packData(folder).selfNames, enumerable: true },
    hintReach: { get: () => packData(folder).hintReach, enumerable: true },
    bareMembers: { get: () => packData(folder).bareMembers, enumerable: true },
    textImports: { get: () => packData(folder).textImports, enumerable: true },
    bodies: { get: () => packData(folder).bodies, enumerable: true },
    namespaces: { get: () => packData(folder).namespaces, enumerable: true },
    defaultExports: { get: () => packData(folder).defaultExports, enumerable: true },
    readKinds: { get: () => packData(folder).readKinds, enumerable: true },
    libraryNames: { value: (module: string) => packData(folder).libraryNames(module), enumerable: true },
    overloads: { get: overloadsOf, enumerable: true },
  }) as LanguageAdapter;
}
