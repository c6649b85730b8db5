import { normalChain } from './call-chain.js';
import type { Node, QueryCapture, QueryMatch, Range, Tree } from './parser/tree-sitter.js';
import type { CallShape, DeclaredName, ImportFact, LanguageAdapter, TextRange } from './language-pack.js';
import type { LoadedPack } from './packs.js';
import { markOf, mergeRanges, Outline, point, type LineRange, type MarkedNode, type Point } from './outline.js';
import { isTrivialLine, SourceLines } from './source-text.js';
import { FlowTable, FlowTableBuilder, type CallOccurrence, type FlowFacts } from './flow-table.js';
import { DefinitionTable, DefinitionTableBuilder } from './definition-table.js';
import type { Definition, DefinitionKind, Side } from './definition.js';
import { appendAll } from '../support/many.js';

export type { LineRange } from './outline.js';

/** Types whose definitions are shown whole up to this many lines; longer ones show their header. */
const SMALL_TYPE_LINES = 40;

/** Bounds on one file's query work, so a pathological file costs seconds, not minutes. */
const MATCH_LIMIT = 4096;
/** Lines naming a file-level seed's names this close together are read as one window (one query run). */
const WINDOW_GAP = 4;
/** More windows than this, and the whole file is read in one query run instead. */
const MAX_WINDOWS = 400;
/** Rounds of parsing `@reparse` bodies again (a macro body inside a macro body is a second round). */
const REPARSE_ROUNDS = 3;
/** Nodes captured `@reparse.flow` parsed again per reading of the data flow, at most. */
const MAX_FLOW_REPARSES = 2000;

/** A file's parse or queries ran past their time: the file is reviewed from its diff alone. */
export class ParseTimeout extends Error {
  constructor(readonly path: string) {
    super(`parsing ${path} took too long`);
    this.name = 'ParseTimeout';
  }
}

/** What the structure query read of a tree: marked nodes, definitions, comments, imports, and what to parse again. */
interface Structure {
  marked: MarkedNode[];
  definitions: PendingDefinition[];
  comments: Node[];
  imports: ImportFact[];
  reparse: Range[];
  /** Lines of imports and of attributes or decorators (`@attached.import`, `@attached.attribute`). */
  attached: { lines: LineRange; kind: AttachedKind }[];
}

/** What a line that belongs to other code is: an import (of its file's code), an attribute or decorator (of the definition below it). */
export type AttachedKind = 'import' | 'attribute';

/** A definition found while the tree is alive, placed in its scopes once the outline is built. */
export interface PendingDefinition {
  kind: string;
  start: Point;
  end: Point;
  span: LineRange;
  names: DeclaredName[];
  bases: string[];
}

/**
 * What a parse of a file read for its definitions yields before its facts are placed: enough to
 * build the same FileIndex again from the file's text without parsing it (see facts-cache.ts).
 */
export interface DefinitionFacts {
  marked: MarkedNode[];
  definitions: PendingDefinition[];
  commentLines: number[];
  imports: ImportFact[];
}

/** Facts of a file read for its definitions: given instead of a parse (`known`), or handed on after one (`read`). */
export interface FactsExchange {
  /** The facts an earlier parse of this text yielded, when they are kept (asked once its lines are counted). */
  known?: (lineCount: number) => DefinitionFacts | null;
  read?: (facts: DefinitionFacts) => void;
}

function startOf(node: Node): Point {
  return point(node.startPosition.row, node.startPosition.column);
}

/**
 * A node's end and its lines; a node that ends at column 0 (a preprocessor line takes its newline)
 * ends on the row before. Its end position is read once: each read is a call into the WASM runtime.
 */
function extentOf(node: Node): { end: Point; lines: LineRange } {
  const { row, column } = node.endPosition;
  const start = node.startPosition.row;
  return { end: point(row, column), lines: { start: start + 1, end: (column === 0 && row > start ? row - 1 : row) + 1 } };
}

