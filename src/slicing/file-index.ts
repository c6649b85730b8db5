import type { Node, Tree } from './parser/tree-sitter.js';
import type { ParamMode } from './language-pack.js';
import type { LoadedPack } from './packs.js';
import { splitLines } from './source-text.js';

/** Which revision a file was read from: head (the change) or base (the merge base, for deleted code). */
export type Side = 'head' | 'base';

export type DefinitionKind = 'variable' | 'parameter' | 'field' | 'function' | 'prototype' | 'type' | 'macro' | 'constant';

/** A 1-based, inclusive line range. */
export interface LineRange {
  start: number;
  end: number;
}

/** A name declared somewhere, with the lines a slice shows for it. */
export interface Definition {
  name: string;
  kind: DefinitionKind;
  file: string;
  side: Side;
  /** Lines to show: the whole declaration, a function's signature, a type (its header only when long). */
  show: LineRange;
  /** Lines of the whole declaring node. */
  span: LineRange;
  typeName: string | null;
  /** The enclosing type, or the qualifier of an out-of-line definition (`Foo` of `Foo::bar`). */
  container: string | null;
  paramModes: ParamMode[];
  /** Name of the enclosing function or type, for the section header. */
  context: string | null;
  /** True when declared inside a function body (a local or a parameter). */
  local: boolean;
  /** First line of the enclosing type's definition (shown above a field), or null. */
  containerLine: number | null;
  /** The variable whose elements this one is bound to (`xs` of `for (auto& x : xs)`), or null. */
  boundTo: string | null;
}

/** One read, write or type use inside a function. */
export interface Occurrence {
  name: string;
  line: number;
  column: number;
  /** True for a member field (`x.name`, `p->name`), false for a plain identifier. */
  field: boolean;
  /** For fields: the object's name when it is a plain identifier or `this`. */
  object: string | null;
}

export interface CallOccurrence {
  callee: string;
  line: number;
  column: number;
  args: (string | null)[];
}

/** What the statements of one function read, write, call and name as types. */
export interface FlowFacts {
  reads: Occurrence[];
  writes: Occurrence[];
  calls: CallOccurrence[];
  types: Occurrence[];
}

/** Structural roles the structure query marks (`@statement.*`, `@block.*`, `@clause.*`, `@scope.<kind>`). */
type Mark = 'statement' | 'block' | 'clause' | 'function' | 'lambda' | 'type' | 'namespace';

/** Types whose definitions are shown whole up to this many lines; longer ones show their header. */
const SMALL_TYPE_LINES = 40;

/** The nearest enclosing function and type of a node (itself included). */
interface Scopes {
  function: Node | null;
  type: Node | null;
}

const NO_SCOPES: Scopes = { function: null, type: null };

const UNIT_MARKS: ReadonlySet<Mark> = new Set(['statement', 'clause', 'function', 'type', 'namespace']);

function markOf(captureName: string): Mark | null {
  const [role, kind] = captureName.split('.');
  if (role === 'statement' || role === 'block' || role === 'clause') return role;
  if (role === 'scope' && (kind === 'function' || kind === 'lambda' || kind === 'type' || kind === 'namespace')) return kind;
  return null;
}

/**
 * One parsed file: its lines, the definitions it holds, and (for files a slice is seeded in) the
 * syntax tree, used to find statements, headers, enclosing functions and data flow. Everything is
 * in 1-based lines. Files read only for their definitions drop the tree right after indexing.
 */
export class FileIndex {
  readonly lines: string[];
  readonly definitions: Definition[] = [];
  private readonly definitionsByName = new Map<string, Definition[]>();
  /** Paths named by `#include "..."` (or the language's equivalent). */
  readonly includes: string[] = [];
  private tree: Tree | null;
  private readonly marks = new Map<number, Mark>();
  /** Ids of control structures (`@statement.control`): a definition they make shows their header only. */
  private readonly controls = new Set<number>();
  private readonly flowCache = new Map<string, FlowFacts>();
  /** Per-line answers, asked again and again while seeds are grouped (each costs a descent and an ancestor walk). */
  private readonly statementCache = new Map<number, LineRange | null>();
  private readonly functionCache = new Map<number, (LineRange & { name: string | null }) | null>();
  private readonly scopeCache = new Map<number, Scopes>();
  /** `headerEndRow` by node id: every unit asks it again of the same enclosing functions and namespaces. */
  private readonly headerCache = new Map<number, number>();

