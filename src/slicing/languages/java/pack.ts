import type { LanguagePack } from '../../language-pack.js';
import { javaAdapter } from './adapter.js';

/**
 * Java. Resolves: classes, interfaces, enums, records and annotation types (nested, local and
 * anonymous ones as scopes), methods and constructors (`new Foo(…)` finds Foo's class and
 * constructors, `Foo::m` a method reference's method), lambdas, fields and constants (static ones
 * and enum constants also unqualified), record components (as fields and accessors), locals, `var`
 * through the constructed type, enhanced-for, catch, try-with-resources and pattern variables,
 * parameters; writes through `=`, compound assignments, `++`/`--`, `this.x = …` and `p.x = …`.
 * Methods resolve through the receiver's declared type (locals, fields, parameters, `new T()`),
 * `this.m()` and an unqualified `m()` through the enclosing class, `T.m()` through T (a capitalized
 * object is a type by Java's naming convention). Imports: `import a.b.C;` is `a/b/C.java` under any
 * source root, `import a.b.*;` the package's folders, `import static a.b.C.m;` and `.*` C's file;
 * the same package (the folder, and the same package path under the other source roots) is visible
 * without an import and searched by rank, a file named after the type first.
 *
 * Does not resolve: inherited members through the class hierarchy (`super.m()`, or a method a
 * subclass calls but its superclass defines, is found only by the ranked search, and an override is
 * not told from the method it overrides), generics' type arguments (`List<Foo> xs; xs.get(0).m()`
 * does not know Foo), return types of calls and chains (`a.b().c()`, `this.x.m()`), overloads by
 * argument types (all same-named methods of the type are candidates), and classes from jars or the
 * JDK.
 */
export const javaPack: LanguagePack = {
  id: 'java',
  name: 'Java',
  family: 'java',
  grammar: 'tree-sitter-java.wasm',
  queries: { structure: 'java/structure.scm', flow: 'java/flow.scm' },
  sourceExtensions: ['.java'],
  headerExtensions: [],
  headerPriority: 0,
  adapter: javaAdapter,
};
