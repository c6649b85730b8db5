import path from 'node:path';
import { Git, GitError } from '../git/git.js';
import { Attributes, readDiff, RevisionError, selectChangedFiles } from '../diff/index.js';
import { ConfigFileError } from '../config/file.js';
import { SettingError } from '../config/naming.js';
import { sliceChange, type SliceProgress, type SliceResult } from '../slicing/index.js';
import { SpooledSlices, startReview, type ReviewSession, type PullRequestText } from '../review/index.js';
import type { CallTape } from '../review/llm/tape.js';
import { RepositoryTools } from '../review/tools/index.js';
import { requireModelSettings } from '../config/inputs.js';
import type { RepositoryConfig } from '../config/repository.js';
import type { Settings } from '../config/settings.js';
import { buildGuidance, joinGuidanceReports, type Guidance, type SliceGuidance } from '../guidance/index.js';
import { Deadline, ProgressPace } from '../support/deadline.js';
import { collectGarbage } from '../support/heap-flags.js';
import { decideStatus, type StatusReport } from '../gate/status.js';
import { sliceSummary } from '../output/slices.js';
import type { Diff, DiffFile, FileCoverage, GuidanceReport, ReviewResult, Skipped, Slice, Unreviewed } from '../types.js';
import { committedSecrets } from './committed-secrets.js';
import { DryRunPlan } from './dry-run.js';
import { coverageGaps, coverageLists, fileCoverage } from './coverage.js';

/**
 * An engine stage failed in a way that names no subject of its own (an unexpected error): the
 * message says where it happened. Errors that name their subject — the repository, a revision or
 * range, a setting, the config file — pass through unwrapped (see namesItsSubject).
 */
