; inherits: ecma, jsx
; What the JavaScript grammar alone has: class fields (`field_definition`; TypeScript's are
; `public_field_definition`) and parameters written without a wrapper node.

; ── class fields ──
(field_definition) @statement.simple
(field_definition property: [(property_identifier) (private_property_identifier)] @name value: (new_expression constructor: (identifier) @type)?) @definition.field
; `handle = () => {…}` is a method
(field_definition property: [(property_identifier) (private_property_identifier)] @name value: [(arrow_function) (function_expression)] @scope.function) @definition.function

(using_declaration (variable_declarator name: (identifier) @name)) @statement.simple @definition.variable

; ── parameters: `a`, `b = 1`, `...rest` (destructured ones are patterns, see ecma) ──
(formal_parameters [(identifier) @definition.parameter (assignment_pattern left: (identifier) @name) @definition.parameter (rest_pattern (identifier) @name) @definition.parameter])

; The types a type derives from (`@base`): a member one of them defines settles a lookup in the type.
(class_declaration name: (_) @name (class_heritage [(identifier) (member_expression)] @base)) @definition.type
