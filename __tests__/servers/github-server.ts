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
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
}

export interface GitHubServerState {
  pulls: Map<number, FakePull>;
  reviews: FakeReview[];
  comments: FakeComment[];
  /** Comment ids whose threads are resolved, and the login that resolved each ('' or absent: the token's own). */
  resolved: Set<number>;
  resolvedBy: Map<number, string>;
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
  reply: 'hang' | { status: number; body?: unknown; headers?: Record<string, string>; /** Sent as it is instead of the JSON body (a broken proxy's HTML). */ raw?: string };
}

export interface GitHubServer {
  url: string;
  close(): Promise<void>;
  requests: RecordedRequest[];
  state: GitHubServerState;
}

const require = createRequire(import.meta.url);
let createReviewValidator: ValidateFunction | null = null;

/** The request-body schema of "Create a review for a pull request" from GitHub's OpenAPI description. */
function reviewBodyValidator(): ValidateFunction {
  if (createReviewValidator === null) {
    const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: object }> } }>>;
    };
    const schema = spec.paths['/repos/{owner}/{repo}/pulls/{pull_number}/reviews']!.post!.requestBody.content['application/json']!.schema;
    // strict: false because OpenAPI adds keywords (example, description) JSON Schema validators do not know.
    createReviewValidator = new Ajv({ strict: false, allErrors: true }).compile(schema);
  }
  return createReviewValidator;
}

/** Commentable (side, line) → hunk index per path, as GitHub computes it from the three-dot diff. */
type DiffLines = Map<string, Map<string, number>>;

function computeDiff(repoDir: string, base: string, head: string): DiffLines {
  const text = execFileSync('git', ['-c', 'core.quotePath=false', 'diff', '--no-color', '--find-renames', `${base}...${head}`], { cwd: repoDir, encoding: 'utf8', maxBuffer: 1 << 28 });
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
    pulls: new Map(options.pulls.map((p) => [p.number, { ...p }])), reviews: [], comments: [], resolved: new Set(), resolvedBy: new Map(), threadsError: null, outage: null, faults: [],
    // A login with several tokens has the best of their permissions.
    permissions: new Map(Object.values(options.tokens).sort((a, b) => Number(a.write) - Number(b.write)).map((t) => [t.login, t.write ? 'write' : 'read'] as const)),
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
  const commentJson = (c: FakeComment) => ({
    id: c.id,
    user: { login: c.user, id: 1, type: 'Bot' },
    pull_request_review_id: c.reviewId,
    body: c.body,
    path: c.path,
    line: c.line,
    original_line: c.line,
    side: c.side,
    start_line: c.start_line,
    html_url: `${webUrl}/${options.owner}/${options.repo}/pull/${c.pull}#discussion_r${c.id}`,
  });

  type Reply = { status: number; body: unknown };
  const unprocessable = (...errors: string[]): Reply => ({ status: 422, body: { message: 'Unprocessable Entity', errors, documentation_url: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request', status: '422' } });
  const forbidden: Reply = { status: 403, body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' } };

  function createReview(pull: FakePull, user: string, body: Record<string, unknown>): Reply {
    const validate = reviewBodyValidator();
    if (!validate(body)) return unprocessable(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
    if (body.commit_id !== undefined && body.commit_id !== pull.headSha) return unprocessable('commit_id is not part of the pull request');
    if (state.reviews.some((r) => r.pull === pull.number && r.user === user && r.state === 'PENDING')) return unprocessable('User can only have one pending review per pull request');
    const text = typeof body.body === 'string' ? body.body : '';
    if (text.length > 65_536) return unprocessable('Body is too long (maximum is 65536 characters)');
    const event = body.event as string | undefined;
    if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && text === '' && !Array.isArray(body.comments)) return unprocessable('Body is required for COMMENT and REQUEST_CHANGES');
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
      if (typeof String(c.body) === 'string' && String(c.body).length > 65_536) return unprocessable('Body is too long (maximum is 65536 characters)');
      if (c.start_line !== undefined) {
        const startSide = (c.start_side ?? side) as string;
        if (typeof c.start_line !== 'number' || c.start_line >= c.line) return unprocessable('start_line must precede line');
        if (startSide !== side || lines.get(`${startSide}:${c.start_line}`) !== hunk) return unprocessable('Start line must be part of the same hunk as the line.');
      }
    }
    const review: FakeReview = {
      id: nextId++,
      pull: pull.number,
      user,
      state: event === 'COMMENT' ? 'COMMENTED' : event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : event === 'APPROVE' ? 'APPROVED' : 'PENDING',
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
      });
    }
    return { status: 200, body: reviewJson(review) };
  }

  function visibleComments(pull: number): FakeComment[] {
    const submitted = new Set(state.reviews.filter((r) => r.state !== 'PENDING').map((r) => r.id));
    return state.comments.filter((c) => c.pull === pull && submitted.has(c.reviewId));
  }

  function page<T>(items: T[], url: URL): T[] {
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const n = Number(url.searchParams.get('page') ?? 1);
    return items.slice((n - 1) * perPage, n * perPage);
  }

  function graphql(body: { query?: string; variables?: Record<string, unknown> }, login: string): Reply {
    if (body.query?.includes('viewer')) return { status: 200, body: { data: { viewer: { login } } } };
    if (!body.query?.includes('reviewThreads')) return { status: 200, body: { errors: [{ message: 'keybug test server: only reviewThreads and viewer queries are served' }] } };
    if (state.threadsError !== null) return { status: 200, body: { data: null, errors: [{ type: 'SERVICE_UNAVAILABLE', message: state.threadsError }] } };
    const number = Number(body.variables?.number);
    if (!state.pulls.has(number)) return { status: 200, body: { data: { repository: { pullRequest: null } }, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a PullRequest' }] } };
    // Pages of 100 threads, as GitHub serves them; the cursor is the index of the next thread.
    const all = visibleComments(number).map((c) => ({
      isResolved: state.resolved.has(c.id),
      resolvedBy: state.resolved.has(c.id) ? { login: state.resolvedBy.get(c.id) || c.user } : null,
      comments: { nodes: [{ databaseId: c.id }] },
    }));
    const from = Number(body.variables?.after ?? 0) || 0;
    const nodes = all.slice(from, from + 100);
    const next = from + 100 < all.length;
    return { status: 200, body: { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: next, endCursor: next ? String(from + 100) : null }, nodes } } } } } };
  }

  function route(method: string, url: URL, user: TokenGrant, body: unknown): Reply {
    const query = body as { query?: string; variables?: Record<string, unknown> };
    if (method === 'POST' && url.pathname === graphqlPath) {
      if (user.read === false && !query.query?.includes('viewer')) return { status: 200, body: { data: null, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] } };
      return graphql(query, user.login);
    }
    const permission = new RegExp(`^${repoPath}/collaborators/([^/]+)/permission$`).exec(url.pathname);
    if (method === 'GET' && permission) {
      const login = decodeURIComponent(permission[1]!);
      const level = state.permissions.get(login);
      if (level === undefined) return { status: 404, body: { message: `${login} is not a user` } };
      return { status: 200, body: { permission: level, role_name: level === 'admin' ? 'admin' : level, user: { login } } };
    }
    if (!url.pathname.startsWith(`${repoPath}/pulls/`)) return { status: 404, body: { message: 'Not Found' } };
    if (user.read === false) return forbidden;
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
    if (collection === 'comments' && method === 'GET') return { status: 200, body: page(visibleComments(pull.number).map(commentJson), url) };
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
      reply = user === undefined
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
