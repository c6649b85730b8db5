import {
  GitHubApiError,
  isOwnLogin,
  readMarker,
  resolveIdentity,
  type GitHubApi,
  type PullRef,
  type ReviewCommentInfo,
} from '../publish/index.js';
import type { FindingMarker } from '../publish/index.js';
import { mentions, parseCommand, type Command } from './comment-commands.js';
import { carryOut, type Answered } from './comment-work.js';
import type { RunSettings } from './engine-input.js';
import { readPullTarget, type PullRequestRun, type PullTarget } from './review-pull-request.js';

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

/** The comment as the event gives it. */
export interface CommentEvent {
  /** `issue_comment`: the pull request's conversation; `pull_request_review_comment`: a line comment or a reply in a thread. */
  name: 'issue_comment' | 'pull_request_review_comment';
  /** created, edited or deleted. */
  action: string;
  ref: PullRef;
  /** False for a comment on an issue that is not a pull request. */
  onPullRequest: boolean;
  comment: {
    id: number;
    body: string;
    /** Login of its author; '' when the event names none. */
    user: string;
    /** GitHub's author association: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE … */
    association: string;
    htmlUrl: string;
    /** For a reply in a review thread: the thread's first comment; null otherwise. */
    inReplyTo: number | null;
  };
  /** The pull request as a review comment's payload carries it; null when it must be read from GitHub (issue comments). */
  pull: PullTarget | null;
}

export interface CommentRun extends RunSettings {
  /** The checkout keybug reads git objects from (never the pull request's files). */
  repoDir: string;
  event: CommentEvent;
  /** Creates the GitHub client (the token was checked by the shell). */
  api: () => GitHubApi;
  /** The bot-login input; '' = the token's login. */
  botLogin: string;
  /** The name comments call keybug by, without its `@`. */
  handle: string;
  /** The GitHub web root: links keybug builds point into this repository there. */
  serverUrl: string;
  /** The settings object of a review a command asks for: the shell's report, outputs and log around the pull-request flow. */
  review: (pull: PullTarget, requested: { full: boolean }) => PullRequestRun;
  /** Today as YYYY-MM-DD (UTC), for a learning's date. */
  today?: () => string;
}

export type CommentOutcome =
  /** Not for keybug, or nothing it answers (edited, its own, no command): only logged. */
  | { kind: 'ignored'; reason: string }
  /** From someone who may not write to the repository: only logged. */
  | { kind: 'denied'; reason: string }
  /** Handled before: its 👀 is already there. */
  | { kind: 'repeated'; reason: string }
  | Answered;

/** Author associations that may be able to write; the repository permission decides. */
const MAY_WRITE = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

/** What the comment asks for, before anyone's permission is checked. */
type Request =
  | { kind: 'command'; command: Command }
  /** A reply in a review thread with no command: answered when it is keybug's thread and it mentions keybug, or `chat: threads`. */
  | { kind: 'reply'; mentioned: boolean };

/** What the comment is about, once known: the pull request, keybug's login, and the thread when it is in one. */
export interface CommentContext {
  run: CommentRun;
  api: GitHubApi;
  ref: PullRef;
  pull: PullTarget;
  ownLogin: string;
  /** The thread's first comment, when the comment is in a review thread. */
  root: ReviewCommentInfo | null;
  /** keybug's finding, when the thread is one of keybug's. */
  finding: FindingMarker | null;
}

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
