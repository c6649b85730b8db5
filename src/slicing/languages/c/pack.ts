import type { LanguagePack } from '../../language-pack.js';
import { BUILD_FILES } from './include-folders.js';
import { cAdapter } from './adapter.js';

/** C: `.c` sources; `.h` headers unless the revision has C++ sources (see PackChooser). */
export const cPack: LanguagePack = {
  id: 'c',
  name: 'C',
  family: 'c',
  grammar: 'tree-sitter-c.wasm',
  queries: { structure: 'c/structure.scm', flow: 'c/flow.scm' },
  sourceExtensions: ['.c'],
  headerExtensions: ['.h'],
  headerPriority: 1,
  manifests: BUILD_FILES,
  adapter: cAdapter,
};
