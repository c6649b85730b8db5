; Data flow in ECMAScript code, shared by the JavaScript, TypeScript and TSX packs (see
; structure.scm for what may appear here): what each statement writes, reads and calls.

; ── writes ──
(variable_declarator name: (identifier) @write.assign)
(assignment_expression left: (identifier) @write.assign)
(augmented_assignment_expression left: (identifier) @write.update)
(update_expression argument: (identifier) @write.update)
(object_pattern (shorthand_property_identifier_pattern) @write.assign)
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @write.assign))
(object_pattern (pair_pattern value: (identifier) @write.assign))
(object_pattern (rest_pattern (identifier) @write.assign))
(array_pattern (identifier) @write.assign)
(array_pattern (assignment_pattern left: (identifier) @write.assign))
(array_pattern (rest_pattern (identifier) @write.assign))
(for_in_statement left: (identifier) @write.assign)
(assignment_expression left: (member_expression object: (_) @field.object property: [(property_identifier) (private_property_identifier)] @write.field))
(augmented_assignment_expression left: (member_expression object: (_) @field.object property: [(property_identifier) (private_property_identifier)] @write.field))
(update_expression argument: (member_expression object: (_) @field.object property: [(property_identifier) (private_property_identifier)] @write.field))
(assignment_expression left: (subscript_expression object: (identifier) @write.element))
(augmented_assignment_expression left: (subscript_expression object: (identifier) @write.element))
(update_expression argument: (subscript_expression object: (identifier) @write.element))
(assignment_expression left: (subscript_expression object: (member_expression object: (_) @field.object property: (property_identifier) @write.field)))
(unary_expression operator: "delete" argument: (member_expression object: (_) @field.object property: (property_identifier) @write.field))

; ── reads ──
(identifier) @read.variable
(shorthand_property_identifier) @read.variable
(member_expression object: (_) @field.object property: [(property_identifier) (private_property_identifier)] @read.field)

; names that are no reads of a variable: what an import or export binds, labels are their own node type
(import_specifier (identifier) @ignore)
(import_clause (identifier) @ignore)
(namespace_import (identifier) @ignore)
; what an export binds (`b` of `export { a as b }`); the name exported is read (`a`, bound by this module or,
; in `export { a } from './m'`, by the re-export itself), except `a` of `export { a as b } from './m'`, which
; names what m exports and no binding of this module
(export_specifier alias: (identifier) @ignore)
(export_statement (export_clause (export_specifier name: (identifier) @ignore alias: (identifier))) source: (_))

; A name a declaration gives is not a read of it (a read no scope declares is searched for in the
; repository): a function's, type's or enum member's own name, a parameter.
(function_declaration name: (identifier) @ignore)
(generator_function_declaration name: (identifier) @ignore)
(class_declaration name: (_) @ignore)
(arrow_function parameter: (identifier) @ignore)

; ── calls ──
(call_expression function: (identifier) @call.name arguments: (_) @call.arguments) @call.expression
(call_expression function: (member_expression object: (_) @call.receiver property: [(property_identifier) (private_property_identifier)] @call.name) arguments: (_) @call.arguments) @call.expression
(new_expression constructor: (identifier) @call.name arguments: (_)? @call.arguments) @call.expression
(new_expression constructor: (member_expression object: (_) @call.receiver property: (property_identifier) @call.name) arguments: (_)? @call.arguments) @call.expression
