/**
 * The headers a file includes are parsed for a name only when their text hints at a definition of
 * it, as the word search's candidates are: a header that does not define the name adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const HEADERS = 4;
const source = (changed: boolean): string =>
  [
    ...Array.from({ length: HEADERS }, (_, i) => `#include "util/h${i}.h"`),
    '#include "util/limits.h"',
    'int Clamp(int n) {',
    '  int total = n;',
    ...(changed ? ['  if (total > kLimit) total = kLimit;'] : []),
    '  return total;',
    '}',
    '',
  ].join('\n');

const BASE: Record<string, string> = {
  'src/clamp.cc': source(false),
  'util/limits.h': '#pragma once\nconst int kLimit = 64;\n',
};
// Each header mentions the name without defining it.
for (let i = 0; i < HEADERS; i++) BASE[`util/h${i}.h`] = `#pragma once\n// Helper${i}(v) stays under kLimit.\nint Helper${i}(int v);\n`;

describe('a name read on a changed line, defined in one of the headers the file includes', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, { 'src/clamp.cc': source(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('is found in the header defining it, and no other header is parsed', async () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await fixture.slice(algorithm);
      const slice = sliceAt(result, 'src/clamp.cc', 8);
      expect(linesIn(slice, 'util/limits.h')).toContain('const int kLimit = 64;');
      // clamp.cc and util/limits.h.
      expect(result.stats.filesParsed).toBe(2);
    }
  });
});