export class StageError extends Error {
  constructor(
    readonly stage: string,
    override readonly cause: unknown,
  ) {
    super(`${stage}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StageError';
  }
}

/** True for a failure whose message already names what is at fault, so no stage name is put before it. */
export function namesItsSubject(error: unknown): boolean {
  return error instanceof RevisionError || error instanceof GitError || error instanceof SettingError || error instanceof ConfigFileError;
}

/** The process's peak resident set so far, in MB. */
export function peakMemoryMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** Runs one stage, naming it in any error; a stage run in several steps adds their times up. */
async function stage<T>(name: string, timings: Record<string, number>, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } catch (error) {
    throw namesItsSubject(error) ? error : new StageError(name, error);
  } finally {
    timings[name] = (timings[name] ?? 0) + Math.round(performance.now() - start);
  }
}

export interface EngineInput {
  repoDir: string;
  base: string;
  head: string;
  settings: Settings;
  pr: PullRequestText;
  /**
   * Files to review, as paths of the diff (incremental reviews pass what changed since the last
   * reviewed commit); null reviews every file of the diff.
   */
  onlyPaths?: ReadonlySet<string> | null;
  /** The commit an incremental review reviews from (named in the coverage of the files it leaves alone). */
  incrementalFrom?: string | null;
  /** Refs to fetch when base or head is missing from a full clone (see ReadDiffOptions.fetchRefs). */
  fetchRefs?: string[];
  /** The range was given on purpose: one that holds no change fails (see ReadDiffOptions.requireChange). */
  requireChange?: boolean;
  /**
   * The base revision's configuration (src/config/repository.ts): its rules and instructions, and
   * the instruction files of that revision, guide the review. Absent: no repository guidance.
   */
  repository?: RepositoryConfig;
  log?: (message: string) => void;
  /**
   * Where the lines saying how far a long stage is go (at least every 5 s or every tenth of the
   * work): a terminal keeps them as one updating line. Default: `log`.
   */
  progress?: (message: string) => void;
  /** Records every model request and answer, or answers them from a recording (`--record` / `--replay`). */
  tape?: CallTape | null;
  /** The run's time limit, started by the shell when the run began; none when not given. */
  deadline?: Deadline;
  /** Runs a long stage inside a collapsible group of the log (the action's `::group::`); plain when not given. */
  group?: <T>(title: string, work: () => Promise<T>) => Promise<T>;
  /**
   * Checks made once the slices are known and before the first model call (the model endpoint's),
   * only when there is something to review: a change with nothing to review contacts no model.
   */
  beforeModelCalls?: () => Promise<void>;
  /**
   * Why the run is incomplete whatever the engine finds, known before it runs (what keybug posted
   * before could not be read): the status is decided once, with these among its reasons.
   */
  incompleteReasons?: string[];
}

const ungrouped = <T>(_title: string, work: () => Promise<T>): Promise<T> => work();

/** Everything known before any model is called. */
export interface Prepared {
  git: Git;
  diff: Diff;
  selected: DiffFile[];
  /** Files left out before any model call (by selection or by the slicer), with the reason. */
  leftOut: Unreviewed[];
  /** Why what was left out before any model call makes the run incomplete (see coverageGaps). */
  incompleteReasons: string[];
  /** Files reviewed although the change makes them look generated or vendored, and why. */
  reviewedAnyway: { path: string; reason: string }[];
  slicing: SliceResult;
  /** Every changed file's coverage as far as slicing goes (the review stage may still leave slices unreviewed). */
  files: FileCoverage[];
  /** The repository's guidance per slice id, and what was used of it (null without `repository`). */
  guidance: { bySlice: Map<string, SliceGuidance>; report: GuidanceReport } | null;
  stageMs: Record<string, number>;
}

/**
 * A listener for slicing's progress that prints a line as ProgressPace says: files read and sliced
 * of all, slices so far, time taken. Files read count for the pace only in a change of TENTHS_FROM
 * files or more: a smaller one is sliced in moments, and a line per file read would bury the rest.
 */
const TENTHS_FROM = 20;

function slicingProgress(
  say: ((message: string) => void) | undefined,
  deadline: Deadline,
): ((progress: SliceProgress) => void) | undefined {
  if (say === undefined) return undefined;
  const pace = new ProgressPace();
  return (p) => {
    if (!pace.due([p.sliced, p.files], ...(p.files >= TENTHS_FROM ? [[p.read, p.files] as const] : []))) return;
    say(
      `slicing: ${p.read} of ${p.files} file(s) read, ${p.sliced} sliced, ${p.slices} slice(s) so far, ${deadline.elapsed()} since the start`,
    );
  };
}

/** The word index cache's folder for the `index-cache` setting: the repository's `.git/keybug` by default, none for `none`. */
function indexCacheDir(setting: string, git: Git): string | null {
  if (setting === 'none') return null;
  return setting === '' ? path.join(git.dir, 'keybug') : path.resolve(setting);
}

/** Hears the slices of a change as they are made (a part at a time), with the repository's guidance for them by slice id, and the repository and diff they come from. */
export type SliceConsumer = (
  slices: Slice[],
  guidance: ReadonlyMap<string, SliceGuidance> | undefined,
  change: { git: Git; diff: Diff },
) => void | Promise<void>;

/**
 * Diff → file selection → slices (and their guidance): the model-free part of the pipeline. With
 * `onSlices`, the slices and their guidance are handed to it as they are made, a part of a large
 * change at a time (see SliceOptions.onSlices); `slicing.slices` and `guidance.bySlice` are then
 * empty, and the guidance's report counts every part.
 */
export async function prepare(input: EngineInput, onSlices?: SliceConsumer): Promise<Prepared> {
  const stageMs: Record<string, number> = {};
  const git = await stage('diff', stageMs, () => Git.open(input.repoDir));
  const diff = await stage('diff', stageMs, () =>
    readDiff(git, input.base, input.head, { log: input.log, fetchRefs: input.fetchRefs, requireChange: input.requireChange === true }),
  );
  const wanted = input.onlyPaths ? diff.files.filter((f) => input.onlyPaths?.has(f.path)) : diff.files;
  // A path keybug cannot use (not UTF-8) is listed, not passed on: git and GitHub cannot be asked about it by name.
  const unusable = wanted.filter((f) => f.pathProblem !== undefined);
  const candidates = wanted.filter((f) => f.pathProblem === undefined);
  // Linguist attributes of the base revision: the pull request cannot mark its own files generated.
  const attributes = await stage('select', stageMs, async () => Attributes.read(git, diff.baseSha, await git.listFiles(diff.baseSha)));
  const {
    files: selected,
    unreviewed: selection,
    overLimit,
    reviewedAnyway,
  } = await stage('select', stageMs, () => selectChangedFiles(git, diff.baseSha, diff.headSha, candidates, input.settings, attributes));
  for (const r of reviewedAnyway) input.log?.(`select: ${r.path} is ${r.reason}`);
  const unreviewed = [...unusable.map((f): Unreviewed => ({ path: f.path, reason: f.pathProblem ?? '', missed: true })), ...selection];
  const deadline = input.deadline ?? Deadline.none();
  const { repository } = input;
  const guidanceOf = (slices: readonly Slice[]): Promise<Guidance> | null =>
    repository ? stage('guidance', stageMs, () => buildGuidance({ git, repository, settings: input.settings, slices, diff })) : null;
  let made = 0;
  let report: GuidanceReport | null = null;
  // Time spent handing slices on (their guidance, and what the consumer does), which is not slicing's.
  let handingMs = 0;
  const handOn = async (slices: Slice[]): Promise<void> => {
    const start = performance.now();
    made += slices.length;
    const part = await guidanceOf(slices);
    if (part !== null) report = report === null ? part.report : joinGuidanceReports(report, part.report);
    await onSlices?.(slices, part?.bySlice, { git, diff });
    handingMs += performance.now() - start;
  };
  const slicing = await (input.group ?? ungrouped)(
    `keybug: slicing ${selected.length} file(s) with ${input.settings.algorithm}`,
    async () => {
      const sliced = await stage('slicing', stageMs, () =>
        sliceChange(git, diff, selected, {
          onProgress: slicingProgress(input.progress ?? input.log, deadline),
          algorithm: input.settings.algorithm,
          tokenBudget: input.settings.sliceTokenBudget,
          attributes,
          indexCache: indexCacheDir(input.settings.indexCache, git),
          ...(deadline.at !== null ? { deadline: deadline.at } : {}),
          ...(onSlices !== undefined ? { onSlices: handOn } : {}),
        }),
      );
      made += sliced.slices.length;
      // Slicing's own parts: the word index and parsing, then the rest (reading files, searching, the algorithms).
      stageMs.index = sliced.stats.indexMs;
      stageMs.parse = sliced.stats.parseMs;
      stageMs.slice = Math.max(0, Math.round((stageMs.slicing ?? 0) - handingMs) - sliced.stats.indexMs - sliced.stats.parseMs);
      delete stageMs.slicing;
      const cache = sliced.stats.indexCache;
      if (cache?.problem !== undefined) input.log?.(`index-cache: ${cache.problem}`);
      if (cache !== undefined)
        input.log?.(`index-cache: the word index took ${cache.reusedFiles} file(s) from ${cache.dir} and read ${cache.readFiles}`);
      if (sliced.stats.indexThreadFailure !== undefined)
        input.log?.(
          `index: the word index's thread failed (${sliced.stats.indexThreadFailure}); it was built on the slicing thread instead`,
        );
      for (const problem of sliced.stats.manifestProblems ?? [])
        input.log?.(`slicing: ${problem}; its imports were resolved as without it`);
      const facts = sliced.stats.factsCache;
      if (facts?.problem !== undefined) input.log?.(`index-cache: ${facts.problem}`);
      if (facts !== undefined)
        input.log?.(
          `index-cache: ${facts.reused} file(s) read for their definitions were built from the facts kept in ${facts.dir} instead of parsed${facts.refused !== undefined ? `; ${facts.refused === 1 ? "1 kept entry was refused (not made for the file's text) and the file parsed" : `${facts.refused} kept entries were refused (not made for the files' text) and the files parsed`}` : ''}`,
        );
      input.log?.(
        `slicing: ${made} slice(s); ${sliced.stats.filesParsed} file(s) parsed; ${sliced.stats.skipped.length} of ${selected.length} file(s) not sliced; ${deadline.elapsed()} since the start`,
      );
      return sliced;
    },
  );
  const incompleteReasons = coverageGaps(overLimit, slicing.stats.skipped, input.settings);
  if (unusable.length > 0) {
    const shown =
      unusable
        .slice(0, 3)
        .map((f) => f.path)
        .join('; ') + (unusable.length > 3 ? '; …' : '');
    incompleteReasons.push(
      `${unusable.length} changed file(s) have a path keybug cannot use and were not reviewed (${shown}): ${unusable[0]?.pathProblem ?? ''}`,
    );
  }
  const files = fileCoverage({
    files: diff.files,
    onlyPaths: input.onlyPaths ?? null,
    incrementalFrom: input.incrementalFrom,
    selectionLeftOut: unreviewed,
    sliced: slicing.stats.files,
    reviewLeftOut: [],
    reviewedAnyway,
  });
  // Handed on in parts, the guidance was built with them; otherwise (or when no slice came) for every slice now.
  const whole = report === null ? await guidanceOf(slicing.slices) : null;
  const guidance = whole ?? (report !== null ? { bySlice: new Map<string, SliceGuidance>(), report } : null);
  if (guidance && guidance.report.changedByPullRequest.length > 0) {
    input.log?.(
      `guidance: this change modifies ${guidance.report.changedByPullRequest.join(', ')}; it is reviewed under the base revision's version, and the change takes effect after merge`,
    );
  }
  return {
    git,
    diff,
    selected,
    leftOut: [...unreviewed, ...slicing.stats.skipped],
    incompleteReasons,
    reviewedAnyway,
    slicing,
    files,
    guidance,
    stageMs,
  };
}

