/**
 * A googletest fixture test (`TEST_F(DBTest, Reopen) { ... }`) is a method of a class derived from
 * the fixture: a bare call or field there is the fixture's member, as clangd resolves it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const test = (changed: boolean): string =>
  [
    '#include "db/db.h"',
    'namespace kv {',
    'class DBTest : public testing::Test {',
    ' public:',
    '  Options CurrentOptions() {',
    '    Options options;',
    '    options.create = true;',
    '    return options;',
    '  }',
    '  void Reopen(Options* options) { db_ = Open(*options); }',
    '  int Put(const char* k, const char* v) { return db_->Put(k, v); }',
    '  DB* db_;',
    '  int writes_;',
    '};',
    '',
    'TEST_F(DBTest, Reopen) {',
    '  Options options = CurrentOptions();',
    '  Reopen(&options);',
    ...(changed ? ['  ASSERT_EQ(0, Put("b", "2") + writes_);'] : []),
    '  ASSERT_EQ(0, Put("a", "1"));',
    '}',
    '}  // namespace kv',
    '',
  ].join('\n');

const DB_H = [
  '#pragma once',
  'namespace kv {',
  'struct Options {',
  '  bool create;',
  '};',
  'class DB {',
  ' public:',
  '  int Put(const char* k, const char* v);',
  '};',
  'int Put(const char* k, const char* v);',
  'DB* Open(const Options& options);',
  '}  // namespace kv',
  '',
].join('\n');

describe('googletest fixture tests', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture({ 'db/db.h': DB_H, 'db/db_test.cc': test(false) }, { 'db/db_test.cc': test(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('full-flow: a bare call and field in TEST_F(DBTest, …) are DBTest’s members, not same-named free functions', async () => {
    const result = await fixture.slice('full-flow');
    const slice = sliceAt(result, 'db/db_test.cc', 19);
    const lines = linesIn(slice, 'db/db_test.cc');
    expect(lines).toContain('int Put(const char* k, const char* v) { return db_->Put(k, v); }');
    expect(lines).toContain('int writes_;');
    expect(linesIn(slice, 'db/db.h')).not.toContain('int Put(const char* k, const char* v);');
    expect(slice.sections.find((s) => s.file === 'db/db_test.cc' && s.lines.some((l) => l.op === '+'))?.context).toBe('DBTest::Reopen');
  });
});
