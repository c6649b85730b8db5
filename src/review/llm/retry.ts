import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { Deadline } from '../../support/deadline.js';
import { withRetries as retry, type GiveUp, type RetryPolicy } from '../../support/retry.js';

/** The last error of a call that was retried until a bound was hit (or was not retryable). */
export class RetriesExhausted extends Error {
  constructor(
    readonly retries: number,
    override readonly cause: unknown,
    /** Why the retries ended ("gave up after 4 retries"); empty when the error was not retryable. */
    readonly why: string,
  ) {
    super(`${describeError(cause)}${why ? ` (${why})` : ''}`);
    this.name = 'RetriesExhausted';
  }

  /** The message with the endpoint named in a connection failure. */
  describe(endpoint: string): string {
    return `${describeError(this.cause, endpoint)}${this.why ? ` (${this.why})` : ''}`;
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

/** One line saying what failed; a connection failure says where (`endpoint`) and why: refused, DNS, TLS, timeout, reset. */
export function describeError(error: unknown, endpoint?: string): string {
  if (error instanceof APIError && typeof error.status === 'number') return `HTTP ${error.message}`;
  if (error instanceof APIConnectionError) return describeConnectionFailure(error, endpoint ?? 'the model endpoint');
  return error instanceof Error ? error.message : String(error);
}

/** Error codes by what they mean to someone fixing the endpoint's address or network. */
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TIMEOUT = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const TLS = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** The root causes of a fetch failure (the SDK wraps undici's error, which wraps the socket's; several addresses give an AggregateError). */
function rootCauses(error: unknown): { code: string; message: string }[] {
  const found: { code: string; message: string }[] = [];
  const visit = (e: unknown, depth: number): void => {
    if (depth > 8 || typeof e !== 'object' || e === null) return;
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (Array.isArray(errors)) errors.forEach((inner) => visit(inner, depth + 1));
    if (cause !== undefined) visit(cause, depth + 1);
    else if (typeof message === 'string') found.push({ code: typeof code === 'string' ? code : '', message: message.split('\n')[0] ?? '' });
  };
  visit(error, 0);
  return found;
}

/** "cannot connect to http://host:1234/v1: connection refused (ECONNREFUSED)", and the like for DNS, TLS, timeouts and resets. */
export function describeConnectionFailure(error: APIConnectionError, endpoint: string): string {
  if (error instanceof APIConnectionTimeoutError) return `no answer from ${endpoint} in time (timeout)`;
  const causes = rootCauses(error);
  const has = (test: (code: string) => boolean) => causes.find((c) => test(c.code));
  const refused = has((c) => c === 'ECONNREFUSED');
  if (refused) return `cannot connect to ${endpoint}: connection refused (ECONNREFUSED; is the server running and the port right?)`;
  const dns = has((c) => DNS.has(c));
  if (dns) return `cannot connect to ${endpoint}: DNS lookup failed (${dns.code}; is the host name right?)`;
  const tls = has((c) => TLS.test(c));
  if (tls) return `cannot connect to ${endpoint}: TLS failed (${tls.code}: ${tls.message.replace(/^[0-9A-F]+:error:[0-9A-F]+:/, '')})`;
  const timeout = has((c) => TIMEOUT.has(c));
  if (timeout) return `cannot connect to ${endpoint}: timeout (${timeout.code})`;
  const reset = has((c) => RESET.has(c));
  if (reset) return `the connection to ${endpoint} was reset (${reset.code})`;
  const blocked = causes.find((c) => c.message === 'bad port');
  if (blocked) return `cannot connect to ${endpoint}: the port is one that fetch refuses to use (a blocked port)`;
  const last = causes.at(-1);
  return `cannot connect to ${endpoint}: ${last ? `${last.message}${last.code ? ` (${last.code})` : ''}` : error.message}`;
}

/** Why the retries of a model call ended, for RetriesExhausted. */
function why(retries: number, giveUp: GiveUp, policy: RetryPolicy, deadline?: Deadline): string {
  switch (giveUp.kind) {
    case 'not-retryable':
      return retries > 0 ? `after ${retries} retries` : '';
    case 'retries-spent':
      return retries > 0 ? `gave up after ${retries} retries` : 'no retry: max-retries is 0';
    case 'over-budget':
      return `retrying would wait ${Math.round(giveUp.waitMs)} ms, past the ${policy.maxTotalWaitMs} ms retry budget`;
    case 'time-limit':
      return `a retry in ${Math.round(giveUp.waitMs)} ms would start after the time limit ${deadline?.describe() ?? ''}`;
  }
}

/**
 * Runs `attempt` until it succeeds, a non-retryable error occurs, or a bound is hit: the retry
 * policy's, or the run's time limit (no retry starts after it). `onWait` hears about every wait
 * before it starts (the client pauses all calls on a 429's Retry-After).
 */
export function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  onWait: (ms: number, error: unknown) => void = () => undefined,
  deadline?: Deadline,
): Promise<{ value: T; retries: number }> {
  return retry(attempt, policy, {
    retryable: isRetryable,
    waitAskedFor: retryAfterMs,
    giveUp: (error, retries, giveUp) => new RetriesExhausted(retries, error, why(retries, giveUp, policy, deadline)),
    onWait,
    ...(deadline !== undefined ? { deadline } : {}),
  });
}
