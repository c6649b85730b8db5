; inherits: ecma, jsx
; Data flow in JavaScript: everything is in ecma/flow.scm and jsx/flow.scm.