/** What a run covered, and its status: every changed file's coverage, the files skipped, what was not reviewed. */
export interface RunCoverage {
  files: FileCoverage[];
  skipped: Skipped[];
  unreviewed: Unreviewed[];
  status: StatusReport;
}

/**
 * Every changed file's coverage and the run's status, decided once (gate/status.ts) and logged in
 * the words every output uses. `reviewLeftOut` and `reviewReasons` are the review stage's (for a
 * dry run, what the token budget would leave out).
 */
function coverageOf(
  input: EngineInput,
  prepared: Prepared,
  review: { leftOut: readonly Unreviewed[]; reasons: readonly string[] },
  dryRun: boolean,
): RunCoverage {
  const files = fileCoverage({
    files: prepared.diff.files,
    onlyPaths: input.onlyPaths ?? null,
    incrementalFrom: input.incrementalFrom,
    selectionLeftOut: prepared.leftOut,
    sliced: prepared.slicing.stats.files,
    reviewLeftOut: review.leftOut,
    reviewedAnyway: prepared.reviewedAnyway,
  });
  const status = decideStatus({
    files,
    reasons: [...prepared.incompleteReasons, ...review.reasons, ...(input.incompleteReasons ?? [])],
    dryRun,
  });
  input.log?.(`keybug: ${status.headline}`);
  return { files, ...coverageLists(files, review.leftOut), status };
}

