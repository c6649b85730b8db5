; Data flow inside a Java method (or initializer): what each statement writes, reads and calls.

; ── writes: `=` and compound assignments, `++`/`--`, fields through any object (`this.x`, `p.x`), array elements ──
(assignment_expression left: (identifier) @write.assign)
(assignment_expression left: (field_access object: (_) @field.object field: (identifier) @write.field))
(assignment_expression left: (array_access array: (identifier) @write.element))
(assignment_expression left: (array_access array: (field_access object: (_) @field.object field: (identifier) @write.field)))
(update_expression (identifier) @write.update)
(update_expression (field_access object: (_) @field.object field: (identifier) @write.field))
(update_expression (array_access array: (identifier) @write.element))
(update_expression (array_access array: (field_access object: (_) @field.object field: (identifier) @write.field)))

; ── reads ──
(identifier) @read.variable
(field_access object: (_) @field.object field: (identifier) @read.field)

; ── identifiers that are no variable: labels, annotation names and keys, package and import paths ──
(labeled_statement . (identifier) @ignore)
(break_statement (identifier) @ignore)
(continue_statement (identifier) @ignore)
(marker_annotation name: (identifier) @ignore)
(annotation name: (identifier) @ignore)
(element_value_pair key: (identifier) @ignore)
(scoped_identifier (identifier) @ignore)
; a parameter's or enum constant's own name is not a read of it
(formal_parameter name: (identifier) @ignore)
(spread_parameter (variable_declarator name: (identifier) @ignore))
(catch_formal_parameter name: (identifier) @ignore)
(enum_constant name: (identifier) @ignore)
(inferred_parameters (identifier) @ignore)
(lambda_expression parameters: (identifier) @ignore)
(package_declaration (identifier) @ignore)
(import_declaration (identifier) @ignore)
(record_pattern . (identifier) @ignore)
; the names a declaration gives its type or method (its variables' names are their first writes)
(class_declaration name: (identifier) @ignore)
(interface_declaration name: (identifier) @ignore)
(enum_declaration name: (identifier) @ignore)
(record_declaration name: (identifier) @ignore)
(annotation_type_declaration name: (identifier) @ignore)
(method_declaration name: (identifier) @ignore)
(constructor_declaration name: (identifier) @ignore)
(compact_constructor_declaration name: (identifier) @ignore)
(annotation_type_element_declaration name: (identifier) @ignore)
; A capitalized object (`Util.helper()`, `Color.RED`) is a type by Java's naming convention: the call
; or field resolves through it, and it is searched as a type, not as a variable.
((method_invocation object: (identifier) @ignore) (#match? @ignore "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9_$]*$"))
((field_access object: (identifier) @ignore) (#match? @ignore "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9_$]*$"))
((method_reference . (identifier) @ignore) (#match? @ignore "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9_$]*$"))

; ── calls: methods (with their object), `new T(...)` (T's constructor), method references (`T::m`) ──
(method_invocation object: (_) @call.receiver name: (identifier) @call.name arguments: (argument_list) @call.arguments) @call.expression
(method_invocation !object name: (identifier) @call.name arguments: (argument_list) @call.arguments) @call.expression
(object_creation_expression type: (type_identifier) @call.name arguments: (argument_list) @call.arguments) @call.expression
(object_creation_expression type: (generic_type (type_identifier) @call.name) arguments: (argument_list) @call.arguments) @call.expression
(object_creation_expression type: (scoped_type_identifier (type_identifier) @call.name .) arguments: (argument_list) @call.arguments) @call.expression
(object_creation_expression type: (generic_type (scoped_type_identifier (type_identifier) @call.name .)) arguments: (argument_list) @call.arguments) @call.expression
(method_reference (_) @call.receiver . (identifier) @call.name .) @call.expression

; ── types used (a qualified type's last name only: `java.util.List` uses List, not java or util) ──
((_ type: [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)]) (#not-eq? @type.use "var"))
(array_type element: [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(generic_type [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(type_arguments [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(superclass [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(type_list [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(throws [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(catch_type [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(instanceof_expression right: [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(type_pattern [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(type_bound [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(wildcard [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
(class_literal [(type_identifier) @type.use (scoped_type_identifier (type_identifier) @type.use .)])
