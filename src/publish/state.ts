import { StateReadError, type GitHubApi, type IssueCommentInfo, type PullRef, type ReviewCommentInfo, type ReviewInfo } from './github.js';
import { isOwnLogin } from './identity.js';
import { readMarker, type FindingMarker, type PullRequestMode, type ReviewMarker } from './markers.js';

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

/**
 * Someone with write access said a finding is wrong: with `@keybug wrong: <reason>` in its thread
 * (keybug's reply records it, with a dismissal marker) or with a 👎 on keybug's comment. It no
 * longer gates, is not raised again while its code is unchanged, and the summary says who and why.
 */
export interface Dismissal {
  by: string;
  /** '' for a 👎, which gives none. */
  reason: string;
  via: 'reply' | 'reaction';
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
  /** Set when someone with write access dismissed it: it no longer gates. */
  dismissed?: Dismissal;
}

/** Whether keybug reviews the pull request on its own, as the last `pause`, `resume` or `ignore` set it. */
export interface ModeState {
  mode: PullRequestMode;
  /** Who set it; null when nobody did (active, the default). */
  by: string | null;
  /** keybug's answer that records it; null when nobody set it. */
  url: string | null;
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
  /** Paused, ignored or active, from keybug's answers in the conversation. */
  mode: ModeState;
}

export const ACTIVE: ModeState = { mode: 'active', by: null, url: null };

export const EMPTY_STATE: PreviousState = { reviews: [], lastCompleteSha: null, posted: new Map(), mode: ACTIVE };

/** keybug's latest review of this head SHA, if it made one. */
export function reviewOf(state: PreviousState, headSha: string): PreviousState['reviews'][number] | null {
  return state.reviews.findLast((r) => r.head === headSha) ?? null;
}

/** What readPreviousState asks GitHub. */
export type StateReader = Pick<
  GitHubApi,
  'listReviews' | 'listReviewComments' | 'listIssueComments' | 'resolvedThreads' | 'canWrite' | 'reactionLogins'
>;

/**
 * Reads the state back: reviews, review comments, the conversation's comments, which threads are
 * resolved and by whom (GraphQL), whether those who resolved keybug's threads or gave its comments
 * a 👎 may write to the repository, keybug's own replies recording dismissals and its answers
 * recording the pull request's mode and the threads it resolved on a `resolve` command. The API
 * retries each read within its bounds; a listing that still fails makes the whole state unknown. A
 * permission that cannot be read leaves its threads open and its findings standing (still gating),
 * and says why.
 */
export async function readPreviousState(api: StateReader, ref: PullRef, ownLogin: string): Promise<PreviousState> {
  const settled = await Promise.allSettled([
    api.listReviews(ref),
    api.listReviewComments(ref),
    api.resolvedThreads(ref),
    api.listIssueComments(ref),
  ]);
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason instanceof Error ? s.reason.message : String(s.reason)] : []));
  if (failed.length > 0) throw new StateReadError(failed.join('; '));
  const [reviews, comments, resolved, conversation] = settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [
    ReviewInfo[],
    ReviewCommentInfo[],
    Map<number, string | null>,
    IssueCommentInfo[],
  ];
  const answers = readAnswers(conversation, ownLogin);
  // Only keybug's own threads settle anything: the permission of those who resolved them, once per login.
  const ours = comments.filter((c) => isOwnLogin(ownLogin, c.user));
  const permissions = new Map<string, Promise<boolean | string>>();
  const mayWrite = (login: string): Promise<boolean | string> => {
    if (!permissions.has(login))
      permissions.set(
        login,
        api.canWrite(ref, login).catch((error: unknown) => (error instanceof Error ? error.message : String(error))),
      );
    return permissions.get(login)!;
  };
  const resolutions = new Map<number, Resolution>();
  for (const c of ours.filter((c) => resolved.has(c.id))) {
    const by = resolved.get(c.id) ?? null;
    // keybug resolves threads only on a `resolve` command from someone with write access, and its answer names them.
    const requester = answers.resolvedFor.get(readMarker(c.body).kind === 'finding' ? (parseFp(c.body) ?? '') : '');
    if ((by === null || isOwnLogin(ownLogin, by)) && requester !== undefined) {
      resolutions.set(c.id, { by: requester, counts: true });
      continue;
    }
    const may = by === null ? 'GitHub names nobody as having resolved it' : await mayWrite(by);
    resolutions.set(
      c.id,
      may === true
        ? { by, counts: true }
        : {
            by,
            counts: false,
            why:
              typeof may === 'string'
                ? by === null
                  ? may
                  : `could not tell whether ${by} may write to the repository (${may})`
                : `${by} may not write to the repository`,
          },
    );
  }
  // A 👎 on keybug's finding comment by someone with write access dismisses the finding.
  const thumbsDown = new Map<number, string>();
  for (const c of ours.filter((c) => c.thumbsDown > 0 && c.inReplyTo === null && readMarker(c.body).kind === 'finding')) {
    let logins: string[];
    try {
      logins = await api.reactionLogins(ref, { kind: 'review', id: c.id }, '-1');
    } catch (error) {
      throw new StateReadError(error instanceof Error ? error.message : String(error));
    }
    for (const login of logins) {
      if (!isOwnLogin(ownLogin, login) && (await mayWrite(login)) === true) {
        thumbsDown.set(c.id, login);
        break;
      }
    }
  }
  return { ...stateFrom(reviews, comments, resolutions, ownLogin, thumbsDown), mode: answers.mode };
}

