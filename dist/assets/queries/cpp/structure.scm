; inherits: c
; C++ additions to the C structure query.

[
  (alias_declaration)
  (using_declaration)
  (namespace_alias_definition)
  (static_assert_declaration)
  (throw_statement)
  (co_return_statement)
  (template_declaration)
] @statement.simple

(try_statement) @statement.control
(for_range_loop) @statement.loop

(declaration_list) @block.body

(catch_clause) @clause.catch

(class_specifier body: (_)) @scope.type
(namespace_definition) @scope.namespace
(lambda_expression) @scope.lambda

(class_specifier body: (_)) @definition.type
(alias_declaration) @definition.type
(for_range_loop) @definition.variable
(optional_parameter_declaration) @definition.parameter
(variadic_parameter_declaration) @definition.parameter

; The types a type derives from (`@base`): a member one of them defines settles a lookup in the type.
(class_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @base) body: (_)) @definition.type
(struct_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @base) body: (_)) @definition.type

; ── lines that belong to other code: `using` declarations join the nearest changed code's slice ──
[(using_declaration) (alias_declaration)] @attached.import
