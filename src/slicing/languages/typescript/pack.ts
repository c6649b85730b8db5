import type { LanguagePack } from '../../language-pack.js';
import { ecmaAdapter } from '../ecma/adapter.js';
import { MODULE_MANIFESTS } from '../ecma/modules.js';

/**
 * TypeScript, in the `javascript` family (see javascript/pack.ts for what every pack of the family
 * resolves and does not). Adds: interfaces, type aliases, enums and their members, namespaces,
 * `declare` and overload signatures, abstract classes and methods, typed fields, parameters and
 * variables (`x: T`, `x?: T`, `T | undefined`, `x as T`), constructor parameter properties
 * (`constructor(private svc: Service)`), `import x = require()`, and the types named on a changed
 * line. A parameter or interface field typed by a type parameter is of its constraint (`<T extends
 * S>(s: T)`: S); a parameter that declares no type has the one named at its position by the
 * function type its function's variable declares (`const fn: Parse = (schema) => …` with `type
 * Parse = (schema: S) => R`), and a callback's first parameter the one the called function declares
 * for it, a type parameter its return type names bound by the declared type of the variable the call
 * initializes (`const X: Box<A> = box("…", (inst) => …)` with `box<T>(n: string, init: (inst: T) =>
 * void): Box<T>`: A). Methods resolve through a receiver's declared type as well as through
 * `new T()`, and along a chain of calls by each one's declared result type, an interface method's
 * `this` being the type it is called on (`z.string().max(5).safeParse(x).success`, `const r =
 * schema.safeParse(x)` with `schema` set by such a chain; a variable called, by the result type of its
 * declared function type: `const parse: Parse` with `type Parse = (…) => Result`); a type named there is the one the
 * declaring file means (`parse.Result`, an imported `ZodError`, not a same-named type elsewhere), and
 * a variable declared `any` or `unknown` has no type to follow. The compiler's `./a.js` → `./a.ts`
 * rule applies. `.d.ts` files are searched like any other.
 *
 * Does not resolve besides: result types the compiler infers (a function or method declaring
 * none, a conditional type: `refine<Ch>(…): Ch extends … ? … : this`), generic type arguments (the
 * `T` of `Box<T>`), a callback's parameters past the first or bound by the call's own type arguments
 * (`$constructor<X>("…", (inst, def) => …)`), intersection and mapped types, declaration merging
 * across files beyond finding each part by name, project references, and path aliases of a config
 * other than the nearest tsconfig.json/jsconfig.json and what it `extends` (a `tsconfig.app.json`
 * referenced by it is not read).
 */
export const typescriptPack: LanguagePack = {
  id: 'typescript',
  name: 'TypeScript',
  family: 'javascript',
  grammar: 'tree-sitter-typescript.wasm',
  queries: { structure: 'typescript/structure.scm', flow: 'typescript/flow.scm' },
  sourceExtensions: ['.ts', '.mts', '.cts'],
  headerExtensions: [],
  headerPriority: 0,
  manifests: MODULE_MANIFESTS,
  interpreters: ['ts-node', 'tsx'],
  adapter: ecmaAdapter,
};
