import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const RING = `#pragma once
template <typename T>
T clamp_add(T a, T b, T limit) {
  T sum = a + b;
  T unused = a;
  if (sum > limit) {
    sum = limit;
  }
  return sum;
}
template <typename T>
class Ring {
 public:
  void Push(const T& v) {
    items_[head_] = v;
    int spare = 0;
  }
  int Drop(int n);
 private:
  T items_[16];
  int head_ = 0;
  int cap_ = 16;
  int other_ = 0;
};
template <typename T>
int Ring<T>::Drop(int n) {
  int left = n;
  int spare = 1;
  return left;
}
`;

// One change each in a function template (line 9), an inline member of a class template (18) and
// an out-of-line member of it (31); a call to an overloaded function (use.cc:5); a variable-like
// and a function-like macro from a header (src/q.c:4-5).
const BASE: Record<string, string> = {
  'tpl/ring.h': RING,
  'tpl/user.cc': '#include "ring.h"\n',
  'fmt.h':
    '#pragma once\n#include <string>\nstd::string Format(int v);\nstd::string Format(double v);\nstd::string Format(const std::string& s, int width);\nint Unrelated(int v);\n',
  'log.h': '#pragma once\n#include <string>\nvoid Log(const std::string& s);\n',
  'use.cc': '#include "fmt.h"\n#include "log.h"\nvoid Report(int n) {\n  int k = n * 2;\n}\n',
  'inc/cfg.h': '#ifndef CFG_H\n#define CFG_H\n#define MAX_ITEMS 64\n#define SCALE(x) ((x) * 4)\n#define OTHER 1\n#endif\n',
  'src/q.c': '#include "../inc/cfg.h"\nint fill(int *out, int n) {\n  int i = 0;\n  return i;\n}\n',
};
const HEAD: Record<string, string> = {
  'tpl/ring.h': RING.replace('  return sum;\n', '  sum += b;\n  return sum;\n')
    .replace('    int spare = 0;\n', '    int spare = 0;\n    head_ = (head_ + 1) % cap_;\n')
    .replace('  int spare = 1;\n', '  int spare = 1;\n  head_ = (head_ + left) % cap_;\n'),
  'use.cc': '#include "fmt.h"\n#include "log.h"\nvoid Report(int n) {\n  int k = n * 2;\n  Log(Format(k));\n}\n',
  'src/q.c':
    '#include "../inc/cfg.h"\nint fill(int *out, int n) {\n  int i = 0;\n  if (n > MAX_ITEMS) n = MAX_ITEMS;\n  out[i] = SCALE(n);\n  return i;\n}\n',
};

describe('slicing templates, overloads and macros', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(BASE, HEAD);
    for (const algorithm of ['original-diff', 'left-flow', 'full-flow'] as const) results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const at = (a: SliceAlgorithm, file: string, line: number) => sliceAt(results.get(a) as SliceResult, file, line);

  it('a function template: the template header with the signature, then its locals and earlier writes', () => {
    expect(linesIn(at('original-diff', 'tpl/ring.h', 9), 'tpl/ring.h')).toEqual([
      'template <typename T>',
      'T clamp_add(T a, T b, T limit) {',
      '+sum += b;',
    ]);
    expect(linesIn(at('left-flow', 'tpl/ring.h', 9), 'tpl/ring.h')).toEqual([
      'template <typename T>',
      'T clamp_add(T a, T b, T limit) {',
      'T sum = a + b;',
      'if (sum > limit) {',
      'sum = limit;',
      '+sum += b;',
    ]);
  });

  it('an inline member of a class template: the template and class headers, and the fields it uses', () => {
    expect(linesIn(at('left-flow', 'tpl/ring.h', 18), 'tpl/ring.h')).toEqual([
      'template <typename T>',
      'class Ring {',
      'void Push(const T& v) {',
      '+head_ = (head_ + 1) % cap_;',
      'int head_ = 0;',
      'int cap_ = 16;',
    ]);
  });

  it('an out-of-line member of a class template (Ring<T>::Drop) finds the fields of Ring', () => {
    expect(linesIn(at('left-flow', 'tpl/ring.h', 31), 'tpl/ring.h')).toEqual([
      'template <typename T>',
      'class Ring {',
      'int head_ = 0;',
      'int cap_ = 16;',
      'template <typename T>',
      'int Ring<T>::Drop(int n) {',
      'int left = n;',
      '+head_ = (head_ + left) % cap_;',
    ]);
  });

  it('a call to an overloaded function: full-flow shows the overloads taking as many arguments as the call passes, left-flow none', () => {
    expect(linesIn(at('full-flow', 'use.cc', 5), 'fmt.h')).toEqual(['std::string Format(int v);', 'std::string Format(double v);']);
    expect(linesIn(at('full-flow', 'use.cc', 5), 'log.h')).toEqual(['void Log(const std::string& s);']);
    expect(linesIn(at('left-flow', 'use.cc', 5), 'fmt.h')).toEqual([]);
  });

  it('macros from another header: a variable-like use in left-flow and full-flow, a function-like one (a callee) in full-flow only', () => {
    expect(linesIn(at('left-flow', 'src/q.c', 4), 'inc/cfg.h')).toEqual(['#define MAX_ITEMS 64']);
    expect(linesIn(at('full-flow', 'src/q.c', 4), 'inc/cfg.h')).toEqual(['#define MAX_ITEMS 64', '#define SCALE(x) ((x) * 4)']);
  });
});
