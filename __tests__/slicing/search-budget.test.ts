import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const FUNCTIONS = 10;
const CALLEES_PER_FUNCTION = 4;
const callee = (f: number, k: number): string => `c${f}_${k}`;
const fn = (f: number, changed: boolean): string => {
  const call = Array.from({ length: CALLEES_PER_FUNCTION }, (_, k) => `${callee(f, k)}(x)`).join(' + ');
  return `int f${f}(int x) {\n  x += 1;\n${changed ? `  x += ${call};\n` : ''}  return x;\n}\n`;
};
// The callees' prototypes, on one line: what ties each call to a function of that name (its body is then searched for).
const prototypes = (fns: readonly number[]): string =>
  `${fns.flatMap((f) => Array.from({ length: CALLEES_PER_FUNCTION }, (_, k) => `int ${callee(f, k)}(int v);`)).join(' ')}\n`;
const functions = (changed: boolean): string =>
  prototypes(Array.from({ length: FUNCTIONS }, (_, f) => f)) + Array.from({ length: FUNCTIONS }, (_, f) => fn(f, changed)).join('');

// a.c changes ten functions, each calling four functions whose bodies only a repository-wide search finds
// (more than the run's search parses); z.c, sliced after it, reads a field of a type declared in a
// header that z.c includes only through another header, so it too needs that search.
const BASE: Record<string, string> = {
  'a.c': functions(false),
  'inc/all.h': '#include "node.h"\n',
  'inc/node.h': 'struct node {\n  int depth;\n  int other;\n};\n',
  'z.c': '#include "inc/all.h"\nint depth_of(struct node *p) {\n  int d = 0;\n  return d;\n}\n',
};
for (let f = 0; f < FUNCTIONS; f++) {
  for (let k = 0; k < CALLEES_PER_FUNCTION; k++) BASE[`lib/${callee(f, k)}.c`] = `int ${callee(f, k)}(int v) {\n  return v + ${k};\n}\n`;
}
const HEAD: Record<string, string> = {
  'a.c': functions(true),
  'z.c': '#include "inc/all.h"\nint depth_of(struct node *p) {\n  int d = 0;\n  d = p->depth;\n  return d;\n}\n',
};

