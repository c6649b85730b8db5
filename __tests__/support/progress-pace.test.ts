import { describe, expect, it } from '@jest/globals';
import { ProgressPace } from '../../src/support/deadline.js';

/** The counts 1..total at which `pace` says a line is due (the test runs well within PROGRESS_EVERY_MS). */
const dueAt = (pace: ProgressPace, total: number, other?: (done: number) => readonly [number, number]): number[] =>
  Array.from({ length: total }, (_, i) => i + 1).filter((done) =>
    other === undefined ? pace.due([done, total]) : pace.due([done, total], other(done)),
  );

describe('ProgressPace (when a long stage prints its next progress line)', () => {
  it('is due at every tenth of the total and when the total is reached', () => {
    expect(dueAt(new ProgressPace(), 20)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(dueAt(new ProgressPace(), 15)).toEqual([2, 4, 6, 8, 10, 12, 14, 15]);
  });

  it('is due at once when made with saidAt 0, then by the tenths', () => {
    expect(dueAt(new ProgressPace(0), 30)).toEqual([1, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
  });

  it('is due when any of its counts steps', () => {
    // The second count runs twice as fast: its tenths come first, its end at 10.
    expect(dueAt(new ProgressPace(), 20, (done) => [Math.min(20, done * 2), 20])).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20,
    ]);
  });
});
