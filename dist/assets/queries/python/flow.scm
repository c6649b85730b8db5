; Data flow inside a Python function (or module): what each statement writes, reads and calls.

; ── writes ──
(assignment left: (identifier) @write.assign)
(assignment left: (pattern_list (identifier) @write.assign))
(assignment left: (tuple_pattern (identifier) @write.assign))
(assignment left: (list_pattern (identifier) @write.assign))
(augmented_assignment left: (identifier) @write.update)
(assignment left: (attribute object: (_) @field.object attribute: (identifier) @write.field))
(augmented_assignment left: (attribute object: (_) @field.object attribute: (identifier) @write.field))
(assignment left: (subscript value: (identifier) @write.element))
(augmented_assignment left: (subscript value: (identifier) @write.element))
(assignment left: (subscript value: (attribute object: (_) @field.object attribute: (identifier) @write.field)))
(named_expression name: (identifier) @write.assign)
(for_statement left: (identifier) @write.assign)
(for_statement left: (pattern_list (identifier) @write.assign))
(as_pattern_target (identifier) @write.assign)
(delete_statement (identifier) @write.delete)

; ── reads ──
(identifier) @read.variable
(attribute object: (_) @field.object attribute: (identifier) @read.field)
(keyword_argument name: (identifier) @ignore)

; A name a declaration gives is not a read of it (a read no scope declares is searched for in the
; repository): a function's, type's or enum member's own name, a parameter.
(function_definition name: (identifier) @ignore)
(class_definition name: (identifier) @ignore)
(parameters (identifier) @ignore)
(lambda_parameters (identifier) @ignore)
(default_parameter name: (identifier) @ignore)
(typed_parameter . (identifier) @ignore)
(typed_default_parameter name: (identifier) @ignore)

; ── calls ──
(call function: (identifier) @call.name arguments: (_) @call.arguments) @call.expression
(call function: (attribute object: (_) @call.receiver attribute: (identifier) @call.name) arguments: (_) @call.arguments) @call.expression

; ── types used ──
(type (identifier) @type.use)
(type (generic_type (identifier) @type.use))