describe('the run-wide search budget', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, HEAD);
  });
  afterAll(() => fixture.repo.cleanup());

  it('full-flow callee searches of earlier slices do not starve a later slice of the declarations left-flow finds', async () => {
    const left = sliceAt(await fixture.slice('left-flow'), 'z.c', 4);
    expect(linesIn(left, 'inc/node.h')).toEqual(['struct node {', 'int depth;']);
    const full = await fixture.slice('full-flow');
    expect(linesIn(sliceAt(full, 'a.c', 4), 'lib/c0_0.c')).toEqual(['int c0_0(int v) {', 'return v + 0;', '}']);
    expect(linesIn(sliceAt(full, 'z.c', 4), 'inc/node.h')).toEqual(expect.arrayContaining(['struct node {', 'int depth;']));
  });

  it('a header every slice includes is charged to the search budget once, not once per slice', async () => {
    // 600 KB of declarations: seven slices charged for it again each would pass the 4 MB budget.
    const SLICES = 8;
    const big = Array.from({ length: 20_000 }, (_, i) => `int big_decl_${i}(int);`).join('\n') + '\n';
    const body = (i: number, changed: boolean): string =>
      `int h${i}(int x) {\n  x += 1;\n${changed ? `  x += g_${i};\n` : ''}  return x;\n}\n`;
    const file = (changed: boolean, tail: string): string =>
      '#include "big.h"\n#include "inc/all.h"\n#include "glob.h"\n' +
      Array.from({ length: SLICES }, (_, i) => body(i, changed)).join('') +
      tail;
    const base: Record<string, string> = {
      'big.h': big,
      'inc/all.h': '#include "node.h"\n',
      'inc/node.h': 'struct node {\n  int depth;\n};\n',
      'm.c': file(false, 'int depth_of(struct node *p) {\n  int d = 0;\n  return d;\n}\n'),
    };
    base['glob.h'] = Array.from({ length: SLICES }, (_, i) => `extern int g_${i};\n`).join('');
    const head = { 'm.c': file(true, 'int depth_of(struct node *p) {\n  int d = 0;\n  d = p->depth;\n  return d;\n}\n') };
    const f = buildFixture(base, head);
    try {
      const result = await f.slice('left-flow');
      expect(linesIn(sliceAt(result, 'm.c', 6), 'glob.h')).toEqual(['extern int g_0;']);
      const last = 3 + SLICES * 5 + 3;
      expect(linesIn(sliceAt(result, 'm.c', last), 'm.c')).toContain('+d = p->depth;');
      expect(linesIn(sliceAt(result, 'm.c', last), 'inc/node.h')).toEqual(['struct node {', 'int depth;']);
    } finally {
      f.repo.cleanup();
    }
  });

  it("a member's search parses only files defining its type, not the files that declare a local or another type's member of its name", async () => {
    // `p->limit` on a `Pool*`: Pool is defined in defs.h, which a.cc does not include; eight headers
    // ranked before it hold a function with a local `limit` and a struct of their own with a `limit`.
    const DECOYS = 8;
    const base: Record<string, string> = {
      'a.cc': 'struct Pool;\nint use(Pool* p) {\n  int n = 0;\n  return n;\n}\n',
      'defs.h': 'struct Pool {\n  int limit;\n  int other;\n};\n',
    };
    for (let i = 0; i < DECOYS; i++)
      base[`a_decoy${i}.h`] = `struct Other${i} {\n  int limit;\n};\ninline int f${i}() {\n  int limit = g${i}();\n  return limit;\n}\n`;
    const f = buildFixture(base, { 'a.cc': 'struct Pool;\nint use(Pool* p) {\n  int n = 0;\n  n = p->limit;\n  return n;\n}\n' });
    try {
      const result = await f.slice('left-flow');
      expect(linesIn(sliceAt(result, 'a.cc', 4), 'defs.h')).toEqual(['struct Pool {', 'int limit;']);
      // a.cc and defs.h: none of the decoys (which, parsed first, used up the name's parses before defs.h).
      expect(result.stats.filesParsed).toBe(2);
    } finally {
      f.repo.cleanup();
    }
  });

  it('a rare name searched with a common one still has its files read when the common one fills the candidates', async () => {
    // 60 files next to the changed one use `common` (none defines it); `rare` is defined far away; a.c declares both.
    const base: Record<string, string> = {
      'src/a.c': 'int common(int v); int rare(int v);\nint f(int x) {\n  x += 1;\n  return x;\n}\n',
      'lib/deep/rare_impl.c': 'int rare(int v) {\n  return v * 3;\n}\n',
    };
    for (let i = 0; i < 60; i++) base[`src/use_${i}.c`] = `int g${i}(int y) {\n  return common(y) + ${i};\n}\n`;
    const f = buildFixture(base, {
      'src/a.c': 'int common(int v); int rare(int v);\nint f(int x) {\n  x += common(x) + rare(x);\n  return x;\n}\n',
    });
    try {
      const full = await f.slice('full-flow');
      expect(linesIn(sliceAt(full, 'src/a.c', 3), 'lib/deep/rare_impl.c')).toEqual(['int rare(int v) {', 'return v * 3;', '}']);
    } finally {
      f.repo.cleanup();
    }
  });
  it('a name left alone in a search once the others are found has its files read, not the files of the names found', async () => {
    // `common` is defined in a changed file (parsed before any search) and used by 60 files next to
    // the change; `rare` is defined far away; a.c declares both. Both are searched for together; `common` settles at once.
    const base: Record<string, string> = {
      'src/a.c': 'int common(int v); int rare(int v);\nint f(int x) {\n  x += 1;\n  return x;\n}\n',
      'src/b.c': 'int common(int v) {\n  return v;\n}\n',
      'lib/deep/rare_impl.c': 'int rare(int v) {\n  return v * 3;\n}\n',
    };
    for (let i = 0; i < 60; i++) base[`src/use_${i}.c`] = `int g${i}(int y) {\n  return common(y) + ${i};\n}\n`;
    const head = {
      'src/a.c': 'int common(int v); int rare(int v);\nint f(int x) {\n  x += common(x) + rare(x);\n  return x;\n}\n',
      'src/b.c': 'int common(int v) {\n  return v + 1;\n}\n',
    };
    const f = buildFixture(base, head);
    try {
      const full = await f.slice('full-flow');
      expect(linesIn(sliceAt(full, 'src/a.c', 3), 'lib/deep/rare_impl.c')).toEqual(['int rare(int v) {', 'return v * 3;', '}']);
    } finally {
      f.repo.cleanup();
    }
  });
});

