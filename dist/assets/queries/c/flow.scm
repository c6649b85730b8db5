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
(offsetof_expression member: (field_identifier) @read.field)

; ── calls ──
(call_expression) @call.expression

; ── types used ──
(type_identifier) @type.use
