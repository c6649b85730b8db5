; inherits: ecma
; Data flow the TypeScript grammars add to ecma/flow.scm: calls through `x!`, and the types named.

(call_expression function: (member_expression object: (non_null_expression (identifier) @call.receiver) property: (property_identifier) @call.name) arguments: (_) @call.arguments) @call.expression

; types used (one- and two-letter names are type parameters far more often than types)
((type_identifier) @type.use (#match? @type.use "^[A-Za-z_$][A-Za-z0-9_$]{2,}$"))

; A name a declaration gives is not a read of it (a read no scope declares is searched for in the
; repository): a function's, type's or enum member's own name, a parameter.
(function_signature name: (identifier) @ignore)
(enum_declaration name: (identifier) @ignore)
(required_parameter pattern: (identifier) @ignore)
(optional_parameter pattern: (identifier) @ignore)