describe('a search budget that grows with the change', () => {
  // The same forty callees, called from one changed file or from ten: a change of more files gets
  // more of the repository searched, so its later slices still show their callees.
  const calleesShown = async (base: Record<string, string>, head: Record<string, string>): Promise<number> => {
    const fixture = buildFixture(base, head);
    try {
      const full = await fixture.slice('full-flow');
      let shown = 0;
      for (let f = 0; f < FUNCTIONS; f++) {
        for (let k = 0; k < CALLEES_PER_FUNCTION; k++) {
          if (full.slices.some((s) => linesIn(s, `lib/${callee(f, k)}.c`).includes(`int ${callee(f, k)}(int v) {`))) shown++;
        }
      }
      return shown;
    } finally {
      fixture.repo.cleanup();
    }
  };
  const libraries = Object.fromEntries(Object.entries(BASE).filter(([path]) => path.startsWith('lib/')));

  it('one changed file: the run-wide budget leaves some of the forty callees out', async () => {
    expect(await calleesShown({ ...libraries, 'a.c': functions(false) }, { 'a.c': functions(true) })).toBeLessThan(
      FUNCTIONS * CALLEES_PER_FUNCTION,
    );
  });

  it('ten changed files: every callee is shown', async () => {
    const files = (changed: boolean) =>
      Object.fromEntries(Array.from({ length: FUNCTIONS }, (_, f) => [`a${f}.c`, prototypes([f]) + fn(f, changed)]));
    expect(await calleesShown({ ...libraries, ...files(false) }, files(true))).toBe(FUNCTIONS * CALLEES_PER_FUNCTION);
  });
});

describe('a repository search', () => {
  it('stops once every name it searches for is found: a standard name still open keeps no search going', async () => {
    const fixture = buildFixture(
      {
        'src/main.cc': 'int Compute(int x);\n\nint Run(int v) {\n  return 0;\n}\n',
        'src/a.cc': 'int Compute(int x) {\n  return x * 2;\n}\n',
        // Holds the searched name as a word and defines a function named like a standard one.
        'src/b.cc': 'int Compute(int x);\nint move(int y) {\n  return Compute(y);\n}\n',
      },
      { 'src/main.cc': 'int Compute(int x);\n\nint Run(int v) {\n  return Compute(move(v));\n}\n' },
    );
    try {
      const result = await fixture.slice('full-flow');
      const shown = new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)));
      expect(shown.has('src/a.cc')).toBe(true);
      expect(shown.has('src/b.cc')).toBe(false);
      // The changed file and the file defining Compute.
      expect(result.stats.filesParsed).toBe(2);
    } finally {
      fixture.repo.cleanup();
    }
  });

  it('a method name defined on many other types does not use up the parses a rarer name searched with it needs', async () => {
    // `s.Path()` never settles (Server has no Path; eight other types do, in files ranked first);
    // `build().Rare()` is on a call's result, whose declared type (deep.Builder) Rare is searched in.
    const base: Record<string, string> = {
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'app/server.go':
        'package app\n\nimport "example.com/app/zz/deep"\n\ntype Server struct{}\n\nfunc build() deep.Builder {\n\treturn deep.Builder{}\n}\n',
      'app/run.go': 'package app\n\nfunc (s *Server) Run() string {\n\treturn ""\n}\n',
      'zz/deep/rare.go': 'package deep\n\ntype Builder struct{}\n\nfunc (b Builder) Rare() string {\n\treturn "rare"\n}\n',
    };
    for (let i = 0; i < 8; i++)
      base[`a${i}/p.go`] = `package a${i}\n\ntype P${i} struct{}\n\nfunc (p P${i}) Path() string {\n\treturn "${i}"\n}\n`;
    const fixture = buildFixture(base, {
      'app/run.go': 'package app\n\nfunc (s *Server) Run() string {\n\treturn s.Path() + build().Rare()\n}\n',
    });
    try {
      const full = await fixture.slice('full-flow');
      expect(linesIn(sliceAt(full, 'app/run.go', 4), 'zz/deep/rare.go')).toEqual([
        'func (b Builder) Rare() string {',
        'return "rare"',
        '}',
      ]);
    } finally {
      fixture.repo.cleanup();
    }
  });

  it('a bundle under dist/ parsed for another name does not settle a method its source defines', async () => {
    // dist/bundle.js is read for `onlyInBundle` first; Token's method is then searched for by name.
    const base: Record<string, string> = {
      'lib/token.js': 'export class Token {\n  unsubscribe(listener) {\n    return listener;\n  }\n}\n',
      'dist/bundle.js': 'class Token {\n  unsubscribe(listener) {\n    return null;\n  }\n}\nvar onlyInBundle = 1;\n',
      'app/main.js': 'export function run() {\n  const t = new Token();\n  return t;\n}\n',
    };
    const fixture = buildFixture(base, {
      'app/main.js': 'export function run() {\n  const t = new Token();\n  return t.unsubscribe(onlyInBundle);\n}\n',
    });
    try {
      const full = sliceAt(await fixture.slice('full-flow'), 'app/main.js', 3);
      expect(linesIn(full, 'lib/token.js')).toContain('unsubscribe(listener) {');
      expect(linesIn(full, 'dist/bundle.js')).not.toContain('unsubscribe(listener) {');
    } finally {
      fixture.repo.cleanup();
    }
  });
});

