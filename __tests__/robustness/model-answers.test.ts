/**
 * Robustness: what an endpoint answers cannot hang the run or throw away good work. A first call
 * retried under `max-tokens`, one bad finding among good ones, a 200 that is not a chat completion.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { reviewSlices } from '../../src/review/index.js';
import { startModelServer, type ModelServer, type Reply } from '../servers/model-server.js';
import { BUG, FAST, makeSlice, PACKET, reviewerAnswer, testSettings, wellBehaved } from '../review/helpers.js';
import { within } from './helpers.js';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const slices = Array.from({ length: 6 }, (_, i) =>
  makeSlice(`s${i + 1}`, `src/f${i + 1}.cpp`, [
    [' ', 10, 'int n = read(buf);'],
    ['+', 11, `buf[n] = ${i};`],
  ]),
);

describe('max-tokens with a first call that is retried', () => {
  it.each([['1'], ['2'], ['8']])(
    'finishes at concurrency %s: the budget waits for the first call outside the concurrency slots',
    async (concurrency) => {
      const base = wellBehaved({});
      // The first request fails twice, so the first call is retried while the others queue.
      server = await startModelServer((request, index) =>
        index < 2 ? { status: 500, body: { error: { message: 'warming up' } } } : base(request, index),
      );
      const settings = testSettings(server.url, { reviewers: '2', validator: 'false', concurrency, 'max-tokens': '1000000' });
      const outcome = await within(20_000, reviewSlices({ slices, pr: { title: 't', body: '' }, settings, tuning: FAST }));
      expect(outcome.incompleteReasons).toEqual([]);
      expect(outcome.calls.filter((c) => c.role === 'reviewer' && c.outcome === 'ok')).toHaveLength(12);
      expect(outcome.calls.find((c) => c.retries === 2)).toBeDefined();
    },
  );
});

describe('each finding is validated on its own', () => {
  it('drops a finding with a negative line or an unexpected property, with the reason, and keeps the rest of the answer', async () => {
    const answer = JSON.parse(reviewerAnswer([BUG, { ...BUG, title: 'Negative line' }, { ...BUG, title: 'Extra property' }])) as {
      findings: Record<string, unknown>[];
    };
    answer.findings[1]!.line = -5;
    answer.findings[2]!.confidence = 'high';
    server = await startModelServer(() => ({ content: JSON.stringify(answer) }));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });

    expect(server.requests).toHaveLength(1); // no corrective retry for one bad finding
    expect(outcome.incompleteReasons).toEqual([]);
    expect(outcome.findings.map((f) => [f.id, f.title])).toEqual([['s1-r1-f1', BUG.title]]);
    expect(outcome.dropped.map((d) => [d.finding.id, d.finding.title, d.stage, d.reason])).toEqual([
      [
        's1-r1-f2',
        'Negative line',
        'reviewer',
        'invalid finding, left out (the rest of the answer is kept): $.findings[1].line: -5 is below the minimum 1',
      ],
      [
        's1-r1-f3',
        'Extra property',
        'reviewer',
        'invalid finding, left out (the rest of the answer is kept): $.findings[2]: unexpected property "confidence"',
      ],
    ]);
    expect(outcome.calls[0]?.rejected).toEqual([
      'findings[1]: $.findings[1].line: -5 is below the minimum 1',
      'findings[2]: $.findings[2]: unexpected property "confidence"',
    ]);
  });

  it("ignores a duplicate id in the meta-reviewer's members: a finding is never merged with itself", async () => {
    const second = { ...BUG, title: 'Length taken from the wire' };
    const base = wellBehaved({ 'src/packet.cpp': [[BUG, second]] });
    server = await startModelServer((request, index) => {
      if (request.role !== 'meta-reviewer') return base(request, index);
      const issue = (members: string[], title: string) => ({
        members,
        title,
        issue: 'i',
        rootCause: 'r',
        suggestedFix: 'f',
        exampleCode: '',
        category: 'memory',
        scores: { substance: 7, reality: 6, severity: 7 },
      });
      return {
        content: JSON.stringify({
          analysis: 'a',
          issues: [issue(['s1-r1-f1', 's1-r1-f1', 's1-r2-f1'], BUG.title), issue(['s1-r1-f2', 's1-r1-f1', 's1-r2-f2'], second.title)],
        }),
      };
    });
    const settings = testSettings(server.url, { reviewers: '2', validator: 'false' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });

    expect(outcome.findings.map((f) => [f.title, [...f.mergedFrom].sort(), f.reviewerVotes])).toEqual([
      [BUG.title, ['s1-r2-f1'], 2],
      [second.title, ['s1-r2-f2'], 2],
    ]);
    expect(
      outcome.dropped
        .filter((d) => d.reason.startsWith('merged into'))
        .map((d) => d.finding.id)
        .sort(),
    ).toEqual(['s1-r2-f1', 's1-r2-f2']);
  });
});

describe('a 200 answer that is not a chat completion', () => {
  const cases: [string, Reply, RegExp][] = [
    [
      'no choices',
      { raw: JSON.stringify({ id: 'x', object: 'chat.completion' }) },
      /the endpoint answered 200 without a usable chat completion: it has no choices \(no "choices" field\)/,
    ],
    ['an empty choices list', { raw: JSON.stringify({ id: 'x', choices: [] }) }, /it has no choices \(an empty list\)/],
    [
      'a choice without a message',
      { raw: JSON.stringify({ id: 'x', choices: [{ index: 0, finish_reason: 'stop' }] }) },
      /choices\[0\] has no message/,
    ],
    [
      'an error object with status 200',
      { raw: JSON.stringify({ error: { message: 'upstream timed out' } }) },
      /it holds an error: upstream timed out/,
    ],
    ['a body that is not JSON', { raw: '<html>Bad gateway</html>' }, /the body is not JSON/],
    ['an empty body', { raw: '' }, /the body is empty/],
  ];

  it.each(cases)('is retried like a 5xx when it has %s, with a clear reason', async (_, broken, reason) => {
    const good = reviewerAnswer([BUG]);
    server = await startModelServer((_request, index) => (index === 0 ? broken : { content: good }));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    expect(outcome.calls[0]).toMatchObject({ outcome: 'ok', retries: 1 });

    await server.close();
    server = await startModelServer(() => broken);
    const failed = await reviewSlices({
      slices: [PACKET],
      pr: { title: 't', body: '' },
      settings: testSettings(server.url, { reviewers: '1', validator: 'false', 'max-retries': '2' }),
      tuning: FAST,
    });
    expect(server.requests).toHaveLength(3);
    expect(failed.incompleteReasons).not.toEqual([]);
    expect(failed.calls[0]).toMatchObject({ outcome: 'error', error: expect.stringMatching(reason) });
    expect(failed.calls[0]?.error).not.toMatch(/Cannot read properties/);
  });
});
