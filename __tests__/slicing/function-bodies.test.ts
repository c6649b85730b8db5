import { describe, expect, it } from '@jest/globals';
import { FileIndex } from '../../src/slicing/file-index.js';
import type { LanguagePack } from '../../src/slicing/language-pack.js';
import { cFunctionBodies } from '../../src/slicing/languages/c/bodies.js';
import { cppPack } from '../../src/slicing/languages/cpp/pack.js';
import { goFunctionBodies } from '../../src/slicing/languages/go/bodies.js';
import { goPack } from '../../src/slicing/languages/go/pack.js';
import { javaFunctionBodies } from '../../src/slicing/languages/java/bodies.js';
import { javaPack } from '../../src/slicing/languages/java/pack.js';
import { cPack } from '../../src/slicing/languages/c/pack.js';
import { loadPack } from '../../src/slicing/packs.js';

/** The text of each body found, trimmed, and the first word of its declaration. */
function bodies(text: string): { body: string; declaration: string }[] {
  return cFunctionBodies(text).map((b) => ({
    body: text.slice(b.start, b.end).trim(),
    declaration: text.slice(b.declaration).split(/\s+/)[0] as string,
  }));
}

const CPP = `// A header { with a brace in a comment
#include <string>
#define BLOCK(x) { x; }
namespace kv {
extern "C" {
int c_api(int a) { return a; }
}
struct __attribute__((packed)) Header {
  int size;
};
enum class Kind : int { kA, kB };
static const char* kText = "not { a body";
static const char kBrace = '{';
static const long kMillion = 1'000'000;
const char* raw = R"x(a raw { string )x";
template <typename T>
class Store : public Base {
 public:
  Store() : size_(0), items_() { Init(); }
  explicit Store(int n) : size_{n} { Init(); }
  int size() const override { return size_; }
  void Put(const T& item);
 private:
  int size_{0};
};
template <typename T>
void Store<T>::Put(const T& item) {
  if (item) {
    auto f = [&]() { size_++; };
    f();
  }
}
TEST_F(StoreTest, Put) {
  Store<int> s;
}
}  // namespace kv
`;

describe('cFunctionBodies', () => {
  it('finds the outermost function bodies and where their declarations start', () => {
    expect(bodies(CPP)).toEqual([
      { body: 'return a;', declaration: 'int' },
      { body: 'Init();', declaration: 'Store()' },
      // Not after a brace-initialized member (`size_{n} {`): read with its class.
      { body: 'return size_;', declaration: 'int' },
      { body: 'if (item) {\n    auto f = [&]() { size_++; };\n    f();\n  }', declaration: 'template' },
      { body: 'Store<int> s;', declaration: 'TEST_F(StoreTest,' },
    ]);
  });

  it('reads braces in comments, literals and directives as text', () => {
    expect(bodies('/* { */ void f() { g("}"); h(\'}\'); }\n#define X {\nint y;\n')).toEqual([
      { body: 'g("}"); h(\'}\');', declaration: 'void' },
    ]);
    expect(bodies('void f() { auto s = u8R"d(})d"; }')).toEqual([{ body: 'auto s = u8R"d(})d";', declaration: 'void' }]);
    expect(bodies('#define M(x) \\\n  { x; }\nint g() { return 1; }')).toEqual([{ body: 'return 1;', declaration: 'int' }]);
  });

  it('finds none when braces or parentheses do not balance', () => {
    expect(cFunctionBodies('#ifdef A\nvoid f(int a) {\n#else\nvoid f() {\n#endif\n}\n')).toEqual([]);
    expect(cFunctionBodies('void f() { g(; }')).toEqual([]);
    expect(cFunctionBodies('void f() { } }')).toEqual([]);
  });

  it('skips empty bodies', () => {
    expect(cFunctionBodies('void f() {}\nvoid g() { }')).toEqual([{ start: 22, end: 23, declaration: 12 }]);
  });
});

/** A pack like `pack` whose adapter offers the given bodies instead of its own. */
function withBodies(pack: LanguagePack, functionBodies: LanguagePack['adapter']['functionBodies']): LanguagePack {
  return { ...pack, id: `${pack.id}-test-${Math.random()}`, adapter: { ...pack.adapter, functionBodies } };
}

const SOURCE = `namespace kv {
struct Options {
  int size = 0;
  bool sync = false;
};
int Compute(const Options& o) {
  struct Local {
    int inner;
  };
  int total = o.size;
  total += 1;
  return total;
}
int Other(int x) {
  int y = x *
      2;
  return y;
}
}  // namespace kv
`;

/** A file parsed as its pack parses it (bodies left out) and as the pack would without its bodies (whole). */
async function bothWays(
  pack: LanguagePack,
  path: string,
  text: string,
  seeds: number[] | null,
): Promise<{ skipped: FileIndex; whole: FileIndex }> {
  return {
    skipped: new FileIndex(path, 'head', await loadPack(pack), text, seeds),
    whole: new FileIndex(path, 'head', await loadPack(withBodies(pack, undefined)), text, seeds),
  };
}

