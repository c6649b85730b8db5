; inherits: ecma
; What the TypeScript grammars (TypeScript and TSX) add to ecma/structure.scm: interfaces, type
; aliases, enums, namespaces, declarations without bodies, typed fields and parameters (whose
; declared type resolves the methods called on them), constructor parameter properties. A declared
; type is the named type of `T`, `T<U>`, `ns.T` or `T | undefined` (see ecma/structure.scm on cost).

; ── statements ──
(type_alias_declaration) @statement.simple
(function_signature) @statement.simple
(ambient_declaration) @statement.simple
(import_alias) @statement.simple
(public_field_definition) @statement.simple
(abstract_method_signature) @statement.simple
(property_signature) @statement.simple
(method_signature) @statement.simple
(call_signature) @statement.simple
(construct_signature) @statement.simple
(index_signature) @statement.simple

; ── blocks ──
(interface_body) @block.body
(enum_body) @block.body
(type_alias_declaration value: (object_type) @block.body)

; ── types and namespaces ──
(interface_declaration name: (type_identifier) @name) @scope.type @definition.type
(type_alias_declaration name: (type_identifier) @name) @scope.type @definition.type
(enum_declaration name: (identifier) @name) @scope.type @definition.type
(abstract_class_declaration name: (type_identifier) @name) @scope.type @definition.type
(internal_module name: [(identifier) @name (nested_identifier property: (_) @name)]) @scope.namespace @definition.type
(module name: (identifier) @name) @scope.namespace @definition.type
(module name: (string)) @scope.namespace

; ── a function's declared result type: the type of a variable a call of it initializes ──
(function_declaration name: (identifier) @name return_type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])) @definition.function
(method_definition name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])) @definition.function
; an interface's method too, `this` (`min(n: number): this`) meaning the type it is called on
; (a type through a module, `parse.Result<T>`, keeps its module: the type is looked up there)
(method_signature name: [(property_identifier) (private_property_identifier)] @name return_type: (type_annotation [(type_identifier) @type (generic_type name: [(type_identifier) (nested_type_identifier)] @type) (nested_type_identifier) @type (this_type) @type])) @definition.function
(lexical_declaration (variable_declarator name: (identifier) @name value: (arrow_function return_type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])))) @definition.function

; … and a type alias of a function type, what a call of a variable of that type returns (`type Parse = (s: S) => Result`: Result)
(type_alias_declaration name: (type_identifier) @name value: (function_type return_type: [(type_identifier) @type (generic_type name: [(type_identifier) (nested_type_identifier)] @type) (nested_type_identifier) @type])) @definition.type

; ── members ──
(function_signature name: (identifier) @name) @definition.function
(method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.function
(abstract_method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.function
; a property typed as a function is a method
; (its declared result type too: `get: (url: string) => ResponsePromise<T>`)
(property_signature name: (property_identifier) @name type: (type_annotation [(function_type return_type: [(type_identifier) @type (generic_type name: (type_identifier) @type)]?) (parenthesized_type (function_type))])) @definition.function
(property_signature
  name: (property_identifier) @name
  type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type) (union_type . (type_identifier) @type)])?) @definition.field
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type) (union_type . (type_identifier) @type)])?
  value: (new_expression constructor: (identifier) @type)?) @definition.field
; `handle = (e: Event) => {…}` is a method
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name value: [(arrow_function) (function_expression)] @scope.function) @definition.function
(enum_body [(property_identifier) @definition.field (enum_assignment name: (property_identifier) @name) @definition.field])

; `constructor(private readonly svc: Service)` declares the field svc
(method_definition
  name: (property_identifier) @_ctor
  parameters: (formal_parameters
    [(required_parameter [(accessibility_modifier) (override_modifier) "readonly"] pattern: (identifier) @name type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type)])?)
     (optional_parameter [(accessibility_modifier) (override_modifier) "readonly"] pattern: (identifier) @name type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type)])?)] @definition.field)
  (#eq? @_ctor "constructor"))

; ── parameters: `a: T`, `b?: T`, `c = new T()`, `...rest: T[]` (destructured ones are patterns, see ecma) ──
(required_parameter
  pattern: [(identifier) @name (rest_pattern (identifier) @name)]
  type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type) (union_type . (type_identifier) @type)])?
  value: (new_expression constructor: (identifier) @type)?) @definition.parameter
