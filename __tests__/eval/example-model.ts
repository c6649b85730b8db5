/**
 * The scripted model behind the recording `keybug eval --example` replays: reviewers answer per
 * slice (recognised by a line it shows) with planted bugs, nitpicks, invented problems, a wrong
 * line number and a hallucinated location; the meta-reviewer merges by title; the validator
 * re-scores two findings (rejecting one real bug and one false alarm). With the repository tools
 * offered, the validator looks before it judges the peek bug: it reads the ring's header, sees
 * that the newest item is at (head + count - 1), and keeps the bug it rejects from the slice alone
 * (what `keybug eval --example --compare-tools` shows). The n-th reviewer request for a slice gets
 * the n-th reviewer's answer, so record with concurrency 1.
 */
import type { Category } from '../../src/types.js';
import { dataBlockOf, toolAnswersOf, type Script } from '../servers/model-server.js';
import { metaAnswer, validatorAnswer } from '../review/helpers.js';

interface Said {
  title: string;
  path: string;
  line: number;
  startLine?: number;
  quote: string;
  category: Category;
  /** substance, reality, severity */
  scores: [number, number, number];
}

const PACKET = 'src/packet.cpp';
const RING = 'src/ring.c';
const SESSION = 'src/session.c';
const CONFIG = 'src/config.cpp';

const OVERFLOW: Said = {
  title: 'memcpy length no longer bounded by kMaxPayload',
  path: PACKET,
  line: 18,
  quote: 'std::memcpy(out->payload, wire + 4, out->len);',
  category: 'memory',
  scores: [7, 6, 7],
};
const CHECK: Said = {
  title: 'The kMaxPayload bound was removed',
  path: PACKET,
  line: 14,
  quote: 'if (len + 4 > wire_len) {',
  category: 'memory',
  scores: [7, 6, 6],
};
const FULL: Said = {
  title: 'ring_push accepts a push into a full ring',
  path: RING,
  line: 9,
  quote: 'if (r->count > RING_SIZE) {',
  category: 'logic',
  scores: [7, 6, 6],
};
const PEEK: Said = {
  title: 'ring_peek_last reads the slot after the newest item',
  path: RING,
  line: 31,
  quote: '*out = r->items[(r->head + r->count) % RING_SIZE];',
  category: 'memory',
  scores: [7, 7, 6],
};
const LEAK: Said = {
  title: 'The early return keeps the table mutex locked',
  path: SESSION,
  startLine: 17,
  line: 18,
  quote: 'return -1;',
  category: 'concurrency',
  scores: [7, 7, 6],
};
const WRAP: Said = {
  title: 'touches can wrap around',
  path: 'include/session.h',
  line: 10,
  quote: 'unsigned touches;',
  category: 'other',
  scores: [5, 5, 3],
};
const MULTIPLY: Said = {
  title: 'timeout_s * 1000 may overflow int',
  path: CONFIG,
  line: 15,
  quote: 'return timeout_s * 1000;',
  category: 'logic',
  scores: [6, 5, 5],
};

const minor = (title: string, path: string, line: number, quote: string, severity: number): Said => ({
  title,
  path,
  line,
  quote,
  category: 'other',
  scores: [5, 5, severity],
});

