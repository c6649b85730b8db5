import { LEARNING_TEXT_LIMIT } from '../config/learnings-schema.js';
import type { NewLearning } from '../config/learnings.js';
import {
  answerMarker,
  dismissalMarker,
  proposeLearning,
  readAnswers,
  resolveOpenThreads,
  LEARNINGS_BRANCH,
  type Proposal,
  type PullRequestMode,
} from '../publish/index.js';
import { codeSpan, sanitizeMarkdown, sanitizePlain } from '../safety/sanitize.js';
import type { CommentContext, CommentOutcome } from './comment-context.js';
import { answer, message, repeated, unexpected, warnPlainText, type Answered, type Claim } from './comment-answer.js';
import { commandTable, type Command } from './comment-commands.js';
import { reviewPullRequest } from './review-pull-request.js';
import { answerReply } from './thread-answer.js';

/**
 * What each command does, and the one answer that says so. Commands run after the comment's
 * author was found to have write access and keybug's 👀 claimed the comment.
 */

export type { Answered } from './comment-answer.js';

/** Runs the command (or answers the reply), then posts the one answer. */
export async function carryOut(
  context: CommentContext,
  command: Command | null,
  mentioned: boolean,
  claim: Claim,
): Promise<CommentOutcome> {
  if (command === null) return answerReply(context, mentioned, claim);
  if (!(await claim(context))) return repeated(context);
  try {
    return await run(context, command);
  } catch (error) {
    // The comment carries keybug's 👀: it gets an answer, or a re-delivered event would find it handled.
    return unexpected(context, command.name === 'unknown' ? 'help' : command.name, error);
  }
}

/** The command's work and its answer, once the comment is claimed. */
async function run(context: CommentContext, command: Command): Promise<Answered> {
  const { handle } = context.run;
  switch (command.name) {
    case 'help':
      return answer(
        context,
        'help',
        `Commands go on the first line of a comment, from someone with write access to the repository:\n\n${commandTable(handle)}`,
      );
    case 'unknown':
      return answer(
        context,
        'help',
        `${codeSpan(command.words)} is not one of keybug's commands; nothing was done. The commands:\n\n${commandTable(handle)}`,
      );
    case 'pause':
    case 'resume':
    case 'ignore':
      return setMode(context, command.name);
    case 'resolve':
      return resolve(context);
    case 'review':
    case 'full review':
      return review(context, command.name === 'full review');
    case 'learn':
      return learn(context, command.text);
    case 'wrong':
      return dismiss(context, command.reason);
  }
}

const MODE_WORDS: Record<PullRequestMode, string> = { active: 'active', paused: 'paused', ignored: 'ignored' };

/** `pause`, `resume`, `ignore`: the pull request's mode, recorded in the answer's marker. */
async function setMode(context: CommentContext, command: 'pause' | 'resume' | 'ignore'): Promise<Answered> {
  const { handle } = context.run;
  const by = codeSpan(context.run.event.comment.user);
  const mode: PullRequestMode = command === 'pause' ? 'paused' : command === 'ignore' ? 'ignored' : 'active';
  let before: PullRequestMode = 'active';
  try {
    before = readAnswers(await context.api.listIssueComments(context.ref), context.ownLogin).mode.mode;
  } catch (error) {
    context.run.warn(`keybug could not read the pull request's mode before changing it: ${message(error)}`);
  }
  const text =
    mode === 'paused'
      ? `⏸️ Paused by ${by}: keybug will not review new pushes to this pull request until \`@${handle} resume\`. Commands still work (\`@${handle} review\` reviews now), and open findings still count for the merge gate.`
      : mode === 'ignored'
        ? `🙈 Ignored by ${by}: keybug will not review this pull request any more, on push or on \`@${handle} review\`, until \`@${handle} resume\`. Open findings still count for the merge gate.`
        : before === 'active'
          ? `▶️ keybug was not paused here; it reviews every push to this pull request.`
          : `▶️ Resumed by ${by} (it was ${MODE_WORDS[before]}): keybug reviews the next push again; \`@${handle} review\` reviews now.`;
  const { comment } = context.run.event;
  return answer(context, command, text, { marker: answerMarker({ re: comment.id, command, by: comment.user, mode }) });
}