/**
 * The prompts a review would send, what it is expected to cost and the status it would reach,
 * calling no model. The slices come a part at a time, as the review's do: each part's prompts are
 * planned and, with the slices' JSON, kept in temporary files (DryRunPlan), so that the run holds a
 * part's slices at a time. The caller writes the outputs from the plan, then closes it.
 */
export async function dryRun(input: EngineInput): Promise<{ prepared: Prepared; plan: DryRunPlan; coverage: RunCoverage }> {
  const plan = new DryRunPlan(input.pr, input.settings);
  try {
    const prepared = await prepare(input, (slices, guidance) => plan.add(slices, guidance));
    plan.finish(input.log);
    // What the token budget leaves out, as the review would: the same choice, the same words.
    const gaps = plan.gaps();
    return {
      prepared,
      plan,
      coverage: coverageOf(input, prepared, { leftOut: gaps.unreviewed, reasons: gaps.reason === null ? [] : [gaps.reason] }, true),
    };
  } catch (error) {
    plan.close();
    throw error;
  }
}

/**
 * The whole engine: diff → slices → reviewers → filters → meta-reviewer → validator → translator.
 * Each part of a large change is reviewed as soon as it is sliced, before the next part is sliced,
 * and let go once reviewed: the run holds one part's slices at a time (the result keeps a line per
 * slice). With max-tokens every slice is ranked against all the others, so they are all sliced
 * first: each part's are scored and spooled to a temporary file (SpooledSlices), and the chosen
 * ones read back as their review starts. `observe` sees each part's slices before their review
 * (eval places comments with them).
 */
