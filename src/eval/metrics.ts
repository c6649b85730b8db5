/**
 * The paper's merge-request metrics (Appendix M), per case and over a case set: KBI, FAR₁, FAR₂,
 * CPI₁, CPI₂ and LSR. Pure arithmetic on comments already placed in head-side coordinates.
 */
import type { KeyBug } from './cases.js';

/** A comment as the metrics see it: its head-side range, and whether the line the model wrote was shown to it. */
export interface ScoredComment {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  /** The line the model wrote for it is one of the lines of its slice (LSR). */
  lineShown: boolean;
}

/** One case at one stage. */
export interface CaseScore {
  /** Key bugs, ranges of one `bug` counted once (see bugGroups). */
  keyBugs: number;
  /** For each key bug range (in the case's order), the ids of the comments that recall it. */
  recalledBy: string[][];
  /** Key bugs with a range some comment recalls. */
  recalled: number;
  comments: number;
  /** Comments that recall no key bug. */
  falseAlarms: number;
  /** For each comment (in order), the indexes of the key bugs it recalls. */
  recalls: number[][];
  /** False alarms ÷ comments × 100; null without comments. */
  far: number | null;
  /** Comments whose line was shown ÷ comments × 100; null without comments. */
  lsr: number | null;
}

/** A case set at one stage. */
export interface StageScore {
  cases: number;
  keyBugs: number;
  recalled: number;
  comments: number;
  falseAlarms: number;
  /** Cases with no comment: left out of the FAR and LSR means. */
  casesWithoutComments: number;
  /** Cases where at least one key bug was recalled (the cases FAR₂ averages over). */
  casesRecalled: number;
  /** Recalled key bugs ÷ key bugs × 100 over all cases; null when no case has a key bug. */
  kbi: number | null;
  /** Mean FAR over the cases with comments; null when none has any. */
  far1: number | null;
  /** Mean FAR over the cases where a key bug was recalled; null when there is none. */
  far2: number | null;
  cpi1: number | null;
  cpi2: number | null;
  /** Mean LSR over the cases with comments; null when none has any. */
  lsr: number | null;
}

/** Line tolerance of a recall, in lines on either side of a key bug, by default. */
export const DEFAULT_LINE_TOLERANCE = 3;

/**
 * A comment recalls a key bug when it is on the bug's file and its range overlaps the bug's range
 * widened by `tolerance` lines on each side.
 */
export function recalls(comment: Pick<ScoredComment, 'path' | 'startLine' | 'endLine'>, bug: KeyBug, tolerance: number): boolean {
  const start = Math.min(comment.startLine, comment.endLine);
  const end = Math.max(comment.startLine, comment.endLine);
  return comment.path === bug.path && start <= bug.endLine + tolerance && end >= bug.startLine - tolerance;
}

/** The key bugs as the metrics count them: ranges sharing a `bug` are one; each other range is one. */
export function bugGroups(keyBugs: readonly KeyBug[]): number[][] {
  const groups = new Map<string, number[]>();
  keyBugs.forEach((bug, i) => {
    const key = bug.bug === undefined ? `\0${i}` : `b${bug.bug}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return [...groups.values()];
}

export function scoreCase(keyBugs: readonly KeyBug[], comments: readonly ScoredComment[], tolerance: number): CaseScore {
  const recallsOf = comments.map((c) => keyBugs.flatMap((bug, i) => (recalls(c, bug, tolerance) ? [i] : [])));
  const recalledBy = keyBugs.map((_, i) => comments.filter((_c, j) => recallsOf[j]?.includes(i)).map((c) => c.id));
  const falseAlarms = recallsOf.filter((r) => r.length === 0).length;
  const n = comments.length;
  const groups = bugGroups(keyBugs);
  return {
    keyBugs: groups.length,
    recalledBy,
    recalled: groups.filter((ranges) => ranges.some((i) => (recalledBy[i]?.length ?? 0) > 0)).length,
    comments: n,
    falseAlarms,
    recalls: recallsOf,
    far: n === 0 ? null : (falseAlarms / n) * 100,
    lsr: n === 0 ? null : (comments.filter((c) => c.lineShown).length / n) * 100,
  };
}

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** The paper's CPI: the harmonic mean of KBI and 100 − FAR (0 when both are 0); null when either is undefined. */
export function cpi(kbi: number | null, far: number | null): number | null {
  if (kbi === null || far === null) return null;
  const precision = 100 - far;
  return kbi + precision === 0 ? 0 : (2 * kbi * precision) / (kbi + precision);
}

export function aggregate(cases: readonly CaseScore[]): StageScore {
  const keyBugs = cases.reduce((n, c) => n + c.keyBugs, 0);
  const recalled = cases.reduce((n, c) => n + c.recalled, 0);
  const withComments = cases.filter((c) => c.comments > 0);
  const withRecall = cases.filter((c) => c.recalled > 0);
  const kbi = keyBugs === 0 ? null : (recalled / keyBugs) * 100;
  const far1 = mean(withComments.map((c) => c.far as number));
  const far2 = mean(withRecall.map((c) => c.far as number));
  return {
    cases: cases.length,
    keyBugs,
    recalled,
    comments: cases.reduce((n, c) => n + c.comments, 0),
    falseAlarms: cases.reduce((n, c) => n + c.falseAlarms, 0),
    casesWithoutComments: cases.length - withComments.length,
    casesRecalled: withRecall.length,
    kbi,
    far1,
    far2,
    cpi1: cpi(kbi, far1),
    cpi2: cpi(kbi, far2),
    lsr: mean(withComments.map((c) => c.lsr as number)),
  };
}
