// The names used on a file's changed lines, read from its syntax tree (tree-sitter, the grammar
// keybug's pack for the file uses, but none of the pack's queries: the benchmark must not see the
// code through the slicer's own eyes). Each name is classified by where it stands:
//  - call: the function of a call (`f(`, `o.m(`, `a::b(`, `new T(`), the method of a Java call;
//  - write: the target of a plain assignment;
//  - read: any other name of an expression (a variable, a parameter, a field, `o` of `o.m()`);
//  - type: a name in a type's place;
//  - key: a field named in a literal or a keyword argument (`{ a: 1 }`, `S{A: 1}`, `f(a=1)`, `S { a: 1 }`).
// Names of import lines are left out (they bind, they do not use).
import { createParser, type Node, type Parser } from '../../src/slicing/parser/tree-sitter.js';

export type UseKind = 'call' | 'read' | 'write' | 'type' | 'key';

export interface Use {
  name: string;
  /** 1-based line, 0-based UTF-16 column. */
  line: number;
  column: number;
  kind: UseKind;
}

const NAME_TYPES = new Set([
  'identifier',
  'field_identifier',
  'property_identifier',
  'type_identifier',
  'shorthand_property_identifier',
  'private_property_identifier',
  'namespace_identifier',
  'package_identifier',
]);
const TYPE_NAMES = new Set(['type_identifier']);
/** Nodes whose last name is what they mean (`o.m`, `a::b`, `f<T>`): a call of one of them calls that name. */
const MEMBER_TYPES = new Set([
  'member_expression',
  'attribute',
  'selector_expression',
  'field_expression',
  'scoped_identifier',
  'qualified_identifier',
  'template_function',
  'generic_function',
  'field_access',
  'scoped_type_identifier',
  'nested_identifier',
]);
const CALL_TYPES = new Set(['call_expression', 'call', 'new_expression', 'method_invocation', 'object_creation_expression']);
/** Literal entries and keyword arguments: their first name is a key, not a read. */
const KEY_PARENTS = new Set(['pair', 'keyword_argument', 'field_initializer', 'keyed_element', 'initializer_pair', 'field_designator']);
const ASSIGNMENT_TYPES = new Set(['assignment_expression', 'assignment', 'assignment_statement']);
const IMPORT_TYPES = new Set([
  'import_statement',
  'import_declaration',
  'import_from_statement',
  'future_import_statement',
  'use_declaration',
  'preproc_include',
  'package_clause',
  'package_declaration',
  'extern_crate_declaration',
  'import_spec',
]);
/** Type-position parents: a name under one of these is a type's. */
const TYPE_PARENTS = new Set([
  'type_annotation',
  'type_arguments',
  'generic_type',
  'type_spec',
  'pointer_type',
  'qualified_type',
  'parameter_declaration',
  'type_parameter',
  'extends_clause',
  'implements_clause',
  'superclass',
  'super_interfaces',
  'type_list',
]);
const GRAMMARS: Record<string, string> = {
  c: 'tree-sitter-c.wasm',
  cpp: 'tree-sitter-cpp.wasm',
  python: 'tree-sitter-python.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
};
const parsers = new Map<string, Promise<Parser>>();

