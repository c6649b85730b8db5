/**
 * A member reached through a typedef's name is the typedef'd struct's member: `f->a` with `foo_t *f`
 * and `typedef struct foo_s foo_t;` (libuv's uv_stream_t, uv_process_options_t), and the members of
 * an anonymous struct a typedef names (`typedef struct { … } bar_t;`). A same-named member of
 * another struct is never shown for it.
 */
import { describe, expect, it } from '@jest/globals';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

const HEADER = [
  '#pragma once',
  'typedef struct foo_s foo_t;',
  'struct foo_s {',
  '  int a;',
  '  int count;',
  '};',
  'typedef struct {',
  '  int x;',
  '} bar_t;',
  'struct other_s {',
  '  int a;',
  '  int x;',
  '};',
  '',
].join('\n');
const user = (changed: boolean): string =>
  ['#include "foo.h"', 'int run(foo_t *f, bar_t *b) {', changed ? '  return f->a + b->x;' : '  return 0;', '}', ''].join('\n');

describe('members through a typedef', () => {
  const buildFixture = fixturesPerTest();

  for (const algorithm of ['left-flow', 'full-flow'] as const) {
    it(`${algorithm}: the typedef'd struct's members, named or anonymous, and no other struct's`, async () => {
      const fixture = buildFixture({ 'src/foo.h': HEADER, 'src/run.c': user(false) }, { 'src/run.c': user(true) });
      const result = await fixture.slice(algorithm, 100_000, { explain: true });
      const slice = sliceAt(result, 'src/run.c', 3);
      const shown = (name: string): number[] =>
        (slice.resolutions ?? []).filter((r) => r.name === name).flatMap((r) => r.definitions.map((d) => d.startLine));
      expect(shown('a')).toEqual([4]);
      expect(shown('x')).toEqual([8]);
      expect(linesIn(slice, 'src/foo.h')).toEqual(expect.arrayContaining(['struct foo_s {', 'int a;', 'typedef struct {', 'int x;']));
    });
  }
});
