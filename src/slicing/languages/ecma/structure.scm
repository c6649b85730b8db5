; Structure of ECMAScript code for keybug's slicer, shared by the JavaScript, TypeScript and TSX
; packs (they include it with `; inherits: ecma`): statements, blocks, clauses, scopes, the
; definitions names resolve to, and imports. Only node types and fields every one of the three
; grammars has may appear here; what one grammar alone has goes into its pack's file (and JSX into
; jsx/). Capture names are role.kind; `@name` (and `@type`, `@container`) inside a definition's
; pattern name what it declares.

; ── statements ──
[
  (expression_statement)
  (return_statement)
  (break_statement)
  (continue_statement)
  (throw_statement)
  (debugger_statement)
  (lexical_declaration)
  (variable_declaration)
  (import_statement)
  (export_statement)
  (labeled_statement)
  (class_static_block)
] @statement.simple

[
  (if_statement)
  (for_statement)
  (for_in_statement)
  (while_statement)
  (do_statement)
  (try_statement)
  (switch_statement)
  (with_statement)
] @statement.control

; entries of an object literal are units of their own (a change in a 300-line `module.exports = {…}`
; is the entry, not the whole statement)
(object [(pair) (shorthand_property_identifier) (spread_element)] @statement.simple)

; ── blocks ──
[
  (statement_block)
  (class_body)
  (switch_body)
] @block.body

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

; `const f = () => …`, `var g = function () {…}`: f and g are functions (whose header is the declaration's)
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)] @scope.function)) @definition.function
(variable_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)] @scope.function)) @definition.function

; `{ f: () => …, g: function () {…} }` (object-literal methods are method_definition above)
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression) (generator_function)] @scope.function) @definition.function

; `exports.f = function …`, `Foo.prototype.m = function …`, `Foo.make = () => …`
(expression_statement (assignment_expression left: (member_expression property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)] @scope.function)) @definition.function
(expression_statement (assignment_expression left: (member_expression object: (member_expression object: (identifier) @container property: (property_identifier) @_proto) property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)]) (#eq? @_proto "prototype")) @definition.function
(expression_statement (assignment_expression left: (member_expression object: (identifier) @container property: (property_identifier) @name) right: [(arrow_function) (function_expression) (generator_function)]) (#not-match? @container "^(exports|module|window|globalThis|self|this)$")) @definition.function
; `module.exports = function f…` defines f, `module.exports = class C …` C
(expression_statement (assignment_expression right: (function_expression name: (identifier) @name))) @definition.function
(expression_statement (assignment_expression right: (class name: (_) @name))) @definition.type

; ── classes, and objects with methods (what a factory function returns is a type of its own: its
; methods are members, not locals of the function) ──
(class_declaration name: (_) @name) @scope.type @definition.type
(class) @scope.type
(object (method_definition)) @scope.type
(object (pair value: [(arrow_function) (function_expression) (generator_function)])) @scope.type
(lexical_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.type
(variable_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.type

; fields a constructor assigns (`this.x = …` as a statement of its body) belong to its class
(method_definition
  name: (property_identifier) @_ctor
  body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: [(property_identifier) (private_property_identifier)] @name)) @definition.field))
  (#eq? @_ctor "constructor"))
(method_definition
  name: (property_identifier) @_ctor
  body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: (property_identifier) @name) right: (new_expression constructor: (identifier) @type)) @definition.field))
  (#eq? @_ctor "constructor"))
; … and so do those an ES5 constructor function assigns (`function Axios(c) { this.defaults = c; }`)
(function_declaration
  name: (identifier) @container
  body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: (property_identifier) @name)) @definition.field)))

; ── variables: declarations, destructuring (at any depth, wherever it binds), loops, catch ──
(variable_declarator name: (identifier) @name) @definition.variable
(variable_declarator name: (identifier) @name value: (new_expression constructor: (identifier) @type)) @definition.variable
(variable_declarator name: (identifier) @name value: (new_expression constructor: (member_expression property: (property_identifier) @type))) @definition.variable
(variable_declarator name: (identifier) @name value: (await_expression (new_expression constructor: (identifier) @type))) @definition.variable

(object_pattern (shorthand_property_identifier_pattern) @name) @definition.variable
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name)) @definition.variable
(object_pattern (pair_pattern value: (identifier) @name)) @definition.variable
(object_pattern (pair_pattern value: (assignment_pattern left: (identifier) @name))) @definition.variable
(object_pattern (rest_pattern (identifier) @name)) @definition.variable
(array_pattern (identifier) @name) @definition.variable
(array_pattern (assignment_pattern left: (identifier) @name)) @definition.variable
(array_pattern (rest_pattern (identifier) @name)) @definition.variable

(for_in_statement left: (identifier) @name) @definition.variable
(catch_clause parameter: (identifier) @definition.variable)

; ── parameters common to every grammar ──
(arrow_function parameter: (identifier) @definition.parameter)

; ── imports: `import x from`, `import {a as b} from`, `import * as ns from`, `require()`, re-exports ──
(import_statement (import_clause (identifier) @import.alias) source: (string) @import.module)
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name !alias))) source: (string) @import.module)
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier) @import.alias))) source: (string) @import.module)
(import_statement (import_clause (namespace_import (identifier) @import.alias)) source: (string) @import.module)
(export_statement (export_clause (export_specifier name: (identifier) @import.name !alias)) source: (string) @import.module)
(export_statement (export_clause (export_specifier name: (identifier) @import.name alias: (identifier) @import.alias)) source: (string) @import.module)
(export_statement "*" @import.star source: (string) @import.module)
(export_statement (namespace_export (identifier) @import.alias) source: (string) @import.module)

(variable_declarator
  name: (identifier) @import.alias
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))
  (#eq? @_require "require"))
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))
  (#eq? @_require "require"))
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .))
  (#eq? @_require "require"))
; `const f = require('./m').f`
(variable_declarator
  name: (identifier) @import.alias
  value: (member_expression object: (call_expression function: (identifier) @_require arguments: (arguments . (string) @import.module .)) property: (property_identifier) @import.name)
  (#eq? @_require "require"))
