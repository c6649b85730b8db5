; Structure of a Go file for keybug's slicer: statements, blocks, clauses, scopes, the definitions
; names resolve to, and imports. Capture names are role.kind; `@name` (with `@type` and
; `@container`) inside a definition's pattern names what it declares.

; ── statements ──
[
  (package_clause)
  (import_declaration)
  (import_spec)
  (type_declaration)
  (var_declaration)
  (var_spec)
  (const_declaration)
  (const_spec)
  (expression_statement)
  (short_var_declaration)
  (assignment_statement)
  (inc_statement)
  (dec_statement)
  (send_statement)
  (return_statement)
  (go_statement)
  (defer_statement)
  (break_statement)
  (continue_statement)
  (goto_statement)
  (fallthrough_statement)
  (labeled_statement)
  (field_declaration)
  (method_elem)
  (type_elem)
] @statement.simple

[
  (if_statement)
  (for_statement)
  (expression_switch_statement)
  (type_switch_statement)
  (select_statement)
] @statement.control

; ── blocks ──
(block) @block.body
(field_declaration_list) @block.body

; ── clauses: `} else {` is the else branch's block, `} else if x {` its if statement ──
(if_statement alternative: (block) @clause.else)
[
  (expression_case)
  (type_case)
  (communication_case)
  (default_case)
] @clause.case

; ── scopes and the definitions they are ──
(function_declaration name: (identifier) @name) @scope.function @definition.function
; a method's scope is named `Receiver.Method` by the adapter; its definition belongs to the receiver's type
(method_declaration) @scope.function
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @container
        (pointer_type (type_identifier) @container)
        (generic_type type: (type_identifier) @container)
        (pointer_type (generic_type type: (type_identifier) @container))
      ]))
  name: (field_identifier) @name) @definition.function
(func_literal) @scope.lambda
; a function's declared result type (its first result's): the type of a variable a call of it initializes
(function_declaration
  name: (identifier) @name
  result: [
    (type_identifier) @type
    (pointer_type (type_identifier) @type)
    (qualified_type) @type
    (pointer_type (qualified_type) @type)
    (generic_type type: [(type_identifier) (qualified_type)] @type)
    (parameter_list . (parameter_declaration type: [(type_identifier) @type (pointer_type (type_identifier) @type) (qualified_type) @type (pointer_type (qualified_type) @type)]))
  ]) @definition.function
(method_declaration
  name: (field_identifier) @name
  result: [
    (type_identifier) @type
    (pointer_type (type_identifier) @type)
    (qualified_type) @type
    (pointer_type (qualified_type) @type)
    (generic_type type: [(type_identifier) (qualified_type)] @type)
    (parameter_list . (parameter_declaration type: [(type_identifier) @type (pointer_type (type_identifier) @type) (qualified_type) @type (pointer_type (qualified_type) @type)]))
  ]) @definition.function

; ── types: structs, interfaces, named types, aliases ──
(type_spec name: (type_identifier) @name) @scope.type @definition.type
(type_alias name: (type_identifier) @name) @definition.type
; The types a type embeds (`@base`): their methods and fields are promoted to it, so a member one of
; them defines settles a lookup in the type (`ps.Path()` on a struct embedding `*pageMeta`).
(type_spec
  name: (type_identifier) @name
  type: (struct_type
    (field_declaration_list
      (field_declaration
        !name
        type: [
          (type_identifier) @base
          (pointer_type (type_identifier) @base)
          (qualified_type name: (type_identifier) @base)
          (pointer_type (qualified_type name: (type_identifier) @base))
          (generic_type type: (type_identifier) @base)
          (pointer_type (generic_type type: (type_identifier) @base))
        ])))) @definition.type
(type_spec
  name: (type_identifier) @name
  type: (interface_type (type_elem [(type_identifier) (qualified_type name: (type_identifier))] @base))) @definition.type

; ── struct fields (an embedded field is named after its type); interface methods ──
(field_declaration
  name: (field_identifier) @name
  type: [
    (type_identifier) @type
    (pointer_type (type_identifier) @type)
    (qualified_type) @type
    (pointer_type (qualified_type) @type)
    (generic_type type: [(type_identifier) (qualified_type)] @type)
    (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @type))
  ]) @definition.field
