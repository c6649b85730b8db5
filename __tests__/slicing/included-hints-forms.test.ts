/**
 * A definition hint is a shape every definition of its kind has: a header the file includes is
 * parsed for a name only when one matches, so a legal form a hint misses loses the definition the
 * include ties (a function pointer's typedef, an enumerator among others on its line).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const source = (changed: boolean): string =>
  [
    '#include "util/colors.h"',
    'int Paint(int n) {',
    '  int total = n;',
    ...(changed ? ['  Compare cmp = nullptr;', '  if (cmp == nullptr) total = kBlack;'] : []),
    '  return total;',
    '}',
    '',
  ].join('\n');

const BASE: Record<string, string> = {
  'src/paint.cc': source(false),
  'util/colors.h': [
    '#pragma once',
    'typedef int (*Compare)(int, int);',
    'enum Shade {',
    '  kWhite, kBlack,  // the two ends',
    '};',
    '',
  ].join('\n'),
};

describe('names an included header defines in forms a hint must read too', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, { 'src/paint.cc': source(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('are found in the header: a function pointer typedef, an enumerator among others on its line', async () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await fixture.slice(algorithm);
      expect(linesIn(sliceAt(result, 'src/paint.cc', 4), 'util/colors.h')).toContain('typedef int (*Compare)(int, int);');
      expect(linesIn(sliceAt(result, 'src/paint.cc', 5), 'util/colors.h')).toContain('kWhite, kBlack,  // the two ends');
    }
  });
});
