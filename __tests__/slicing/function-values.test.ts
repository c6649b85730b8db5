/**
 * A function named as a value (a callback passed by name: libuv's `uv_close(h, close_cb)`) is shown
 * as its definition, tied as a call is: the asking file's own function, or one a header it includes
 * declares; a same-named function of a file it does not see is never shown.
 */
import { describe, expect, it } from '@jest/globals';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

const HEADER =
  '#pragma once\ntypedef struct handle handle_t;\ntypedef void (*close_fn)(handle_t *h);\nvoid handle_close(handle_t *h, close_fn cb);\nvoid on_done(handle_t *h);\n';
const user = (changed: boolean): string =>
  [
    '#include "loop.h"',
    'static int closed;',
    'static void close_cb(handle_t *h) {',
    '  closed++;',
    '}',
    'int run(handle_t *h) {',
    '  handle_close(h, close_cb);',
    changed ? '  handle_close(h, on_done);' : '  closed = 0;',
    '  return closed;',
    '}',
    '',
  ].join('\n');
const BASE: Record<string, string> = {
  'src/loop.h': HEADER,
  'src/done.c': '#include "loop.h"\nvoid on_done(handle_t *h) {\n  (void)h;\n}\n',
  'src/run.c': user(false),
  // Same names in a file src/run.c does not see: never shown for it.
  'test/other.c': 'static void close_cb(void *h) {\n  (void)h;\n}\nstatic void on_done(void *h) {\n  (void)h;\n}\n',
};

describe('functions named as values', () => {
  const buildFixture = fixturesPerTest();

  for (const algorithm of ['left-flow', 'full-flow'] as const) {
    it(`${algorithm}: a callback passed by name shows the function the file sees, none of another file`, async () => {
      const fixture = buildFixture(BASE, {
        'src/run.c': user(true).replace('  handle_close(h, close_cb);\n', '  handle_close(h, close_cb); /* first */\n'),
      });
      const result = await fixture.slice(algorithm);
      const slice = sliceAt(result, 'src/run.c', 8);
      expect(linesIn(slice, 'src/run.c')).toContain('static void close_cb(handle_t *h) {');
      expect(linesIn(slice, 'src/loop.h')).toContain('void on_done(handle_t *h);');
      expect(linesIn(slice, 'test/other.c')).toEqual([]);
    });
  }
});
