import type { NameSetting } from '../config/naming.js';
import { readDiff } from '../diff/index.js';
import { modelOutage } from '../engine/outage.js';
import { peakMemoryMb, runReview, type EngineInput, type Prepared } from '../engine/run.js';
import { evaluateGate, type GateVerdict } from '../gate/gate.js';
import { Git } from '../git/git.js';
import { formatJson } from '../output/json.js';
import { sanitizeMarkdown } from '../output/sanitize.js';
import {
  anchoringReport, assessOpenFindings, EMPTY_STATE, gateFindings, gitProbe, planReview, postReview, prepareReview, publicationNote, readPreviousState, resolveIdentity, reviewOf, StateReadError,
  type GitHubApi, type PostOutcome, type PreparedReview, type PreviousState, type PublicationNote, type PublishPayload, type PullRef, type ReviewPlan,
} from '../publish/index.js';
import type { ReviewResult } from '../types.js';

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

export interface PullRequestInput {
  pull: PullTarget;
  /** The engine's input for this pull request (repository, revisions, settings, PR text, log, time limit). */
  engine: EngineInput;
  /** Creates the GitHub client (the token was checked by the shell). */
  api: () => GitHubApi;
  /** The bot-login input or flag; '' = the token's login. */
  botLogin: string;
  /** A link to this run, for the review body; null when unknown. */
  runUrl: string | null;
  /** Hosts links in model text may point at (the repository's GitHub host); others become plain text. */
  linkHosts: string[];
  /** How the shell names a setting in a hint. */
  nameSetting: NameSetting;
  warn: (message: string) => void;
  /** Called with the planned review before it is posted: the shell writes its report and outputs then, so a failed post loses nothing. */
  beforePosting?: (reviewed: Omit<ReviewedPullRequest, 'publication' | 'postFailed' | 'reviewId'>) => void | Promise<void>;
  /** Called once posting is over (or was not tried), with the posting time in the result's stats: the shell writes its report again. */
  afterPosting?: (reviewed: ReviewedPullRequest) => void | Promise<void>;
}

export interface AlreadyReviewed {
  kind: 'already-reviewed';
  earlier: PreviousState['reviews'][number];
  plan: ReviewPlan;
  gate: GateVerdict;
  /** Files in the pull request's diff. */
  files: number;
}

