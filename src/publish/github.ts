import type { getOctokit } from '@actions/github';
import { verifiedMarkdown, type Built } from '../safety/markdown-check.js';
import { GITHUB_BODY_LIMIT } from './comment.js';
import { redact } from '../safety/redact.js';
import { withRetries, type RetryPolicy } from '../support/retry.js';

/**
 * The only code that talks to GitHub: a small typed surface over Octokit with the handful of calls
 * keybug makes. Every call has a timeout; reads are retried within bounds (5xx, timeouts, network
 * errors, rate limits with the wait GitHub asks for), writes never are (a retry could post twice).
 * Every failure becomes a GitHubApiError naming the operation, the HTTP status and GitHub's own
 * explanation; what is posted passes the redaction point last, on its way out.
 */

/** Which pull request, on which repository. */
export interface PullRef {
  owner: string;
  repo: string;
  number: number;
}

export const describePull = (ref: PullRef): string => `${ref.owner}/${ref.repo}#${ref.number}`;

/** A GitHub API call failed. */
export class GitHubApiError extends Error {
  constructor(
    readonly operation: string,
    /** HTTP status; 0 when no response arrived (network error, timeout) or for a GraphQL error. */
    readonly status: number,
    /** GitHub's message and error details, as one line. */
    readonly detail: string,
    /** Worth another try: 5xx, 429, rate limits, timeouts, network errors, transient GraphQL errors. */
    readonly transient = false,
    /** The wait GitHub asked for (retry-after, or until a rate limit resets); null when it named none. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`GitHub API: ${operation} failed${status ? ` (HTTP ${status})` : ''}: ${detail}`);
    this.name = 'GitHubApiError';
  }

  /** The same failure with a note on how retrying went. */
  withNote(note: string): GitHubApiError {
    return new GitHubApiError(this.operation, this.status, `${this.detail} (${note})`, this.transient, this.retryAfterMs);
  }

  /** The token may read but not write (fork PRs, Dependabot, a `permissions:` block without `pull-requests: write`). */
  get forbidden(): boolean {
    return this.status === 403 && !/rate limit/i.test(this.detail);
  }
}

export interface PullRequestInfo {
  number: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
  /** "owner/name" of the head repository; differs from the base repository for fork PRs. */
  headRepository: string | null;
  state: string;
}

export interface ReviewInfo {
  id: number;
  /** Login of the review's author; null when GitHub names none (a deleted account). */
  user: string | null;
  state: string;
  body: string;
  commitId: string | null;
  htmlUrl: string;
}

export interface ReviewCommentInfo {
  id: number;
  /** Login of the comment's author; null when GitHub names none (a deleted account). */
  user: string | null;
  reviewId: number | null;
  body: string;
  path: string;
  line: number | null;
  /** The first comment of the thread this one replies to; null for a thread's first comment. */
  inReplyTo: number | null;
  htmlUrl: string;
  /** How many 👎 reactions it has (GitHub's reaction rollup); who gave them is asked only when there are some. */
  thumbsDown: number;
}

/** A comment in a pull request's conversation (GitHub calls it an issue comment). */
export interface IssueCommentInfo {
  id: number;
  /** Login of the comment's author; null when GitHub names none (a deleted account). */
  user: string | null;
  body: string;
  htmlUrl: string;
}

/** A repository: the owner and the name. A PullRef is one too. */
export interface RepoRef {
  owner: string;
  repo: string;
}

/** A comment keybug reacts to or answers: one in the conversation (`issue`) or on a line (`review`). */
export interface CommentRef {
  kind: 'issue' | 'review';
  id: number;
}

/** A review thread: its node id (to resolve it), who resolved it, and the database ids of its comments, first comment first. */
export interface ThreadInfo {
  id: string;
  isResolved: boolean;
  /** Who resolved it; null when it is open or GitHub names nobody. */
  resolvedBy: string | null;
  commentIds: number[];
}

/** A comment keybug posted: its id, its address, and the bodies posted as plain text (see createReview). */
export interface PostedComment {
  id: number;
  htmlUrl: string;
  plainText: PlainTextBody[];
}

/** A pull request keybug found or opened (the learnings pull request). */
export interface PullSummary {
  number: number;
  htmlUrl: string;
}

export interface ReviewCommentRequest {
  path: string;
  body: string;
  line: number;
  side: 'RIGHT' | 'LEFT';
  start_line?: number;
  start_side?: 'RIGHT' | 'LEFT';
}

/** A body the Markdown check refused, posted as plain text: which ("the review body") and what it held. */
export interface PlainTextBody {
  what: string;
  problems: string[];
}

/** The body of `POST /repos/{owner}/{repo}/pulls/{n}/reviews` as keybug sends it. */
export interface ReviewRequest {
  commit_id: string;
  event: 'COMMENT' | 'REQUEST_CHANGES';
  body: string;
  comments: ReviewCommentRequest[];
}

/** keybug's earlier reviews, comments or threads could not be read: what it posted before is unknown. */
export class StateReadError extends Error {
  constructor(readonly detail: string) {
    super(`keybug could not read what it posted on this pull request before: ${detail}`);
    this.name = 'StateReadError';
  }
}

/** Timeout of one GitHub call unless configured (the `github-timeout` input). */
export const DEFAULT_GITHUB_TIMEOUT_MS = 30_000;
/** How reads are retried: 3 more attempts, backing off from 1 s (doubling, 10 s at most) when GitHub names no wait, 2 minutes of waiting in all. */
export const DEFAULT_READ_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1_000, maxDelayMs: 10_000, maxTotalWaitMs: 120_000 };
/** GitHub's advice when a secondary rate limit names no wait: at least a minute. */
const SECONDARY_LIMIT_WAIT_MS = 60_000;

