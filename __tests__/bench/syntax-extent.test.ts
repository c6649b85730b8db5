import { describe, expect, it } from '@jest/globals';
import { syntaxExtent } from '../../bench/precision/uses.js';

// bench:precision's extent of a definition read from the syntax tree (its body lines are judged within it).
describe('syntax extents (bench:precision)', () => {
  const text = [
    '#define ASSERT_EQ(a, b) ASSERT_BASE(a, ==, b)',
    '#define ASSERT_GE(a, b) ASSERT_BASE(a, >=, b)',
    '#define FIELDS \\',
    '  int fd; \\',
    '  void* data;',
    '',
    'static int add(int a, int b) {',
    '  return a + b;',
    '}',
    '',
  ].join('\n');

  it('a one-line macro ends on its own line, not on the next macro’s', async () => {
    expect(await syntaxExtent('c', text, 1, 8)).toEqual({ start: 1, end: 1 });
  });

  it('a macro continued over lines ends on its last line; a function on its closing brace', async () => {
    expect(await syntaxExtent('c', text, 3, 8)).toEqual({ start: 3, end: 5 });
    expect(await syntaxExtent('c', text, 7, 11)).toEqual({ start: 7, end: 9 });
  });
});
