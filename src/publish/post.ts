import { GITHUB_BODY_LIMIT } from './comment.js';
import { toApiError, type GitHubApiError, type GitHubApi, type PullRef, type ReviewCommentRequest, type ReviewRequest } from './github.js';
import { compactFindingMarkers, parseFindingMarkers, parseReviewMarker } from './markers.js';
import { recountLineComments } from './review-body.js';

/**
 * Posts the one review of a run. GitHub rejects a whole review with a 422 that does not say which
 * comment it disliked, so the fallbacks degrade in steps (at most three posts in all), each step
 * keeping every finding visible:
 *   1. as planned;
 *   2. multi-line ranges reduced to their last line (ranges are the most fragile part);
 *   3. every comment moved into the review body, with its file and line.
 * A 422 caused by a leftover pending review of keybug's own is cleared by deleting that review.
 * Every failure, including one while clearing that review, is answered as a 'failed' outcome.
 */

export type PostAttempt = 'as-planned' | 'single-line' | 'comments-in-body';

export type PostOutcome =
  | { kind: 'posted'; reviewId: number; htmlUrl: string; attempt: PostAttempt; comments: number; movedToBody: number; notes: string[] }
  | { kind: 'forbidden'; error: GitHubApiError; notes: string[] }
  | { kind: 'failed'; error: GitHubApiError; notes: string[] };

const PENDING = /pending review/i;

export async function postReview(api: GitHubApi, ref: PullRef, request: ReviewRequest, log: (message: string) => void = () => {}): Promise<PostOutcome> {
  const notes: string[] = [];
  const steps: [PostAttempt, ReviewRequest][] = [['as-planned', request]];
  if (request.comments.some((c) => c.start_line !== undefined)) steps.push(['single-line', { ...request, comments: request.comments.map(singleLine) }]);
  if (request.comments.length > 0) steps.push(['comments-in-body', { ...request, comments: [], body: withCommentsInBody(recountLineComments(request.body, 0), request.comments) }]);

  let clearedPending = false;
  for (let i = 0; i < steps.length; i++) {
    const [attempt, body] = steps[i]!;
    try {
      const created = await api.createReview(ref, body);
      const movedToBody = attempt === 'comments-in-body' ? request.comments.length : 0;
      return { kind: 'posted', reviewId: created.id, htmlUrl: created.htmlUrl, attempt, comments: body.comments.length, movedToBody, notes };
    } catch (error) {
      const apiError = toApiError(`post the review on ${ref.owner}/${ref.repo}#${ref.number}`, error);
      if (apiError.forbidden) return { kind: 'forbidden', error: apiError, notes };
      if (apiError.status !== 422) return { kind: 'failed', error: apiError, notes };
      if (PENDING.test(apiError.detail) && !clearedPending) {
        clearedPending = true;
        let removed: number[];
        try {
          removed = await removeOurPendingReviews(api, ref);
        } catch (cleanupError) {
          const cause = toApiError('remove keybug\'s pending review', cleanupError);
          return { kind: 'failed', error: apiError, notes: [...notes, `A pending review blocks new reviews by this token, and removing keybug's own failed: ${cause.message}`] };
        }
        if (removed.length === 0) {
          return { kind: 'failed', error: apiError, notes: [...notes, 'A pending review that is not keybug\'s blocks new reviews by this token; submit or delete it.'] };
        }
        notes.push(`Deleted keybug's leftover pending review ${removed.join(', ')} that blocked posting.`);
        log(notes.at(-1)!);
        i--; // the same attempt again
        continue;
      }
      const next = steps[i + 1];
      if (next === undefined) return { kind: 'failed', error: apiError, notes };
      notes.push(`GitHub rejected the review (${apiError.detail}); posting again with ${next[0] === 'single-line' ? 'one-line comments' : 'the comments in the review body'}.`);
      log(notes.at(-1)!);
    }
  }
  // Unreachable: every iteration returns, retries the same step once, or moves to the next one.
  throw new Error('postReview: no attempt left');
}

function singleLine(comment: ReviewCommentRequest): ReviewCommentRequest {
  return { path: comment.path, body: comment.body, line: comment.line, side: comment.side };
}

/** Deletes pending reviews that carry keybug's marker; returns their ids. Others are never touched. */
async function removeOurPendingReviews(api: GitHubApi, ref: PullRef): Promise<number[]> {
  const pending = (await api.listReviews(ref)).filter((r) => r.state === 'PENDING' && parseReviewMarker(r.body) !== null);
  for (const review of pending) await api.deletePendingReview(ref, review.id);
  return pending.map((r) => r.id);
}

/**
 * The review body with every comment appended (before the hidden markers at its end), cut to
 * GitHub's limit; comments that do not fit keep their markers in a compact block.
 */
export function withCommentsInBody(body: string, comments: ReviewCommentRequest[], maxLength = GITHUB_BODY_LIMIT): string {
  const tailAt = [body.indexOf('<!-- keybug:findings:v1'), body.lastIndexOf('<!-- keybug:review:v1')].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), body.length);
  const head = tailAt < body.length ? body.slice(0, tailAt) : body + '\n';
  const marker = body.slice(tailAt);
  const title = '\n#### Findings GitHub would not take as line comments\n\n';
  const room = maxLength - head.length - marker.length - title.length - 200;
  const each = Math.floor(room / Math.max(1, comments.length));
  const items = comments.map((c) => {
    const where = `\`${c.path}:${c.start_line !== undefined ? `${c.start_line}-` : ''}${c.line}\`${c.side === 'LEFT' ? ' (deleted line)' : ''}`;
    let text = c.body;
    // Keep each finding's marker (the last line) even when its text must be shortened.
    if (`- ${where}\n`.length + text.length + 8 > each) {
      const markerLine = text.slice(text.lastIndexOf('\n') + 1);
      text = text.slice(0, Math.max(0, each - markerLine.length - 60)) + '\n… (shortened)\n' + markerLine;
    }
    return `- ${where}\n\n${text.replace(/^/gm, '  ')}\n`;
  });
  // With very many comments even shortened items may not fit: keep as many as do, say so, and keep the others' markers.
  const assemble = (n: number): string => {
    if (n === items.length) return head + title + items.join('\n') + '\n' + marker;
    const rest = compactFindingMarkers(comments.slice(n).flatMap((c) => parseFindingMarkers(c.body)), maxLength - head.length - title.length - marker.length - 200);
    return head + title + items.slice(0, n).join('\n') + `\n- … and ${items.length - n} more: see the job summary.\n` + '\n' + (rest?.text ? `${rest.text}\n` : '') + marker;
  };
  let kept = items.length;
  while (kept > 0 && assemble(kept).length > maxLength) kept = Math.floor(kept * 0.9);
  return assemble(kept);
}
