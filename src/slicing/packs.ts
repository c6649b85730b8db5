import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assetPath } from '../support/assets.js';
import { compileQueryFor, createParser, loadLanguage, type Parser, type Query } from './parser/tree-sitter.js';
import type { LanguagePack } from './language-pack.js';
import { cPack } from './languages/c/pack.js';
import { cppPack } from './languages/cpp/pack.js';
import { goPack } from './languages/go/pack.js';
import { javaPack } from './languages/java/pack.js';
import { javascriptPack } from './languages/javascript/pack.js';
import { pythonPack } from './languages/python/pack.js';
import { rustPack } from './languages/rust/pack.js';
import { tsxPack } from './languages/tsx/pack.js';
import { typescriptPack } from './languages/typescript/pack.js';

/** Every language pack keybug slices; adding a language means adding its folder and a line here. */
export const PACKS: readonly LanguagePack[] = [
  cPack,
  cppPack,
  pythonPack,
  javascriptPack,
  typescriptPack,
  tsxPack,
  javaPack,
  rustPack,
  goPack,
];

/** A pack with its grammar loaded and its queries compiled (the flow query when first read). */
export interface LoadedPack {
  pack: LanguagePack;
  parser: Parser;
  structure: Query;
  readonly flow: Query;
}

/**
 * Reads a query file, expanding a first line `; inherits: <folder>[, <folder>…]` into those
 * folders' files of the same name, in order (a pack's folder, or one holding what several packs'
 * grammars share: JavaScript, TypeScript and TSX inherit `ecma`, and JavaScript and TSX `jsx`).
 */
export function querySource(name: string, depth = 0): string {
  const text = readFileSync(assetPath('queries', name), 'utf8');
  const inherits = /^;\s*inherits:\s*(\w+(?:\s*,\s*\w+)*)/.exec(text);
  if (inherits === null || depth > 4) return text;
  const inherited = (inherits[1] as string).split(',').map((folder) => querySource(`${folder.trim()}/${path.basename(name)}`, depth + 1));
  return [...inherited, text].join('\n');
}

const loaded = new Map<string, Promise<LoadedPack>>();

/**
 * Loads a pack once per process. The flow query is compiled when first read: `original-diff`
 * reads no data flow, and compiling a grammar's flow query costs tens of milliseconds.
 */
export function loadPack(pack: LanguagePack): Promise<LoadedPack> {
  let entry = loaded.get(pack.id);
  if (entry === undefined) {
    entry = (async () => {
      const language = await loadLanguage(pack.grammar);
      let flow: Query | undefined;
      return {
        pack,
        parser: await createParser(pack.grammar),
        structure: compileQueryFor(language, querySource(pack.queries.structure)),
        get flow() {
          return (flow ??= compileQueryFor(language, querySource(pack.queries.flow)));
        },
      };
    })();
    loaded.set(pack.id, entry);
  }
  return entry;
}

/** The lower-case extension of a path, with the dot ('' when none). */
function extensionOf(file: string): string {
  return path.extname(file).toLowerCase();
}

/**
 * Chooses the pack for each path of one revision. A source extension belongs to one pack; a header
 * extension goes to the highest-priority pack claiming it whose sources exist in the revision (so
 * `.h` is C++ in a C++ project and C in a C project), or to the highest-priority claimant otherwise.
 */
export class PackChooser {
  private readonly present: Set<string>;
  /** Each extension's pack, chosen once: a search asks it of every file holding a name (thousands of headers in a large project). */
  private readonly byExtension = new Map<string, LanguagePack | null>();

  constructor(revisionFiles: readonly string[]) {
    this.present = new Set(revisionFiles.map(extensionOf));
  }

  packFor(file: string): LanguagePack | null {
    const ext = extensionOf(file);
    let pack = this.byExtension.get(ext);
    if (pack === undefined) this.byExtension.set(ext, (pack = this.choose(ext)));
    return pack;
  }

  private choose(ext: string): LanguagePack | null {
    const owner = PACKS.find((p) => p.sourceExtensions.includes(ext));
    if (owner !== undefined) return owner;
    const claimants = PACKS.filter((p) => p.headerExtensions.includes(ext)).sort((a, b) => b.headerPriority - a.headerPriority);
    return claimants.find((p) => p.sourceExtensions.some((s) => this.present.has(s))) ?? claimants[0] ?? null;
  }
}

const PARSABLE_EXTENSIONS = [...new Set(PACKS.flatMap((p) => [...p.sourceExtensions, ...p.headerExtensions]))];
const HEADER_EXTENSIONS = new Set(PACKS.flatMap((p) => p.headerExtensions));

/** True for a file some pack calls a header (made to be included), by its lower-case extension. */
export function isHeaderPath(file: string): boolean {
  return HEADER_EXTENSIONS.has(extensionOf(file));
}

/** True for a path some pack can parse, by its exact (case-sensitive) extension, as the pathspec `*.h` would match. */
export function isParsablePath(file: string): boolean {
  return PARSABLE_EXTENSIONS.some((e) => file.endsWith(e));
}