export interface GitHubOptions {
  token: string;
  /** REST API root: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  apiUrl: string;
  /** Timeout of one HTTP request (default 30 s). */
  timeoutMs?: number;
  /** How reads are retried (writes never are); DEFAULT_READ_RETRY where not given. */
  retry?: Partial<RetryPolicy>;
  /** Hears about each retried read, for the log. */
  onRetry?: (message: string) => void;
}

/** The API root from the environment the runner sets (GHES included), else github.com's. */
export function apiUrlFromEnv(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
}

/** The web root from the environment (GHES included), else github.com, for links in summaries. */
export function serverUrlFromEnv(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

type Octokit = ReturnType<typeof getOctokit>;

const THREADS_QUERY = `query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved resolvedBy { login } comments(first: 100) { nodes { databaseId } } }
      }
    }
  }
}`;

const RESOLVE_THREAD = `mutation($id: ID!) { resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } } }`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: {
          id: string;
          isResolved: boolean;
          resolvedBy: { login: string } | null;
          comments: { nodes: { databaseId: number | null }[] };
        }[];
      } | null;
    } | null;
  } | null;
}

/**
 * Pages read at most for one listing (100 items each): bounds the work on a runaway pull request.
 * A listing longer than that is not cut short silently: the read fails, naming the limit, and what
 * keybug posted before counts as unknown (nothing is posted, the run is incomplete).
 */
const MAX_PAGES = 1_000;

