import { describe, expect, it } from '@jest/globals';
import type { KeyBug } from '../../src/eval/cases.js';
import { breakdown } from '../../src/eval/breakdown.js';
import { aggregate, cpi, recalls, scoreCase, type ScoredComment } from '../../src/eval/metrics.js';
import type { CaseOutcome } from '../../src/eval/outcome.js';

const bug = (path: string, startLine: number, endLine: number): KeyBug => ({ path, startLine, endLine });
const at = (id: string, path: string, startLine: number, endLine = startLine, lineShown = true): ScoredComment => ({
  id,
  path,
  startLine,
  endLine,
  lineShown,
});

describe('a comment recalls a key bug', () => {
  const target = bug('src/a.c', 10, 12);

  it('on the same file when its range overlaps the bug widened by the tolerance, edges included', () => {
    expect(recalls(at('c', 'src/a.c', 15), target, 3)).toBe(true); // 12 + 3
    expect(recalls(at('c', 'src/a.c', 16), target, 3)).toBe(false);
    expect(recalls(at('c', 'src/a.c', 7), target, 3)).toBe(true); // 10 - 3
    expect(recalls(at('c', 'src/a.c', 6), target, 3)).toBe(false);
    expect(recalls(at('c', 'src/a.c', 1, 6), target, 3)).toBe(false);
    expect(recalls(at('c', 'src/a.c', 1, 7), target, 3)).toBe(true);
    expect(recalls(at('c', 'src/a.c', 13), target, 0)).toBe(false);
    expect(recalls(at('c', 'src/a.c', 12), target, 0)).toBe(true);
  });

  it('never on another file, however close the line', () => {
    expect(recalls(at('c', 'src/b.c', 11), target, 3)).toBe(false);
    expect(recalls(at('c', 'a.c', 11), target, 3)).toBe(false);
  });

  it('whichever way round the model wrote its range', () => {
    expect(recalls(at('c', 'src/a.c', 20, 14), target, 3)).toBe(true);
  });
});

