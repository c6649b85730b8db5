import type { LanguagePack } from '../../language-pack.js';
import { goAdapter } from './adapter.js';

/**
 * Go. Resolves: functions; methods through their receiver's type, whether the receiver is a value
 * or a pointer (`func (s *Server) Handle` belongs to `Server`, and the receiver `s` is a parameter
 * of that type, so `s.field` and `s.Method()` resolve through it); fields, methods and embedded
 * fields of structs; interface methods; func literals as closures; `const`/`var` (grouped too),
 * `:=` and `var x T` locals, multiple assignment, `op=`, `++`/`--`, range variables, receives, type
 * switch aliases, `&x` handed to a call as a write; parameters and named results; the types of
 * variables declared (`var x T`, typed parameters) or constructed (`T{}`, `&T{}`, `new(T)`).
 * Imports: a package of the repository's modules (`go.mod`, the nearest one above the importing
 * file for nested modules; the folder's non-test files), aliased and dot imports; `pkg.F()` is
 * looked up in the package bound to `pkg` only; the package's other files are visible without an
 * import. Does not resolve: the standard library and other modules (vendored ones included), which
 * calls through their packages are known to be; methods called through an interface (the interface's
 * method, not its implementations, unless the name is found no other way); methods promoted from
 * embedded fields (found only by name); types returned by calls (`s := NewServer()` leaves `s`'s
 * type unknown, so `s.M()` resolves by name); build constraints (every file of a folder counts);
 * `go.work` workspaces and `replace` directives.
 */
export const goPack: LanguagePack = {
  id: 'go',
  name: 'Go',
  family: 'go',
  grammar: 'tree-sitter-go.wasm',
  queries: { structure: 'go/structure.scm', flow: 'go/flow.scm' },
  sourceExtensions: ['.go'],
  headerExtensions: [],
  headerPriority: 0,
  manifests: ['go.mod'],
  adapter: goAdapter,
};
