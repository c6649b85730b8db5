/**
 * The one retry loop for calls over the network (model calls, GitHub reads). What differs between
 * them is data: the policy (how many tries, how long to wait) and the rules (which failures are
 * worth another try, what wait an answer asks for, what error to throw when retrying stops).
 */

/** How often and how long one call is tried again. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubles on each retry. */
  baseDelayMs: number;
  /** Cap of one backoff delay (a longer wait the answer asks for is still honoured, within maxTotalWaitMs). */
  maxDelayMs: number;
  /** Cap of all waiting for one call; a wait beyond it ends the retries. */
  maxTotalWaitMs: number;
  /** Each backoff a random point of its upper half, so calls that failed together do not come back together. */
  jitter?: boolean;
}

/** Why retrying stopped. */
export type GiveUp =
  /** The failure is not worth another try. */
  | { kind: 'not-retryable' }
  /** `maxRetries` retries were made. */
  | { kind: 'retries-spent' }
  /** The next wait would take all waiting past `maxTotalWaitMs`. */
  | { kind: 'over-budget'; waitMs: number }
  /** The next try would start after the run's time limit. */
  | { kind: 'time-limit'; waitMs: number };

/** What one kind of call says about its failures. */
export interface RetryRules {
  retryable(error: unknown): boolean;
  /** The wait the failed answer asks for (Retry-After, a rate limit's reset); null when it names none. */
  waitAskedFor(error: unknown): number | null;
  /** What to throw when retrying stops after `retries` retries: the last error, told why. */
  giveUp(error: unknown, retries: number, why: GiveUp): unknown;
  /** Hears about each wait before it starts. */
  onWait?(waitMs: number, error: unknown, retries: number): void;
  /** No retry starts after this time limit. */
  deadline?: { remainingMs(): number };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before retry number `retries` + 1 when the answer names none. */
export function backoffMs(policy: RetryPolicy, retries: number): number {
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retries);
  return policy.jitter ? delay * (0.5 + Math.random() / 2) : delay;
}

/**
 * Runs `attempt` until it succeeds or the rules or the policy end the retries; then throws what
 * `rules.giveUp` makes of the last error. Answers the value and how many retries it took.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  rules: RetryRules,
): Promise<{ value: T; retries: number }> {
  let waited = 0;
  for (let retries = 0; ; retries++) {
    try {
      return { value: await attempt(), retries };
    } catch (error) {
      if (!rules.retryable(error)) throw rules.giveUp(error, retries, { kind: 'not-retryable' });
      if (retries >= policy.maxRetries) throw rules.giveUp(error, retries, { kind: 'retries-spent' });
      const wait = rules.waitAskedFor(error) ?? backoffMs(policy, retries);
      if (waited + wait > policy.maxTotalWaitMs) throw rules.giveUp(error, retries, { kind: 'over-budget', waitMs: wait });
      if (rules.deadline !== undefined && wait >= rules.deadline.remainingMs())
        throw rules.giveUp(error, retries, { kind: 'time-limit', waitMs: wait });
      waited += wait;
      rules.onWait?.(wait, error, retries);
      await sleep(wait);
    }
  }
}
