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

describe('googletest fixture tests: a fixture of a header, its members in its base', () => {
  const TEST_UTIL_H = [
    '#pragma once',
    '#include "db/db.h"',
    'namespace kv {',
    'class DBTestBase : public testing::Test {',
    ' protected:',
    '  void Reopen(const Options& options);',
    '  DB* db_;',
    '  const char* dbname_;',
    '};',
    '}  // namespace kv',
    '',
  ].join('\n');
  const DB_TEST_H = [
    '#pragma once',
    '#include "db/db_test_util.h"',
    'namespace kv {',
    'class DBTest : public DBTestBase {};',
    '}  // namespace kv',
    '',
  ].join('\n');
  // A global of the same name the test file sees through an include: not what the test's `db_` means.
  const GLOBALS_H = [
    '#pragma once',
    '#include "db/db.h"',
    'namespace kv {',
    'extern DB* db_;',
    'void Reopen(const Options& options);',
    '}  // namespace kv',
    '',
  ].join('\n');
  const test = (changed: boolean): string =>
    [
      '#include "db/db_test.h"',
      '#include "tools/globals.h"',
      'namespace kv {',
      'TEST_F(DBTest, Reopen) {',
      '  Options options;',
      '  Reopen(options);',
      ...(changed ? ['  ASSERT_EQ(0, db_->Put(dbname_, "2"));'] : []),
      '  ASSERT_EQ(0, db_->Put("a", "1"));',
      '}',
      '}  // namespace kv',
      '',
    ].join('\n');
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(
      {
        'db/db.h': DB_H,
        'db/db_test_util.h': TEST_UTIL_H,
        'db/db_test.h': DB_TEST_H,
        'tools/globals.h': GLOBALS_H,
        'db/db_test.cc': test(false),
      },
      { 'db/db_test.cc': test(true) },
    );
  });
  afterAll(() => fixture.repo.cleanup());

  it.each(['left-flow', 'full-flow'] as const)(
    '%s: the fields a TEST_F body reads are its fixture’s base’s members, not a same-named global',
    async (algorithm) => {
      const result = await fixture.slice(algorithm);
      const slice = sliceAt(result, 'db/db_test.cc', 7);
      expect(linesIn(slice, 'db/db_test_util.h')).toEqual(expect.arrayContaining(['DB* db_;', 'const char* dbname_;']));
      expect(linesIn(slice, 'tools/globals.h')).not.toContain('extern DB* db_;');
      expect(slice.sections.find((s) => s.file === 'db/db_test.cc' && s.lines.some((l) => l.op === '+'))?.context).toBe('DBTest::Reopen');
    },
  );
});

describe('googletest fixture tests: the word search of a member', () => {
  it('searches the repository for no field its fixture’s base declares', async () => {
    // `db_` is DBTestBase's: the headers db_test_util.h includes declare fields `db_` of their own
    // classes (their constructors' `: db_(db)` read like a call of a function `db_`), and none of
    // them is parsed for it: a member of the fixture hides a same-named global.
    const DECOYS = 4;
    const util = testUtilHeader(DECOYS, '  int Put(const char* k, const char* v);');
    const test = (changed: boolean): string =>
      [
        '#include "db/db_test_util.h"',
        'namespace kv {',
        'class DBTest : public DBTestBase {};',
        'TEST_F(DBTest, Put) {',
        '  int n = 0;',
        ...(changed ? ['  n += db_->Put("b", "2");'] : []),
        '  ASSERT_EQ(0, n);',
        '}',
        '}  // namespace kv',
        '',
      ].join('\n');
    const base: Record<string, string> = { 'db/db_test_util.h': util, 'db/db_test.cc': test(false) };
    for (let i = 0; i < DECOYS; i++)
      base[`db/part${i}.h`] = [
        '#pragma once',
        'namespace kv {',
        'class DB;',
        `class Part${i} {`,
        ' public:',
        `  explicit Part${i}(DB* db)`,
        '      : db_(db) {}',
        '',
        ' private:',
        '  DB* db_;',
        '};',
        '}  // namespace kv',
        '',
      ].join('\n');
    // db_test.cc and db_test_util.h: none of the headers that declare a `db_` of another class.
    await expectShownWithoutDecoys(base, test(true), 6, 'db/db_test_util.h', 'DB* db_;');
  });
});

describe('googletest fixture tests: a call through a member', () => {
  it('looks up the call in the member’s declared type, not in a type named as the member', async () => {
    // `db_->Fill(n)` before the change may write `n` (a mutable reference): `db_` is DBTestBase's
    // `DB* db_`, so the call is DB::Fill, shown as an earlier write of `n`; the headers declaring a
    // Fill of another class are not parsed for it.
    const DECOYS = 4;
    const util = testUtilHeader(DECOYS, '  void Fill(int& out);');
    const test = (changed: boolean): string =>
      [
        '#include "db/db_test_util.h"',
        'namespace kv {',
        'class DBTest : public DBTestBase {};',
        'TEST_F(DBTest, Fill) {',
        '  int n = 0;',
        '  db_->Fill(n);',
        ...(changed ? ['  ASSERT_EQ(1, n);'] : []),
        '}',
        '}  // namespace kv',
        '',
      ].join('\n');
    const base: Record<string, string> = { 'db/db_test_util.h': util, 'db/db_test.cc': test(false) };
    for (let i = 0; i < DECOYS; i++)
      base[`db/part${i}.h`] = [
        '#pragma once',
        'namespace kv {',
        `class Part${i} {`,
        ' public:',
        '  void Fill(int& out);',
        '};',
        '}  // namespace kv',
        '',
      ].join('\n');
    // db_test.cc and db_test_util.h: none of the headers declaring a Fill of another class.
    await expectShownWithoutDecoys(base, test(true), 7, 'db/db_test.cc', 'db_->Fill(n);');
  });
});

/** db/db_test_util.h: includes of `decoys` headers db/part*.h, class DB with `method`, and DBTestBase holding `DB* db_`. */
function testUtilHeader(decoys: number, method: string): string {
  return [
    '#pragma once',
    ...Array.from({ length: decoys }, (_, i) => `#include "db/part${i}.h"`),
    'namespace kv {',
    'class DB {',
    ' public:',
    method,
    '};',
    'class DBTestBase {',
    ' protected:',
    '  DB* db_;',
    '};',
    '}  // namespace kv',
    '',
  ].join('\n');
}

/**
 * Slices the change of db/db_test.cc with both flows and expects `line` of `file` in the slice of
 * `at`, no section of a decoy header (db/part*.h), and only the two files parsed.
 */
async function expectShownWithoutDecoys(
  base: Record<string, string>,
  changed: string,
  at: number,
  file: string,
  line: string,
): Promise<void> {
  const fixture = buildFixture(base, { 'db/db_test.cc': changed });
  try {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await fixture.slice(algorithm);
      const slice = sliceAt(result, 'db/db_test.cc', at);
      expect(linesIn(slice, file)).toContain(line);
      expect(slice.sections.some((s) => s.file.startsWith('db/part'))).toBe(false);
      expect(result.stats.filesParsed).toBe(2);
    }
  } finally {
    fixture.repo.cleanup();
  }
}
