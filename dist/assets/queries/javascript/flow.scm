; inherits: ecma, jsx
; Data flow in JavaScript: everything is in ecma/flow.scm and jsx/flow.scm.
; A name a declaration gives is not a read of it (a read no scope declares is searched for in the
; repository): a function's, type's or enum member's own name, a parameter.
(formal_parameters (identifier) @ignore)
(formal_parameters (assignment_pattern left: (identifier) @ignore))
