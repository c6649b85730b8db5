import type { Settings } from '../config/settings.js';
import { modelOutage } from '../engine/outage.js';
import { dryRun, runReview, type EngineInput, type Prepared, type RunCoverage } from '../engine/run.js';
import { evaluateGate, type GateVerdict } from '../gate/gate.js';
import { wouldBeAnchored, type AnchoringEntry } from '../publish/index.js';
import type { PlannedPrompt, RunEstimate } from '../review/index.js';
import { coverageJson } from '../output/coverage.js';
import { sliceResultToJson } from '../output/slices.js';
import type { ReviewResult } from '../types.js';
import { configureRun, engineInput, type Change, type RunSettings } from './engine-input.js';

/**
 * The review of a change that is not (or not yet) a pull request on GitHub, as `keybug review
 * --base` runs it: the settings from the base revision, then the engine, then the gate. Nothing is
 * read from GitHub or posted; where each finding would be anchored is told for the report.
 */

/** A run with `dry-run`: the slices and prompts, what the review would cost, and the coverage and status it would reach; no model was called. */
export interface DryRunOutcome {
  kind: 'dry-run';
  settings: Settings;
  prepared: Prepared;
  prompts: PlannedPrompt[];
  estimate: RunEstimate;
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
 * The JSON of a dry run (the CLI's `--format json` and report, the action's report): the status the
 * review would reach and why, every file's coverage with the skipped and the not reviewed apart,
 * the slices, the prompts and the estimate.
 */
export function dryRunReport({ prepared, prompts, estimate, coverage }: DryRunOutcome): object {
  const guidance = prepared.guidance?.report;
  return {
    dryRun: true,
    status: coverage.status.status,
    incompleteReasons: coverage.status.reasons,
    baseSha: prepared.diff.baseSha,
    headSha: prepared.diff.headSha,
    ...coverageJson(coverage),
    slices: sliceResultToJson(prepared.slicing),
    prompts,
    estimate,
    ...(guidance ? { guidance } : {}),
  };
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
