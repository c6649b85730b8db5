import { maskForPrompt } from '../../safety/redact.js';
import { estimateTokens } from '../../support/tokens.js';
import type { ToolCallRecord, ToolUse } from '../../types.js';
import { dataBlock } from '../prompts.js';
import type { RepositoryTools, ToolResult } from './repository-tools.js';

/** The caps of one conversation: calls, tokens of answers, and the time one answer may take. */
export interface ToolLimits {
  /** Calls run at most (`tool-calls`); later ones are answered with the cap, not run. */
  calls: number;
  /** Tokens of answers at most (`tool-token-budget`); the answer that reaches it is cut. */
  tokens: number;
  /** Milliseconds one answer may take. */
  answerMs: number;
}

/** Time one tool answer may take. */
export const TOOL_ANSWER_MS = 2000;
/** Characters of one answer at most, whatever the tool: a last guard behind each tool's own caps. */
const ANSWER_CHARS = 12_000;
/** Characters of an argument kept in the report. */
const ARGUMENT_CHARS = 300;

/** The record's copy of the model's arguments: strings cut, anything else as given. */
function recorded(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args).slice(0, 12))
    out[k.slice(0, 40)] = typeof v === 'string' && v.length > ARGUMENT_CHARS ? `${v.slice(0, ARGUMENT_CHARS)}…` : v;
  return out;
}

/** The arguments of a call as the endpoint sent them (a JSON text) or the JSON round gave them (an object). */
export function argumentsOf(raw: unknown): { args: Record<string, unknown> } | { invalid: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return { invalid: 'the arguments are not valid JSON' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: 'the arguments must be a JSON object' };
  // The JSON round sends every argument, null when not used.
  return { args: Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null)) };
}

/**
 * One conversation's use of the repository tools (a reviewer on a slice, the validator on a
 * finding): it runs each call within the caps and the time limit, masks secrets in the answer as all
 * text bound for a prompt is masked, marks it as data, and records the call. It never throws: a
 * failing, slow, refused or capped call is an answer that says so, and the review goes on.
 */
export class ToolSession {
  readonly records: ToolCallRecord[] = [];
  /** Calls the model asked for past the cap: not run. */
  ignored = 0;
  private run = 0;
  private tokens = 0;

  constructor(
    private readonly tools: RepositoryTools,
    readonly limits: ToolLimits,
  ) {}

  /** True when no more calls are run: the call cap or the token budget is reached. */
  get exhausted(): boolean {
    return this.run >= this.limits.calls || this.tokens >= this.limits.tokens;
  }

  /** Calls still allowed. */
  get remaining(): number {
    return this.exhausted ? 0 : this.limits.calls - this.run;
  }

  /** What the report keeps of this conversation's tool use. */
  use(mode: ToolUse['mode']): ToolUse {
    return { mode, calls: this.records, ignored: this.ignored };
  }

  /** Why no more calls are run, for the model. */
  limitNote(): string {
    return this.run >= this.limits.calls
      ? `the limit of ${this.limits.calls} tool calls for this review is reached`
      : `the tool-token-budget of ${this.limits.tokens} tokens for this review is spent`;
  }

  /** Runs one call and answers it as a data block; `raw` is the arguments as the model gave them. */
  async answer(tool: string, raw: unknown): Promise<string> {
    const started = performance.now();
    const parsed = argumentsOf(raw);
    const args = 'args' in parsed ? parsed.args : {};
    const name = typeof tool === 'string' ? tool.slice(0, 60) : String(tool);
    let result: ToolResult | { outcome: 'limit' | 'timeout' | 'error'; text: string };
    if (this.exhausted) {
      this.ignored++;
      result = { outcome: 'limit', text: `not run: ${this.limitNote()}; give your final answer with what you have` };
    } else if ('invalid' in parsed) {
      this.run++;
      result = { outcome: 'invalid', text: `${name}: ${parsed.invalid}` };
    } else {
      this.run++;
      result = await this.timed(name, args);
    }
    let text = maskForPrompt(result.text);
    if (text.length > ANSWER_CHARS) text = `${text.slice(0, ANSWER_CHARS)}\n… answer cut at ${ANSWER_CHARS} characters`;
    let tokens = estimateTokens(text, 'code');
    if (result.outcome !== 'limit' && this.tokens + tokens > this.limits.tokens) {
      const room = Math.max(0, this.limits.tokens - this.tokens);
      text = `${text.slice(0, Math.floor(room * 3.5))}\n… answer cut: the tool-token-budget of ${this.limits.tokens} tokens for this review is spent`;
      tokens = estimateTokens(text, 'code');
    }
    if (result.outcome !== 'limit') this.tokens += tokens;
    this.records.push({
      tool: name,
      arguments: recorded(args),
      answer: text,
      outcome: result.outcome,
      tokens,
      ms: Math.round(performance.now() - started),
    });
    if (result.outcome === 'limit' && this.ignored > 1) return `not run: ${this.limitNote()}`;
    return dataBlock('TOOL_ANSWER', text);
  }

  /** The tool's answer, or a timeout or failure answer: never longer than limits.answerMs. */
  private async timed(tool: string, args: Record<string, unknown>): Promise<ToolResult | { outcome: 'timeout' | 'error'; text: string }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ outcome: 'timeout'; text: string }>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            outcome: 'timeout',
            text: `${tool}: no answer within ${this.limits.answerMs / 1000} s; ask for less (a narrower path_glob, a smaller range)`,
          }),
        this.limits.answerMs,
      );
    });
    const work = this.tools.run(tool, args);
    // A tool still running after its time is left to end on its own; its failure then has no reader.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, late]);
    } catch (error) {
      return { outcome: 'error', text: `${tool} failed: ${(error as Error).message.slice(0, 200)}` };
    } finally {
      clearTimeout(timer);
    }
  }
}
