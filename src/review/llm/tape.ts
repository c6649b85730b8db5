/**
 * Record and replay of model calls, at the model client's boundary: the `fetch` the openai client
 * sends its HTTP requests through. Recording stores every request (role, model, the exact
 * messages, the other parameters) with the answer (status and body, usage, latency), keyed by a
 * hash of the request body; headers, and with them the API key, are never stored, and what is
 * stored goes through the redaction point (the key could be quoted in a prompt). Replay answers
 * from the recording with no network; a request that is not in it is noted as a miss, and the
 * engine fails the run naming the case, slice and role.
 *
 * The N reviewers of a slice send the identical request, so a request is told apart by which
 * occurrence of its logical call it belongs to (assigned in the order the calls start, which is
 * deterministic) and by its attempt within that call (transport retries send the same body again).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../../safety/redact.js';
import { writeFileSafely } from '../../safety/write-file.js';
import type { Role } from '../../types.js';

export type TapeMode = 'record' | 'replay';

/** One HTTP exchange with the model endpoint, as stored (one JSON object per line). */
export interface Exchange {
  /** SHA-256 of the request body (keys sorted). */
  key: string;
  /** Which call with this prompt it belongs to: the N reviewers of a slice send the same prompt. */
  occurrence: number;
  /** Which request of that call with this body: transport retries send it again. */
  attempt: number;
  role: Role;
  model: string;
  sliceId: string | null;
  request: { messages: unknown[]; parameters: Record<string, unknown> };
  /** The HTTP answer, or the transport failure (reset, timeout) that stood for one. */
  response: { status: number; body: unknown } | { failure: string };
  usage: { promptTokens: number; completionTokens: number } | null;
  latencyMs: number;
}

/** A request replay could not answer. */
export interface ReplayMiss {
  role: Role;
  model: string;
  sliceId: string | null;
  key: string;
  occurrence: number;
  attempt: number;
}

/** Replay could not answer the run from its recording; the message says what and how to fix it. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayError';
  }
}

/** What a logical call (one ModelClient.complete) tells the tape about itself. */
export interface CallMeta {
  role: Role;
  model: string;
  sliceId: string | null;
  system: string;
  user: string;
}

interface Scope {
  meta: CallMeta;
  occurrence: number;
  /** Requests sent so far by this call, per body key. */
  attempts: Map<string, number>;
}

const ROLE_ORDER: Record<Role, number> = { reviewer: 0, 'meta-reviewer': 1, validator: 2, translator: 3, responder: 4 };

/** JSON with object keys sorted, so equal requests hash equally whatever order the SDK wrote them in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const slot = (key: string, occurrence: number, attempt: number): string => `${key}#${occurrence}#${attempt}`;

/** Record every model request and answer in `dir`, or answer them from a recording there; null: the endpoint answers. */
export type TapeSetting = { mode: 'record' | 'replay'; dir: string } | null;

/** The tape of one run (`name`, e.g. a case's id, names its file in the folder), or null when the endpoint answers. */
export function openTape(setting: TapeSetting, name: string, label: string): CallTape | null {
  if (setting === null) return null;
  return setting.mode === 'record' ? CallTape.record(setting.dir, name, label) : CallTape.replay(setting.dir, name, label);
}

/**
 * One run's recording (a review, or one case of an evaluation): `DIR/<name>.jsonl`. Give its
 * `fetch` to the openai client and wrap each logical call in `call`.
 */
export class CallTape {
  /** Requests that went to the endpoint (always 0 in replay). */
  sent = 0;
  /** Requests answered from the recording. */
  replayed = 0;
  readonly misses: ReplayMiss[] = [];
  private readonly exchanges: Exchange[] = [];
  private readonly recorded = new Map<string, Exchange>();
  private readonly occurrences = new Map<string, number>();
  private readonly scope = new AsyncLocalStorage<Scope>();

  private constructor(
    readonly mode: TapeMode,
    readonly file: string,
    /** How messages name the run, e.g. "case 'packet-overflow'". */
    readonly label: string,
  ) {}

  /** Records into `DIR/<name>.jsonl` (written by `save`). */
  static record(dir: string, name: string, label: string): CallTape {
    return new CallTape('record', path.join(dir, `${name}.jsonl`), label);
  }