/** What a search or a slice asks of a file: each name's definitions with where they are shown. */
function definitionsOf(index: FileIndex, names: string[]): string[] {
  return names.flatMap((n) =>
    index
      .definitionsOf(n)
      .map(
        (d) => `${d.name}:${d.kind}:${d.container ?? ''}:${d.show.start}-${d.show.end}:${d.span.start}-${d.span.end}:${d.context ?? ''}`,
      ),
  );
}

describe('parsing without function bodies', () => {
  const names = ['Options', 'size', 'sync', 'Compute', 'Other', 'total', 'y', 'x', 'o'];

  it('gives a file read for its definitions the same definitions and contexts', async () => {
    const { skipped, whole } = await bothWays(cppPack, 'kv.cc', SOURCE, null);
    expect(definitionsOf(skipped, names)).toEqual(definitionsOf(whole, names));
    expect(definitionsOf(skipped, names).length).toBeGreaterThan(3);
    for (const line of [3, 6, 10, 14, 15]) expect(skipped.contextAt(line)).toBe(whole.contextAt(line));
    expect(skipped.parentRange(15)).toEqual(whole.parentRange(15));
  });

  it('reads the statements and flow of the bodies holding seed lines, and the others not', async () => {
    const { skipped, whole } = await bothWays(cppPack, 'kv.cc', SOURCE, [11]);
    expect(skipped.unitAt(11)).toEqual(whole.unitAt(11));
    expect(skipped.flow({ start: 6, end: 13 })).toEqual(whole.flow({ start: 6, end: 13 }));
    expect(definitionsOf(skipped, ['total', 'o'])).toEqual(definitionsOf(whole, ['total', 'o']));
    // The statements of Other's body were not read: a line of it is a unit of its own; its headers are still known.
    expect(whole.unitAt(15)).toEqual({ start: 15, end: 16 });
    expect(skipped.unitAt(15)).toEqual({ start: 15, end: 15 });
    expect(skipped.enclosingHeaders({ start: 15, end: 15 })).toEqual([14, 1]);
    expect(skipped.contextAt(15)).toBe('Other');
  });

  it('parses the whole file when a seed line is outside every function', async () => {
    const { skipped, whole } = await bothWays(cppPack, 'kv.cc', SOURCE, [3, 11]);
    expect(skipped.flow({ start: 1, end: 20 })).toEqual(whole.flow({ start: 1, end: 20 }));
    expect(skipped.unitAt(15)).toEqual({ start: 15, end: 16 });
  });

  it("parses again, that range's inside too, when a range offered is no function body", async () => {
    // The inside of `struct Options`, offered as if it were a body: its fields must still be found.
    const start = SOURCE.indexOf('{', SOURCE.indexOf('struct Options')) + 1;
    // Offered after a real body, as a pack's scan would list them: one wrong range is enough.
    const other = cFunctionBodies(SOURCE).filter((b) => b.start > start);
    expect(other.length).toBeGreaterThan(0);
    const wrong = withBodies(cppPack, () => [
      { start, end: SOURCE.indexOf('};'), declaration: SOURCE.indexOf('struct Options') },
      ...other,
    ]);
    const index = new FileIndex('kv.cc', 'head', await loadPack(wrong), SOURCE, null);
    const { whole } = await bothWays(cppPack, 'kv.cc', SOURCE, null);
    expect(definitionsOf(index, names)).toEqual(definitionsOf(whole, names));
    expect(index.definitionsOf('size').map((d) => d.container)).toEqual(['Options']);
    // Imports are read once, not once per parse.
    const included = new FileIndex(
      'a.c',
      'head',
      await loadPack(withBodies(cPack, () => [{ start: 20, end: 21, declaration: 0 }])),
      '#include "b.h"\nint v = 1;\n',
      null,
    );
    expect(included.imports.map((i) => i.module)).toEqual(['b.h']);
  });

  it('leaves out the bodies the grammar read as bodies when a range offered was none', async () => {
    // A class body taken for a function's (`final {`), and a method's body followed by `;`, whose
    // `{}` alone reads as a field's initializer: each is parsed; Other's body is still left out.
    const text = `class Defer final {
 public:
  explicit Defer(int n) : n_(n) {}
 private:
  int n_;
};
class Track {
 public:
  int Count() {
    return static_cast<int>(n_);
  };
  int n_;
};
int Other(int x) {
  int y = x *
      2;
  return y;
}
`;
    const bodies = cFunctionBodies(text).map((b) => text.slice(b.start, b.end).trim().split('\n')[0]);
    expect(bodies).toEqual(['public:', 'return static_cast<int>(n_);', 'int y = x *']);
    const { skipped, whole } = await bothWays(cppPack, 'defer.h', text, null);
    const declared = ['Defer', 'n_', 'Track', 'Count', 'Other', 'x', 'y'];
    expect(definitionsOf(skipped, declared)).toEqual(definitionsOf(whole, declared));
    expect(skipped.definitionsOf('Count').map((d) => d.kind)).toEqual(['function']);
    expect(whole.unitAt(15)).toEqual({ start: 15, end: 16 });
    expect(skipped.unitAt(15)).toEqual({ start: 15, end: 15 });
  });
});