(field_declaration name: (field_identifier) @name) @definition.field
(field_declaration
  !name
  type: [
    (type_identifier) @name @type
    (pointer_type (type_identifier) @name @type)
    (qualified_type name: (type_identifier) @name) @type
    (pointer_type (qualified_type name: (type_identifier) @name) @type)
    (generic_type type: (type_identifier) @name @type)
    (pointer_type (generic_type type: (type_identifier) @name @type))
  ]) @definition.field
; a field of function type is called like a method of its struct
(field_declaration name: (field_identifier) @name type: (function_type)) @definition.function
(method_elem name: (field_identifier) @name) @definition.function

; ── module-level constants and variables, and locals ──
(const_spec
  name: (identifier) @name
  type: [(type_identifier) @type (qualified_type) @type]) @definition.constant
(const_spec name: (identifier) @name) @definition.constant
; a constant declared in a function is one of its locals
(statement_list (const_declaration (const_spec name: (identifier) @name) @definition.variable))

(var_spec
  name: (identifier) @name
  type: [
    (type_identifier) @type
    (pointer_type (type_identifier) @type)
    (qualified_type) @type
    (pointer_type (qualified_type) @type)
    (generic_type type: [(type_identifier) (qualified_type)] @type)
    (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @type))
  ]) @definition.variable
(var_spec
  name: (identifier) @name
  value: (expression_list
    .
    [
      (composite_literal type: [(type_identifier) (qualified_type)] @type)
      (composite_literal type: (generic_type type: [(type_identifier) (qualified_type)] @type))
      (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type)] @type))
      (unary_expression operand: (composite_literal type: (generic_type type: [(type_identifier) (qualified_type)] @type)))
    ]
    .)) @definition.variable
(var_spec name: (identifier) @name) @definition.variable
; a package-level function value is called like a function
(var_spec name: (identifier) @name value: (expression_list . (func_literal) .)) @definition.function

; `x := T{}`, `x := &T{}`, `x := new(T)` construct a T
(short_var_declaration
  left: (expression_list . (identifier) @name .)
  right: (expression_list
    .
    [
      (composite_literal type: [(type_identifier) (qualified_type)] @type)
      (composite_literal type: (generic_type type: [(type_identifier) (qualified_type)] @type))
      (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type)] @type))
      (unary_expression operand: (composite_literal type: (generic_type type: [(type_identifier) (qualified_type)] @type)))
    ]
    .)) @definition.variable
(short_var_declaration
  left: (expression_list . (identifier) @name .)
  right: (expression_list
    .
    (call_expression
      function: (identifier) @_new
      arguments: (argument_list . [(type_identifier) (qualified_type)] @type .))
    .)
  (#eq? @_new "new")) @definition.variable
; `x := f()`, `x, err := pkg.F()`, `x := v.M()`: what the call returns (its declared result type)
(short_var_declaration
  left: (expression_list . (identifier) @name)
  right: (expression_list . (call_expression function: [(identifier) @returns (selector_expression operand: (identifier) @returns.via field: (field_identifier) @returns)]))) @definition.variable
(var_spec
  name: (identifier) @name
  value: (expression_list . (call_expression function: [(identifier) @returns (selector_expression operand: (identifier) @returns.via field: (field_identifier) @returns)]))) @definition.variable
(short_var_declaration left: (expression_list (identifier) @name)) @definition.variable
(range_clause left: (expression_list (identifier) @name)) @definition.variable
(type_switch_statement alias: (expression_list (identifier) @name)) @definition.variable
(receive_statement left: (expression_list (identifier) @name) ":=") @definition.variable

; ── parameters, named results and receivers (a receiver is a parameter of its type) ──
(parameter_declaration
  name: (identifier) @name
  type: [
    (type_identifier) @type
    (pointer_type (type_identifier) @type)
    (qualified_type) @type
    (pointer_type (qualified_type) @type)
    (generic_type type: [(type_identifier) (qualified_type)] @type)
    (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @type))
  ]) @definition.parameter
(parameter_declaration name: (identifier) @name) @definition.parameter
(variadic_parameter_declaration name: (identifier) @name) @definition.parameter

; ── imports: `"m/p"` binds p, `q "m/p"` binds q, `. "m/p"` makes every name of p visible ──
(import_spec !name path: (_) @import.module)
(import_spec name: (package_identifier) @import.alias path: (_) @import.module)
(import_spec name: (dot) @import.star path: (_) @import.module)

; ── comments (a change to a comment alone has nothing to review) ──
(comment) @comment

; ── lines that belong to other code: imports join the nearest changed code's slice ──
(import_declaration) @attached.import
