/**
 * `keybug slice` writes its output as the slices come (SliceWriter): the text must be the one the
 * whole result gives at once, in both formats, whatever the parts.
 */
import { describe, expect, it } from '@jest/globals';
import { renderSlicesText, sliceResultToJson, SliceWriter } from '../../src/output/slices.js';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceStats } from '../../src/types.js';
import { makeSlice } from '../review/helpers.js';

const stats: SliceStats = {
  filesParsed: 2,
  bytesParsed: 300,
  bytesIndexed: 0,
  milliseconds: 12,
  indexMs: 0,
  parseMs: 5,
  skipped: [{ path: 'logo.png', reason: 'binary file' }],
  files: [
    { path: 'src/a.cc', language: 'C++', coverage: 'context' },
    { path: 'logo.png', language: null, coverage: 'skipped', reason: 'binary file' },
  ],
};
const slices = [
  makeSlice('s1', 'src/a.cc', [
    [' ', 1, 'int a = 0;'],
    ['+', 2, 'a++; // "quoted" \\ and ✓'],
  ]),
  makeSlice('s2', 'src/a.cc', [
    ['-', 9, 'return a;'],
    ['+', 9, 'return -a;'],
  ]),
  { ...makeSlice('s3', 'src/b.cc', [['+', 4, 'x();']]), algorithm: 'original-diff' as const, degraded: 'over slice-token-budget' },
];

function streamed(format: 'json' | 'text', parts: SliceResult['slices'][]): string {
  let out = '';
  const writer = new SliceWriter(format, (text) => (out += text));
  for (const part of parts) writer.slices(part);
  writer.end(stats);
  return out;
}

describe('the slices written as they come', () => {
  for (const parts of [[], [[]], [slices], [slices.slice(0, 1), [], slices.slice(1)]]) {
    const whole: SliceResult = { slices: parts.flat(), stats };
    it(`JSON in ${parts.length} part(s) of ${parts.flat().length} slice(s) is JSON.stringify's text of the whole`, () => {
      expect(streamed('json', parts)).toBe(JSON.stringify(sliceResultToJson(whole), null, 2) + '\n');
    });
    it(`text in ${parts.length} part(s) of ${parts.flat().length} slice(s) is the whole's text`, () => {
      expect(streamed('text', parts)).toBe(renderSlicesText(whole));
      expect(renderSlicesText(whole)).toContain(`${whole.slices.length} slice(s); 2 file(s) parsed, 300 bytes, 12 ms.`);
    });
  }
});

describe('a run that fails after some slices were written', () => {
  it('ends the JSON as one valid document holding the slices written and the error', () => {
    let out = '';
    const writer = new SliceWriter('json', (text) => (out += text));
    writer.slices(slices.slice(0, 2));
    writer.fail('git cat-file failed: "bad object"');
    const parsed = JSON.parse(out) as { slices: { id: string }[]; error: string };
    expect(parsed.slices.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(parsed.error).toBe('git cat-file failed: "bad object"');
  });

  it('ends the JSON as one valid document when no slice was written yet', () => {
    let out = '';
    const writer = new SliceWriter('json', (text) => (out += text));
    writer.fail('boom');
    expect(JSON.parse(out)).toEqual({ slices: [], error: 'boom' });
  });

  it('ends the text with a line that says the list is cut short', () => {
    let out = '';
    const writer = new SliceWriter('text', (text) => (out += text));
    writer.slices(slices.slice(0, 1));
    writer.fail('boom');
    expect(out.trimEnd().split('\n').at(-1)).toBe('1 slice(s) written before slicing failed: boom');
  });
});
