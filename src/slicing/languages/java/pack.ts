import type { LanguagePack } from '../../language-pack.js';
import { javaAdapter } from './adapter.js';

/**
 * Java. Resolves: classes, interfaces, enums, records and annotation types (nested, local and
 * anonymous ones as scopes), methods and constructors (`new Foo(…)` finds Foo's class and
 * constructors, `Foo::m` a method reference's method), lambdas, fields and constants (static ones
 * and enum constants also unqualified), record components (as fields and accessors), locals, `var`
 * through the constructed type, enhanced-for, catch, try-with-resources and pattern variables,
 * parameters; writes through `=`, compound assignments, `++`/`--`, `this.x = …` and `p.x = …`.
 * Methods resolve through the receiver's declared type (locals, fields, parameters, `new T()`, a field
 * of `this`: `this.store.save()`),
 * `this.m()` and an unqualified `m()` through the enclosing class, `T.m()` through T (a capitalized
 * object is a type by Java's naming convention). Imports: `import a.b.C;` is `a/b/C.java` under any
 * source root (a member of C, `x.m()` with `C x`, is looked for there first), `import a.b.*;` the
 * package's folders, `import static a.b.C.m;` and `.*` C's file; a class imported from outside the
 * repository (the JDK, a jar) is not searched for. The same package (the folder, and the same
 * package path under the other source roots) is visible without an import: the file named after a
 * type is parsed directly, the rest found by the ranked word search.
 *
 * Does not resolve: inherited members through the class hierarchy (`super.m()`, or a method a
 * subclass calls but its superclass defines, is found only by the ranked search, and an override is
 * not told from the method it overrides), generics' type arguments (`List<Foo> xs; xs.get(0).m()`
 * does not know Foo), return types of calls and chains (`a.b().c()`, `a.b.c.m()`), overloads by
 * argument types (all same-named methods of the type are candidates), methods of JDK types (a
 * repository method of the same name is not shown for `s.length()` with `String s`), classes from
 * jars, and a class whose file's path does not end with its package path (imports name files).
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