describe('the paper metrics (Appendix M) against hand-computed cases', () => {
  it('scores one case: false alarms, recall of each bug, LSR', () => {
    const score = scoreCase(
      [bug('a.c', 10, 10), bug('a.c', 50, 50)],
      [at('c1', 'a.c', 11), at('c2', 'a.c', 30, 30, false), at('c3', 'b.c', 10), at('c4', 'a.c', 9)],
      3,
    );
    expect(score).toEqual({
      keyBugs: 2,
      recalledBy: [['c1', 'c4'], []],
      recalled: 1,
      comments: 4,
      falseAlarms: 2,
      recalls: [[0], [], [], [0]],
      far: 50,
      lsr: 75,
    });
  });

  it('counts one comment that covers two bugs at once as recalling both, and as no false alarm', () => {
    const score = scoreCase([bug('a.c', 10, 10), bug('a.c', 14, 14)], [at('c1', 'a.c', 12)], 3);
    expect(score.recalledBy).toEqual([['c1'], ['c1']]);
    expect(score.recalled).toBe(2);
    expect(score.falseAlarms).toBe(0);
    expect(score.far).toBe(0);
  });

  it('leaves a case without comments out of FAR₁, FAR₂ and LSR, and counts it', () => {
    const quiet = scoreCase([bug('a.c', 5, 5)], [], 3);
    expect(quiet).toMatchObject({ comments: 0, far: null, lsr: null, recalled: 0 });
    const hit = scoreCase([bug('a.c', 5, 5)], [at('c1', 'a.c', 5), at('c2', 'a.c', 40, 40, false)], 3); // FAR 50, LSR 50
    const stage = aggregate([quiet, hit]);
    expect(stage).toMatchObject({
      cases: 2,
      keyBugs: 2,
      recalled: 1,
      casesWithoutComments: 1,
      casesRecalled: 1,
      comments: 2,
      falseAlarms: 1,
    });
    expect(stage.kbi).toBe(50);
    expect(stage.far1).toBe(50);
    expect(stage.far2).toBe(50);
    expect(stage.lsr).toBe(50);
    expect(stage.cpi1).toBeCloseTo((2 * 50 * 50) / 100, 10);
  });

  it('counts every comment on a clean change (no key bug) as a false alarm, and KBI over the other cases only', () => {
    const clean = scoreCase([], [at('c1', 'a.c', 3), at('c2', 'a.c', 4)], 3);
    expect(clean).toMatchObject({ keyBugs: 0, recalled: 0, falseAlarms: 2, far: 100 });
    // Case 2: 1 of 2 comments recalls its only bug (FAR 50); case 3: 1 of 4 (FAR 75) recalls 1 of its 2 bugs.
    const two = scoreCase([bug('x.c', 1, 1)], [at('a', 'x.c', 2), at('b', 'x.c', 90)], 3);
    const three = scoreCase(
      [bug('y.c', 10, 10), bug('y.c', 80, 80)],
      [at('a', 'y.c', 10), at('b', 'y.c', 30), at('c', 'y.c', 40), at('d', 'z.c', 10)],
      3,
    );
    const stage = aggregate([clean, two, three]);
    expect(stage.kbi).toBeCloseTo((2 / 3) * 100, 10); // 2 of 3 key bugs
    expect(stage.far1).toBeCloseTo((100 + 50 + 75) / 3, 10); // every case with comments
    expect(stage.far2).toBeCloseTo((50 + 75) / 2, 10); // only the cases where a key bug was recalled
    const kbi = (2 / 3) * 100;
    expect(stage.cpi1).toBeCloseTo((2 * kbi * (100 - 75)) / (kbi + 100 - 75), 10);
    expect(stage.cpi2).toBeCloseTo((2 * kbi * (100 - 62.5)) / (kbi + 100 - 62.5), 10);
  });

  it('has no KBI without any key bug, and no FAR₂ or CPI₂ when nothing was recalled', () => {
    const stage = aggregate([scoreCase([], [at('c', 'a.c', 1)], 3)]);
    expect(stage).toMatchObject({ kbi: null, far1: 100, far2: null, cpi1: null, cpi2: null, casesRecalled: 0 });
    const missed = aggregate([scoreCase([bug('a.c', 50, 50)], [at('c', 'a.c', 1)], 3)]);
    expect(missed).toMatchObject({ kbi: 0, far1: 100, far2: null, cpi1: 0, cpi2: null });
  });

  it('has no FAR₁, CPI₁ or LSR when no case has a comment', () => {
    const stage = aggregate([scoreCase([bug('a.c', 5, 5)], [], 3), scoreCase([], [], 3)]);
    expect(stage).toMatchObject({ kbi: 0, far1: null, far2: null, cpi1: null, cpi2: null, lsr: null, casesWithoutComments: 2 });
  });

  it('computes CPI as the harmonic mean of KBI and 100 − FAR, 0 when both are 0', () => {
    expect(cpi(100, 0)).toBe(100);
    expect(cpi(0, 100)).toBe(0);
    expect(cpi(50, 50)).toBe(50);
    expect(cpi(8.89, 86.15)).toBeCloseTo(10.83, 2); // the paper's Table 4: original diff, one reviewer, + meta-reviewer
    expect(cpi(null, 10)).toBeNull();
    expect(cpi(10, null)).toBeNull();
  });
});

describe('the breakdown by label', () => {
  it('lists numbered ranges in the order of their numbers, not of their characters', () => {
    const labelled = (labels: Record<string, string>): CaseOutcome =>
      ({
        case: { id: 'c', repo: '.', base: 'a', head: 'b', title: '', keyBugs: [], labels, languages: ['Go'] },
        status: 'complete',
        stages: {},
      }) as unknown as CaseOutcome;
    const outcomes = [
      labelled({ 'days-to-fix': '366+ days', size: '201+ lines', introducers: '3+' }),
      labelled({ 'days-to-fix': '8-30 days', size: '51-200 lines', introducers: '2' }),
      labelled({ 'days-to-fix': '31-365 days', size: '1-10 lines', introducers: '1' }),
      labelled({ 'days-to-fix': '0-7 days', size: '11-50 lines', introducers: '1' }),
    ];
    const groups = breakdown(outcomes).labels;
    expect(groups['days-to-fix']?.map((g) => g.group)).toEqual(['0-7 days', '8-30 days', '31-365 days', '366+ days']);
    expect(groups.size?.map((g) => g.group)).toEqual(['1-10 lines', '11-50 lines', '51-200 lines', '201+ lines']);
    expect(groups.introducers?.map((g) => [g.group, g.cases])).toEqual([
      ['1', 2],
      ['2', 1],
      ['3+', 1],
    ]);
  });
});