  /** Size of the parsed text (UTF-16 code units, close to bytes for source code). */
  readonly bytes: number;

  constructor(
    readonly path: string,
    readonly side: Side,
    readonly loaded: LoadedPack,
    text: string,
    keepTree: boolean,
  ) {
    this.bytes = text.length;
    this.lines = splitLines(text);
    this.tree = loaded.parser.parse(text);
    if (this.tree === null) return;
    const captures = loaded.structure.captures(this.tree.rootNode);
    for (const { name, node } of captures) {
      const mark = markOf(name);
      if (mark !== null) this.marks.set(node.id, mark);
      if (name === 'statement.control') this.controls.add(node.id);
      else if (name === 'include.path') this.includes.push(node.text.replace(/^["<]|[">]$/g, ''));
    }
    for (const { name, node } of captures) {
      if (name.startsWith('definition.')) this.addDefinitions(name.slice('definition.'.length), node, keepTree);
    }
    if (!keepTree) this.release();
  }

  /** Definitions of one name in this file. */
  definitionsOf(name: string): readonly Definition[] {
    return this.definitionsByName.get(name) ?? [];
  }

  /** True while the syntax tree is held (files with seeds). */
  get hasTree(): boolean {
    return this.tree !== null;
  }

  /** Frees the syntax tree (WASM memory). */
  release(): void {
    this.tree?.delete();
    this.tree = null;
    this.scopeCache.clear();
    this.headerCache.clear();
  }

  /** The changed statement a line belongs to: a whole statement, a control structure's header, or the line alone. */
  unitAt(line: number): LineRange {
    return this.statementOfLine(line) ?? { start: line, end: line };
  }

  /** Like `unitAt`, for an exact position (an occurrence deep inside a multi-line statement). */
  unitAtPosition(line: number, column: number): LineRange {
    return this.statementAt(line, column) ?? { start: line, end: line };
  }

  /** True when some statement or header lies strictly between two units (they are not contiguous). */
  statementBetween(a: LineRange, b: LineRange): boolean {
    for (let line = a.end + 1; line < b.start; line++) if (this.statementOfLine(line) !== null) return true;
    return false;
  }

  /** `statementAt` the line's first non-blank column, computed once per line. */
  private statementOfLine(line: number): LineRange | null {
    let range = this.statementCache.get(line);
    if (range === undefined) {
      range = this.statementAt(line, this.indentOf(line));
      this.statementCache.set(line, range);
    }
    return range === null ? null : { ...range };
  }

  /** The statement, or header of a compound statement or scope, covering a position; null for braces, blanks, comments. */
  private statementAt(line: number, column: number): LineRange | null {
    const node = this.nodeAt(line, column);
    const unit = node && this.ancestor(node, UNIT_MARKS);
    if (!unit) return null;
    const headerEnd = this.headerEndRow(unit);
    return line - 1 <= headerEnd ? { start: unit.startPosition.row + 1, end: headerEnd + 1 } : null;
  }

  /**
   * The syntactic dependencies of a unit (Algorithm 6): the headers of every enclosing control
   * structure, clause, function, type and namespace (signature, `if (...) {`, `} else {`, `case x:`).
   */
  enclosingHeaders(unit: LineRange): number[] {
    const node = this.nodeAt(unit.start, this.indentOf(unit.start));
    const lines: number[] = [];
    for (let current = node?.parent ?? null; current !== null; current = current.parent) {
      const mark = this.marks.get(current.id);
      if (mark === undefined || !UNIT_MARKS.has(mark)) continue;
      const start = current.startPosition.row + 1;
      const end = Math.min(this.headerEndRow(current) + 1, Math.max(start, unit.start - 1));
      for (let l = start; l <= end; l++) lines.push(l);
    }
    return lines;
  }

  /** The smallest function containing the line, or else its type, or else its outermost statement (Algorithm 7). */
  parentRange(line: number): LineRange {
    const node = this.nodeAt(line, this.indentOf(line));
    if (node === null) return { start: line, end: line };
    const owner = this.ancestor(node, new Set(['function'])) ?? this.ancestor(node, new Set(['type'])) ?? this.outermostStatement(node);
    return owner ? rangeOf(owner) : { start: line, end: line };
  }

