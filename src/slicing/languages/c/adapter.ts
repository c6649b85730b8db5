import path from 'node:path';
import type { Node } from '../../parser/tree-sitter.js';
import { cFunctionBodies } from './bodies.js';
import { includeFolders } from './include-folders.js';
import { withPackData, type DataKnowledge } from '../../pack-data.js';
import type { CallShape, DeclaredName, ImportFact, LanguageAdapter, ParamMode, PathSet } from '../../language-pack.js';

/** Node types that end a declarator chain with a name (shared by the C and C++ grammars). */
const NAME_TYPES = new Set([
  'identifier',
  'field_identifier',
  'type_identifier',
  'qualified_identifier',
  'destructor_name',
  'operator_name',
  'template_function',
  'namespace_identifier',
]);

/** `a::b::c` → { name: 'c', qualifier: 'b' }; template arguments are dropped. */
export function splitQualified(node: Node): { name: string; qualifier: string | null } {
  if (node.type === 'qualified_identifier') {
    const inner = node.childForFieldName('name');
    const scope = node.childForFieldName('scope');
    const last = inner ? splitQualified(inner) : { name: node.text, qualifier: null };
    return { name: last.name, qualifier: last.qualifier ?? (scope ? splitQualified(scope).name : null) };
  }
  if (node.type === 'template_function' || node.type === 'template_type') {
    const inner = node.childForFieldName('name');
    return { name: inner?.text ?? node.text, qualifier: null };
  }
  return { name: node.text, qualifier: null };
}

/**
 * What a dialect of the C family reads of types beyond C's own nodes: the C++ pack's qualified and
 * template types, smart pointers and factories (see cpp/adapter.ts). C adds nothing.
 */
export interface CTypeReader {
  /** The named type of a type node C has none of (a qualified or template type); undefined for the nodes C has. */
  typeOf?(type: Node, types: CTypes): string | null | undefined;
  /** The type an initializer constructs as only the dialect writes it (`new Foo`, `std::make_unique<Foo>()`); undefined when it says nothing. */
  constructed?(value: Node, types: CTypes): string | null | undefined;
}

/** How a dialect's reader names the types inside the nodes it reads (a template's argument). */
export interface CTypes {
  baseTypeName(type: Node | null): string | null;
}

/** The named type of a `type` field: null for primitive types and `auto`; what the dialect knows of its own nodes. */
function baseTypeName(type: Node | null, dialect: CTypeReader): string | null {
  if (type === null) return null;
  switch (type.type) {
    case 'type_identifier':
      return type.text;
    case 'struct_specifier':
    case 'class_specifier':
    case 'union_specifier':
    case 'enum_specifier':
      return type.childForFieldName('name')?.text ?? null;
    default:
      return dialect.typeOf?.(type, typesOf(dialect)) ?? null;
  }
}

function typesOf(dialect: CTypeReader): CTypes {
  return { baseTypeName: (type) => baseTypeName(type, dialect) };
}

/**
 * The type an `auto` variable gets from its initializer, when it is written there: a constructor
 * call `Foo(...)` (a capitalized name: the usual style for types), or what the dialect constructs;
 * null otherwise (a function's result).
 */
function initializerType(value: Node | null, dialect: CTypeReader): string | null {
  if (value === null) return null;
  const constructed = dialect.constructed?.(value, typesOf(dialect));
  if (constructed !== undefined) return constructed;
  if (value.type !== 'call_expression') return null;
  const callee = value.childForFieldName('function');
  return callee !== null && callee.type === 'identifier' && /^[A-Z]/.test(callee.text) ? callee.text : null;
}

function isConst(declaration: Node): boolean {
  return declaration.namedChildren.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
}

/** How each parameter of a function declarator receives its argument. */
function parameterModes(functionDeclarator: Node): ParamMode[] {
  const list = functionDeclarator.childForFieldName('parameters');
  if (list === null) return [];
  return list.namedChildren.flatMap((param): ParamMode[] => {
    if (param === null || !param.type.endsWith('parameter_declaration')) return [];
    const decl = param.childForFieldName('declarator');
    if (decl?.type === 'reference_declarator') return [isConst(param) ? 'const-reference' : 'mutable-reference'];
    if (decl?.type === 'pointer_declarator') return [isConst(param) ? 'value' : 'pointer'];
    return ['value'];
  });
}

