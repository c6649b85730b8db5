; Structure of ECMAScript code for keybug's slicer, shared by the JavaScript, TypeScript and TSX
; packs (they include it with `; inherits: ecma`): statements, blocks, clauses, scopes, the
; definitions names resolve to, and imports. Only node types and fields every one of the three
; grammars has may appear here; what one grammar alone has goes into its pack's file (and JSX into
; jsx/). Capture names are role.kind; `@name` (and `@type`, `@container`) inside a definition's
; pattern name what it declares.
;
; Cost: a pattern that starts with an alternation (`[(a) (b)] @x`) is tried at every node (several
; times slower than one pattern per node type), and every pattern with children costs the grammar's
; analysis when the query is compiled (TypeScript's is large): alternatives go inside patterns.

; ── statements ──
(expression_statement) @statement.simple
(return_statement) @statement.simple
(break_statement) @statement.simple
(continue_statement) @statement.simple
(throw_statement) @statement.simple
(debugger_statement) @statement.simple
(lexical_declaration) @statement.simple
(variable_declaration) @statement.simple
(import_statement) @statement.simple
(export_statement) @statement.simple
(labeled_statement) @statement.simple
(class_static_block) @statement.simple

(if_statement) @statement.control
(for_statement) @statement.control
(for_in_statement) @statement.control
(while_statement) @statement.control
(do_statement) @statement.control
(try_statement) @statement.control
(switch_statement) @statement.control
(with_statement) @statement.control

; entries of an object literal are units of their own (a change in a 300-line `module.exports = {…}`
; is the entry, not the whole statement)
(object [(pair) (shorthand_property_identifier) (spread_element)] @statement.simple)

; ── blocks ──
(statement_block) @block.body
(class_body) @block.body
(switch_body) @block.body

; ── clauses ──
(else_clause) @clause.else
(catch_clause) @clause.catch
(finally_clause) @clause.finally
(switch_case) @clause.case
(switch_default) @clause.case

; ── scopes and the functions they define ──
(function_declaration name: (identifier) @name) @scope.function @definition.function
(generator_function_declaration name: (identifier) @name) @scope.function @definition.function
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @scope.function @definition.function
(function_expression) @scope.lambda
(generator_function) @scope.lambda
(arrow_function) @scope.lambda

; `const f = () => …`, `var g = function () {…}`: f and g are functions (whose header is the
; declaration's); `const C = class {…}` is a type
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)] @scope.function)) @definition.function
(variable_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)] @scope.function)) @definition.function
(lexical_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.type
(variable_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.type

; `{ f: () => …, g: function () {…} }` (object-literal methods are method_definition above)
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression) (generator_function)] @scope.function) @definition.function