function kindOf(node: Node): UseKind | null {
  // Inside a Rust macro's tokens there is no syntax: a name followed by `(` is called.
  if (node.parent?.type === 'token_tree')
    return /^\s*(?:::\s*<[^()]*>\s*)?\(/.test(node.parent.text.slice(node.endIndex - node.parent.startIndex)) ? 'call' : 'read';
  let top: Node = node;
  // Climb while the name is the last part of a member or path (`m` of `o.m`, `b` of `a::b`).
  for (;;) {
    const parent = top.parent;
    if (parent === null || !MEMBER_TYPES.has(parent.type)) break;
    const last =
      parent.childForFieldName('property') ??
      parent.childForFieldName('attribute') ??
      parent.childForFieldName('field') ??
      parent.childForFieldName('name');
    if (last === null || last.startIndex !== top.startIndex || last.endIndex !== top.endIndex) {
      if (top === node) return TYPE_NAMES.has(node.type) ? 'type' : 'read'; // `o` of `o.m`: a read of `o`
      break;
    }
    top = parent;
  }
  const parent = top.parent;
  if (parent === null) return 'read';
  if (KEY_PARENTS.has(parent.type)) {
    const named =
      parent.childForFieldName('name') ?? parent.childForFieldName('key') ?? parent.childForFieldName('field') ?? parent.firstNamedChild;
    if (named !== null && named.startIndex === top.startIndex && named.endIndex === top.endIndex && parent.namedChildCount > 1)
      return 'key';
  }
  if (
    parent.type === 'literal_element' &&
    parent.parent?.type === 'keyed_element' &&
    parent.parent.firstNamedChild?.startIndex === parent.startIndex
  )
    return 'key';
  if (CALL_TYPES.has(parent.type)) {
    const callee =
      parent.childForFieldName('function') ??
      parent.childForFieldName('constructor') ??
      parent.childForFieldName('name') ??
      parent.childForFieldName('type');
    if (callee !== null && callee.startIndex === top.startIndex && callee.endIndex === top.endIndex) return 'call';
  }
  if (ASSIGNMENT_TYPES.has(parent.type)) {
    const left = parent.childForFieldName('left');
    if (left !== null && top.startIndex >= left.startIndex && top.endIndex <= left.endIndex) {
      // `x = …`, `o.f = …` (Go's `a, b = …` too); `a[i] = …` and `*p = …` read `a`, `i` and `p`.
      if (left.startIndex === top.startIndex && left.endIndex === top.endIndex) return 'write';
      if (left.type === 'expression_list' || left.type === 'pattern_list' || left.type === 'tuple_pattern') return 'write';
    }
  }
  if (TYPE_NAMES.has(node.type) || TYPE_PARENTS.has(parent.type)) return 'type';
  return 'read';
}

/** The names used on the given lines (1-based) of a file's text, in a grammar named by the pack's id. */
export async function usesOnLines(packId: string, text: string, lines: ReadonlySet<number>): Promise<Use[]> {
  const grammar = GRAMMARS[packId];
  if (grammar === undefined || lines.size === 0) return [];
  let parser = parsers.get(grammar);
  if (parser === undefined) parsers.set(grammar, (parser = createParser(grammar)));
  const tree = (await parser).parse(text);
  if (tree === null) return [];
  const uses: Use[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const first = Math.min(...lines);
  const last = Math.max(...lines);
  const visit = (node: Node): void => {
    if (node.endPosition.row + 1 < first || node.startPosition.row + 1 > last) return;
    if (IMPORT_TYPES.has(node.type)) return;
    if (NAME_TYPES.has(node.type) && node.childCount === 0) {
      const line = node.startPosition.row + 1;
      if (lines.has(line)) {
        const kind = kindOf(node);
        if (kind !== null) uses.push({ name: node.text, line, column: node.startIndex - (lineStarts[line - 1] as number), kind });
      }
      return;
    }
    for (const child of node.children) if (child !== null) visit(child);
  };
  visit(tree.rootNode);
  tree.delete();
  return uses;
}

/** Declarations whose extent is a definition's, for the syntax fallback of `syntaxExtent`. */
const DECLARATION_TYPES = new Set([
  'function_definition',
  'class_specifier',
  'struct_specifier',
  'union_specifier',
  'enum_specifier',
  'field_declaration',
  'declaration',
  'type_definition',
  'alias_declaration',
  'preproc_function_def',
  'preproc_def',
  'enumerator',
]);

/**
 * The lines (1-based) of the declaration whose name is at a position, read from the syntax tree: for
 * a resolver whose symbol outline would cost a parse of its own (clangd builds a translation unit for
 * every header it is asked about).
 */
export async function syntaxExtent(
  packId: string,
  text: string,
  line: number,
  column: number,
): Promise<{ start: number; end: number } | null> {
  const grammar = GRAMMARS[packId];
  if (grammar === undefined) return null;
  let parser = parsers.get(grammar);
  if (parser === undefined) parsers.set(grammar, (parser = createParser(grammar)));
  const tree = (await parser).parse(text);
  if (tree === null) return null;
  try {
    let node: Node | null = tree.rootNode.descendantForPosition({ row: line - 1, column });
    while (node !== null && !DECLARATION_TYPES.has(node.type)) node = node.parent;
    if (node === null) return null;
    // A node that ends with its line's newline (a preprocessor line: `#define ASSERT_EQ(a, b) …`) ends on that line, not the next.
    const { row, column: endColumn } = node.endPosition;
    return { start: node.startPosition.row + 1, end: endColumn === 0 && row > node.startPosition.row ? row : row + 1 };
  } finally {
    tree.delete();
  }
}
