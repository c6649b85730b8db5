/**
 * Robustness: the run-wide time limit. At the limit no new work starts, calls in flight get a
 * grace and are then cut off, and the run ends incomplete with what it found and a list of what it
 * did not do. Limits here are a second or two (Deadline takes fractions of a minute) so the cases run fast.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Deadline } from '../../src/support/deadline.js';
import { runReview } from '../../src/engine/run.js';
import { reviewSlices } from '../../src/review/index.js';
import { createRepo } from '../helpers/repo.js';
import { BUG, FAST, makeSlice, testSettings, wellBehaved } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';
import { within } from './helpers.js';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

// One review first, so the timed cases below do not pay for loading the client.
beforeAll(async () => {
  const warm = await startModelServer(wellBehaved({}));
  await reviewSlices({
    slices: [makeSlice('s0', 'src/w.cpp', [['+', 1, 'int x;']])],
    pr: { title: 't', body: '' },
    settings: testSettings(warm.url, { reviewers: '1', validator: 'false' }),
    tuning: FAST,
  });
  await warm.close();
});

const slices = [1, 2, 3].map((i) =>
  makeSlice(`s${i}`, 'src/packet.cpp', [
    [' ', 10 * i, 'int n = read(buf);'],
    ['+', 10 * i + 1, 'std::memcpy(out->payload, wire + 4, len);'],
  ]),
);
const bug = (i: number) => ({ ...BUG, line: 10 * i + 1 });

describe('the time limit in the review stage', () => {
  it('starts no call after the limit, lets the call in flight finish within the grace, and lists the rest as not reviewed', async () => {
    const base = wellBehaved({ 'src/packet.cpp': [[bug(1), bug(2), bug(3)]] });
    // The first call answers at once; the second is still in flight at the limit and answers within the grace.
    server = await startModelServer((request, index) => ({
      ...(base(request, index) as { content: string }),
      delayMs: index === 1 ? 3000 : 0,
    }));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false', concurrency: '1' });
    const deadline = Deadline.of(2 / 60, Date.now(), 4000); // 2 s, then 4 s of grace
    const started = Date.now();
    const outcome = await within(15_000, reviewSlices({ slices, pr: { title: 't', body: '' }, settings, tuning: FAST, deadline }));

    expect(Date.now() - started).toBeLessThan(6000);
    expect(server.requests).toHaveLength(2); // the third slice's call would start after the limit
    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(outcome.findings.length).toBeGreaterThan(0);
    expect(outcome.calls.map((c) => c.outcome)).toEqual(['ok', 'ok', 'time-limit']);
    expect(outcome.unreviewed).toEqual([
      expect.objectContaining({ reason: 'not reviewed: not sent: the time limit time-limit-minutes=0.03333333333333333 was reached' }),
    ]);
    expect(outcome.incompleteReasons).toEqual([
      expect.stringMatching(
        /^the time limit time-limit-minutes=\S+ was reached: 1 model call\(s\) were not sent or were cut off, 1 slice\(s\) were not reviewed; what was found before is reported$/,
      ),
    ]);
    expect(outcome.usage.calls).toBe(2); // a call never sent is not counted
  });

  it('cuts off a call still in flight a grace after the limit, and retries nothing after it', async () => {
    server = await startModelServer(() => ({ content: '{}', delayMs: 20_000 }));
    const settings = testSettings(server.url, { reviewers: '2', validator: 'false', concurrency: '4', 'max-retries': '3' });
    const deadline = Deadline.of(0.5 / 60, Date.now(), 500); // 0.5 s, then 0.5 s of grace
    const started = Date.now();
    const outcome = await within(
      10_000,
      reviewSlices({ slices: slices.slice(0, 1), pr: { title: 't', body: '' }, settings, tuning: FAST, deadline }),
    );

    expect(Date.now() - started).toBeLessThan(3000);
    expect(server.requests).toHaveLength(2);
    expect(outcome.calls.map((c) => [c.outcome, c.error])).toEqual([
      ['time-limit', expect.stringMatching(/^cut off: the time limit time-limit-minutes=\S+ was reached 1 s before$/)],
      ['time-limit', expect.stringMatching(/^cut off:/)],
    ]);
    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(outcome.unreviewed).toEqual([
      expect.objectContaining({ path: 'src/packet.cpp', reason: expect.stringMatching(/^not reviewed: cut off/) }),
    ]);
  });

  it('does not wait out a Retry-After that ends past the limit', async () => {
    server = await startModelServer(() => ({ status: 429, headers: { 'retry-after': '30' }, body: { error: { message: 'slow down' } } }));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false', 'max-retries': '3' });
    const deadline = Deadline.of(1 / 60, Date.now(), 500);
    const started = Date.now();
    const outcome = await within(
      10_000,
      reviewSlices({
        slices: slices.slice(0, 1),
        pr: { title: 't', body: '' },
        settings,
        tuning: { retry: { baseDelayMs: 5, maxDelayMs: 20, maxTotalWaitMs: 120_000 } },
        deadline,
      }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(outcome.calls[0]?.error).toMatch(/would start after the time limit time-limit-minutes=/);
  });
});

describe('the time limit in the slicing stage', () => {
  it('slices no file after the limit: each is listed as missed, the run is incomplete, no model is called', async () => {
    const repo = createRepo();
    try {
      for (const name of ['a', 'b', 'c']) repo.write(`src/${name}.c`, `int ${name}(int x) {\n  return x;\n}\n`);
      const base = repo.commit('base');
      for (const name of ['a', 'b', 'c']) repo.write(`src/${name}.c`, `int ${name}(int x) {\n  x += 1;\n  return x;\n}\n`);
      const head = repo.commit('head');
      server = await startModelServer(wellBehaved({}));
      const settings = testSettings(server.url, { reviewers: '1', validator: 'false' });
      const deadline = Deadline.of(1 / 60, Date.now() - 2000); // already reached
      const { result } = await runReview({ repoDir: repo.dir, base, head, settings, pr: { title: 't', body: '' }, deadline });

      expect(result.incompleteReasons).not.toEqual([]);
      expect(result.slices).toEqual([]);
      expect(server.requests).toHaveLength(0);
      expect(result.unreviewed.map((u) => [u.path, u.reason])).toEqual(
        ['a', 'b', 'c'].map((n) => [`src/${n}.c`, "not sliced: the run's time limit (time-limit-minutes) was reached first"]),
      );
      expect(result.incompleteReasons).toEqual([expect.stringMatching(/^3 changed file\(s\) could not be sliced and were not reviewed/)]);
    } finally {
      repo.cleanup();
    }
  });
});