export interface ReviewedPullRequest {
  kind: 'reviewed';
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

export async function reviewPullRequest(input: PullRequestInput): Promise<AlreadyReviewed | ReviewedPullRequest> {
  const { pull, engine, nameSetting } = input;
  const { settings } = engine;
  const log = engine.log ?? (() => undefined);

  // Earlier reviews tell what was reviewed and posted. When they cannot be read, what is already on
  // the pull request is unknown: the review still runs (its findings go to the summary and the
  // report), but nothing is posted, so nothing can be posted twice, and the run is incomplete.
  let previous: PreviousState | null = null;
  let stateUnknown: string | null = null;
  try {
    const client = input.api();
    const identity = await resolveIdentity(client, input.botLogin);
    const source = identity.source === 'input' ? nameSetting('bot-login') : "the token's login";
    log(`keybug: reading earlier reviews by ${identity.login} (${source}).`);
    previous = await readPreviousState(client, pull.ref, identity.login);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stateUnknown = error instanceof StateReadError ? message : `keybug could not read what it posted on this pull request before: ${message}`;
    input.warn(`${stateUnknown}. Nothing will be posted (it could repeat what is already there) and the run is incomplete; run keybug again once GitHub answers.`);
  }
  const earlier = previous === null ? null : reviewOf(previous, pull.headSha);
  if (previous !== null && earlier?.status === 'complete') {
    log(`keybug: ${pull.headSha} was already reviewed (review ${earlier.id}); nothing to post.`);
    const git = await Git.open(engine.repoDir);
    const diff = await readDiff(git, pull.baseSha, pull.headSha, { fetchRefs: engine.fetchRefs ?? [] });
    const standing = await assessOpenFindings(previous, gitProbe(git, pull.headSha, diff));
    const plan = planReview({ findings: [], diff: { files: [] }, previous: standing });
    const gate = evaluateGate({ findings: gateFindings([], plan), status: earlier.status, incompleteReasons: earlier.incompleteReasons }, settings, nameSetting);
    return { kind: 'already-reviewed', earlier, plan, gate, files: diff.files.length };
  }
  if (earlier !== null) log(`keybug: the earlier review of ${pull.headSha} (review ${earlier.id}) is incomplete; reviewing again without posting what it already posted.`);

  // From the last complete review only: what an incomplete run skipped is reviewed again.
  const from = settings.incremental ? (previous?.lastCompleteSha ?? null) : null;
  const onlyPaths = from === null ? null : await changedSince(engine, from, pull.headSha, input.warn);
  const incrementalFrom = onlyPaths === null ? null : from;
  const { prepared, result: reviewed } = await runReview({ ...engine, onlyPaths, incrementalFrom });
  const result: ReviewResult = stateUnknown === null ? reviewed : { ...reviewed, status: 'incomplete', incompleteReasons: [...reviewed.incompleteReasons, stateUnknown] };
  // Earlier findings keep gating until resolved or their code changed; suggestions are checked against the head's files.
  const probe = gitProbe(prepared.git, pull.headSha, prepared.diff);
  const standing = await assessOpenFindings(previous ?? EMPTY_STATE, probe);
  await Promise.all([...new Set(result.findings.map((f) => f.path))].map((p) => probe.headLines(p)));
  const review = prepareReview({
    result,
    diff: prepared.diff,
    previous: standing,
    settings,
    incrementalFrom,
    runUrl: input.runUrl,
    context: { linkHosts: input.linkHosts, headLines: probe.cachedLines },
  });
  const gate = evaluateGate({ findings: gateFindings(result.findings, review.plan), status: result.status, incompleteReasons: result.incompleteReasons }, settings, nameSetting);
  const payload: PublishPayload = { version: 1, repository: `${pull.ref.owner}/${pull.ref.repo}`, pullNumber: pull.ref.number, headSha: pull.headSha, review: review.request };
  const outage = modelOutage(review.result, settings, nameSetting);
  await input.beforePosting?.({ kind: 'reviewed', prepared, review, payload, gate, incrementalFrom, outage, posted: null });

  const off = `\`${nameSetting('post-review', 'false')}\``;
  let publication: PublicationNote = { kind: 'disabled', text: `Posting is off (${off}): nothing was posted.` };
  let postFailed: string | null = null;
  let reviewId: number | null = null;
  let posted: PostOutcome | null = null;
  if (settings.postReview && stateUnknown !== null) {
    publication = {
      kind: 'state-unknown',
      text: `⚠️ **Not posted:** keybug could not read its earlier reviews on this pull request, so posting could repeat what is already there. Run keybug again once GitHub answers.`,
    };
  } else if (settings.postReview) {
    const postingStarted = performance.now();
    try {
      posted = await postReview(input.api(), pull.ref, review.request, input.warn);
      publication = publicationNote(posted);
      if (posted.kind === 'posted') reviewId = posted.reviewId;
      if (posted.kind === 'failed') postFailed = posted.error.message;
    } catch (error) {
      // postReview answers failures as outcomes; this is for anything else (no token, a bug).
      postFailed = error instanceof Error ? error.message : String(error);
      publication = { kind: 'failed', text: `❌ **Posting failed:** ${sanitizeMarkdown(postFailed, { inline: true, maxLength: 1_000 })}. Everything found is in this summary and the JSON report.` };
    } finally {
      review.result.stats.stageMs.posting = Math.round(performance.now() - postingStarted);
    }
  }
  review.result.stats.peakMemoryMb = peakMemoryMb();
  const outcome: ReviewedPullRequest = { kind: 'reviewed', prepared, review, payload, gate, incrementalFrom, outage, publication, postFailed, reviewId, posted };
  await input.afterPosting?.(outcome);
  return outcome;
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
    warn(`keybug: cannot diff the last reviewed commit ${from} against ${head} (${(error as Error).message}); reviewing the whole pull request.`);
    return null;
  }
}

/** The JSON report of a reviewed pull request: the review's report and what was (or would be) posted. */
export function reviewReport(review: PreparedReview, payload: PublishPayload): object {
  return { ...(JSON.parse(formatJson(review.result, { anchoring: anchoringReport(review.plan) })) as object), publish: payload };
}
