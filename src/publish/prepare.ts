import type { Settings } from '../config/settings.js';
import type { Built } from '../safety/markdown-check.js';
import type { Diff, DroppedFinding, ReviewResult } from '../types.js';
import type { ReviewRequest } from './github.js';
import { placeFindings, writeComments, type PlacedPlan, type PlanContext, type ReviewPlan } from './plan.js';
import { reviewBody } from './review-body.js';
import type { PreviousState } from './state.js';

/** Everything decided before posting: the plan and the one request. */
export interface PreparedReview {
  /** The run's result with this run's duplicate findings moved to `dropped` (stage 'dedupe'). */
  result: ReviewResult;
  plan: ReviewPlan;
  request: ReviewRequest;
  /** The links and suggestions keybug built into the request: the only ones its bodies may hold (markdown-check). */
  built: Built;
}

/** Plans the review of a finished run: anchoring, dedupe against earlier reviews, the body and the one request. */
export function prepareReview(input: {
  result: ReviewResult;
  diff: Pick<Diff, 'files'>;
  previous: PreviousState;
  settings: Pick<Settings, 'reviewEvent'>;
  incrementalFrom: string | null;
  runUrl: string | null;
  /** Where links may point, and the head's files for checking suggestions; without it, no link and no suggestion. */
  context?: PlanContext;
  /** The findings placed already (placeFindings of the same result, diff and earlier state): the caller read the head's files of the line comments alone. */
  placed?: PlacedPlan;
}): PreparedReview {
  const plan = writeComments(
    input.placed ?? placeFindings({ findings: input.result.findings, diff: input.diff, previous: input.previous }),
    input.context,
  );
  const request: ReviewRequest = {
    commit_id: input.result.headSha,
    event: input.settings.reviewEvent,
    body: reviewBody({
      plan,
      result: input.result,
      incrementalFrom: input.incrementalFrom,
      runUrl: input.runUrl,
      linkPrefixes: input.context?.linkPrefixes ?? [],
    }),
    comments: plan.comments.map((c) => c.request),
  };
  const built: Built = {
    links: [...(input.context?.linkPrefixes ?? []), ...(input.runUrl !== null ? [input.runUrl] : [])],
    suggestions: plan.comments.flatMap((c) => (c.suggestion === null ? [] : [c.suggestion])),
  };
  return { result: withDuplicatesDropped(input.result, plan), plan, request, built };
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
    for (const d of dropped)
      history[d.finding.id] = [...(history[d.finding.id] ?? []), { stage: 'dedupe', scores: d.finding.scores, note: d.reason }];
  }
  return {
    ...result,
    findings: result.findings.filter((f) => !duplicates.has(f)),
    dropped: [...result.dropped, ...dropped],
    ...(history ? { history } : {}),
  };
}
