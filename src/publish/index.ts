/** The publishing stage: everything decided before posting (the plan, the one request), posting it, and what earlier reviews left. */
export { Anchorer, type Anchor, type AnchorResult } from './anchor.js';
export { anchoringReport, wouldBeAnchored, type AnchoringEntry } from './anchoring-report.js';
export { commentBody, suggestionFor } from './comment.js';
export {
  apiUrlFromEnv,
  GitHubApi,
  GitHubApiError,
  serverUrlFromEnv,
  StateReadError,
  type CommentRef,
  type PlainTextBody,
  type PostedComment,
  type PullRef,
  type PullSummary,
  type RepoRef,
  type ReviewCommentInfo,
  type ReviewRequest,
} from './github.js';
export {
  answerMarker,
  dismissalMarker,
  fingerprint,
  readMarker,
  splitMarker,
  type FindingMarker,
  type PullRequestMode,
} from './markers.js';
export { answerBody, postAnswer, resolveOpenThreads, type AnswerPlace, type Resolved } from './conversation.js';
export { LEARNINGS_BRANCH, proposeLearning, type Proposal } from './learnings-pull.js';
export { assessOpenFindings, gitProbe, type CodeProbe } from './open-findings.js';
export { gateFindings, placeFindings, planReview, type PlanContext, type ReviewPlan } from './plan.js';
export { postReview, type PostOutcome } from './post.js';
export { DEFAULT_BOT_LOGIN, isOwnLogin, resolveIdentity, type Identity } from './identity.js';
export { ACTIVE, EMPTY_STATE, readAnswers, readPreviousState, reviewOf, type ModeState, type PreviousState } from './state.js';
export { prepareReview, type PreparedReview } from './prepare.js';
export { parsePublishPayload, type PublishPayload } from './payload.js';
export { forkNotice, publicationNote } from './publication.js';
export {
  promptsToShow,
  renderAlreadyReviewedSummary,
  renderDryRunSummary,
  renderPausedSummary,
  renderSummary,
  type PublicationNote,
} from './summary.js';
