; Data flow inside a Go function (or file): what each statement writes, reads and calls.

; ── writes: `=` and `op=`, `:=`, `var`, `++`/`--`, range variables, receives, `&x` handed to a call ──
(assignment_statement left: (expression_list (identifier) @write.assign))
(assignment_statement left: (expression_list (index_expression operand: (identifier) @write.element)))
(assignment_statement left: (expression_list (unary_expression operand: (identifier) @write.deref)))
(assignment_statement left: (expression_list (selector_expression operand: (_) @field.object field: (field_identifier) @write.field)))
(assignment_statement left: (expression_list (index_expression operand: (selector_expression operand: (_) @field.object field: (field_identifier) @write.field))))
(short_var_declaration left: (expression_list (identifier) @write.declare))
(var_spec name: (identifier) @write.declare)
(const_spec name: (identifier) @write.declare)
(inc_statement (identifier) @write.update)
(dec_statement (identifier) @write.update)
(inc_statement (index_expression operand: (identifier) @write.element))
(dec_statement (index_expression operand: (identifier) @write.element))
(inc_statement (selector_expression operand: (_) @field.object field: (field_identifier) @write.field))
(dec_statement (selector_expression operand: (_) @field.object field: (field_identifier) @write.field))
(range_clause left: (expression_list (identifier) @write.assign))
(receive_statement left: (expression_list (identifier) @write.assign))
(type_switch_statement alias: (expression_list (identifier) @write.declare))
(call_expression arguments: (argument_list (unary_expression operator: "&" operand: (identifier) @write.borrow)))
(call_expression arguments: (argument_list (unary_expression operator: "&" operand: (selector_expression operand: (_) @field.object field: (field_identifier) @write.field))))

; ── reads ──
(identifier) @read.variable
(selector_expression operand: (_) @field.object field: (field_identifier) @read.field)
; not variable reads: struct literal keys, the blank identifier, a function's own name
(keyed_element key: (literal_element (identifier) @ignore))
((identifier) @ignore (#eq? @ignore "_"))
(function_declaration name: (identifier) @ignore)
(parameter_declaration name: (identifier) @ignore)
(variadic_parameter_declaration name: (identifier) @ignore)

; ── calls: `f(x)`, `recv.M(x)`, `pkg.F(x)`, generic `F[T](x)` (parsed as a conversion) ──
(call_expression function: (identifier) @call.name arguments: (argument_list) @call.arguments) @call.expression
(call_expression
  function: (selector_expression operand: (_) @call.receiver field: (field_identifier) @call.name)
  arguments: (argument_list) @call.arguments) @call.expression
(call_expression
  function: (index_expression operand: (identifier) @call.name)
  arguments: (argument_list) @call.arguments) @call.expression
(call_expression
  function: (index_expression operand: (selector_expression operand: (_) @call.receiver field: (field_identifier) @call.name))
  arguments: (argument_list) @call.arguments) @call.expression
(type_conversion_expression type: (generic_type type: (type_identifier) @call.name)) @call.expression
(type_conversion_expression
  type: (generic_type type: (qualified_type package: (package_identifier) @call.receiver name: (type_identifier) @call.name))) @call.expression

; ── types used ──
(type_identifier) @type.use
; a qualified type is read through its package (the generic capture above is then no type use)
(qualified_type package: (package_identifier) @field.object name: (type_identifier) @read.field)