export async function runReview(
  input: EngineInput,
  observe?: (slices: readonly Slice[]) => void,
): Promise<{ prepared: Prepared; result: ReviewResult }> {
  const tape = input.tape ?? null;
  requireModelSettings(input.settings, tape?.mode !== 'replay');
  // A replay does not wait: recorded transport failures are answered again at once.
  const tuning = tape?.mode === 'replay' ? { retry: { baseDelayMs: 0, maxDelayMs: 0 } } : undefined;
  let session: ReviewSession | null = null;
  // Started with the first part, when the repository and the diff the reviewers' tools read are open.
  const sessionFor = ({ git, diff }: { git: Git; diff: Diff }): ReviewSession =>
    (session ??= startReview({
      pr: input.pr,
      settings: input.settings,
      log: input.log,
      ...(input.progress ? { progress: input.progress } : {}),
      tape,
      tuning,
      // The two revisions for the reviewers' tools and the evidence check: a resolver of its own, parsing only what they ask for.
      repository: new RepositoryTools(git, diff, indexCacheDir(input.settings.indexCache, git)),
      ...(input.deadline ? { deadline: input.deadline } : {}),
    }));
  const summaries: ReviewResult['slices'] = [];
  let reviewing: Promise<void> = Promise.resolve();
  let reviewStart: number | null = null;
  let checked = false;
  // An error of the review's own (the endpoint check) is thrown as it is, not as slicing's.
  let failure: { error: unknown } | null = null;
  // With max-tokens: every slice, on disk until the budget's choice is made.
  const spooled = input.settings.maxTokens > 0 ? new SpooledSlices(input.pr, input.settings) : null;
  const review: SliceConsumer = async (slices, guidance, change) => {
    try {
      for (const slice of slices) summaries.push(sliceSummary(slice));
      observe?.(slices);
      if (spooled !== null) {
        spooled.add(slices, guidance);
        return;
      }
      if (slices.length === 0) return;
      if (!checked) {
        checked = true;
        await input.beforeModelCalls?.();
      }
      // Slicing waits for the part's review: slicing the next part meanwhile held both at once (a
      // 1,000-file RocksDB change peaked at 619 MB reviewing, 447 MB slicing alone). Its failure is reported at the end.
      reviewStart ??= performance.now();
      reviewing = reviewing.then(() => sessionFor(change).review(slices, guidance));
      await reviewing.catch(() => undefined);
    } catch (error) {
      failure = { error };
      throw error;
    }
  };
  try {
    const prepared = await prepare(input, review).catch((error: unknown) => {
      throw failure !== null ? failure.error : error;
    });
    if (spooled !== null && spooled.ranked.length > 0) {
      // Slicing's parsed files, word index and git buffers are garbage now: freed before the review's own garbage comes.
      collectGarbage();
      await input.beforeModelCalls?.();
      reviewStart = performance.now();
      reviewing = sessionFor(prepared).reviewSpooled(spooled);
      await reviewing.catch(() => undefined);
    }
    const { slicing, stageMs } = prepared;
    const outcome = await (input.group ?? ungrouped)(`keybug: reviewing ${summaries.length} slice(s)`, () =>
      stage('review', stageMs, async () => {
        await reviewing;
        return sessionFor(prepared).finish();
      }),
    ).finally(() => tape?.save());
    // From the first part's review on (it overlaps the slicing of the next parts).
    if (reviewStart !== null) stageMs.review = Math.round(performance.now() - reviewStart);
    tape?.assertReplayed((id) => {
      const slice = summaries.find((s) => s.id === id);
      return slice === undefined ? id : `${id} (${slice.file}:${slice.startLine}-${slice.endLine})`;
    });
    const { files, skipped, unreviewed, status } = coverageOf(
      input,
      prepared,
      { leftOut: outcome.unreviewed, reasons: outcome.incompleteReasons },
      false,
    );
    const result: ReviewResult = {
      status: status.status,
      incompleteReasons: status.reasons,
      degraded: outcome.degraded,
      baseSha: prepared.diff.baseSha,
      headSha: prepared.diff.headSha,
      algorithm: input.settings.algorithm,
      // Credentials the change adds are keybug's own findings, whatever the model made of their lines.
      findings: [
        ...committedSecrets({ files: prepared.diff.files.filter((f) => input.onlyPaths?.has(f.path) ?? true) }),
        ...outcome.findings,
      ],
      dropped: outcome.dropped,
      skipped,
      unreviewed,
      files,
      usage: outcome.usage,
      calls: outcome.calls,
      history: outcome.history,
      ...(prepared.guidance ? { guidance: prepared.guidance.report } : {}),
      passed: outcome.passed,
      slices: summaries,
      stats: {
        files: prepared.diff.files.length,
        slices: summaries.length,
        filesParsed: slicing.stats.filesParsed,
        bytesParsed: slicing.stats.bytesParsed,
        stageMs: { ...stageMs, ...outcome.stageMs },
        peakMemoryMb: peakMemoryMb(),
      },
    };
    return { prepared, result };
  } finally {
    spooled?.close();
  }
}
