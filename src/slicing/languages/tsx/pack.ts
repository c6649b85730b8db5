import type { LanguagePack } from '../../language-pack.js';
import { ecmaAdapter } from '../ecma/adapter.js';
import { MODULE_MANIFESTS } from '../ecma/modules.js';

/**
 * TSX: TypeScript with JSX, parsed with the TSX grammar (where `<T>x` is no type assertion and
 * `<T,>() => …` is a generic arrow function). Resolves what the TypeScript pack does, plus
 * capitalized JSX elements as calls of their component; see typescript/pack.ts and
 * javascript/pack.ts for what it does not.
 */
export const tsxPack: LanguagePack = {
  id: 'tsx',
  name: 'TypeScript (TSX)',
  family: 'javascript',
  grammar: 'tree-sitter-tsx.wasm',
  queries: { structure: 'tsx/structure.scm', flow: 'tsx/flow.scm' },
  sourceExtensions: ['.tsx'],
  headerExtensions: [],
  headerPriority: 0,
  manifests: MODULE_MANIFESTS,
  adapter: ecmaAdapter,
};
