import wts from './web-tree-sitter.cjs';
import { assetPath } from '../../support/assets.js';
import type { Language as LanguageType, Parser as ParserType } from 'web-tree-sitter';

export type { Language, Node, Parser, Query, QueryCapture, QueryMatch, Range, Tree } from 'web-tree-sitter';

let ready: Promise<void> | null = null;
const languages = new Map<string, Promise<LanguageType>>();

/** Initialises the tree-sitter WASM runtime once per process. */
function init(): Promise<void> {
  ready ??= wts.Parser.init({ locateFile: (file: string) => assetPath('wasm', file) });
  return ready;
}

/** Loads a grammar by its WASM file name (e.g. 'tree-sitter-cpp.wasm'), once per process. */
export async function loadLanguage(wasmFile: string): Promise<LanguageType> {
  await init();
  let lang = languages.get(wasmFile);
  if (lang === undefined) {
    lang = wts.Language.load(assetPath('wasm', wasmFile));
    languages.set(wasmFile, lang);
  }
  return lang;
}

/** A new parser for a loaded grammar. */
export async function createParser(wasmFile: string): Promise<ParserType> {
  const language = await loadLanguage(wasmFile);
  const parser = new wts.Parser();
  parser.setLanguage(language);
  return parser;
}

/** Compiles a tree-sitter query for a grammar. */
export async function compileQuery(wasmFile: string, source: string): Promise<InstanceType<typeof wts.Query>> {
  return compileQueryFor(await loadLanguage(wasmFile), source);
}

/** Compiles a tree-sitter query for a grammar already loaded. */
export function compileQueryFor(language: LanguageType, source: string): InstanceType<typeof wts.Query> {
  return new wts.Query(language, source);
}
