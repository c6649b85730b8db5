; inherits: c
; C++ additions to the C flow query.

(assignment_expression left: (qualified_identifier name: (identifier) @write.assign))
; a constructor's initializer list writes the member fields it names
(field_initializer (field_identifier) @write.field)
(field_initializer (field_identifier) @read.field)
; a parameter by reference, or with a default value, names itself (see the C query)
(parameter_declaration declarator: (reference_declarator (identifier) @ignore))
(parameter_declaration declarator: (reference_declarator (pointer_declarator declarator: (identifier) @ignore)))
(optional_parameter_declaration declarator: [
  (identifier) @ignore
  (pointer_declarator declarator: (identifier) @ignore)
  (reference_declarator (identifier) @ignore)
])
; an out-of-line definition's own name (`void Foo::Bar(...)`)
(function_declarator declarator: (qualified_identifier name: (identifier) @ignore))
