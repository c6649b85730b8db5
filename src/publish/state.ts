import { StateReadError, type GitHubApi, type PullRef, type ReviewCommentInfo, type ReviewInfo } from './github.js';
import { isOwnLogin } from './identity.js';
import { readMarker, type FindingMarker, type ReviewMarker } from './markers.js';

/**
 * What keybug posted on this pull request before, read back from the markers on the last line of
 * reviews and comments by its own login (markers anyone else wrote, or written anywhere else, are
 * ignored): which head SHAs were reviewed and how completely, and which findings were posted (and
 * whether their threads were resolved). When any of it cannot be read, the state is unknown: the
 * read throws StateReadError and the caller posts nothing that could repeat what is already there.
 */

/**
 * Who resolved a thread of keybug's, and whether that counts: only someone who may write to the
 * repository can settle a finding (the pull request's author, say, cannot wave it through).
 */
export interface Resolution {
  /** The login GitHub names as having resolved it; null when it names nobody (a deleted account). */
  by: string | null;
  /** True when `by` may write to the repository: the thread's finding no longer gates. */
  counts: boolean;
  /** Why it does not count, when it does not. */
  why?: string;
}

/** A finding keybug posted earlier, as a comment or in a review body. */
export interface PostedFinding extends FindingMarker {
  /** True when its thread was resolved by someone with write access: the finding is not raised again and does not gate. */
  resolved: boolean;
  /** Who resolved its thread, counted or not; absent when nobody did. */
  resolution?: Resolution;
  /** Review comment id; null when the finding was listed in a review body. */
  commentId: number | null;
  /** Head SHA of the review that posted it; null when that review is not known. */
  head: string | null;
  /** Set when the code it was about changed since it was posted: it no longer gates (see open-findings.ts). */
  addressed?: string;
}

export interface PreviousState {
  /** keybug's earlier submitted reviews on this PR, oldest first. */
  reviews: (Omit<ReviewMarker, 'findings'> & { id: number; htmlUrl: string })[];
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
 * Reads the state back: reviews, review comments, which threads are resolved and by whom (GraphQL),
 * and whether those who resolved keybug's threads may write to the repository. The API retries
 * each read within its bounds; a listing that still fails makes the whole state unknown. A
 * permission that cannot be read leaves its threads open (still gating), and says why.
 */
export async function readPreviousState(api: Pick<GitHubApi, 'listReviews' | 'listReviewComments' | 'resolvedThreads' | 'canWrite'>, ref: PullRef, ownLogin: string): Promise<PreviousState> {
  const settled = await Promise.allSettled([api.listReviews(ref), api.listReviewComments(ref), api.resolvedThreads(ref)]);
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason instanceof Error ? s.reason.message : String(s.reason)] : []));
  if (failed.length > 0) throw new StateReadError(failed.join('; '));
  const [reviews, comments, resolved] = settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [ReviewInfo[], ReviewCommentInfo[], Map<number, string | null>];
  // Only keybug's own threads settle anything: the permission of those who resolved them, once per login.
  const ours = comments.filter((c) => isOwnLogin(ownLogin, c.user) && resolved.has(c.id));
  const writers = new Map<string, boolean | string>();
  for (const login of new Set(ours.map((c) => resolved.get(c.id)).filter((l): l is string => typeof l === 'string'))) {
    try {
      writers.set(login, await api.canWrite(ref, login));
    } catch (error) {
      writers.set(login, error instanceof Error ? error.message : String(error));
    }
  }
  const resolutions = new Map<number, Resolution>();
  for (const c of ours) {
    const by = resolved.get(c.id) ?? null;
    const may = by === null ? 'GitHub names nobody as having resolved it' : writers.get(by);
    resolutions.set(c.id, may === true ? { by, counts: true } : { by, counts: false, why: typeof may === 'string' ? `could not tell whether ${by ?? 'they'} may write to the repository (${may})` : by === null ? 'GitHub names nobody as having resolved it' : `${by} may not write to the repository` });
  }
  return stateFrom(reviews, comments, resolutions, ownLogin);
}

/** Builds the state from the API's answers (separate so it can be tested on plain data). */
export function stateFrom(
  reviews: Pick<ReviewInfo, 'id' | 'user' | 'state' | 'body' | 'htmlUrl'>[],
  comments: Pick<ReviewCommentInfo, 'id' | 'user' | 'body' | 'reviewId'>[],
  resolutions: ReadonlyMap<number, Resolution>,
  ownLogin: string,
): PreviousState {
  const ours: PreviousState['reviews'] = [];
  const heads = new Map<number, string>();
  const posted = new Map<string, PostedFinding>();
  for (const review of [...reviews].sort((a, b) => a.id - b.id)) {
    // A pending review was never shown to anyone; postReview removes keybug's own when one blocks it.
    if (review.state === 'PENDING' || !isOwnLogin(ownLogin, review.user)) continue;
    const read = readMarker(review.body);
    if (read.kind === 'unreadable') throw new StateReadError(`review ${review.id} ends in a keybug marker this version cannot read (${read.line}…); a newer keybug may have posted it`);
    if (read.kind !== 'review') continue;
    const { findings, ...marker } = read.marker;
    ours.push({ ...marker, id: review.id, htmlUrl: review.htmlUrl });
    heads.set(review.id, marker.head);
    for (const f of findings) if (!posted.has(f.fp)) posted.set(f.fp, { ...f, resolved: false, commentId: null, head: marker.head });
  }
  for (const comment of comments) {
    if (!isOwnLogin(ownLogin, comment.user)) continue;
    const read = readMarker(comment.body);
    if (read.kind === 'unreadable') throw new StateReadError(`review comment ${comment.id} ends in a keybug marker this version cannot read (${read.line}…); a newer keybug may have posted it`);
    if (read.kind !== 'finding') continue;
    const f = read.marker;
    const known = posted.get(f.fp);
    const resolution = resolutions.get(comment.id);
    const resolved = resolution?.counts === true;
    const head = comment.reviewId === null ? null : (heads.get(comment.reviewId) ?? null);
    // The same fingerprint may sit in several threads; it counts as resolved once any of them is.
    if (known === undefined || known.commentId === null || resolved) {
      const kept = resolution ?? known?.resolution;
      posted.set(f.fp, { ...f, resolved: resolved || (known?.resolved ?? false), commentId: comment.id, head, ...(kept ? { resolution: kept } : {}) });
    }
  }
  return { reviews: ours, lastCompleteSha: ours.findLast((r) => r.status === 'complete')?.head ?? null, posted };
}
