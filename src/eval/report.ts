/**
 * The evaluation report: per stage and per case, as the paper's Tables 3 and 4 read. JSON is the
 * contract (`--format json`, `--out DIR/eval.json`); text and Markdown are drawn from it.
 * Everything in it but `run` depends only on the cases, the settings and the model's answers, so a
 * replay of a recording gives the same report.
 */
import type { Settings } from '../config/settings.js';
import { CHECKPOINTS, type Checkpoint } from '../types.js';
import type { TapeSetting } from '../review/llm/tape.js';
import type { Rejected } from './admit.js';
import { breakdown, type Breakdown } from './breakdown.js';
import type { CaseSource, KeyBug } from './cases.js';
import { aggregate, bugGroups, type StageScore } from './metrics.js';
import type { CaseOutcome } from './outcome.js';
import type { SweepResult } from './sweep.js';

export interface StageReport {
  stage: Checkpoint;
  label: string;
  /** False when the stage did not run (the validator is off); its score is then null. */
  ran: boolean;
  note: string | null;
  score: StageScore | null;
}

export interface CaseReport {
  id: string;
  status: CaseOutcome['status'];
  /** Key bugs as the metrics count them (ranges of one `bug` once). */
  bugs: number;
  /** Where a mined or imported case came from, its labels and languages (as the case file gives them). */
  source: CaseSource | null;
  labels: Record<string, string>;
  languages: string[];
  error: string | null;
  incompleteReasons: string[];
  keyBugs: (KeyBug & { recalledBy: Partial<Record<Checkpoint, string[]>> })[];
  stages: Partial<
    Record<
      Checkpoint,
      {
        comments: { id: string; path: string; startLine: number; endLine: number; lineShown: boolean; recalls: number[] }[];
        recalled: number;
        falseAlarms: number;
        far: number | null;
        lsr: number | null;
      }
    >
  >;
  usage: { calls: number; promptTokens: number; completionTokens: number } | null;
  /** What the case's base revision configured, as `keybug review` reads it: its config file and the settings it gave (under the flags), and the guidance sources its prompts carried. */
  config: {
    rev: string;
    file: string | null;
    /** Why the config file was not used (invalid, with --on-invalid-config defaults). */
    problem: string | null;
    settings: { name: string; value: string; line: number }[];
    guidance: string[];
  };
}

export interface EvalReport {
  version: 1;
  /** The built-in example, whose model answers are scripted. */
  example: boolean;
  settings: Pick<
    Settings,
    | 'model'
    | 'reviewerModel'
    | 'validatorModel'
    | 'algorithm'
    | 'reviewers'
    | 'minSubstance'
    | 'minReality'
    | 'topK'
    | 'requireConsensus'
    | 'validator'
    | 'validatorMinSubstance'
    | 'validatorMinReality'
    | 'temperature'
  > & { lineTolerance: number };
  /**
   * The settings above that not every case had (a case's config file set them otherwise): the table
   * then mixes setups, and each case's `config` says what it used. Empty when every case ran with
   * the settings above.
   */
  settingsVary: string[];
  cases: number;
  failed: number;
  incomplete: number;
  stages: StageReport[];
  /** The stages again by language and by each label of the cases. */
  breakdown: Breakdown;
  perCase: CaseReport[];
  /** Mined or imported cases whose key bug lines are not all added lines of their head: not reviewed, in no metric. */
  rejected: { id: string; reason: string }[];
  /** The reproducible subset scored (--sample N --seed S), or null for the whole case file. */
  sample: { size: number; seed: number; of: number } | null;
  sweep: SweepResult | null;
  /** How the answers were obtained; the one part a replay changes. */
  run: {
    mode: 'live' | 'record' | 'replay';
    recording: string | null;
    modelCalls: number;
    /** HTTP requests sent to the model endpoint; null when not counted (neither --record nor --replay). */
    requestsSent: number | null;
    requestsReplayed: number;
  };
}

export const STAGE_LABELS: Record<Checkpoint, string> = {
  reviewer: 'All (reviewers)',
  'coarse-filter': 'Coarse filter',
  'top-k': 'Top-k',
  'meta-reviewer': '+ Meta-reviewer',
  validator: '+ Validator',
};

function stageNote(stage: Checkpoint, settings: Settings): string | null {
  switch (stage) {
    case 'reviewer':
      return settings.reviewers > 1 ? `every comment of the ${settings.reviewers} reviewers` : null;
    case 'coarse-filter':
      return `substance ≤ ${settings.minSubstance} or reality ≤ ${settings.minReality} dropped`;
    case 'top-k':
      return `top ${settings.topK} of each reviewer per slice`;
    case 'meta-reviewer':
      return settings.reviewers === 1
        ? 'one reviewer: nothing to merge'
        : `merged${settings.requireConsensus ? ', raised by one reviewer dropped' : ''}, top ${settings.topK} per slice`;
    case 'validator':
      return settings.validator
        ? `substance ≤ ${settings.validatorMinSubstance} or reality ≤ ${settings.validatorMinReality} dropped`
        : 'validator off';
  }
}

