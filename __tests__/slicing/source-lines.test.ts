import { describe, expect, it } from '@jest/globals';
import { SourceLines } from '../../src/slicing/source-text.js';

/** What the lines were before SourceLines: one string per line, as git counts lines. */
function splitAsGit(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const TEXTS = [
  '',
  '\n',
  'a',
  'a\n',
  'a\n\n',
  '\n\nb',
  'int x;\r\nint y;\r\n',
  'one\r\ntwo',
  'lone\rreturn\n',
  'last\r',
  '  \t indented\n\tx\n   \n',
  '\u00a0nbsp\n\ufeffbom',
];

describe('SourceLines', () => {
  it.each(TEXTS)('has the lines and the count git gives %j', (text) => {
    const lines = new SourceLines(text);
    const expected = splitAsGit(text);
    expect(lines.length).toBe(expected.length);
    expect(Array.from({ length: lines.length }, (_, i) => lines.line(i + 1))).toEqual(expected);
  });

  it.each(TEXTS)('measures indentation as the first non-space of each line %j', (text) => {
    const lines = new SourceLines(text);
    expect(Array.from({ length: lines.length }, (_, i) => lines.indent(i + 1))).toEqual(
      splitAsGit(text).map((l) => Math.max(0, l.search(/\S/))),
    );
  });

  it('answers an empty line outside the text', () => {
    const lines = new SourceLines('a\nb\n');
    expect([lines.line(0), lines.line(3), lines.line(-1)]).toEqual(['', '', '']);
  });

  it.each(TEXTS)('knows the line of every offset %j', (text) => {
    const lines = new SourceLines(text);
    const expected: number[] = [];
    let line = 1;
    for (let at = 0; at < text.length; at++) {
      expected.push(Math.min(line, lines.length));
      if (text[at] === '\n') line++;
    }
    expect(Array.from({ length: text.length }, (_, at) => lines.lineAt(at))).toEqual(expected);
  });

  it('finds the lines naming a word, not the longer identifiers holding it', () => {
    const text = ['count = 0', 'recount(count_2)', '$count + count$', 'x.count()', '// count', 'countβ = 1', '«count»', 'σcount'].join(
      '\n',
    );
    expect(new SourceLines(text).linesNaming(['count'])).toEqual([1, 4, 5, 7]);
    expect(new SourceLines(text).linesNaming(['count_2', 'recount', 'x', ''])).toEqual([2, 4]);
  });
});
