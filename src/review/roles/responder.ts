import type { Settings } from '../../config/settings.js';
import { NO_GUIDANCE, type SliceGuidance } from '../../guidance/index.js';
import { Deadline } from '../../support/deadline.js';
import type { ModelCall } from '../../types.js';
import type { PullRequestText } from '../api.js';
import { guidanceBlock, pullRequestBlock } from '../context.js';
import { describeTools, type ToolSession } from '../tools/index.js';
import { ModelClient } from '../llm/client.js';
import { Limiter } from '../llm/limiter.js';
import type { CallTape } from '../llm/tape.js';
import { TokenBudget } from '../llm/token-budget.js';
import { dataBlock, renderPrompt } from '../prompts.js';
import { RETRY_DEFAULTS } from '../run.js';
import { SCHEMA_NAMES, SCHEMAS, type ResponderOutput } from '../schemas.js';

/**
 * The responder: keybug's answer to a reply in one of its review threads, from the finding, the
 * code around it, the thread so far and the repository's guidance. Everything it reads is data in
 * delimited blocks, masked like every prompt; its answer is model text, sanitized by the caller.
 */

/** One comment of the thread, oldest first; `own` for keybug's. */
export interface ThreadComment {
  author: string;
  own: boolean;
  body: string;
}

export interface ThreadQuestion {
  /** The finding keybug posted: where, what, and the text of its comment (without the marker). */
  finding: { path: string; line: number; side: 'RIGHT' | 'LEFT'; title: string; code: string; comment: string };
  /** The code around it: the slice its line belongs to, or numbered lines around it. */
  code: string;
  /** The language of its file, for the prompt. */
  language: string;
  thread: ThreadComment[];
  pr: PullRequestText;
  guidance?: SliceGuidance;
  /** The name comments call keybug by, for the dismissal it may point to. */
  handle: string;
  settings: Settings;
  /** The repository tools the responder may look things up with (the review's, with its caps); null or absent: the code shown only. */
  tools?: { session: ToolSession; required: boolean } | null;
  tape?: CallTape | null;
  deadline?: Deadline;
}

/** Characters of the thread given at most, the newest kept: the comment to answer is the last. */
const THREAD_CHARS = 12_000;
/** Characters of keybug's own comment given at most. */
const COMMENT_CHARS = 6_000;
/** Expected answer tokens, for the budget. */
const ANSWER_TOKENS = 400;

/** The thread as one data block's text: each comment under its author, the newest kept when it is long. */
function threadText(thread: readonly ThreadComment[]): string {
  const parts = thread.map((c) => `--- ${c.own ? 'keybug' : c.author}:\n${c.body.trim()}`);
  let text = parts.join('\n\n');
  while (text.length > THREAD_CHARS && parts.length > 1) {
    parts.shift();
    text = `[earlier comments left out]\n\n${parts.join('\n\n')}`;
  }
  return text.length > THREAD_CHARS ? `[start cut]\n${text.slice(text.length - THREAD_CHARS)}` : text;
}

export function responderPrompt(q: Omit<ThreadQuestion, 'settings' | 'tools'>, tools = false): { system: string; user: string } {
  const finding = {
    ...q.finding,
    comment: q.finding.comment.length > COMMENT_CHARS ? `${q.finding.comment.slice(0, COMMENT_CHARS)}…` : q.finding.comment,
  };
  return renderPrompt('responder', {
    language: q.language,
    handle: q.handle,
    pull_request: pullRequestBlock(q.pr),
    finding: dataBlock('FINDING', JSON.stringify(finding, null, 2)),
    code: dataBlock('CODE', q.code),
    thread: dataBlock('THREAD', threadText(q.thread)),
    guidance: guidanceBlock(q.guidance ?? NO_GUIDANCE),
    tools: tools ? describeTools() : '',
  });
}

/** Asks the model for the answer; null (with the call saying why) when the call failed or its answer stayed invalid. */
export async function answerThread(q: ThreadQuestion): Promise<{ answer: string | null; call: ModelCall }> {
  const { settings } = q;
  const client = new ModelClient(
    {
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      temperature: settings.temperature,
      timeoutMs: settings.timeoutSeconds * 1000,
      retry: { maxRetries: settings.maxRetries, ...RETRY_DEFAULTS },
      tape: q.tape ?? null,
      deadline: q.deadline ?? Deadline.none(),
    },
    new Limiter(1),
    new TokenBudget(settings.maxTokens),
  );
  const answer = await client.complete<ResponderOutput>({
    role: 'responder',
    model: settings.reviewerModel,
    sliceId: null,
    ...responderPrompt(q, (q.tools ?? null) !== null),
    schemaName: SCHEMA_NAMES.responder,
    schema: SCHEMAS.responder,
    check: (value) => (value.answer.trim() === '' ? ['"answer" is empty'] : []),
    priority: 1,
    answerTokens: ANSWER_TOKENS,
    tools: q.tools ?? null,
  });
  return { answer: answer.value?.answer.trim() ?? null, call: answer.call };
}
