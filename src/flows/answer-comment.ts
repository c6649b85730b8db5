import { GitHubApiError, isOwnLogin, readMarker, resolveIdentity } from '../publish/index.js';
import { mentions, parseCommand, type Command } from './comment-commands.js';
import { carryOut } from './comment-work.js';
import type { CommentContext, CommentEvent, CommentOutcome, CommentRun } from './comment-context.js';
import { readPullTarget } from './review-pull-request.js';

export type { CommentEvent, CommentRun } from './comment-context.js';

/**
 * Answering a comment on a pull request: a command (`@keybug review`, `pause`, `wrong: …` …) on
 * a comment's first line, or a reply in one of keybug's review threads. Before anything is done,
 * the comment must be new (edits and deletions are ignored), not keybug's own, and from someone
 * who may write to the repository (author association OWNER, MEMBER or COLLABORATOR, and a
 * repository permission of write or more): anything else is logged, and nothing is posted. keybug
 * then reacts 👀, which is also its claim on the comment: a re-delivered event finds the reaction
 * there (GitHub answers 200, not 201) and does nothing twice. Every effect is visible in the pull
 * request: the reaction, one answer, and what the command did.
 */

/** Author associations that may be able to write; the repository permission decides. */
const MAY_WRITE = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

/** What the comment asks for, before anyone's permission is checked. */
type Request =
  | { kind: 'command'; command: Command }
  /** A reply in a review thread with no command: answered when it is keybug's thread and it mentions keybug, or `chat: threads`. */
  | { kind: 'reply'; mentioned: boolean };

export async function answerComment(run: CommentRun): Promise<CommentOutcome> {
  const { event } = run;
  const { comment } = event;
  const who = comment.user || 'someone';
  if (event.action !== 'created')
    return { kind: 'ignored', reason: `keybug answers new comments only; comment ${comment.id} was ${event.action || 'changed'}.` };
  if (!event.onPullRequest) return { kind: 'ignored', reason: `comment ${comment.id} is on an issue, not a pull request.` };
  const request = requestOf(event, run.handle);
  if (request === null) return { kind: 'ignored', reason: `comment ${comment.id} has no '@${run.handle} <command>' on its first line.` };

  const api = run.api();
  const identity = await resolveIdentity(api, run.botLogin);
  if (isOwnLogin(identity.login, comment.user))
    return { kind: 'ignored', reason: `comment ${comment.id} is keybug's own (${identity.login}); keybug never answers itself.` };

  // A reply with no command concerns keybug only in its own threads.
  const root =
    comment.inReplyTo === null
      ? event.name === 'pull_request_review_comment'
        ? await api.getReviewComment(event.ref, comment.id)
        : null
      : await api.getReviewComment(event.ref, comment.inReplyTo);
  const read = root !== null && isOwnLogin(identity.login, root.user) ? readMarker(root.body) : null;
  const finding = read?.kind === 'finding' ? read.marker : null;
  if (request.kind === 'reply' && finding === null)
    return { kind: 'ignored', reason: `comment ${comment.id} replies in a thread that is not one of keybug's findings.` };

  if (!MAY_WRITE.has(comment.association.toUpperCase())) {
    return {
      kind: 'denied',
      reason: `${who} is not an owner, member or collaborator of ${event.ref.owner}/${event.ref.repo} (author association ${comment.association || 'none'}): keybug acts only for those who may write to it; comment ${comment.id} is left alone.`,
    };
  }
  let canWrite: boolean;
  try {
    canWrite = comment.user !== '' && (await api.canWrite(event.ref, comment.user));
  } catch (error) {
    // A permission that cannot be read grants nothing.
    return {
      kind: 'denied',
      reason: `could not tell whether ${who} may write to ${event.ref.owner}/${event.ref.repo} (${error instanceof GitHubApiError ? error.message : String(error)}); comment ${comment.id} is left alone.`,
    };
  }
  if (!canWrite)
    return {
      kind: 'denied',
      reason: `${who} may not write to ${event.ref.owner}/${event.ref.repo} (repository permission below write); comment ${comment.id} is left alone.`,
    };

  const pull = event.pull ?? (await readPullTarget(api, event.ref));
  const context: CommentContext = { run, api, ref: event.ref, pull, ownLogin: identity.login, root, finding };
  // In one of keybug's threads, the handle with words that are no command is a question.
  const asked: Request =
    request.kind === 'command' && request.command.name === 'unknown' && finding !== null ? { kind: 'reply', mentioned: true } : request;
  return carryOut(context, asked.kind === 'command' ? asked.command : null, asked.kind === 'reply' ? asked.mentioned : true, claim);
}

/** The command on the first line, or a reply in a review thread; null when the comment asks keybug nothing. */
function requestOf(event: CommentEvent, handle: string): Request | null {
  const command = parseCommand(event.comment.body, handle);
  if (command !== null) return { kind: 'command', command };
  if (event.name === 'pull_request_review_comment' && event.comment.inReplyTo !== null)
    return { kind: 'reply', mentioned: mentions(event.comment.body, handle) };
  return null;
}

/**
 * Reacts 👀 to the comment: true when the reaction is new, false when keybug already gave it (the
 * event was delivered again, or the comment was handled by an earlier run).
 */
async function claim(context: CommentContext): Promise<boolean> {
  const { comment, name } = context.run.event;
  return (
    (await context.api.addReaction(context.ref, { kind: name === 'issue_comment' ? 'issue' : 'review', id: comment.id }, 'eyes')) ===
    'created'
  );
}
