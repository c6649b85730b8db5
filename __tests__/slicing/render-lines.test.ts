/**
 * A slice's lines take their texts from its rendered text (linesInRendered): what each line says is
 * unchanged, whatever repeats where.
 */
import { describe, expect, it } from '@jest/globals';
import { linesInRendered, renderSections } from '../../src/slicing/render.js';
import type { SliceSection } from '../../src/types.js';

const file = 'int fill(char* buffer, int count) {\n  buffer[count] = 0;\n  buffer[count] = 0;\n  return count;\n}\n';
const lineOf = (n: number): string => file.split('\n')[n - 1] as string;

const sections: SliceSection[] = [
  // The header names `buffer[count] = 0;` too: a text found there first is still equal.
  { file: 'src/buffer[count] = 0;.c', side: 'head', context: 'fill', lines: [1, 2, 3, 4, 5].map((n) => ({ new: n, old: n === 3 ? null : n, op: n === 3 ? '+' : ' ', text: lineOf(n) })) },
  { file: 'src/b.c', side: 'base', context: null, lines: [{ new: null, old: 9, op: '-', text: '  buffer[count] = 0;' }, { new: 12, old: 11, op: ' ', text: '' }] },
];

describe('linesInRendered', () => {
  it('keeps every line as it was, in order, and the sections around them', () => {
    const rendered = renderSections(sections);
    const shared = linesInRendered(sections, rendered);
    expect(shared).toEqual(sections);
    expect(renderSections(shared)).toBe(rendered);
  });

  it('keeps a text the rendered slice does not hold', () => {
    const shared = linesInRendered(sections, '## elsewhere');
    expect(shared).toEqual(sections);
  });

  it('makes new line objects, leaving the ones it was given as they were', () => {
    const rendered = renderSections(sections);
    const shared = linesInRendered(sections, rendered);
    expect(shared[0]?.lines[1]).not.toBe(sections[0]?.lines[1]);
    expect(sections[0]?.lines[1]?.text).toBe('  buffer[count] = 0;');
  });
});