const parseFp = (body: string): string | null => {
  const read = readMarker(body);
  return read.kind === 'finding' ? read.marker.fp : null;
};

/**
 * What keybug's answers in the conversation record: the pull request's mode (the last answer that
 * set one) and the findings whose threads it resolved on a `resolve` command, with who asked. Only
 * answers by its own login count; one of its own it cannot read makes the state unknown.
 */
export function readAnswers(
  comments: readonly Pick<IssueCommentInfo, 'id' | 'user' | 'body' | 'htmlUrl'>[],
  ownLogin: string,
): { mode: ModeState; resolvedFor: Map<string, string> } {
  let mode = ACTIVE;
  const resolvedFor = new Map<string, string>();
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    if (!isOwnLogin(ownLogin, comment.user)) continue;
    const read = readMarker(comment.body);
    if (read.kind === 'unreadable')
      throw new StateReadError(
        `comment ${comment.id} ends in a keybug marker this version cannot read (${read.line}…); a newer keybug may have posted it`,
      );
    if (read.kind !== 'answer') continue;
    if (read.marker.mode !== undefined)
      mode = read.marker.mode === 'active' ? ACTIVE : { mode: read.marker.mode, by: read.marker.by, url: comment.htmlUrl };
    for (const fp of read.marker.resolved ?? []) resolvedFor.set(fp, read.marker.by);
  }
  return { mode, resolvedFor };
}

/** Builds the state from the API's answers (separate so it can be tested on plain data). */
export function stateFrom(
  reviews: Pick<ReviewInfo, 'id' | 'user' | 'state' | 'body' | 'htmlUrl'>[],
  comments: Pick<ReviewCommentInfo, 'id' | 'user' | 'body' | 'reviewId'>[],
  resolutions: ReadonlyMap<number, Resolution>,
  ownLogin: string,
  /** keybug's finding comments that someone with write access gave a 👎, and who. */
  thumbsDown: ReadonlyMap<number, string> = new Map(),
): Omit<PreviousState, 'mode'> {
  const ours: PreviousState['reviews'] = [];
  const heads = new Map<number, string>();
  const posted = new Map<string, PostedFinding>();
  const dismissals = new Map<string, Dismissal>();
  for (const review of [...reviews].sort((a, b) => a.id - b.id)) {
    // A pending review was never shown to anyone; postReview removes keybug's own when one blocks it.
    if (review.state === 'PENDING' || !isOwnLogin(ownLogin, review.user)) continue;
    const read = readMarker(review.body);
    if (read.kind === 'unreadable')
      throw new StateReadError(
        `review ${review.id} ends in a keybug marker this version cannot read (${read.line}…); a newer keybug may have posted it`,
      );
    if (read.kind !== 'review') continue;
    const { findings, ...marker } = read.marker;
    ours.push({ ...marker, id: review.id, htmlUrl: review.htmlUrl });
    heads.set(review.id, marker.head);
    for (const f of findings) if (!posted.has(f.fp)) posted.set(f.fp, { ...f, resolved: false, commentId: null, head: marker.head });
  }
  for (const comment of comments) {
    if (!isOwnLogin(ownLogin, comment.user)) continue;
    const read = readMarker(comment.body);
    if (read.kind === 'unreadable')
      throw new StateReadError(
        `review comment ${comment.id} ends in a keybug marker this version cannot read (${read.line}…); a newer keybug may have posted it`,
      );
    if (read.kind === 'dismissal') {
      dismissals.set(read.marker.fp, { by: read.marker.by, reason: read.marker.reason, via: 'reply' });
      continue;
    }
    if (read.kind !== 'finding') continue;
    const f = read.marker;
    const by = thumbsDown.get(comment.id);
    if (by !== undefined && !dismissals.has(f.fp)) dismissals.set(f.fp, { by, reason: '', via: 'reaction' });
    const known = posted.get(f.fp);
    const resolution = resolutions.get(comment.id);
    const resolved = resolution?.counts === true;
    const head = comment.reviewId === null ? null : (heads.get(comment.reviewId) ?? null);
    // The same fingerprint may sit in several threads; it counts as resolved once any of them is.
    if (known === undefined || known.commentId === null || resolved) {
      const kept = resolution ?? known?.resolution;
      posted.set(f.fp, {
        ...f,
        resolved: resolved || (known?.resolved ?? false),
        commentId: comment.id,
        head,
        ...(kept ? { resolution: kept } : {}),
      });
    }
  }
  // A dismissal given in words wins over a 👎 (it says why); either settles the finding.
  for (const [fp, dismissal] of dismissals) {
    const finding = posted.get(fp);
    if (finding !== undefined) posted.set(fp, { ...finding, dismissed: dismissal });
  }
  return { reviews: ours, lastCompleteSha: ours.findLast((r) => r.status === 'complete')?.head ?? null, posted };
}