  /** Replays from `DIR/<name>.jsonl`; throws ReplayError when there is no such recording or it is damaged. */
  static replay(dir: string, name: string, label: string): CallTape {
    const tape = new CallTape('replay', path.join(dir, `${name}.jsonl`), label);
    if (!existsSync(tape.file)) {
      throw new ReplayError(`replay: ${label} has no recording: ${tape.file} does not exist (record it with --record ${dir}).`);
    }
    readFileSync(tape.file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (text.trim() === '') return;
        let exchange: Exchange;
        try {
          exchange = JSON.parse(text) as Exchange;
        } catch (error) {
          throw new ReplayError(`replay: ${tape.file}:${i + 1} is not valid JSON (${(error as Error).message}); record ${label} again.`);
        }
        if (
          typeof exchange.key !== 'string' ||
          !Number.isInteger(exchange.occurrence) ||
          !Number.isInteger(exchange.attempt) ||
          typeof exchange.response !== 'object' ||
          exchange.response === null
        ) {
          throw new ReplayError(
            `replay: ${tape.file}:${i + 1} is not a recorded exchange (key, occurrence, attempt and response are required); record ${label} again.`,
          );
        }
        tape.recorded.set(slot(exchange.key, exchange.occurrence, exchange.attempt), exchange);
      });
    return tape;
  }

  /** Runs one logical model call so that the requests it sends are tied to its role, slice and occurrence. */
  call<T>(meta: CallMeta, work: () => Promise<T>): Promise<T> {
    // Counted before the first await: calls started in a fixed order get the same occurrences every run.
    const prompt = sha256(canonicalJson([meta.role, meta.model, meta.system, meta.user]));
    const occurrence = this.occurrences.get(prompt) ?? 0;
    this.occurrences.set(prompt, occurrence + 1);
    return this.scope.run({ meta, occurrence, attempts: new Map() }, work);
  }

  /** The `fetch` for the openai client. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const scope = this.scope.getStore();
    if (scope === undefined) throw new Error('a model request was sent outside CallTape.call');
    const text = typeof init?.body === 'string' ? init.body : '';
    const body = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    const key = sha256(canonicalJson(body));
    const attempt = scope.attempts.get(key) ?? 0;
    scope.attempts.set(key, attempt + 1);
    return this.mode === 'replay' ? this.answer(scope, key, attempt) : this.forward(input, init, scope, body, key, attempt);
  };

  private answer(scope: Scope, key: string, attempt: number): Response {
    const exchange = this.recorded.get(slot(key, scope.occurrence, attempt));
    if (exchange === undefined) {
      const { role, model, sliceId } = scope.meta;
      this.misses.push({ role, model, sliceId, key, occurrence: scope.occurrence, attempt });
      // A client error, which is not retried: the call fails at once and the engine reports the miss.
      const message = `keybug replay: this request is not in the recording ${this.file}`;
      return new Response(JSON.stringify({ error: { message, type: 'keybug_replay_miss' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }
    this.replayed++;
    if ('failure' in exchange.response) throw new TypeError(`fetch failed (replayed: ${exchange.response.failure})`);
    // Recorded waits (Retry-After) are not replayed: a replay does not wait.
    return new Response(JSON.stringify(exchange.response.body), {
      status: exchange.response.status,
      headers: { 'content-type': 'application/json' },
    });
  }

  private async forward(
    input: string | URL | Request,
    init: RequestInit | undefined,
    scope: Scope,
    body: Record<string, unknown>,
    key: string,
    attempt: number,
  ): Promise<Response> {
    const { messages, model: _model, ...parameters } = body;
    const { role, model, sliceId } = scope.meta;
    const base = {
      key,
      occurrence: scope.occurrence,
      attempt,
      role,
      model,
      sliceId,
      request: { messages: Array.isArray(messages) ? messages : [], parameters },
    };
    const started = performance.now();
    this.sent++;
    let response: Response;
    let text: string;
    try {
      response = await fetch(input, init);
      text = await response.text();
    } catch (error) {
      const aborted = init?.signal?.aborted === true;
      const failure = aborted ? 'the call was aborted at its time limit' : `connection failed: ${(error as Error).message}`;
      this.exchanges.push({ ...base, response: { failure }, usage: null, latencyMs: Math.round(performance.now() - started) });
      throw error;
    }
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text: replay returns it as the same (broken) JSON string body.
    }
    const usage = (parsed as { usage?: { prompt_tokens?: number; completion_tokens?: number } } | null)?.usage;
    this.exchanges.push({
      ...base,
      response: { status: response.status, body: parsed },
      usage: usage ? { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 } : null,
      latencyMs: Math.round(performance.now() - started),
    });
    // The body is already decoded: its encoding and length headers no longer describe it.
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  }

  /** Writes the recording (record mode), replacing an earlier one of the same name; sorted, so a new recording of the same run differs only where answers do. */
  save(): void {
    if (this.mode !== 'record') return;
    const sorted = [...this.exchanges].sort(
      (a, b) =>
        (a.sliceId ?? '~').localeCompare(b.sliceId ?? '~', 'en', { numeric: true }) ||
        ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
        a.key.localeCompare(b.key) ||
        a.occurrence - b.occurrence ||
        a.attempt - b.attempt,
    );
    // Redacted line by line: a replay is keyed by the hash of what was sent, not by what is stored.
    const lines = sorted.map((e) => redact(JSON.stringify(e))).join('\n');
    writeFileSafely(this.file, lines === '' ? '' : lines + '\n');
  }

  /**
   * Throws when replay could not answer a request, naming the run, the slice and the role of the
   * first miss (`describeSlice` turns a slice id into words, e.g. "s2 (src/a.c:10-14)").
   */
  assertReplayed(describeSlice: (sliceId: string) => string = (id) => id): void {
    const miss = this.misses[0];
    if (miss === undefined) return;
    const where = miss.sliceId === null ? 'over all findings' : `on slice ${describeSlice(miss.sliceId)}`;
    const others = this.misses.length > 1 ? ` (and ${this.misses.length - 1} more request(s))` : '';
    throw new ReplayError(
      `replay: ${this.label}: the ${miss.role} request ${where} with model ${miss.model} is not in the recording ${this.file}${others} ` +
        `(request ${miss.key.slice(0, 12)}, call ${miss.occurrence + 1} with this prompt, attempt ${miss.attempt + 1}). ` +
        'The prompts, the code under review or the settings differ from the recorded run; record it again with --record.',
    );
  }
}
