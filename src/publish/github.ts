import { getOctokit } from '@actions/github';

/**
 * The only code that talks to GitHub: a small typed surface over Octokit with the handful of calls
 * keybug makes. Every failure becomes a GitHubApiError naming the operation, the HTTP status and
 * GitHub's own explanation; tokens never appear in messages.
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
    /** HTTP status; 0 when no response arrived (network error). */
    readonly status: number,
    /** GitHub's message and error details, as one line. */
    readonly detail: string,
  ) {
    super(`GitHub API: ${operation} failed${status ? ` (HTTP ${status})` : ''}: ${detail}`);
    this.name = 'GitHubApiError';
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
}

export interface ReviewCommentRequest {
  path: string;
  body: string;
  line: number;
  side: 'RIGHT' | 'LEFT';
  start_line?: number;
  start_side?: 'RIGHT' | 'LEFT';
}

/** The body of `POST /repos/{owner}/{repo}/pulls/{n}/reviews` as keybug sends it. */
export interface ReviewRequest {
  commit_id: string;
  event: 'COMMENT' | 'REQUEST_CHANGES';
  body: string;
  comments: ReviewCommentRequest[];
}

export interface GitHubOptions {
  token: string;
  /** REST API root: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  apiUrl: string;
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
        nodes { isResolved comments(first: 100) { nodes { databaseId } } }
      }
    }
  }
}`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: { isResolved: boolean; comments: { nodes: { databaseId: number | null }[] } }[];
      } | null;
    } | null;
  } | null;
}

/** Pages fetched at most for one listing (100 items each): bounds the work on a runaway PR. */
const MAX_PAGES = 50;
/** Retries of a read on 5xx, 429 and network errors; writes are never retried (a retry could post twice). */
const READ_RETRIES = 2;

export class GitHubApi {
  private constructor(private readonly octokit: Octokit) {}

  static create(options: GitHubOptions): GitHubApi {
    if (options.token === '') throw new GitHubApiError('authenticate', 0, 'no token: set the github-token input (default: the workflow token) or GITHUB_TOKEN');
    return new GitHubApi(getOctokit(options.token, { baseUrl: options.apiUrl }));
  }

  async getPull(ref: PullRef): Promise<PullRequestInfo> {
    const { data } = await this.read(`read pull request ${describePull(ref)}`, () =>
      this.octokit.rest.pulls.get({ owner: ref.owner, repo: ref.repo, pull_number: ref.number }),
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
    const reviews = await this.read(`list reviews of ${describePull(ref)}`, () =>
      this.paginate((page) => this.octokit.rest.pulls.listReviews({ owner: ref.owner, repo: ref.repo, pull_number: ref.number, per_page: 100, page })),
    );
    return reviews.map((r) => ({ id: r.id, user: r.user?.login ?? null, state: r.state, body: r.body ?? '', commitId: r.commit_id ?? null, htmlUrl: r.html_url }));
  }

  async listReviewComments(ref: PullRef): Promise<ReviewCommentInfo[]> {
    const comments = await this.read(`list review comments of ${describePull(ref)}`, () =>
      this.paginate((page) => this.octokit.rest.pulls.listReviewComments({ owner: ref.owner, repo: ref.repo, pull_number: ref.number, per_page: 100, page })),
    );
    return comments.map((c) => ({ id: c.id, user: c.user?.login ?? null, reviewId: c.pull_request_review_id ?? null, body: c.body, path: c.path, line: c.line ?? c.original_line ?? null }));
  }

  /**
   * The login the token acts as. GraphQL's `viewer` answers for installation tokens (GITHUB_TOKEN, GitHub
   * Apps) as well as personal tokens; REST `GET /user` refuses installation tokens.
   */
  async viewerLogin(): Promise<string> {
    const data = await this.read('read the token\'s login', () => this.octokit.graphql<{ viewer: { login: string } | null }>('query { viewer { login } }'));
    const login = data.viewer?.login ?? '';
    if (login === '') throw new GitHubApiError('read the token\'s login', 0, 'GitHub named no viewer');
    return login;
  }

  /** Ids of review comments whose thread is resolved (GraphQL: the REST API does not tell). */
  async resolvedCommentIds(ref: PullRef): Promise<Set<number>> {
    const resolved = new Set<number>();
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const data: ThreadsPage = await this.read(`list review threads of ${describePull(ref)}`, () =>
        this.octokit.graphql<ThreadsPage>(THREADS_QUERY, { owner: ref.owner, name: ref.repo, number: ref.number, after }),
      );
      const threads = data.repository?.pullRequest?.reviewThreads;
      if (!threads) break;
      for (const thread of threads.nodes) {
        if (!thread.isResolved) continue;
        for (const c of thread.comments.nodes) if (c.databaseId !== null) resolved.add(c.databaseId);
      }
      if (!threads.pageInfo.hasNextPage || threads.pageInfo.endCursor === null) break;
      after = threads.pageInfo.endCursor;
    }
    return resolved;
  }

  async createReview(ref: PullRef, review: ReviewRequest): Promise<{ id: number; htmlUrl: string }> {
    try {
      const { data } = await this.octokit.rest.pulls.createReview({ owner: ref.owner, repo: ref.repo, pull_number: ref.number, ...review });
      return { id: data.id, htmlUrl: data.html_url };
    } catch (error) {
      throw toApiError(`post the review on ${describePull(ref)}`, error);
    }
  }

  async deletePendingReview(ref: PullRef, reviewId: number): Promise<void> {
    try {
      await this.octokit.rest.pulls.deletePendingReview({ owner: ref.owner, repo: ref.repo, pull_number: ref.number, review_id: reviewId });
    } catch (error) {
      throw toApiError(`delete pending review ${reviewId} on ${describePull(ref)}`, error);
    }
  }

  /** Pages through a list endpoint until a short page, at most MAX_PAGES pages. */
  private async paginate<T>(fetchPage: (page: number) => Promise<{ data: T[] }>): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { data } = await fetchPage(page);
      all.push(...data);
      if (data.length < 100) break;
    }
    return all;
  }

  /** Runs a read, retrying transient failures a bounded number of times. */
  private async read<T>(operation: string, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const apiError = toApiError(operation, error);
        const transient = apiError.status === 0 || apiError.status === 429 || apiError.status >= 500;
        if (!transient || attempt >= READ_RETRIES) throw apiError;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  }
}

/** Turns an Octokit error (REST or GraphQL) into a GitHubApiError with GitHub's explanation. */
export function toApiError(operation: string, error: unknown): GitHubApiError {
  if (error instanceof GitHubApiError) return error;
  const e = error as { status?: unknown; message?: unknown; response?: { data?: unknown }; errors?: unknown };
  const status = typeof e.status === 'number' ? e.status : 0;
  const data = e.response?.data as { message?: unknown; errors?: unknown } | undefined;
  const details: string[] = [];
  if (typeof data?.message === 'string') details.push(data.message);
  const errors = data?.errors ?? e.errors;
  if (Array.isArray(errors)) {
    for (const item of errors) details.push(typeof item === 'string' ? item : typeof item === 'object' && item !== null && 'message' in item ? String((item as { message: unknown }).message) : JSON.stringify(item));
  }
  if (details.length === 0) details.push(error instanceof Error ? error.message : String(error));
  return new GitHubApiError(operation, status, details.join('; '));
}
