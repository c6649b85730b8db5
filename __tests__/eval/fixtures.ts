/**
 * The case set of the eval tests, written by the tests: a buffer with three planted bugs (two of
 * them three lines apart) and a clean change, and a scripted model that comments on them from
 * both sides of the diff, with a nitpick, a wrong line, a hallucinated location and false alarms.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { metaAnswer, validatorAnswer } from '../review/helpers.js';
import { dataBlockOf, type Script } from '../servers/model-server.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

export const BUF_BASE = `#include <string.h>

struct buf {
  char data[16];
  int len;
};

int buf_put(struct buf *b, const char *s, int n) {
  if (n < 0 || n > 16) {
    return -1;
  }
  memcpy(b->data, s, n);
  b->len = n;
  return 0;
}

int buf_get(const struct buf *b, int i) {
  if (i < 0 || i >= b->len) {
    return -1;
  }
  return b->data[i];
}
`;

export const BUF_HEAD = BUF_BASE.replace('if (n < 0 || n > 16) {', 'if (n < 0) {').replace(
  'if (i < 0 || i >= b->len) {',
  'if (i < 0 || i > b->len) {',
);

const LOG_BASE = `#include <stdio.h>

void log_start(const char *name) {
  printf("starting %s\\n", name);
}
`;
const LOG_HEAD = LOG_BASE.replace('printf("starting %s\\n", name);', 'printf("starting: %s\\n", name);');

export interface EvalFixture {
  dir: string;
  casesFile: string;
  repos: TestRepo[];
  cleanup(): void;
}

/** Two repositories and a YAML case file naming them relative to itself. */
export function writeEvalFixture(): EvalFixture {
  const buf = createRepo('keybug-eval-buf-');
  buf.write('src/buf.c', BUF_BASE);
  const bufBase = buf.commit('buffer');
  buf.write('src/buf.c', BUF_HEAD);
  const bufHead = buf.commit('loosen checks');
  const log = createRepo('keybug-eval-log-');
  log.write('src/log.c', LOG_BASE);
  const logBase = log.commit('log');
  log.write('src/log.c', LOG_HEAD);
  const logHead = log.commit('punctuation');
  const dir = path.dirname(buf.dir);
  const casesFile = path.join(buf.dir, 'cases.yml');
  writeFileSync(
    casesFile,
    `cases:
  - id: buffer
    repo: .
    base: ${bufBase}
    head: ${bufHead}
    title: Loosen the buffer checks
    keyBugs:
      - { path: src/buf.c, startLine: 9, endLine: 9, note: no upper bound on n }
      - { path: src/buf.c, startLine: 12, endLine: 12, note: memcpy past data }
      - { path: src/buf.c, startLine: 18, endLine: 18, note: reads one past len }
  - id: clean-log
    repo: ${path.relative(buf.dir, log.dir)}
    base: ${logBase}
    head: ${logHead}
    keyBugs: []
`,
  );
  return { dir, casesFile, repos: [buf, log], cleanup: () => [buf, log].forEach((r) => r.cleanup()) };
}

interface Said {
  title: string;
  path?: string;
  side?: 'RIGHT' | 'LEFT';
  startLine?: number;
  line: number;
  quote: string;
  scores: [number, number, number];
}

/** Per slice (recognised by a line only it shows), what reviewers 1 and 2 say. */
const SCRIPT: { shows: string; reviewers: [Said[], Said[]] }[] = [
  {
    shows: 'if (n < 0) {',
    reviewers: [
      [
        // Lines 8-9: within three lines of both bugs of buf_put (lines 9 and 12).
        { title: 'n is no longer bounded', startLine: 8, line: 9, quote: 'if (n < 0) {', scores: [7, 7, 7] },
        // On the deleted line (base numbering): counts where the deletion is in the head.
        { title: 'The upper bound was removed', side: 'LEFT', line: 9, quote: 'if (n < 0 || n > 16) {', scores: [7, 6, 6] },
        { title: 'Rename n', line: 8, quote: 'int buf_put(struct buf *b, const char *s, int n) {', scores: [2, 6, 1] },
      ],
      [
        // Right code, wrong line: moved by the location check, a miss for LSR.
        { title: 'n is no longer bounded', startLine: 15, line: 15, quote: 'if (n < 0) {', scores: [7, 7, 7] },
        { title: 'Invented helper leaks', path: 'src/helper.c', line: 7, quote: 'free(p);', scores: [6, 6, 5] },
      ],
    ],
  },
  {
    shows: 'if (i < 0 || i > b->len) {',
    reviewers: [
      [
        { title: 'i == len reads past the data', line: 18, quote: 'if (i < 0 || i > b->len) {', scores: [7, 7, 6] },
        { title: 'len should be size_t', line: 5, quote: 'int len;', scores: [6, 5, 3] },
      ],
      [{ title: 'len should be size_t', line: 5, quote: 'int len;', scores: [6, 5, 3] }],
    ],
  },
  {
    shows: 'printf("starting: %s\\n", name);',
    reviewers: [
      [{ title: 'name may be NULL', path: 'src/log.c', line: 4, quote: 'printf("starting: %s\\n", name);', scores: [6, 5, 4] }],
      [{ title: 'name may be NULL', path: 'src/log.c', line: 4, quote: 'printf("starting: %s\\n", name);', scores: [6, 5, 4] }],
    ],
  },
];

/** A fresh scripted model for the fixture; record with concurrency 1 so reviewer n gets answer n. */
export function evalModel(rescore: Record<string, [number, number, number]> = { 'len should be size_t': [6, 2, 3] }): Script {
  const seen = new Map<string, number>();
  return (request) => {
    if (request.role === 'meta-reviewer') return { content: metaAnswer(request) };
    if (request.role === 'validator') return { content: validatorAnswer(request, rescore) };
    const slice = dataBlockOf(request.user, 'SLICE') ?? '';
    const entry = SCRIPT.find((s) => slice.includes(s.shows));
    const n = entry ? (seen.get(entry.shows) ?? 0) : 0;
    if (entry) seen.set(entry.shows, n + 1);
    const said = entry?.reviewers[n % 2] ?? [];
    const findings = said.map((s) => ({
      path: s.path ?? 'src/buf.c',
      side: s.side ?? 'RIGHT',
      startLine: s.startLine ?? s.line,
      line: s.line,
      quote: s.quote,
      title: s.title,
      issue: `${s.title}.`,
      rootCause: 'The cause.',
      suggestedFix: 'The fix.',
      exampleCode: '',
      category: 'logic',
      scores: { substance: s.scores[0], reality: s.scores[1], severity: s.scores[2] },
      evidence: [
        {
          path: s.path ?? 'src/buf.c',
          side: (s.side ?? 'RIGHT') === 'LEFT' ? 'base' : 'head',
          startLine: s.startLine ?? s.line,
          endLine: s.line,
          quote: s.quote,
        },
      ],
    }));
    return { content: JSON.stringify({ understanding: 'u', analysis: 'a', findings }) };
  };
}
