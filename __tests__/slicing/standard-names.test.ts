/**
 * A standard name (the pack's builtins: C++'s `string`, `vector`) is not searched for: not in the
 * repository (the word search), and not through the headers a file includes either. It is found
 * only in files read for other names.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, sliceAt, type Fixture } from './fixtures.js';

const HEADERS = 4;
const source = (changed: boolean): string =>
  [
    ...Array.from({ length: HEADERS }, (_, i) => `#include "util/h${i}.h"`),
    '#include <string>',
    'int Count(int n) {',
    '  int total = n;',
    ...(changed ? ['  std::string label = "count";', '  total += static_cast<int>(label.size());'] : []),
    '  return total;',
    '}',
    '',
  ].join('\n');

const BASE: Record<string, string> = { 'src/count.cc': source(false) };
for (let i = 0; i < HEADERS; i++) BASE[`util/h${i}.h`] = `#pragma once\nnamespace util {\nint Helper${i}(int v);\n}  // namespace util\n`;

describe('a standard name on a changed line', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, { 'src/count.cc': source(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('parses none of the included headers for it', async () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await fixture.slice(algorithm);
      const slice = sliceAt(result, 'src/count.cc', 9);
      expect(slice.sections.some((s) => s.file.startsWith('util/'))).toBe(false);
      // count.cc alone: none of the headers, which define nothing the changed lines name.
      expect(result.stats.filesParsed).toBe(1);
    }
  });
});
