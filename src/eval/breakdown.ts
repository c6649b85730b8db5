/**
 * The stage figures again for groups of cases: by the languages keybug reviews in them, and by
 * each label the cases carry (introducers, size, days-to-fix, project …). A case counts in every
 * language it has; cases without a label are grouped under "(none)".
 */
import { CHECKPOINTS, type Checkpoint } from '../types.js';
import { aggregate, type StageScore } from './metrics.js';
import type { CaseOutcome } from './outcome.js';

export interface GroupScore {
  group: string;
  cases: number;
  stages: Partial<Record<Checkpoint, StageScore>>;
}

export interface Breakdown {
  language: GroupScore[];
  /** By label name, then by its values. */
  labels: Record<string, GroupScore[]>;
}

/** The languages a case's review covered: as the case records them, else as its review's files say. */
function languagesOf(o: CaseOutcome): string[] {
  if (o.case.languages !== undefined && o.case.languages.length > 0) return o.case.languages;
  const reviewed = (o.result?.files ?? [])
    .filter((f) => f.coverage === 'context' || f.coverage === 'diff')
    .map((f) => f.language ?? 'text');
  return reviewed.length > 0 ? [...new Set(reviewed)].sort() : ['(none)'];
}

function score(group: string, outcomes: readonly CaseOutcome[]): GroupScore {
  const stages: Partial<Record<Checkpoint, StageScore>> = {};
  for (const stage of CHECKPOINTS) {
    const scores = outcomes.flatMap((o) => (o.stages[stage] ? [o.stages[stage].score] : []));
    if (scores.length > 0) stages[stage] = aggregate(scores);
  }
  return { group, cases: outcomes.length, stages };
}

/** Groups in the order of the numbers in their names ('8-30 days' before '31-365 days'), then alphabetically, on any machine. */
const groupOrder = new Intl.Collator('en', { numeric: true }).compare;

function grouped(outcomes: readonly CaseOutcome[], keysOf: (o: CaseOutcome) => string[]): GroupScore[] {
  const groups = new Map<string, CaseOutcome[]>();
  for (const o of outcomes) for (const key of keysOf(o)) groups.set(key, [...(groups.get(key) ?? []), o]);
  return [...groups].sort(([a], [b]) => groupOrder(a, b)).map(([key, members]) => score(key, members));
}

/** The breakdown of the cases that were scored (failed ones are in no metric). */
export function breakdown(outcomes: readonly CaseOutcome[]): Breakdown {
  const scored = outcomes.filter((o) => o.status !== 'failed');
  const names = [...new Set(scored.flatMap((o) => Object.keys(o.case.labels ?? {})))].sort();
  return {
    language: grouped(scored, languagesOf),
    labels: Object.fromEntries(names.map((name) => [name, grouped(scored, (o) => [o.case.labels?.[name] ?? '(none)'])])),
  };
}
