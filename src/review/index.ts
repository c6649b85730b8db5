/**
 * The multi-role review (paper §3.3-3.4): reviewers, coarse filter and top-k, meta-reviewer,
 * validator and translator over the slices of a change.
 */
export { budgetGaps, planDryRun, reviewSlices, startReview, type ReviewSession } from './review-slices.js';
export type { PlannedPrompt, PullRequestText, ReviewInput, ReviewOutcome, ReviewTuning, StageRecord } from './api.js';
export { riskScore } from './risk.js';
export { describeEstimate, distinctSystemPrompts, estimateRun, type RunEstimate } from './estimate.js';
export { answerThread, responderPrompt, type ThreadComment, type ThreadQuestion } from './roles/responder.js';
export { toolsOffered } from './context.js';
