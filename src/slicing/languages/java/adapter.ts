import path from 'node:path';
import { AROUND_THE_NAME, type ImportFact, type LanguageAdapter, type PathSet } from '../../language-pack.js';
import { javaFunctionBodies } from './bodies.js';

/**
 * Names of the JDK (java.lang, the collections, I/O, concurrency), JUnit's assertions and the methods
 * every object or string has: never defined in the repository, never worth a search (nor are the
 * methods of these types: `Double.parseDouble`, `s.length()` with `String s`). Words a project may
 * well define too (`Type`, `Path`, `Field`, `Lock`; `parseInt`, `valueOf`, `format`, `getMessage`)
 * are left out.
 */
const JAVA_BUILTINS = [
  'null', 'true', 'false', 'var', 'length',
  // java.lang
  'Object', 'String', 'StringBuilder', 'StringBuffer', 'CharSequence', 'Integer', 'Long', 'Short', 'Byte', 'Character', 'Boolean', 'Double',
  'Float', 'Number', 'Math', 'StrictMath', 'System', 'Thread', 'Runnable', 'Class', 'ClassLoader', 'Enum', 'Record', 'Iterable', 'Comparable',
  'AutoCloseable', 'Cloneable', 'Void', 'Override', 'Deprecated', 'SuppressWarnings', 'SafeVarargs', 'FunctionalInterface', 'Throwable',
  'Exception', 'Error', 'RuntimeException', 'IllegalArgumentException', 'IllegalStateException', 'NullPointerException',
  'IndexOutOfBoundsException', 'ArrayIndexOutOfBoundsException', 'StringIndexOutOfBoundsException', 'UnsupportedOperationException',
  'ClassCastException', 'ArithmeticException', 'NumberFormatException', 'CloneNotSupportedException', 'InterruptedException',
  'ReflectiveOperationException', 'ClassNotFoundException', 'NoSuchMethodException', 'NoSuchFieldException', 'SecurityException',
  'AssertionError', 'OutOfMemoryError', 'StackOverflowError', 'LinkageError', 'ThreadLocal', 'InheritableThreadLocal', 'StackTraceElement',
  // java.util and java.util.function
  'List', 'ArrayList', 'LinkedList', 'Map', 'HashMap', 'LinkedHashMap', 'TreeMap', 'SortedMap', 'NavigableMap', 'Set', 'HashSet',
  'LinkedHashSet', 'TreeSet', 'SortedSet', 'Collection', 'Collections', 'Arrays', 'Objects', 'Optional', 'OptionalInt', 'OptionalLong',
  'Iterator', 'ListIterator', 'Comparator', 'Deque', 'ArrayDeque', 'Queue', 'PriorityQueue', 'Vector', 'Hashtable', 'Properties',
  'BitSet', 'EnumMap', 'EnumSet', 'IdentityHashMap', 'WeakHashMap', 'Locale', 'Random', 'UUID', 'Calendar', 'TimeZone', 'Scanner',
  'StringJoiner', 'NoSuchElementException', 'ConcurrentModificationException', 'Function', 'BiFunction', 'Supplier', 'Consumer',
  'BiConsumer', 'Predicate', 'BiPredicate', 'UnaryOperator', 'BinaryOperator', 'IntFunction', 'ToIntFunction', 'Stream', 'IntStream',
  'Collectors',
  // java.util.concurrent
  'ConcurrentHashMap', 'ConcurrentMap', 'AtomicInteger', 'AtomicLong', 'AtomicBoolean', 'AtomicReference', 'Executor', 'ExecutorService',
  'Executors', 'Future', 'CompletableFuture', 'TimeUnit', 'CountDownLatch', 'Callable', 'ReentrantLock',
  // java.io, java.nio, java.math, java.lang.reflect
  'IOException', 'UncheckedIOException', 'EOFException', 'FileNotFoundException', 'UnsupportedEncodingException', 'InputStream',
  'OutputStream', 'Reader', 'Writer', 'Files', 'Paths', 'ByteArrayInputStream', 'ByteArrayOutputStream', 'StringReader',
  'StringWriter', 'PrintStream', 'PrintWriter', 'BufferedReader', 'BufferedWriter', 'InputStreamReader', 'OutputStreamWriter',
  'FileInputStream', 'FileOutputStream', 'DataInput', 'DataOutput', 'Serializable', 'Closeable', 'Flushable', 'ByteBuffer', 'CharBuffer',
  'Charset', 'StandardCharsets', 'BigInteger', 'BigDecimal', 'MathContext', 'RoundingMode', 'URL', 'URI',
  // JUnit and Hamcrest, which most test files are made of
  'Assert', 'Assertions', 'assertEquals', 'assertNotEquals',
  'assertTrue', 'assertFalse', 'assertNull', 'assertNotNull', 'assertSame', 'assertNotSame', 'assertArrayEquals', 'assertThrows', 'fail',
  'assertThat',
  // methods of Object, String and the boxes
  'toString', 'equals', 'hashCode', 'getClass', 'clone', 'finalize', 'notify', 'notifyAll', 'wait', 'charAt', 'substring', 'indexOf',
  'lastIndexOf', 'startsWith', 'endsWith', 'equalsIgnoreCase', 'toLowerCase', 'toUpperCase', 'trim', 'println', 'printf', 'intValue',
  'longValue', 'doubleValue', 'floatValue', 'booleanValue', 'arraycopy', 'currentTimeMillis', 'nanoTime', 'printStackTrace', 'ordinal',
];

const SOURCE_EXTENSION = '.java';

/** `a.b.C` → `a/b/C`. */
function slashed(dotted: string): string {
  return dotted.split('.').join('/');
}

