; Structure of a Rust file for keybug's slicer: statements, blocks, clauses, scopes, the
; definitions names resolve to, and imports. Capture names are role.kind; `@name` (and `@type`)
; inside a definition's pattern name what it declares. Binding patterns are matched to a depth of
; four (`Some((a, mut b))`); a lower-case first letter tells a binding from a variant or constant.

; ── statements ──
[
  (expression_statement)
  (let_declaration)
  (use_declaration)
  (extern_crate_declaration)
  (const_item)
  (static_item)
  (type_item)
  (associated_type)
  (function_signature_item)
  (field_declaration)
  (enum_variant)
  (mod_item)
  (attribute_item)
  (inner_attribute_item)
] @statement.simple

; a block's value (its last expression, without a semicolon) and item-level macros are statements too
(block (_expression) @statement.simple)
(source_file (macro_invocation) @statement.simple)
(declaration_list (macro_invocation) @statement.simple)
(block (macro_invocation) @statement.simple)

; the body of an item-level macro (`cfg_rt! { pub fn spawn() {..} }`, `pin_project! { struct .. }`)
; is items the grammar leaves as tokens: it is parsed again as Rust, in place
(source_file (macro_invocation (token_tree) @block.body @reparse))
(declaration_list (macro_invocation (token_tree) @block.body @reparse))

[
  (if_expression)
  (match_expression)
  (for_expression)
  (while_expression)
  (loop_expression)
  (macro_definition)
] @statement.control

; ── blocks ──
[
  (block)
  (declaration_list)
  (field_declaration_list)
  (enum_variant_list)
  (match_block)
] @block.body

; ── clauses ──
(else_clause) @clause.else
(match_arm) @clause.case
(macro_rule) @clause.case

; ── scopes (the adapter names functions `T::method` inside `impl T` and impls by their type) ──
(function_item) @scope.function
(impl_item) @scope.type
(closure_expression) @scope.lambda
(struct_item name: (type_identifier) @name) @scope.type @definition.type
(enum_item name: (type_identifier) @name) @scope.type @definition.type
(union_item name: (type_identifier) @name) @scope.type @definition.type
(trait_item name: (type_identifier) @name) @scope.type @definition.type
(mod_item name: (identifier) @name body: (_)) @scope.namespace

