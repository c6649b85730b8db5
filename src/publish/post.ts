import type { Built } from '../safety/markdown-check.js';
import { codeSpan, truncateMarkdown } from '../safety/sanitize.js';
import { GITHUB_BODY_LIMIT } from './comment.js';
import {
  toApiError,
  type GitHubApiError,
  type GitHubApi,
  type PlainTextBody,
  type PullRef,
  type ReviewCommentRequest,
  type ReviewRequest,
} from './github.js';
import { fitReviewMarker, parseFindingMarker, parseReviewMarker, splitMarker, withMarker, type FindingMarker } from './markers.js';
import { recountLineComments } from './review-body.js';

/** What posting asks of GitHub (GitHubApi answers it; the flow passes it in). */
export type ReviewPoster = Pick<GitHubApi, 'createReview' | 'listReviews' | 'deletePendingReview'>;

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
  /** `plainText`: the bodies posted as plain text, as the Markdown check refused them, and why. */
  | {
      kind: 'posted';
      reviewId: number;
      htmlUrl: string;
      attempt: PostAttempt;
      comments: number;
      movedToBody: number;
      notes: string[];
      plainText: PlainTextBody[];
    }
  | { kind: 'forbidden'; error: GitHubApiError; notes: string[] }
  | { kind: 'failed'; error: GitHubApiError; notes: string[] };

const PENDING = /pending review/i;

export async function postReview(
  api: ReviewPoster,
  ref: PullRef,
  request: ReviewRequest,
  log: (message: string) => void = () => {},
  built: Built = { links: [] },
): Promise<PostOutcome> {
  const notes: string[] = [];
  const steps: [PostAttempt, ReviewRequest][] = [['as-planned', request]];
  if (request.comments.some((c) => c.start_line !== undefined))
    steps.push(['single-line', { ...request, comments: request.comments.map(singleLine) }]);
  if (request.comments.length > 0)
    steps.push([
      'comments-in-body',
      { ...request, comments: [], body: withCommentsInBody(recountLineComments(request.body, 0), request.comments) },
    ]);

  let clearedPending = false;
  for (let i = 0; i < steps.length; i++) {
    const [attempt, body] = steps[i]!;
    try {
      const created = await api.createReview(ref, body, built);
      const movedToBody = attempt === 'comments-in-body' ? request.comments.length : 0;
      for (const p of created.plainText)
        log(`keybug posted ${p.what} as plain text: it held ${p.problems.join(', ')}, which keybug did not build.`);
      return {
        kind: 'posted',
        reviewId: created.id,
        htmlUrl: created.htmlUrl,
        attempt,
        comments: body.comments.length,
        movedToBody,
        notes,
        plainText: created.plainText,
      };
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
          const cause = toApiError("remove keybug's pending review", cleanupError);
          return {
            kind: 'failed',
            error: apiError,
            notes: [...notes, `A pending review blocks new reviews by this token, and removing keybug's own failed: ${cause.message}`],
          };
        }
        if (removed.length === 0) {
          return {
            kind: 'failed',
            error: apiError,
            notes: [...notes, "A pending review that is not keybug's blocks new reviews by this token; submit or delete it."],
          };
        }
        notes.push(`Deleted keybug's leftover pending review ${removed.join(', ')} that blocked posting.`);
        log(notes.at(-1)!);
        i--; // the same attempt again
        continue;
      }
      const next = steps[i + 1];
      if (next === undefined) return { kind: 'failed', error: apiError, notes };
      notes.push(
        `GitHub rejected the review (${apiError.detail}); posting again with ${next[0] === 'single-line' ? 'one-line comments' : 'the comments in the review body'}.`,
      );
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
async function removeOurPendingReviews(api: ReviewPoster, ref: PullRef): Promise<number[]> {
  const pending = (await api.listReviews(ref)).filter((r) => r.state === 'PENDING' && parseReviewMarker(r.body) !== null);
  for (const review of pending) await api.deletePendingReview(ref, review.id);
  return pending.map((r) => r.id);
}

/**
 * The review body with every comment appended, cut to GitHub's limit. The comments' findings join
 * the review marker on the body's last line (a comment's own marker line is not copied: only the
 * last line of a body is ever read), so they count as posted; those the marker cannot hold are said
 * to be unrecorded. Comments that do not fit the text are listed as cut.
 */
export function withCommentsInBody(body: string, comments: ReviewCommentRequest[], maxLength = GITHUB_BODY_LIMIT): string {
  const { text: head } = splitMarker(body);
  const review = parseReviewMarker(body);
  const moved = comments.map((c) => ({ comment: c, text: splitMarker(c.body).text, marker: parseFindingMarker(c.body) }));
  const findings: FindingMarker[] = [...(review?.findings ?? []), ...moved.flatMap((m) => (m.marker ? [m.marker] : []))];
  const marker = review ? fitReviewMarker({ ...review, findings }, maxLength - 4_000) : null;
  const unrecorded = marker ? findings.length - marker.kept : 0;
  const title = '\n\n#### Findings GitHub would not take as line comments\n\n';
  const note =
    unrecorded > 0
      ? `\n<sub>${unrecorded} of these findings could not be recorded for later runs, which may raise them again.</sub>\n`
      : '';
  const room = maxLength - head.length - (marker?.text.length ?? 0) - title.length - note.length - 200;
  const each = Math.floor(room / Math.max(1, comments.length));
  const items = moved.map(({ comment: c, text }) => {
    const where = `${codeSpan(`${c.path}:${c.start_line !== undefined ? `${c.start_line}-` : ''}${c.line}`)}${c.side === 'LEFT' ? ' (deleted line)' : ''}`;
    // Cut at a line end, never inside code, then indented into the list item.
    const shortened = truncateMarkdown(text, Math.max(200, each - where.length - 16), '… (shortened)');
    return `- ${where}\n\n${shortened.replace(/^(?=.)/gm, '  ')}\n`;
  });
  // With very many comments even shortened items may not fit: keep as many as do, and say so.
  const assemble = (n: number): string => {
    const listed =
      n === items.length ? items.join('\n') : `${items.slice(0, n).join('\n')}\n- … and ${items.length - n} more: see the job summary.\n`;
    const text = head + title + listed + note;
    return marker ? withMarker(text, marker.text) : text;
  };
  let kept = items.length;
  while (kept > 0 && assemble(kept).length > maxLength) kept = Math.floor(kept * 0.9);
  return assemble(kept);
}