  /** The function containing a line (null at file level). */
  functionAt(line: number): (LineRange & { name: string | null }) | null {
    let found = this.functionCache.get(line);
    if (found === undefined) {
      const node = this.nodeAt(line, this.indentOf(line));
      const fn = node && this.ancestor(node, new Set(['function']));
      found = fn ? { ...rangeOf(fn), name: this.loaded.pack.adapter.scopeName(fn) } : null;
      this.functionCache.set(line, found);
    }
    return found === null ? null : { ...found };
  }

  /** Name of the type (class, struct) around a line, or null. */
  typeAt(line: number): string | null {
    const node = this.nodeAt(line, this.indentOf(line));
    const owner = node && this.ancestor(node, new Set(['type']));
    return owner ? this.loaded.pack.adapter.scopeName(owner) : null;
  }

  /** Name of the function or type around a line, for section headers. */
  contextAt(line: number): string | null {
    const node = this.nodeAt(line, this.indentOf(line));
    if (node === null) return null;
    const owner = this.ancestor(node, new Set(['function'])) ?? this.ancestor(node, new Set(['type']));
    return owner ? this.loaded.pack.adapter.scopeName(owner) : null;
  }

  /** Reads, writes, calls and type uses in a line range (a function), computed once per range. */
  flow(range: LineRange): FlowFacts {
    const key = `${range.start}:${range.end}`;
    const cached = this.flowCache.get(key);
    if (cached) return cached;
    const facts: FlowFacts = { reads: [], writes: [], calls: [], types: [] };
    this.flowCache.set(key, facts);
    if (this.tree === null) return facts;
    const captures = this.loaded.flow.captures(this.tree.rootNode, {
      startPosition: { row: range.start - 1, column: 0 },
      endPosition: { row: range.end, column: 0 },
    });
    const adapter = this.loaded.pack.adapter;
    const callees = new Set<number>();
    const calls = captures.filter((c) => c.name === 'call.expression');
    for (const { node } of calls) {
      const shape = adapter.describeCall(node);
      if (shape === null) continue;
      callees.add(shape.calleeStart);
      facts.calls.push({ callee: shape.callee, args: shape.args, line: node.startPosition.row + 1, column: node.startPosition.column });
    }
    for (const { name, node } of captures) {
      const line = node.startPosition.row + 1;
      if (line < range.start || line > range.end) continue;
      const occ: Occurrence = { name: node.text, line, column: node.startPosition.column, field: false, object: null };
      if (name === 'read.variable') {
        if (!callees.has(node.startIndex)) facts.reads.push(occ);
      } else if (name === 'read.field') {
        if (!callees.has(node.startIndex)) facts.reads.push({ ...occ, field: true, object: adapter.memberObject(node) });
      } else if (name === 'write.field') facts.writes.push({ ...occ, field: true, object: adapter.memberObject(node) });
      else if (name.startsWith('write.')) facts.writes.push(occ);
      else if (name.startsWith('type.')) facts.types.push(occ);
    }
    return facts;
  }

  private addDefinitions(kind: string, node: Node, keepTree: boolean): void {
    const adapter = this.loaded.pack.adapter;
    // Files read only for their definitions skip what is local to a function body.
    const scopes = this.scopesOf(node.parent);
    const inFunction = kind === 'parameter' || scopes.function !== null;
    if (!keepTree && inFunction) return;
    const typeNode = scopes.type;
    const enclosingType = typeNode ? adapter.scopeName(typeNode) : null;
    const span = rangeOf(node);
    const headerOnly = kind === 'function' || this.controls.has(node.id) || (kind === 'type' && span.end - span.start >= SMALL_TYPE_LINES);
    const show = headerOnly ? { start: span.start, end: this.headerEndRow(node) + 1 } : span;
    // A local's section is its function's, even in a function outside any type.
    const context = kind === 'function' ? adapter.scopeName(node) : inFunction && scopes.function ? adapter.scopeName(scopes.function) : enclosingType;
    for (const declared of adapter.declaredNames(node)) {
      const definitionKind = toKind(kind, declared.callable);
      if (definitionKind === null) continue;
      const container = declared.qualifier ?? enclosingType;
      const def: Definition = {
        name: declared.name,
        kind: definitionKind,
        file: this.path,
        side: this.side,
        show,
        span,
        typeName: declared.typeName,
        container: container === null ? null : adapter.lastComponent(container),
        paramModes: declared.paramModes,
        context,
        local: inFunction,
        containerLine: typeNode ? typeNode.startPosition.row + 1 : null,
        boundTo: declared.boundTo ?? null,
      };
      this.definitions.push(def);
      const same = this.definitionsByName.get(def.name);
      if (same) same.push(def);
      else this.definitionsByName.set(def.name, [def]);
    }
  }

