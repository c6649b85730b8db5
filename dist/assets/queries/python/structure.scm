; Structure of a Python file for keybug's slicer: statements, blocks, clauses, scopes, the
; definitions names resolve to, and imports. Capture names are role.kind; `@name` (and `@type`)
; inside a definition's pattern name what it declares.

; ── statements ──
[
  (expression_statement)
  (return_statement)
  (pass_statement)
  (break_statement)
  (continue_statement)
  (raise_statement)
  (assert_statement)
  (delete_statement)
  (global_statement)
  (nonlocal_statement)
  (import_statement)
  (import_from_statement)
  (future_import_statement)
  (type_alias_statement)
  (print_statement)
  (exec_statement)
] @statement.simple

; decorators belong to the header of what they decorate
(decorated_definition) @statement.simple

[
  (if_statement)
  (with_statement)
  (try_statement)
  (match_statement)
] @statement.control

; loops: a variable read in one and written later in its body is a prior write (the next iteration reads it)
[
  (for_statement)
  (while_statement)
] @statement.loop

; ── blocks (an indented block starts with its first statement) ──
(block) @block.body

; ── clauses ──
(elif_clause) @clause.else
(else_clause) @clause.else
(except_clause) @clause.catch
(finally_clause) @clause.finally
(case_clause) @clause.case