const GO = `package kv

import "fmt"

// A comment with a { brace.
type Options struct {
	Size int
	Sync bool
}

type Reader interface {
	Read(p []byte) (int, error)
}

var table = map[string]int{"a": 1}

func (o *Options) Validate() error {
	type local struct{ inner int }
	if o.Size < 0 {
		return fmt.Errorf("size { %d", o.Size)
	}
	return nil
}

func Make[T any](v T) struct{ V T } {
	s := \`raw { string\`
	_ = s
	return struct{ V T }{v}
}

var handler = func(r rune) bool { return r == '{' }
`;

describe('goFunctionBodies', () => {
  const found = (text: string): string[] =>
    goFunctionBodies(text).map(
      (b) => `${text.slice(b.declaration).split(/\s+/)[0] ?? ''}: ${text.slice(b.start, b.end).trim().split('\n')[0] ?? ''}`,
    );

  it('finds functions, methods and top-level function literals, not types or composite literals', () => {
    expect(found(GO)).toEqual(['func: type local struct{ inner int }', 'func: s := `raw { string`', "var: return r == '{'"]);
  });

  it('finds none when braces or brackets do not balance', () => {
    expect(goFunctionBodies('func f() { g(( }')).toEqual([]);
    expect(goFunctionBodies('func f() {')).toEqual([]);
  });
});

describe('parsing Go without function bodies', () => {
  it('gives a file read for its definitions the same definitions, without the locals of its functions', async () => {
    const { skipped, whole } = await bothWays(goPack, 'kv.go', GO, null);
    const names = ['Options', 'Size', 'Sync', 'Reader', 'Read', 'table', 'Validate', 'Make', 'handler'];
    expect(definitionsOf(skipped, names)).toEqual(definitionsOf(whole, names));
    expect(definitionsOf(skipped, names).length).toBeGreaterThan(6);
    expect(skipped.contextAt(21)).toBe(whole.contextAt(21));
    // The field of a type declared inside a function: no other file can name it.
    expect(definitionsOf(whole, ['inner'])).toHaveLength(1);
    expect(skipped.definitionsOf('inner')).toEqual([]);
  });

  it("reads a changed function's statements and flow as a whole parse does", async () => {
    const { skipped, whole } = await bothWays(goPack, 'kv.go', GO, [21]);
    expect(skipped.unitAt(21)).toEqual(whole.unitAt(21));
    expect(skipped.flow({ start: 17, end: 23 })).toEqual(whole.flow({ start: 17, end: 23 }));
    expect(skipped.flow({ start: 17, end: 23 }).reads.length).toBeGreaterThan(2);
    expect(skipped.unitAt(27)).toEqual({ start: 27, end: 27 });
  });
});

const JAVA = `package kv;

import java.io.IOException;

/** A store { with a brace in a comment. */
public class Store<T> extends Base implements Reader {
  private int size = 0;
  private final int[] limits = {1, 2};
  private final Runnable tick = () -> { size++; };
  private final Object lock = new Object() {
    @Override public String toString() { return "lock"; }
  };
  static {
    System.loadLibrary("kv");
  }

  public Store(int size) {
    this.size = size;
  }

  @Override
  public int read(byte[] into) throws IOException, IllegalStateException {
    String text = """
      a text block { with a brace
      """;
    char c = '{';
    return into.length + text.length() + c;
  }

  record Entry(String key, int value) {
    int twice() { return value * 2; }
  }

  enum Kind { A, B }
}
`;

describe('javaFunctionBodies', () => {
  it("finds methods (an anonymous class's too), constructors and static initializers, not the classes, records or initializers", () => {
    const found = javaFunctionBodies(JAVA).map((b) => JAVA.slice(b.start, b.end).trim().split('\n')[0]);
    expect(found).toEqual(['return "lock";', 'System.loadLibrary("kv");', 'this.size = size;', 'String text = """', 'return value * 2;']);
  });
});

describe('parsing Java without method bodies', () => {
  it('gives a file read for its definitions the same definitions and contexts', async () => {
    const { skipped, whole } = await bothWays(javaPack, 'Store.java', JAVA, null);
    const names = ['Store', 'size', 'limits', 'tick', 'lock', 'read', 'Entry', 'twice', 'Kind', 'toString'];
    expect(definitionsOf(skipped, names)).toEqual(definitionsOf(whole, names));
    expect(definitionsOf(skipped, names).length).toBeGreaterThan(8);
    for (const line of [7, 18, 24, 31]) expect(skipped.contextAt(line)).toBe(whole.contextAt(line));
  });

  it("reads a changed method's statements and flow as a whole parse does", async () => {
    const { skipped, whole } = await bothWays(javaPack, 'Store.java', JAVA, [28]);
    expect(skipped.unitAt(28)).toEqual(whole.unitAt(28));
    expect(skipped.flow({ start: 21, end: 28 })).toEqual(whole.flow({ start: 21, end: 28 }));
    expect(skipped.flow({ start: 21, end: 28 }).reads.length).toBeGreaterThan(2);
  });
});
