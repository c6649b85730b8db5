; Structure of a Java file for keybug's slicer: statements, blocks, clauses, scopes, the
; definitions names resolve to, and imports. Capture names are role.kind; `@name` (and `@type`)
; inside a definition's pattern name what it declares.

; ── statements ──
[
  (expression_statement)
  (local_variable_declaration)
  (return_statement)
  (break_statement)
  (continue_statement)
  (throw_statement)
  (yield_statement)
  (assert_statement)
  (explicit_constructor_invocation)
  (field_declaration)
  (constant_declaration)
  (annotation_type_element_declaration)
  (enum_constant)
  (import_declaration)
  (package_declaration)
  (requires_module_directive)
  (exports_module_directive)
  (opens_module_directive)
  (uses_module_directive)
  (provides_module_directive)
] @statement.simple

[
  (if_statement)
  (for_statement)
  (enhanced_for_statement)
  (while_statement)
  (do_statement)
  (try_statement)
  (try_with_resources_statement)
  (switch_expression)
  (synchronized_statement)
  (labeled_statement)
] @statement.control

; ── blocks ──
[
  (block)
  (constructor_body)
  (class_body)
  (interface_body)
  (enum_body)
  (annotation_type_body)
  (switch_block)
  (module_body)
] @block.body

; ── clauses: `} else {`, `} catch (E e) {`, `} finally {`, `case X:` / `case X ->` ──
(if_statement alternative: (block) @clause.else)
(catch_clause) @clause.catch
(finally_clause) @clause.finally
(switch_block_statement_group) @clause.case
(switch_rule) @clause.case

; ── scopes and the definitions they are ──
(class_declaration name: (identifier) @name) @scope.type @definition.type
(interface_declaration name: (identifier) @name) @scope.type @definition.type
(enum_declaration name: (identifier) @name) @scope.type @definition.type
(record_declaration name: (identifier) @name) @scope.type @definition.type
(annotation_type_declaration name: (identifier) @name) @scope.type @definition.type
(module_declaration) @scope.namespace
; an anonymous class, and an enum constant's own body, are types without a name
(object_creation_expression (class_body) @scope.type)
(enum_constant body: (class_body) @scope.type)

(method_declaration name: (identifier) @name) @scope.function @definition.function
; a method's declared result type: the type of a variable a call of it initializes
(method_declaration type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @scope.function @definition.function
(compact_constructor_declaration name: (identifier) @name) @scope.function @definition.function
; an annotation's element is called like a method (`ann.value()`)
(annotation_type_element_declaration name: (identifier) @name) @definition.function
; initializer blocks are function-like: their locals are theirs, not the class's
(static_initializer) @scope.function
(class_body (block) @scope.function)
(lambda_expression) @scope.lambda

; ── fields and constants: what a type declares; static ones are also reached unqualified (static imports, nested types) ──
(field_declaration
  type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type
  declarator: (variable_declarator name: (identifier) @name)) @definition.field
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(field_declaration (modifiers "static") declarator: (variable_declarator name: (identifier) @name)) @definition.constant
(constant_declaration
  type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type
  declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
(enum_constant name: (identifier) @name) @definition.field
(enum_constant name: (identifier) @name) @definition.constant
; a record's components are its fields and its accessor methods
(record_declaration
  parameters: (formal_parameters
    (formal_parameter type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type name: (identifier) @name) @definition.field))
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.field))
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.function))

; ── locals: declared type, else (`var`) the constructed one ──
((local_variable_declaration
  type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type
  declarator: (variable_declarator name: (identifier) @name)) @definition.variable
  (#not-eq? @type "var"))
(local_variable_declaration
  declarator: (variable_declarator
    name: (identifier) @name
    value: (object_creation_expression type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type))) @definition.variable
; `var x = f()`, `var x = a.f()`: what the call returns (its declared result type)
(local_variable_declaration
  declarator: (variable_declarator
    name: (identifier) @name
    value: (method_invocation object: [(identifier) (this)]? @returns.via name: (identifier) @returns))) @definition.variable
(local_variable_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.variable
((enhanced_for_statement type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type name: (identifier) @name) @definition.variable
  (#not-eq? @type "var"))
(enhanced_for_statement name: (identifier) @name) @definition.variable
((resource type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type name: (identifier) @name) @definition.variable
  (#not-eq? @type "var"))
(resource name: (identifier) @name value: (object_creation_expression type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type)) @definition.variable
(resource name: (identifier) @name) @definition.variable
(catch_formal_parameter (catch_type . [(type_identifier) (scoped_type_identifier)] @type) name: (identifier) @name) @definition.variable
(instanceof_expression right: [(type_identifier) (generic_type) (scoped_type_identifier)] @type name: (identifier) @name) @definition.variable
(type_pattern [(type_identifier) (generic_type) (scoped_type_identifier)] @type (identifier) @name) @definition.variable
(type_pattern (identifier) @name) @definition.variable
(record_pattern_component (identifier) @name) @definition.variable

; ── primitive declared types: the overloads an argument of the type can mean (a variable of `T...` is an array: no type) ──
(local_variable_declaration
  type: [(integral_type) (floating_point_type) (boolean_type)] @type
  declarator: (variable_declarator name: (identifier) @name)) @definition.variable
(formal_parameter type: [(integral_type) (floating_point_type) (boolean_type)] @type name: (identifier) @name) @definition.parameter
(field_declaration
  type: [(integral_type) (floating_point_type) (boolean_type)] @type
  declarator: (variable_declarator name: (identifier) @name)) @definition.field

; ── parameters (of methods, constructors and lambdas) ──
(formal_parameter type: [(type_identifier) (generic_type) (scoped_type_identifier)] @type name: (identifier) @name) @definition.parameter
(formal_parameter name: (identifier) @name) @definition.parameter
(spread_parameter (variable_declarator name: (identifier) @name)) @definition.parameter
(inferred_parameters (identifier) @definition.parameter)
(lambda_expression parameters: (identifier) @definition.parameter)

; ── imports: `import a.b.C;` (module a.b, name C), `import static a.b.C.m;`, `import a.b.*;` ──
(import_declaration (scoped_identifier scope: (_) @import.module name: (identifier) @import.name) .)
(import_declaration (scoped_identifier) @import.module (asterisk) @import.star)

; ── comments (a change to a comment alone has nothing to review) ──
[(line_comment) (block_comment)] @comment

; The types a type derives from (`@base`): a member one of them defines settles a lookup in the type.
(class_declaration name: (identifier) @name (superclass [(type_identifier) (generic_type) (scoped_type_identifier)] @base)) @definition.type
(class_declaration name: (identifier) @name (super_interfaces (type_list [(type_identifier) (generic_type) (scoped_type_identifier)] @base))) @definition.type
(interface_declaration name: (identifier) @name (extends_interfaces (type_list [(type_identifier) (generic_type) (scoped_type_identifier)] @base))) @definition.type

; ── lines that belong to other code: imports join the nearest changed code's slice ──
[(import_declaration) (package_declaration)] @attached.import
