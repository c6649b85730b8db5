import type { Settings } from '../config/settings.js';
import type { Shell } from '../config/syntax.js';
import { evaluateGate, type GateVerdict } from '../engine/gate.js';
import { sanitizeMarkdown } from '../output/sanitize.js';
import type { Diff, DroppedFinding, ReviewResult } from '../types.js';
import { GITHUB_BODY_LIMIT } from './comment.js';
import type { ReviewRequest } from './github.js';
import { findingMarker, fitReviewMarker, readMarker, splitMarker, withMarker } from './markers.js';
import { gateFindings, planReview, type PlanContext, type ReviewPlan } from './plan.js';
import type { PostOutcome } from './post.js';
import { reviewBody } from './review-body.js';
import type { PreviousState } from './state.js';
import type { PublicationNote } from './summary.js';

export { Anchorer, type Anchor, type AnchorResult } from './anchor.js';
export { anchoringReport, wouldBeAnchored, type AnchoringEntry } from './anchoring-report.js';
export { commentBody, suggestionFor } from './comment.js';
export { apiUrlFromEnv, GitHubApi, GitHubApiError, serverUrlFromEnv, StateReadError, type PullRef, type ReviewRequest } from './github.js';
export { fingerprint } from './markers.js';
export { assessOpenFindings, gitProbe, type CodeProbe } from './open-findings.js';
export { gateFindings, planReview, type PlanContext, type ReviewPlan } from './plan.js';
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
  settings: Pick<Settings, 'reviewEvent' | 'failOn' | 'failOnIncomplete'>;
  /** Which shell's terms the gate's hints use (default: the action's inputs). */
  shell?: Shell;
  incrementalFrom: string | null;
  runUrl: string | null;
  /** Where links may point, and the head's files for checking suggestions; without it, no link and no suggestion. */
  context?: PlanContext;
}): PreparedReview {
  const plan = planReview({ findings: input.result.findings, diff: input.diff, previous: input.previous, ...(input.context ? { context: input.context } : {}) });
  const request: ReviewRequest = {
    commit_id: input.result.headSha,
    event: input.settings.reviewEvent,
    body: reviewBody({ plan, result: input.result, incrementalFrom: input.incrementalFrom, runUrl: input.runUrl, linkHosts: input.context?.linkHosts ?? [] }),
    comments: plan.comments.map((c) => c.request),
  };
  const gate = evaluateGate({ findings: gateFindings(input.result.findings, plan), status: input.result.status, incompleteReasons: input.result.incompleteReasons }, input.settings, input.shell);
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

/**
 * Checks a payload read from a report file. The report is untrusted (a fork's pull request can
 * change the workflow that writes it), so beyond its shape the review must carry keybug's marker
 * for the head it names, and every body is sanitized again as model text before it is posted (see
 * resanitize): whatever a forged report holds, it posts no mention, no raw HTML, no foreign link,
 * no suggestion, and no marker keybug did not encode itself.
 */
export function parsePublishPayload(value: unknown, linkHosts: readonly string[] = []): PublishPayload {
  const p = value as Partial<PublishPayload> | null;
  const review = p?.review as Partial<ReviewRequest> | undefined;
  const ok =
    p?.version === 1 && typeof p.repository === 'string' && Number.isInteger(p.pullNumber) && typeof p.headSha === 'string' && /^[0-9a-f]{40,64}$/.test(p.headSha) &&
    review !== undefined && typeof review.body === 'string' && (review.event === 'COMMENT' || review.event === 'REQUEST_CHANGES') && review.commit_id === p.headSha &&
    Array.isArray(review.comments) &&
    review.comments.every((c) => typeof c?.path === 'string' && typeof c.body === 'string' && Number.isInteger(c.line) && (c.side === 'RIGHT' || c.side === 'LEFT') &&
      (c.start_line === undefined || Number.isInteger(c.start_line)) && (c.start_side === undefined || c.start_side === 'RIGHT' || c.start_side === 'LEFT'));
  if (!ok) throw new Error("the report has no valid 'publish' section (it is written by the keybug action; a report from 'keybug review' cannot be published)");
  const body = review.body as string; // checked above
  const marker = readMarker(body);
  if (marker.kind !== 'review' || marker.marker.head !== p.headSha) throw new Error(`the review in the report does not end in keybug's marker for ${p.headSha}; nothing posted`);
  const comments = review.comments!.map((c) => ({
    path: c.path, line: c.line, side: c.side,
    ...(c.start_line !== undefined ? { start_line: c.start_line, start_side: c.start_side ?? c.side } : {}),
    body: resanitize(c.body, linkHosts),
  }));
  const checked = p as PublishPayload; // checked above
  return { version: 1, repository: checked.repository, pullNumber: checked.pullNumber, headSha: checked.headSha, review: { commit_id: checked.headSha, event: checked.review.event, body: resanitize(body, linkHosts), comments } };
}

/**
 * A body from an untrusted report, made safe to post: its text sanitized like model text (keybug's
 * own small print `<sub>` kept; a suggestion becomes plain code, as the report's claim that it
 * fits the lines cannot be checked here) and its last-line marker decoded and encoded again, or
 * dropped when it is none of keybug's.
 */
function resanitize(body: string, linkHosts: readonly string[]): string {
  const read = readMarker(body);
  const marker = read.kind === 'review' ? fitReviewMarker(read.marker, GITHUB_BODY_LIMIT - 4_000).text : read.kind === 'finding' ? findingMarker(read.marker) : '';
  const text = sanitizeMarkdown(splitMarker(body).text, { maxLength: GITHUB_BODY_LIMIT - marker.length - 1, linkHosts, allowSub: true });
  return marker ? withMarker(text, marker) : text;
}

/** The notice printed when the token may not post: why, and the safe two-workflow pattern. */
export function forkNotice(detail: string): string {
  return [
    `keybug could not post the review: GitHub answered 403 (${detail}).`,
    'Pull requests from forks (and Dependabot) run with a read-only token and no secrets, so the job summary, the outputs and the report are all this run can give.',
    "To get comments on fork PRs safely, split the work in two workflows: this 'pull_request' job uploads the report as an artifact,",
    "and a separate 'workflow_run' workflow (which has a write token but never checks out or runs PR code) downloads it and runs",
    "'keybug publish --report keybug-report.json --repo OWNER/NAME --expect-head <head SHA>'. keybug's docs/action.md shows both files.",
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
      return { kind: 'forbidden', text: `⚠️ **Not posted:** the token may not write to this pull request (HTTP 403: ${said(outcome.error.detail)}). This is the case for fork PRs; see the two-workflow pattern in keybug's docs/action.md. Everything found is in this summary and the JSON report.` };
    case 'failed':
      return { kind: 'failed', text: `❌ **Posting failed:** ${said(outcome.error.message)}${outcome.notes.length ? ` (${said(outcome.notes.join(' '))})` : ''}. Everything found is in this summary and the JSON report.` };
  }
}

/** What GitHub (or a proxy in front of it) answered, as one safe line of Markdown. */
const said = (text: string): string => sanitizeMarkdown(text, { inline: true, maxLength: 1_000 });
