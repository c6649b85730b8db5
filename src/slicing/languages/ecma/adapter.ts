import { AROUND_THE_NAME, type HintKind, type ImportFact, type LanguageAdapter, type PathSet } from '../../language-pack.js';
import { isExternalModule, resolveModule } from './modules.js';

/**
 * Globals, built-in types and the methods of built-in objects: never worth a repository search
 * (names a repository often defines itself, such as `get`, `set`, `add`, are left out).
 */
const ECMA_BUILTINS = [
  'this', 'super', 'arguments', 'undefined', 'null', 'NaN', 'Infinity', 'globalThis', 'window', 'document', 'navigator', 'location', 'console',
  'require', 'module', 'exports', 'process', 'Buffer', '__dirname', '__filename', 'import',
  'Object', 'Array', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'Function', 'Math', 'JSON', 'Reflect', 'Proxy', 'Intl', 'Date', 'RegExp',
  'Promise', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Uint8Array', 'Int8Array', 'Uint16Array',
  'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Uint8ClampedArray',
  'Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError',
  'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'Blob', 'FormData', 'Headers', 'Request', 'Response',
  'fetch', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'structuredClone',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI', 'escape', 'unescape', 'atob', 'btoa',
  // TypeScript's utility and built-in types
  'Partial', 'Required', 'Readonly', 'Record', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'Parameters', 'ConstructorParameters',
  'ReturnType', 'InstanceType', 'Awaited', 'ThisType', 'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize', 'ReadonlyArray', 'ReadonlyMap',
  'ReadonlySet', 'PromiseLike', 'ArrayLike', 'Iterable', 'Iterator', 'IterableIterator', 'AsyncIterable', 'AsyncIterator', 'AsyncIterableIterator',
  'Generator', 'AsyncGenerator', 'PropertyKey', 'TemplateStringsArray', 'NodeJS',
  // methods of arrays, strings, promises, objects and functions
  'push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'concat', 'indexOf', 'lastIndexOf', 'includes', 'forEach', 'map', 'filter', 'reduce',
  'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat', 'flatMap', 'fill', 'sort', 'reverse', 'join',
  'split', 'trim', 'trimStart', 'trimEnd', 'padStart', 'padEnd', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'charAt', 'charCodeAt',
  'codePointAt', 'substring', 'substr', 'replace', 'replaceAll', 'match', 'matchAll', 'repeat', 'localeCompare', 'normalize', 'toString',
  'toFixed', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'then', 'catch', 'finally', 'resolve', 'reject', 'all',
  'allSettled', 'race', 'any', 'keys', 'values', 'entries', 'assign', 'freeze', 'isArray', 'from', 'of', 'stringify', 'parse', 'call', 'apply',
  'bind', 'log', 'warn', 'info', 'debug', 'error', 'trace', 'defineProperty', 'getPrototypeOf', 'setPrototypeOf', 'getOwnPropertyNames',
  'fromEntries', 'test', 'exec', 'now', 'floor', 'ceil', 'round', 'abs', 'min', 'max', 'random', 'pow', 'sqrt',
];

/** Qualifiers that name no class (`exports.f`, `module.exports.f`, `this.f = function`). */
const NOT_A_CLASS = new Set(['this', 'exports', 'module', 'window', 'globalThis', 'self', 'prototype']);

