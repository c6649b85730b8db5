import type { Settings } from '../config/settings.js';
import { modelOutage } from '../engine/outage.js';
import { dryRun, runReview, type EngineInput, type Prepared, type RunCoverage } from '../engine/run.js';
import { evaluateGate, type GateVerdict } from '../gate/gate.js';
import { promptsToShow, renderDryRunSummary, wouldBeAnchored, type AnchoringEntry } from '../publish/index.js';
import { describeEstimate } from '../review/index.js';
import type { DryRunPlan } from '../engine/dry-run.js';
import { coverageJson } from '../output/coverage.js';
import { documentPieces, LazyList } from '../output/json.js';
import type { ReviewResult } from '../types.js';
import { configureRun, engineInput, type Change, type RunSettings } from './engine-input.js';

/**
 * The review of a change that is not (or not yet) a pull request on GitHub, as `keybug review
 * --base` runs it: the settings from the base revision, then the engine, then the gate. Nothing is
 * read from GitHub or posted; where each finding would be anchored is told for the report.
 */

/**
 * A run with `dry-run`: the slices and prompts (spooled in `plan`, which the caller closes once it
 * has written them), what the review would cost, and the coverage and status it would reach; no
 * model was called.
 */
export interface DryRunOutcome {
  kind: 'dry-run';
  settings: Settings;
  prepared: Prepared;
  plan: DryRunPlan;
  coverage: RunCoverage;
}

export interface ReviewedChange {
  kind: 'reviewed';
  settings: Settings;
  prepared: Prepared;
  result: ReviewResult;
  /** Where each finding would be anchored were the change a pull request (nothing was posted before). */
  anchoring: AnchoringEntry[];
  gate: GateVerdict;
  /** Why the run failed although it finished: the model endpoint failed every call (see modelOutage). */
  outage: string | null;
}

/**
 * The JSON of a dry run (the CLI's `--format json` and report, the action's report), in pieces read
 * from the plan's spools as they are written: the status the review would reach and why, every
 * file's coverage with the skipped and the not reviewed apart, the slices, the prompts and the estimate.
 */
export function dryRunReport({ prepared, plan, coverage }: DryRunOutcome): Iterable<string> {
  const guidance = prepared.guidance?.report;
  const { stats } = prepared.slicing;
  return documentPieces(
    {
      dryRun: true,
      status: coverage.status.status,
      incompleteReasons: coverage.status.reasons,
      baseSha: prepared.diff.baseSha,
      headSha: prepared.diff.headSha,
      ...coverageJson(coverage),
      // keybug slice --format json's document.
      slices: { slices: new LazyList(plan.sliceCount, () => plan.sliceJson()), files: stats.files, stats },
      prompts: new LazyList(plan.promptCount, () => plan.prompts()),
      estimate: plan.estimate,
      ...(guidance ? { guidance } : {}),
    },
    { levels: 3, plain: false },
  );
}

/** A dry run's job summary (the action's, and the CLI's `--format markdown`); `priceHint` says how to set prices in that shell. */
export function dryRunSummary({ prepared, plan, coverage, settings }: DryRunOutcome, priceHint: string): string {
  return renderDryRunSummary({
    headSha: prepared.diff.headSha,
    diff: prepared.diff,
    files: coverage.files,
    unreviewed: coverage.unreviewed,
    status: coverage.status,
    slices: plan.sliceRows(),
    prompts: promptsToShow(plan.prompts()),
    promptCount: plan.promptCount,
    systems: plan.distinctSystems(),
    guidance: prepared.guidance?.report,
    instructionsTokenBudget: settings.instructionsTokenBudget,
    estimate: describeEstimate(plan.estimate, priceHint),
  });
}

/** The slices and prompts a review of the change would send, calling no model. */
export async function dryRunChange(input: EngineInput): Promise<DryRunOutcome> {
  return { kind: 'dry-run', settings: input.settings, ...(await dryRun(input)) };
}

export async function reviewChange(run: RunSettings, change: Change): Promise<DryRunOutcome | ReviewedChange> {
  const configured = await configureRun(run, change);
  const { settings } = configured;
  if (settings.dryRun) return dryRunChange(engineInput(run, change, configured, 'dry-run'));
  const input = engineInput(run, change, configured, 'review');
  const { prepared, result } = await runReview(input);
  if (input.tape?.mode === 'record') run.log(`recorded ${input.tape.sent} model request(s) in ${input.tape.file}`);
  return {
    kind: 'reviewed',
    settings,
    prepared,
    result,
    anchoring: wouldBeAnchored(result.findings, prepared.diff),
    gate: evaluateGate(result, settings, run.nameSetting),
    outage: modelOutage(result, settings, run.nameSetting),
  };
}
