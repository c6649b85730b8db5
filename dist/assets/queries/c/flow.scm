; Data flow inside a function of a C file: what each statement writes, reads and calls.

; ── writes ──
(assignment_expression left: (identifier) @write.assign)
(assignment_expression left: (field_expression field: (field_identifier) @write.field))
(assignment_expression left: (pointer_expression argument: (identifier) @write.deref))
(assignment_expression left: (subscript_expression argument: (identifier) @write.element))
(assignment_expression left: (subscript_expression argument: (field_expression field: (field_identifier) @write.field)))
(assignment_expression left: (parenthesized_expression (identifier) @write.assign))
(update_expression argument: (identifier) @write.update)
(update_expression argument: (field_expression field: (field_identifier) @write.field))
(update_expression argument: (pointer_expression argument: (identifier) @write.deref))
(update_expression argument: (subscript_expression argument: (identifier) @write.element))
(argument_list (pointer_expression operator: "&" argument: (identifier) @write.address))
(argument_list (pointer_expression operator: "&" argument: (field_expression field: (field_identifier) @write.field)))

; ── reads ──
(identifier) @read.variable
(field_expression field: (field_identifier) @read.field)
; offsetof(T, member) names a member of T
(offsetof_expression type: (type_descriptor type: (type_identifier) @field.object) member: (field_identifier) @read.field)
(offsetof_expression type: (type_descriptor type: (struct_specifier name: (type_identifier) @field.object)) member: (field_identifier) @read.field)

; A name a declaration gives is not a read of it: a function's own name, a prototype's parameters
; (which no function scope holds, so a read of them would be searched for in the repository), an
; enumerator. A local's declarator stays a read: it resolves to itself.
(function_declarator declarator: (identifier) @ignore)
(parameter_declaration declarator: [
  (identifier) @ignore
  (pointer_declarator declarator: (identifier) @ignore)
  (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @ignore))
  (array_declarator declarator: (identifier) @ignore)
])
(enumerator name: (identifier) @ignore)

; ── calls ──
(call_expression) @call.expression

; ── types used ──
(type_identifier) @type.use