/** `resolve`: keybug's open threads resolved; the answer names their findings, so their resolution counts. */
async function resolve(context: CommentContext): Promise<Answered> {
  const { comment } = context.run.event;
  let resolved;
  try {
    resolved = await resolveOpenThreads(context.api, context.ref, context.ownLogin);
  } catch (error) {
    return answer(
      context,
      'resolve',
      `❌ keybug could not read its threads to resolve them: ${sanitizeMarkdown(message(error), { inline: true, maxLength: 500 })}. Nothing was resolved.`,
      { failed: `resolve: ${message(error)}` },
    );
  }
  const count = resolved.fps.length;
  const why = failureReasons(resolved.failed.map((f) => f.error));
  const failed = resolved.failed.length === 0 ? null : `resolve: ${resolved.failed.length} thread(s) could not be resolved: ${why}`;
  const text =
    count === 0 && resolved.failed.length === 0
      ? 'keybug has no open threads on this pull request; nothing to resolve.'
      : `✅ Resolved ${count} open thread(s) of keybug's at the request of ${codeSpan(comment.user)}: their findings no longer block the merge from the next run on.${failed ? ` ⚠️ ${resolved.failed.length} could not be resolved: ${sanitizeMarkdown(why, { inline: true, maxLength: 600 })}` : ''}`;
  return answer(context, 'resolve', text, {
    marker: answerMarker({ re: comment.id, command: 'resolve', by: comment.user, resolved: resolved.fps }),
    failed,
  });
}

/** Each distinct error once, with how many threads it stopped when more than one; at most three, then how many more. */
export function failureReasons(errors: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const error of errors) counts.set(error, (counts.get(error) ?? 0) + 1);
  const reasons = [...counts].map(([error, n]) => (n > 1 ? `${error} (${n} threads)` : error));
  const more = reasons.length - 3;
  return reasons.slice(0, 3).join('; ') + (more > 0 ? `; and ${more} other error(s)` : '');
}