; `exports.f = function …`, `Foo.prototype.m = function …` (owner Foo), `Foo.make = () => …` (owner
; Foo); `module.exports = function f …` defines f, `module.exports = class C …` C
(expression_statement (assignment_expression left: (member_expression property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)] @scope.function)) @definition.function
(expression_statement (assignment_expression left: (member_expression object: (member_expression object: (identifier) @container property: (property_identifier) @_proto) property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)]) (#eq? @_proto "prototype")) @definition.function
(expression_statement (assignment_expression left: (member_expression object: (identifier) @container property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)]) (#not-match? @container "^(exports|module|window|globalThis|self)$")) @definition.function
; `res.set = res.header = function header(…)` (express's aliases): each name of the chain is the function
(expression_statement (assignment_expression left: (member_expression object: (identifier) @container property: (property_identifier) @name) right: (assignment_expression left: (member_expression object: (identifier) @container property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)] @scope.function)) (#not-match? @container "^(exports|module|window|globalThis|self)$")) @definition.function
(expression_statement (assignment_expression right: (function_expression name: (identifier) @name))) @definition.function
(expression_statement (assignment_expression right: (class name: (_) @name))) @definition.type

; a module's default export is also named `default` (ES) or `exports` (CommonJS), what a default
; binding looks up (names.yaml's defaultExports): `export default function f`, `export default
; class C`, and a function or class of the file exported by name, before or after it (`export
; default f`, `module.exports = f`, `exports = module.exports = f`); `module.exports = function …`
; is named `exports` above
(export_statement "default" @name declaration: [(function_declaration) (generator_function_declaration)] @definition.function)
(export_statement "default" @name declaration: (class_declaration) @definition.type)
(program
  [(function_declaration name: (identifier) @_defined) (generator_function_declaration name: (identifier) @_defined)] @definition.function
  (export_statement "default" @name value: (identifier) @_exported)
  (#eq? @_exported @_defined))
(program
  [(function_declaration name: (identifier) @_defined) @definition.function (class_declaration name: (_) @_defined) @definition.type]
  (expression_statement [(assignment_expression left: (member_expression object: (identifier) @_module property: (property_identifier) @name) right: (identifier) @_exported)
                         (assignment_expression right: (assignment_expression left: (member_expression object: (identifier) @_module property: (property_identifier) @name) right: (identifier) @_exported))])
  (#eq? @_exported @_defined) (#eq? @_module "module") (#eq? @name "exports"))
(program
  (expression_statement [(assignment_expression left: (member_expression object: (identifier) @_module property: (property_identifier) @name) right: (identifier) @_exported)
                         (assignment_expression right: (assignment_expression left: (member_expression object: (identifier) @_module property: (property_identifier) @name) right: (identifier) @_exported))])
  [(function_declaration name: (identifier) @_defined) @definition.function (class_declaration name: (_) @_defined) @definition.type]
  (#eq? @_exported @_defined) (#eq? @_module "module") (#eq? @name "exports"))
; what a call made, exported and called by importers, is a function there: `const ky = create();
; export default ky`, `exports.etag = generator({weak: false})`
(program
  (lexical_declaration (variable_declarator name: (identifier) @_defined value: (call_expression))) @definition.function
  (export_statement "default" @name value: (identifier) @_exported)
  (#eq? @_exported @_defined))
(expression_statement (assignment_expression left: (member_expression object: (identifier) @_exports property: (property_identifier) @name) right: (call_expression)) (#eq? @_exports "exports")) @definition.function
; ── classes, and objects with methods (what a factory function returns is a type of its own: its
; methods are members, not locals of the function) ──
(class_declaration name: (_) @name) @scope.type @definition.type
(class) @scope.type
(object [(method_definition) (pair value: [(arrow_function) (function_expression) (generator_function)])]) @scope.type

; fields a constructor assigns (`this.x = …` as a statement of its body) belong to its class
(method_definition
  name: (property_identifier) @_ctor
  body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @name) right: (new_expression constructor: (identifier) @type)?) @definition.field))
  (#eq? @_ctor "constructor"))
; … and so do those an ES5 constructor function assigns (`function Axios(c) { this.defaults = c; }`)
(function_declaration
  name: (identifier) @container
  body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: (property_identifier) @name)) @definition.field)))

; ── variables: declarations (`new T()` gives the type), destructuring at any depth wherever it
; binds, loops, catch ──
(variable_declarator
  name: (identifier) @name
  value: [(new_expression constructor: [(identifier) @type (member_expression property: (property_identifier) @type)]) (await_expression (new_expression constructor: (identifier) @type))]?) @definition.variable
; `const x = f()`, `const x = m.f()`, `const x = a.f().g()`: what the call returns (a declared result type, where the
; language has them; through a chain of calls, step by step)
(variable_declarator
  name: (identifier) @name
  value: (call_expression function: [(identifier) @returns (member_expression object: [(identifier) (this) (call_expression)] @returns.via property: (property_identifier) @returns)])) @definition.variable
(object_pattern
  [(shorthand_property_identifier_pattern) @name
   (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name)
   (pair_pattern value: [(identifier) @name (assignment_pattern left: (identifier) @name)])
   (rest_pattern (identifier) @name)]) @definition.variable
(array_pattern [(identifier) @name (assignment_pattern left: (identifier) @name) (rest_pattern (identifier) @name)]) @definition.variable
(for_in_statement left: (identifier) @name) @definition.variable
(catch_clause parameter: (identifier) @definition.variable)

; ── parameters common to every grammar ──
(arrow_function parameter: (identifier) @definition.parameter)

; ── imports: `import x from`, `import {a as b} from`, `import * as ns from`, re-exports, `require()` ──
; (`import * as ns` and `export * as ns` bind the module itself: `@import.whole`)
(import_statement
  (import_clause [(identifier) @import.alias (namespace_import (identifier) @import.alias) @import.whole (named_imports (import_specifier name: (identifier) @import.name alias: (identifier)? @import.alias))])
  source: (string) @import.module)
(export_statement
  [(export_clause (export_specifier name: (identifier) @import.name alias: (identifier)? @import.alias)) (namespace_export (identifier) @import.alias) @import.whole "*" @import.star]
  source: (string) @import.module)
; `export { _undefined as undefined }`: the module's own `_undefined` is what it exports as `undefined` (`@import.self`)
(export_statement !source (export_clause (export_specifier name: (identifier) @import.name alias: (identifier) @import.alias) @import.self))
(variable_declarator
  name: [(identifier) @import.alias (object_pattern [(shorthand_property_identifier_pattern) @import.name (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias)])]
  value: [(call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))
          ; `const f = require('./m').f`
          (member_expression object: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .)) property: (property_identifier) @import.name)]
  (#eq? @_require "require"))

; `module.exports = require('./x')`: this module's default is that one's (names.yaml's defaultExports)
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @import.alias)
    right: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .)))
  (#eq? @_module "module") (#eq? @import.alias "exports") (#eq? @_require "require"))

; ── comments (a change to a comment alone has nothing to review) ──
(comment) @comment

; ── lines that belong to other code: imports (and `require`) join the nearest changed code's slice, a decorator its definition's ──
(import_statement) @attached.import
(export_statement source: (_)) @attached.import
((lexical_declaration (variable_declarator value: (call_expression function: (identifier) @_require arguments: (arguments . (string) .)))) @attached.import (#eq? @_require "require"))
((variable_declaration (variable_declarator value: (call_expression function: (identifier) @_require arguments: (arguments . (string) .)))) @attached.import (#eq? @_require "require"))
(decorator) @attached.attribute
