/**
 * A real GitHub REST (and a sliver of GraphQL) server on 127.0.0.1 for tests, enforcing the rules
 * that bite in production:
 *   - 422 when a review comment's line is not in the PR diff (computed here, independently of
 *     keybug's diff code, with git from the fixture repository), or a range crosses hunks or sides;
 *   - 422 when commit_id is not the PR head SHA;
 *   - 422 when the same user already has a pending review; a review without `event` stays PENDING;
 *   - 403 "Resource not accessible by integration" for a read-only token;
 *   - every review and comment is authored by the login of the token that posted it, and GraphQL's
 *     `viewer` answers that login;
 *   - request bodies checked against GitHub's published OpenAPI description (@octokit/openapi).
 * Faults can be scripted per request (`state.faults`): an error status with headers (a secondary
 * rate limit with retry-after, a 502 from a proxy that echoes the Authorization header), a body
 * that is not JSON (HTML from a broken proxy, with HTTP 200), or no answer at all (a hanging read).
 * Review threads are served in pages of 100 with who resolved them; a collaborator's permission is
 * served from `state.permissions`. One handler per endpoint; every request is recorded.
 *
 * The conversation keybug holds on a pull request is served too, with GitHub's rules:
 *   - comments in the conversation (issue comments) and replies in review threads: a reply goes to
 *     a thread's first comment (replies to replies are refused), takes its path and line, and comes
 *     with a review of its own, as GitHub makes one; review comments carry `in_reply_to_id`, their
 *     author association and a reaction rollup;
 *   - reactions: 201 for a new one, 200 when that login already gave it (what keybug's 👀 claim on
 *     a comment rests on), listed per content;
 *   - review threads grouped by their first comment, with node ids; the `resolveReviewThread`
 *     mutation needs write access, and names the resolver as GitHub's User-typed `resolvedBy` can:
 *     a bot (`…[bot]`) is named by nobody;
 *   - the repository, its branches (git refs), file contents and pull requests opened from a
 *     branch: a file is committed for real into the fixture repository (git plumbing), the blob SHA
 *     of the file replaced must be given, protected branches (`state.protectedBranches`, `main` by
 *     default) refuse every write, a second open pull request from the same branch is refused, and
 *     a token whose `createPulls` is false gets GitHub's refusal for Actions tokens.
 * Request bodies of every write are checked against the OpenAPI description.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

export interface FakePull {
  number: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
  /** Head repository "owner/name" (a fork's differs from the base repository). */
  headRepo: string;
}

export interface FakeReview {
  id: number;
  pull: number;
  user: string;
  state: 'PENDING' | 'COMMENTED' | 'CHANGES_REQUESTED' | 'APPROVED';
  body: string;
  commit_id: string;
}

export interface FakeComment {
  id: number;
  reviewId: number;
  pull: number;
  /** Login of the token that posted it (its review's author). */
  user: string;
  path: string;
  line: number;
  side: 'RIGHT' | 'LEFT';
  start_line: number | null;
  body: string;
  /** The first comment of the thread it replies to; null or absent for a thread's first comment. */
  inReplyTo?: number | null;
}

/** A comment in a pull request's conversation. */
export interface FakeIssueComment {
  id: number;
  pull: number;
  user: string;
  body: string;
}

export interface FakeReaction {
  id: number;
  subject: 'issue' | 'review';
  commentId: number;
  user: string;
  content: string;
}

/** A pull request opened through the API (the learnings pull request). */
export interface FakeOpenedPull {
  number: number;
  head: string;
  base: string;
  title: string;
  body: string;
  state: 'open' | 'closed';
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The token the request carried (tests assert it never leaks elsewhere). */
  token: string | null;
  body: unknown;
  status: number;
}

export interface GitHubServerOptions {
  owner: string;
  repo: string;
  /** The fixture repository the PR diffs are computed from. */
  repoDir: string;
  pulls: FakePull[];
  /** token → login and permission; `read: false` is a token without `pull-requests: read` on a private repository. */
  tokens: Record<string, TokenGrant>;
  /** '' (github.com layout) or '/api/v3' (GitHub Enterprise Server layout: GraphQL at /api/graphql). */
  prefix?: '' | '/api/v3';
}

export interface TokenGrant {
  login: string;
  write: boolean;
  /** Default true. */
  read?: boolean;
  /** May open pull requests (the repository lets Actions tokens do so); default true. */
  createPulls?: boolean;
}

