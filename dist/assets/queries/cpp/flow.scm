; inherits: c
; C++ additions to the C flow query.

(assignment_expression left: (qualified_identifier name: (identifier) @write.assign))
; a constructor's initializer list writes the member fields it names
(field_initializer (field_identifier) @write.field)
(field_initializer (field_identifier) @read.field)
