import type { LanguagePack } from '../../language-pack.js';
import { pythonAdapter } from './adapter.js';

/**
 * Python. Resolves: `import`, `from … import` (relative too, `as` names, star imports and
 * packages' re-exports), methods through `self`/`cls` and through variables whose type is written
 * (`x: Foo`, a typed parameter) or constructed (`x = Foo()`). Does not resolve: names bound at run
 * time (`getattr`, `setattr`, monkey-patching), attribute chains longer than one (`a.b.c()`),
 * return types of calls, and imports of installed packages.
 */
export const pythonPack: LanguagePack = {
  id: 'python',
  name: 'Python',
  family: 'python',
  grammar: 'tree-sitter-python.wasm',
  queries: { structure: 'python/structure.scm', flow: 'python/flow.scm' },
  sourceExtensions: ['.py', '.pyi', '.pyw'],
  headerExtensions: [],
  headerPriority: 0,
  interpreters: ['python', 'pypy'],
  adapter: pythonAdapter,
};
