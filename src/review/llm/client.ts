import OpenAI, { APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { Deadline, TimeLimitReached } from '../../support/deadline.js';
import type { ModelCall, Role } from '../../types.js';
import { estimateTokens } from '../../support/tokens.js';
import { extractJson } from './extract.js';
import { FALLBACK, rejectsFormat, responseFormat, type ResponseFormat } from './format.js';
import type { Limiter } from './limiter.js';
import { validateEach, validateJson, type JsonSchema } from './json-schema.js';
import type { CallTape } from './tape.js';
import { sleep, type RetryPolicy } from '../../support/retry.js';
import { CallTimeout, describeError, MalformedAnswer, RetriesExhausted, withRetries } from './retry.js';
import type { TokenBudget } from './token-budget.js';
import { rejectsTools, ToolConversation, withoutRequests, type NativeCall, type Reply } from './tool-round.js';
import type { ToolSession } from '../tools/index.js';

export interface ClientOptions {
  apiKey: string;
  baseUrl: string | null;
  temperature: number;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Records or replays every request (see tape.ts); absent, requests go to the endpoint as they are. */
  tape?: CallTape | null;
  /** The run's time limit: no call or retry starts after it, calls in flight are cut off a grace later. */
  deadline?: Deadline;
}

/** One structured request: the answer must be a JSON object valid against `schema` (and `check`). */
export interface ModelRequest<T> {
  role: Role;
  model: string;
  sliceId: string | null;
  system: string;
  user: string;
  /** Name of the output contract, sent with structured outputs (letters, digits, _ and -). */
  schemaName: string;
  schema: JsonSchema;
  /** What answers are checked against when it is laxer than `schema` (a field the model may leave out); default `schema`. */
  accepts?: JsonSchema;
  /**
   * The top-level array property whose items are validated one by one: an invalid item is left out
   * of the value and reported in `ModelAnswer.rejected`, the rest of the answer is kept.
   */
  items?: string;
  /** Checks the schema cannot express (ids that must exist ...); returns problems, empty when fine. */
  check?: (value: T) => string[];
  /** Limiter priority, higher first (see PRIORITY in review/context.ts). */
  priority: number;
  /** Expected answer tokens, reserved with the prompt's against the token budget. */
  answerTokens: number;
  /**
   * The repository tools this call may use: a session with its caps, and whether the endpoint's
   * tool calling is required (`tools: on`) or the JSON round may stand in for it (`auto`). Absent: none.
   */
  tools?: { session: ToolSession; required: boolean } | null;
}

/** The token budget refused the call: it is recorded as skipped, not failed. */
class Refused extends Error {}

/** An earlier call showed the endpoint, key or model is wrong: this one is not sent. */
class NotSent extends Error {
  constructor(why: string) {
    super(`not sent: ${why}`);
  }
}

/** What one call carries across its attempts. */
interface Pending {
  /** Tokens reserved against the budget, released when the call ends. */
  reserved?: number;
  sentAt?: number;
}

export interface ModelAnswer<T> {
  /** The validated answer; null when the call failed or its output stayed invalid. */
  value: T | null;
  call: ModelCall;
  /** Items of the `items` array left out of `value` as invalid: the item as answered and why. */
  rejected: RejectedItem[];
}

/** One item of an answer's array that did not validate. */
export interface RejectedItem {
  /** Its index in the array as the model answered it. */
  index: number;
  item: unknown;
  reason: string;
}

/** A limiter task's answer when the token budget asks the call to wait for the first call's end. */
const WAIT_FOR_FIRST_CALL = Symbol('wait for the first call');

/** Characters of an invalid answer quoted back in the corrective retry. */
const QUOTED_ANSWER_CHARS = 4000;

/**
 * The only module that talks to the model. Every call goes through the shared limiter and the
 * token budget (a refused call is recorded as skipped-budget), is retried on transport failures
 * (the SDK's own retries are off so retries are counted and bounded here), falls back from
 * structured outputs to JSON mode to text extraction when the endpoint rejects a format, and gets
 * one corrective retry when its answer does not validate. It never throws for a model's failure:
 * the outcome is recorded in the returned call.
 */
export class ModelClient {
  private readonly openai: OpenAI;
  private readonly formats = new Map<string, ResponseFormat>();
  /** Set by a 429's Retry-After: no request of this client starts before then. */
  private pausedUntil = 0;
  /** Set after a 401: the key is wrong for every model of the endpoint, so no later call is sent. */
  private keyRejected: string | null = null;
  /** Models the endpoint refused (403) or does not know (404): later calls to them are not sent. */
  private readonly blockedModels = new Map<string, string>();
  /** Models whose endpoint refused tool calling: their calls use the JSON round. */
  private readonly toolRounds = new Set<string>();
  private readonly deadline: Deadline;

  constructor(
    private readonly options: ClientOptions,
    private readonly limiter: Limiter,
    private readonly budget: TokenBudget,
  ) {
    this.deadline = options.deadline ?? Deadline.none();
    this.openai = new OpenAI({
      // Local endpoints (Ollama, vLLM) need no key, but the SDK refuses to start without one.
      apiKey: options.apiKey || 'no-key',
      baseURL: options.baseUrl ?? undefined,
      maxRetries: 0,
      // Our own timer aborts first (see post); this only backs it up.
      timeout: options.timeoutMs + 5000,
      ...(options.tape ? { fetch: options.tape.fetch } : {}),
    });
  }

  /** The endpoint's base URL as the SDK uses it (the input, else OPENAI_BASE_URL, else OpenAI's), for messages. */
  get endpoint(): string {
    return this.openai.baseURL;
  }

  async complete<T>(request: ModelRequest<T>): Promise<ModelAnswer<T>> {
    const tape = this.options.tape;
    return tape ? tape.call(request, () => this.answer(request)) : this.answer(request);
  }

  private async answer<T>(request: ModelRequest<T>): Promise<ModelAnswer<T>> {
    const call: ModelCall = {
      role: request.role,
      model: request.model,
      sliceId: request.sliceId,
      promptTokens: 0,
      completionTokens: 0,
      latencyMs: 0,
      retries: 0,
      outcome: 'ok',
    };
    // Latency runs from the first request sent (not from joining the queue) to the last answer.
    const pending: Pending = {};
    const tools = request.tools
      ? new ToolConversation(
          request.tools.session,
          this.toolRounds.has(request.model) && !request.tools.required ? 'json' : 'native',
          request.tools.required,
        )
      : null;
    const finish = (value: T | null, rejected: RejectedItem[] = []): ModelAnswer<T> => {
      call.latencyMs = pending.sentAt === undefined ? 0 : Math.round(performance.now() - pending.sentAt);
      if (pending.reserved !== undefined) this.budget.settle(pending.reserved, call.promptTokens + call.completionTokens);
      if (rejected.length > 0) call.rejected = rejected.map((r) => `${request.items ?? 'item'}[${r.index}]: ${r.reason}`);
      if (tools !== null) call.tools = tools.session.use(tools.mode);
      return { value, call, rejected };
    };
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: tools === null ? request.system : tools.system(request.system) },
      { role: 'user', content: request.user },
    ];
    /** Reserves another round's tokens: what the conversation adds to every later request. */
    const room = (tokens: number): boolean => {
      if (!this.budget.extend(tokens)) return false;
      pending.reserved = (pending.reserved ?? 0) + tokens;
      return true;
    };
    for (let attempt = 0; attempt < 2;) {
      let reply: Reply;
      try {
        reply = await this.send(request, messages, call, pending, tools);
      } catch (error) {
        const cause = error instanceof RetriesExhausted ? error.cause : error;
        call.outcome = cause instanceof Refused ? 'skipped-budget' : cause instanceof TimeLimitReached ? 'time-limit' : 'error';
        call.error =
          cause instanceof Refused || cause instanceof TimeLimitReached
            ? cause.message
            : error instanceof RetriesExhausted
              ? error.describe(this.endpoint)
              : describeError(error, this.endpoint);
        return finish(null);
      }
      if (tools !== null && (await tools.follow(reply, messages, room))) continue;
      const content = reply.content ?? '';
      const problem = this.problemsOf(request, content, tools !== null && tools.mode === 'json');
      if (problem.error === undefined) return finish(problem.value, problem.rejected);
      call.error = problem.error;
      if (attempt === 0) {
        call.retries++;
        messages.push(
          { role: 'assistant', content: content.slice(0, QUOTED_ANSWER_CHARS) },
          {
            role: 'user',
            content: `Your answer could not be used: ${problem.error}\nAnswer again with only the JSON object of the required shape, no other text.`,
          },
        );
      }
      attempt++;
    }
    call.outcome = 'invalid-output';
    call.error = `invalid output after a corrective retry: ${call.error ?? 'unknown problem'}`;
    return finish(null);
  }

  /**
   * Parses and validates one answer; returns the value (without the invalid items of `request.items`,
   * which are returned apart) or the problem to quote back.
   */
  private problemsOf<T>(
    request: ModelRequest<T>,
    content: string,
    toolRequests = false,
  ): { value: T; rejected: RejectedItem[]; error?: undefined } | { value?: undefined; error: string } {
    const extracted = extractJson(content);
    if (!extracted.ok) return { error: extracted.error };
    const rejected: RejectedItem[] = [];
    // The JSON round's final answer carries an empty tool_requests, which is not the role's.
    let value = toolRequests ? withoutRequests(extracted.value) : extracted.value;
    if (request.items === undefined) {
      const errors = validateJson(request.accepts ?? request.schema, value);
      if (errors.length > 0) return { error: `the JSON does not match the schema: ${errors.join('; ')}` };
    } else {
      const key = request.items;
      const checked = validateEach(request.accepts ?? request.schema, value, key);
      if (checked.errors.length > 0) return { error: `the JSON does not match the schema: ${checked.errors.join('; ')}` };
      if (checked.invalid.length > 0) {
        const record = value as Record<string, unknown[]>; // validateEach found the array at `key`
        const bad = new Set(checked.invalid.map((i) => i.index));
        for (const { index, errors } of checked.invalid) rejected.push({ index, item: record[key]?.[index], reason: errors.join('; ') });
        value = { ...record, [key]: (record[key] ?? []).filter((_, i) => !bad.has(i)) };
      }
    }
    const typed = value as T; // validated against request.schema just above
    const extra = request.check?.(typed) ?? [];
    if (extra.length > 0) return { error: extra.join('; ') };
    return { value: typed, rejected };
  }

  /** One answer (its text and tool calls): transport retries, format and tool fallback and usage accounting happen here. */
  private async send<T>(
    request: ModelRequest<T>,
    messages: ChatCompletionMessageParam[],
    call: ModelCall,
    pending: Pending,
    tools: ToolConversation | null,
  ): Promise<Reply> {
    for (;;) {
      // Decided when the request gets its turn, so calls queued behind a fallback already use it.
      let format: ResponseFormat = 'json_schema';
      try {
        const { value: answer, retries } = await withRetries(
          async () => {
            for (;;) {
              if (this.deadline.passed()) throw new TimeLimitReached(this.deadline, 'not sent');
              // The budget's wait for the first call happens here, holding no concurrency slot.
              if (pending.reserved === undefined) await this.budget.ready();
              const turn = await this.limiter.run(request.priority, async () => {
                if (this.deadline.passed()) throw new TimeLimitReached(this.deadline, 'not sent');
                // Reserved once, when the call first gets its turn, so it sees what calls in flight hold.
                if (pending.reserved === undefined) {
                  const admission = this.budget.admit(estimateTokens(request.system + request.user), request.answerTokens);
                  if (admission === null) return WAIT_FOR_FIRST_CALL;
                  if (!admission.ok) throw new Refused(admission.reason);
                  pending.reserved = admission.tokens;
                }
                const blocked = this.keyRejected ?? this.blockedModels.get(request.model);
                if (blocked !== undefined) throw new NotSent(blocked);
                pending.sentAt ??= performance.now();
                format = this.formats.get(request.model) ?? 'json_schema';
                call.responseFormat = format;
                // A call queued behind one that found the endpoint without tool calling asks through JSON at once.
                if (tools?.mode === 'native' && !tools.required && this.toolRounds.has(request.model))
                  tools.useJson(messages, request.system);
                const offer = tools?.parameters(request.schema) ?? { body: {}, schema: request.schema };
                const body: ChatCompletionCreateParamsNonStreaming = {
                  model: request.model,
                  messages,
                  temperature: this.options.temperature,
                  ...responseFormat(format, request.schemaName, offer.schema),
                  ...offer.body,
                };
                const completion = await this.startAfterPause(() => this.post(body)).catch((error: unknown) => {
                  this.learnFrom(error, request.model, format, tools);
                  throw error;
                });
                return { completion, reply: replyOf(completion) };
              });
              if (turn !== WAIT_FOR_FIRST_CALL) return turn;
            }
          },
          this.options.retry,
          (ms, error) => {
            if (error instanceof APIError && error.status === 429) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
          },
          this.deadline,
        );
        call.retries += retries;
        const { completion, reply } = answer;
        const content = reply.content ?? JSON.stringify(reply.toolCalls);
        const promptEstimate = estimateTokens(
          messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''))).join('\n'),
        );
        const reported = completion.usage?.prompt_tokens;
        if (typeof reported === 'number') this.budget.calibrate(promptEstimate, reported);
        call.promptTokens += typeof reported === 'number' ? reported : promptEstimate;
        const completed = completion.usage?.completion_tokens;
        call.completionTokens += typeof completed === 'number' ? completed : estimateTokens(content);
        return reply;
      } catch (error) {
        if (!(error instanceof RetriesExhausted)) throw error;
        call.retries += error.retries;
        if (rejectsFormat(error.cause) && FALLBACK[format] !== null) {
          call.retries++;
          continue;
        }
        if (tools?.mode === 'native' && rejectsTools(error.cause)) {
          if (tools.required)
            throw new Error(
              `the endpoint refused tool calling (${describeError(error.cause, this.endpoint)}), which tools: on requires; set tools to auto to ask for tools through the JSON answer, or off`,
              { cause: error },
            );
          tools.useJson(messages, request.system);
          call.retries++;
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * Remembers what an error says about the endpoint before the limiter lets the next call start:
   * a refused response format moves this model to the next format; a 401 means the key is wrong
   * for every call; a 403/404 means this model is not available, which says nothing of the others.
   */
  private learnFrom(error: unknown, model: string, format: ResponseFormat, tools: ToolConversation | null): void {
    if (!(error instanceof APIError)) return;
    const fallback = FALLBACK[format];
    if (rejectsFormat(error) && fallback !== null && (this.formats.get(model) ?? 'json_schema') === format)
      this.formats.set(model, fallback);
    else if (tools?.mode === 'native' && !tools.required && rejectsTools(error)) this.toolRounds.add(model);
    if (error.status === 401) this.keyRejected ??= `the endpoint answered ${describeError(error)}`;
    if (error.status === 403 || error.status === 404) {
      if (!this.blockedModels.has(model)) this.blockedModels.set(model, `the endpoint answered ${describeError(error)} for model ${model}`);
    }
  }

  /**
   * One HTTP request with our own timeout, so a timeout is told apart from other aborts everywhere;
   * the run's time limit cuts it off too (a grace after the limit).
   */
  private async post(body: ChatCompletionCreateParamsNonStreaming): Promise<ChatCompletion> {
    const { timeoutMs } = this.options;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await this.openai.chat.completions.create(body, { signal: AbortSignal.any([controller.signal, this.deadline.cutOff]) });
    } catch (error) {
      if (this.deadline.cutOff.aborted) throw new TimeLimitReached(this.deadline, 'cut off');
      if (controller.signal.aborted) throw new CallTimeout(timeoutMs);
      // The SDK parses a JSON-typed 200 body itself; one that is not JSON surfaces as a SyntaxError.
      if (error instanceof SyntaxError) throw new MalformedAnswer(`the body is not JSON (${error.message})`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async startAfterPause<R>(work: () => Promise<R>): Promise<R> {
    const wait = this.pausedUntil - Date.now();
    if (wait > 0) await sleep(Math.min(wait, this.deadline.remainingMs()));
    if (this.deadline.passed()) throw new TimeLimitReached(this.deadline, 'not sent');
    return work();
  }
}

/**
 * The text and tool calls of a completion's first choice. A 200 answer without either (no choices,
 * no message, not even an object: some proxies answer errors with status 200) is a MalformedAnswer,
 * retried like a 5xx; a refusal is the model's answer and is not retried.
 */
function replyOf(completion: unknown): Reply {
  if (typeof completion !== 'object' || completion === null)
    return malformed(`the body is ${completion === undefined ? 'empty' : JSON.stringify(completion).slice(0, 120)}`);
  const choices = (completion as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    const error = (completion as { error?: { message?: unknown } }).error;
    return malformed(
      typeof error?.message === 'string'
        ? `it holds an error: ${error.message.slice(0, 200)}`
        : `it has no choices (${Array.isArray(choices) ? 'an empty list' : 'no "choices" field'})`,
    );
  }
  const first = choices[0] as { message?: { content?: unknown; refusal?: unknown; tool_calls?: unknown }; finish_reason?: unknown } | null;
  const message = first?.message;
  if (typeof message !== 'object' || message === null) return malformed('choices[0] has no message');
  const toolCalls = toolCallsOf(message.tool_calls);
  if (typeof message.content === 'string') return { content: message.content, toolCalls };
  if (toolCalls.length > 0) return { content: null, toolCalls };
  if (typeof message.refusal === 'string' && message.refusal !== '') throw new Error(`the model refused: ${message.refusal.slice(0, 200)}`);
  return malformed(`choices[0].message has no text content (finish_reason ${JSON.stringify(first?.finish_reason ?? null)})`);
}

/** The function calls of a message, as far as they are well formed (an id and a name). */
function toolCallsOf(raw: unknown): NativeCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c: unknown): NativeCall[] => {
    const fn = typeof c === 'object' && c !== null ? (c as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }) : null;
    if (typeof fn?.id !== 'string' || typeof fn.function?.name !== 'string') return [];
    return [
      {
        id: fn.id,
        name: fn.function.name,
        arguments: typeof fn.function.arguments === 'string' ? fn.function.arguments : JSON.stringify(fn.function.arguments ?? {}),
      },
    ];
  });
}

function malformed(problem: string): never {
  throw new MalformedAnswer(problem);
}
