import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import { buildFixture, sliceAt, type Fixture } from './fixtures.js';

// LevelDB's Version::Get declares `struct State` inside the function: the lines of Get after it,
// deleted ones too, sit under Get's header, not State's.
describe('a type declared inside a function', () => {
  const source = (line: string): string =>
    [
      '#include "v.h"',
      'int Version::Get(int k) {',
      '  struct State {',
      '    int found;',
      '    static bool Match(void* arg) { return true; }',
      '  };',
      `  ${line}`,
      '  return state.found;',
      '}',
      '',
    ].join('\n');
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(
      { 'v.h': 'class Version {\n public:\n  int Get(int k);\n};\n', 'v.cc': source('State state;') },
      { 'v.cc': source('State state = {k};') },
    );
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it("the changed lines after it, the deleted one included, are under the function's header", () => {
    const sections = sliceAt(result, 'v.cc', 7).sections.map((s) => [s.context, s.lines.map((l) => `${l.op}${l.text.trim()}`)]);
    expect(sections).toContainEqual(['State', [' };']]);
    expect(sections).toContainEqual(['Version::Get', ['-State state;', '+State state = {k};', ' return state.found;']]);
  });
});