(optional_parameter
  pattern: (identifier) @name
  type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type) (union_type . (type_identifier) @type)])?) @definition.parameter

; a parameter typed by a type parameter of its function is of the parameter's constraint (`<T extends Schema>(schema: T)`:
; Schema), as the compiler reads its members
(function_declaration
  type_parameters: (type_parameters (type_parameter name: (type_identifier) @_param constraint: (constraint [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])))
  parameters: (formal_parameters (required_parameter pattern: (identifier) @name type: (type_annotation (type_identifier) @_typed)) @definition.parameter)
  (#eq? @_param @_typed))
(arrow_function
  type_parameters: (type_parameters (type_parameter name: (type_identifier) @_param constraint: (constraint [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])))
  parameters: (formal_parameters (required_parameter pattern: (identifier) @name type: (type_annotation (type_identifier) @_typed)) @definition.parameter)
  (#eq? @_param @_typed))
(method_definition
  type_parameters: (type_parameters (type_parameter name: (type_identifier) @_param constraint: (constraint [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])))
  parameters: (formal_parameters (required_parameter pattern: (identifier) @name type: (type_annotation (type_identifier) @_typed)) @definition.parameter)
  (#eq? @_param @_typed))

; … and so is a field typed by a type parameter of its interface (`interface Box<I extends Inner = Inner> { inner: I }`)
(interface_declaration
  type_parameters: (type_parameters (type_parameter name: (type_identifier) @_param constraint: (constraint [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type)])))
  body: (interface_body (property_signature name: (property_identifier) @name type: (type_annotation (type_identifier) @_typed)) @definition.field)
  (#eq? @_param @_typed))

; ── variables with a declared type (`x: T`, `x = y as T`) ──
(variable_declarator
  name: (identifier) @name
  type: (type_annotation [(type_identifier) @type (generic_type name: (type_identifier) @type) (nested_type_identifier name: (type_identifier) @type) (union_type . (type_identifier) @type)])) @definition.variable
(variable_declarator name: (identifier) @name value: [(as_expression (_) (type_identifier) @type) (satisfies_expression (_) (type_identifier) @type)]) @definition.variable
; `const x: any = f()` has no type to follow, whatever f returns: the type says so (no member is looked up in it)
((variable_declarator name: (identifier) @name type: (type_annotation (predefined_type) @type)) @definition.variable (#match? @type "^(any|unknown)$"))

; ── imports: `import x = require('./m')` ──
(import_statement (import_require_clause (identifier) @import.alias source: (string) @import.module))

; The types a type derives from (`@base`): a member one of them defines settles a lookup in the type.
(class_declaration name: (_) @name (class_heritage (extends_clause value: [(identifier) (member_expression)] @base))) @definition.type
(abstract_class_declaration name: (_) @name (class_heritage (extends_clause value: [(identifier) (member_expression)] @base))) @definition.type
(interface_declaration name: (_) @name (extends_type_clause [(type_identifier) (nested_type_identifier) (generic_type)] @base)) @definition.type
; A type alias's members are those of the types it names: `type B = A` (A's), `type R = S | E` (S's and E's, as
; `r.success` reads the property every member declares), `type T = A & B` (A's and B's).
(type_alias_declaration name: (_) @name value: [(type_identifier) (nested_type_identifier) (generic_type)] @base) @definition.type
(type_alias_declaration name: (_) @name value: [(union_type [(type_identifier) (nested_type_identifier) (generic_type)] @base) (intersection_type [(type_identifier) (nested_type_identifier) (generic_type)] @base)]) @definition.type
(type_alias_declaration name: (_) @name value: [(union_type (union_type [(type_identifier) (nested_type_identifier) (generic_type)] @base)) (intersection_type (intersection_type [(type_identifier) (nested_type_identifier) (generic_type)] @base))]) @definition.type
