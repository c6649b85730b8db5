import type { RepositoryConfig } from '../config/repository.js';
import type { EffectiveValue } from '../config/resolve.js';
import type { Settings } from '../config/settings.js';
import type { AnchoringEntry } from '../publish/index.js';
import type { Checkpoint, ReviewResult, RunStatus } from '../types.js';
import type { EvalCase } from './cases.js';
import type { CaseScore, ScoredComment } from './metrics.js';
import type { SweepCase } from './sweep.js';

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
