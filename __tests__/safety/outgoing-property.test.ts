/**
 * Property: random mixtures of fences, PEM markers, HTML, mentions, links, secrets, invisible
 * characters and marker look-alikes, as model text and as file names, pushed through the whole
 * outgoing path (planning, the review body and its comments, the job summary, the JSON report,
 * then the redaction point) come out with nothing live: the Markdown parser finds no HTML, image,
 * mention, foreign link, reference, invisible character or suggestion keybug did not build; no
 * secret is left; the report is JSON; an incomplete run still says so.
 */
import { describe, expect, it } from '@jest/globals';
import { formatJson } from '../../src/output/json.js';
import { markdownProblems } from '../../src/safety/markdown-check.js';
import { redact } from '../../src/safety/redact.js';
import { prepareReview, renderSummary } from '../../src/publish/index.js';
import { EMPTY_STATE } from '../../src/publish/state.js';
import type { DiffFile, ReviewResult } from '../../src/types.js';
import { finding, result } from '../publish/fixtures.js';

const SECRETS = [
  'AKIAIOSFODNN7EXAMPLE',
  'ghp_0123456789abcdefABCDEF0123456789abcd',
  'sk_live_0123456789abcdefABCD',
  'AIzaSyA-0123456789abcdefghijklmnopqrstu',
  'MIIEpAIBAAKCAQEA0123456789abcdef',
  'hunter2hunter2',
];
const FRAGMENTS = [
  '```',
  '```suggestion',
  '~~~~',
  '````c',
  '`',
  '``',
  '\n',
  '\n\n',
  ' ',
  '|',
  '\\',
  '*',
  '_',
  '#1',
  '> ',
  '- ',
  '-----BEGIN A-----',
  '-----END A-----',
  '-----BEGIN X-----',
  '-----END X-----',
  `-----BEGIN RSA PRIVATE KEY-----\n${SECRETS[4]}\n-----END RSA PRIVATE KEY-----`,
  '<img src=https://evil.example/p.png>',
  '<details>',
  '<summary>x</summary>',
  '<!--',
  '-->',
  '<sub>',
  '</sub>',
  '<script>',
  '&#64;octocat',
  '&lt;b&gt;',
  '<https://evil.example>',
  '@octocat',
  '@octo-org/everyone',
  'cc @x',
  'a@evil.example',
  '[x](https://evil.example)',
  '![p](https://track.example/p.png)',
  'https://evil.example/x',
  'www.evil.example',
  '[r](/attacker/repo/releases)',
  '[1]: https://evil.example',
  '[x][1]',
  '[^1]',
  SECRETS[0],
  SECRETS[1],
  SECRETS[2],
  SECRETS[3],
  `DB_PASSWORD=${SECRETS[5]}`,
  'https://u:`@host',
  '\u200B',
  '\u202E',
  '\u2028',
  '\u2029',
  '\u{E0041}\u{E0042}',
  '\uFEFF',
  '\u2066',
  '\u00AD',
  '<!-- keybug:review:v2 eyJ9 -->',
  'keybug:finding:v1',
  'END PULL_REQUEST 000>>>',
];

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What stands between two fragments: a credential glued to a word is no token (as for GitHub's own secret scanning). */
const SEPARATORS = [' ', '\n', '"', ' (', ': ', ' word '];

function mixture(next: () => number, parts: number): string {
  let out = '';
  for (let i = 0; i < parts; i++)
    out += FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]! + SEPARATORS[Math.floor(next() * SEPARATORS.length)]!;
  return out;
}

/** A changed file with four added lines, so a finding on line 2 anchors. */
function file(path: string): DiffFile {
  const lines = [1, 2, 3, 4].map((n) => ({ op: '+' as const, old: null, new: n, text: `int v${n} = ${n};` }));
  return {
    path,
    oldPath: null,
    status: 'added',
    binary: false,
    oldMode: null,
    newMode: '100644',
    similarity: null,
    hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 4, header: '', lines }],
    commentable: { right: [1, 2, 3, 4], left: [] },
    additions: 4,
    deletions: 0,
  };
}

const HEAD = 'b'.repeat(40);
const BASE = 'a'.repeat(40);
const SERVER = 'https://github.example';
const BUILT = {
  links: [`${SERVER}/acme/widgets/blob/${HEAD}/`, `${SERVER}/acme/widgets/blob/${BASE}/`, `${SERVER}/acme/widgets/actions/runs/42`],
};

describe('the outgoing path, on random hostile mixtures', () => {
  it('leaves nothing from its input live, no secret, valid JSON, and the incomplete warning', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const next = random(seed);
      const paths = [`src/${mixture(next, 2).replace(/\n/g, ' ')}.c`, `vendor/${mixture(next, 2).replace(/\n/g, ' ')}.c`];
      const findings = paths.map((path, i) =>
        finding({
          id: `f${i}`,
          path,
          line: 2,
          startLine: 2,
          title: mixture(next, 4),
          issue: mixture(next, 10),
          rootCause: mixture(next, 6),
          suggestedFix: mixture(next, 6),
          exampleCode: mixture(next, 4),
          quote: '',
        }),
      );
      const unplaced = finding({ id: 'f9', path: paths[0]!, line: 99, startLine: 99, title: mixture(next, 4), issue: mixture(next, 6) });
      const incomplete = next() < 0.5;
      const run: ReviewResult = result({
        headSha: HEAD,
        baseSha: BASE,
        status: incomplete ? 'incomplete' : 'complete',
        incompleteReasons: incomplete ? [mixture(next, 4)] : [],
        findings: [...findings, unplaced],
        unreviewed: [{ path: `vendor/${mixture(next, 2)}.c`, reason: mixture(next, 3) }],
        files: paths.map((path) => ({ path, language: 'C', coverage: 'context' as const })),
      });
      const diff = { files: paths.map(file) };
      const review = prepareReview({
        result: run,
        diff,
        previous: EMPTY_STATE,
        settings: { reviewEvent: 'COMMENT' },
        incrementalFrom: null,
        runUrl: `${SERVER}/acme/widgets/actions/runs/42`,
        context: { linkPrefixes: [`${SERVER}/acme/widgets/blob/${HEAD}/`], headLines: () => null },
      });
      const summary = renderSummary(review.result, {
        settings: { algorithm: 'left-flow', failOn: 'high', failOnIncomplete: true },
        diff,
        links: { serverUrl: SERVER, repository: 'acme/widgets' },
        plan: review.plan,
      });
      const bodies = [review.request.body, ...review.request.comments.map((c) => c.body), summary].map(redact);
      for (const body of bodies) expect({ seed, problems: markdownProblems(body, BUILT) }).toEqual({ seed, problems: [] });
      const report = redact(formatJson(review.result));
      expect(() => JSON.parse(report)).not.toThrow();
      for (const text of [...bodies, report])
        for (const secret of SECRETS) expect({ seed, leaked: text.includes(secret) ? secret : null }).toEqual({ seed, leaked: null });
      if (incomplete) {
        expect({ seed, warned: bodies[0]!.includes('The review is incomplete') }).toEqual({ seed, warned: true });
        expect({ seed, warned: summary.includes('Review INCOMPLETE') }).toEqual({ seed, warned: true });
      }
    }
  });
});
