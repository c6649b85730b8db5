import type { Settings } from '../config/settings.js';
import { readDiff } from '../diff/index.js';
import { modelOutage } from '../engine/outage.js';
import { peakMemoryMb, runReview, type EngineInput, type Prepared } from '../engine/run.js';
import { evaluateGate, type GateVerdict } from '../gate/gate.js';
import { Git } from '../git/git.js';
import { jsonPieces } from '../output/json.js';
import { sanitizeMarkdown } from '../safety/sanitize.js';
import { configureRun, engineInput, type Change, type RunSettings } from './engine-input.js';
import { dryRunChange, type DryRunOutcome } from './review-change.js';
import {
  anchoringReport,
  assessOpenFindings,
  EMPTY_STATE,
  gateFindings,
  gitProbe,
  placeFindings,
  planReview,
  postReview,
  prepareReview,
  publicationNote,
  readPreviousState,
  resolveIdentity,
  reviewOf,
  StateReadError,
  type GitHubApi,
  type ModeState,
  type PostOutcome,
  type PreparedReview,
  type PreviousState,
  type PublicationNote,
  type PublishPayload,
  type PullRef,
  type ReviewPlan,
} from '../publish/index.js';

/**
 * The review of one pull request as both shells run it: read what keybug posted before, skip a head
 * already reviewed, review only what changed since the last complete review, run the engine, plan
 * and post the one review, and weigh the gate. The action turns the outcome into outputs and a job
 * summary, the CLI (`keybug review --pr-number N`) into its output format; neither repeats this.
 */

/** A resolved pull request to review. */
export interface PullTarget {
  ref: PullRef;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
}

export interface PullRequestRun extends RunSettings {
  /** The clone to review in (the base revision's config file and the head's code are read from it). */
  repoDir: string;
  /** The pull request: as the event names it, or by its number (read from GitHub). */
  pull: PullTarget | PullRef;
  /** Creates the GitHub client (the token was checked by the shell). */
  api: () => GitHubApi;
  /** The bot-login input or flag; '' = the token's login. */
  botLogin: string;
  /** A link to this run, for the review body; null when unknown. */
  runUrl: string | null;
  /** The GitHub web root (`https://github.com`): links in model text stay live only into this repository's files at the head there; others become plain text. */
  serverUrl: string;
  /** Called with the planned review before it is posted: the shell writes its report and outputs then, so a failed post loses nothing. */
  beforePosting?: (reviewed: Omit<ReviewedPullRequest, 'publication' | 'postFailed' | 'reviewId'>) => void | Promise<void>;
  /** Called once posting is over (or was not tried), with the posting time in the result's stats: the shell writes its report again. */
  afterPosting?: (reviewed: ReviewedPullRequest) => void | Promise<void>;
  /**
   * Set when a `review` or `full review` command asked for this run: it reviews while the pull
   * request is paused or ignored, and `full` reviews everything again (not incremental, even a head
   * already reviewed). Absent: a run on a push, which a paused or ignored pull request does not get.
   */
  requested?: { full: boolean };
}

/** A push while the pull request is paused or ignored: nothing reviewed, no model called; the open findings still gate. */
export interface NotReviewed {
  kind: 'paused';
  pull: PullTarget;
  settings: Settings;
  mode: ModeState;
  plan: ReviewPlan;
  gate: GateVerdict;
  /** Files in the pull request's diff. */
  files: number;
}

export interface AlreadyReviewed {
  kind: 'already-reviewed';
  pull: PullTarget;
  settings: Settings;
  earlier: PreviousState['reviews'][number];
  plan: ReviewPlan;
  gate: GateVerdict;
  /** Files in the pull request's diff. */
  files: number;
}

export interface ReviewedPullRequest {
  kind: 'reviewed';
  pull: PullTarget;
  settings: Settings;
  prepared: Prepared;
  review: PreparedReview;
  payload: PublishPayload;
  /** The merge gate over this run's findings and the open ones of earlier reviews. */
  gate: GateVerdict;
  /** The last complete review's head when only what changed since it was reviewed; null for a full review. */
  incrementalFrom: string | null;
  /** Why the run failed although it finished: the model endpoint failed every call (see modelOutage). */
  outage: string | null;
  publication: PublicationNote;
  /** Why posting failed; null when it did not (or was off). */
  postFailed: string | null;
  reviewId: number | null;
  /** What posting did, when it was tried. */
  posted: PostOutcome | null;
}

/** A pull request named by its number, read from GitHub: its base, head, title and description. */
export async function readPullTarget(api: GitHubApi, ref: PullRef): Promise<PullTarget> {
  const info = await api.getPull(ref);
  return { ref, baseSha: info.baseSha, headSha: info.headSha, title: info.title, body: info.body };
}

/**
 * Reviews the pull request: its settings from the base revision (never from the head: the pull
 * request cannot change how it is reviewed), a dry run when asked for, else the review, planned,
 * posted and gated.
 */