/** A name as a regular-expression source, with identifier boundaries that know `$`. */
function word(name: string): string {
  return name.replace(/[^\w$#]/g, '').replace(/\$/g, '\\$');
}

/** Keywords and decorators that may stand before a member's name (`static async get`, `@Input() readonly`). */
const MODIFIERS = '(?:(?:static|async|get|set|public|private|protected|readonly|override|abstract|declare|export|default|accessor)[ \\t]+|@[\\w.$]+(?:\\([^()\\n]*\\))?[ \\t]+)*';

/** Every shape that can define a name of one kind; any file defining it matches (most files that only use it do not). */
function hintSource(name: string, kind: HintKind): string {
  const n = word(name);
  const start = '(?<![\\w$])';
  const end = '(?![\\w$])';
  switch (kind) {
    case 'callable':
      return [
        `${start}function\\b[ \\t]*\\*?[ \\t]*${n}${end}`,
        // `f = …`, `f: …`: a variable, a field or object entry, a member typed as a function
        `${start}${n}[ \\t]*[?!]?[ \\t]*(?::|=(?!=))`,
        // a method or signature at a line's start: `f(a) {`, `f(a): T`, or `f(a,` continued on the next line (no
        // string or call among the parameters); not a call: `f(a);`, `describe('x', () => {`
        `^[ \\t]*${MODIFIERS}[*#]?${n}[ \\t]*\\??[ \\t]*(?:<[^\\n]*?>)?[ \\t]*\\((?:(?:[^()\\n]|\\([^()\\n]*\\))*\\)[ \\t]*[:{]|[^()'"\`\\n]*$)`,
      ].join('|');
    case 'type':
      return `${start}(?:class|interface|type|enum|namespace|module)[ \\t]+${n}${end}|${start}${n}[ \\t]*=[ \\t]*class${end}|${start}function\\b[ \\t]*${n}${end}|${start}${n}\\.prototype\\.`;
    case 'field':
      // this.x = …, a class field or interface member (`x: T`, `x = …`, `x;`), a parameter property, an enum member
      return `this\\.#?${n}[ \\t]*=(?!=)|^[ \\t]*${MODIFIERS}#?${n}[ \\t]*[?!]?[ \\t]*(?:[:=;,]|$)|(?:private|public|protected|readonly)[ \\t]+${n}${end}`;
    case 'variable':
      // const/let/var (destructuring on one line too), a destructuring element on a line of its own, an enum or namespace
      return `${start}(?:const|let|var|using)[ \\t]+[^;\\n]*${start}${n}${end}|^[ \\t]*(?:\\.\\.\\.)?(?:[\\w$]+[ \\t]*:[ \\t]*)?${n}[ \\t]*(?:[,}=]|$)|${start}(?:enum|namespace)[ \\t]+${n}${end}`;
  }
}

/** The last part of a dotted or generic name (`Foo` of `ns.Foo<T>`). */
function lastComponent(name: string): string {
  const bare = name.replace(/<.*$/s, '');
  return bare.split('.').at(-1) ?? bare;
}

/**
 * JavaScript, TypeScript and TSX: names come from the queries; imports resolve to files through
 * relative paths, the TypeScript compiler's extension rules, tsconfig/jsconfig `paths` and
 * `baseUrl`, package.json `imports`, and the repository's own workspace packages (see modules.ts).
 */
export const ecmaAdapter: LanguageAdapter = {
  // Every hint is a declaration's shape on the name's line.
  hintReach: AROUND_THE_NAME,
  definitionHint(name: string, kind: HintKind): RegExp {
    return new RegExp(hintSource(name, kind), 'm');
  },
  lastComponent,
  qualifierOf(name: string): string | null {
    // `Foo.prototype.bar`, `Foo.bar`: Foo; `exports.f`, `this.f`: none.
    const parts = name.replace(/<.*$/s, '').split('.').filter((p) => p !== 'prototype');
    const qualifier = parts.length > 1 ? (parts.at(-2) ?? null) : null;
    return qualifier === null || NOT_A_CLASS.has(qualifier) ? null : qualifier;
  },
  builtins: new Set(ECMA_BUILTINS),
  selfNames: new Set(['this']),
  resolveImport: (fact: ImportFact, from: string, paths: PathSet) => resolveModule(fact.module, from, paths),
  isExternal: (fact: ImportFact, from: string, paths: PathSet) => isExternalModule(fact.module, from, paths),
  // A module specifier binds no name by itself (`import './polyfill'`); every binding is an alias or a name.
  moduleBinding: () => null,
  companions: () => [],
};
