import { describe, expect, it } from '@jest/globals';
import { Git, GitError } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import { sliceChange } from '../../src/slicing/index.js';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

// Each case builds a small repository whose change stresses one robustness requirement.
describe('slicing robustness', () => {
  const build = fixturesPerTest();

  it('a file whose slices have used up their time gets the original-diff slice of each remaining change, still reviewed', async () => {
    const base = {
      'a.c': 'int g(int x) {\n  return x;\n}\nint f(int a) {\n  int b = a;\n  return b;\n}\n\nint h(int c) {\n  return c;\n}\n',
    };
    const head = { 'a.c': base['a.c'].replace('  return b;', '  return g(b) + 1;').replace('  return c;', '  return c * 2;') };
    const f = build(base, head);
    const timely = await f.slice('full-flow');
    expect(timely.slices.map((s) => s.algorithm)).toEqual(['full-flow', 'full-flow']);
    expect(linesIn(sliceAt(timely, 'a.c', 6), 'a.c')).toContain('int b = a;');

    const late = await f.slice('full-flow', 100_000, { fileTimeLimitMs: 0 });
    expect(late.slices.map((s) => [s.algorithm, s.requestedAlgorithm])).toEqual([
      ['original-diff', 'full-flow'],
      ['original-diff', 'full-flow'],
    ]);
    expect(linesIn(sliceAt(late, 'a.c', 6), 'a.c')).not.toContain('int b = a;');
    expect(late.slices.map((s) => s.degraded)).toEqual([
      expect.stringContaining('out of slicing time'),
      expect.stringContaining('out of slicing time'),
    ]);
    expect(timely.slices.map((s) => s.degraded)).toEqual([undefined, undefined]);
    expect(late.stats.files).toEqual([{ path: 'a.c', language: 'C', coverage: 'context' }]);
  });

  it('a base revision whose tree cannot be listed is read by path: a change that deletes code is sliced as before', async () => {
    const base = { 'a.c': 'int f(int a) {\n  int b = a;\n  b++;\n  return b;\n}\n' };
    const f = build(base, { 'a.c': base['a.c'].replace('  b++;\n', '') });
    const expected = await f.slice('left-flow');
    const git = await Git.open(f.repo.dir);
    try {
      const diff = await readDiff(git, f.base, f.head, { fetchRemote: null });
      const listTree = git.listTree.bind(git);
      let refused = 0;
      // The listing only lets git read blobs by id; reading the base's file must not depend on it.
      git.listTree = (rev) => {
        if (rev !== diff.baseSha) return listTree(rev);
        refused++;
        return Promise.reject(new GitError('git ls-tree failed (exit 128): fatal: not a tree object', ['ls-tree'], ''));
      };
      const result = await sliceChange(git, diff, diff.files, { algorithm: 'left-flow', tokenBudget: 100_000 });
      expect(refused).toBeGreaterThan(0);
      expect(result.slices.map((s) => s.rendered)).toEqual(expected.slices.map((s) => s.rendered));
      expect(linesIn(sliceAt(result, 'a.c', 3), 'a.c')).toContain('-b++;');
      expect(result.stats.files).toEqual([{ path: 'a.c', language: 'C', coverage: 'context' }]);
    } finally {
      git.close();
    }
  });

  it('skips binary files with a reason, slices C, and reviews other text from its diff', async () => {
    const f = build(
      { 'a.c': 'int f(int a) {\n  return a;\n}\n', 'notes.txt': 'a\n', 'blob.c': 'int z;\n' },
      {
        'a.c': 'int f(int a) {\n  a++;\n  return a;\n}\n',
        'notes.txt': 'b\n',
        'blob.c': Buffer.from([0x69, 0x6e, 0x74, 0x00, 0x01, 0x0a]),
      },
    );
    const result = await f.slice('left-flow');
    expect(result.slices.map((s) => [s.seed.file, s.language, s.algorithm])).toEqual([
      ['a.c', 'C', 'left-flow'],
      ['notes.txt', 'text', 'original-diff'],
    ]);
    expect(result.slices[1]!.rendered).toBe('## notes.txt · diff only (plain text)\n-1 a\n+1 b');
    expect(result.stats.skipped).toEqual([{ path: 'blob.c', reason: 'binary file' }]);
    expect([...result.stats.files].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'a.c', language: 'C', coverage: 'context' },
      { path: 'blob.c', language: null, coverage: 'skipped', reason: 'binary file' },
      { path: 'notes.txt', language: 'text', coverage: 'diff', reason: 'plain text' },
    ]);
  });

  it('a file over 1 MB is not parsed but sliced from its hunks alone: one original-diff slice per hunk, in the Table 1 format', async () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => `int v${i} = ${i};`);
    const changed = [...lines];
    changed[9] = 'int v9 = -9;';
    changed.splice(100_000, 1);
    const f = build(
      { 'a.c': 'int f(int a) {\n  return a;\n}\n', 'big.c': lines.join('\n') + '\n' },
      { 'a.c': 'int f(int a) {\n  a++;\n  return a;\n}\n', 'big.c': changed.join('\n') + '\n' },
    );
    const result = await f.slice('full-flow');
    expect(result.stats.skipped).toEqual([]);
    const big = result.slices.filter((s) => s.seed.file === 'big.c');
    expect(big.map((s) => [s.algorithm, s.requestedAlgorithm, s.seed])).toEqual([
      ['original-diff', 'full-flow', { file: 'big.c', startLine: 10, endLine: 10 }],
      ['original-diff', 'full-flow', { file: 'big.c', startLine: 100_001, endLine: 100_001 }],
    ]);
    const header = `## big.c · diff only (larger than 1 MB (${changed.join('\n').length + 1} bytes))`;
    expect(big[0]!.rendered).toBe(
      [
        header,
        '  7 int v6 = 6;',
        '  8 int v7 = 7;',
        '  9 int v8 = 8;',
        '-10 int v9 = 9;',
        '+10 int v9 = -9;',
        ' 11 int v10 = 10;',
        ' 12 int v11 = 11;',
        ' 13 int v12 = 12;',
      ].join('\n'),
    );
    expect(big[1]!.sections[0]!.side).toBe('base');
    expect(linesIn(big[1]!, 'big.c')).toEqual([
      'int v99997 = 99997;',
      'int v99998 = 99998;',
      'int v99999 = 99999;',
      '-int v100000 = 100000;',
      'int v100001 = 100001;',
      'int v100002 = 100002;',
      'int v100003 = 100003;',
    ]);
    expect(linesIn(sliceAt(result, 'a.c', 2), 'a.c')).toContain('+a++;');
  });

  it('slices through syntax errors, non-UTF-8 bytes and a preprocessor conditional around the change', async () => {
    const base = '#include "h.h"\nint g(int n) {\n  int k = n;\n#ifdef FAST\n  k = 2;\n#endif\n  return k;\n}\n';
    const head = Buffer.concat([
      Buffer.from('#include "h.h"\nint g(int n) {\n  int k = n; /* caf'),
      Buffer.from([0xe9]),
      Buffer.from(' */\n#ifdef FAST\n  k = 2;\n  k += n)) ;\n#endif\n  return k;\n}\n'),
    ]);
    const f = build({ 'g.c': base, 'h.h': 'int g(int n);\n' }, { 'g.c': head });
    const result = await f.slice('left-flow');
    const lines = linesIn(sliceAt(result, 'g.c', 6), 'g.c');
    expect(lines).toEqual(['int g(int n) {', '+int k = n; /* caf\uFFFD */', 'k = 2;', '+k += n)) ;']);
    expect(linesIn(sliceAt(result, 'g.c', 3), 'g.c')).toEqual(['int g(int n) {', '-int k = n;', '+int k = n; /* caf\uFFFD */']);
  });

  it('a changed #define or #include line does not pull the next line into the change', async () => {
    const base = '#define LIMIT 4\n#include "h.h"\nint f(int v) {\n  return v < LIMIT;\n}\n';
    const head = '#define LIMIT 8\n#include "h2.h"\nint f(int v) {\n  return v < LIMIT;\n}\n';
    const f = build({ 't.c': base, 'h.h': '', 'h2.h': '' }, { 't.c': head });
    const result = await f.slice('original-diff');
    expect(result.slices).toHaveLength(1);
    // The #include joins the #define's slice (an import line makes no slice of its own).
    expect(result.slices[0]!.seed).toEqual({ file: 't.c', startLine: 1, endLine: 1 });
    expect(linesIn(result.slices[0]!, 't.c')).toEqual(expect.arrayContaining(['+#define LIMIT 8', '+#include "h2.h"']));
    expect(linesIn(result.slices[0]!, 't.c')).not.toContain('int f(int v) {');
  });

  it('section headers name only the scope their lines are in: file-scope declarations get no function name', async () => {
    const base = 'static int g_count;\nstruct Item { int n; };\nvoid drop(struct Item* it) {\n  it->n = 0;\n}\n';
    const head = 'static int g_count;\nstruct Item { int n; };\nvoid drop(struct Item* it) {\n  it->n = 0;\n  g_count--;\n}\n';
    const f = build({ 'q.c': base }, { 'q.c': head });
    const slice = (await f.slice('left-flow')).slices[0]!;
    const sections = slice.sections.map((s) => [s.context, s.lines.map((l) => l.text.trim())]);
    expect(sections).toEqual([
      [null, ['static int g_count;']],
      ['drop', ['void drop(struct Item* it) {', 'g_count--;']],
    ]);
  });

  it('parses .h as C++ when the revision has C++ sources (class members resolve)', async () => {
    const f = build(
      {
        'w.h': 'class W {\n public:\n  void Run();\n private:\n  int ticks_;\n};\n',
        'w.cc': '#include "w.h"\nvoid W::Run() {\n  int t = 0;\n}\n',
      },
      { 'w.cc': '#include "w.h"\nvoid W::Run() {\n  int t = 0;\n  ticks_ = t;\n}\n' },
    );
    const slice = (await f.slice('left-flow')).slices[0]!;
    expect(linesIn(slice, 'w.h')).toEqual(['class W {', 'int ticks_;']);
    expect(linesIn(slice, 'w.cc')).toContain('int t = 0;');
  });

  it('constructor initializer lists, range-for and namespaces give headers and declarations', async () => {
    const base =
      'namespace a {\nstruct P { int n; };\nP::P(int v) : n(v) {\n}\nint sum(const int* xs, int c) {\n  int s = 0;\n  for (int i = 0; i < c; i++) {\n  }\n  return s;\n}\n}\n';
    const head = base.replace('  for (int i = 0; i < c; i++) {\n  }', '  for (int i = 0; i < c; i++) {\n    s += xs[i];\n  }');
    const f = build({ 'p.cc': base }, { 'p.cc': head });
    const slice = (await f.slice('left-flow')).slices[0]!;
    expect(linesIn(slice, 'p.cc')).toEqual([
      'namespace a {',
      'int sum(const int* xs, int c) {',
      'int s = 0;',
      'for (int i = 0; i < c; i++) {',
      '+s += xs[i];',
    ]);
  });

  it('a change inside a constructor shows its signature and whole initializer list, and the member it writes', async () => {
    const ctor = '#include "p.h"\nP::P(int v, int w)\n    : n_(v),\n      m_(w) {\n  int k = v;\n  int j = 0;\n';
    const f = build(
      { 'p.h': 'struct P {\n  P(int v, int w);\n  int n_;\n  int m_;\n};\n', 'p.cc': `${ctor}}\n` },
      { 'p.cc': `${ctor}  n_ += k;\n}\n` },
    );
    expect(linesIn((await f.slice('original-diff')).slices[0]!, 'p.cc')).toEqual([
      'P::P(int v, int w)',
      ': n_(v),',
      'm_(w) {',
      '+n_ += k;',
    ]);
    const slice = (await f.slice('left-flow')).slices[0]!;
    expect(linesIn(slice, 'p.cc')).toEqual(['P::P(int v, int w)', ': n_(v),', 'm_(w) {', 'int k = v;', '+n_ += k;']);
    expect(linesIn(slice, 'p.h')).toEqual(['struct P {', 'int n_;']);
    // The local's line sits in the constructor's section, not in a file-scope one.
    expect(slice.sections.filter((s) => s.file === 'p.cc').map((s) => s.context)).toEqual(['P::P']);
  });

  it('a change inside a range-for body: the loop header and the declaration of the range are in left-flow', async () => {
    const before =
      '#include <vector>\nint total(const std::vector<int>& in) {\n  std::vector<int> xs = in;\n  int unrelated = 1;\n  int s = 0;\n  for (auto& x : xs) {\n    unrelated++;\n';
    const after = '  }\n  return s;\n}\n';
    const f = build({ 'r.cc': before + after }, { 'r.cc': `${before}    s += x;\n${after}` });
    const slice = (await f.slice('left-flow')).slices[0]!;
    expect(linesIn(slice, 'r.cc')).toEqual([
      'int total(const std::vector<int>& in) {',
      'std::vector<int> xs = in;',
      'int s = 0;',
      'for (auto& x : xs) {',
      '+s += x;',
    ]);
  });
});
