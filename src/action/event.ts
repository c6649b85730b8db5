import { readFileSync } from 'node:fs';
import type { CommentEvent } from '../flows/answer-comment.js';
import type { PullRef } from '../publish/index.js';

/**
 * Which pull request this workflow run is about, from the event the runner wrote. The head SHA is
 * `pull_request.head.sha` — the PR's own commit — never the merge commit `actions/checkout` checks
 * out on pull_request runs, which is not part of the PR (GitHub answers 422 to a review on it).
 */

export type RunTarget =
  /** The event carries the pull request (pull_request, pull_request_target). */
  | { kind: 'event'; ref: PullRef; baseSha: string; headSha: string; title: string; body: string; event: string }
  /** workflow_dispatch with `pr-number`: the pull request is read from the API. */
  | { kind: 'dispatch'; ref: PullRef }
  /** issue_comment or pull_request_review_comment: a comment keybug may answer. */
  | { kind: 'comment'; event: CommentEvent }
  /** Nothing to review: the reason is printed and the step succeeds. */
  | { kind: 'none'; reason: string };

interface PullRequestEvent {
  action?: string;
  pull_request?: { number?: number; title?: string; body?: string | null; base?: { sha?: string }; head?: { sha?: string } };
  issue?: { number?: number; pull_request?: object | null };
  comment?: {
    id?: number;
    body?: string | null;
    user?: { login?: string } | null;
    author_association?: string;
    html_url?: string;
    in_reply_to_id?: number | null;
  };
  repository?: { full_name?: string };
}

const PR_EVENTS = new Set(['pull_request', 'pull_request_target']);
const COMMENT_EVENTS = new Set(['issue_comment', 'pull_request_review_comment']);

export function resolveTarget(env: NodeJS.ProcessEnv, prNumber: number | null): RunTarget {
  const event = env.GITHUB_EVENT_NAME ?? '';
  const payload = readEvent(env.GITHUB_EVENT_PATH);
  const repository = env.GITHUB_REPOSITORY || payload.repository?.full_name || '';
  const [owner, repo] = repository.split('/');
  if (PR_EVENTS.has(event)) {
    const pr = payload.pull_request;
    if (!pr?.number || !pr.base?.sha || !pr.head?.sha)
      throw new Error(
        `The ${event} event at GITHUB_EVENT_PATH (${env.GITHUB_EVENT_PATH ?? 'not set'}) has no pull_request with a number, base.sha and head.sha. ${EVENT_HINT}`,
      );
    if (!owner || !repo) throw new Error('GITHUB_REPOSITORY is not set to OWNER/NAME.');
    return {
      kind: 'event',
      ref: { owner, repo, number: pr.number },
      baseSha: pr.base.sha,
      headSha: pr.head.sha,
      title: pr.title ?? '',
      body: pr.body ?? '',
      event,
    };
  }
  if (COMMENT_EVENTS.has(event)) {
    if (!owner || !repo) throw new Error('GITHUB_REPOSITORY is not set to OWNER/NAME.');
    return { kind: 'comment', event: commentEvent(event as CommentEvent['name'], payload, { owner, repo }, env.GITHUB_EVENT_PATH) };
  }
  if (event === 'workflow_dispatch' && prNumber !== null) {
    if (!owner || !repo) throw new Error('GITHUB_REPOSITORY is not set to OWNER/NAME.');
    return { kind: 'dispatch', ref: { owner, repo, number: prNumber } };
  }
  if (event === 'workflow_dispatch')
    return {
      kind: 'none',
      reason: "keybug: this workflow_dispatch run has no 'pr-number' input, so there is no pull request to review. Nothing to do.",
    };
  return {
    kind: 'none',
    reason: `keybug reviews pull requests; this run was triggered by '${event || 'an unknown event'}'. Nothing to do. Run it on pull_request (or workflow_dispatch with the pr-number input), issue_comment or pull_request_review_comment.`,
  };
}

/** The comment of an issue_comment or pull_request_review_comment payload, and its pull request. */
function commentEvent(
  name: CommentEvent['name'],
  payload: PullRequestEvent,
  repo: { owner: string; repo: string },
  path: string | undefined,
): CommentEvent {
  const c = payload.comment;
  const number = name === 'issue_comment' ? payload.issue?.number : payload.pull_request?.number;
  if (typeof c?.id !== 'number' || typeof number !== 'number')
    throw new Error(
      `The ${name} event at GITHUB_EVENT_PATH (${path ?? 'not set'}) has no comment with an id, or no ${name === 'issue_comment' ? 'issue' : 'pull_request'} with a number. ${EVENT_HINT}`,
    );
  const pr = payload.pull_request;
  const pull =
    name === 'pull_request_review_comment' && pr?.base?.sha && pr.head?.sha
      ? { ref: { ...repo, number }, baseSha: pr.base.sha, headSha: pr.head.sha, title: pr.title ?? '', body: pr.body ?? '' }
      : null;
  return {
    name,
    action: payload.action ?? '',
    ref: { ...repo, number },
    onPullRequest:
      name === 'pull_request_review_comment' || (payload.issue?.pull_request !== undefined && payload.issue.pull_request !== null),
    comment: {
      id: c.id,
      body: c.body ?? '',
      user: c.user?.login ?? '',
      association: c.author_association ?? '',
      htmlUrl: c.html_url ?? '',
      inReplyTo: typeof c.in_reply_to_id === 'number' ? c.in_reply_to_id : null,
    },
    pull,
  };
}

/** What to do about an event file that cannot be used: the runner writes it, so only a hand-made run gets here. */
const EVENT_HINT =
  'The runner writes this file; outside GitHub Actions, point GITHUB_EVENT_PATH at the JSON payload of a pull_request, issue_comment or pull_request_review_comment event.';

function readEvent(path: string | undefined): PullRequestEvent {
  if (!path) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'the file does not exist' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new Error(`Cannot read the event payload at GITHUB_EVENT_PATH (${path}): ${why}. ${EVENT_HINT}`, { cause: error });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    throw new Error(`The event payload at GITHUB_EVENT_PATH (${path}) is not valid JSON (${(error as Error).message}). ${EVENT_HINT}`, {
      cause: error,
    });
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new Error(
      `The event payload at GITHUB_EVENT_PATH (${path}) is not a JSON object (it holds ${Array.isArray(payload) ? 'an array' : JSON.stringify(payload).slice(0, 40)}). ${EVENT_HINT}`,
    );
  }
  return payload as PullRequestEvent;
}
