import type { GitHubApi, PullRef, ReviewInfo } from './github.js';
import { parseFindingMarkers, parseReviewMarker, type FindingMarker, type ReviewMarker } from './markers.js';

/**
 * What keybug posted on this pull request before, read back from its own hidden markers: which head
 * SHAs were reviewed, which findings were posted (and whether their threads were resolved), and any
 * pending review left over by an interrupted run.
 */

/** A finding keybug posted earlier, as a comment or in a review body. */
export interface PostedFinding extends FindingMarker {
  /** True when the comment's thread was resolved: the finding is not raised again and does not gate. */
  resolved: boolean;
  /** Review comment id; null when the finding was listed in a review body. */
  commentId: number | null;
}

export interface PreviousState {
  /** keybug's earlier reviews on this PR, oldest first. */
  reviews: (ReviewMarker & { id: number; htmlUrl: string })[];
  /** The head SHA of the most recent review, or null for a first run. */
  lastReviewedSha: string | null;
  /** Posted findings by fingerprint. */
  posted: Map<string, PostedFinding>;
  /** keybug's own pending reviews, left by an interrupted run (GitHub shows pending reviews only to their author). */
  pendingReviewIds: number[];
}

export const EMPTY_STATE: PreviousState = { reviews: [], lastReviewedSha: null, posted: new Map(), pendingReviewIds: [] };

/** The review of this head SHA, if keybug already made one. */
export function reviewOf(state: PreviousState, headSha: string): PreviousState['reviews'][number] | null {
  return state.reviews.findLast((r) => r.head === headSha) ?? null;
}

export async function readPreviousState(api: GitHubApi, ref: PullRef): Promise<PreviousState> {
  const [reviews, comments, resolved] = await Promise.all([api.listReviews(ref), api.listReviewComments(ref), api.resolvedCommentIds(ref)]);
  return stateFrom(reviews, comments, resolved);
}

/** Builds the state from the API's answers (separate so it can be tested on plain data). */
export function stateFrom(
  reviews: ReviewInfo[],
  comments: { id: number; body: string }[],
  resolvedCommentIds: ReadonlySet<number>,
): PreviousState {
  const ours: PreviousState['reviews'] = [];
  const posted = new Map<string, PostedFinding>();
  const pendingReviewIds: number[] = [];
  for (const review of [...reviews].sort((a, b) => a.id - b.id)) {
    const marker = parseReviewMarker(review.body);
    if (marker === null) continue;
    if (review.state === 'PENDING') {
      pendingReviewIds.push(review.id);
      continue;
    }
    ours.push({ ...marker, id: review.id, htmlUrl: review.htmlUrl });
    for (const f of parseFindingMarkers(review.body)) if (!posted.has(f.fp)) posted.set(f.fp, { ...f, resolved: false, commentId: null });
  }
  for (const comment of comments) {
    for (const f of parseFindingMarkers(comment.body)) {
      const known = posted.get(f.fp);
      const resolved = resolvedCommentIds.has(comment.id);
      // The same fingerprint may sit in several threads; it counts as resolved once any of them is.
      if (known === undefined || known.commentId === null || resolved) posted.set(f.fp, { ...f, resolved: resolved || (known?.resolved ?? false), commentId: comment.id });
    }
  }
  return { reviews: ours, lastReviewedSha: ours.at(-1)?.head ?? null, posted, pendingReviewIds };
}