type ReportSettings = Omit<EvalReport['settings'], 'lineTolerance'>;

function reportSettings(settings: Settings): ReportSettings {
  return {
    model: settings.model,
    reviewerModel: settings.reviewerModel,
    validatorModel: settings.validatorModel,
    algorithm: settings.algorithm,
    reviewers: settings.reviewers,
    minSubstance: settings.minSubstance,
    minReality: settings.minReality,
    topK: settings.topK,
    requireConsensus: settings.requireConsensus,
    validator: settings.validator,
    validatorMinSubstance: settings.validatorMinSubstance,
    validatorMinReality: settings.validatorMinReality,
    temperature: settings.temperature,
  };
}

/**
 * The settings the table was made with: the cases' own when they all agree (their config files
 * may set them), else `fallback` (the flags and defaults) with the names of those that differ.
 */
function commonSettings(outcomes: readonly CaseOutcome[], fallback: Settings): { settings: Settings; vary: string[] } {
  const first = outcomes[0];
  if (first === undefined) return { settings: fallback, vary: [] };
  const base = reportSettings(first.settings);
  const vary = (Object.keys(base) as (keyof ReportSettings)[]).filter((key) =>
    outcomes.some((o) => reportSettings(o.settings)[key] !== base[key]),
  );
  return vary.length === 0 ? { settings: first.settings, vary } : { settings: fallback, vary };
}

export function buildReport(input: {
  outcomes: CaseOutcome[];
  settings: Settings;
  lineTolerance: number;
  tape: TapeSetting;
  sweep: SweepResult | null;
  example: boolean;
  rejected?: Rejected[];
  sample?: EvalReport['sample'];
}): EvalReport {
  const { outcomes, lineTolerance, tape, sweep, example } = input;
  const { settings, vary } = commonSettings(outcomes, input.settings);
  const scored = outcomes.filter((o) => o.status !== 'failed');
  const stages = CHECKPOINTS.map((stage): StageReport => {
    const ran = stage !== 'validator' || settings.validator || scored.some((o) => o.stages.validator !== undefined);
    const cases = scored.flatMap((o) => (o.stages[stage] ? [o.stages[stage].score] : []));
    return { stage, label: STAGE_LABELS[stage], ran, note: stageNote(stage, settings), score: ran ? aggregate(cases) : null };
  });
  const perCase = outcomes.map((o): CaseReport => ({
    id: o.case.id,
    status: o.status,
    bugs: bugGroups(o.case.keyBugs).length,
    source: o.case.source ?? null,
    labels: o.case.labels ?? {},
    languages: o.case.languages ?? [],
    error: o.error,
    incompleteReasons: o.incompleteReasons,
    keyBugs: o.case.keyBugs.map((bug, i) => ({
      ...bug,
      recalledBy: Object.fromEntries(CHECKPOINTS.flatMap((c) => (o.stages[c] ? [[c, o.stages[c].score.recalledBy[i] ?? []]] : []))),
    })),
    stages: Object.fromEntries(
      CHECKPOINTS.flatMap((c) => {
        const s = o.stages[c];
        if (s === undefined) return [];
        const comments = s.comments.map((comment, j) => ({ ...comment, recalls: s.score.recalls[j] ?? [] }));
        return [[c, { comments, recalled: s.score.recalled, falseAlarms: s.score.falseAlarms, far: s.score.far, lsr: s.score.lsr }]];
      }),
    ),
    usage: o.result
      ? { calls: o.result.usage.calls, promptTokens: o.result.usage.promptTokens, completionTokens: o.result.usage.completionTokens }
      : null,
    config: {
      rev: o.repository.rev,
      file: o.repository.file?.path ?? null,
      problem: o.repository.problem,
      settings: o.values.flatMap((v) =>
        v.source.kind === 'config' && !v.secret ? [{ name: v.name, value: v.value, line: v.source.line }] : [],
      ),
      guidance: (o.result?.guidance?.sources ?? []).map((g) => g.source),
    },
  }));
  const counted = outcomes.filter((o) => o.requestsSent !== null);
  return {
    version: 1,
    example,
    settings: { ...reportSettings(settings), lineTolerance },
    settingsVary: vary,
    cases: outcomes.length,
    failed: outcomes.length - scored.length,
    incomplete: outcomes.filter((o) => o.status === 'incomplete').length,
    stages,
    breakdown: breakdown(outcomes),
    perCase,
    rejected: (input.rejected ?? []).map((r) => ({ id: r.case.id, reason: r.reason })),
    sample: input.sample ?? null,
    sweep,
    run: {
      mode: tape?.mode ?? 'live',
      recording: tape?.dir ?? null,
      modelCalls: outcomes.reduce((n, o) => n + (o.result?.usage.calls ?? 0), 0),
      requestsSent: tape === null ? null : counted.reduce((n, o) => n + (o.requestsSent ?? 0), 0),
      requestsReplayed: outcomes.reduce((n, o) => n + o.requestsReplayed, 0),
    },
  };
}
