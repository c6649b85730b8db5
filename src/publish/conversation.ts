import type { Built } from '../safety/markdown-check.js';
import { truncateMarkdown } from '../safety/sanitize.js';
import { GITHUB_BODY_LIMIT } from './comment.js';
import type { GitHubApi, PostedComment, PullRef } from './github.js';
import { isOwnLogin } from './identity.js';
import { readMarker, withMarker } from './markers.js';

/**
 * What keybug posts in a conversation, and the threads it resolves: its answers to comments, each
 * one comment in the place the question was asked (the conversation, or the review thread), its
 * text built by keybug around sanitized pieces and ending in keybug's marker.
 */

/** Where an answer goes: the pull request's conversation, or the review thread of its first comment. */
export type AnswerPlace = { kind: 'conversation' } | { kind: 'thread'; rootId: number };

/** An answer's body: keybug's text cut to GitHub's limit (at a line end, never inside code), then the marker on the last line. */
export function answerBody(text: string, marker: string): string {
  return withMarker(truncateMarkdown(text, GITHUB_BODY_LIMIT - marker.length - 2, '… (shortened)'), marker);
}

/** Posts an answer where it belongs; its body passes the redaction point and the Markdown check on the way out (see GitHubApi). */
export function postAnswer(
  api: Pick<GitHubApi, 'createIssueComment' | 'replyToReviewComment'>,
  ref: PullRef,
  place: AnswerPlace,
  body: string,
  built: Built,
): Promise<PostedComment> {
  return place.kind === 'conversation'
    ? api.createIssueComment(ref, body, built)
    : api.replyToReviewComment(ref, place.rootId, body, built);
}

/** What resolving keybug's open threads did: the findings whose threads it resolved, and those it could not. */
export interface Resolved {
  /** Fingerprints of the findings whose threads were resolved. */
  fps: string[];
  failed: { fp: string; error: string }[];
}

/**
 * Resolves keybug's open review threads on the pull request: those whose first comment is a finding
 * keybug's own login posted. Threads of others are never touched; one that fails does not stop the rest.
 */
export async function resolveOpenThreads(
  api: Pick<GitHubApi, 'reviewThreads' | 'listReviewComments' | 'resolveThread'>,
  ref: PullRef,
  ownLogin: string,
): Promise<Resolved> {
  const [threads, comments] = await Promise.all([api.reviewThreads(ref), api.listReviewComments(ref)]);
  const byId = new Map(comments.map((c) => [c.id, c]));
  const done: Resolved = { fps: [], failed: [] };
  for (const thread of threads) {
    if (thread.isResolved) continue;
    const first = byId.get(thread.commentIds[0] ?? -1);
    if (first === undefined || !isOwnLogin(ownLogin, first.user)) continue;
    const read = readMarker(first.body);
    if (read.kind !== 'finding') continue;
    try {
      await api.resolveThread(ref, thread.id);
      done.fps.push(read.marker.fp);
    } catch (error) {
      done.failed.push({ fp: read.marker.fp, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return done;
}