; ── items ──
(function_item name: (identifier) @name) @definition.function
; a function's declared result type: the type of a variable a call of it initializes (`-> Self` is its impl's type)
((function_item name: (identifier) @name return_type: [
  (type_identifier) @type
  (reference_type type: (type_identifier) @type)
  (scoped_type_identifier name: (type_identifier) @type)
  (generic_type type: (type_identifier) @type)
]) @definition.function (#not-any-of? @type "Box" "Arc" "Rc" "Pin" "Option" "Result" "Vec" "String" "Mutex" "RwLock" "RefCell" "Cell"))
(function_signature_item name: (identifier) @name) @definition.function
(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @definition.type
(macro_definition name: (identifier) @name) @definition.macro
; variants with fields construct values (`Kind::Io(e)`), unit variants are constants
(enum_variant name: (identifier) @name body: (_)) @definition.type
(enum_variant name: (identifier) @name !body) @definition.constant
; a variant is a member of its enum, read through it (`Style::Unit`) like a field
(enum_variant name: (identifier) @name @definition.field)

; consts, statics and fields, with their type (a field's is how `self.f.m()` would resolve)
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
; (a predicate applies to the whole pattern, so a wrapper's inner type is a pattern of its own)
((static_item name: (identifier) @name type: [
  (type_identifier) @type
  (scoped_type_identifier name: (type_identifier) @type)
  (generic_type type: (type_identifier) @type)
]) @definition.variable (#not-any-of? @type "Box" "Arc" "Rc" "Pin" "Option" "Vec" "Mutex" "RwLock" "RefCell" "Cell"))
((static_item name: (identifier) @name type: (generic_type type: (type_identifier) @_wrapper type_arguments: (type_arguments . [
  (type_identifier) @type
  (generic_type type: (type_identifier) @type)
]))) @definition.variable (#any-of? @_wrapper "Box" "Arc" "Rc" "Mutex" "RwLock"))
(field_declaration name: (field_identifier) @name) @definition.field
((field_declaration name: (field_identifier) @name type: [
  (type_identifier) @type
  (reference_type type: (type_identifier) @type)
  (scoped_type_identifier name: (type_identifier) @type)
  (generic_type type: (type_identifier) @type)
]) @definition.field (#not-any-of? @type "Box" "Arc" "Rc" "Pin" "Option" "Vec" "Mutex" "RwLock" "RefCell" "Cell"))
((field_declaration name: (field_identifier) @name type: (generic_type type: (type_identifier) @_wrapper type_arguments: (type_arguments . [
  (type_identifier) @type
  (generic_type type: (type_identifier) @type)
  (scoped_type_identifier name: (type_identifier) @type)
]))) @definition.field (#any-of? @_wrapper "Box" "Arc" "Rc" "Pin" "Option" "Mutex" "RwLock" "RefCell" "Cell"))

; ── parameters: typed ones carry their type, through references and smart pointers ──
(parameter pattern: (identifier) @name) @definition.parameter
(parameter pattern: (mut_pattern (identifier) @name)) @definition.parameter
((parameter pattern: [(identifier) @name (mut_pattern (identifier) @name)] type: [
  (type_identifier) @type
  (reference_type type: (type_identifier) @type)
  (scoped_type_identifier name: (type_identifier) @type)
  (reference_type type: (scoped_type_identifier name: (type_identifier) @type))
  (generic_type type: (type_identifier) @type)
  (reference_type type: (generic_type type: (type_identifier) @type))
]) @definition.parameter (#not-any-of? @type "Box" "Arc" "Rc" "Pin" "Option" "Vec" "Mutex" "RwLock" "RefCell" "Cell"))
((parameter pattern: [(identifier) @name (mut_pattern (identifier) @name)] type: (generic_type type: (type_identifier) @_wrapper type_arguments: (type_arguments . [
  (type_identifier) @type
  (reference_type type: (type_identifier) @type)
  (generic_type type: (type_identifier) @type)
]))) @definition.parameter (#any-of? @_wrapper "Box" "Arc" "Rc" "Pin"))
(parameter pattern: (_ (identifier) @name) (#match? @name "^[a-z_]")) @definition.parameter
(parameter pattern: (_ (_ (identifier) @name)) (#match? @name "^[a-z_]")) @definition.parameter
(closure_parameters (identifier) @name) @definition.parameter
(closure_parameters (parameter pattern: (identifier) @name)) @definition.parameter
(closure_parameters (_ (identifier) @name) (#match? @name "^[a-z_]")) @definition.parameter
(closure_parameters (_ (_ (identifier) @name)) (#match? @name "^[a-z_]")) @definition.parameter
(closure_parameters (_ (_ (_ (identifier) @name))) (#match? @name "^[a-z_]")) @definition.parameter

; ── let: written or constructed types (`let x: T`, `T::new()`, `T { .. }`, `T(..)`, `Arc::new(T::new())`) ──
(let_declaration pattern: (identifier) @name) @definition.variable
((let_declaration pattern: (identifier) @name type: [
  (type_identifier) @type
  (reference_type type: (type_identifier) @type)
  (scoped_type_identifier name: (type_identifier) @type)
  (generic_type type: (type_identifier) @type)
]) @definition.variable (#not-any-of? @type "Box" "Arc" "Rc" "Pin" "Option" "Vec" "Mutex" "RwLock" "RefCell" "Cell"))
((let_declaration pattern: (identifier) @name type: (generic_type type: (type_identifier) @_wrapper type_arguments: (type_arguments . [
  (type_identifier) @type
  (generic_type type: (type_identifier) @type)
]))) @definition.variable (#any-of? @_wrapper "Box" "Arc" "Rc" "Pin"))
(let_declaration pattern: (identifier) @name value: [
  (call_expression function: (scoped_identifier path: (identifier) @type))
  (call_expression function: (scoped_identifier path: (scoped_identifier name: (identifier) @type)))
  (call_expression function: (scoped_identifier path: (generic_type type: (type_identifier) @type)))
  (try_expression (call_expression function: (scoped_identifier path: (identifier) @type)))
  (await_expression (call_expression function: (scoped_identifier path: (identifier) @type)))
  (try_expression (await_expression (call_expression function: (scoped_identifier path: (identifier) @type))))
  (struct_expression name: (type_identifier) @type)
  (struct_expression name: (scoped_type_identifier name: (type_identifier) @type))
  (struct_expression name: (generic_type_with_turbofish type: (type_identifier) @type))
  (call_expression function: (identifier) @type)
] (#match? @type "^[A-Z]") (#not-any-of? @type "Box" "Arc" "Rc" "Pin" "Some" "Ok" "Err" "Vec" "String" "Mutex" "RwLock" "RefCell" "Cell" "Self")) @definition.variable
(let_declaration pattern: (identifier) @name value: (call_expression
  function: (scoped_identifier path: (identifier) @_wrapper)
  arguments: (arguments . [
    (call_expression function: (scoped_identifier path: (identifier) @type))
    (struct_expression name: (type_identifier) @type)
  ]))
  (#any-of? @_wrapper "Box" "Arc" "Rc" "Mutex" "RwLock" "RefCell" "Cell")
  (#match? @type "^[A-Z]")) @definition.variable
; `let x = f(..)`, `let x = m::f(..)`, `let x = v.f(..)`: what the call returns (its declared result type)
(let_declaration pattern: (identifier) @name value: [
  (call_expression function: (identifier) @returns)
  (call_expression function: (scoped_identifier path: (identifier) @returns.via name: (identifier) @returns))
  (call_expression function: (field_expression value: [(identifier) (self)] @returns.via field: (field_identifier) @returns))
] (#match? @returns "^[a-z_]")) @definition.variable
(let_declaration pattern: (_ (identifier) @name) (#match? @name "^[a-z_]")) @definition.variable
(let_declaration pattern: (_ (_ (identifier) @name)) (#match? @name "^[a-z_]")) @definition.variable
(let_declaration pattern: (_ (_ (_ (identifier) @name))) (#match? @name "^[a-z_]")) @definition.variable
(let_declaration pattern: (_ (_ (_ (_ (identifier) @name)))) (#match? @name "^[a-z_]")) @definition.variable
(let_declaration pattern: (_ (field_pattern name: (shorthand_field_identifier) @name))) @definition.variable
(let_declaration pattern: (_ (_ (field_pattern name: (shorthand_field_identifier) @name)))) @definition.variable

; a loop over a slice parameter (`fields: &[Field]`, `for field in fields`, `for (i, field) in fields.iter().enumerate()`) binds its elements' type
((function_item
  parameters: (parameters (parameter pattern: (identifier) @_param type: (reference_type type: (array_type element: [(type_identifier) @type (generic_type type: (type_identifier) @type)]))))
  body: (block (expression_statement (for_expression pattern: (identifier) @name value: [(identifier) @_value (reference_expression value: (identifier) @_value)]) @definition.variable)))
  (#eq? @_param @_value))
((function_item
  parameters: (parameters (parameter pattern: (identifier) @_param type: (reference_type type: (array_type element: [(type_identifier) @type (generic_type type: (type_identifier) @type)]))))
  body: (block (expression_statement (for_expression
    pattern: (tuple_pattern (identifier) (identifier) @name)
    value: (call_expression function: (field_expression value: (call_expression function: (field_expression value: (identifier) @_value field: (field_identifier) @_iter)) field: (field_identifier) @_enumerate))) @definition.variable)))
  (#eq? @_param @_value) (#eq? @_iter "iter") (#eq? @_enumerate "enumerate"))

; ── bindings of `if let` / `while let`, match arms and `for` loops ──
(let_condition pattern: (identifier) @name) @definition.variable
(let_condition pattern: (_ (identifier) @name) (#match? @name "^[a-z_]")) @definition.variable
(let_condition pattern: (_ (_ (identifier) @name)) (#match? @name "^[a-z_]")) @definition.variable
(let_condition pattern: (_ (_ (_ (identifier) @name))) (#match? @name "^[a-z_]")) @definition.variable
(let_condition pattern: (_ (field_pattern name: (shorthand_field_identifier) @name))) @definition.variable
(match_pattern . (identifier) @name (#match? @name "^[a-z_]")) @definition.variable
(match_pattern . (_ (identifier) @name) (#match? @name "^[a-z_]")) @definition.variable
(match_pattern . (_ (_ (identifier) @name)) (#match? @name "^[a-z_]")) @definition.variable
(match_pattern . (_ (_ (_ (identifier) @name))) (#match? @name "^[a-z_]")) @definition.variable
(match_pattern . (_ (field_pattern name: (shorthand_field_identifier) @name))) @definition.variable
(match_pattern . (_ (_ (field_pattern name: (shorthand_field_identifier) @name)))) @definition.variable
(for_expression pattern: (identifier) @name) @definition.variable
(for_expression pattern: (_ (identifier) @name) (#match? @name "^[a-z_]")) @definition.variable
(for_expression pattern: (_ (_ (identifier) @name)) (#match? @name "^[a-z_]")) @definition.variable

; ── imports: `use` trees and `mod x;` (the adapter reads them) ──
(use_declaration) @import.tree
(mod_item name: (identifier) !body) @import.tree
((attribute_item (attribute (identifier) @_path value: (string_literal (string_content) @import.module)))
  .
  (mod_item name: (identifier) @import.alias !body)
  (#eq? @_path "path"))

; ── comments (a change to a comment alone has nothing to review) ──
[
  (line_comment)
  (block_comment)
] @comment

; ── lines that belong to other code: `use`, `extern crate` and `mod x;` join the nearest changed code's slice, an attribute its item's ──
; (an inner attribute, `#![allow(..)]`, configures the module that holds it, not the item below: a change of its own)
[(use_declaration) (extern_crate_declaration) (mod_item !body)] @attached.import
(attribute_item) @attached.attribute
