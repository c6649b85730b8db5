/**
 * A slice's sections kept as numbers into its rendered text (withCompactSections): what each section
 * and line says is unchanged, whatever repeats where, and reading them builds them anew.
 */
import { describe, expect, it } from '@jest/globals';
import { withCompactSections } from '../../src/slicing/compact-sections.js';
import { renderSections } from '../../src/slicing/render.js';
import type { SliceSection } from '../../src/types.js';

const file = 'int fill(char* buffer, int count) {\n  buffer[count] = 0;\n  buffer[count] = 0;\n  return count;\n}\n';
const lineOf = (n: number): string => file.split('\n')[n - 1] as string;

const sections: SliceSection[] = [
  // The header names `buffer[count] = 0;` too: a text found there first is still equal.
  {
    file: 'src/buffer[count] = 0;.c',
    side: 'head',
    context: 'fill',
    lines: [1, 2, 3, 4, 5].map((n) => ({ new: n, old: n === 3 ? null : n, op: n === 3 ? '+' : ' ', text: lineOf(n) })),
  },
  {
    file: 'src/b.c',
    side: 'base',
    context: null,
    lines: [
      { new: null, old: 9, op: '-', text: '  buffer[count] = 0;' },
      { new: 12, old: 11, op: ' ', text: '' },
    ],
  },
  {
    file: 'notes.txt',
    side: 'head',
    context: null,
    diffOnly: 'plain text',
    note: 'part 1 of 2',
    lines: [{ new: 1, old: null, op: '+', text: 'more' }],
  },
];
const slice = (rendered: string): { id: string; sections: SliceSection[]; rendered: string } => ({ id: 's1', sections, rendered });

describe('withCompactSections', () => {
  it('reads back every section and line as they were, in order', () => {
    const rendered = renderSections(sections);
    const compact = withCompactSections(slice(rendered));
    expect(compact.sections).toEqual(sections);
    expect(renderSections(compact.sections)).toBe(rendered);
    expect(compact).toEqual({ id: 's1', sections, rendered });
    expect(JSON.parse(JSON.stringify(compact))).toEqual(JSON.parse(JSON.stringify({ id: 's1', sections, rendered })));
  });

  it('keeps a text the rendered slice does not hold as it is', () => {
    expect(withCompactSections(slice('## elsewhere')).sections).toEqual(sections);
  });

  it('builds new sections at each read and leaves the ones it was given as they were', () => {
    const compact = withCompactSections(slice(renderSections(sections)));
    expect(compact.sections).not.toBe(compact.sections);
    expect(compact.sections[0]?.lines[1]).not.toBe(sections[0]?.lines[1]);
    expect(sections[0]?.lines[1]?.text).toBe('  buffer[count] = 0;');
    expect({ ...compact }.sections).toEqual(sections);
  });
});
