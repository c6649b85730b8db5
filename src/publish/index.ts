import type { Settings } from '../config/settings.js';
import { evaluateGate, type GateVerdict } from '../engine/gate.js';
import type { Diff, DroppedFinding, ReviewResult } from '../types.js';
import type { ReviewRequest } from './github.js';
import { gateFindings, planReview, type ReviewPlan } from './plan.js';
import type { PostOutcome } from './post.js';
import { reviewBody } from './review-body.js';
import type { PreviousState } from './state.js';
import type { PublicationNote } from './summary.js';

export { Anchorer, type Anchor, type AnchorResult } from './anchor.js';
export { commentBody, suggestionFor } from './comment.js';
export { apiUrlFromEnv, GitHubApi, GitHubApiError, serverUrlFromEnv, type PullRef, type ReviewRequest } from './github.js';
export { fingerprint } from './markers.js';
export { gateFindings, planReview, type ReviewPlan } from './plan.js';
export { postReview, type PostOutcome } from './post.js';
export { DEFAULT_BOT_LOGIN, resolveIdentity, type Identity } from './identity.js';
export { EMPTY_STATE, readPreviousState, reviewOf, type PreviousState } from './state.js';
export { renderAlreadyReviewedSummary, renderDryRunSummary, renderSummary, type PublicationNote } from './summary.js';

/** Everything decided before posting: the plan, the one request, and the merge gate. */
export interface PreparedReview {
  /** The run's result with this run's duplicate findings moved to `dropped` (stage 'dedupe'). */
  result: ReviewResult;
  plan: ReviewPlan;
  request: ReviewRequest;
  gate: GateVerdict;
}

/** Plans the review of a finished run: anchoring, dedupe against earlier reviews, body, gate. */
export function prepareReview(input: {
  result: ReviewResult;
  diff: Pick<Diff, 'files'>;
  previous: PreviousState;
  reviewedPaths: ReadonlySet<string>;
  settings: Pick<Settings, 'reviewEvent' | 'failOn' | 'failOnIncomplete'>;
  incrementalFrom: string | null;
  runUrl: string | null;
}): PreparedReview {
  const plan = planReview({ findings: input.result.findings, diff: input.diff, previous: input.previous, reviewedPaths: input.reviewedPaths });
  const request: ReviewRequest = {
    commit_id: input.result.headSha,
    event: input.settings.reviewEvent,
    body: reviewBody({ plan, result: input.result, incrementalFrom: input.incrementalFrom, runUrl: input.runUrl }),
    comments: plan.comments.map((c) => c.request),
  };
  const gate = evaluateGate({ findings: gateFindings(input.result.findings, plan), status: input.result.status, incompleteReasons: input.result.incompleteReasons }, input.settings);
  return { result: withDuplicatesDropped(input.result, plan), plan, request, gate };
}

/** Moves the run's duplicate findings to `dropped` and their history, so the report and summary say what became of them. */
function withDuplicatesDropped(result: ReviewResult, plan: ReviewPlan): ReviewResult {
  if (plan.duplicates.length === 0) return result;
  const duplicates = new Set(plan.duplicates.map((d) => d.finding));
  const dropped = plan.duplicates.map((d): DroppedFinding => ({
    finding: d.finding,
    stage: 'dedupe',
    reason: `same code and category as "${d.of.title}" (${d.of.path}:${d.of.line}), which is published instead`,
  }));
  const history = result.history === undefined ? undefined : { ...result.history };
  if (history !== undefined) {
    for (const d of dropped) history[d.finding.id] = [...(history[d.finding.id] ?? []), { stage: 'dedupe', scores: d.finding.scores, note: d.reason }];
  }
  return { ...result, findings: result.findings.filter((f) => !duplicates.has(f)), dropped: [...result.dropped, ...dropped], ...(history ? { history } : {}) };
}

/**
 * What the posting half of the fork-safe pattern needs, stored in the JSON report under `publish`:
 * the review request exactly as the reviewing job would have sent it, and where it belongs.
 */
export interface PublishPayload {
  version: 1;
  repository: string;
  pullNumber: number;
  headSha: string;
  review: ReviewRequest;
}

/** Checks a payload read from a report file (untrusted: it may come from a fork's run). */
export function parsePublishPayload(value: unknown): PublishPayload {
  const p = value as Partial<PublishPayload> | null;
  const review = p?.review as Partial<ReviewRequest> | undefined;
  const ok =
    p?.version === 1 && typeof p.repository === 'string' && Number.isInteger(p.pullNumber) && typeof p.headSha === 'string' && /^[0-9a-f]{40,64}$/.test(p.headSha) &&
    review !== undefined && typeof review.body === 'string' && (review.event === 'COMMENT' || review.event === 'REQUEST_CHANGES') && review.commit_id === p.headSha &&
    Array.isArray(review.comments) &&
    review.comments.every((c) => typeof c?.path === 'string' && typeof c.body === 'string' && Number.isInteger(c.line) && (c.side === 'RIGHT' || c.side === 'LEFT'));
  if (!ok) throw new Error("the report has no valid 'publish' section (it is written by the keybug action; a report from 'keybug review' cannot be published)");
  return p as PublishPayload;
}

/** The notice printed when the token may not post: why, and the safe two-workflow pattern. */
export function forkNotice(detail: string): string {
  return [
    `keybug could not post the review: GitHub answered 403 (${detail}).`,
    'Pull requests from forks (and Dependabot) run with a read-only token and no secrets, so the job summary, the outputs and the report are all this run can give.',
    "To get comments on fork PRs safely, split the work in two workflows: this 'pull_request' job uploads the report as an artifact,",
    "and a separate 'workflow_run' workflow (which has a write token but never checks out or runs PR code) downloads it and runs",
    "'keybug publish --report keybug-report.json --repo OWNER/NAME --expect-head <head SHA>'. The README shows both files.",
    "Do not use 'pull_request_target' with a checkout of the PR's code for this: that hands a write token to untrusted code.",
  ].join(' ');
}

/** One sentence for the summary about what posting did. */
export function publicationNote(outcome: PostOutcome): PublicationNote {
  switch (outcome.kind) {
    case 'posted': {
      const how = outcome.attempt === 'as-planned' ? '' : outcome.attempt === 'single-line' ? ' (GitHub rejected the multi-line ranges; posted as one-line comments)' : ` (GitHub rejected the line comments; all ${outcome.movedToBody} are in the review body)`;
      return { kind: 'posted', text: `Posted [review ${outcome.reviewId}](${outcome.htmlUrl}) with ${outcome.comments} line comment(s)${how}.` };
    }
    case 'forbidden':
      return { kind: 'forbidden', text: `⚠️ **Not posted:** the token may not write to this pull request (HTTP 403: ${outcome.error.detail}). This is the case for fork PRs; see the two-workflow pattern in keybug's README. Everything found is in this summary and the JSON report.` };
    case 'failed':
      return { kind: 'failed', text: `❌ **Posting failed:** ${outcome.error.message}${outcome.notes.length ? ` (${outcome.notes.join(' ')})` : ''}. Everything found is in this summary and the JSON report.` };
  }
}
