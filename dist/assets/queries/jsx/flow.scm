; Data flow of JSX, shared by the JavaScript and TSX packs: a capitalized element is a call of its
; component (`<Foo/>`, `<ui.Button>`); intrinsic elements (`<div>`) and closing tags read nothing.
(jsx_opening_element name: (identifier) @call.name (#match? @call.name "^[A-Z]")) @call.expression
(jsx_self_closing_element name: (identifier) @call.name (#match? @call.name "^[A-Z]")) @call.expression
(jsx_opening_element name: (member_expression object: (identifier) @call.receiver property: (property_identifier) @call.name)) @call.expression
(jsx_self_closing_element name: (member_expression object: (identifier) @call.receiver property: (property_identifier) @call.name)) @call.expression
(jsx_opening_element name: (identifier) @ignore (#match? @ignore "^[a-z]"))
(jsx_self_closing_element name: (identifier) @ignore (#match? @ignore "^[a-z]"))
(jsx_closing_element name: (identifier) @ignore)
(jsx_closing_element name: (member_expression object: (identifier) @ignore))