export interface GitHubServerState {
  pulls: Map<number, FakePull>;
  reviews: FakeReview[];
  comments: FakeComment[];
  /** Comment ids whose threads are resolved, and the login that resolved each ('' or absent: the comment's author; null: nobody named). */
  resolved: Set<number>;
  resolvedBy: Map<number, string | null>;
  issueComments: FakeIssueComment[];
  reactions: FakeReaction[];
  /** Each comment's author association as the payloads and the API give it (absent: OWNER for the repository's owner, else NONE). */
  associations: Map<string, string>;
  /** Branches of the repository and the commits they point at (`main` at the first pull request's base). */
  branches: Map<string, string>;
  /** Branches every write to is refused (a protected default branch). */
  protectedBranches: Set<string>;
  /** Pull requests opened through the API. */
  openedPulls: FakeOpenedPull[];
  /** Each login's permission on the repository (GET …/collaborators/{login}/permission); a login not here is no collaborator (404). Tokens' logins: write or read. */
  permissions: Map<string, 'admin' | 'write' | 'read' | 'none'>;
  /** When set, reviewThreads queries answer with this GraphQL error (as GitHub does when GraphQL is unavailable). */
  threadsError: string | null;
  /** When set, requests it matches ("DELETE /repos/…") answer 503, as during an outage. */
  outage: RegExp | null;
  /** Scripted faults, tried in order before routing; each answers the requests it matches `times` times. */
  faults: Fault[];
}

/**
 * A scripted fault for requests whose "METHOD /path" matches `match`: a reply (in whose body and
 * header values `{authorization}` stands for the request's Authorization header, as a proxy that
 * echoes it would answer), or 'hang' (no answer until the client gives up or the server closes).
 */
export interface Fault {
  match: RegExp;
  times: number;
  reply:
    | 'hang'
    | {
        status: number;
        body?: unknown;
        headers?: Record<string, string>;
        /** Sent as it is instead of the JSON body (a broken proxy's HTML). */ raw?: string;
      };
}

export interface GitHubServer {
  url: string;
  close(): Promise<void>;
  requests: RecordedRequest[];
  state: GitHubServerState;
}

const require = createRequire(import.meta.url);
let openApi: { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: object }> } }>> } | null = null;
const validators = new Map<string, ValidateFunction>();
// strict: false because OpenAPI adds keywords (example, description) JSON Schema validators do not know;
// GitHub's own string formats (repo.nwo: OWNER/NAME for a pull request's head_repo) are not checked.
const ajv = new Ajv({ strict: false, allErrors: true, formats: { 'repo.nwo': true } });

/** The request-body schema of an operation (`post /repos/{owner}/{repo}/pulls/{pull_number}/reviews`) from GitHub's OpenAPI description. */
function bodyValidator(method: string, specPath: string): ValidateFunction {
  const key = `${method} ${specPath}`;
  if (!validators.has(key)) {
    // Looked up from the working folder too: a benchmark bundled into a temporary folder (bench:memory's action) runs from the checkout.
    const file = require.resolve('@octokit/openapi/generated/api.github.com.json', { paths: [import.meta.dirname, process.cwd()] });
    openApi ??= JSON.parse(readFileSync(file, 'utf8')) as NonNullable<typeof openApi>;
    const schema = openApi.paths[specPath]![method]!.requestBody.content['application/json']!.schema;
    validators.set(key, ajv.compile(schema));
  }
  return validators.get(key)!;
}