/** A short, one-line picture of an answer that was not what was asked for, for the message. */
function glimpse(value: unknown): string {
  if (value === undefined || value === null) return 'no data';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A REST list page: an array of objects with a numeric id. */
const isListPage = (value: { data: unknown }): boolean =>
  Array.isArray(value.data) && value.data.every((item) => isObject(item) && typeof item.id === 'number');

/** A review threads page as asked for: the pull request's threads, page info and nodes of the right shape. */
function isThreadsPage(value: unknown): value is ThreadsPage {
  if (!isObject(value) || !isObject(value.repository) || !isObject(value.repository.pullRequest)) return false;
  const threads = value.repository.pullRequest.reviewThreads;
  if (
    !isObject(threads) ||
    !isObject(threads.pageInfo) ||
    typeof threads.pageInfo.hasNextPage !== 'boolean' ||
    !Array.isArray(threads.nodes)
  )
    return false;
  return threads.nodes.every(
    (t) =>
      isObject(t) &&
      typeof t.id === 'string' &&
      typeof t.isResolved === 'boolean' &&
      (t.resolvedBy === null || t.resolvedBy === undefined || (isObject(t.resolvedBy) && typeof t.resolvedBy.login === 'string')) &&
      isObject(t.comments) &&
      Array.isArray(t.comments.nodes) &&
      t.comments.nodes.every((c) => isObject(c) && (c.databaseId === null || typeof c.databaseId === 'number')),
  );
}

/** One request's options: the signal that aborts it at the timeout. */
type Call<T> = (request: { signal: AbortSignal }) => Promise<T>;

export class GitHubApi {
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly onRetry: (message: string) => void;

  private constructor(
    private readonly ready: Promise<Octokit>,
    options: GitHubOptions,
  ) {
    ready.catch(() => undefined); // reported by the first call that needs the client, not as an unhandled rejection
    this.timeoutMs = options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS;
    this.retry = { ...DEFAULT_READ_RETRY, ...options.retry };
    this.onRetry = options.onRetry ?? (() => {});
  }

  static create(options: GitHubOptions): GitHubApi {
    if (options.token === '')
      throw new GitHubApiError('authenticate', 0, 'no token: set the github-token input (default: the workflow token) or GITHUB_TOKEN');
    return new GitHubApi(loadOctokit(options), options);
  }

  async getPull(ref: PullRef): Promise<PullRequestInfo> {
    const { data } = await this.read(
      `read pull request ${describePull(ref)}`,
      async (request) => (await this.ready).rest.pulls.get({ owner: ref.owner, repo: ref.repo, pull_number: ref.number, request }),
      (answer) =>
        isObject(answer.data) &&
        isObject(answer.data.base) &&
        isObject(answer.data.head) &&
        typeof answer.data.base.sha === 'string' &&
        typeof answer.data.head.sha === 'string',
      'a pull request',
    );
    return {
      number: data.number,
      baseSha: data.base.sha,
      headSha: data.head.sha,
      title: data.title,
      body: data.body ?? '',
      headRepository: data.head.repo?.full_name ?? null,
      state: data.state,
    };
  }

  async listReviews(ref: PullRef): Promise<ReviewInfo[]> {
    const reviews = await this.paginate(`list reviews of ${describePull(ref)}`, async (page, request) =>
      (await this.ready).rest.pulls.listReviews({
        owner: ref.owner,
        repo: ref.repo,
        pull_number: ref.number,
        per_page: 100,
        page,
        request,
      }),
    );
    return reviews.map((r) => ({
      id: r.id,
      user: r.user?.login ?? null,
      state: r.state,
      body: r.body ?? '',
      commitId: r.commit_id ?? null,
      htmlUrl: r.html_url,
    }));
  }

  async listReviewComments(ref: PullRef): Promise<ReviewCommentInfo[]> {
    const comments = await this.paginate(`list review comments of ${describePull(ref)}`, async (page, request) =>
      (await this.ready).rest.pulls.listReviewComments({
        owner: ref.owner,
        repo: ref.repo,
        pull_number: ref.number,
        per_page: 100,
        page,
        request,
      }),
    );
    return comments.map(reviewCommentInfo);
  }

  /** One review comment, by its id (a thread's first comment, say). */
  async getReviewComment(ref: RepoRef, id: number): Promise<ReviewCommentInfo> {
    const { data } = await this.read(
      `read review comment ${id} of ${ref.owner}/${ref.repo}`,
      async (request) => (await this.ready).rest.pulls.getReviewComment({ owner: ref.owner, repo: ref.repo, comment_id: id, request }),
      (answer) => isObject(answer.data) && typeof answer.data.id === 'number',
      'a review comment',
    );
    return reviewCommentInfo(data);
  }

  /** The comments of the pull request's conversation, oldest first. */
  async listIssueComments(ref: PullRef): Promise<IssueCommentInfo[]> {
    const comments = await this.paginate(`list comments of ${describePull(ref)}`, async (page, request) =>
      (await this.ready).rest.issues.listComments({
        owner: ref.owner,
        repo: ref.repo,
        issue_number: ref.number,
        per_page: 100,
        page,
        request,
      }),
    );
    return comments.map((c) => ({ id: c.id, user: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url }));
  }

  /**
   * Reacts to a comment: 'created' when the reaction is new, 'existed' when this login had already
   * given it (GitHub answers 200 instead of 201): keybug's 👀 marks a comment handled, so a
   * re-delivered event finds it there and does nothing twice. Never retried.
   */
  async addReaction(ref: RepoRef, comment: CommentRef, content: 'eyes' | '+1' | 'confused'): Promise<'created' | 'existed'> {
    const { status } = await this.once(`react to ${describeComment(comment)} on ${ref.owner}/${ref.repo}`, async (request) => {
      const octokit = await this.ready;
      const args = { owner: ref.owner, repo: ref.repo, comment_id: comment.id, content, request };
      return comment.kind === 'issue'
        ? octokit.rest.reactions.createForIssueComment(args)
        : octokit.rest.reactions.createForPullRequestReviewComment(args);
    });
    return status === 201 ? 'created' : 'existed';
  }

  /** Who gave a comment the reaction `content`, every page read. */
  async reactionLogins(ref: RepoRef, comment: CommentRef, content: '-1' | 'eyes'): Promise<string[]> {
    const reactions = await this.paginate(
      `list the ${content} reactions to ${describeComment(comment)} on ${ref.owner}/${ref.repo}`,
      async (page, request) => {
        const octokit = await this.ready;
        const args = { owner: ref.owner, repo: ref.repo, comment_id: comment.id, content, per_page: 100, page, request };
        return comment.kind === 'issue'
          ? octokit.rest.reactions.listForIssueComment(args)
          : octokit.rest.reactions.listForPullRequestReviewComment(args);
      },
    );
    return reactions.flatMap((r) => (r.user?.login ? [r.user.login] : []));
  }

  /** Posts a comment in the pull request's conversation: its body checked as a review's is (see createReview); never retried. */
  async createIssueComment(ref: PullRef, body: string, built: Built = { links: [] }): Promise<PostedComment> {
    const plainText: PlainTextBody[] = [];
    const text = checkedBody(body, 'the comment', built, plainText);
    const { data } = await this.once(`comment on ${describePull(ref)}`, async (request) =>
      (await this.ready).rest.issues.createComment({ owner: ref.owner, repo: ref.repo, issue_number: ref.number, body: text, request }),
    );
    return { id: data.id, htmlUrl: data.html_url, plainText };
  }

  /** Replies in the thread of review comment `commentId` (a thread's first comment): the body checked as a review's is; never retried. */
  async replyToReviewComment(ref: PullRef, commentId: number, body: string, built: Built = { links: [] }): Promise<PostedComment> {
    const plainText: PlainTextBody[] = [];
    const text = checkedBody(body, 'the reply', built, plainText);
    const { data } = await this.once(`reply to review comment ${commentId} on ${describePull(ref)}`, async (request) =>
      (await this.ready).rest.pulls.createReplyForReviewComment({
        owner: ref.owner,
        repo: ref.repo,
        pull_number: ref.number,
        comment_id: commentId,
        body: text,
        request,
      }),
    );
    return { id: data.id, htmlUrl: data.html_url, plainText };
  }

  /**
   * The login the token acts as. GraphQL's `viewer` answers for installation tokens (GITHUB_TOKEN, GitHub
   * Apps) as well as personal tokens; REST `GET /user` refuses installation tokens.
   */
  async viewerLogin(): Promise<string> {
    const data = await this.read(
      "read the token's login",
      async (request) => (await this.ready).graphql<{ viewer: { login: string } | null }>('query { viewer { login } }', { request }),
      (answer) => isObject(answer),
      'GraphQL data',
    );
    const login = data.viewer?.login ?? '';
    if (login === '') throw new GitHubApiError("read the token's login", 0, 'GitHub named no viewer');
    return login;
  }

  /**
   * The pull request's review threads (GraphQL, as the REST API does not tell which are resolved, or
   * by whom). Every page is read, and must be the data asked for.
   */
  async reviewThreads(ref: PullRef): Promise<ThreadInfo[]> {
    const found: ThreadInfo[] = [];
    let after: string | null = null;
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES)
        throw new GitHubApiError(
          `list review threads of ${describePull(ref)}`,
          0,
          `more than ${MAX_PAGES * 100} review threads: keybug reads at most ${MAX_PAGES} pages of 100`,
        );
      const data: ThreadsPage = await this.read(
        `list review threads of ${describePull(ref)}${page === 1 ? '' : ` (page ${page})`}`,
        async (request) =>
          (await this.ready).graphql<ThreadsPage>(THREADS_QUERY, { owner: ref.owner, name: ref.repo, number: ref.number, after, request }),
        isThreadsPage,
        "the pull request's review threads",
      );
      const threads = data.repository!.pullRequest!.reviewThreads!; // checked by isThreadsPage
      for (const thread of threads.nodes) {
        const commentIds = thread.comments.nodes.flatMap((c) => (c.databaseId === null ? [] : [c.databaseId]));
        found.push({
          id: thread.id,
          isResolved: thread.isResolved,
          resolvedBy: thread.isResolved ? (thread.resolvedBy?.login ?? null) : null,
          commentIds,
        });
      }
      if (!threads.pageInfo.hasNextPage) break;
      if (threads.pageInfo.endCursor === null)
        throw new GitHubApiError(
          `list review threads of ${describePull(ref)} (page ${page})`,
          200,
          'GitHub said more pages follow but named no cursor to them',
          true,
        );
      after = threads.pageInfo.endCursor;
    }
    return found;
  }

  /** The review comments whose thread is resolved, each with who resolved it (null when GitHub names nobody). */
  async resolvedThreads(ref: PullRef): Promise<Map<number, string | null>> {
    const resolved = new Map<number, string | null>();
    for (const thread of await this.reviewThreads(ref))
      if (thread.isResolved) for (const id of thread.commentIds) resolved.set(id, thread.resolvedBy);
    return resolved;
  }

  /** Resolves a review thread by its node id (GraphQL); never retried. */
  async resolveThread(ref: PullRef, threadId: string): Promise<void> {
    await this.once(`resolve review thread ${threadId} on ${describePull(ref)}`, async (request) =>
      (await this.ready).graphql(RESOLVE_THREAD, { id: threadId, request }),
    );
  }

  /**
   * Whether `login` may write to the repository (admin, maintain or write), from its permission on
   * the repository; a login that is no collaborator (404) may not.
   */
  async canWrite(ref: PullRef, login: string): Promise<boolean> {
    const operation = `read the permission of ${login} on ${ref.owner}/${ref.repo}`;
    try {
      const { data } = await this.read(
        operation,
        async (request) =>
          (await this.ready).rest.repos.getCollaboratorPermissionLevel({ owner: ref.owner, repo: ref.repo, username: login, request }),
        (answer) => isObject(answer.data) && typeof answer.data.permission === 'string',
        'a permission',
      );
      const role = (data as { role_name?: unknown }).role_name;
      return data.permission === 'admin' || data.permission === 'write' || role === 'maintain';
    } catch (error) {
      if (error instanceof GitHubApiError && error.status === 404) return false;
      throw error;
    }
  }

  /**
   * Posts a review: once, never retried (a retry after a timeout could post it twice). Its texts
   * pass the redaction point here, then the Markdown check (markdown-check.ts): a body holding
   * anything live that is not among what keybug `built` is posted as plain text, and named in
   * `plainText`. This is the last step before they leave.
   */
  async createReview(
    ref: PullRef,
    review: ReviewRequest,
    built: Built = { links: [] },
  ): Promise<{ id: number; htmlUrl: string; plainText: PlainTextBody[] }> {
    const plainText: PlainTextBody[] = [];
    const body = checkedBody(review.body, 'the review body', built, plainText);
    const comments = review.comments.map((c) => ({
      ...c,
      body: checkedBody(c.body, `the comment on ${c.path}:${c.line}`, built, plainText),
    }));
    const { data } = await this.once(`post the review on ${describePull(ref)}`, async (request) =>
      (await this.ready).rest.pulls.createReview({
        owner: ref.owner,
        repo: ref.repo,
        pull_number: ref.number,
        ...review,
        body,
        comments,
        request,
      }),
    );
    return { id: data.id, htmlUrl: data.html_url, plainText };
  }

  async deletePendingReview(ref: PullRef, reviewId: number): Promise<void> {
    await this.once(`delete pending review ${reviewId} on ${describePull(ref)}`, async (request) =>
      (await this.ready).rest.pulls.deletePendingReview({
        owner: ref.owner,
        repo: ref.repo,
        pull_number: ref.number,
        review_id: reviewId,
        request,
      }),
    );
  }

  /** The repository's default branch. */
  async defaultBranch(ref: RepoRef): Promise<string> {
    const { data } = await this.read(
      `read the repository ${ref.owner}/${ref.repo}`,
      async (request) => (await this.ready).rest.repos.get({ owner: ref.owner, repo: ref.repo, request }),
      (answer) => isObject(answer.data) && typeof answer.data.default_branch === 'string',
      'a repository',
    );
    return data.default_branch;
  }

  /** The commit a branch points at; null when there is no such branch. */
  async branchHead(ref: RepoRef, branch: string): Promise<string | null> {
    try {
      const { data } = await this.read(
        `read the branch ${branch} of ${ref.owner}/${ref.repo}`,
        async (request) => (await this.ready).rest.git.getRef({ owner: ref.owner, repo: ref.repo, ref: `heads/${branch}`, request }),
        (answer) => isObject(answer.data) && isObject(answer.data.object) && typeof answer.data.object.sha === 'string',
        'a git reference',
      );
      return data.object.sha;
    } catch (error) {
      if (error instanceof GitHubApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** Creates a branch at a commit; never retried. */
  async createBranch(ref: RepoRef, branch: string, sha: string): Promise<void> {
    await this.once(`create the branch ${branch} on ${ref.owner}/${ref.repo}`, async (request) =>
      (await this.ready).rest.git.createRef({ owner: ref.owner, repo: ref.repo, ref: `refs/heads/${branch}`, sha, request }),
    );
  }

  /** Moves a branch to a commit, fast-forward or not; never retried. */
  async moveBranch(ref: RepoRef, branch: string, sha: string): Promise<void> {
    await this.once(`move the branch ${branch} on ${ref.owner}/${ref.repo}`, async (request) =>
      (await this.ready).rest.git.updateRef({ owner: ref.owner, repo: ref.repo, ref: `heads/${branch}`, sha, force: true, request }),
    );
  }

  /** A file's text and blob SHA on a branch; null when the branch has no such file. */
  async readFile(ref: RepoRef, path: string, branch: string): Promise<{ text: string; sha: string } | null> {
    try {
      const { data } = await this.read(
        `read ${path} on ${branch} of ${ref.owner}/${ref.repo}`,
        async (request) => (await this.ready).rest.repos.getContent({ owner: ref.owner, repo: ref.repo, path, ref: branch, request }),
        (answer) =>
          isObject(answer.data) &&
          answer.data.type === 'file' &&
          typeof answer.data.sha === 'string' &&
          typeof answer.data.content === 'string',
        'a file',
      );
      const file = data as { content: string; sha: string };
      return { text: Buffer.from(file.content, 'base64').toString('utf8'), sha: file.sha };
    } catch (error) {
      if (error instanceof GitHubApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** Commits a file's new text to a branch (`sha`: the blob it replaces, null for a new file); its text passes the redaction point; never retried. */
  async writeFile(
    ref: RepoRef,
    change: { path: string; branch: string; message: string; text: string; sha: string | null },
  ): Promise<void> {
    await this.once(`commit ${change.path} to ${change.branch} of ${ref.owner}/${ref.repo}`, async (request) =>
      (await this.ready).rest.repos.createOrUpdateFileContents({
        owner: ref.owner,
        repo: ref.repo,
        path: change.path,
        branch: change.branch,
        message: redact(change.message),
        content: Buffer.from(redact(change.text), 'utf8').toString('base64'),
        ...(change.sha === null ? {} : { sha: change.sha }),
        request,
      }),
    );
  }

  /** The open pull request from `branch` of this repository, if there is one. */
  async openPullFrom(ref: RepoRef, branch: string): Promise<PullSummary | null> {
    const { data } = await this.read(
      `list the open pull requests from ${branch} on ${ref.owner}/${ref.repo}`,
      async (request) =>
        (await this.ready).rest.pulls.list({
          owner: ref.owner,
          repo: ref.repo,
          head: `${ref.owner}:${branch}`,
          state: 'open',
          per_page: 100,
          request,
        }),
      isListPage,
      'a JSON list',
    );
    const pull = data[0];
    return pull === undefined ? null : { number: pull.number, htmlUrl: pull.html_url };
  }

  /** Opens a pull request; its title and body checked as a review's are (a body refused as Markdown goes as plain text, named in `plainText`); never retried. */
  async createPull(
    ref: RepoRef,
    pull: { title: string; body: string; head: string; base: string },
    built: Built = { links: [] },
  ): Promise<PullSummary & { plainText: PlainTextBody[] }> {
    const plainText: PlainTextBody[] = [];
    const body = checkedBody(pull.body, 'the pull request description', built, plainText);
    const { data } = await this.once(`open a pull request from ${pull.head} on ${ref.owner}/${ref.repo}`, async (request) =>
      (await this.ready).rest.pulls.create({
        owner: ref.owner,
        repo: ref.repo,
        title: redact(pull.title),
        body,
        head: pull.head,
        base: pull.base,
        request,
      }),
    );
    return { number: data.number, htmlUrl: data.html_url, plainText };
  }

  /**
   * Pages through a list endpoint to its end (a short page); each page is one read and must be a
   * list. Past MAX_PAGES the read fails, naming the limit: nothing is cut short silently.
   */
  private async paginate<T>(
    operation: string,
    fetchPage: (page: number, request: { signal: AbortSignal }) => Promise<{ data: T[] }>,
  ): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES)
        throw new GitHubApiError(operation, 0, `more than ${MAX_PAGES * 100} items: keybug reads at most ${MAX_PAGES} pages of 100`);
      const { data } = await this.read(
        page === 1 ? operation : `${operation} (page ${page})`,
        (request) => fetchPage(page, request),
        isListPage,
        'a JSON list',
      );
      all.push(...data);
      if (data.length < 100) return all;
    }
  }

  /** One request, aborted at the timeout; every failure as a GitHubApiError. */
  private async once<T>(operation: string, call: Call<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      return await call({ signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new GitHubApiError(operation, 0, `no answer within ${this.timeoutMs / 1000} s`, true);
      throw toApiError(operation, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A read, retried on transient failures: at most `maxRetries` more attempts, waiting what GitHub
   * asks for (retry-after, a rate limit's reset) or backing off, and never more than
   * `maxTotalWaitMs` in all; a wait past that budget ends the retries at once. An answer that is not
   * what `expected` says (`<html>upstream error</html>` with HTTP 200, GraphQL data of another
   * shape) fails like a 5xx: it is retried, then named.
   */
  private async read<T>(operation: string, call: Call<T>, expected?: (value: T) => boolean, what = 'the expected JSON'): Promise<T> {
    const checked: Call<T> = async (request) => {
      const value = await call(request);
      if (expected !== undefined && !expected(value)) {
        const body = isObject(value) && 'data' in value && 'status' in value ? value.data : value;
        throw new GitHubApiError(operation, 200, `GitHub answered ${glimpse(body)}, not ${what}`, true);
      }
      return value;
    };
    const { value } = await withRetries(() => this.once(operation, checked), this.retry, {
      retryable: (error) => (error as GitHubApiError).transient,
      waitAskedFor: (error) => (error as GitHubApiError).retryAfterMs,
      giveUp: (error, retries, why) => {
        const apiError = error as GitHubApiError; // once() throws nothing else
        if (why.kind === 'retries-spent') return apiError.withNote(`gave up after ${retries + 1} attempts`);
        if (why.kind === 'over-budget')
          return apiError.withNote(
            `GitHub asked to wait ${Math.ceil(why.waitMs / 1000)} s, past the ${Math.round(this.retry.maxTotalWaitMs / 1000)} s retry budget`,
          );
        return apiError;
      },
      onWait: (wait, error) => this.onRetry(`keybug: ${(error as GitHubApiError).message}; trying again in ${Math.ceil(wait / 1000)} s.`),
    });
    return value;
  }
}

/** A body on its way out: the redaction point, then the Markdown check (a refused body becomes plain text, named in `plainText`). */
function checkedBody(text: string, what: string, built: Built, plainText: PlainTextBody[]): string {
  const verified = verifiedMarkdown(redact(text), built, GITHUB_BODY_LIMIT);
  if (verified.problems.length > 0) plainText.push({ what, problems: verified.problems });
  return verified.text;
}

const describeComment = (comment: CommentRef): string => `${comment.kind === 'issue' ? 'comment' : 'review comment'} ${comment.id}`;

/** A review comment as the REST API gives it, in keybug's terms. */
function reviewCommentInfo(c: {
  id: number;
  user?: { login: string } | null;
  pull_request_review_id?: number | null;
  body: string;
  path: string;
  line?: number | null;
  original_line?: number | null;
  in_reply_to_id?: number;
  html_url: string;
  reactions?: { '-1'?: number };
}): ReviewCommentInfo {
  return {
    id: c.id,
    user: c.user?.login ?? null,
    reviewId: c.pull_request_review_id ?? null,
    body: c.body,
    path: c.path,
    line: c.line ?? c.original_line ?? null,
    inReplyTo: c.in_reply_to_id ?? null,
    htmlUrl: c.html_url,
    thumbsDown: c.reactions?.['-1'] ?? 0,
  };
}

/**
 * The Octokit client, imported when first needed: @actions/github parses the file GITHUB_EVENT_PATH
 * names as soon as it is loaded, and a broken one must be a clear error of the step that needs
 * GitHub, not a crash of every command at start-up.
 */
async function loadOctokit(options: GitHubOptions): Promise<Octokit> {
  let load: typeof getOctokit;
  try {
    load = (await import('@actions/github')).getOctokit;
  } catch (error) {
    const path = process.env.GITHUB_EVENT_PATH ?? '';
    const detail =
      error instanceof SyntaxError
        ? `the event payload at GITHUB_EVENT_PATH (${path}) is not valid JSON (${error.message})`
        : error instanceof Error
          ? error.message
          : String(error);
    throw new GitHubApiError('set up the GitHub client', 0, detail);
  }
  return load(options.token, { baseUrl: options.apiUrl });
}

/** GraphQL error types that say "try again later". */
const TRANSIENT_GRAPHQL = new Set(['RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'INTERNAL', 'TIMEOUT']);

/** The wait a response asks for: retry-after (seconds or a date), or the reset of an exhausted rate limit. */
function waitAskedFor(headers: Record<string, unknown> | undefined): number | null {
  if (headers === undefined) return null;
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(String(retryAfter));
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset)) return Math.max(0, reset * 1000 - Date.now());
  return null;
}

/** Turns an Octokit error (REST or GraphQL) into a GitHubApiError with GitHub's explanation. */
export function toApiError(operation: string, error: unknown): GitHubApiError {
  if (error instanceof GitHubApiError) return error;
  const e = error as {
    name?: unknown;
    status?: unknown;
    message?: unknown;
    response?: { data?: unknown; headers?: Record<string, unknown> };
    headers?: Record<string, unknown>;
    errors?: unknown;
  };
  const graphql = e.name === 'GraphqlResponseError';
  const status = typeof e.status === 'number' ? e.status : 0;
  const data = e.response?.data as { message?: unknown; errors?: unknown } | undefined;
  const details: string[] = [];
  if (typeof data?.message === 'string') details.push(data.message);
  const errors = graphql ? e.errors : (data?.errors ?? e.errors);
  const types: string[] = [];
  if (Array.isArray(errors)) {
    for (const item of errors) {
      if (typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string')
        types.push((item as { type: string }).type);
      details.push(
        typeof item === 'string'
          ? item
          : typeof item === 'object' && item !== null && 'message' in item
            ? String((item as { message: unknown }).message)
            : JSON.stringify(item),
      );
    }
  }
  if (details.length === 0) details.push(error instanceof Error ? error.message : String(error));
  const detail = details.join('; ');
  const headers = e.response?.headers ?? e.headers;
  const asked = waitAskedFor(headers);
  const rateLimited = (status === 403 || status === 429) && (/rate limit/i.test(detail) || asked !== null);
  const transient = graphql
    ? types.some((t) => TRANSIENT_GRAPHQL.has(t)) || (types.length === 0 && /something went wrong|timed? ?out/i.test(detail))
    : status === 0 || status === 408 || status === 429 || status >= 500 || rateLimited;
  // A secondary rate limit that names no wait asks for at least a minute.
  const wait = asked ?? (rateLimited && /secondary rate limit/i.test(detail) ? SECONDARY_LIMIT_WAIT_MS : null);
  return new GitHubApiError(operation, status, detail, transient, wait);
}