export async function reviewPullRequest(
  input: PullRequestRun,
): Promise<DryRunOutcome | AlreadyReviewed | NotReviewed | ReviewedPullRequest> {
  const pull = 'headSha' in input.pull ? input.pull : await readPullTarget(input.api(), input.pull);
  // A fork's commits are not in a checkout of the base repository; GitHub keeps them under the PR's ref.
  const change: Change = {
    repoDir: input.repoDir,
    base: pull.baseSha,
    head: pull.headSha,
    pr: { title: pull.title, body: pull.body },
    fetchRefs: [`refs/pull/${pull.ref.number}/head`],
  };
  const configured = await configureRun(input, change);
  const { settings } = configured;
  const { nameSetting, log } = input;
  log(`keybug: reviewing ${pull.ref.owner}/${pull.ref.repo}#${pull.ref.number} at ${pull.headSha} (base ${pull.baseSha})`);
  if (settings.dryRun) return dryRunChange(engineInput(input, change, configured, 'dry-run'));
  const engine = engineInput(input, change, configured, 'review');

  const { previous, stateUnknown } = await readEarlierReviews(input, pull.ref);
  /** The open findings of earlier reviews, weighed by the gate, when nothing is reviewed now. */
  const openFindings = async (
    previousState: PreviousState,
    status: Pick<PreviousState['reviews'][number], 'status' | 'incompleteReasons'>,
  ): Promise<{ plan: ReviewPlan; gate: GateVerdict; files: number }> => {
    const git = await Git.open(engine.repoDir);
    const diff = await readDiff(git, pull.baseSha, pull.headSha, { fetchRefs: engine.fetchRefs ?? [] });
    const assessed = await assessOpenFindings(previousState, gitProbe(git, pull.headSha, diff));
    const plan = planReview({ findings: [], diff: { files: [] }, previous: assessed });
    const gate = evaluateGate(
      { findings: gateFindings([], plan), status: status.status, incompleteReasons: status.incompleteReasons },
      settings,
      nameSetting,
    );
    return { plan, gate, files: diff.files.length };
  };
  if (previous !== null && previous.mode.mode !== 'active' && input.requested === undefined) {
    log(
      `keybug: this pull request is ${previous.mode.mode}${previous.mode.by ? ` (by ${previous.mode.by})` : ''}; nothing reviewed on this push. A 'resume' command in a comment brings keybug back.`,
    );
    return {
      kind: 'paused',
      pull,
      settings,
      mode: previous.mode,
      ...(await openFindings(previous, { status: 'complete', incompleteReasons: [] })),
    };
  }
  const earlier = previous === null ? null : reviewOf(previous, pull.headSha);
  const full = input.requested?.full === true;
  if (previous !== null && earlier?.status === 'complete' && !full) {
    log(`keybug: ${pull.headSha} was already reviewed (review ${earlier.id}); nothing to post.`);
    return { kind: 'already-reviewed', pull, settings, earlier, ...(await openFindings(previous, earlier)) };
  }
  if (earlier !== null)
    log(
      `keybug: the earlier review of ${pull.headSha} (review ${earlier.id}) is ${earlier.status}; reviewing again without posting what it already posted.`,
    );

  // From the last complete review only: what an incomplete run skipped is reviewed again.
  const from = settings.incremental && !full ? (previous?.lastCompleteSha ?? null) : null;
  const onlyPaths = from === null ? null : await changedSince(engine, from, pull.headSha, input.warn);
  const incrementalFrom = onlyPaths === null ? null : from;
  // Earlier reviews that could not be read make the run incomplete: one of the reasons the engine decides the status with.
  const { prepared, result } = await runReview({
    ...engine,
    onlyPaths,
    incrementalFrom,
    ...(stateUnknown !== null ? { incompleteReasons: [stateUnknown] } : {}),
  });
  // Earlier findings keep gating until resolved or their code changed; suggestions are checked against the head's files.
  const probe = gitProbe(prepared.git, pull.headSha, prepared.diff);
  const standing = await assessOpenFindings(previous ?? EMPTY_STATE, probe);
  const placed = placeFindings({ findings: result.findings, diff: prepared.diff, previous: standing });
  // The head's files of the line comments alone (at most MAX_LINE_COMMENTS): a 1,000-file change's
  // findings name hundreds of files, which held 50-90 MB while the report was written and the review posted.
  const findingPaths = new Set(result.findings.map((f) => f.path));
  await Promise.all(
    [...new Set(placed.comments.map((c) => c.anchor.path))].filter((p) => findingPaths.has(p)).map((p) => probe.headLines(p)),
  );
  const review = prepareReview({
    result,
    diff: prepared.diff,
    previous: standing,
    settings,
    incrementalFrom,
    runUrl: input.runUrl,
    placed,
    context: {
      linkPrefixes: [`${input.serverUrl}/${pull.ref.owner}/${pull.ref.repo}/blob/${pull.headSha}/`],
      headLines: probe.cachedLines,
    },
  });
  const gate = evaluateGate(
    { findings: gateFindings(result.findings, review.plan), status: result.status, incompleteReasons: result.incompleteReasons },
    settings,
    nameSetting,
  );
  const payload: PublishPayload = {
    version: 1,
    repository: `${pull.ref.owner}/${pull.ref.repo}`,
    pullNumber: pull.ref.number,
    headSha: pull.headSha,
    review: review.request,
  };
  const outage = modelOutage(review.result, settings, nameSetting);
  await input.beforePosting?.({ kind: 'reviewed', pull, settings, prepared, review, payload, gate, incrementalFrom, outage, posted: null });

  const postingStarted = performance.now();
  const { publication, postFailed, reviewId, posted } = await publish(input, pull.ref, review, settings.postReview, stateUnknown);
  if (posted !== null || postFailed !== null) review.result.stats.stageMs.posting = Math.round(performance.now() - postingStarted);
  review.result.stats.peakMemoryMb = peakMemoryMb();
  const outcome: ReviewedPullRequest = {
    kind: 'reviewed',
    pull,
    settings,
    prepared,
    review,
    payload,
    gate,
    incrementalFrom,
    outage,
    publication,
    postFailed,
    reviewId,
    posted,
  };
  await input.afterPosting?.(outcome);
  return outcome;
}

