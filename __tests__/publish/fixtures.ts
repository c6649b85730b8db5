import { Git } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import type { Diff, Finding, ReviewResult } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { startGitHubServer, type GitHubServer, type GitHubServerOptions } from '../servers/github-server.js';

/** A finding with every field filled; override what the test is about. */
export function finding(over: Partial<Finding> = {}): Finding {
  return {
    id: 's1-r1-f1',
    sliceId: 's1',
    path: 'src/buf.cpp',
    side: 'RIGHT',
    startLine: 4,
    line: 4,
    quote: '',
    title: 'Off-by-one write past the buffer',
    issue: 'The loop writes data[n], one past the end when n == 16.',
    rootCause: 'The condition uses <= instead of <.',
    suggestedFix: 'Loop while i < n and check n against the capacity.',
    exampleCode: '',
    category: 'memory',
    scores: { substance: 7, reality: 6, severity: 6 },
    mergedFrom: [],
    reviewerVotes: 2,
    ...over,
  };
}

export function result(over: Partial<ReviewResult> = {}): ReviewResult {
  return {
    status: 'complete',
    incompleteReasons: [],
    baseSha: 'a'.repeat(40),
    headSha: 'b'.repeat(40),
    algorithm: 'left-flow',
    findings: [],
    dropped: [],
    skipped: [],
    unreviewed: [],
    files: [],
    usage: {
      calls: 4,
      promptTokens: 12000,
      completionTokens: 800,
      costUsd: 0.0123,
      byRole: {
        reviewer: { calls: 3, promptTokens: 9000, completionTokens: 600 },
        validator: { calls: 1, promptTokens: 3000, completionTokens: 200 },
      },
    },
    calls: [],
    slices: [{ id: 's1', file: 'src/buf.cpp', startLine: 2, endLine: 6, algorithm: 'left-flow', tokens: 180 }],
    stats: {
      files: 1,
      slices: 1,
      filesParsed: 1,
      bytesParsed: 2048,
      stageMs: { diff: 12, index: 5, parse: 20, slice: 15, review: 3100, posting: 200 },
      peakMemoryMb: 210,
    },
    ...over,
  };
}

/** base: a 10-line function; head: line 4 changed, line 9 deleted, a line added at the end (two hunks). */
export const BASE_CPP =
  [
    'struct Buf { char data[16]; int len; };',
    'int fill(Buf* b, const char* s, int n) {',
    '  b->len = n;',
    '  for (int i = 0; i < n; i++) b->data[i] = s[i];',
    '  return 0;',
    '}',
    '',
    'int unused() {',
    '  return 1; // old',
    '}',
    '// filler 1',
    '// filler 2',
    '// filler 3',
    '// filler 4',
    '// filler 5',
    '// filler 6',
    '// filler 7',
    '// filler 8',
    '// filler 9',
    '// filler 10',
    'int last() { return 0; }',
  ].join('\n') + '\n';

export const HEAD_CPP = BASE_CPP.replace('for (int i = 0; i < n; i++)', 'for (int i = 0; i <= n; i++)')
  .replace('  return 1; // old\n', '')
  .replace('int last() { return 0; }\n', 'int last() { return 0; }\nint extra(Buf* b) { return b->data[16]; }\n');

export interface FixtureChange {
  repo: TestRepo;
  base: string;
  head: string;
  diff: Diff;
}

/** A repository with the change above (plus a binary file), and its diff read by keybug's diff stage. */
export async function fixtureChange(): Promise<FixtureChange> {
  const repo = createRepo('keybug-publish-');
  repo.write('src/buf.cpp', BASE_CPP);
  const base = repo.commit('base');
  repo.write('src/buf.cpp', HEAD_CPP);
  repo.write('logo.bin', Buffer.from([0, 1, 2, 0, 255]));
  const head = repo.commit('head');
  const diff = await readDiff(await Git.open(repo.dir), base, head);
  return { repo, base, head, diff };
}

/** The test GitHub server with pull request #7 of acme/widgets from `base` to `head` of `repoDir`. */
export function startPullServer(
  at: { repoDir: string; base: string; head: string; title?: string },
  tokens: GitHubServerOptions['tokens'],
  options: Partial<GitHubServerOptions> = {},
): Promise<GitHubServer> {
  return startGitHubServer({
    owner: 'acme',
    repo: 'widgets',
    repoDir: at.repoDir,
    tokens,
    pulls: [{ number: 7, baseSha: at.base, headSha: at.head, title: at.title ?? 'Copy', body: '', headRepo: 'acme/widgets' }],
    ...options,
  });
}
