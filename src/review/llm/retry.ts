import { APIConnectionError, APIError } from 'openai';

/** How transport failures of one model call are retried. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubles on each retry, with jitter. */
  baseDelayMs: number;
  /** Cap of one backoff delay (a longer Retry-After is still honoured, within maxTotalWaitMs). */
  maxDelayMs: number;
  /** Cap of all waiting for one call; a Retry-After beyond it ends the retries. */
  maxTotalWaitMs: number;
}

/** The last error of a call that was retried until a bound was hit (or was not retryable). */
export class RetriesExhausted extends Error {
  constructor(
    readonly retries: number,
    override readonly cause: unknown,
    why: string,
  ) {
    super(`${describeError(cause)}${why ? ` (${why})` : ''}`);
    this.name = 'RetriesExhausted';
  }
}

/** No answer within the per-call timeout. */
export class CallTimeout extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'CallTimeout';
  }
}

/**
 * The endpoint answered 200 but not with a chat completion (no choices, no message, a body that is
 * not JSON): a proxy or server fault, retried like a 5xx.
 */
export class MalformedAnswer extends Error {
  constructor(problem: string) {
    super(`the endpoint answered 200 without a usable chat completion: ${problem}`);
    this.name = 'MalformedAnswer';
  }
}

/** 429, 408, 409 and 5xx answers, malformed 200 answers, resets and timeouts are worth another try; nothing else is. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof CallTimeout || error instanceof MalformedAnswer) return true;
  if (error instanceof APIConnectionError) return true; // resets, refused connections, timeouts
  if (error instanceof APIError && typeof error.status === 'number') {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}

/** The wait an answer asks for, from `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof APIError) || !error.headers) return null;
  const ms = Number.parseFloat(error.headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const header = error.headers.get('retry-after');
  if (header === null) return null;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function describeError(error: unknown): string {
  if (error instanceof APIError && typeof error.status === 'number') return `HTTP ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, a non-retryable error occurs, or a bound is hit. `onWait` hears
 * about every wait before it starts (the client pauses all calls on a 429's Retry-After).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  onWait: (ms: number, error: unknown) => void = () => undefined,
): Promise<{ value: T; retries: number }> {
  let waited = 0;
  for (let retries = 0; ; retries++) {
    try {
      return { value: await attempt(), retries };
    } catch (error) {
      if (!isRetryable(error)) throw new RetriesExhausted(retries, error, retries > 0 ? `after ${retries} retries` : '');
      if (retries >= policy.maxRetries) throw new RetriesExhausted(retries, error, `gave up after ${retries} retries`);
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retries) * (0.5 + Math.random() / 2);
      const wait = retryAfterMs(error) ?? backoff;
      if (waited + wait > policy.maxTotalWaitMs) {
        throw new RetriesExhausted(retries, error, `retrying would wait ${Math.round(wait)} ms, past the ${policy.maxTotalWaitMs} ms retry budget`);
      }
      waited += wait;
      onWait(wait, error);
      await sleep(wait);
    }
  }
}