/**
 * What keybug posted on the pull request before. When that cannot be read, what is already there is
 * unknown: the review still runs (its findings go to the summary and the report), but nothing is
 * posted, so nothing can be posted twice, and the run is incomplete (`stateUnknown` says why).
 */
async function readEarlierReviews(
  input: PullRequestRun,
  ref: PullRef,
): Promise<{ previous: PreviousState | null; stateUnknown: string | null }> {
  try {
    const client = input.api();
    const identity = await resolveIdentity(client, input.botLogin);
    const source = identity.source === 'input' ? input.nameSetting('bot-login') : "the token's login";
    input.log(`keybug: reading earlier reviews by ${identity.login} (${source}).`);
    return { previous: await readPreviousState(client, ref, identity.login), stateUnknown: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const stateUnknown =
      error instanceof StateReadError ? message : `keybug could not read what it posted on this pull request before: ${message}`;
    input.warn(
      `${stateUnknown}. Nothing will be posted (it could repeat what is already there) and the run is incomplete; run keybug again once GitHub answers.`,
    );
    return { previous: null, stateUnknown };
  }
}

/** Posts the planned review, unless posting is off or earlier reviews are unknown; what it did, in the summary's words. */
async function publish(
  input: PullRequestRun,
  ref: PullRef,
  review: Pick<PreparedReview, 'request' | 'built'>,
  postReviewSetting: boolean,
  stateUnknown: string | null,
): Promise<Pick<ReviewedPullRequest, 'publication' | 'postFailed' | 'reviewId' | 'posted'>> {
  if (!postReviewSetting)
    return {
      publication: { kind: 'disabled', text: `Posting is off (\`${input.nameSetting('post-review', 'false')}\`): nothing was posted.` },
      postFailed: null,
      reviewId: null,
      posted: null,
    };
  if (stateUnknown !== null) {
    const text =
      '⚠️ **Not posted:** keybug could not read its earlier reviews on this pull request, so posting could repeat what is already there. Run keybug again once GitHub answers.';
    return { publication: { kind: 'state-unknown', text }, postFailed: null, reviewId: null, posted: null };
  }
  try {
    const posted = await postReview(input.api(), ref, review.request, input.warn, review.built);
    return {
      publication: publicationNote(posted),
      postFailed: posted.kind === 'failed' ? posted.error.message : null,
      reviewId: posted.kind === 'posted' ? posted.reviewId : null,
      posted,
    };
  } catch (error) {
    // postReview answers failures as outcomes; this is for anything else (no token, a bug).
    const postFailed = error instanceof Error ? error.message : String(error);
    const text = `❌ **Posting failed:** ${sanitizeMarkdown(postFailed, { inline: true, maxLength: 1_000 })}. Everything found is in this summary and the JSON report.`;
    return { publication: { kind: 'failed', text }, postFailed, reviewId: null, posted: null };
  }
}

/** Paths changed between the last reviewed SHA and the head; null (review everything) when that cannot be told. */
async function changedSince(engine: EngineInput, from: string, head: string, warn: (message: string) => void): Promise<Set<string> | null> {
  try {
    const git = await Git.open(engine.repoDir);
    const diff = await readDiff(git, from, head, { fetchRefs: engine.fetchRefs ?? [] });
    const paths = new Set<string>();
    for (const f of diff.files) {
      paths.add(f.path);
      if (f.oldPath !== null) paths.add(f.oldPath);
    }
    engine.log?.(`keybug: incremental review of ${paths.size} path(s) changed since ${from}.`);
    return paths;
  } catch (error) {
    warn(
      `keybug: cannot diff the last reviewed commit ${from} against ${head} (${(error as Error).message}); reviewing the whole pull request.`,
    );
    return null;
  }
}

/**
 * The JSON report of a reviewed pull request, in pieces (jsonPieces): the review's report and what
 * was (or would be) posted. A large review's report is never one string.
 */
export function reviewReport(review: PreparedReview, payload: PublishPayload): Iterable<string> {
  return jsonPieces(review.result, { anchoring: anchoringReport(review.plan), publish: payload });
}
