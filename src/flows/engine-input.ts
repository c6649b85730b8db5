import { requireModelSettings } from '../config/inputs.js';
import type { NameSetting } from '../config/naming.js';
import type { ExplicitInputs, OnInvalidConfig } from '../config/resolve.js';
import { configure, type Configured } from '../engine/configure.js';
import type { EngineInput } from '../engine/run.js';
import type { PullRequestText } from '../review/index.js';
import { checkEndpoint } from '../review/llm/endpoint.js';
import { openTape, type TapeSetting } from '../review/llm/tape.js';
import { Deadline } from '../support/deadline.js';

/**
 * What a shell hands a flow: everything it read from its inputs (the action's, or the command
 * line's flags and variables), in one object. The flow resolves the settings from it (explicit
 * values over the base revision's config file over defaults) and builds the engine's input with
 * engineInput, the one place that input is made.
 */
export interface RunSettings {
  /** Values given explicitly (workflow inputs, or flags and variables): they win over the base revision's config file. */
  explicit: ExplicitInputs;
  onInvalidConfig: OnInvalidConfig;
  /** When the run began (epoch ms): its time limit counts from here. */
  startedAt: number;
  /** Where model answers come from: the endpoint (null), the endpoint while recording, or a recording. */
  tape: TapeSetting;
  /** How the shell names a setting in hints and errors. */
  nameSetting: NameSetting;
  log: (message: string) => void;
  /** Where the lines saying how far slicing and the review are go (a terminal keeps one updating line); default `log`. */
  progress?: (message: string) => void;
  warn: (message: string) => void;
  /** Runs a long stage inside a collapsible group of the log (the action's `::group::`). */
  group?: <T>(title: string, work: () => Promise<T>) => Promise<T>;
  /**
   * Hears the resolved settings before any work on the change: the shell says where they came from
   * and checks what only it knows to need (a token to post with, a report path), throwing to stop.
   */
  configured?: (configured: Configured) => void | Promise<void>;
}

/** A change to review: a clone, two revisions, and what the pull request says about it. */
export interface Change {
  repoDir: string;
  base: string;
  head: string;
  pr: PullRequestText;
  /** Refs to fetch when base or head is missing from the clone (a fork's pull request: refs/pull/N/head). */
  fetchRefs?: string[];
  /**
   * The range was given on purpose (the CLI's --base and --head): one that holds no change (the same
   * commit twice, or the two the other way round) is a mistake, not a change with nothing in it.
   */
  requireChange?: boolean;
}

/** The settings of a run on a change: explicit values, then the config file of the base revision, then defaults; the shell hears them first. */
export async function configureRun(run: RunSettings, change: Change): Promise<Configured> {
  const configured = await configure({
    repoDir: change.repoDir,
    base: change.base,
    head: change.head,
    ...(change.fetchRefs ? { fetchRefs: change.fetchRefs } : {}),
    ...(change.requireChange ? { requireChange: true } : {}),
    explicit: run.explicit,
    onInvalidConfig: run.onInvalidConfig,
    log: run.log,
  });
  await run.configured?.(configured);
  return configured;
}

/** What the engine is run for: the slices alone (`keybug slice`: no guidance, no model), the prompts too (a dry run), or a review. */
export type EngineUse = 'slices' | 'dry-run' | 'review';

/**
 * The engine's input for a change, made the same way for every shell and flow. For a review it also
 * checks that a model can be called (a model, and a key unless the endpoint needs none or a
 * recording answers), opens the tape, and checks the endpoint once the slices show there is
 * something to review.
 */
export function engineInput(run: RunSettings, change: Change, configured: Configured, use: EngineUse, tapeName = 'review'): EngineInput {
  const { settings, repository } = configured;
  const input: EngineInput = {
    repoDir: change.repoDir,
    base: change.base,
    head: change.head,
    ...(change.fetchRefs ? { fetchRefs: change.fetchRefs } : {}),
    ...(change.requireChange ? { requireChange: true } : {}),
    settings,
    // The slices alone need none of the repository's guidance.
    ...(use === 'slices' ? {} : { repository }),
    pr: change.pr,
    log: run.log,
    ...(run.progress ? { progress: run.progress } : {}),
    ...(run.group ? { group: run.group } : {}),
    deadline: Deadline.of(settings.timeLimitMinutes, run.startedAt),
  };
  if (use !== 'review') return input;
  const { tape } = run;
  requireModelSettings(settings, tape?.mode !== 'replay');
  input.tape = openTape(tape, tapeName, tapeName === 'review' ? 'the review' : `case '${tapeName}'`);
  // A replay calls no endpoint; otherwise it is checked once the slices show something to review.
  if (tape?.mode !== 'replay') input.beforeModelCalls = async () => run.log(`keybug: ${await checkEndpoint(settings, run.nameSetting)}.`);
  return input;
}
