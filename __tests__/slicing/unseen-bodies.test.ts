/**
 * A bare name found by the word search in a file the use's file does not see (no include leads
 * there) is tied only as the body of a declaration tied already: such a file is parsed for a
 * function only once that declaration is found.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const DECOYS = 5;
const caller = (changed: boolean): string =>
  [
    '#include "inc/api.h"',
    'int run(int x) {',
    '  x += 1;',
    // `helper` read as a value (left-flow searches it as a variable or a function) and called (full-flow shows callees).
    ...(changed ? ['  int (*f)(int) = helper;', '  x += f(x) + helper(x) + api(x);'] : []),
    '  return x;',
    '}',
    '',
  ].join('\n');

const BASE: Record<string, string> = {
  'src/run.c': caller(false),
  'inc/api.h': '#pragma once\nint api(int v);\n',
  'lib/api.c': '#include "inc/api.h"\nint api(int v) {\n  return v * 2;\n}\n',
};
// Each decoy defines a helper of its own, seen by nothing else: none is what run.c calls.
for (let i = 0; i < DECOYS; i++)
  BASE[`tools/t${i}.c`] = `static int helper(int v) {\n  return v + ${i};\n}\nint tool${i}(int v) { return helper(v); }\n`;

describe('a bare call searched for in files the caller does not see', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, { 'src/run.c': caller(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('parses none of the files defining a function of that name when no declaration of it is tied', async () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await fixture.slice(algorithm);
      const slice = sliceAt(result, 'src/run.c', 4);
      expect(slice.sections.some((s) => s.file.startsWith('tools/'))).toBe(false);
      // run.c, and for full-flow inc/api.h and lib/api.c (api's declaration and body): no decoy.
      expect(result.stats.filesParsed).toBe(algorithm === 'full-flow' ? 3 : 1);
    }
  });

  it('still finds the body of a declaration the caller includes, in a file it does not include', async () => {
    const result = await fixture.slice('full-flow');
    const slice = sliceAt(result, 'src/run.c', 4);
    expect(linesIn(slice, 'lib/api.c')).toContain('return v * 2;');
  });
});