/** Length of the path prefix two files share, in folders (ranks a module's own copy of a path first). */
function sharedFolders(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

/** Files whose path ends with `relative` (a class under any source root), the importing file's own module first. */
function underAnyRoot(relative: string, from: string, paths: PathSet): string[] {
  return [...paths.withSuffix(relative)].sort((a, b) => sharedFolders(b, from) - sharedFolders(a, from)).slice(0, 2);
}

/** The Java files of a package (`a/b`): every folder ending with that path (one per source root: main, test, other modules). */
function packageFiles(packagePath: string, paths: PathSet): string[] {
  return paths.foldersWithSuffix(packagePath).flatMap((folder) => paths.inFolder(folder).filter((f) => f.endsWith(SOURCE_EXTENSION)));
}

/**
 * `import a.b.C;` names `a/b/C.java` under any source root; `import a.b.Outer.Inner;` and
 * `import static a.b.C.m;` name `a/b/Outer.java` and `a/b/C.java` (the name is a member);
 * `import static a.b.Outer.Inner.m;` names `a/b/Outer.java`. `import static a.b.C.*;` names the
 * class's file, `import a.b.*;` the package's files. The JDK and jars resolve to nothing.
 */
function resolveImport(fact: ImportFact, from: string, paths: PathSet): readonly string[] {
  const base = slashed(fact.module);
  if (fact.star) {
    const owner = underAnyRoot(base + SOURCE_EXTENSION, from, paths);
    return owner.length > 0 ? owner : packageFiles(base, paths);
  }
  const candidates = fact.name === null ? [base] : [`${base}/${fact.name}`, base, path.posix.dirname(base)];
  for (const candidate of candidates) {
    if (candidate === '.' || candidate === '') continue;
    const found = underAnyRoot(candidate + SOURCE_EXTENSION, from, paths);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The package path of a file from the conventional source layouts: what follows the last `java`
 * folder (`src/main/java/a/b`, `src/test/java/a/b`), else the last `src` folder; null when neither.
 */
function packagePathOf(folder: string): string | null {
  const parts = folder.split('/');
  for (const root of ['java', 'src']) {
    const at = parts.lastIndexOf(root);
    if (at >= 0 && at < parts.length - 1) return parts.slice(at + 1).join('/');
  }
  return null;
}

/**
 * A Java package's other files see each other's top-level names without an import: the file's
 * folder, and the same package under the repository's other source roots (a test and the class it
 * tests share a package in `src/test/java` and `src/main/java`).
 */
function companions(file: string, paths: PathSet): readonly string[] {
  const dir = path.posix.dirname(file);
  const folder = dir === '.' ? '' : dir;
  const pkg = packagePathOf(folder);
  const folders = pkg === null ? [folder] : [folder, ...paths.foldersWithSuffix(pkg).filter((f) => f !== folder && packagePathOf(f) === pkg)];
  return folders.flatMap((f) => paths.inFolder(f).filter((p) => p !== file && p.endsWith(SOURCE_EXTENSION)));
}

/** `Map<String, List<T>>` → `Map`, `a.b.Outer.Inner` → `Inner`, `Foo[]` → `Foo`. */
function lastComponent(name: string): string {
  let bare = name;
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(/<[^<>]*>/g, '');
  }
  bare = bare.replace(/\[\s*\]/g, '').replace(/[<>].*$/, '').trim();
  return bare.split('.').at(-1) ?? bare;
}

/** Words that start a statement calling a method (`return f(x);`), never a declaration of it. */
const STATEMENT_KEYWORDS = 'return|new|throw|else|case|yield|assert|do|try|package|import';
/** A declaration's words before its name: annotations, modifiers, type parameters, the type (generic, qualified, array). */
const DECLARATION_PREFIX = `^[ \\t]*(?!(?:${STATEMENT_KEYWORDS})\\b)(?:[\\w$.<>?,\\[\\]@]+[ \\t]+)+`;

/** Java: names come from the queries; imports name files under any source root; a package's files see each other. */
export const javaAdapter: LanguageAdapter = {
  functionBodies: javaFunctionBodies,
  // Every hint is a declaration's shape on the name's line.
  hintReach: AROUND_THE_NAME,
  definitionHint(name, kind) {
    const n = name.replace(/[^\w$]/g, '').replace(/\$/g, '\\$');
    const type = `\\b(?:class|interface|enum|record)[ \\t]+${n}\\b`;
    // A record's components are fields and accessors: `record P(int x, String y)`.
    const component = `\\brecord\\b[^\\n{]*[ \\t(,]${n}\\b`;
    switch (kind) {
      case 'type':
        return new RegExp(type, 'm');
      case 'callable':
        return new RegExp(`${DECLARATION_PREFIX}${n}[ \\t]*\\(|${type}|${component}`, 'm');
      case 'field':
      case 'variable':
        // `T x;`, `T a, x = 1;`, and an enum constant at the start of its line (`X(1),`, `X {`, `X;`).
        return new RegExp(`${DECLARATION_PREFIX}${n}[ \\t]*(?:[=;,]|$)|^[ \\t]*${n}[ \\t]*(?:[(,;{]|$)|${component}`, 'm');
    }
  },
  lastComponent,
  qualifierOf(name) {
    const parts = name.replace(/<.*$/, '').split('.');
    return parts.length > 1 ? (parts.at(-2) ?? null) : null;
  },
  builtins: new Set(JAVA_BUILTINS),
  selfNames: new Set(['this']),
  resolveImport,
  // Every Java import names a class or member (or stars a package): nothing binds a module.
  moduleBinding: () => null,
  companions,
};

