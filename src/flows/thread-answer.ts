import { prepare } from '../engine/run.js';
import { isOwnLogin, splitMarker, type FindingMarker, type ReviewCommentInfo } from '../publish/index.js';
import { answerThread, toolsOffered, type ThreadComment } from '../review/index.js';
import { RepositoryTools, TOOL_ANSWER_MS, ToolSession } from '../review/tools/index.js';
import { codeSpan, sanitizeMarkdown } from '../safety/sanitize.js';
import type { Slice } from '../types.js';
import type { CommentContext, CommentOutcome } from './comment-context.js';
import { answer, repeated, unexpected, type Claim } from './comment-answer.js';
import type { Configured } from '../engine/configure.js';
import { configureRun, engineInput, type Change } from './engine-input.js';

/**
 * A reply in one of keybug's threads, answered in that thread: the model reads the finding, the
 * code around it (the slice its line belongs to, sliced again at the head; or the lines around it)
 * with the repository's guidance for its file, and the thread so far; with the repository tools
 * (definition, references, read, search, history, diff) under the caps of one slice's reviewers
 * when `tools` is not off. The comment is data to it,
 * masked and delimited like pull-request text; its answer is sanitized like every model text.
 */

/** Lines shown either side of the finding when no slice holds its line. */
const AROUND = 25;
/** Characters of the model's answer posted at most. */
const ANSWER_CHARS = 4_000;

export async function answerReply(context: CommentContext, mentioned: boolean, claim: Claim): Promise<CommentOutcome> {
  const { run, pull, finding, root } = context;
  const { comment } = run.event;
  if (finding === null || root === null)
    return { kind: 'ignored', reason: `comment ${comment.id} is not in a thread of keybug's findings.` };
  const change: Change = {
    repoDir: run.repoDir,
    base: pull.baseSha,
    head: pull.headSha,
    pr: { title: pull.title, body: pull.body },
    fetchRefs: [`refs/pull/${pull.ref.number}/head`],
  };
  const configured = await configureRun(run, change);
  const { settings } = configured;
  if (!mentioned && settings.chat !== 'threads') {
    return {
      kind: 'ignored',
      reason: `comment ${comment.id} replies in keybug's thread without mentioning @${run.handle}, and chat is '${settings.chat}' (set chat: threads to answer every reply there).`,
    };
  }
  if (!(await claim(context))) return repeated(context);
  try {
    return await reply(context, { finding, root, change, configured });
  } catch (error) {
    return unexpected(context, 'reply', error);
  }
}

/** The model's answer to the reply, posted in its thread (the comment is claimed). */
async function reply(
  context: CommentContext,
  { finding, root, change, configured }: { finding: FindingMarker; root: ReviewCommentInfo; change: Change; configured: Configured },
): Promise<CommentOutcome> {
  const { run, pull } = context;
  const { comment } = run.event;
  const { settings } = configured;
  const engine = engineInput(run, change, configured, 'review', 'answer');
  let code: string;
  let language = 'software';
  let guidance;
  // The review's repository tools, with the caps one slice's reviewers share, when they are on.
  let tools: { session: ToolSession; required: boolean } | null = null;
  const comments = await context.api.listReviewComments(context.ref);
  try {
    const prepared = await prepare({ ...engine, onlyPaths: new Set([finding.path]) });
    const repository = new RepositoryTools(prepared.git, prepared.diff);
    if (toolsOffered(settings))
      tools = {
        session: new ToolSession(repository, { calls: settings.toolCalls, tokens: settings.toolTokenBudget, answerMs: TOOL_ANSWER_MS }),
        required: settings.tools === 'on',
      };
    const slice = sliceAt(prepared.slicing.slices, finding.path, finding.line);
    if (slice !== null) {
      code = slice.rendered;
      language = slice.language;
      guidance = prepared.guidance?.bySlice.get(slice.id);
    } else {
      const side = finding.side === 'LEFT' ? 'base' : 'head';
      const read = await repository.run('read', {
        file: finding.path,
        start: Math.max(1, finding.line - AROUND),
        end: finding.line + AROUND,
        side,
      });
      code = `## ${finding.path} (${side === 'head' ? 'the head of the pull request' : 'before it'})\n${read.text}`;
    }
  } catch (error) {
    run.warn(
      `keybug could not read the code around ${finding.path}:${finding.line}: ${error instanceof Error ? error.message : String(error)}; answering from the thread alone.`,
    );
    code = `(the code around ${finding.path}:${finding.line} could not be read)`;
  }

  const asked = await answerThread({
    finding: {
      path: finding.path,
      line: finding.line,
      side: finding.side,
      title: finding.title,
      code: finding.code,
      comment: splitMarker(root.body).text,
    },
    code,
    language,
    thread: threadOf(comments, root, comment.id, context.ownLogin),
    pr: { title: pull.title, body: pull.body },
    ...(guidance ? { guidance } : {}),
    handle: run.handle,
    settings,
    tools,
    tape: engine.tape ?? null,
    ...(engine.deadline ? { deadline: engine.deadline } : {}),
  });
  engine.tape?.save();
  if (asked.answer === null) {
    const why = asked.call.error ?? asked.call.outcome;
    return answer(
      context,
      'reply',
      `⚠️ keybug could not answer: the model call failed (${sanitizeMarkdown(why, { inline: true, maxLength: 500 })}).`,
      { failed: `the answer's model call failed: ${why}` },
    );
  }
  const linkPrefixes = [`${run.serverUrl}/${context.ref.owner}/${context.ref.repo}/blob/${pull.headSha}/`];
  const text = `${sanitizeMarkdown(asked.answer, { maxLength: ANSWER_CHARS, linkPrefixes })}\n\n<sub>keybug's answer to ${codeSpan(comment.user)} · someone with write access can reply ${codeSpan(`@${run.handle} wrong: <reason>`)} to dismiss this finding</sub>`;
  return answer(context, 'reply', text);
}

/** The slice of `path` whose changed lines hold `line`, else the one nearest to it; null when the file has none. */
function sliceAt(slices: readonly Slice[], path: string, line: number): Slice | null {
  const ofFile = slices.filter((s) => s.seed.file === path);
  const distance = (s: Slice): number =>
    line < s.seed.startLine ? s.seed.startLine - line : line > s.seed.endLine ? line - s.seed.endLine : 0;
  return ofFile.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

/** The thread so far, oldest first, up to the comment answered: keybug's comments without their markers. */
function threadOf(comments: readonly ReviewCommentInfo[], root: ReviewCommentInfo, upTo: number, ownLogin: string): ThreadComment[] {
  return comments
    .filter((c) => (c.id === root.id || c.inReplyTo === root.id) && c.id <= upTo)
    .sort((a, b) => a.id - b.id)
    .map((c) => {
      const own = isOwnLogin(ownLogin, c.user);
      return { author: c.user ?? 'ghost', own, body: own ? splitMarker(c.body).text : c.body };
    });
}
