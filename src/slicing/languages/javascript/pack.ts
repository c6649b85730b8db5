import type { LanguagePack } from '../../language-pack.js';
import { ecmaAdapter } from '../ecma/adapter.js';
import { MODULE_MANIFESTS } from '../ecma/modules.js';

/**
 * JavaScript (with JSX), in the `javascript` family with TypeScript and TSX: a call in a `.js`
 * file finds its definition in a `.ts` file and back. Queries: ecma/ (shared), jsx/, and this
 * folder's (class fields, plain parameters).
 *
 * Resolves: function declarations and expressions, arrow functions and classes assigned to names
 * (`const f = () => …`, `exports.f = function …`, `Foo.prototype.m = function …`, `module.exports
 * = { m() {}, f: () => … }`), methods, getters/setters, class fields, `this.x = …` in constructors
 * (and in ES5 constructor functions), destructuring, parameters (default, rest, destructured),
 * `let`/`const`/`var`, assignments, `+=`, `++`; methods through `this` and through variables made
 * with `new T()`; `import` (default, named, renamed, namespace), `require()` (whole, destructured,
 * `.name`), `export … from` and `export *` re-exports; module specifiers that are relative paths,
 * tsconfig/jsconfig `paths`/`baseUrl` aliases, package.json `imports` and the repository's own
 * workspace packages (see ecma/modules.ts); capitalized JSX elements as calls of their component.
 *
 * Does not resolve: packages installed from a registry (node_modules), computed or dynamic
 * requires and `import()`, names bound at run time (`obj[name] = …`, `Object.assign`, mixins),
 * the type of what a call returns or a property holds (`a.b.c()`, `getX().m()`), a default import
 * whose local name differs from the exported function's, and renamed re-exports followed further
 * (`export {a as b} from`: `b` is searched by its new name).
 */
export const javascriptPack: LanguagePack = {
  id: 'javascript',
  name: 'JavaScript',
  family: 'javascript',
  grammar: 'tree-sitter-javascript.wasm',
  queries: { structure: 'javascript/structure.scm', flow: 'javascript/flow.scm' },
  sourceExtensions: ['.js', '.mjs', '.cjs', '.jsx'],
  headerExtensions: [],
  headerPriority: 0,
  manifests: MODULE_MANIFESTS,
  interpreters: ['node', 'nodejs', 'deno', 'bun'],
  adapter: ecmaAdapter,
};
