import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

// A C++ project whose changed lines call methods of its own classes through every kind of receiver
// (a parameter, a member, a local built with make_unique or auto, `this`), overloads, an
// out-of-line definition, a loop that writes what it reads, a macro and an alias.
const BASE: Record<string, string> = {
  'util/slice.h': [
    '#pragma once',
    'namespace kv {',
    'class KV_EXPORT Slice {',
    ' public:',
    '  int size() const { return n_; }',
    '  const char* data() const { return d_; }',
    ' private:',
    '  const char* d_;',
    '  int n_;',
    '};',
    '}  // namespace kv',
    '',
  ].join('\n'),
  'port/mutex.h': [
    '#pragma once',
    'class LOCKABLE Mutex {',
    ' public:',
    '  void Lock() EXCLUSIVE_LOCK_FUNCTION();',
    '  void Unlock() UNLOCK_FUNCTION();',
    '};',
    '',
  ].join('\n'),
  'other/mutex_fake.h': ['#pragma once', 'class FakeMutex {', ' public:', '  void Lock();', '};', ''].join('\n'),
  'db/table.h': [
    '#pragma once',
    '#include "util/slice.h"',
    '#include "port/mutex.h"',
    '#define kMaxKey 64',
    'using Id = int;',
    '#include "db/writer.h"',
    'class Table {',
    ' public:',
    '  int Put(const kv::Slice& key);',
    '  int Put(const kv::Slice& key, int value);',
    '  void Flush();',
    ' private:',
    '  Mutex mu_;',
    '  int count_;',
    '  char buf_[8];',
    '};',
    '',
  ].join('\n'),
  'db/writer.h': ['#pragma once', 'class Writer {', ' public:', '  void Run();', '};', ''].join('\n'),
  'db/writer.cc': ['#include "db/writer.h"', 'void Writer::Run() {', '}', ''].join('\n'),
  'db/table.cc': [
    '#include "db/table.h"',
    '#include <memory>',
    'void Table::Flush() {',
    '  count_ = 0;',
    '}',
    'int Table::Put(const kv::Slice& key) {',
    '  return Put(key, 0);',
    '}',
    'int Table::Put(const kv::Slice& key, int value) {',
    '  mu_.Lock();',
    '  int n = 0;',
    '  auto w = std::make_unique<Writer>();',
    '  Id id = 0;',
    '  while (n < value) {',
    '    count_ += n;',
    '    n = n + 1;',
    '  }',
    '  mu_.Unlock();',
    '  return count_;',
    '}',
    '',
  ].join('\n'),
};

const HEAD: Record<string, string> = {
  'db/table.cc': BASE['db/table.cc']!.replace('  count_ = 0;', '  count_ = static_cast<int>(offsetof(Table, buf_));')
    .replace('  return Put(key, 0);', '  return Put(key, key.size());')
    .replace('    count_ += n;', '    count_ += n + key.size() + kMaxKey + static_cast<Id>(id);\n    w->Run();\n    Flush();'),
};

describe('C++ slices resolve calls through their receivers', () => {
  let fixture: Fixture;
  let full: SliceResult;
  let left: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(BASE, HEAD);
    full = await fixture.slice('full-flow');
    left = await fixture.slice('left-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it("a method of the project's own class behind a parameter, past an export macro (key.size())", () => {
    expect(linesIn(sliceAt(full, 'db/table.cc', 7), 'util/slice.h')).toContain('int size() const { return n_; }');
  });

  it('the overload with as many parameters as the call has arguments, and no other', () => {
    const lines = linesIn(sliceAt(full, 'db/table.cc', 7), 'db/table.cc');
    expect(lines).toContain('int Table::Put(const kv::Slice& key, int value) {');
    expect(lines.filter((l) => l.startsWith('int Table::Put('))).toHaveLength(2); // its own function's header, and the callee
  });

  it("a local built by make_unique (its class's declaration and the out-of-line definition), a method of this class called bare", () => {
    const slice = sliceAt(full, 'db/table.cc', 16);
    expect(linesIn(slice, 'db/writer.h')).toContain('void Run();');
    expect(linesIn(slice, 'db/writer.cc')).toContain('void Writer::Run() {');
    expect(linesIn(slice, 'db/table.cc')).toContain('void Table::Flush() {');
  });

  it('left-flow: a write later in the loop body is a prior write of the next iteration; a macro and an alias used on the line', () => {
    const slice = sliceAt(left, 'db/table.cc', 15);
    expect(linesIn(slice, 'db/table.cc')).toEqual(
      expect.arrayContaining(['int n = 0;', 'while (n < value) {', 'n = n + 1;', 'Id id = 0;']),
    );
    expect(linesIn(slice, 'db/table.h')).toEqual(expect.arrayContaining(['#define kMaxKey 64', 'using Id = int;']));
  });

  it('left-flow: a member named by offsetof(T, member)', () => {
    expect(linesIn(sliceAt(left, 'db/table.cc', 4), 'db/table.h')).toContain('char buf_[8];');
  });

  it('never a same-named class elsewhere that the file does not include', () => {
    for (const s of full.slices) expect(s.sections.map((sec) => sec.file)).not.toContain('other/mutex_fake.h');
  });
});

describe('C++ types declared with an attribute between the keyword and the name', () => {
  it.each([
    ['alignas', 'struct alignas(64) Padded {'],
    ['an alignment macro', 'class ALIGN_AS(CACHE_LINE_SIZE) Padded'],
    ['an attribute', 'struct [[nodiscard]] Padded {'],
  ])('full-flow: a field’s type declared with %s in a header the changed file reaches through another', async (_, head) => {
    // `mu_` is Holder's, of type Padded: util/pad.h is included by db/holder.h only, so only a word
    // search for the type finds it.
    const padH = ['#pragma once', head, ...(head.endsWith('{') ? [] : ['    : public Base {']), '  int n;', '};', ''].join('\n');
    const source = (changed: boolean): string =>
      [
        '#include "db/holder.h"',
        'void Holder::Step() {',
        '  int x = 0;',
        ...(changed ? ['  x += mu_.n;'] : []),
        '  (void)x;',
        '}',
        '',
      ].join('\n');
    const fixture = buildFixture(
      {
        'util/pad.h': padH.replace('#pragma once', '#pragma once\nstruct Base {};'),
        'db/holder.h': [
          '#pragma once',
          '#include "util/pad.h"',
          'class Holder {',
          ' public:',
          '  void Step();',
          '',
          ' private:',
          '  Padded mu_;',
          '};',
          '',
        ].join('\n'),
        'db/holder.cc': source(false),
      },
      { 'db/holder.cc': source(true) },
    );
    try {
      const slice = sliceAt(await fixture.slice('full-flow'), 'db/holder.cc', 4);
      expect(linesIn(slice, 'db/holder.h')).toContain('Padded mu_;');
      expect(linesIn(slice, 'util/pad.h')).toContain(head);
    } finally {
      fixture.repo.cleanup();
    }
  });
});
