import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { CPP_BASE, CPP_HEAD } from './cpp-fixture.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

// Golden slices of the C++ fixture: a mixed hunk replaces `values_[slot] = value;` (line 20) in an
// out-of-line method, using a member declared in the header, a structured binding, a lambda, a
// static global, a local written through a non-const reference parameter, and a member call.
describe('slicing a C++ change', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(CPP_BASE, CPP_HEAD);
    for (const algorithm of ['original-diff', 'parent-function', 'left-flow', 'full-flow'] as const)
      results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const slice = (a: SliceAlgorithm) => sliceAt(results.get(a) as SliceResult, 'db/table.cc', 20);

  it('original-diff: both sides of the mixed hunk under the namespace and method headers', () => {
    expect(slice('original-diff').rendered).toBe(
      '## db/table.cc · in Table::Put\n  2 namespace kv {\n...\n 10 bool Table::Put(const std::string& key, int value) {\n...\n-20   values_[slot] = value;\n+20   values_[slot % cap] = add(value) + g_puts + Size();',
    );
  });

  it('parent-function: the whole method with both sides of the mixed hunk, under the namespace header, and no other function', () => {
    expect(slice('parent-function').rendered).toBe(
      [
        '## db/table.cc · in Table::Put',
        '  2 namespace kv {',
        '...',
        ' 10 bool Table::Put(const std::string& key, int value) {',
        ' 11   int cap = capacity_;',
        ' 12   auto [ok, slot] = std::make_pair(true, count_);',
        ' 13   if (count_ >= cap) {',
        ' 14     Grow(cap);',
        ' 15   }',
        ' 16   for (auto& v : values_) {',
        ' 17     v += 0;',
        ' 18   }',
        ' 19   auto add = [&](int x) { return x + value; };',
        '-20   values_[slot] = value;',
        '+20   values_[slot % cap] = add(value) + g_puts + Size();',
        ' 21   count_++;',
        ' 22   g_puts++;',
        ' 23   return ok && !values_.empty();',
        ' 24 }',
      ].join('\n'),
    );
    expect(slice('parent-function').sections.map((s) => s.file)).toEqual(['db/table.cc']);
  });

  it('left-flow: member field in the header, structured binding, lambda, static global, write through a reference parameter', () => {
    const lines = linesIn(slice('left-flow'), 'db/table.cc');
    for (const must of [
      'static int g_puts = 0;',
      'int cap = capacity_;',
      'auto [ok, slot] = std::make_pair(true, count_);',
      'if (count_ >= cap) {',
      'Grow(cap);',
      'auto add = [&](int x) { return x + value; };',
    ]) {
      expect(lines).toContain(must);
    }
    for (const mustNot of ['for (auto& v : values_) {', 'v += 0;', 'count_++;', 'g_puts++;', 'return ok && !values_.empty();'])
      expect(lines).not.toContain(mustNot);
    expect(linesIn(slice('left-flow'), 'db/table.h')).toEqual(['class Table {', 'std::vector<int> values_;']);
  });

  it('full-flow: adds later uses of what the change writes and the called method', () => {
    const lines = linesIn(slice('full-flow'), 'db/table.cc');
    expect(lines).toContain('return ok && !values_.empty();');
    expect(lines).toContain('int Table::Size() const { return count_; }');
    expect(lines).not.toContain('v += 0;');
    expect(lines).not.toContain('count_++;');
  });

  it('each algorithm holds the original-diff slice, and original-diff ⊆ left-flow ⊆ full-flow', () => {
    const lineSet = (a: SliceAlgorithm): Set<string> =>
      new Set(slice(a).sections.flatMap((sec) => sec.lines.map((l) => `${sec.file}|${l.op}|${l.old}|${l.new}`)));
    const missing = (from: SliceAlgorithm, inside: SliceAlgorithm): string[] =>
      [...lineSet(from)].filter((line) => !lineSet(inside).has(line));
    for (const algorithm of ['parent-function', 'left-flow', 'full-flow'] as const) expect(missing('original-diff', algorithm)).toEqual([]);
    expect(missing('left-flow', 'full-flow')).toEqual([]);
  });
});
