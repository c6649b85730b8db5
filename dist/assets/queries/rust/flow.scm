; Data flow inside a Rust function (or file): what each statement writes, reads and calls.

; ── writes ──
(assignment_expression left: (identifier) @write.assign)
(compound_assignment_expr left: (identifier) @write.update)
(assignment_expression left: (field_expression value: (_) @field.object field: (field_identifier) @write.field))
(compound_assignment_expr left: (field_expression value: (_) @field.object field: (field_identifier) @write.field))
(assignment_expression left: (index_expression . (identifier) @write.element))
(compound_assignment_expr left: (index_expression . (identifier) @write.element))
(assignment_expression left: (index_expression . (field_expression value: (_) @field.object field: (field_identifier) @write.field)))
(compound_assignment_expr left: (index_expression . (field_expression value: (_) @field.object field: (field_identifier) @write.field)))
(assignment_expression left: (unary_expression (identifier) @write.deref))
(compound_assignment_expr left: (unary_expression (identifier) @write.deref))
(assignment_expression left: (tuple_expression (identifier) @write.assign))
; a `let` (re)binds its names: an earlier `let x` is a write of a later `x`
(let_declaration pattern: (identifier) @write.let)
(let_declaration pattern: (_ (identifier) @write.let) (#match? @write.let "^[a-z_]"))
(let_declaration pattern: (_ (_ (identifier) @write.let)) (#match? @write.let "^[a-z_]"))
(let_condition pattern: (_ (identifier) @write.let) (#match? @write.let "^[a-z_]"))
(for_expression pattern: (identifier) @write.let)
(for_expression pattern: (_ (identifier) @write.let) (#match? @write.let "^[a-z_]"))
; `&mut x` passed to a call lets the callee write it
(arguments (reference_expression (mutable_specifier) value: (identifier) @write.borrow))
(arguments (reference_expression (mutable_specifier) value: (field_expression value: (_) @field.object field: (field_identifier) @write.field)))
(token_tree "&" . (mutable_specifier) . (identifier) @write.borrow)

; ── reads ──
(identifier) @read.variable
(field_expression value: (_) @field.object field: (field_identifier) @read.field)

; ── not variables: paths, macro names, labels, lifetimes, attributes ──
((scoped_identifier path: (identifier) @ignore) (#match? @ignore "^[a-z_]"))
(scoped_identifier name: (identifier) @ignore)
; a type's path (`Style` of `Style::Unit`, `Container::from_ast`) is a read of the type, and what follows it a member of
; it (an enum's variant, an associated constant): read through the type like a field
((scoped_identifier path: (identifier) @field.object name: (identifier) @read.field) (#match? @field.object "^[A-Z]"))
((scoped_identifier path: (scoped_identifier name: (identifier) @field.object) name: (identifier) @read.field) (#match? @field.object "^[A-Z]"))
(scoped_type_identifier path: (identifier) @ignore)
(scoped_use_list path: (identifier) @ignore)
(use_list (identifier) @ignore)
(use_declaration argument: (identifier) @ignore)
(use_as_clause alias: (identifier) @ignore)
(macro_invocation macro: (identifier) @ignore)
(label (identifier) @ignore)
(lifetime (identifier) @ignore)
(attribute (identifier) @ignore)
(attribute (token_tree (identifier) @ignore))
(attribute (token_tree (token_tree (identifier) @ignore)))
(attribute (token_tree (token_tree (token_tree (identifier) @ignore))))
(token_tree (identifier) @ignore . "::")
(token_tree "::" . (identifier) @ignore)

; A name a declaration gives is not a read of it (a read no scope declares is searched for in the
; repository): a function's, type's or enum member's own name, a parameter.
(function_item name: (identifier) @ignore)
(function_signature_item name: (identifier) @ignore)
(parameter pattern: (identifier) @ignore)
(closure_parameters (identifier) @ignore)
(enum_variant name: (identifier) @ignore)

; ── calls ──
(call_expression function: (identifier) @call.name arguments: (_) @call.arguments) @call.expression
; `x.f()` and `a.b().f()` can only call a method (free functions are called by path)
(call_expression function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name) arguments: (_) @call.arguments) @call.expression @call.method
(call_expression function: (scoped_identifier path: (identifier) @call.receiver name: (identifier) @call.name) arguments: (_) @call.arguments) @call.expression
(call_expression function: (scoped_identifier path: (scoped_identifier name: (identifier) @call.receiver) name: (identifier) @call.name) arguments: (_) @call.arguments) @call.expression
(call_expression function: (scoped_identifier path: (generic_type type: (type_identifier) @call.receiver) name: (identifier) @call.name) arguments: (_) @call.arguments) @call.expression
(call_expression function: (scoped_identifier path: [(self) (super) (crate)] name: (identifier) @call.name) arguments: (_) @call.arguments) @call.expression
(call_expression function: (generic_function function: (identifier) @call.name) arguments: (_) @call.arguments) @call.expression
(call_expression function: (generic_function function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name)) arguments: (_) @call.arguments) @call.expression @call.method
(call_expression function: (generic_function function: (scoped_identifier path: (identifier) @call.receiver name: (identifier) @call.name)) arguments: (_) @call.arguments) @call.expression
(macro_invocation macro: (identifier) @call.name) @call.expression
(macro_invocation macro: (scoped_identifier name: (identifier) @call.name)) @call.expression
; a macro's arguments in parentheses or brackets (`assert!(f(x).is_ok())`, `vec![a.b()]`) are parsed again as
; an expression (a tuple, an array), in place: their calls, receivers and fields read as outside a macro
((macro_invocation (token_tree) @reparse.flow) (#match? @reparse.flow "^[(\\[]"))
; calls written in a macro's arguments, two token trees deep (a token tree is not parsed as expressions;
; attributes' token trees hold no calls worth a search)
(macro_invocation (token_tree . (identifier) @call.name . (token_tree) @call.arguments) @call.expression (#match? @call.arguments "^\\("))
(macro_invocation (token_tree (token_tree . (identifier) @call.name . (token_tree) @call.arguments) @call.expression (#match? @call.arguments "^\\(")))
; after an operator, a separator or a keyword (one pattern with #any-of? rather than one per token: each
; pattern of a token tree costs the query's compilation, paid by every run)
(macro_invocation (token_tree _ @_before . (identifier) @call.name . (token_tree) @call.arguments) @call.expression (#any-of? @_before "," "=" "=>" ";" "return" "in" "if" "match" "+" "-" "*" "==" "!=" "<" ">" "&&" "||" "!" "&" "|") (#match? @call.arguments "^\\("))
(macro_invocation (token_tree (token_tree _ @_before . (identifier) @call.name . (token_tree) @call.arguments) @call.expression (#any-of? @_before "," "=" "=>" ";" "return" "in" "if" "match" "+" "-" "*" "==" "!=" "<" ">" "&&" "||" "!" "&" "|") (#match? @call.arguments "^\\(")))
(macro_invocation (token_tree [(identifier) (self)] @call.receiver . "::" . (identifier) @call.name . (token_tree) @call.arguments) @call.expression (#match? @call.arguments "^\\("))
(macro_invocation (token_tree (token_tree [(identifier) (self)] @call.receiver . "::" . (identifier) @call.name . (token_tree) @call.arguments) @call.expression (#match? @call.arguments "^\\(")))
(macro_invocation (token_tree [(identifier) (self)] @call.receiver . "." . (identifier) @call.name . (token_tree) @call.arguments) @call.expression @call.method (#match? @call.arguments "^\\("))
(macro_invocation (token_tree (token_tree [(identifier) (self)] @call.receiver . "." . (identifier) @call.name . (token_tree) @call.arguments) @call.expression @call.method (#match? @call.arguments "^\\(")))
; a method called on a call's result (`a.b().f()`)
(macro_invocation (token_tree (token_tree) . "." . (identifier) @call.name . (token_tree) @call.arguments) @call.expression @call.method (#match? @call.arguments "^\\("))
(macro_invocation (token_tree (token_tree (token_tree) . "." . (identifier) @call.name . (token_tree) @call.arguments) @call.expression @call.method (#match? @call.arguments "^\\(")))

; ── types used ──
(type_identifier) @type.use