/** Per slice, recognised by a line only it shows: what reviewers 1, 2 and 3 report. */
const SLICES: { shows: string; reviewers: [Said[], Said[], Said[]] }[] = [
  {
    shows: OVERFLOW.quote,
    reviewers: [
      [
        OVERFLOW,
        { title: 'Rename len to payload_len', path: PACKET, line: 17, quote: 'out->len = len;', category: 'other', scores: [2, 6, 1] },
      ],
      // Right code, wrong line number: the location check moves it; LSR counts the miss.
      [
        { ...OVERFLOW, line: 24 },
        {
          title: 'payload is not zero-initialised',
          path: 'include/packet.h',
          line: 10,
          quote: 'char payload[kMaxPayload];',
          category: 'memory',
          scores: [5, 5, 4],
        },
      ],
      [OVERFLOW],
    ],
  },
  { shows: CHECK.quote, reviewers: [[CHECK], [CHECK], []] },
  {
    shows: FULL.quote,
    reviewers: [
      [FULL],
      // Six findings past the coarse filter: top-5 drops the least severe.
      [
        FULL,
        minor('count and head are never checked for consistency', 'include/ring.h', 6, 'struct ring {', 2),
        minor('count should be size_t', 'include/ring.h', 9, 'unsigned count;', 2),
        minor('RING_SIZE should be a power of two', 'include/ring.h', 4, '#define RING_SIZE 8', 1),
        minor('RING_SIZE is not parenthesised', 'include/ring.h', 4, '#define RING_SIZE 8', 1),
        minor('The struct has no size assertion', 'include/ring.h', 6, 'struct ring {', 1),
      ],
      [
        {
          title: 'value is not validated',
          path: RING,
          line: 8,
          quote: 'int ring_push(struct ring *r, int value) {',
          category: 'other',
          scores: [3, 3, 1],
        },
      ],
    ],
  },
  {
    shows: PEEK.quote,
    reviewers: [
      [PEEK],
      [PEEK],
      [PEEK, { title: 'tail is never reset', path: RING, line: 44, quote: 'r->items[r->tail] = 0;', category: 'logic', scores: [6, 6, 4] }],
    ],
  },
  {
    shows: 's->touches++;',
    reviewers: [
      [LEAK],
      [{ ...LEAK, startLine: 18 }, WRAP],
      [
        WRAP,
        {
          title: 'find() is a linear scan under the lock',
          path: SESSION,
          line: 16,
          quote: 'struct session *s = find(t, id);',
          category: 'performance',
          scores: [4, 6, 2],
        },
      ],
    ],
  },
  { shows: MULTIPLY.quote, reviewers: [[MULTIPLY], [MULTIPLY], []] },
  {
    shows: '// Values are whole seconds',
    reviewers: [
      [
        {
          title: 'The comment could name the unit in the variable',
          path: CONFIG,
          line: 10,
          quote: '// Values are whole seconds; out-of-range values fall back to the default.',
          category: 'other',
          scores: [2, 6, 1],
        },
      ],
      [],
      [],
    ],
  },
];

/** The validator's second opinion: it wrongly rejects the peek bug, and rightly the overflow on the clean change. */
const RESCORE: Record<string, [number, number, number]> = { [PEEK.title]: [6, 3, 6], [MULTIPLY.title]: [6, 2, 5] };

function reviewerAnswer(said: Said[]): string {
  return JSON.stringify({
    understanding: 'What the change does.',
    analysis: 'What was checked.',
    findings: said.map((s) => ({
      path: s.path,
      side: 'RIGHT',
      startLine: s.startLine ?? s.line,
      line: s.line,
      quote: s.quote,
      title: s.title,
      issue: `${s.title}.`,
      rootCause: 'The cause.',
      suggestedFix: 'The fix.',
      exampleCode: '',
      category: s.category,
      scores: { substance: s.scores[0], reality: s.scores[1], severity: s.scores[2] },
      evidence: [{ path: s.path, side: 'head', startLine: s.startLine ?? s.line, endLine: s.line, quote: s.quote }],
    })),
  });
}

/** A fresh scripted model (it counts reviewer requests per slice). */
export function exampleModel(): Script {
  const seen = new Map<string, number>();
  return (request) => {
    switch (request.role) {
      case 'reviewer': {
        const slice = dataBlockOf(request.user, 'SLICE') ?? '';
        const entry = SLICES.find((s) => slice.includes(s.shows));
        if (entry === undefined) return { content: reviewerAnswer([]) };
        const n = seen.get(entry.shows) ?? 0;
        seen.set(entry.shows, n + 1);
        return { content: reviewerAnswer(entry.reviewers[n % 3] ?? []) };
      }
      case 'meta-reviewer':
        return { content: metaAnswer(request) };
      case 'validator': {
        const finding = dataBlockOf(request.user, 'FINDING') ?? '';
        if (request.body.tools === undefined || !finding.includes(PEEK.title)) return { content: validatorAnswer(request, RESCORE) };
        const read = toolAnswersOf(request)[0];
        if (read === undefined)
          return { toolCalls: [{ name: 'read', arguments: { file: 'include/ring.h', start: 1, end: 20, side: 'head' } }] };
        // The header shows head and count: the slot read is one past the newest item, so the bug is real.
        return { content: validatorAnswer(request, read.includes('unsigned count;') ? {} : RESCORE) };
      }
      default:
        return { status: 400, body: { error: { message: `unexpected role ${request.role}` } } };
    }
  };
}
