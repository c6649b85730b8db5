import type { GitHubApi, PullRef, ReviewCommentInfo, ReviewInfo } from './github.js';
import { isOwnLogin } from './identity.js';
import { parseFindingMarkers, parseReviewMarker, type FindingMarker, type ReviewMarker } from './markers.js';

/**
 * What keybug posted on this pull request before, read back from the hidden markers in reviews and
 * comments by its own login (markers anyone else wrote are ignored): which head SHAs were reviewed
 * and how completely, and which findings were posted (and whether their threads were resolved).
 */

/** A finding keybug posted earlier, as a comment or in a review body. */
export interface PostedFinding extends FindingMarker {
  /** True when the comment's thread was resolved: the finding is not raised again and does not gate. */
  resolved: boolean;
  /** Review comment id; null when the finding was listed in a review body. */
  commentId: number | null;
}

export interface PreviousState {
  /** keybug's earlier submitted reviews on this PR, oldest first. */
  reviews: (ReviewMarker & { id: number; htmlUrl: string })[];
  /**
   * The head SHA of the most recent complete review, or null when none was complete: an incremental
   * run starts from it, so files an incomplete run skipped are reviewed again.
   */
  lastCompleteSha: string | null;
  /** Posted findings by fingerprint. */
  posted: Map<string, PostedFinding>;
}

export const EMPTY_STATE: PreviousState = { reviews: [], lastCompleteSha: null, posted: new Map() };

/** keybug's latest review of this head SHA, if it made one. */
export function reviewOf(state: PreviousState, headSha: string): PreviousState['reviews'][number] | null {
  return state.reviews.findLast((r) => r.head === headSha) ?? null;
}

/**
 * Reads the state back. Resolved threads come from GraphQL, which can fail on its own (GHES without
 * it, a secondary rate limit); then every thread counts as open rather than losing what was posted.
 */
export async function readPreviousState(api: GitHubApi, ref: PullRef, ownLogin: string, warn: (message: string) => void = () => {}): Promise<PreviousState> {
  const resolved = api.resolvedCommentIds(ref).catch((error: unknown) => {
    warn(`keybug could not read which review threads are resolved, so it treats them all as open: ${(error as Error).message}`);
    return new Set<number>();
  });
  const [reviews, comments] = await Promise.all([api.listReviews(ref), api.listReviewComments(ref)]);
  return stateFrom(reviews, comments, await resolved, ownLogin);
}

/** Builds the state from the API's answers (separate so it can be tested on plain data). */
export function stateFrom(
  reviews: Pick<ReviewInfo, 'id' | 'user' | 'state' | 'body' | 'htmlUrl'>[],
  comments: Pick<ReviewCommentInfo, 'id' | 'user' | 'body'>[],
  resolvedCommentIds: ReadonlySet<number>,
  ownLogin: string,
): PreviousState {
  const ours: PreviousState['reviews'] = [];
  const posted = new Map<string, PostedFinding>();
  for (const review of [...reviews].sort((a, b) => a.id - b.id)) {
    // A pending review was never shown to anyone; postReview removes keybug's own when one blocks it.
    if (review.state === 'PENDING' || !isOwnLogin(ownLogin, review.user)) continue;
    const marker = parseReviewMarker(review.body);
    if (marker === null) continue;
    ours.push({ ...marker, id: review.id, htmlUrl: review.htmlUrl });
    for (const f of parseFindingMarkers(review.body)) if (!posted.has(f.fp)) posted.set(f.fp, { ...f, resolved: false, commentId: null });
  }
  for (const comment of comments) {
    if (!isOwnLogin(ownLogin, comment.user)) continue;
    for (const f of parseFindingMarkers(comment.body)) {
      const known = posted.get(f.fp);
      const resolved = resolvedCommentIds.has(comment.id);
      // The same fingerprint may sit in several threads; it counts as resolved once any of them is.
      if (known === undefined || known.commentId === null || resolved) posted.set(f.fp, { ...f, resolved: resolved || (known?.resolved ?? false), commentId: comment.id });
    }
  }
  return { reviews: ours, lastCompleteSha: ours.findLast((r) => r.status === 'complete')?.head ?? null, posted };
}
