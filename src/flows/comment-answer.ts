import type { Built } from '../safety/markdown-check.js';
import { sanitizeMarkdown } from '../safety/sanitize.js';
import { answerBody, answerMarker, postAnswer, type AnswerPlace, type PlainTextBody } from '../publish/index.js';
import type { Answered, CommentContext, CommentOutcome } from './comment-context.js';

export type { Answered } from './comment-context.js';

/**
 * keybug's one answer to a comment it acted on, in the place the comment was made (its thread, or
 * the conversation), ending in keybug's marker: what was done, and what failed.
 */

/** The 👀 claim on the comment: false when keybug had already reacted (the comment was handled before). */
export type Claim = (context: CommentContext) => Promise<boolean>;

/** An error's message. */
export const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The outcome of a comment whose 👀 was already there. */
export const repeated = (context: CommentContext): CommentOutcome => ({
  kind: 'repeated',
  reason: `comment ${context.run.event.comment.id} already has keybug's 👀: it was handled before (a re-delivered event); nothing is done twice.`,
});

/**
 * The answer to a claimed comment whose work stopped on an error nothing else caught: the comment
 * carries keybug's 👀, so a re-delivered event would find it handled; the answer says what failed,
 * and the step fails with the error.
 */
export function unexpected(context: CommentContext, command: string, error: unknown): Promise<Answered> {
  return answer(
    context,
    command,
    `❌ keybug could not finish \`${command}\`: ${sanitizeMarkdown(message(error), { inline: true, maxLength: 500 })}. The job summary says more; ask again once the cause is fixed.`,
    { failed: `${command}: ${message(error)}`, error },
  );
}

/** Where the answer goes: into the thread the comment is in, or the conversation. */
function placeOf(context: CommentContext): AnswerPlace {
  return context.root === null ? { kind: 'conversation' } : { kind: 'thread', rootId: context.root.id };
}

/** The links keybug builds into its answers: the pull request, this repository's files at the head, and `more`. */
function builtLinks(context: CommentContext, more: readonly string[] = []): Built {
  const repo = `${context.run.serverUrl}/${context.ref.owner}/${context.ref.repo}`;
  return {
    links: [`${repo}/pull/${context.ref.number}#`, `${repo}/pull/${context.ref.number}/`, `${repo}/blob/${context.pull.headSha}/`, ...more],
  };
}

/** Posts the answer (its text and marker) and says what was done; a failure to post fails the step, the work stays done. */
export async function answer(
  context: CommentContext,
  command: string,
  text: string,
  options: { marker?: string; failed?: string | null; links?: string[]; review?: Answered['review']; error?: unknown } = {},
): Promise<Answered> {
  const { comment } = context.run.event;
  const marker = options.marker ?? answerMarker({ re: comment.id, command, by: comment.user });
  const base = {
    kind: 'answered' as const,
    command,
    by: comment.user,
    text,
    ...(options.review ? { review: options.review } : {}),
    ...(options.error !== undefined ? { error: options.error } : {}),
  };
  try {
    const posted = await postAnswer(
      context.api,
      context.ref,
      placeOf(context),
      answerBody(text, marker),
      builtLinks(context, options.links),
    );
    warnPlainText(context, posted.plainText);
    return { ...base, answer: posted, failed: options.failed ?? null };
  } catch (error) {
    const why = `posting keybug's answer failed: ${message(error)}`;
    return { ...base, answer: null, failed: options.failed ? `${options.failed}; ${why}` : why };
  }
}

/** Says in the log which bodies keybug posted as plain text, and what they held that keybug did not build. */
export function warnPlainText(context: CommentContext, plainText: readonly PlainTextBody[]): void {
  for (const p of plainText)
    context.run.warn(`keybug posted ${p.what} as plain text: it held ${p.problems.join(', ')}, which keybug did not build.`);
}
