/**
 * Offline sweeps: the reviewers' answers of a run are fixed, so the coarse filter and each
 * reviewer's top-k can be applied again with other thresholds and k, with the pipeline's own filter
 * functions and no model call. The meta-reviewer and the validator are not re-run: what reaches
 * them would change, and so would their answers.
 */
import { filterByScores, keepTopK } from '../filter/index.js';
import { reviewerOf } from '../review/roles/reviewer.js';
import type { Finding } from '../types.js';
import type { KeyBug } from './cases.js';
import { aggregate, scoreCase, type CaseScore, type StageScore } from './metrics.js';
import type { CommentPlacer } from './observe.js';

/** The settings tried: one threshold applies to both substance and reality ("drop at or below"). */
export interface SweepGrid {
  thresholds: number[];
  topK: number[];
}

export const DEFAULT_SWEEP: SweepGrid = { thresholds: [2, 3, 4, 5, 6], topK: [1, 3, 5, 10] };

/** What a sweep needs of one case's run. */
export interface SweepCase {
  keyBugs: KeyBug[];
  /** Every reviewer finding, at its checked location and with the reviewer's scores (ReviewResult.passed.reviewer). */
  reviewed: Finding[];
  /** Ids the location check dropped (hallucinated locations): they never reach the coarse filter. */
  unlocated: ReadonlySet<string>;
  placer: CommentPlacer;
}

export interface SweepRow {
  threshold: number;
  topK: number;
  coarse: StageScore;
  topk: StageScore;
}

export interface SweepResult {
  grid: SweepGrid;
  rows: SweepRow[];
  /** Index in `rows` of the setting with the best CPI₁ after top-k (then higher KBI, then lower FAR₁); null when no setting has one. */
  best: number | null;
}

/** The findings each reviewer keeps on each slice with these settings. */
function keptBy(
  reviewed: readonly Finding[],
  unlocated: ReadonlySet<string>,
  threshold: number,
  topK: number,
): { coarse: Finding[]; top: Finding[] } {
  const groups = new Map<string, Finding[]>();
  for (const f of reviewed) {
    if (unlocated.has(f.id)) continue;
    const key = `${f.sliceId}\0${reviewerOf(f.id)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const coarse: Finding[] = [];
  const top: Finding[] = [];
  for (const group of groups.values()) {
    const kept = filterByScores(group, { minSubstance: threshold, minReality: threshold }, 'coarse-filter', 'the sweep').kept;
    coarse.push(...kept);
    top.push(...keepTopK(kept, topK, 'in the sweep').kept);
  }
  return { coarse, top };
}

export function sweep(cases: readonly SweepCase[], grid: SweepGrid, tolerance: number): SweepResult {
  const rows: SweepRow[] = [];
  for (const threshold of grid.thresholds) {
    for (const topK of grid.topK) {
      const coarse: CaseScore[] = [];
      const top: CaseScore[] = [];
      for (const c of cases) {
        const kept = keptBy(c.reviewed, c.unlocated, threshold, topK);
        coarse.push(scoreCase(c.keyBugs, c.placer.comments(kept.coarse), tolerance));
        top.push(scoreCase(c.keyBugs, c.placer.comments(kept.top), tolerance));
      }
      rows.push({ threshold, topK, coarse: aggregate(coarse), topk: aggregate(top) });
    }
  }
  let best: number | null = null;
  rows.forEach((row, i) => {
    if (row.topk.cpi1 === null) return;
    const current = best === null ? null : (rows[best] as SweepRow).topk;
    const better =
      current === null ||
      row.topk.cpi1 > (current.cpi1 ?? -1) ||
      (row.topk.cpi1 === current.cpi1 &&
        ((row.topk.kbi ?? 0) > (current.kbi ?? 0) ||
          ((row.topk.kbi ?? 0) === (current.kbi ?? 0) && (row.topk.far1 ?? 100) < (current.far1 ?? 100))));
    if (better) best = i;
  });
  return { grid, rows, best };
}
