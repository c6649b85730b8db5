import { afterEach, describe, expect, it } from '@jest/globals';
import { reviewSlices } from '../../src/review/index.js';
import { startModelServer, type ModelServer, type Script } from '../servers/model-server.js';
import { BUG, FAST, makeSlice, PACKET, type Planned, testSettings, wellBehaved } from './helpers.js';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const CODEC = makeSlice(
  's2',
  'src/codec.cpp',
  [
    [' ', 30, 'int n = decode(buf);'],
    ['+', 31, 'buf[n] = 0;'],
  ],
  'decode_frame',
);
const INDEX: Planned = { title: 'Index taken from the input', line: 31, quote: 'buf[n] = 0;', category: 'memory', scores: [7, 6, 6] };

/** A well-behaved model whose endpoint counts every prompt as `promptTokens` (far above our estimate). */
function countingHeavily(promptTokens: number): Script {
  const base = wellBehaved({ 'src/packet.cpp': [[BUG]], 'src/codec.cpp': [[INDEX]] });
  return async (request, index) => {
    const reply = await base(request, index);
    return 'content' in reply ? { ...reply, usage: { prompt_tokens: promptTokens, completion_tokens: 200 } } : reply;
  };
}

const spent = (outcome: Awaited<ReturnType<typeof reviewSlices>>): number => outcome.usage.promptTokens + outcome.usage.completionTokens;

describe('max-tokens', () => {
  it('holds across concurrent calls of every role, and says what it did not do', async () => {
    server = await startModelServer(countingHeavily(6000));
    const settings = testSettings(server.url, { reviewers: '3', validator: 'true', concurrency: '3', 'max-tokens': '29000' });
    const outcome = await reviewSlices({ slices: [PACKET, CODEC], pr: { title: 'Parser changes', body: '' }, settings, tuning: FAST });

    expect(spent(outcome)).toBeLessThanOrEqual(29000);
    expect(outcome.incompleteReasons).not.toEqual([]);
    // Nothing refused was sent, and every role met the budget.
    const refused = outcome.calls.filter((c) => c.outcome === 'skipped-budget');
    expect(server.requests).toHaveLength(outcome.calls.length - refused.length);
    expect(new Set(refused.map((c) => c.role))).toEqual(new Set(['reviewer', 'meta-reviewer', 'validator']));
    expect(refused.every((c) => /^token budget max-tokens=29000: the call needs ~\d+ tokens/.test(c.error ?? ''))).toBe(true);

    // Findings the validator did not check are kept, marked, and listed as not done; none is dropped for it.
    expect(outcome.findings.length).toBeGreaterThan(0);
    expect(outcome.dropped.filter((d) => d.stage === 'validator')).toEqual([]);
    for (const f of outcome.findings) {
      expect(f.notValidated).toMatch(/^token budget max-tokens=29000/);
      expect(outcome.unreviewed).toContainEqual(
        expect.objectContaining({
          path: f.path,
          startLine: f.startLine,
          endLine: f.line,
          reason: expect.stringContaining(`finding ${f.id} "${f.title}" not validated: token budget`),
        }),
      );
    }
    expect(outcome.incompleteReasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/reviewer call\(s\) were refused by the token budget max-tokens=29000/),
        expect.stringMatching(/^token budget max-tokens=29000: \d+ finding\(s\) were not validated/),
      ]),
    );
    // A meta-reviewer the budget refused costs the merge, not the run's completeness.
    expect(outcome.degraded).toEqual([
      expect.stringMatching(/^meta-reviewer not called: token budget max-tokens=29000.*grouped by location instead of merged/),
    ]);
  });

  it('refuses the translator too, leaving the findings in English', async () => {
    server = await startModelServer(countingHeavily(6000));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false', 'max-tokens': '7000', language: 'German' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });

    expect(server.requests.map((r) => r.role)).toEqual(['reviewer']);
    expect(outcome.calls.map((c) => [c.role, c.outcome])).toEqual([
      ['reviewer', 'ok'],
      ['translator', 'skipped-budget'],
    ]);
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    // Every slice was reviewed: an untranslated finding is kept in English and marked, the run stays complete.
    expect(outcome.incompleteReasons).toEqual([]);
    expect(outcome.findings[0]?.notTranslated).toMatch(/^not sent: token budget max-tokens=7000/);
    expect(outcome.degraded).toEqual([
      expect.stringMatching(
        /^translator: 1 finding\(s\) were left in English \(not sent: token budget max-tokens=7000.*\) and are marked "not translated"$/,
      ),
    ]);
  });

  it('marks the run incomplete when the tokens used pass max-tokens after all', async () => {
    server = await startModelServer(countingHeavily(50_000));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false', 'max-tokens': '20000' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });

    expect(server.requests).toHaveLength(1);
    expect(spent(outcome)).toBe(50_200);
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(outcome.incompleteReasons).toEqual([
      'token budget max-tokens=20000 overspent: 50200 tokens used (prompts or answers were longer than estimated)',
    ]);
  });
});