/** Text of an import's module, without the quotes or brackets around it. */
function unquote(text: string): string {
  return text.replace(/^["'<`]|["'>`]$/g, '');
}

/**
 * One parsed file as plain facts: its lines, its outline (statements, headers, scopes), the
 * definitions and imports it holds, and — for files a slice is seeded in — what each statement
 * reads, writes and calls in the outermost functions holding the seeds (when a seed is outside any
 * function, what the file does with the names it touches). The syntax tree is freed as soon as the
 * facts are read from it, so no WASM memory is held past the parse and no later question walks the
 * tree. Lines are 1-based.
 */
export class FileIndex {
  readonly lines: SourceLines;
  private definitions: DefinitionTable;
  readonly imports: ImportFact[] = [];
  /** Size of the parsed text (UTF-16 code units, close to bytes for source code). */
  readonly bytes: number;
  /** True for files whose data flow was read (files with seeds). */
  readonly hasFlow: boolean;
  /** Where the data flow was read: the outermost functions around the seed lines; null for the whole file. */
  private flowRanges: LineRange[] | null = null;
  private readonly outline: Outline;
  private facts = FlowTable.EMPTY;
  private released = false;
  private readonly flowCache = new Map<string, FlowFacts>();
  /** Lines that hold only a comment. */
  private commentLines: ReadonlySet<number> = new Set();
  /** Statement lines counted up to each line, so "is there a statement between" is one subtraction. */
  private statementLines: Int32Array | null = null;
  /** Lines of imports, attributes and decorators (see attachedAt). */
  private readonly attached = new Map<number, AttachedKind>();
  /** Where the insides of `@reparse` bodies start: code parsed again as a file's, not again for the data flow. */
  private readonly itemBodies = new Set<number>();

  constructor(
    readonly path: string,
    readonly side: Side,
    readonly loaded: LoadedPack,
    text: string,
    /** The seed lines whose functions' data flow is read (null: none, a file read for its definitions). */
    flowLines: readonly number[] | null,
    /** When (performance.now()) parsing must give up: a ParseTimeout is thrown. */
    deadline = Number.POSITIVE_INFINITY,
    /** For a file read for its definitions: its facts from an earlier parse of the same text, or where to hand them. */
    exchange: FactsExchange = {},
    /**
     * False when no slice will ask the data flow around the seed lines (original-diff and
     * parent-function show the changed lines and the syntax around them): the file is parsed as
     * for a flow algorithm, but its reads, writes and calls are not read, and flow() refuses.
     */
    readsFlow = true,
  ) {
    this.bytes = text.length;
    this.lines = new SourceLines(text);
    this.definitions = DefinitionTable.empty(path, side);
    const withFlow = flowLines !== null;
    this.hasFlow = withFlow;
    const indents = Array.from({ length: this.lines.length }, (_, i) => this.lines.indent(i + 1));
    const known = withFlow ? null : (exchange.known?.(this.lines.length) ?? null);
    if (known !== null) {
      this.outline = new Outline(known.marked, indents);
      appendAll(this.imports, known.imports);
      this.commentLines = new Set(known.commentLines);
      this.placeDefinitions(known.definitions, false);
      return;
    }
    // tree-sitter stops a parse or a query whose progress callback returns true (its typings say void).
    const overdue = (() => performance.now() > deadline) as () => void;
    const trees: Tree[] = [];
    try {
      // What the grammar parses: the file's text, or a same-length text with what it cannot parse blanked.
      const source = loaded.pack.adapter.prepareSource?.(text) ?? text;
      let skipped = this.bodiesToSkip(source, flowLines);
      let read = this.readFile(source, skipped, trees, indents, withFlow, overdue);
      // A brace taken for a function's body that the grammar did not read as one (`class A final {`;
      // `int f() {…};` in a class, whose `{}` then reads as a field's initializer): the file is parsed
      // again without leaving out those, and whole when the bodies left out still do not all hold.
      for (let round = 0; read !== null && skipped.length > 0; round++) {
        const inside = read.outline.insideFunctions(skipped.map((b) => ({ start: this.pointOf(b.start), end: this.pointOf(b.end) })));
        if (inside.every(Boolean)) break;
        skipped = round === 0 ? skipped.filter((_, i) => inside[i]) : [];
        for (const tree of trees.splice(0)) tree.delete();
        read = this.readFile(source, skipped, trees, indents, withFlow, overdue);
      }
      if (read === null) {
        if (performance.now() > deadline) throw new ParseTimeout(path);
        this.outline = new Outline([], indents);
        return;
      }
      const pending = read.pending;
      this.outline = read.outline;
      for (const a of pending.attached) for (let line = a.lines.start; line <= a.lines.end; line++) this.attached.set(line, a.kind);
      appendAll(this.imports, pending.imports);
      this.commentLines = commentOnlyLines(pending.comments, this.lines, indents);
      const around = flowLines === null ? null : this.functionsAround(flowLines);
      this.flowRanges = around === null || around.fileLevel ? null : around.functions;
      this.placeDefinitions(pending.definitions, withFlow);
      if (!readsFlow) this.released = true;
      else if (around !== null)
        this.facts = this.readFlow(
          source,
          trees,
          around.fileLevel ? this.fileLevelWindows(source, trees, flowLines ?? [], around.functions, overdue) : around.functions,
          overdue,
        );
      if (performance.now() > deadline) throw new ParseTimeout(path);
      // Only a parse that ran to its end (a query stopped by the deadline reads part of the file).
      if (!withFlow)
        exchange.read?.({
          marked: pending.marked,
          definitions: pending.definitions,
          commentLines: [...this.commentLines],
          imports: pending.imports,
        });
    } finally {
      for (const tree of trees) tree.delete();
    }
  }

  /**
   * Parses the text (without the insides of the `skipped` bodies) into its trees and reads its
   * structure; null when the parse gave up.
   */
  private readFile(
    source: string,
    skipped: readonly TextRange[],
    trees: Tree[],
    indents: readonly number[],
    withFlow: boolean,
    overdue: () => void,
  ): { pending: Structure; outline: Outline } | null {
    const parser = this.loaded.parser;
    const tree = parser.parse(source, null, {
      progressCallback: overdue,
      ...(skipped.length > 0 ? { includedRanges: this.rangesAround(skipped, source.length) } : {}),
    });
    if (tree === null) return null;
    trees.push(tree);
    const pending = this.readStructure(tree, withFlow, overdue);
    // Code the grammar leaves unparsed (a Rust macro's body of items) is parsed again in place.
    for (let ranges = pending.reparse, round = 0; ranges.length > 0 && round < REPARSE_ROUNDS; round++) {
      const inner = parser.parse(source, null, { includedRanges: ranges, progressCallback: overdue });
      if (inner === null) break;
      trees.push(inner);
      const more = this.readStructure(inner, withFlow, overdue);
      appendAll(pending.marked, more.marked);
      appendAll(pending.definitions, more.definitions);
      appendAll(pending.comments, more.comments);
      appendAll(pending.imports, more.imports);
      appendAll(pending.attached, more.attached);
      for (const r of ranges) this.itemBodies.add(r.startIndex);
      ranges = more.reparse;
    }
    return { pending, outline: new Outline(pending.marked, indents) };
  }

  /**
   * Function bodies the parse can leave out: every one the pack finds when the file is read for its
   * definitions (no local is kept of it); with seed lines, those whose declaration holds none, unless
   * a seed line lies outside every declaration with a body (a seed at file level reads the whole
   * file's flow).
   */
  private bodiesToSkip(source: string, flowLines: readonly number[] | null): TextRange[] {
    const bodies = this.loaded.pack.adapter.functionBodies?.(source) ?? [];
    if (bodies.length === 0 || flowLines === null) return bodies;
    // Each body with its declaration's lines: a seed line in a signature reads that function's flow.
    const lines = bodies.map((b) => ({ start: this.lines.lineAt(b.declaration), end: this.lines.lineAt(b.end) }));
    const held = new Uint8Array(bodies.length);
    for (const line of flowLines) {
      let found = false;
      // Two bodies can share a line (`} void g() {`): both are kept.
      for (let i = firstEndingAtOrAfter(lines, line); i < lines.length && (lines[i] as LineRange).start <= line; i++) {
        held[i] = 1;
        found = true;
      }
      if (!found) return [];
    }
    return bodies.filter((_, i) => held[i] === 0);
  }

  /** The ranges a parse reads when it leaves out the insides of `skipped` (sorted, apart). */
  private rangesAround(skipped: readonly TextRange[], length: number): Range[] {
    const ranges: Range[] = [];
    let from = 0;
    for (const gap of [...skipped, { start: length, end: length }]) {
      ranges.push({
        startIndex: from,
        endIndex: gap.start,
        startPosition: this.lines.pointAt(from),
        endPosition: this.lines.pointAt(gap.start),
      });
      from = gap.end;
    }
    return ranges;
  }

  private pointOf(offset: number): Point {
    const { row, column } = this.lines.pointAt(offset);
    return point(row, column);
  }

  /** What a line that belongs to other code is (an import; an attribute or decorator), or null for any other line. */
  attachedAt(line: number): AttachedKind | null {
    return this.attached.get(line) ?? null;
  }

  /** True for a line that holds only a comment. */
  isCommentLine(line: number): boolean {
    return this.commentLines.has(line);
  }

  /** True for a line with nothing to review: blank, only brackets and separators, or only a comment. */
  isTrivialLine(line: number): boolean {
    return isTrivialLine(this.lines.line(line), line, this.commentLines);
  }

  /** Definitions of one name in this file. */
  definitionsOf(name: string): readonly Definition[] {
    return this.definitions.of(name);
  }

  /** The file's first definitions outside any function or type (what a module declares first), at most `limit`. */
  firstTopLevel(limit: number): Definition[] {
    return this.definitions.firstTopLevel(limit);
  }

  /** The file's type definitions. */
  typeDefinitions(): Definition[] {
    return this.definitions.types();
  }

  /** Names of the locals declared on the lines of a range (the function's own, for the forward trace). */
  localNamesIn(range: LineRange): Set<string> {
    return this.definitions.namesStartingOn((line) => line >= range.start && line <= range.end, true);
  }

  /** The changed statement a line belongs to: a whole statement, a control structure's header, or the line alone. */
  unitAt(line: number): LineRange {
    return this.statementAt(line) ?? { start: line, end: line };
  }

  /** True when some statement or header lies strictly between two units (they are not contiguous). */
  statementBetween(a: LineRange, b: LineRange): boolean {
    if (b.start - a.end <= 1) return false;
    const counts = this.statementCounts();
    const upTo = (line: number): number => counts[Math.max(0, Math.min(line, counts.length - 1))] as number;
    return upTo(b.start - 1) - upTo(a.end) > 0;
  }

  /** The statement, or header of a compound statement or scope, a line starts in; null for braces, blanks, comments. */
  private statementAt(line: number): LineRange | null {
    const unit = this.outline.unitOf(this.outline.atLineStart(line));
    if (unit < 0) return null;
    const header = this.outline.header(unit);
    return line <= header.end ? header : null;
  }

  private statementCounts(): Int32Array {
    if (this.statementLines === null) {
      const counts = new Int32Array(this.lines.length + 1);
      for (let line = 1; line <= this.lines.length; line++)
        counts[line] = (counts[line - 1] as number) + (this.statementAt(line) === null ? 0 : 1);
      this.statementLines = counts;
    }
    return this.statementLines;
  }

  /**
   * The syntactic dependencies of a unit (Algorithm 6): the headers of every enclosing control
   * structure, clause, function, type and namespace (signature, `if (...) {`, `} else {`, `case x:`).
   */
  enclosingHeaders(unit: LineRange): number[] {
    const lines: number[] = [];
    for (const u of this.outline.enclosingUnits(this.outline.atLineStart(unit.start))) {
      const header = this.outline.header(u);
      const end = Math.min(header.end, Math.max(header.start, unit.start - 1));
      for (let l = header.start; l <= end; l++) lines.push(l);
    }
    return lines;
  }

  /**
   * The smallest function or closure containing the line, or else its type, or else its outermost
   * statement (Algorithm 7). A statement that only wraps the function (decorators, `export`) is part of it.
   */
  parentRange(line: number): LineRange {
    const at = this.outline.atLineStart(line);
    for (const owner of [this.outline.functionLikeOf(at), this.outline.typeOf(at), this.outline.outermostStatementOf(at)]) {
      if (owner >= 0) return this.outline.range(this.outline.wrapperOf(owner));
    }
    return { start: line, end: line };
  }

  /** The loops a line sits in (innermost first), inside its function. */
  loopsAt(line: number): LineRange[] {
    return this.outline.loopsAround(this.outline.atLineStart(line)).map((e) => this.outline.range(e));
  }

  /** The function or closure containing a line (null at file level). */
  functionAt(line: number): LineRange | null {
    const fn = this.outline.functionLikeOf(this.outline.atLineStart(line));
    return fn < 0 ? null : this.outline.range(fn);
  }

  /** The name of a scope (an outline entry of scopeChain's): a function's, or the variable's a closure initializes; null when anonymous. */
  scopeName(entry: number): string | null {
    return this.outline.name(entry);
  }

  /** The functions and closures around a line, innermost first, with their outline entries. */
  scopeChain(line: number): { entry: number; range: LineRange }[] {
    return this.outline.functionChain(this.outline.scopeAt(line)).map((entry) => ({ entry, range: this.outline.range(entry) }));
  }

  /**
   * The type a line's code runs in: the qualifier of its function's name (`Foo` of `Foo::bar`), the
   * container its function's definition names (`res` of `res.send = function …`, `Foo` of
   * `Foo.prototype.m = function …`), else the enclosing type.
   */
  ownerAt(line: number): string | null {
    const at = this.outline.atLineStart(line);
    const adapter = this.loaded.pack.adapter;
    const fn = this.outline.functionOf(at);
    const fnName = this.outline.name(fn);
    const qualifier = fnName === null ? null : adapter.qualifierOf(fnName);
    if (qualifier !== null) return adapter.lastComponent(qualifier);
    const type = this.outline.typeOf(at);
    if (fnName !== null && (type < 0 || type < fn)) {
      const range = this.outline.range(fn);
      const own = this.definitionsOf(fnName).find(
        (d) => d.kind === 'function' && d.container !== null && d.span.start <= range.start && range.end <= d.span.end,
      );
      if (own !== undefined) return own.container;
    }
    const name = this.outline.name(type);
    return name === null ? null : adapter.lastComponent(name);
  }

  /** Name of the function or type around a line, for section headers (a decorator's is the function it decorates). */
  contextAt(line: number): string | null {
    return this.outline.name(this.outline.namedScopeOf(this.outline.wrappedBy(this.outline.atLineStart(line))));
  }

  /**
   * The outermost function or closure around each line and the statement it is in (a seed's slice
   * starts from that statement), merged; and whether one is outside every function (its scope is
   * the whole file). What a seed's slice reads of the data flow lies in these.
   */
  private functionsAround(lines: readonly number[]): { functions: LineRange[]; fileLevel: boolean } {
    const ranges: LineRange[] = [];
    let fileLevel = false;
    for (const line of lines.flatMap((l) => [l, this.unitAt(l).start])) {
      const chain = this.scopeChain(line);
      const outermost = chain[chain.length - 1];
      if (outermost === undefined) fileLevel = true;
      else ranges.push(outermost.range);
    }
    // Adjacent ones too: changed statements on consecutive lines become one unit across them (`void a() {…}` then `void b() {…}`).
    return { functions: mergeRanges(ranges, 1), fileLevel };
  }

  /**
   * Where the data flow is read when a seed is outside every function, so that its slice asks the
   * whole file's facts: the functions around the other seeds, every seed's statement, and the lines
   * naming what those statements read, write or declare. That slice asks the rest of the file only
   * about those names (their earlier writes, the calls passing them, their later reads), so the
   * lines that do not name them are not read (every change in a header is at file level). Null
   * (the whole file) when those lines are over half of it.
   */
  private fileLevelWindows(
    source: string,
    trees: readonly Tree[],
    lines: readonly number[],
    functions: readonly LineRange[],
    overdue: () => void,
  ): LineRange[] | null {
    const units = mergeRanges(
      lines.map((l) => this.unitAt(l)),
      0,
    );
    // A new file, or one mostly rewritten, is read whole at once.
    if (units.length > MAX_WINDOWS || linesIn(units) > this.lines.length / 2) return null;
    const inUnits = new Uint8Array(this.lines.length + 2);
    for (const u of units) inUnits.fill(1, u.start, u.end + 1);
    const seen = this.readFlow(source, trees, mergeRanges(units, WINDOW_GAP), overdue);
    const names = seen.namesReadOrWritten();
    for (const name of this.definitions.namesStartingOn((line) => inUnits[line] === 1)) names.add(name);
    const named = this.lines.linesNaming(names).map((line) => ({ start: line, end: line }));
    const windows = mergeRanges([...functions, ...units, ...named], WINDOW_GAP);
    return windows.length > MAX_WINDOWS || linesIn(windows) > this.lines.length / 2 ? null : windows;
  }

  private inFlowRanges(line: number): boolean {
    return this.flowRanges === null || this.flowRanges.some((r) => r.start <= line && line <= r.end);
  }

  /**
   * Drops the data flow once every slice seeded here is made (a large change keeps only what later
   * searches use: definitions, outline, lines); flow() is not asked again.
   */
  releaseFlow(): void {
    this.facts = FlowTable.EMPTY;
    this.flowCache.clear();
    this.released = true;
  }

  /** Reads, writes, calls and type uses in a line range (a function, or the whole file) where the data flow was read. */
  flow(range: LineRange): FlowFacts {
    if (this.released) throw new Error(`${this.path}: the data flow was released when its last slice was made, or not read`);
    if (this.hasFlow && this.flowRanges !== null && !this.flowRanges.some((r) => r.start <= range.start && range.end <= r.end)) {
      throw new Error(
        `${this.path}: the data flow of lines ${range.start}-${range.end} was not read (read for ${this.flowRanges.map((r) => `${r.start}-${r.end}`).join(', ')})`,
      );
    }
    const key = `${range.start}:${range.end}`;
    let cached = this.flowCache.get(key);
    if (cached === undefined) {
      cached = this.facts.facts(range);
      this.flowCache.set(key, cached);
    }
    return cached;
  }

  /**
   * Marked nodes, imports and definitions (with their names read while the tree is alive), and the
   * insides of nodes captured `@reparse` (without their delimiters), to be parsed again as code.
   */
  private readStructure(tree: Tree, withFlow: boolean, overdue: () => void): Structure {
    const adapter = this.loaded.pack.adapter;
    const marked: MarkedNode[] = [];
    const comments: Node[] = [];
    const imports: ImportFact[] = [];
    const definitions = new Map<string, PendingDefinition>();
    const reparse = new Map<number, Range>();
    const attached: Structure['attached'] = [];
    for (const match of this.loaded.structure.matches(tree.rootNode, { matchLimit: MATCH_LIMIT, progressCallback: overdue })) {
      const nameNodes = match.captures.filter((c) => c.name === 'name').map((c) => c.node);
      const captured = (name: string): Node | null => match.captures.find((c) => c.name === name)?.node ?? null;
      for (const { name, node } of match.captures) {
        const mark = markOf(name);
        if (mark !== null) {
          const scopeName =
            mark === 'function' || mark === 'type' || mark === 'namespace'
              ? (nameNodes[0]?.text ?? (adapter.scopeName ? adapter.scopeName(node) : (node.childForFieldName('name')?.text ?? null)))
              : null;
          const { end, lines } = extentOf(node);
          marked.push({
            start: startOf(node),
            end,
            startRow: node.startPosition.row,
            lastRow: lines.end - 1,
            mark,
            control: name === 'statement.loop' ? 2 : name === 'statement.control' ? 1 : 0,
            name: scopeName,
          });
        } else if (name.startsWith('definition.')) {
          const kind = name.slice('definition.'.length);
          const names = this.declaredNames(
            node,
            nameNodes,
            captured('type'),
            captured('container'),
            kind === 'function',
            captured('returns'),
            captured('returns.via'),
          );
          if (names.length === 0) continue;
          const paramTypes = adapter.parameterTypes?.(node) ?? null;
          if (paramTypes !== null) for (const n of names) n.paramTypes = paramTypes;
          const typeArguments = adapter.typeArguments?.(node) ?? null;
          if (typeArguments !== null)
            for (const n of names) {
              if (typeArguments.typeArgs.length > 0) n.typeArgs = typeArguments.typeArgs;
              if (typeArguments.argumentOf.length > 0) n.argumentOf = typeArguments.argumentOf;
            }
          const key = `${kind}:${node.startIndex}:${node.endIndex}`;
          const known = definitions.get(key);
          // A type's `@base` captures: one match per base class, each adding its own.
          const bases = match.captures
            .filter((c) => c.name === 'base')
            .map((c) => adapter.lastComponent(c.node.text.replace(/[<[][^]*$/, '')));
          // Another match of the same node adds its names (one match per element of a destructuring) or what it knows of them.
          if (known) {
            for (const n of names) mergeName(known.names, n);
            for (const b of bases) if (!known.bases.includes(b)) known.bases.push(b);
          }
          if (!known) {
            const { end, lines } = extentOf(node);
            definitions.set(key, { kind, start: startOf(node), end, span: lines, names, bases });
          }
        } else if (name === 'comment') {
          comments.push(node);
        } else if (name === 'attached.import' || name === 'attached.attribute') {
          attached.push({ lines: extentOf(node).lines, kind: name === 'attached.import' ? 'import' : 'attribute' });
        } else if (name === 'import.module') {
          imports.push({
            module: unquote(node.text),
            name: captured('import.name')?.text ?? null,
            alias: captured('import.alias')?.text ?? null,
            star: captured('import.star') !== null,
            ...(captured('import.whole') !== null ? { whole: true } : {}),
            line: node.startPosition.row + 1,
          });
        } else if (name === 'import.self') {
          const [local, alias] = [captured('import.name')?.text, captured('import.alias')?.text];
          if (local !== undefined && alias !== undefined)
            imports.push({ module: '.', name: local, alias, star: false, self: true, line: node.startPosition.row + 1 });
        } else if (name === 'import.tree' && adapter.importsOf !== undefined) {
          const line = node.startPosition.row + 1;
          for (const fact of adapter.importsOf(node)) imports.push({ ...fact, line: fact.line ?? line });
        } else if (name === 'reparse' && node.endIndex - node.startIndex > 2) {
          const { startPosition: from, endPosition: to } = node;
          reparse.set(node.startIndex, {
            startIndex: node.startIndex + 1,
            endIndex: node.endIndex - 1,
            startPosition: { row: from.row, column: from.column + 1 },
            endPosition: { row: to.row, column: Math.max(0, to.column - 1) },
          });
        }
      }
    }
    return {
      marked,
      definitions: [...definitions.values()],
      comments,
      imports,
      reparse: [...reparse.values()].sort((a, b) => a.startIndex - b.startIndex),
      attached,
    };
  }

  /** Names a definition declares: its `@name` captures when the pattern has them, else the adapter's reading of the node. */
  private declaredNames(
    node: Node,
    nameNodes: Node[],
    typeNode: Node | null,
    containerNode: Node | null,
    callable: boolean,
    returnsNode: Node | null,
    viaNode: Node | null,
  ): DeclaredName[] {
    const adapter = this.loaded.pack.adapter;
    if (nameNodes.length === 0) {
      if (adapter.declaredNames !== undefined) return adapter.declaredNames(node);
      return /^[A-Za-z_$][\w$]*$/.test(node.text) ? [{ name: node.text, qualifier: null, typeName: null, callable, paramModes: [] }] : [];
    }
    const typeName = typeNode === null ? null : adapter.lastComponent(typeNode.text);
    const typeQualifier = typeNode === null ? null : adapter.qualifierOf(typeNode.text);
    const qualifier = containerNode === null ? null : adapter.lastComponent(containerNode.text);
    // what a call is reached through is a name or a chain of calls (`z.string().min(1)`: `z.string()`); else nothing is known
    const via = viaNode === null ? null : (plainName(viaNode) ?? normalChain(viaNode.text));
    const returns =
      returnsNode === null || (viaNode !== null && via === null)
        ? {}
        : { returnOf: returnsNode.text, ...(via !== null ? { returnVia: via } : {}) };
    return nameNodes.map((n) => ({ name: n.text, qualifier, typeName, typeQualifier, callable, paramModes: [], ...returns }));
  }

  /** Places each definition in its scopes (function, type) and records what a slice shows of it. */
  private placeDefinitions(pending: PendingDefinition[], withFlow: boolean): void {
    const adapter = this.loaded.pack.adapter;
    const outline = this.outline;
    const table = new DefinitionTableBuilder();
    const inner = outline.innermost(pending.map((d) => d.start));
    // Each function's parameter names, by the first line of the function or closure they belong to
    // (a file read for its definitions keeps them as no locals).
    const params = new Map<number, string[]>();
    pending.forEach((d, i) => {
      if (d.kind !== 'parameter') return;
      const fn = outline.functionLikeOf(outline.enclosing(inner[i] as number, d.start, d.end));
      if (fn < 0) return;
      const line = outline.range(fn).start;
      let names = params.get(line);
      if (names === undefined) params.set(line, (names = []));
      for (const n of d.names) if (!names.includes(n.name)) names.push(n.name);
    });
    /** A function definition's parameters: those of the function starting on its first lines (`template <…>` or `const f =` before it). */
    const paramsOf = (span: LineRange): string[] => {
      for (let line = span.start; line <= Math.min(span.end, span.start + 2); line++) {
        const names = params.get(line);
        if (names !== undefined) return names;
      }
      return [];
    };
    pending.forEach((d, i) => {
      const around = outline.enclosing(inner[i] as number, d.start, d.end);
      const self = inner[i] !== undefined && (inner[i] as number) >= 0 ? outline.selfOf(inner[i] as number, d.start, d.end) : -1;
      const fnLike = outline.functionLikeOf(around);
      const typeEntry = outline.typeOf(around);
      // Fields belong to their type even when assigned in a method (`self.x = ...`); so do the members
      // of a type declared in a function (a class or object literal a factory returns) and what names
      // its owner (`obj.f = function …`): they leave the function with their object.
      const member = typeEntry > fnLike || d.names.some((n) => n.qualifier !== null);
      const inFunction = d.kind === 'parameter' || (d.kind !== 'field' && fnLike >= 0 && !member);
      // A local matters only to the slices of its own function: kept where the data flow is read.
      if (inFunction && !(withFlow && this.inFlowRanges(d.span.start))) return;
      const enclosingType = outline.name(typeEntry);
      const long = d.span.end - d.span.start >= SMALL_TYPE_LINES;
      const headerOnly = d.kind === 'function' || (self >= 0 && outline.isControl(self)) || (d.kind === 'type' && long);
      const show = !headerOnly ? d.span : self >= 0 ? outline.header(self) : { start: d.span.start, end: d.span.start };
      const selfName = self >= 0 ? outline.name(self) : null;
      const context = d.kind === 'function' ? (selfName ?? d.names[0]?.name ?? null) : outline.name(outline.namedScopeOf(around));
      for (const declared of d.names) {
        const kind = toKind(d.kind, declared.callable);
        if (kind === null) continue;
        const container = declared.qualifier ?? enclosingType;
        table.add({
          name: declared.name,
          kind,
          show,
          span: d.span,
          typeName: declared.typeName,
          typeQualifier: declared.typeQualifier ?? null,
          container: container === null ? null : adapter.lastComponent(container),
          paramModes: declared.paramModes,
          context,
          local: inFunction,
          scope: inFunction ? fnLike : -1,
          containerLine: typeEntry >= 0 ? outline.range(typeEntry).start : null,
          boundTo: declared.boundTo ?? null,
          params: d.kind === 'function' ? paramsOf(d.span) : [],
          returnOf: declared.returnOf ?? null,
          returnVia: declared.returnVia ?? null,
          paramTypes: declared.paramTypes ?? [],
          typeArgs: declared.typeArgs ?? [],
          argumentOf: declared.argumentOf ?? [],
          bases: d.bases,
        });
      }
    });
    this.definitions = table.build(this.path, this.side);
  }

  /**
   * The nodes among the matches captured `@reparse.flow` (a Rust macro's arguments, which the grammar
   * leaves as tokens), each parsed again alone and in place (a node's delimiters with it: `(a, b)` is
   * a tuple, `[a]` an array), and what those trees capture again, for a few rounds. Bodies parsed
   * again as a file's code (`@reparse`) are not: their flow is read from their trees already.
   * The trees go into `trees` (for the caller to free); their flow query's matches are returned.
   */
  private flowReparses(source: string, matches: readonly QueryMatch[], trees: Tree[], overdue: () => void): QueryMatch[] {
    const parser = this.loaded.parser;
    const out: QueryMatch[] = [];
    const done = new Set<number>();
    let pending = matches;
    for (let round = 0; round < REPARSE_ROUNDS && pending.length > 0; round++) {
      const fresh: Tree[] = [];
      for (const match of pending)
        for (const { name, node } of match.captures) {
          if (name !== 'reparse.flow' || done.has(node.startIndex) || this.itemBodies.has(node.startIndex + 1)) continue;
          if (done.size >= MAX_FLOW_REPARSES) break;
          done.add(node.startIndex);
          const range = {
            startIndex: node.startIndex,
            endIndex: node.endIndex,
            startPosition: node.startPosition,
            endPosition: node.endPosition,
          };
          const tree = parser.parse(source, null, { includedRanges: [range], progressCallback: overdue });
          if (tree !== null) fresh.push(tree);
        }
      appendAll(trees, fresh);
      pending = fresh.flatMap((tree) => this.loaded.flow.matches(tree.rootNode, { matchLimit: MATCH_LIMIT, progressCallback: overdue }));
      appendAll(out, pending);
    }
    return out;
  }

  /** Every read, write, call and type use of the file, each with the statement it belongs to. */
  private readFlow(source: string, trees: readonly Tree[], ranges: readonly LineRange[] | null, overdue: () => void): FlowTable {
    const reparsed: Tree[] = [];
    try {
      return this.readFlowOf(source, trees, ranges, overdue, reparsed);
    } finally {
      for (const tree of reparsed) tree.delete();
    }
  }

  private readFlowOf(
    source: string,
    trees: readonly Tree[],
    ranges: readonly LineRange[] | null,
    overdue: () => void,
    reparsed: Tree[],
  ): FlowTable {
    const adapter = this.loaded.pack.adapter;
    const callees = new Set<number>();
    const calls: Omit<CallOccurrence, 'unit'>[] = [];
    const raw: { role: string; node: Node; object: string | null }[] = [];
    const other = new Set<number>();
    // Only the windows asked for (the functions around the seeds): a few changed lines in a large file do not cost the whole file's facts.
    const windows =
      ranges === null
        ? [{}]
        : ranges.map((r) => ({ startPosition: { row: r.start - 1, column: 0 }, endPosition: { row: r.end, column: 0 } }));
    // A node on the line where one window ends and the next begins is in both: read once. A match
    // is known by its pattern and its first node's extent; the node's end (a call into the parser)
    // is read only when another match of the pattern starts where it does.
    const seen = new Map<string, (Node | number)[]>();
    const endOf = (ends: (Node | number)[], i: number): number => {
      const known = ends[i] as Node | number;
      return typeof known === 'number' ? known : (ends[i] = known.endIndex);
    };
    const once = (m: QueryMatch): boolean => {
      const first = m.captures[0]?.node;
      const key = `${m.patternIndex}:${first?.startIndex ?? -1}`;
      const ends = seen.get(key);
      if (ends === undefined) {
        seen.set(key, [first ?? -1]);
        return true;
      }
      const end = first?.endIndex ?? -1;
      for (let i = 0; i < ends.length; i++) if (endOf(ends, i) === end) return false;
      ends.push(end);
      return true;
    };
    const fileMatches = trees.flatMap((tree) =>
      windows.flatMap((w) => this.loaded.flow.matches(tree.rootNode, { ...w, matchLimit: MATCH_LIMIT, progressCallback: overdue })),
    );
    const read = ranges === null ? fileMatches : fileMatches.filter(once);
    // What a reparsed node's tree reads first: where the file's tree read the same tokens too
    // (a macro's arguments read as a token tree), the reparsed tree's reading stands.
    const fromReparsed = this.flowReparses(source, read, reparsed, overdue);
    const reparsedCallees = new Set<number>();
    const reparsedRaw = new Set<string>();
    for (const [index, match] of [...fromReparsed, ...read].entries()) {
      const again = index < fromReparsed.length;
      const captured = (name: string): QueryCapture | undefined => match.captures.find((c) => c.name === name);
      const objectNode = captured('field.object')?.node ?? null;
      for (const { name, node } of match.captures) {
        if (name === 'call.expression') {
          const shape = callShape(
            node,
            captured('call.name')?.node ?? null,
            captured('call.receiver')?.node ?? null,
            captured('call.arguments')?.node ?? null,
            adapter,
          );
          if (shape === null || (!again && reparsedCallees.has(shape.calleeStart))) continue;
          if (again) reparsedCallees.add(shape.calleeStart);
          callees.add(shape.calleeStart);
          const receiverNode = captured('call.receiver')?.node ?? null;
          const receiverField = receiverNode === null || shape.receiver !== null ? null : fieldOfName(receiverNode.text);
          const receiverCall =
            receiverNode === null || shape.receiver !== null || receiverField !== null
              ? null
              : (callOfName(receiverNode.text) ?? chainedCall(receiverNode.text));
          const method = captured('call.method') !== undefined;
          calls.push({
            callee: shape.callee,
            args: shape.args,
            ...(shape.argTypes?.some((t) => t !== null) === true ? { argTypes: shape.argTypes } : {}),
            receiver: shape.receiver,
            method,
            reached: method || receiverNode !== null || shape.receiver !== null || shape.reached === true,
            receiverField,
            receiverCall,
            line: node.startPosition.row + 1,
            column: node.startPosition.column,
          });
        } else if (name === 'ignore' || name === 'call.name') {
          other.add(node.startIndex);
        } else if (name.startsWith('read.') || name.startsWith('write.') || name.startsWith('type.')) {
          const key = `${name}:${node.startIndex}`;
          if (again) reparsedRaw.add(key);
          else if (reparsedRaw.has(key)) continue;
          if (name.endsWith('.field')) other.add(node.startIndex);
          const field = name === 'read.field' || name === 'write.field';
          const object = !field ? null : objectNode !== null ? objectName(objectNode.text) : (adapter.memberObject?.(node) ?? null);
          raw.push({ role: name, node, object });
        }
      }
    }
    // A name read as a field, called, or marked `@ignore` (a keyword argument's name) is no variable read, nor a type use (`pkg.Type` read through its module).
    const kept = raw.filter(
      (r) =>
        !(r.role.startsWith('read.') && callees.has(r.node.startIndex)) &&
        !((r.role === 'read.variable' || r.role.startsWith('type.')) && other.has(r.node.startIndex)),
    );
    const units = this.unitsAt([...kept.map((r) => startOf(r.node)), ...calls.map((c) => point(c.line - 1, c.column))]);
    const table = new FlowTableBuilder();
    kept.forEach((r, i) => {
      const role = r.role.startsWith('read.') ? 'read' : r.role.startsWith('write.') ? 'write' : 'type';
      table.occurrence(role, {
        name: r.node.text,
        line: r.node.startPosition.row + 1,
        column: r.node.startPosition.column,
        field: r.role.endsWith('.field'),
        object: r.object,
        unit: units[i] as LineRange,
      });
    });
    calls.forEach((c, i) => table.call({ ...c, unit: units[kept.length + i] as LineRange }));
    return table.build();
  }

  /** The statement (or header) each point belongs to; a point outside any is its line alone. */
  private unitsAt(points: Point[]): LineRange[] {
    const inner = this.outline.innermost(points);
    // One object per statement and per lone line, shared by its occurrences: a large file has hundreds of thousands.
    const headers = new Map<number, LineRange>();
    const alone = new Map<number, LineRange>();
    const lineAlone = (line: number): LineRange => {
      let range = alone.get(line);
      if (range === undefined) alone.set(line, (range = { start: line, end: line }));
      return range;
    };
    return points.map((p, i) => {
      const line = Math.floor(p / 2 ** 23) + 1;
      const unit = this.outline.unitOf(inner[i] as number);
      if (unit < 0) return lineAlone(line);
      let header = headers.get(unit);
      if (header === undefined) headers.set(unit, (header = this.outline.header(unit)));
      return line <= header.end ? header : lineAlone(line);
    });
  }
}

/** The first of ranges sorted and apart whose end is at or after `line` (their count when none). */
function firstEndingAtOrAfter(ranges: readonly LineRange[], line: number): number {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ranges[mid] as LineRange).end < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many lines the ranges hold (ranges that do not overlap). */
function linesIn(ranges: readonly LineRange[]): number {
  return ranges.reduce((n, r) => n + r.end - r.start + 1, 0);
}

/** Lines whose text, from the first non-blank character to the end, lies inside comments. */
export function commentOnlyLines(comments: readonly Node[], lines: SourceLines, indents: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const c of comments) {
    const { row: startRow, column: startColumn } = c.startPosition;
    const { row: endRow, column: endColumn } = c.endPosition;
    for (let row = startRow; row <= endRow; row++) {
      const text = lines.line(row + 1);
      const startsInside = row > startRow || startColumn <= (indents[row] ?? 0);
      const endsInside = row < endRow || text.slice(endColumn).trim() === '';
      if (startsInside && endsInside && text.trim() !== '') out.add(row + 1);
    }
  }
  return out;
}

/** Adds a name to a definition's names, or fills in what an earlier match of it did not know (its type, its qualifier). */
function mergeName(names: DeclaredName[], name: DeclaredName): void {
  const same = names.find((k) => k.name === name.name);
  if (same === undefined) names.push(name);
  else {
    if (same.typeName === null) {
      same.typeName = name.typeName;
      same.typeQualifier = name.typeQualifier;
    }
    same.qualifier ??= name.qualifier;
    same.paramTypes ??= name.paramTypes;
    same.typeArgs ??= name.typeArgs;
    same.argumentOf ??= name.argumentOf;
    if (same.returnOf === undefined && name.returnOf !== undefined) {
      same.returnOf = name.returnOf;
      if (name.returnVia !== undefined) same.returnVia = name.returnVia;
    }
  }
}

/** The name text of a node that is a plain name (an identifier, `this`, `self`), else null. */
function plainName(node: Node): string | null {
  return /^[A-Za-z_$][\w$]*$/.test(node.text) ? node.text : null;
}

/** Fields read through a chain of at most this many names (`a.b.c` of `a.b.c.d`) have their object kept. */
const CHAIN_NAMES = 3;

/**
 * An object that is a plain name (an identifier, `this`, `self`) or a chain of fields of one (`a.b`,
 * `this.#opts`, `p->q.r`: written with dots), of at most CHAIN_NAMES names; else null.
 */
export function chainName(text: string): string | null {
  const parts = text.split(/\s*(?:\.|->)\s*/);
  if (
    parts.length > CHAIN_NAMES ||
    !/^[A-Za-z_$][\w$]*$/.test(parts[0] as string) ||
    !parts.slice(1).every((p) => /^#?[A-Za-z_$][\w$]*$/.test(p))
  )
    return null;
  return parts.join('.');
}

/**
 * A field's object: a chain of names (chainName), or one of calls and members (`f(x).g`, `a.f()!`:
 * `f()`, `a.f()`, see normalChain), else null.
 */
function objectName(text: string): string | null {
  const plain = chainName(text);
  if (plain !== null) return plain;
  const chain = normalChain(text);
  return chain !== null && (chain.includes('(') || chainName(chain) !== null) ? chain : null;
}

/** A call on a chain that holds a call (`z.string().max(5)`: `max` through `z.string()`), else null. */
function chainedCall(text: string): { callee: string; via: string } | null {
  const chain = normalChain(text);
  const cut = chain === null || !chain.endsWith(')') ? -1 : chain.lastIndexOf('.');
  if (chain === null || cut < 0) return null;
  const via = chain.slice(0, cut);
  return via.includes('(') ? { callee: chain.slice(cut + 1, -2), via } : null;
}

/** `a.g`, `a->g` or `a.b.g` as the object (a chain: see chainName) and the field, else null. */
function fieldOfName(text: string): { object: string; field: string } | null {
  const m = /^(.+?)\s*(?:\.|->)\s*(#?[A-Za-z_$][\w$]*)$/s.exec(text);
  const object = m === null ? null : chainName(m[1] as string);
  return m === null || object === null || object.split('.').length >= CHAIN_NAMES ? null : { object, field: m[2] as string };
}

/**
 * `f(…)`, `m.f(…)`, `T::f(…)` or `p->f(…)` as the callee and what it is reached through, when the
 * parenthesis after the name closes at the text's end (the whole text is that one call), else null.
 */
export function callOfName(text: string): { callee: string; via: string | null } | null {
  const m = /^(?:([A-Za-z_$][\w$]*)\s*(?:\.|::|->)\s*)?([A-Za-z_$][\w$]*)\s*(?:::\s*)?(?:<[^<>()]*>\s*)?\(/.exec(text);
  if (m === null || !text.endsWith(')')) return null;
  let depth = 0;
  for (let i = m[0].length - 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i === text.length - 1 ? { callee: m[2] as string, via: m[1] ?? null } : null;
  }
  return null;
}

/** A call's shape from its `@call.*` captures, or from the adapter when the pattern names no callee. */
function callShape(
  node: Node,
  nameNode: Node | null,
  receiverNode: Node | null,
  argsNode: Node | null,
  adapter: LanguageAdapter,
): CallShape | null {
  if (nameNode === null) return adapter.describeCall?.(node) ?? null;
  // A comment between the arguments is none of them.
  const argNodes = (argsNode?.namedChildren ?? []).filter((a): a is Node => a !== null && !a.type.includes('comment'));
  const overloads = adapter.overloads;
  return {
    callee: nameNode.text,
    calleeStart: nameNode.startIndex,
    args: argNodes.map((a) => (/identifier$/.test(a.type) ? a.text : null)),
    ...(overloads !== undefined ? { argTypes: argNodes.map((a) => overloads.argumentType(a)) } : {}),
    receiver: receiverNode === null ? null : plainName(receiverNode),
  };
}

/** The kind as one of the literals: the capture name's slice it was read from would be a string of its own in every definition. */
function toKind(captureKind: string, callable: boolean): DefinitionKind | null {
  switch (captureKind) {
    case 'variable':
      return callable ? 'prototype' : 'variable';
    case 'field':
      return callable ? 'prototype' : 'field';
    case 'function':
      return 'function';
    case 'parameter':
      return 'parameter';
    case 'type':
      return 'type';
    case 'macro':
      return 'macro';
    case 'constant':
      return 'constant';
    default:
      return null;
  }
}
