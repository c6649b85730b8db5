import { describe, expect, it } from '@jest/globals';
import { cPack } from '../../src/slicing/languages/c/pack.js';
import { cppPack } from '../../src/slicing/languages/cpp/pack.js';
import { blankAnnotations } from '../../src/slicing/languages/c/adapter.js';
import { isHeaderPath } from '../../src/slicing/packs.js';
import { RevisionPaths } from '../../src/slicing/path-set.js';

describe("qualified names are the language packs' business", () => {
  it('C++ drops template arguments (nested too) before splitting on ::', () => {
    const { lastComponent, qualifierOf } = cppPack.adapter;
    expect(lastComponent('kv::Table<int>')).toBe('Table');
    expect(lastComponent('Map<std::pair<int, a::B>>')).toBe('Map');
    expect(qualifierOf('kv::Table<T>::Put')).toBe('Table');
    expect(qualifierOf('Map<std::pair<int, a::B>>::Get')).toBe('Map');
    expect(qualifierOf('::Put')).toBeNull();
    expect(qualifierOf('Put')).toBeNull();
  });

  it('C names are never qualified', () => {
    expect(cPack.adapter.lastComponent('buf')).toBe('buf');
    expect(cPack.adapter.qualifierOf('buf_append')).toBeNull();
  });

  it('headers are what the packs call headers', () => {
    for (const header of ['a/b.h', 'B.HPP', 'x.hh', 'impl.inl', 'y.tcc']) expect(isHeaderPath(header)).toBe(true);
    for (const source of ['a/b.c', 'b.cc', 'notes.txt', 'Makefile']) expect(isHeaderPath(source)).toBe(false);
  });
});

describe('the text hint that picks files worth parsing for a function', () => {
  const hint = cppPack.adapter.definitionHint('DoWork', 'callable');
  it('matches declarations and definitions in their usual shapes', () => {
    for (const line of [
      'static void DoWork(void* arg) {',
      'void Pool::DoWork(int a)',
      'Pool::DoWork(int a)',
      'DoWork(int a)',
      'const char *DoWork(void);',
      'std::map<int, int> DoWork();',
      'inline std::unique_ptr<Foo>& DoWork (int)',
      '#define DoWork(x) x',
    ]) {
      expect({ line, matches: hint.test(line) }).toEqual({ line, matches: true });
    }
  });
  it('does not match indented calls, so a file that only calls the function is not parsed for it', () => {
    for (const line of [
      '  DoWork(&t);',
      '  return DoWork(x);',
      '  else DoWork(x);',
      '  x = DoWork(y);',
      '  if (DoWork(y)) {',
      '      std::DoWork(x),',
      '  Pool::DoWork(&t);',
    ]) {
      expect({ line, matches: hint.test(line) }).toEqual({ line, matches: false });
    }
  });
  it('stays fast on long lines of symbols', () => {
    expect(hint.test('a ' + '* '.repeat(20_000) + 'x')).toBe(false);
  });
});

describe('the text hint that picks files worth parsing for a type', () => {
  const hint = cppPack.adapter.definitionHint('Slice', 'type');
  it('matches what the queries take for its definition', () => {
    const shapes = [
      'class Slice {',
      'struct Slice{',
      'class ROCKSDB_API Slice final : public Base {',
      'class Slice\n    : public Base {',
      'class Slice  // NOLINT\n{',
      'template <typename T>\nstruct Slice<T*> {',
      'enum class Slice : uint8_t {',
      'typedef struct slice_s Slice;',
      'typedef struct {\n  int n;\n} Slice;',
      'using Slice = std::string_view;',
      '#define Slice int',
    ];
    for (const text of shapes) expect({ text, matches: hint.test(text) }).toEqual({ text, matches: true });
    expect(cPack.adapter.definitionHint('buf_t', 'type').test('typedef unsigned char buf_t;')).toBe(true);
  });
  it('does not match forward declarations or uses, which most headers of a large project hold', () => {
    for (const text of [
      'class Slice;',
      'struct Slice;',
      'friend class Slice;',
      'class ROCKSDB_API Slice;',
      'const Slice& key,',
      'Slice key;',
      'return Slice();',
      'class SliceParts {',
    ]) {
      expect({ text, matches: hint.test(text) }).toEqual({ text, matches: false });
    }
  });
  it('stays fast on long runs of blanks and comments after the name', () => {
    expect(hint.test('class Slice' + ' \t'.repeat(20_000) + ';')).toBe(false);
    expect(hint.test('class Slice' + ' // c\n'.repeat(5_000) + ';')).toBe(false);
  });
});

