import type { FindingMarker, GitHubApi, PostedComment, PullRef, ReviewCommentInfo } from '../publish/index.js';
import type { RunSettings } from './engine-input.js';
import type { PullRequestRun, PullTarget, reviewPullRequest } from './review-pull-request.js';

/** The types the comment flows share: the event, the run, what is known of a comment, and the outcome. */

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

/** A comment keybug acted on: what it did and the answer it posted. */
export interface Answered {
  kind: 'answered';
  /** The command carried out (`review`, `pause` …), or `reply` for an answer in a thread. */
  command: string;
  /** Who gave it. */
  by: string;
  /** keybug's answer; null when posting it failed. */
  answer: PostedComment | null;
  /** The answer's text (keybug's Markdown), for the job summary. */
  text: string;
  /** What failed, when something did (the command's work or posting the answer): the step fails. */
  failed: string | null;
  /** The review a `review` or `full review` command ran. */
  review?: Awaited<ReturnType<typeof reviewPullRequest>>;
  /** The error that stopped the command's work (a review that could not run), for the shell to fail the step with. */
  error?: unknown;
}
