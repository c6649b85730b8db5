/**
 * The multi-role review (paper §3.3-3.4): reviewers, coarse filter and top-k, meta-reviewer,
 * validator and translator over the slices of a change.
 */
export { reviewSlices, startReview, type ReviewSession } from './review-slices.js';
export { budgetShortfall, chooseWithinBudget, estimatePromptCost } from './budget.js';
export { reviewerPrompt } from './roles/reviewer.js';
export type { PlannedPrompt, PullRequestText, ReviewInput, ReviewOutcome, ReviewTuning, StageRecord } from './api.js';
export { riskScore } from './risk.js';
export { SpooledSlices } from './spooled-slices.js';
export { addToEstimate, describeEstimate, emptyEstimate, priced, type RunEstimate } from './estimate.js';
export { answerThread, responderPrompt, type ThreadComment, type ThreadQuestion } from './roles/responder.js';
export { toolsOffered } from './context.js';