/** `review`, `full review`: the pull-request flow now, asked for by the comment; refused while the pull request is ignored. */
async function review(context: CommentContext, full: boolean): Promise<Answered> {
  const { run } = context;
  const command = full ? 'full review' : 'review';
  let mode;
  try {
    mode = readAnswers(await context.api.listIssueComments(context.ref), context.ownLogin).mode;
  } catch (error) {
    return answer(
      context,
      command,
      `❌ keybug could not read what it posted on this pull request before: ${sanitizeMarkdown(message(error), { inline: true, maxLength: 500 })}. Nothing was reviewed; try again once GitHub answers.`,
      { failed: message(error) },
    );
  }
  if (mode.mode === 'ignored') {
    return answer(
      context,
      command,
      `🙈 keybug ignores this pull request${mode.by ? ` (since ${codeSpan(mode.by)} asked)` : ''}: nothing was reviewed. \`@${run.handle} resume\` first.`,
    );
  }
  let outcome: Answered['review'];
  try {
    outcome = await reviewPullRequest(run.review(context.pull, { full }));
  } catch (error) {
    return answer(
      context,
      command,
      `❌ keybug could not review ${codeSpan(context.pull.headSha.slice(0, 7))}: ${sanitizeMarkdown(message(error), { inline: true, maxLength: 1_000 })}. The job summary says more.`,
      { failed: message(error), error },
    );
  }
  const head = codeSpan(context.pull.headSha.slice(0, 7));
  switch (outcome.kind) {
    case 'dry-run':
      return answer(
        context,
        command,
        `Dry run (\`dry-run: true\`): keybug built the slices and prompts of ${head} and called no model; nothing was posted. The job summary shows them.`,
        { review: outcome },
      );
    case 'already-reviewed':
      return answer(
        context,
        command,
        `${head} was already reviewed in [review ${outcome.earlier.id}](${outcome.earlier.htmlUrl}); nothing new to review. \`@${run.handle} full review\` reviews it all again.${blocking(outcome.gate.blocking.length)}`,
        { review: outcome, links: [outcome.earlier.htmlUrl] },
      );
    case 'paused':
      // Not reached: a requested review runs while paused.
      return answer(context, command, `keybug is ${outcome.mode.mode} here; nothing was reviewed.`, { review: outcome });
    case 'reviewed': {
      const scope = outcome.incrementalFrom
        ? `the files changed since ${codeSpan(outcome.incrementalFrom.slice(0, 7))}`
        : 'the whole pull request';
      const posted = outcome.posted?.kind === 'posted' ? outcome.posted : null;
      const what = posted
        ? `[review ${posted.reviewId}](${posted.htmlUrl}) with ${posted.comments} new line comment(s)`
        : outcome.posted?.kind === 'forbidden'
          ? 'nothing posted: the token may not write to this pull request'
          : outcome.postFailed
            ? `posting failed (${sanitizeMarkdown(outcome.postFailed, { inline: true, maxLength: 300 })})`
            : sanitizeMarkdown(outcome.publication.text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'), { inline: true, maxLength: 400 });
      const status =
        outcome.review.result.status === 'incomplete' ? ' ⚠️ The review is incomplete (see the job summary): not a clean pass.' : '';
      const failed = outcome.outage ?? outcome.postFailed ?? null;
      return answer(
        context,
        command,
        `🔍 Reviewed ${head} (${scope}) at the request of ${codeSpan(context.run.event.comment.user)}: ${what}.${status}${blocking(outcome.gate.blocking.length)}`,
        {
          review: outcome,
          links: posted ? [posted.htmlUrl] : [],
          failed,
        },
      );
    }
  }
}

const blocking = (n: number): string => (n === 0 ? '' : ` ${n} finding(s) block the merge.`);

/** Today as YYYY-MM-DD (UTC). */
const isoDay = (): string => new Date().toISOString().slice(0, 10);

/** A learning's text as it goes into the file: secrets masked, control and invisible characters out, marker look-alikes out, within the limit. */
const learningText = (text: string): string => sanitizePlain(text.replace(/\r\n?/g, '\n').trim(), LEARNING_TEXT_LIMIT);

/** Adds the learning to the learnings pull request; the proposal, or why it failed. */
async function propose(context: CommentContext, entry: NewLearning): Promise<Proposal | { kind: 'failed'; error: string }> {
  const { comment } = context.run.event;
  const by = comment.user;
  const repo = `${context.run.serverUrl}/${context.ref.owner}/${context.ref.repo}`;
  const description = [
    `Learnings keybug was taught in code review, for \`.github/keybug-learnings.yml\`. keybug reads the file from the base branch and gives each entry to the reviewers and the validator of the files its paths match, so merging this pull request is what makes them count; edit, narrow or drop entries here first.`,
    '',
    `First proposed by ${codeSpan(by)} in [a comment on pull request ${context.ref.number}](${comment.htmlUrl}). Later ones are added to this pull request while it is open.`,
  ].join('\n');
  try {
    const proposal = await proposeLearning(
      context.api,
      context.ref,
      entry,
      `keybug: learning from ${by} on pull request ${context.ref.number}`,
      description,
      { links: [comment.htmlUrl, `${repo}/pull/`] },
    );
    if (proposal.kind === 'added') warnPlainText(context, proposal.plainText);
    return proposal;
  } catch (error) {
    return { kind: 'failed', error: message(error) };
  }
}

/** What happened to a learning, in one sentence of the answer; and the link it adds. */
function proposalWords(proposal: Proposal | { kind: 'failed'; error: string }): { text: string; links: string[]; failed: string | null } {
  if (proposal.kind === 'failed') {
    const hint = /not permitted to create/i.test(proposal.error)
      ? " Let GitHub Actions create pull requests (the repository's Settings → Actions → General), or run keybug with a token that may."
      : '';
    return {
      text: `⚠️ The learning could not be proposed: ${sanitizeMarkdown(proposal.error, { inline: true, maxLength: 500 })}.${hint}`,
      links: [],
      failed: `learn: ${proposal.error}`,
    };
  }
  if (proposal.kind === 'already') {
    return proposal.pull
      ? {
          text: `The same learning is already in [the learnings pull request](${proposal.pull.htmlUrl}).`,
          links: [proposal.pull.htmlUrl],
          failed: null,
        }
      : { text: 'The same learning is already in `.github/keybug-learnings.yml` on the default branch.', links: [], failed: null };
  }
  const where = `[the learnings pull request](${proposal.pull.htmlUrl}) (branch \`${LEARNINGS_BRANCH}\`)`;
  return {
    text: `📚 ${proposal.opened ? `Proposed as a learning in ${where}, opened for it` : `Added to ${where}`}; it counts once that is merged.`,
    links: [proposal.pull.htmlUrl],
    failed: null,
  };
}

/** `learn <text>`: a learning proposed through the learnings pull request, scoped to the thread's file in a thread. */
async function learn(context: CommentContext, raw: string): Promise<Answered> {
  const { comment } = context.run.event;
  const text = learningText(raw);
  if (text === '')
    return answer(
      context,
      'learn',
      `Nothing to learn: write the learning after the command, e.g. \`@${context.run.handle} learn buffers in src/net are always 2^k bytes\`.`,
    );
  const paths = context.root !== null ? [context.root.path] : [];
  const proposal = await propose(context, { paths, text, link: comment.htmlUrl, date: (context.run.today ?? isoDay)() });
  const words = proposalWords(proposal);
  const scope = paths.length > 0 ? ` for ${codeSpan(paths[0] ?? '')}` : ' for every file';
  return answer(context, 'learn', `${words.text}${proposal.kind === 'failed' ? '' : ` Scope:${scope}.`}`, {
    links: words.links,
    failed: words.failed,
  });
}

/**
 * `wrong: <reason>` in a thread of keybug's: the finding is dismissed (the reply's marker records
 * who and why: it stops blocking, and is not raised again while its code is unchanged), and a
 * reason is proposed as a learning for the finding's file.
 */
async function dismiss(context: CommentContext, rawReason: string): Promise<Answered> {
  const { comment } = context.run.event;
  const { finding } = context;
  if (finding === null) {
    return answer(
      context,
      'wrong',
      `\`wrong\` dismisses one of keybug's findings: write \`@${context.run.handle} wrong: <reason>\` as a reply in that finding's thread. Nothing was dismissed.`,
    );
  }
  const reason = sanitizePlain(rawReason.replace(/\s+/g, ' ').trim(), 500);
  const proposal =
    reason === ''
      ? null
      : await propose(context, {
          paths: [finding.path],
          text: learningText(`Not a defect (dismissed finding "${finding.title}"): ${reason}`),
          link: comment.htmlUrl,
          date: (context.run.today ?? isoDay)(),
        });
  const words =
    proposal === null
      ? { text: `Give a reason (\`@${context.run.handle} wrong: <reason>\`) to have it proposed as a learning.`, links: [], failed: null }
      : proposalWords(proposal);
  const text = `🚫 Dismissed by ${codeSpan(comment.user)}${reason ? `: ${sanitizeMarkdown(reason, { inline: true, maxLength: 500 })}` : ''}. This finding no longer blocks the merge from keybug's next run on (re-run its failed check to clear it without a push), and keybug will not raise it again while these lines are unchanged. ${words.text}`;
  return answer(context, 'wrong', text, {
    marker: dismissalMarker({ fp: finding.fp, by: comment.user, reason }),
    links: words.links,
    failed: words.failed,
  });
}
