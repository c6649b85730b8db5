; Structure of a C file for keybug's slicer: statements (the units a slice is made of), blocks
; (bodies whose first line ends a header), clauses (else/case lines shown above a change inside
; them), scopes (functions, types) and the definitions the slicer resolves names to.
; Capture names are role.kind; the slicer knows the roles, never the node types.

; ── statements ──
[
  (expression_statement)
  (declaration)
  (return_statement)
  (break_statement)
  (continue_statement)
  (goto_statement)
  (labeled_statement)
  (field_declaration)
  (type_definition)
  (preproc_def)
  (preproc_function_def)
  (preproc_include)
  (preproc_call)
] @statement.simple

[
  (if_statement)
  (switch_statement)
] @statement.control

; loops: a variable read in one and written later in its body is a prior write (the next iteration reads it)
[
  (for_statement)
  (while_statement)
  (do_statement)
] @statement.loop

; ── blocks ──
[
  (compound_statement)
  (field_declaration_list)
  (enumerator_list)
] @block.body

; ── clauses ──
(else_clause) @clause.else
(case_statement) @clause.case

; ── scopes ──
(function_definition) @scope.function
(struct_specifier body: (_)) @scope.type
(union_specifier body: (_)) @scope.type
(enum_specifier body: (_)) @scope.type

; ── definitions ──
(function_definition) @definition.function
(declaration) @definition.variable
(parameter_declaration) @definition.parameter
(field_declaration) @definition.field
(struct_specifier body: (_)) @definition.type
(union_specifier body: (_)) @definition.type
(enum_specifier body: (_)) @definition.type
(type_definition) @definition.type
; A typedef of a named struct or union is that type: a member of the struct is the typedef's (`uv_stream_t` of `typedef struct uv_stream_s uv_stream_t;`).
(type_definition type: [(struct_specifier name: (type_identifier) @base) (union_specifier name: (type_identifier) @base)]) @definition.type
; A member with no declarator naming a type: a field macro the C adapter writes as a member (`UV_HANDLE_FIELDS;`), whose fields are the struct's.
(struct_specifier body: (field_declaration_list (field_declaration !declarator type: (type_identifier) @base))) @definition.type
(union_specifier body: (field_declaration_list (field_declaration !declarator type: (type_identifier) @base))) @definition.type
(preproc_def) @definition.macro
(preproc_function_def) @definition.macro
(enumerator) @definition.constant

; ── imports: an #include makes every name of the header visible ──
(preproc_include path: (_) @import.module) @import.star

; ── comments (a change to a comment alone has nothing to review) ──
(comment) @comment

; ── lines that belong to other code: `#include`s join the nearest changed code's slice ──
(preproc_include) @attached.import
