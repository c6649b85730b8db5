/**
 * A module a file star-imports is parsed for a name only when its text hints at a definition of it:
 * a chained assignment (`A = LEVEL = 3`) is one, or the star import loses the definition it ties.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const use = (changed: boolean): string =>
  ['from pkg.api import *', '', '', 'def run(n):', `    return ${changed ? 'n + LEVEL' : 'n'}`, ''].join('\n');

const BASE: Record<string, string> = {
  'pkg/__init__.py': '',
  'pkg/api.py': 'A = LEVEL = 3\n',
  'app/use.py': use(false),
};

describe('a name a star-imported module defines by a chained assignment', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, { 'app/use.py': use(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('is found there', async () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await fixture.slice(algorithm);
      expect(linesIn(sliceAt(result, 'app/use.py', 5), 'pkg/api.py')).toEqual(['A = LEVEL = 3']);
    }
  });
});