/** Walks one declarator chain (`*a[3]`, `(*f)(int)`, `&x`, `[a, b]`) down to its names. */
function namesOfDeclarator(start: Node, typeName: string | null): DeclaredName[] {
  let node: Node | null = start;
  let callable = false;
  let modes: ParamMode[] = [];
  for (let depth = 0; node !== null && depth < 32; depth++) {
    if (NAME_TYPES.has(node.type)) {
      const { name, qualifier } = splitQualified(node);
      return [{ name, qualifier, typeName, callable, paramModes: modes }];
    }
    if (node.type === 'structured_binding_declarator') {
      return node.namedChildren.flatMap((c) =>
        c?.type === 'identifier' ? [{ name: c.text, qualifier: null, typeName: null, callable: false, paramModes: [] }] : [],
      );
    }
    if (node.type === 'function_declarator' && !callable) {
      callable = true;
      modes = parameterModes(node);
    }
    node =
      node.childForFieldName('declarator') ??
      node.namedChildren.find((c) => c !== null && c.type !== 'type_qualifier' && c.type !== 'attribute_specifier') ??
      null;
  }
  return [];
}

/**
 * The file an `#include` names, found as a compiler would: relative to the including file's folder,
 * else in the include folders the repository's build gives the file (compile_commands.json or
 * CMake's include directories: see includeFolders), in order; without a build that names it, in the
 * nearest of the including file's ancestor folders (the repository root last) in which the included
 * path exists, else the file ending with it (an include directory the build adds, `include/` for
 * `rocksdb/db.h`) that shares the longest folder prefix with the including file. A repository
 * holding several copies of a tree (vendored trees, monorepos, copy0/ … copy13/) has one such file
 * per copy; the including file's own copy is the one its build sees. When two candidates are equally
 * near, the include names none of them.
 */
function resolveInclude(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  const include = path.posix.normalize(fact.module);
  if (include.startsWith('../') || include.startsWith('/')) {
    const local = path.posix.normalize(path.posix.join(path.posix.dirname(from), fact.module));
    return paths.has(local) ? [local] : [];
  }
  const own = path.posix.dirname(from) === '.' ? include : `${path.posix.dirname(from)}/${include}`;
  if (paths.has(own)) return [own];
  for (const folder of includeFolders(from, paths)) {
    const candidate = folder === '' ? include : `${folder}/${include}`;
    if (paths.has(candidate)) return [candidate];
  }
  for (let folder = path.posix.dirname(from); ; folder = path.posix.dirname(folder)) {
    const candidate = folder === '.' || folder === '' ? include : `${folder}/${include}`;
    if (paths.has(candidate)) return [candidate];
    if (folder === '.' || folder === '' || folder === '/') break;
  }
  let best: string[] = [];
  let bestShared = -1;
  for (const match of paths.withSuffix(include)) {
    const shared = sharedFolders(match, from);
    if (shared > bestShared) [best, bestShared] = [[match], shared];
    else if (shared === bestShared) best.push(match);
  }
  return best.length === 1 ? best : [];
}

