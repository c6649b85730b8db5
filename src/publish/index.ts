/** The publishing stage: everything decided before posting (the plan, the one request), posting it, and what earlier reviews left. */
export { Anchorer, type Anchor, type AnchorResult } from './anchor.js';
export { anchoringReport, wouldBeAnchored, type AnchoringEntry } from './anchoring-report.js';
export { commentBody, suggestionFor } from './comment.js';
export { apiUrlFromEnv, GitHubApi, GitHubApiError, serverUrlFromEnv, StateReadError, type PullRef, type ReviewRequest } from './github.js';
export { fingerprint } from './markers.js';
export { assessOpenFindings, gitProbe, type CodeProbe } from './open-findings.js';
export { gateFindings, planReview, type PlanContext, type ReviewPlan } from './plan.js';
export { postReview, type PostOutcome } from './post.js';
export { DEFAULT_BOT_LOGIN, resolveIdentity, type Identity } from './identity.js';
export { ACTIVE, EMPTY_STATE, readPreviousState, reviewOf, type ModeState, type PreviousState } from './state.js';
export { prepareReview, type PreparedReview } from './prepare.js';
export { parsePublishPayload, type PublishPayload } from './payload.js';
export { forkNotice, publicationNote } from './publication.js';
export { renderAlreadyReviewedSummary, renderDryRunSummary, renderPausedSummary, renderSummary, type PublicationNote } from './summary.js';