const reviewBodyValidator = (): ValidateFunction => bodyValidator('post', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews');

/** Commentable (side, line) → hunk index per path, as GitHub computes it from the three-dot diff. */
type DiffLines = Map<string, Map<string, number>>;

function computeDiff(repoDir: string, base: string, head: string): DiffLines {
  const text = execFileSync('git', ['-c', 'core.quotePath=false', 'diff', '--no-color', '--find-renames', `${base}...${head}`], {
    cwd: repoDir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const files: DiffLines = new Map();
  let current: Map<string, number> | null = null;
  let oldPath = '';
  let hunk = -1;
  let oldLine = 0;
  let newLine = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = null;
      continue;
    }
    if (line.startsWith('--- ')) {
      oldPath = line.slice(4).replace(/^a\//, '');
      continue;
    }
    if (line.startsWith('+++ ')) {
      const path = line.slice(4) === '/dev/null' ? oldPath : line.slice(4).replace(/^b\//, '');
      current = new Map();
      files.set(path, current);
      hunk = -1;
      continue;
    }
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (header && current) {
      hunk++;
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      continue;
    }
    if (!current || hunk < 0) continue;
    if (line.startsWith('+')) current.set(`RIGHT:${newLine++}`, hunk);
    else if (line.startsWith('-')) current.set(`LEFT:${oldLine++}`, hunk);
    else if (line.startsWith(' ')) {
      current.set(`RIGHT:${newLine++}`, hunk);
      current.set(`LEFT:${oldLine++}`, hunk);
    }
  }
  return files;
}

export async function startGitHubServer(options: GitHubServerOptions): Promise<GitHubServer> {
  const prefix = options.prefix ?? '';
  const state: GitHubServerState = {
    pulls: new Map(options.pulls.map((p) => [p.number, { ...p }])),
    reviews: [],
    comments: [],
    resolved: new Set(),
    resolvedBy: new Map(),
    threadsError: null,
    outage: null,
    faults: [],
    issueComments: [],
    reactions: [],
    associations: new Map([[options.owner, 'OWNER']]),
    branches: new Map(options.pulls[0] ? [['main', options.pulls[0].baseSha]] : []),
    protectedBranches: new Set(['main']),
    openedPulls: [],
    // A login with several tokens has the best of their permissions.
    permissions: new Map(
      Object.values(options.tokens)
        .sort((a, b) => Number(a.write) - Number(b.write))
        .map((t) => [t.login, t.write ? 'write' : 'read'] as const),
    ),
  };
  const requests: RecordedRequest[] = [];
  const diffCache = new Map<string, DiffLines>();
  let nextId = 1000;
  const repoPath = `${prefix}/repos/${options.owner}/${options.repo}`;
  const graphqlPath = prefix === '/api/v3' ? '/api/graphql' : '/graphql';
  const webUrl = 'https://github.example';

  const diffOf = (pull: FakePull): DiffLines => {
    const key = `${pull.baseSha}...${pull.headSha}`;
    if (!diffCache.has(key)) diffCache.set(key, computeDiff(options.repoDir, pull.baseSha, pull.headSha));
    return diffCache.get(key)!;
  };
  const reviewJson = (r: FakeReview) => ({
    id: r.id,
    node_id: `R_${r.id}`,
    user: { login: r.user, id: 1, type: 'Bot' },
    body: r.body,
    state: r.state,
    commit_id: r.commit_id,
    html_url: `${webUrl}/${options.owner}/${options.repo}/pull/${r.pull}#pullrequestreview-${r.id}`,
    pull_request_url: `${webUrl}/${options.owner}/${options.repo}/pull/${r.pull}`,
    submitted_at: '2026-01-01T00:00:00Z',
    author_association: 'NONE',
    _links: {},
  });
  const rollup = (subject: FakeReaction['subject'], id: number) => {
    const of = state.reactions.filter((r) => r.subject === subject && r.commentId === id);
    const count = (content: string): number => of.filter((r) => r.content === content).length;
    return {
      url: `${webUrl}/reactions`,
      total_count: of.length,
      '+1': count('+1'),
      '-1': count('-1'),
      laugh: count('laugh'),
      hooray: count('hooray'),
      confused: count('confused'),
      heart: count('heart'),
      rocket: count('rocket'),
      eyes: count('eyes'),
    };
  };
  const userJson = (login: string) => ({ login, id: 1, type: login.endsWith('[bot]') ? 'Bot' : 'User' });
  const association = (login: string): string => state.associations.get(login) ?? 'NONE';
  const commentJson = (c: FakeComment) => ({
    id: c.id,
    user: userJson(c.user),
    pull_request_review_id: c.reviewId,
    body: c.body,
    path: c.path,
    line: c.line,
    original_line: c.line,
    side: c.side,
    start_line: c.start_line,
    ...(c.inReplyTo != null ? { in_reply_to_id: c.inReplyTo } : {}),
    author_association: association(c.user),
    reactions: rollup('review', c.id),
    html_url: `${webUrl}/${options.owner}/${options.repo}/pull/${c.pull}#discussion_r${c.id}`,
  });
  const issueCommentJson = (c: FakeIssueComment) => ({
    id: c.id,
    user: userJson(c.user),
    body: c.body,
    author_association: association(c.user),
    reactions: rollup('issue', c.id),
    html_url: `${webUrl}/${options.owner}/${options.repo}/pull/${c.pull}#issuecomment-${c.id}`,
  });

  type Reply = { status: number; body: unknown };
  const unprocessable = (...errors: string[]): Reply => ({
    status: 422,
    body: {
      message: 'Unprocessable Entity',
      errors,
      documentation_url: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
      status: '422',
    },
  });
  const forbidden: Reply = {
    status: 403,
    body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' },
  };

  function createReview(pull: FakePull, user: string, body: Record<string, unknown>): Reply {
    const validate = reviewBodyValidator();
    if (!validate(body)) return unprocessable(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
    if (body.commit_id !== undefined && body.commit_id !== pull.headSha) return unprocessable('commit_id is not part of the pull request');
    if (state.reviews.some((r) => r.pull === pull.number && r.user === user && r.state === 'PENDING'))
      return unprocessable('User can only have one pending review per pull request');
    const text = typeof body.body === 'string' ? body.body : '';
    if (text.length > 65_536) return unprocessable('Body is too long (maximum is 65536 characters)');
    const event = body.event as string | undefined;
    if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && text === '' && !Array.isArray(body.comments))
      return unprocessable('Body is required for COMMENT and REQUEST_CHANGES');
    const diff = diffOf(pull);
    const comments = (Array.isArray(body.comments) ? body.comments : []) as Record<string, unknown>[];
    for (const c of comments) {
      const path = String(c.path);
      const side = (c.side ?? 'RIGHT') as string;
      const lines = diff.get(path);
      if (lines === undefined) return unprocessable('Path could not be resolved');
      if (typeof c.line !== 'number') return unprocessable('line is required (keybug never uses position)');
      const hunk = lines.get(`${side}:${c.line}`);
      if (hunk === undefined) return unprocessable('Line could not be resolved');
      if (typeof String(c.body) === 'string' && String(c.body).length > 65_536)
        return unprocessable('Body is too long (maximum is 65536 characters)');
      if (c.start_line !== undefined) {
        const startSide = (c.start_side ?? side) as string;
        if (typeof c.start_line !== 'number' || c.start_line >= c.line) return unprocessable('start_line must precede line');
        if (startSide !== side || lines.get(`${startSide}:${c.start_line}`) !== hunk)
          return unprocessable('Start line must be part of the same hunk as the line.');
      }
    }
    const review: FakeReview = {
      id: nextId++,
      pull: pull.number,
      user,
      state:
        event === 'COMMENT'
          ? 'COMMENTED'
          : event === 'REQUEST_CHANGES'
            ? 'CHANGES_REQUESTED'
            : event === 'APPROVE'
              ? 'APPROVED'
              : 'PENDING',
      body: text,
      commit_id: pull.headSha,
    };
    state.reviews.push(review);
    for (const c of comments) {
      state.comments.push({
        id: nextId++,
        reviewId: review.id,
        pull: pull.number,
        user,
        path: String(c.path),
        line: c.line as number,
        side: (c.side ?? 'RIGHT') as 'RIGHT' | 'LEFT',
        start_line: typeof c.start_line === 'number' ? c.start_line : null,
        body: String(c.body),
        inReplyTo: null,
      });
    }
    return { status: 200, body: reviewJson(review) };
  }

  /** Checks a write's body against the OpenAPI description: null when it is valid, else GitHub's 422. */
  function invalidBody(method: string, specPath: string, body: unknown): Reply | null {
    const validate = bodyValidator(method, specPath);
    return validate(body ?? {}) ? null : unprocessable(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
  }

  /** A reply in a review thread: to its first comment, with a review of its own (GitHub makes one per reply). */
  function reply(pull: FakePull, user: string, commentId: number, body: Record<string, unknown>): Reply {
    const invalid = invalidBody('post', '/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies', body);
    if (invalid) return invalid;
    const root = state.comments.find((c) => c.id === commentId && c.pull === pull.number);
    if (root === undefined) return { status: 404, body: { message: 'Not Found' } };
    if (root.inReplyTo != null) return unprocessable('Replies to replies are not supported: reply to the first comment of the thread');
    const text = String(body.body);
    if (text.trim() === '') return unprocessable('Body cannot be blank');
    if (text.length > 65_536) return unprocessable('Body is too long (maximum is 65536 characters)');
    const review: FakeReview = { id: nextId++, pull: pull.number, user, state: 'COMMENTED', body: '', commit_id: pull.headSha };
    state.reviews.push(review);
    const comment: FakeComment = {
      id: nextId++,
      reviewId: review.id,
      pull: pull.number,
      user,
      path: root.path,
      line: root.line,
      side: root.side,
      start_line: root.start_line,
      body: text,
      inReplyTo: root.id,
    };
    state.comments.push(comment);
    return { status: 201, body: commentJson(comment) };
  }

  /** A reaction to a comment: 201 when new, 200 when this login already gave it. */
  function react(subject: FakeReaction['subject'], commentId: number, user: string, body: Record<string, unknown>): Reply {
    const specPath =
      subject === 'issue'
        ? '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions'
        : '/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions';
    const invalid = invalidBody('post', specPath, body);
    if (invalid) return invalid;
    const exists =
      subject === 'issue' ? state.issueComments.some((c) => c.id === commentId) : state.comments.some((c) => c.id === commentId);
    if (!exists) return { status: 404, body: { message: 'Not Found' } };
    const content = String(body.content);
    const json = (r: FakeReaction) => ({
      id: r.id,
      node_id: `REA_${r.id}`,
      user: userJson(r.user),
      content: r.content,
      created_at: '2026-01-01T00:00:00Z',
    });
    const earlier = state.reactions.find(
      (r) => r.subject === subject && r.commentId === commentId && r.user === user && r.content === content,
    );
    if (earlier !== undefined) return { status: 200, body: json(earlier) };
    const reaction: FakeReaction = { id: nextId++, subject, commentId, user, content };
    state.reactions.push(reaction);
    return { status: 201, body: json(reaction) };
  }

  function reactions(subject: FakeReaction['subject'], commentId: number, url: URL): Reply {
    const content = url.searchParams.get('content');
    const of = state.reactions.filter(
      (r) => r.subject === subject && r.commentId === commentId && (content === null || r.content === content),
    );
    return {
      status: 200,
      body: page(
        of.map((r) => ({ id: r.id, user: userJson(r.user), content: r.content })),
        url,
      ),
    };
  }

  const git = (args: string[], input?: string, env: Record<string, string> = {}): string =>
    execFileSync('git', args, {
      cwd: options.repoDir,
      encoding: 'utf8',
      input,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'github',
        GIT_AUTHOR_EMAIL: 'noreply@github.example',
        GIT_COMMITTER_NAME: 'github',
        GIT_COMMITTER_EMAIL: 'noreply@github.example',
        ...env,
      },
    }).trim();
  const blobAt = (commit: string, path: string): string | null => {
    try {
      return git(['rev-parse', '--verify', '--quiet', `${commit}:${path}`]);
    } catch {
      return null;
    }
  };
  const isCommit = (sha: string): boolean => {
    try {
      return git(['cat-file', '-t', sha]) === 'commit';
    } catch {
      return false;
    }
  };

  /** The repository's refs, contents and pull requests (what the learnings pull request is made with). */
  function repository(method: string, url: URL, user: TokenGrant, body: unknown): Reply | null {
    // Octokit encodes the slashes of a ref (`heads%2Fmain`); GitHub reads them as slashes.
    const rest = decodeURIComponent(url.pathname.slice(repoPath.length));
    const refused = (branch: string): Reply | null =>
      state.protectedBranches.has(branch) ? unprocessable(`Protected branch update failed for refs/heads/${branch}.`) : null;
    if (method === 'GET' && rest === '')
      return {
        status: 200,
        body: {
          id: 1,
          name: options.repo,
          full_name: `${options.owner}/${options.repo}`,
          default_branch: 'main',
          private: false,
          html_url: `${webUrl}/${options.owner}/${options.repo}`,
        },
      };
    const ref = /^\/git\/ref\/heads\/(.+)$/.exec(rest);
    if (method === 'GET' && ref) {
      const branch = ref[1]!;
      const sha = state.branches.get(branch);
      return sha === undefined
        ? { status: 404, body: { message: 'Not Found' } }
        : { status: 200, body: { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } } };
    }
    if (method === 'POST' && rest === '/git/refs') {
      if (!user.write) return forbidden;
      const invalid = invalidBody('post', '/repos/{owner}/{repo}/git/refs', body);
      if (invalid) return invalid;
      const { ref: name, sha } = body as { ref: string; sha: string };
      if (!/^refs\/heads\/.+/.test(name)) return unprocessable('Reference name is not valid');
      const branch = name.slice('refs/heads/'.length);
      if (state.branches.has(branch)) return unprocessable('Reference already exists');
      if (!isCommit(sha)) return unprocessable('Object does not exist');
      state.branches.set(branch, sha);
      return { status: 201, body: { ref: name, object: { sha, type: 'commit' } } };
    }
    const update = /^\/git\/refs\/heads\/(.+)$/.exec(rest);
    if (method === 'PATCH' && update) {
      if (!user.write) return forbidden;
      const invalid = invalidBody('patch', '/repos/{owner}/{repo}/git/refs/{ref}', body);
      if (invalid) return invalid;
      const branch = update[1]!;
      const { sha, force } = body as { sha: string; force?: boolean };
      const current = state.branches.get(branch);
      if (current === undefined) return unprocessable('Reference does not exist');
      const protection = refused(branch);
      if (protection) return protection;
      if (!isCommit(sha)) return unprocessable('Object does not exist');
      if (force !== true) {
        try {
          git(['merge-base', '--is-ancestor', current, sha]);
        } catch {
          return unprocessable('Update is not a fast forward');
        }
      }
      state.branches.set(branch, sha);
      return { status: 200, body: { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } } };
    }
    const contents = /^\/contents\/(.+)$/.exec(rest);
    if (contents && method === 'GET') {
      const path = contents[1]!;
      const at = url.searchParams.get('ref') ?? 'main';
      const commit = state.branches.get(at) ?? (isCommit(at) ? at : undefined);
      if (commit === undefined) return { status: 404, body: { message: `No commit found for the ref ${at}` } };
      const blob = blobAt(commit, path);
      if (blob === null) return { status: 404, body: { message: 'Not Found' } };
      const content = execFileSync('git', ['cat-file', 'blob', blob], { cwd: options.repoDir }).toString('base64');
      return {
        status: 200,
        body: { type: 'file', encoding: 'base64', name: path.split('/').pop(), path, sha: blob, size: content.length, content },
      };
    }
    if (contents && method === 'PUT') {
      if (!user.write) return forbidden;
      const invalid = invalidBody('put', '/repos/{owner}/{repo}/contents/{path}', body);
      if (invalid) return invalid;
      const path = contents[1]!;
      const change = body as { message: string; content: string; sha?: string; branch?: string };
      const branch = change.branch ?? 'main';
      const parent = state.branches.get(branch);
      if (parent === undefined) return { status: 404, body: { message: `Branch ${branch} not found` } };
      const protection = refused(branch);
      if (protection) return protection;
      const existing = blobAt(parent, path);
      if (existing !== null && change.sha === undefined) return unprocessable('Invalid request.\n\n"sha" wasn\'t supplied.');
      if (existing !== null && change.sha !== existing) return { status: 409, body: { message: `${path} does not match ${change.sha}` } };
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(change.content.replace(/\n/g, ''))) return unprocessable('content is not valid Base64');
      const index = join(tmpdir(), `keybug-test-index-${process.pid}-${nextId++}`);
      const env = { GIT_INDEX_FILE: index };
      git(['read-tree', parent], undefined, env);
      const blob = git(['hash-object', '-w', '--stdin'], Buffer.from(change.content, 'base64').toString('utf8'));
      git(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], undefined, env);
      const tree = git(['write-tree'], undefined, env);
      const commit = git(['commit-tree', tree, '-p', parent, '-m', change.message]);
      rmSync(index, { force: true });
      state.branches.set(branch, commit);
      return {
        status: existing === null ? 201 : 200,
        body: { content: { name: path.split('/').pop(), path, sha: blob }, commit: { sha: commit, message: change.message } },
      };
    }
    if (method === 'GET' && rest === '/pulls') {
      const head = url.searchParams.get('head');
      const wanted = url.searchParams.get('state') ?? 'open';
      const found = state.openedPulls.filter(
        (p) => (head === null || `${options.owner}:${p.head}` === head) && (wanted === 'all' || p.state === wanted),
      );
      return {
        status: 200,
        body: page(
          found.map((p) => openedPullJson(p)),
          url,
        ),
      };
    }
    if (method === 'POST' && rest === '/pulls') {
      if (!user.write) return forbidden;
      if (user.createPulls === false)
        return {
          status: 403,
          body: {
            message: 'GitHub Actions is not permitted to create or approve pull requests.',
            documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
            status: '403',
          },
        };
      const invalid = invalidBody('post', '/repos/{owner}/{repo}/pulls', body);
      if (invalid) return invalid;
      const pull = body as { title?: string; head: string; base: string; body?: string };
      const head = pull.head.replace(new RegExp(`^${options.owner}:`), '');
      const headSha = state.branches.get(head);
      const baseSha = state.branches.get(pull.base);
      if (headSha === undefined || baseSha === undefined) return unprocessable(`head or base branch does not exist`);
      if (state.openedPulls.some((p) => p.head === head && p.base === pull.base && p.state === 'open'))
        return unprocessable(`A pull request already exists for ${options.owner}:${head}.`);
      if (headSha === baseSha) return unprocessable(`No commits between ${pull.base} and ${head}`);
      const opened: FakeOpenedPull = {
        number: 100 + state.openedPulls.length,
        head,
        base: pull.base,
        title: pull.title ?? '',
        body: pull.body ?? '',
        state: 'open',
      };
      state.openedPulls.push(opened);
      return { status: 201, body: openedPullJson(opened) };
    }
    return null;
  }

  const openedPullJson = (p: FakeOpenedPull) => ({
    id: 90_000 + p.number,
    number: p.number,
    state: p.state,
    title: p.title,
    body: p.body,
    html_url: `${webUrl}/${options.owner}/${options.repo}/pull/${p.number}`,
    head: { ref: p.head, sha: state.branches.get(p.head) ?? '' },
    base: { ref: p.base, sha: state.branches.get(p.base) ?? '' },
  });

  function visibleComments(pull: number): FakeComment[] {
    const submitted = new Set(state.reviews.filter((r) => r.state !== 'PENDING').map((r) => r.id));
    return state.comments.filter((c) => c.pull === pull && submitted.has(c.reviewId));
  }

  function page<T>(items: T[], url: URL): T[] {
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const n = Number(url.searchParams.get('page') ?? 1);
    return items.slice((n - 1) * perPage, n * perPage);
  }

  function graphql(body: { query?: string; variables?: Record<string, unknown> }, user: TokenGrant): Reply {
    const login = user.login;
    if (body.query?.includes('viewer')) return { status: 200, body: { data: { viewer: { login } } } };
    if (body.query?.includes('resolveReviewThread')) {
      if (!user.write)
        return {
          status: 200,
          body: { data: { resolveReviewThread: null }, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] },
        };
      const root = /^PRRT_(\d+)$/.exec(String(body.variables?.id ?? ''));
      const first = root ? state.comments.find((c) => c.id === Number(root[1]) && c.inReplyTo == null) : undefined;
      if (first === undefined)
        return {
          status: 200,
          body: {
            data: { resolveReviewThread: null },
            errors: [{ type: 'NOT_FOUND', message: `Could not resolve to a node with the global id of '${String(body.variables?.id)}'` }],
          },
        };
      state.resolved.add(first.id);
      // resolvedBy is a User: an app's bot is named by nobody.
      state.resolvedBy.set(first.id, login.endsWith('[bot]') ? null : login);
      return { status: 200, body: { data: { resolveReviewThread: { thread: { id: `PRRT_${first.id}`, isResolved: true } } } } };
    }
    if (!body.query?.includes('reviewThreads'))
      return {
        status: 200,
        body: { errors: [{ message: 'keybug test server: only reviewThreads, resolveReviewThread and viewer are served' }] },
      };
    if (state.threadsError !== null)
      return { status: 200, body: { data: null, errors: [{ type: 'SERVICE_UNAVAILABLE', message: state.threadsError }] } };
    const number = Number(body.variables?.number);
    if (!state.pulls.has(number))
      return {
        status: 200,
        body: {
          data: { repository: { pullRequest: null } },
          errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a PullRequest' }],
        },
      };
    // Pages of 100 threads, as GitHub serves them; the cursor is the index of the next thread. A
    // thread is its first comment and the replies to it.
    const visible = visibleComments(number);
    const resolver = (c: FakeComment): { login: string } | null => {
      const by = state.resolvedBy.get(c.id);
      return by === null ? null : { login: by || c.user };
    };
    const all = visible
      .filter((c) => c.inReplyTo == null)
      .map((c) => ({
        id: `PRRT_${c.id}`,
        isResolved: state.resolved.has(c.id),
        resolvedBy: state.resolved.has(c.id) ? resolver(c) : null,
        comments: { nodes: [c, ...visible.filter((r) => r.inReplyTo === c.id)].map((r) => ({ databaseId: r.id })) },
      }));
    const from = Number(body.variables?.after ?? 0) || 0;
    const nodes = all.slice(from, from + 100);
    const next = from + 100 < all.length;
    return {
      status: 200,
      body: {
        data: {
          repository: {
            pullRequest: { reviewThreads: { pageInfo: { hasNextPage: next, endCursor: next ? String(from + 100) : null }, nodes } },
          },
        },
      },
    };
  }

  function route(method: string, url: URL, user: TokenGrant, body: unknown): Reply {
    const query = body as { query?: string; variables?: Record<string, unknown> };
    if (method === 'POST' && url.pathname === graphqlPath) {
      if (user.read === false && !query.query?.includes('viewer'))
        return { status: 200, body: { data: null, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] } };
      return graphql(query, user);
    }
    const permission = new RegExp(`^${repoPath}/collaborators/([^/]+)/permission$`).exec(url.pathname);
    if (method === 'GET' && permission) {
      const login = decodeURIComponent(permission[1]!);
      const level = state.permissions.get(login);
      if (level === undefined) return { status: 404, body: { message: `${login} is not a user` } };
      return { status: 200, body: { permission: level, role_name: level === 'admin' ? 'admin' : level, user: { login } } };
    }
    if (user.read === false && url.pathname.startsWith(repoPath)) return forbidden;
    const issueComments = new RegExp(`^${repoPath}/issues/(\\d+)/comments$`).exec(url.pathname);
    if (issueComments) {
      const pull = state.pulls.get(Number(issueComments[1]));
      if (pull === undefined) return { status: 404, body: { message: 'Not Found' } };
      if (method === 'GET')
        return { status: 200, body: page(state.issueComments.filter((c) => c.pull === pull.number).map(issueCommentJson), url) };
      if (method !== 'POST') return { status: 404, body: { message: 'Not Found' } };
      if (!user.write) return forbidden;
      const invalid = invalidBody('post', '/repos/{owner}/{repo}/issues/{issue_number}/comments', body);
      if (invalid) return invalid;
      const text = String((body as { body: string }).body);
      if (text.trim() === '') return unprocessable('Body cannot be blank');
      if (text.length > 65_536) return unprocessable('Body is too long (maximum is 65536 characters)');
      const comment: FakeIssueComment = { id: nextId++, pull: pull.number, user: user.login, body: text };
      state.issueComments.push(comment);
      return { status: 201, body: issueCommentJson(comment) };
    }
    const reactionPath = new RegExp(`^${repoPath}/(issues|pulls)/comments/(\\d+)/reactions$`).exec(url.pathname);
    if (reactionPath) {
      const subject = reactionPath[1] === 'issues' ? 'issue' : 'review';
      if (method === 'GET') return reactions(subject, Number(reactionPath[2]), url);
      if (method !== 'POST') return { status: 404, body: { message: 'Not Found' } };
      // Anyone who can read may react; an app's token needs write access to the pull request.
      if (!user.write && user.login.endsWith('[bot]')) return forbidden;
      return react(subject, Number(reactionPath[2]), user.login, (body ?? {}) as Record<string, unknown>);
    }
    const reviewComment = new RegExp(`^${repoPath}/pulls/comments/(\\d+)$`).exec(url.pathname);
    if (reviewComment && method === 'GET') {
      const comment = state.comments.find((c) => c.id === Number(reviewComment[1]));
      return comment === undefined ? { status: 404, body: { message: 'Not Found' } } : { status: 200, body: commentJson(comment) };
    }
    if (
      url.pathname === repoPath ||
      url.pathname.startsWith(`${repoPath}/git/`) ||
      url.pathname.startsWith(`${repoPath}/contents/`) ||
      url.pathname === `${repoPath}/pulls`
    ) {
      return repository(method, url, user, body) ?? { status: 404, body: { message: 'Not Found' } };
    }
    if (!url.pathname.startsWith(`${repoPath}/pulls/`)) return { status: 404, body: { message: 'Not Found' } };
    const parts = url.pathname.slice(`${repoPath}/pulls/`.length).split('/');
    const pull = state.pulls.get(Number(parts[0]));
    if (pull === undefined) return { status: 404, body: { message: 'Not Found' } };
    const [, collection, id] = parts;
    if (method === 'GET' && collection === undefined) {
      return {
        status: 200,
        body: {
          number: pull.number,
          state: 'open',
          title: pull.title,
          body: pull.body,
          html_url: `${webUrl}/${options.owner}/${options.repo}/pull/${pull.number}`,
          base: { sha: pull.baseSha, ref: 'main', repo: { full_name: `${options.owner}/${options.repo}` } },
          head: { sha: pull.headSha, ref: 'feature', repo: { full_name: pull.headRepo } },
        },
      };
    }
    if (collection === 'reviews' && id === undefined && method === 'GET') {
      // GitHub shows a pending review only to its author.
      const reviews = state.reviews.filter((r) => r.pull === pull.number && (r.state !== 'PENDING' || r.user === user.login));
      return { status: 200, body: page(reviews.map(reviewJson), url) };
    }
    if (collection === 'reviews' && id === undefined && method === 'POST') {
      if (!user.write) return forbidden;
      return createReview(pull, user.login, (body ?? {}) as Record<string, unknown>);
    }
    if (collection === 'reviews' && id !== undefined && method === 'DELETE') {
      if (!user.write) return forbidden;
      const review = state.reviews.find((r) => r.id === Number(id) && r.pull === pull.number);
      if (review === undefined) return { status: 404, body: { message: 'Not Found' } };
      if (review.state !== 'PENDING' || review.user !== user.login) return unprocessable('Can not delete a non-pending review');
      state.reviews.splice(state.reviews.indexOf(review), 1);
      state.comments = state.comments.filter((c) => c.reviewId !== review.id);
      return { status: 200, body: reviewJson(review) };
    }
    if (collection === 'comments' && id === undefined && method === 'GET')
      return { status: 200, body: page(visibleComments(pull.number).map(commentJson), url) };
    if (collection === 'comments' && id !== undefined && parts[3] === 'replies' && method === 'POST') {
      if (!user.write) return forbidden;
      return reply(pull, user.login, Number(id), (body ?? {}) as Record<string, unknown>);
    }
    return { status: 404, body: { message: 'Not Found' } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const token = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const fault = state.faults.find((f) => f.times > 0 && f.match.test(`${req.method ?? 'GET'} ${url.pathname}`));
    if (fault !== undefined) {
      fault.times--;
      const parsed = raw === '' ? null : (JSON.parse(raw) as unknown);
      if (fault.reply === 'hang') {
        requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, token, body: parsed, status: 0 });
        return; // closeAllConnections() on close() ends it
      }
      const echo = (text: string): string => text.split('{authorization}').join(req.headers.authorization ?? '');
      const headers = Object.fromEntries(Object.entries(fault.reply.headers ?? {}).map(([k, v]) => [k, echo(v)]));
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, token, body: parsed, status: fault.reply.status });
      res.writeHead(fault.reply.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(echo(fault.reply.raw ?? JSON.stringify(fault.reply.body ?? { message: `scripted ${fault.reply.status}` })));
      return;
    }
    let body: unknown = null;
    let reply: Reply;
    try {
      body = raw === '' ? null : JSON.parse(raw);
      const user = token === null ? undefined : options.tokens[token];
      reply =
        user === undefined
          ? { status: 401, body: { message: 'Bad credentials' } }
          : state.outage?.test(`${req.method ?? 'GET'} ${url.pathname}`)
            ? { status: 503, body: { message: 'Service Unavailable' } }
            : route(req.method ?? 'GET', url, user, body);
    } catch (error) {
      reply = { status: 400, body: { message: `Problems parsing JSON: ${(error as Error).message}` } };
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, token, body, status: reply.status });
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // keep-alive sockets of the client would hold close() open
      }),
  };
}