  private nodeAt(line: number, column: number): Node | null {
    if (this.tree === null) return null;
    return this.tree.rootNode.descendantForPosition({ row: line - 1, column });
  }

  private indentOf(line: number): number {
    const text = this.lines[line - 1] ?? '';
    const first = text.search(/\S/);
    return first < 0 ? 0 : first;
  }

  private ancestor(node: Node | null, marks: ReadonlySet<Mark>): Node | null {
    for (let current = node; current !== null; current = current.parent) {
      const mark = this.marks.get(current.id);
      if (mark !== undefined && marks.has(mark)) return current;
    }
    return null;
  }

  /**
   * The nearest function and type at or above a node, memoized by node id: the definitions of a
   * file share a few parents, and each step up the tree is a call into WASM.
   */
  private scopesOf(node: Node | null): Scopes {
    if (node === null) return NO_SCOPES;
    const path: Node[] = [];
    let above: Scopes = NO_SCOPES;
    for (let current: Node | null = node; current !== null; current = current.parent) {
      const known = this.scopeCache.get(current.id);
      if (known !== undefined) {
        above = known;
        break;
      }
      path.push(current);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const current = path[i] as Node;
      const mark = this.marks.get(current.id);
      above = { function: mark === 'function' ? current : above.function, type: mark === 'type' ? current : above.type };
      this.scopeCache.set(current.id, above);
    }
    return above;
  }

  private outermostStatement(node: Node): Node | null {
    let found: Node | null = null;
    for (let current: Node | null = node; current !== null; current = current.parent) {
      const mark = this.marks.get(current.id);
      if (mark === 'statement') found = current;
      if (mark === 'function' || mark === 'type' || mark === 'namespace') break;
    }
    return found;
  }

  /**
   * Last row of a node's header: the row where its first block opens, or the row before its first
   * nested statement; the node's last row when it has neither (a simple statement).
   */
  private headerEndRow(node: Node): number {
    let row = this.headerCache.get(node.id);
    if (row === undefined) {
      row = this.findHeaderEndRow(node);
      this.headerCache.set(node.id, row);
    }
    return row;
  }

  private findHeaderEndRow(node: Node): number {
    const start = node.startPosition.row;
    const stack: Node[] = node.namedChildren.filter((c): c is Node => c !== null).reverse();
    for (let visited = 0; stack.length > 0 && visited < 5000; visited++) {
      const current = stack.pop() as Node;
      const mark = this.marks.get(current.id);
      if (mark === 'block') return Math.max(start, current.startPosition.row);
      if (mark === 'statement' || mark === 'clause') return Math.max(start, current.startPosition.row - 1);
      for (let i = current.namedChildCount - 1; i >= 0; i--) {
        const child = current.namedChild(i);
        if (child !== null) stack.push(child);
      }
    }
    return rangeOf(node).end - 1;
  }
}

/** A node's lines; a node that ends at column 0 (a preprocessor line takes its newline) ends on the row before. */
function rangeOf(node: Node): LineRange {
  const endRow = node.endPosition.column === 0 && node.endPosition.row > node.startPosition.row ? node.endPosition.row - 1 : node.endPosition.row;
  return { start: node.startPosition.row + 1, end: endRow + 1 };
}

function toKind(captureKind: string, callable: boolean): DefinitionKind | null {
  switch (captureKind) {
    case 'variable':
    case 'field':
      return callable ? 'prototype' : captureKind;
    case 'function':
    case 'parameter':
    case 'type':
    case 'macro':
    case 'constant':
      return captureKind;
    default:
      return null;
  }
}
