import { describe, expect, it } from '@jest/globals';
import { backoffMs, withRetries, type GiveUp, type RetryPolicy } from '../../src/support/retry.js';

/** A call that fails with the given errors in turn, then answers 'ok'. */
function failing(errors: unknown[]): { attempt: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    attempt: async () => {
      const error = errors[calls++];
      if (error !== undefined) throw error;
      return 'ok';
    },
    calls: () => calls,
  };
}

const POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 4, maxTotalWaitMs: 1_000 };
const transient = new Error('transient');
const fatal = new Error('fatal');

function rules(waitAskedFor: (error: unknown) => number | null = () => null) {
  const stops: GiveUp[] = [];
  const waits: number[] = [];
  return {
    stops,
    waits,
    rules: {
      retryable: (error: unknown) => error === transient,
      waitAskedFor,
      giveUp: (error: unknown, retries: number, why: GiveUp) => (
        stops.push(why),
        new Error(`${(error as Error).message} after ${retries}`)
      ),
      onWait: (ms: number) => void waits.push(ms),
    },
  };
}

describe('withRetries', () => {
  it('tries again after retryable failures and says how many retries it took', async () => {
    const call = failing([transient, transient]);
    const r = rules();
    await expect(withRetries(call.attempt, POLICY, r.rules)).resolves.toEqual({ value: 'ok', retries: 2 });
    expect(r.waits).toEqual([1, 2]);
  });

  it('stops at once on a failure that is not retryable, and after maxRetries retries', async () => {
    const r = rules();
    await expect(withRetries(failing([transient, fatal]).attempt, POLICY, r.rules)).rejects.toThrow('fatal after 1');
    await expect(withRetries(failing([transient, transient, transient, transient, transient]).attempt, POLICY, r.rules)).rejects.toThrow(
      'transient after 3',
    );
    expect(r.stops).toEqual([{ kind: 'not-retryable' }, { kind: 'retries-spent' }]);
  });

  it('honours the wait an answer asks for, and gives up when it would pass the budget', async () => {
    const r = rules(() => 600);
    const call = failing([transient, transient]);
    await expect(withRetries(call.attempt, { ...POLICY, baseDelayMs: 0 }, r.rules)).rejects.toThrow('transient after 1');
    expect(r.waits).toEqual([600]);
    expect(r.stops).toEqual([{ kind: 'over-budget', waitMs: 600 }]);
    expect(call.calls()).toBe(2);
  });

  it('starts no retry after the time limit', async () => {
    const r = rules();
    await expect(withRetries(failing([transient]).attempt, POLICY, { ...r.rules, deadline: { remainingMs: () => 0 } })).rejects.toThrow(
      'transient after 0',
    );
    expect(r.stops).toEqual([{ kind: 'time-limit', waitMs: 1 }]);
  });
});

describe('backoffMs', () => {
  it('doubles from the base delay up to the cap, jittered within its upper half when asked', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffMs({ ...POLICY, baseDelayMs: 100, maxDelayMs: 500 }, n))).toEqual([100, 200, 400, 500, 500]);
    for (let i = 0; i < 20; i++) {
      const wait = backoffMs({ ...POLICY, baseDelayMs: 100, maxDelayMs: 500, jitter: true }, 2);
      expect(wait).toBeGreaterThanOrEqual(200);
      expect(wait).toBeLessThanOrEqual(400);
    }
  });
});
