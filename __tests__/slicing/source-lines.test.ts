import { describe, expect, it } from '@jest/globals';
import { SourceLines } from '../../src/slicing/source-text.js';

/** What the lines were before SourceLines: one string per line, as git counts lines. */
function splitAsGit(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const TEXTS = ['', '\n', 'a', 'a\n', 'a\n\n', '\n\nb', 'int x;\r\nint y;\r\n', 'one\r\ntwo', 'lone\rreturn\n', 'last\r', '  \t indented\n\tx\n   \n', '\u00a0nbsp\n\ufeffbom'];

describe('SourceLines', () => {
  it.each(TEXTS)('has the lines and the count git gives %j', (text) => {
    const lines = new SourceLines(text);
    const expected = splitAsGit(text);
    expect(lines.length).toBe(expected.length);
    expect(Array.from({ length: lines.length }, (_, i) => lines.line(i + 1))).toEqual(expected);
  });

  it.each(TEXTS)('measures indentation as the first non-space of each line %j', (text) => {
    const lines = new SourceLines(text);
    expect(Array.from({ length: lines.length }, (_, i) => lines.indent(i + 1))).toEqual(splitAsGit(text).map((l) => Math.max(0, l.search(/\S/))));
  });

  it('answers an empty line outside the text', () => {
    const lines = new SourceLines('a\nb\n');
    expect([lines.line(0), lines.line(3), lines.line(-1)]).toEqual(['', '', '']);
  });
});
