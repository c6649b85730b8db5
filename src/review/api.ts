import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import type { Deadline } from '../support/deadline.js';
import type { Checkpoint, DroppedFinding, Finding, ModelCall, Role, Slice, StageRecord, Unreviewed, Usage } from '../types.js';
import type { RetryPolicy } from '../support/retry.js';
import type { CallTape } from './llm/tape.js';
import type { RepositoryTools } from './tools/index.js';
export type { StageRecord } from '../types.js';

/** The pull request's own words. Untrusted: they go to the model as data, never as instructions. */
export interface PullRequestText {
  title: string;
  body: string;
}

export interface ReviewInput {
  slices: Slice[];
  pr: PullRequestText;
  settings: Settings;
  /** The repository's guidance per slice id (src/guidance/); slices without an entry get none. */
  guidance?: ReadonlyMap<string, SliceGuidance>;
  log?: (message: string) => void;
  /**
   * Where the lines saying how far a long stage is go (at least every 5 s or every tenth of the
   * work): a terminal keeps them as one updating line. Default: `log`.
   */
  progress?: (message: string) => void;
  /** The run's time limit: no model call starts after it (see Deadline). */
  deadline?: Deadline;
  /** Knobs that are not user settings: tests and benchmarks shorten waits with them. */
  tuning?: ReviewTuning;
  /** Records or replays every model request (`--record` / `--replay`). */
  tape?: CallTape | null;
  /**
   * The change's two revisions, read through the tools' gate: the reviewers' and the validator's
   * tools (unless `tools` is off), and what findings cite is checked against it. Absent: no tools,
   * and evidence is checked against the slice alone.
   */
  repository?: RepositoryTools | null;
}

export interface ReviewTuning {
  /** Backoff of transport retries (the count comes from settings.maxRetries). */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** Per-call timeout in milliseconds, overriding settings.timeoutSeconds. */
  timeoutMs?: number;
}

/** What the review stage did; the run's status is decided from it by the engine (gate/status.ts), with what earlier stages left out. */
export interface ReviewOutcome {
  /** Why the review stage left the run incomplete. */
  incompleteReasons: string[];
  /** Roles that failed without making the run incomplete, and what was done instead (findings kept unmerged or untranslated, marked so). */
  degraded: string[];
  /** Survivors, most severe first. */
  findings: Finding[];
  /** Every candidate that left, with the stage and the reason. */
  dropped: DroppedFinding[];
  /** Slices not reviewed (budget, failed calls), with path, lines and reason. */
  unreviewed: Unreviewed[];
  calls: ModelCall[];
  usage: Usage;
  /** Wall time of each role's calls, from the first start to the last end (stages overlap). */
  stageMs: Record<string, number>;
  /** Every candidate's path through the stages, by finding id (the JSON report's `candidates`). */
  history: Record<string, StageRecord[]>;
  /** The findings alive after each checkpoint (see ReviewResult.passed). */
  passed: Partial<Record<Checkpoint, Finding[]>>;
}

/** A prompt a review would send, built without calling a model. */
export interface PlannedPrompt {
  role: Role;
  sliceId: string | null;
  model: string;
  system: string;
  user: string;
  /** Estimated tokens of system + user. */
  tokens: number;
  /** How many times it is sent: the N reviewers of a slice get the identical prompt. */
  copies: number;
}