describe('the text hints that pick files worth parsing for a variable or a data member', () => {
  const variable = cppPack.adapter.definitionHint('kLimit', 'variable');
  const field = cppPack.adapter.definitionHint('limit_', 'field');
  it('match declarations at file scope, enumerators and macros for a variable; member declarations for a field', () => {
    for (const text of [
      'const int kLimit = 4;',
      'static std::atomic<int> kLimit{0};',
      'extern size_t kLimit;',
      'int kLimit[8];',
      'enum E {\n  kNone,\n  kLimit,\n};',
      '  kLimit = 0x10,',
      '  kLimit',
      '#define kLimit 64',
      'static const char* kLimit =\n    "x";',
    ]) {
      expect({ text, matches: variable.test(text) }).toEqual({ text, matches: true });
    }
    for (const text of ['  size_t limit_;', '  std::unique_ptr<Foo> limit_{nullptr};', '  int limit_ : 3;', '  const Bar& limit_ = x;']) {
      expect({ text, matches: field.test(text) }).toEqual({ text, matches: true });
    }
  });
  it('do not match parameters, locals and members for a variable, nor class heads, labels or lines that run on', () => {
    for (const text of [
      '    const Options& kLimit,',
      '  size_t kLimit = Compute();',
      '  SystemClock* kLimit;',
      'class kLimit;',
      'struct X : public kLimit {',
      '  case kLimit:',
      '  return kLimit;',
      'Foo(data, kLimit,\n      y);',
    ]) {
      expect({ text, matches: variable.test(text) }).toEqual({ text, matches: false });
    }
    for (const text of [
      'class limit_;',
      'class D : public limit_ {',
      '  case limit_:',
      '  return limit_;',
      'foo(a,\n    limit_);',
      '  Base::Option,\n  limit_::x',
    ]) {
      expect({ text, matches: field.test(text) }).toEqual({ text, matches: false });
    }
  });
});

describe('names never searched for in the repository', () => {
  it('include GoogleTest macros and common POSIX functions', () => {
    for (const name of ['TEST_F', 'ASSERT_EQ', 'EXPECT_TRUE', 'EXPECT_CALL']) expect(cppPack.adapter.builtins.has(name)).toBe(true);
    for (const name of ['ntohs', 'pthread_mutex_lock', 'strtol']) expect(cPack.adapter.builtins.has(name)).toBe(true);
    expect(cppPack.adapter.builtins.has('ASSERT_OK')).toBe(false); // a project's own helper: its definition is worth finding
  });
});

describe('C and C++ annotation macros are blanked before parsing (same length, so every position stays)', () => {
  const cases: [string, string][] = [
    ['class LEVELDB_EXPORT DB {', 'class                DB {'],
    ['class LOCKABLE Mutex {', 'class          Mutex {'],
    ['  void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }', '  void Lock()                           { mu_.lock(); }'],
    ['  void f() const EXCLUDES(mu_);', '  void f() const              ;'],
    ['  int n_ GUARDED_BY(mu_);', '  int n_                ;'],
    ['LEVELDB_EXPORT Status DestroyDB(const std::string& name);', '               Status DestroyDB(const std::string& name);'],
  ];
  it.each(cases)('%s', (before, after) => expect(blankAnnotations(before)).toBe(after));
  it('leaves statements and expressions alone', () => {
    for (const line of [
      '  (void) PTHREAD_MUTEX_ADAPTIVE_NP;',
      'return FOO_BAR(x);',
      'int x = MAX_SIZE;',
      '  if (x) RETURN_IF_ERROR(s);',
      'struct Foo : public Bar {',
    ])
      expect(blankAnnotations(line)).toBe(line);
  });
  it('reads a long capitalised word with many underscores as one word (split at each, it was tried every way: hours)', () => {
    const word = `${'A_'.repeat(60)}Z`;
    expect(blankAnnotations(`void f() ${word}x;`)).toBe(`void f() ${word}x;`);
    expect(blankAnnotations(`void f() ${word} {`)).toBe(`void f() ${' '.repeat(word.length + 1)}{`);
  });
});

describe("a C or C++ file's companions", () => {
  const paths = new RevisionPaths([
    'db/db_impl.h',
    'db/db_impl.cc',
    'db/db_impl',
    'db/db_impl.',
    'db/db_impl.cc.orig',
    'db/db_impl_write.cc',
    'db/db_impl/x.cc',
    'util/db_impl.cc',
    'top.h',
    'top.c',
  ]);
  it('are the files of its folder with its name and another extension (or none)', () => {
    expect(cppPack.adapter.companions('db/db_impl.h', paths)).toEqual(['db/db_impl.cc', 'db/db_impl']);
    expect(cppPack.adapter.companions('db/db_impl.cc', paths)).toEqual(['db/db_impl.h', 'db/db_impl']);
    expect(cPack.adapter.companions('top.c', paths)).toEqual(['top.h']);
  });
  it('are the same when asked again', () => {
    expect(cppPack.adapter.companions('db/db_impl.h', paths)).toEqual(['db/db_impl.cc', 'db/db_impl']);
    expect(cppPack.adapter.companions('db/db_impl.h', new RevisionPaths(['db/db_impl.h', 'db/db_impl.cpp']))).toEqual(['db/db_impl.cpp']);
  });
});