/** How many leading folders two paths share. */
function sharedFolders(a: string, b: string): number {
  const x = a.split('/').slice(0, -1);
  const y = b.split('/').slice(0, -1);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * Each revision's answers of sameStem, by file: a search asks the companions of the same few files
 * again and again, and a folder of RocksDB's holds hundreds of files to compare (about a tenth of a
 * flow run's CPU before they were kept).
 */
const stemsSeen = new WeakMap<PathSet, Map<string, readonly string[]>>();

/** A header and its source: the same folder and name without the extension (`a/b.h` and `a/b.cc`). */
function sameStem(file: string, paths: PathSet): readonly string[] {
  let seen = stemsSeen.get(paths);
  if (seen === undefined) stemsSeen.set(paths, (seen = new Map()));
  let found = seen.get(file);
  if (found === undefined) {
    const folder = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    const base = path.posix.basename(file.replace(/\.[^./]+$/, ''));
    const prefix = folder === '' ? base : `${folder}/${base}`;
    // `prefix` itself, or `prefix.ext` with one extension: what stripping the last extension leaves `prefix`.
    found = paths
      .inFolder(folder)
      .filter(
        (f) =>
          f !== file &&
          f.startsWith(prefix) &&
          (f.length === prefix.length || (f[prefix.length] === '.' && f.length > prefix.length + 1 && !f.includes('.', prefix.length + 1))),
      );
    seen.set(file, found);
  }
  return found;
}

/** Names a declaration, definition or declarator-carrying node declares. */
function declaredNames(node: Node, dialect: CTypeReader): DeclaredName[] {
  const declarators = node.childrenForFieldName('declarator');
  if (declarators.length > 0) {
    const declared = baseTypeName(node.childForFieldName('type'), dialect);
    const names = declarators.flatMap((d) =>
      namesOfDeclarator(d, declared ?? (d.type === 'init_declarator' ? initializerType(d.childForFieldName('value'), dialect) : null)),
    );
    // A range-based for binds its variable to the elements of the range.
    const range = node.type === 'for_range_loop' ? node.childForFieldName('right') : null;
    return range?.type === 'identifier' ? names.map((n) => ({ ...n, boundTo: range.text })) : names;
  }
  if (node.type === 'template_declaration') {
    const inner = node.namedChildren.find((c) => c?.type === 'declaration');
    return inner ? declaredNames(inner, dialect) : [];
  }
  const name = node.childForFieldName('name');
  return name === null
    ? []
    : [
        {
          name: splitQualified(name).name,
          qualifier: null,
          typeName: null,
          callable: node.type === 'preproc_function_def',
          paramModes: [],
        },
      ];
}

/**
 * An ALL_CAPS word with an underscore, with arguments: the shape of attribute and export macros
 * (`LEVELDB_EXPORT`, `GUARDED_BY(mu_)`). A word is matched whole (`\b`): split at its underscores, a
 * long one (`A_B_C_…`) made a repeated match try exponentially many ways (minutes on gtest-all.cc).
 */
const MACRO = String.raw`(?:[A-Z][A-Z0-9_]{3,}\([^;{}()]{0,200}\)|[A-Z][A-Z0-9]*_[A-Z0-9_]*\b)`;
/** Words that name what a leading macro does to a declaration. */
const EXPORT_WORDS = 'EXPORT|API|DLL|PUBLIC|EXTERN|DECL|VISIBLE|HIDDEN|INLINE|NOINLINE|DEPRECATED|NODISCARD';
/** A macro named for one of EXPORT_WORDS (`LEVELDB_EXPORT`, `CJSON_PUBLIC`): the name of a leading export macro, bare or wrapping the type. */
const EXPORT_MACRO = String.raw`[A-Z][A-Z0-9]*_(?:[A-Z0-9_]*_)?(?:${EXPORT_WORDS})\w*`;

/** Keywords that end a declaration's type (with `…_t` names): the word after one is the declarator, never an annotation. */
const TYPE_KEYWORDS = 'bool|char|char8_t|char16_t|char32_t|wchar_t|short|int|long|float|double|void|signed|unsigned|auto|const|volatile';

/** Each pattern's match starts a capitalised word: checked first, so the costly look-behind runs only there (4x faster). */
const AT_WORD = String.raw`(?=[A-Z])(?<!\w)`;

/**
 * Annotation macros the grammar cannot know, blanked so declarations parse: `class LEVELDB_EXPORT
 * DB {` (tree-sitter reads `DB` as a function), `void Lock() EXCLUSIVE_LOCK_FUNCTION() {`,
 * `int n_ GUARDED_BY(mu_);`, `ROCKSDB_API Status Open(...)`.
 */
const ANNOTATIONS: RegExp[] = [
  new RegExp(
    AT_WORD + String.raw`(?<=\b(?:class|struct|union)\s+)((?:[A-Z][A-Z0-9_]*(?:\([^;{}()]*\))?\s+)+)(?=[A-Za-z_]\w*\s*(?:final\s*)?[:{;<])`,
    'g',
  ),
  new RegExp(
    AT_WORD +
      String.raw`(?<=\b(?!(?:if|while|for|switch|return|sizeof|catch)\b)[A-Za-z_]\w*\s*\([^;{}]{0,400}\)\s*(?:const\s*)?(?:noexcept\s*)?)((?:${MACRO}\s*)+)(?=[{;=]|override\b|final\b)`,
    'g',
  ),
  // After a declarator (`int n_ GUARDED_BY(mu_);`); after a type keyword the word is the declarator itself (`const bool RE2_DEBUG_MODE = true;`).
  new RegExp(
    AT_WORD + String.raw`(?<=\b[A-Za-z_][\w:<>]*[\s*&]+[A-Za-z_]\w*\s+)(?<!\b(?:${TYPE_KEYWORDS}|\w+_t)\s+)(${MACRO}\s*)(?=[;=])`,
    'g',
  ),
  new RegExp(
    AT_WORD +
      String.raw`(?<=^[ \t]*(?:(?:static|inline|extern|virtual|friend|constexpr)\s+)*)(${EXPORT_MACRO}(?:\([^;{}()]*\))?\s+)(?=[A-Za-z_])`,
    'gm',
  ),
];

/**
 * An export macro that wraps the declaration's type (cJSON's `CJSON_PUBLIC(cJSON *) cJSON_Parse(…)`,
 * `SQLITE_API`-style macros with an argument): the declaration has no type but the macro's argument,
 * so only the macro's name and parentheses are blanked and the type stays.
 */
const TYPE_WRAPPING_EXPORT = new RegExp(
  AT_WORD +
    String.raw`(?<=^[ \t]*(?:(?:static|inline|extern)\s+)*)(${EXPORT_MACRO}\()([A-Za-z_][\w \t*&:<>,]*)(\))(?=\s*\**\s*[A-Za-z_]\w*\s*\()`,
  'gm',
);

/**
 * A line holding only an ALL_CAPS word with an underscore, after a line that ends a declaration or
 * opens or closes a block (or another such line): a macro that expands to declarations, such as
 * libuv's `UV_HANDLE_FIELDS` in a struct. The grammar reads it as the start of a declaration, and in
 * libuv's uv.h the functions declared after such structs were lost. An enumerator or an argument
 * alone on its line follows a comma, and stays. In a struct or union body it is written as a member
 * of that name with no declarator (`UV_HANDLE_FIELDS;`), which the structure query reads as a base of
 * the struct (see fieldMacros); elsewhere it is blanked.
 */
const DECLARATIONS_MACRO = /^[ \t]*[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*\r?$/;
/** DECLARATIONS_MACRO on any line of a text: whether a text has one at all. */
const ANY_DECLARATIONS_MACRO = new RegExp(DECLARATIONS_MACRO.source, 'm');
const BEFORE_DECLARATIONS_MACRO = /(?:[;}]|\*\/|^(?!.*\benum\b)[^=]*\{)[ \t]*\r?$/;
/** A line opening a struct or union body (`struct uv_stream_s {`, `typedef struct {`, `union {`). */
const OPENS_MEMBERS = /^[^=(]*\b(?:struct|union)\b[^=(;]*\{[ \t]*\r?$/;

function blankDeclarationMacros(text: string): string {
  const macroLines = ANY_DECLARATIONS_MACRO.test(text);
  const defineComments = /\\\r?\n[^\n]*\/\*/.test(text);
  if (!macroLines && !defineComments && !ANY_FIELD_MACRO.test(text)) return text;
  const lines = text.split('\n');
  let previous = '';
  let continued = false;
  /** For each open brace of the lines read, whether it opened a struct or union body. */
  const braces: boolean[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    // A comment on a continuation line of a macro ends the grammar's reading of the macro's text, and
    // what follows (libuv's `uv_close_cb close_cb; \` in UV_HANDLE_FIELDS) was read as declarations of the file.
    const inMacro: boolean = continued;
    if (inMacro && line.includes('/*')) lines[i] = line.replace(/\/\*.*?\*\//g, (m) => ' '.repeat(m.length));
    continued = /\\\r?$/.test(line) && (inMacro || /^[ \t]*#[ \t]*define\b/.test(line));
    if (line.trim() === '' || inMacro || continued) continue;
    if (DECLARATIONS_MACRO.test(line) && (BEFORE_DECLARATIONS_MACRO.test(previous) || DECLARATIONS_MACRO.test(previous))) {
      lines[i] = (braces[braces.length - 1] === true ? asMember(line) : null) ?? line.replace(/[^\r]/g, ' ');
    } else if (!/^[ \t]*#/.test(line)) {
      const code = line.replace(/\/\/.*$|\/\*.*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '');
      for (const c of code) {
        if (c === '{') braces.push(OPENS_MEMBERS.test(code));
        else if (c === '}') braces.pop();
      }
    }
    previous = line;
  }
  return fieldMacros(lines).join('\n');
}

/**
 * A line holding only a macro's name, written as a member of that name with no declarator
 * (`UV_HANDLE_FIELDS;`) in the same length: the `;` takes a space after the name, or the line's
 * first space of indentation; null when the line has neither.
 */
function asMember(line: string): string | null {
  const m = /^([ \t]*)([A-Za-z_]\w*)([ \t]*)(\r?)$/.exec(line);
  if (m === null) return null;
  const [, indent, name, after, cr] = m as unknown as [string, string, string, string, string];
  if (after.length > 0) return `${indent}${name};${after.slice(1)}${cr}`;
  if (indent.length > 0) return `${indent.slice(1)}${name};${cr}`;
  return null;
}

/** A `#define` of an ALL_CAPS name with an underscore whose text starts on the next line (`#define UV_HANDLE_FIELDS \`). */
const FIELD_MACRO_START = /^([ \t]*#[ \t]*define)([ \t]+[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*)\\(\r?)$/;
const ANY_FIELD_MACRO = new RegExp(FIELD_MACRO_START.source, 'm');
/** A member declaration: a type, a name, array sizes or a bit width (`uv_buf_t bufsml[4];`, `struct uv__queue queue;`). */
const MEMBER =
  /^[ \t]*(?:(?:const|volatile|unsigned|signed|struct|union|enum)[ \t]+)*[A-Za-z_]\w*[ \t*]+[A-Za-z_]\w*(?:[ \t]*\[[^\]]*\])*(?:[ \t]*:[ \t]*\d+)?[ \t]*;$/;
/** A member that points to a function (`void (*async_unused)(void);`). */
const FUNCTION_MEMBER = /^[ \t]*[A-Za-z_][\w \t*]*\([ \t]*\*[ \t]*[A-Za-z_]\w*[ \t]*\)[ \t]*\([^;{}]*\)[ \t]*;$/;
const OPEN_MEMBERS = /^[ \t]*(?:struct|union)(?:[ \t]+[A-Za-z_]\w*)?[ \t]*\{$/;
const CLOSE_MEMBERS = /^[ \t]*\}[ \t]*[A-Za-z_]\w*(?:[ \t]*\[[^\]]*\])*[ \t]*;$/;
const MACRO_NAME = /^[ \t]*[A-Z][A-Z0-9]*_[A-Z0-9_]*$/;

/**
 * Macros whose text is members of a struct (libuv's `#define UV_STREAM_FIELDS \\` with `uv_read_cb
 * read_cb; \\` …, named alone in the structs that hold them) written as a struct of the macro's
 * name, in the same lines and lengths: `struct UV_STREAM_FIELDS {`, its members where they are, a
 * macro it names as a member with no declarator and `};` where a line has room. The grammar then
 * reads each member as a field of that struct, and a struct naming the macro derives from it (see
 * asMember): a field declared in the macro is a member of every struct that names it, placed where a
 * compiler places it (the line inside the #define). A macro whose text is anything else (statements,
 * expressions, a function-like macro) stays a macro.
 */
function fieldMacros(lines: string[]): string[] {
  for (let i = 0; i < lines.length; i++) {
    const start = FIELD_MACRO_START.exec(lines[i] as string);
    if (start === null) continue;
    let last = i + 1;
    while (last < lines.length - 1 && /\\\r?$/.test(lines[last] as string)) last++;
    const rewritten = asStruct(start, lines.slice(i, last + 1));
    if (rewritten !== null) lines.splice(i, rewritten.length, ...rewritten);
    i = last;
  }
  return lines;
}

/** A field macro's lines (its `#define` line first) as a struct's, each of its length; null when its text is not all members or there is no room. */
function asStruct(start: RegExpExecArray, lines: readonly string[]): string[] | null {
  const [, define, name] = start as unknown as [string, string, string];
  const crOf = (line: string): string => (line.endsWith('\r') ? '\r' : '');
  /** How long each line may be written (its length but its carriage return). */
  const width = lines.map((line) => line.length - crOf(line).length);
  const header = `struct${' '.repeat(define.length - 'struct'.length)}${name.trimEnd()}`;
  const out: string[] = [header.length + 2 <= (width[0] as number) ? `${header} {` : `${header}{`];
  /** Whether each line ends outside any nested struct or union (where a base may be written). */
  const outside: boolean[] = [true];
  const bases: string[] = [];
  let depth = 0;
  let members = 0;
  let lastMember = 0;
  for (let n = 1; n < lines.length; n++) {
    const code = (lines[n] as string).slice(0, width[n]).replace(/\\$/, '').trimEnd();
    let written = code;
    if (code.trim() === '') written = '';
    else if (MEMBER.test(code) || FUNCTION_MEMBER.test(code)) members++;
    else if (OPEN_MEMBERS.test(code)) depth++;
    else if (CLOSE_MEMBERS.test(code) && depth > 0) depth--;
    else if (MACRO_NAME.test(code)) {
      bases.push(code.trim());
      written = '';
    } else return null;
    if (written !== '') lastMember = n;
    out.push(written);
    outside.push(depth === 0);
  }
  if (members === 0 || depth !== 0) return null;
  // The macros it names, then the closing `};`, each where a line outside nested bodies has room (the closing after the last member).
  const pending = [...bases.map((b) => `${b};`), '};'];
  for (let n = 0; n < lines.length && pending.length > 0; n++) {
    while (pending.length > 0 && outside[n] === true && (pending.length > 1 || n >= lastMember)) {
      const current = out[n] as string;
      const token = pending[0] as string;
      // After a space when there is room, else right after the line's text, else with its indentation shortened.
      const text = [current.trim() === '' ? token : `${current} ${token}`, `${current}${token}`, `${current.trimStart()}${token}`].find(
        (t) => t.length <= (width[n] as number),
      );
      if (text === undefined) break;
      out[n] = text;
      pending.shift();
    }
  }
  if (pending.length > 0) return null;
  return out.map((text, n) => text.padEnd(width[n] as number) + crOf(lines[n] as string));
}

/** Same-length text with C and C++ annotation macros and declaration macros blanked (newlines kept, so every position stays). */
export function blankAnnotations(text: string): string {
  const blank = (m: string): string => m.replace(/[^\n]/g, ' ');
  let out = text.replace(TYPE_WRAPPING_EXPORT, (_m, name: string, type: string, close: string) => blank(name) + type + blank(close));
  for (const pattern of ANNOTATIONS) out = out.replace(pattern, blank);
  return blankDeclarationMacros(out);
}

/** What C and C++ share: everything but how names are qualified, what the packs' data files say and what a dialect reads of its own types. */
export const cFamilyAdapter = (dialect: CTypeReader = {}): Omit<LanguageAdapter, DataKnowledge | 'lastComponent' | 'qualifierOf'> => ({
  resolveImport: resolveInclude,
  moduleBinding: () => null,
  companions: sameStem,
  prepareSource: blankAnnotations,
  functionBodies: cFunctionBodies,

  declaredNames: (node) => declaredNames(node, dialect),

  scopeName(node) {
    const name = node.childForFieldName('name');
    if (name !== null) return name.text;
    // An anonymous struct a typedef names (`typedef struct { … } uv_buf_t;`): its members are the typedef's.
    const parent = node.parent;
    const declarator =
      node.type.endsWith('_specifier') && parent?.type === 'type_definition'
        ? parent.childForFieldName('declarator')
        : node.childForFieldName('declarator');
    if (declarator === null) return null;
    let current: Node | null = declarator;
    for (let depth = 0; current !== null && depth < 32; depth++) {
      if (NAME_TYPES.has(current.type)) return current.text;
      current = current.childForFieldName('declarator') ?? current.namedChildren.find((c) => c !== null) ?? null;
    }
    return null;
  },

  describeCall(node): CallShape | null {
    let fn = node.childForFieldName('function');
    if (fn === null) return null;
    let receiver: string | null = null;
    const reached = fn.type === 'field_expression';
    if (reached) {
      const object = fn.childForFieldName('argument');
      receiver =
        object !== null && (object.type === 'identifier' || object.type === 'this' || object.type === 'field_identifier')
          ? object.text
          : null;
      fn = fn.childForFieldName('field');
    }
    if (fn === null || !NAME_TYPES.has(fn.type)) return null;
    const nameNode = fn.type === 'qualified_identifier' || fn.type === 'template_function' ? (lastNameNode(fn) ?? fn) : fn;
    const args = node.childForFieldName('arguments')?.namedChildren ?? [];
    const split = splitQualified(fn);
    return {
      callee: split.name,
      calleeStart: nameNode.startIndex,
      args: args.map((a) => (a?.type === 'identifier' ? a.text : null)),
      receiver: receiver ?? split.qualifier,
      reached: reached || split.qualifier !== null,
    };
  },

  memberObject(fieldNode) {
    const object = fieldNode.parent?.childForFieldName('argument') ?? null;
    if (object === null) return null;
    return object.type === 'identifier' || object.type === 'this' ? object.text : null;
  },
});

/** The innermost name node of a qualified or template name. */
function lastNameNode(node: Node): Node | null {
  let current: Node | null = node;
  for (let depth = 0; current !== null && depth < 16; depth++) {
    if (current.type !== 'qualified_identifier' && current.type !== 'template_function') return current;
    current = current.childForFieldName('name');
  }
  return null;
}

/** C names are never qualified. */
export const cAdapter: LanguageAdapter = withPackData('c', { ...cFamilyAdapter(), lastComponent: (name) => name, qualifierOf: () => null });
