/**
 * Runs a case set through exactly the pipeline `keybug review` runs (the engine's runReview), one
 * case after the other, and scores the comments alive after each stage against the case's key bugs.
 */
import { requireModelSettings } from '../config/inputs.js';
import type { RepositoryConfig } from '../config/repository.js';
import type { EffectiveValue, ExplicitInputs, OnInvalidConfig } from '../config/resolve.js';
import type { Settings } from '../config/settings.js';
import { RevisionError } from '../diff/index.js';
import { configure } from '../engine/configure.js';
import { runReview, StageError } from '../engine/run.js';
import { Git, GitError } from '../git/git.js';
import { wouldBeAnchored, type AnchoringEntry } from '../publish/anchoring-report.js';
import { CallTape } from '../review/llm/tape.js';
import { CHECKPOINTS, type Checkpoint, type ReviewResult, type RunStatus } from '../types.js';
import type { EvalCase } from './cases.js';
import { scoreCase, type CaseScore, type ScoredComment } from './metrics.js';
import { CommentPlacer } from './observe.js';
import type { SweepCase } from './sweep.js';

/** Where model answers come from: the endpoint, the endpoint while recording, or a recording. */
export type TapeSetting = { mode: 'record' | 'replay'; dir: string } | null;

/**
 * A case ready to review: its settings are the flags, then the config file of its base revision,
 * then the defaults, as `keybug review` resolves them; `repository` brings that revision's rules,
 * instructions and instruction files into the prompts.
 */
export interface ConfiguredCase {
  case: EvalCase;
  settings: Settings;
  repository: RepositoryConfig;
  values: EffectiveValue[];
}

export interface EvalRunOptions {
  cases: ConfiguredCase[];
  lineTolerance: number;
  tape: TapeSetting;
  log?: (message: string) => void;
}

/** One stage of one case: the comments alive there and their score. */
export interface CaseStage {
  comments: ScoredComment[];
  score: CaseScore;
}

/** One case's run. */
export interface CaseOutcome {
  case: EvalCase;
  settings: Settings;
  /** The config file of the case's base revision and the settings it gave, as resolved (see ConfiguredCase). */
  repository: RepositoryConfig;
  values: EffectiveValue[];
  /** The review's status; failed when it did not run (the error says why). */
  status: RunStatus | 'failed';
  error: string | null;
  incompleteReasons: string[];
  /** The review's result (the per-case JSON report); null when the case failed. */
  result: ReviewResult | null;
  /** Where each finding would be anchored were the change a pull request, and why (the report's `anchoring`). */
  anchoring: AnchoringEntry[];
  stages: Partial<Record<Checkpoint, CaseStage>>;
  /** HTTP requests sent to the endpoint and answered from a recording (null without --record/--replay: not counted). */
  requestsSent: number | null;
  requestsReplayed: number;
  sweep: SweepCase | null;
}

/** How the cases are configured: the explicit flags, and what to do with an invalid config file. */
export interface CaseConfigInput {
  explicit: ExplicitInputs;
  onInvalidConfig: OnInvalidConfig;
  /** False when the answers come from a recording: no API key is needed. */
  needsKey: boolean;
  log?: (message: string) => void;
}

/**
 * Checks every case's clone and revisions and resolves its settings from its base revision's config
 * file, before any model is called: a missing revision, an invalid config file or a missing model
 * name fails the run here, naming the case, with nothing spent.
 */
export async function configureCases(cases: readonly EvalCase[], input: CaseConfigInput): Promise<ConfiguredCase[]> {
  const configured: ConfiguredCase[] = [];
  for (const c of cases) {
    let git: Git;
    try {
      git = await Git.open(c.repo);
    } catch (error) {
      throw new GitError(`case '${c.id}': ${(error as Error).message}`, [], '');
    }
    try {
      for (const [side, rev] of [['base', c.base], ['head', c.head]] as const) {
        if ((await git.resolveCommit(rev)) === null) throw new RevisionError(`case '${c.id}': the ${side} revision '${rev}' is not in ${c.repo}.`);
      }
    } finally {
      git.close();
    }
    const log = input.log === undefined ? undefined : (message: string): void => input.log?.(`case '${c.id}': ${message}`);
    let resolved: Awaited<ReturnType<typeof configure>>;
    try {
      resolved = await configure({ repoDir: c.repo, base: c.base, head: c.head, explicit: input.explicit, onInvalidConfig: input.onInvalidConfig, log });
    } catch (error) {
      throw error instanceof StageError ? new StageError(`case '${c.id}': ${error.stage}`, error.cause) : error;
    }
    const { settings, repository, values } = resolved;
    try {
      requireModelSettings(settings, input.needsKey);
    } catch (error) {
      throw new StageError(`case '${c.id}'`, error);
    }
    configured.push({ case: c, settings, repository, values });
  }
  return configured;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function runCase(configured: ConfiguredCase, options: EvalRunOptions): Promise<CaseOutcome> {
  const { case: c, settings, repository, values } = configured;
  const { lineTolerance, tape: setting, log } = options;
  const failed = (error: unknown, tape: CallTape | null): CaseOutcome => ({
    case: c,
    settings,
    repository,
    values,
    status: 'failed',
    error: describe(error),
    incompleteReasons: [],
    result: null,
    anchoring: [],
    stages: {},
    requestsSent: tape?.sent ?? null,
    requestsReplayed: tape?.replayed ?? 0,
    sweep: null,
  });
  let tape: CallTape | null = null;
  try {
    const label = `case '${c.id}'`;
    if (setting !== null) tape = setting.mode === 'record' ? CallTape.record(setting.dir, c.id, label) : CallTape.replay(setting.dir, c.id, label);
    const { prepared, result } = await runReview({ repoDir: c.repo, base: c.base, head: c.head, settings, repository, pr: { title: c.title, body: c.body }, log, tape });
    prepared.git.close();
    const placer = new CommentPlacer(prepared.slicing.slices, prepared.diff);
    const stages: Partial<Record<Checkpoint, CaseStage>> = {};
    for (const checkpoint of CHECKPOINTS) {
      if (checkpoint === 'validator' && !settings.validator) continue;
      // A stage nothing reached (no slice, no answer) passed no finding.
      const findings = result.passed?.[checkpoint] ?? [];
      const comments = placer.comments(findings);
      stages[checkpoint] = { comments, score: scoreCase(c.keyBugs, comments, lineTolerance) };
    }
    const unlocated = new Set(result.dropped.filter((d) => d.stage === 'reviewer').map((d) => d.finding.id));
    return {
      case: c,
      settings,
      repository,
      values,
      status: result.status,
      error: null,
      incompleteReasons: result.incompleteReasons,
      result,
      anchoring: wouldBeAnchored(result.findings, prepared.diff),
      stages,
      requestsSent: tape?.sent ?? null,
      requestsReplayed: tape?.replayed ?? 0,
      sweep: { keyBugs: c.keyBugs, reviewed: result.passed?.reviewer ?? [], unlocated, placer },
    };
  } catch (error) {
    return failed(error, tape);
  }
}

/**
 * Reviews every case (one after the other; each review runs its model calls concurrently) and
 * scores each stage. A case that fails is reported as failed, and the others still run.
 */
export async function runCases(options: EvalRunOptions): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  for (const [i, configured] of options.cases.entries()) {
    const c = configured.case;
    options.log?.(`eval: case ${i + 1} of ${options.cases.length}: ${c.id}`);
    const outcome = await runCase(configured, options);
    if (outcome.status === 'failed') options.log?.(`eval: case '${c.id}' failed: ${outcome.error}`);
    outcomes.push(outcome);
  }
  return outcomes;
}