describe("a bare name's word search", () => {
  it('parses no file the use cannot see for anything but a function body or a type', async () => {
    // `pending_` is used bare in m.c and defined in no file m.c sees. Elsewhere a struct declares a
    // field of that name and a file defines a global of it: neither can be what m.c means (a bare
    // name found by name in a file the use's file does not see is a guess), so neither is parsed.
    // `settle` is declared in m.c's header and defined in a file m.c does not see: that body is
    // still searched for and shown.
    const use = (changed: boolean): string =>
      `#include "m.h"\nint step(int x) {\n  x += 1;\n${changed ? '  x += pending_ + settle(x);\n' : ''}  return x;\n}\n`;
    const base = {
      'm.h': 'int settle(int v);\n',
      'm.c': use(false),
      'queue/queue.h': 'struct queue {\n  int pending_;\n  int size;\n};\n',
      'worker/state.c': 'int pending_ = 0;\n',
      'worker/settle.c': 'int settle(int v) {\n  return v - 1;\n}\n',
    };
    const fixture = buildFixture(base, { 'm.c': use(true) });
    try {
      const result = await fixture.slice('full-flow');
      const slice = sliceAt(result, 'm.c', 4);
      expect(linesIn(slice, 'worker/settle.c')).toEqual(['int settle(int v) {', 'return v - 1;', '}']);
      const shown = new Set(slice.sections.map((s) => s.file));
      expect(shown.has('queue/queue.h') || shown.has('worker/state.c')).toBe(false);
      // m.c, m.h (what m.c includes) and the body's file: not the field's header nor the global's file.
      expect(result.stats.filesParsed).toBe(3);
    } finally {
      fixture.repo.cleanup();
    }
  });
});

describe("a member's word search", () => {
  it("parses no file that names none of the receiver's types: another type's method of the name cannot be tied", async () => {
    // `r.Read(n)` on a `Reader&`: Reader::Read is defined in impl/io.cc, which a.cc does not include.
    // Five classes of their own in files ranked before it define a `Read` inline: parsed first, they
    // used up the name's parses before impl/io.cc was reached.
    const DECOYS = 5;
    const use = (changed: boolean): string =>
      `#include "reader.h"\nint use(Reader& r) {\n  int n = 0;\n${changed ? '  n = r.Read(n);\n' : ''}  return n;\n}\n`;
    const base: Record<string, string> = {
      'reader.h': 'class Reader {\n public:\n  int Read(int n);\n};\n',
      'a.cc': use(false),
      'impl/io.cc': '#include "../reader.h"\nint Reader::Read(int n) {\n  return n + 1;\n}\n',
    };
    for (let i = 0; i < DECOYS; i++) base[`d${i}.h`] = `class Other${i} {\n public:\n  int Read(int n) { return n - ${i}; }\n};\n`;
    const f = buildFixture(base, { 'a.cc': use(true) });
    try {
      const full = await f.slice('full-flow');
      expect(linesIn(sliceAt(full, 'a.cc', 4), 'impl/io.cc')).toEqual(['int Reader::Read(int n) {', 'return n + 1;', '}']);
      // a.cc, reader.h and impl/io.cc: none of the decoys.
      expect(full.stats.filesParsed).toBe(3);
    } finally {
      f.repo.cleanup();
    }
  });
});