; ── scopes and the definitions they are ──
(function_definition name: (identifier) @name) @scope.function @definition.function
; a function's declared result type (`-> Foo`, `-> m.Foo`, `-> "Foo"`): the type of a variable a call of it initializes
(function_definition name: (identifier) @name return_type: (type [(identifier) (attribute)] @type)) @definition.function
(function_definition name: (identifier) @name return_type: (type (binary_operator left: [(identifier) (attribute)] @type))) @definition.function
((function_definition name: (identifier) @name return_type: (type (string (string_content) @type))) @definition.function (#match? @type "^[A-Za-z_][A-Za-z0-9_.]*$"))
(class_definition name: (identifier) @name) @scope.type @definition.type
(lambda) @scope.lambda

; ── variables: module constants, class attributes, locals ──
; an annotation's type: `Foo`, `m.Foo` (its module qualifies it), `Foo | None`, `"Foo"`
(assignment left: (identifier) @name type: (type [(identifier) (attribute)] @type)) @definition.variable
((assignment left: (identifier) @name type: (type [(binary_operator left: [(identifier) (attribute)] @type) (string (string_content) @type)])) @definition.variable (#match? @type "^[A-Za-z_][A-Za-z0-9_.]*$"))
(assignment left: (identifier) @name type: (type (generic_type (identifier) @type))) @definition.variable
; `x = f()`, `x = Foo()`, `x = m.f()`: what the call returns or constructs
(assignment left: (identifier) @name right: (call function: (identifier) @returns)) @definition.variable
(assignment left: (identifier) @name right: (call function: (attribute object: (identifier) @returns.via attribute: (identifier) @returns))) @definition.variable
(assignment left: (identifier) @name) @definition.variable
(assignment left: (pattern_list (identifier) @name)) @definition.variable
(assignment left: (tuple_pattern (identifier) @name)) @definition.variable
(assignment left: (list_pattern (identifier) @name)) @definition.variable
(named_expression name: (identifier) @name) @definition.variable
(for_statement left: (identifier) @name) @definition.variable
(for_statement left: (pattern_list (identifier) @name)) @definition.variable
(for_in_clause left: (identifier) @name) @definition.variable
(for_in_clause left: (pattern_list (identifier) @name)) @definition.variable
(with_item value: (as_pattern alias: (as_pattern_target (identifier) @name))) @definition.variable
(except_clause (as_pattern alias: (as_pattern_target (identifier) @name))) @definition.variable
(type_alias_statement left: (type (identifier) @name)) @definition.type

; class attributes are fields of their class, and so is what a method assigns to self
(class_definition body: (block (expression_statement (assignment left: (identifier) @name type: (type [(identifier) (attribute)] @type)) @definition.field)))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name type: (type [(binary_operator left: [(identifier) (attribute)] @type) (string (string_content) @type)])) @definition.field)) (#match? @type "^[A-Za-z_][A-Za-z0-9_.]*$"))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) right: (call function: (identifier) @type) (#eq? @_self "self")) @definition.field
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) type: (type [(identifier) (attribute)] @type) (#eq? @_self "self")) @definition.field
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) (#eq? @_self "self")) @definition.field
; `self.app = app` of a typed parameter `app: Flask` (in the method's body, not in a branch): the field has the parameter's type
((function_definition parameters: (parameters [(typed_parameter (identifier) @_param type: (type [(identifier) (attribute)] @type)) (typed_default_parameter name: (identifier) @_param type: (type [(identifier) (attribute)] @type))]) body: (block (expression_statement (assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) right: (identifier) @_value) @definition.field))) (#eq? @_self "self") (#eq? @_param @_value))
((function_definition parameters: (parameters (typed_default_parameter name: (identifier) @_param type: (type (binary_operator left: [(identifier) (attribute)] @type)))) body: (block (expression_statement (assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) right: (identifier) @_value) @definition.field))) (#eq? @_self "self") (#eq? @_param @_value))
; a method is an attribute of its class too (`cls.dispatch_request`, a property `ctx.request`): its name, with its declared result type
(class_definition body: (block (function_definition name: (identifier) @name @definition.field)))
(class_definition body: (block (decorated_definition definition: (function_definition name: (identifier) @name @definition.field))))
(class_definition body: (block (function_definition name: (identifier) @name @definition.field return_type: (type [(identifier) (attribute)] @type))))
(class_definition body: (block (decorated_definition definition: (function_definition name: (identifier) @name @definition.field return_type: (type [(identifier) (attribute)] @type)))))
((class_definition body: (block (decorated_definition definition: (function_definition name: (identifier) @name @definition.field return_type: (type [(binary_operator left: [(identifier) (attribute)] @type) (string (string_content) @type)]))))) (#match? @type "^[A-Za-z_][A-Za-z0-9_.]*$"))

; ── parameters ──
(parameters (identifier) @definition.parameter)
(lambda_parameters (identifier) @definition.parameter)
(typed_parameter (identifier) @name type: (type [(identifier) (attribute)] @type)) @definition.parameter
((typed_parameter (identifier) @name type: (type [(binary_operator left: [(identifier) (attribute)] @type) (string (string_content) @type)])) @definition.parameter (#match? @type "^[A-Za-z_][A-Za-z0-9_.]*$"))
(typed_parameter (identifier) @name) @definition.parameter
(default_parameter name: (identifier) @name) @definition.parameter
(typed_default_parameter name: (identifier) @name type: (type [(identifier) (attribute)] @type)) @definition.parameter
((typed_default_parameter name: (identifier) @name type: (type [(binary_operator left: [(identifier) (attribute)] @type) (string (string_content) @type)])) @definition.parameter (#match? @type "^[A-Za-z_][A-Za-z0-9_.]*$"))
(typed_default_parameter name: (identifier) @name) @definition.parameter
(parameters (list_splat_pattern (identifier) @name) @definition.parameter)
(parameters (dictionary_splat_pattern (identifier) @name) @definition.parameter)

; ── imports ──
(import_statement name: (dotted_name) @import.module)
(import_statement name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias))
(import_from_statement module_name: (_) @import.module name: (dotted_name) @import.name)
(import_from_statement module_name: (_) @import.module name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias))
(import_from_statement module_name: (_) @import.module (wildcard_import) @import.star)

; ── comments (a change to a comment alone has nothing to review) ──
(comment) @comment

; The types a type derives from (`@base`): a member one of them defines settles a lookup in the type.
(class_definition name: (identifier) @name superclasses: (argument_list [(identifier) (attribute)] @base)) @definition.type
; a generic base (`ProxyMixin[Flask]`, `t.Generic[T]`) is the type it subscripts
(class_definition name: (identifier) @name superclasses: (argument_list (subscript value: [(identifier) (attribute)] @base))) @definition.type

; ── lines that belong to other code: imports join the nearest changed code's slice, a decorator its definition's ──
[(import_statement) (import_from_statement) (future_import_statement)] @attached.import
(decorator) @attached.attribute
