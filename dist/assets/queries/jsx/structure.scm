; Structure of JSX, shared by the JavaScript and TSX packs (`; inherits: …, jsx`): an element is a
; unit whose header is its opening tag, so a change deep in a component's markup shows the tags
; around it, not the whole `return (…)`.
(jsx_element) @statement.simple
(jsx_self_closing_element) @statement.simple
