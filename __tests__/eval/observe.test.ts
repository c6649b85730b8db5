/**
 * The comment placer keeps of each slice the lines it showed, as runs, and says of a finding whether
 * the line the model wrote for it was one of them (LSR): on its file and side, inside a run, not in
 * a gap between two runs, not on another slice's lines.
 */
import { describe, expect, it } from '@jest/globals';
import { CommentPlacer } from '../../src/eval/observe.js';
import type { Finding } from '../../src/types.js';
import { makeFinding, makeSlice } from '../review/helpers.js';

const finding = (sliceId: string, path: string, line: number, side: Finding['side'] = 'RIGHT'): Finding =>
  makeFinding(`${sliceId}-r1-f1`, { sliceId, path, side, startLine: line, line, quote: '', title: 't' });

describe('CommentPlacer', () => {
  it('says a line was shown when the slice showed it on that file and side', () => {
    const placer = new CommentPlacer();
    placer.add([
      makeSlice('s1', 'a.c', [
        [' ', 3, 'int a;'],
        ['-', 4, 'int b;'],
        ['+', 4, 'int c;'],
        [' ', 5, 'int d;'],
        [' ', 9, 'int e;'],
      ]),
      makeSlice('s2', 'b.c', [['+', 20, 'int f;']]),
    ]);
    const shown = (f: Finding): boolean => placer.comment(f).lineShown;
    expect([3, 4, 5, 9].map((n) => shown(finding('s1', 'a.c', n)))).toEqual([true, true, true, true]);
    // Lines 6-8 are a gap between the runs; 2 and 10 lie outside them.
    expect([2, 6, 7, 8, 10].map((n) => shown(finding('s1', 'a.c', n)))).toEqual([false, false, false, false, false]);
    // The deleted line is shown on the base side only, at its old number.
    expect(shown(finding('s1', 'a.c', 4, 'LEFT'))).toBe(true);
    expect(shown(finding('s1', 'a.c', 3, 'LEFT'))).toBe(false);
    // Another slice's lines, another file, an unknown slice.
    expect(shown(finding('s1', 'b.c', 20))).toBe(false);
    expect(shown(finding('s2', 'b.c', 20))).toBe(true);
    expect(shown(finding('s3', 'a.c', 3))).toBe(false);
  });
});
