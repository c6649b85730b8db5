import { dryRunReport, dryRunSummary, type DryRunOutcome } from '../flows/review-change.js';
import { answerComment, type CommentEvent } from '../flows/answer-comment.js';
import {
  readPullTarget,
  reviewPullRequest,
  type AlreadyReviewed,
  type NotReviewed,
  type ReviewedPullRequest,
} from '../flows/review-pull-request.js';
import {
  apiUrlFromEnv,
  forkNotice,
  GitHubApi,
  renderAlreadyReviewedSummary,
  renderPausedSummary,
  renderSummary,
  serverUrlFromEnv,
} from '../publish/index.js';
import { resolveTarget } from './event.js';
import { describeFailure, isInputError } from './failure.js';
import { nameInput, readActionInputs, type ActionInputs } from './inputs.js';
import { requireModelSettings } from '../config/inputs.js';
import { codeSpan } from '../safety/sanitize.js';
import type { Built } from '../safety/markdown-check.js';
import { fail, group, log, notice, setOutput, warn, writeSummary } from './output.js';
import { PullRequestStep, setCoverageOutputs } from './run-settings.js';

/** The step's exit codes, as the CLI's: the runner fails the step on any of them but 0. */
const EXIT = { gate: 1, input: 2, failure: 4 } as const;

/**
 * The action: read inputs, find the pull request, run the engine, publish one review, write the job
 * summary, set the outputs, apply the merge gate. One catch turns any error into a failed step (one
 * line, exit 2 for a bad input, 4 for any other failure; 1 is the merge gate's); the report and
 * outputs are written before posting, and a failed post (whatever the error) only changes what the
 * summary, written after it, says about posting.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const startedAt = Date.now();
  try {
    await act(env, startedAt);
  } catch (error) {
    fail(describeFailure(error));
    process.exitCode = isInputError(error) ? EXIT.input : EXIT.failure;
  }
}

/** Inputs → the pull request → the pull-request flow → the step's outputs, summary and verdict. */
async function act(env: NodeJS.ProcessEnv, startedAt: number): Promise<void> {
  const inputs = readActionInputs();
  const target = resolveTarget(env, inputs.prNumber);
  if (target.kind === 'none') {
    notice(target.reason);
    setOutput('files', 0);
    setOutput('findings', 0);
    setOutput('blocking', 0);
    return;
  }
  const api = () =>
    GitHubApi.create({
      token: inputs.token,
      apiUrl: apiUrlFromEnv(env),
      timeoutMs: inputs.withoutConfig.githubTimeoutSeconds * 1000,
      onRetry: warn,
    });
  const links = env.GITHUB_REPOSITORY ? { serverUrl: serverUrlFromEnv(env), repository: env.GITHUB_REPOSITORY } : undefined;
  const runUrl = env.GITHUB_RUN_ID && links ? `${links.serverUrl}/${links.repository}/actions/runs/${env.GITHUB_RUN_ID}` : null;
  if (target.kind === 'comment') return commentStep(target.event, { inputs, env, startedAt, api, links, runUrl });
  // A workflow_dispatch run names the pull request by its number: the rest is read from GitHub.
  const pull = target.kind === 'dispatch' ? await readPullTarget(api(), target.ref) : target;
  const step = new PullRequestStep(inputs, pull, env);
  const outcome = await reviewPullRequest(step.settings(env, startedAt, api, runUrl)).catch((error: unknown) => step.couldNotReview(error));
  await reviewOutcomeStep(outcome, step, summaryLinks(links, runUrl, pull.ref.number), inputs.withoutConfig.handle);
}

/** The links keybug builds into a summary: this repository's files, the pull request, the run. */
function summaryLinks(links: SummaryLinks['links'], runUrl: string | null, pullNumber: number): SummaryLinks {
  return {
    links,
    built: {
      links: links
        ? [
            `${links.serverUrl}/${links.repository}/blob/`,
            `${links.serverUrl}/${links.repository}/pull/${pullNumber}`,
            ...(runUrl ? [runUrl] : []),
          ]
        : [],
    },
  };
}

/** The step's outputs, summary and verdict for what the pull-request flow did. */
async function reviewOutcomeStep(
  outcome: Awaited<ReturnType<typeof reviewPullRequest>>,
  step: PullRequestStep,
  links: SummaryLinks,
  handle: string,
): Promise<void> {
  if (outcome.kind === 'dry-run') await dryRunStep(outcome, step);
  else if (outcome.kind === 'already-reviewed') await alreadyReviewedStep(outcome, step, links);
  else if (outcome.kind === 'paused') await pausedStep(outcome, step, links, handle);
  else await reviewedStep(outcome, links);
  // A report that could not be written fails the step once all else is done (the review was posted).
  if (step.reportFailed !== null) {
    fail(step.reportFailed);
    process.exitCode = EXIT.failure;
  }
}

/**
 * A comment on a pull request: the comment flow decides whether keybug acts (a new comment, not
 * its own, from someone with write access) and does it; the step logs why when it does not, and
 * otherwise writes what was done to the summary and the `command` output (a review command's
 * review gets the summary, outputs and verdict of any review). A command whose work or answer
 * failed fails the step.
 */
async function commentStep(
  event: CommentEvent,
  {
    inputs,
    env,
    startedAt,
    api,
    links,
    runUrl,
  }: {
    inputs: ActionInputs;
    env: NodeJS.ProcessEnv;
    startedAt: number;
    api: () => GitHubApi;
    links: SummaryLinks['links'];
    runUrl: string | null;
  },
): Promise<void> {
  let step: PullRequestStep | null = null;
  const outcome = await answerComment({
    explicit: inputs.explicit,
    onInvalidConfig: inputs.onInvalidConfig,
    startedAt,
    tape: null,
    nameSetting: nameInput,
    log,
    warn,
    group,
    configured: ({ settings, repository }) => {
      if (repository.problem !== null)
        warn(`keybug answers without the config file, which is invalid (on-invalid-config: defaults): ${repository.problem}`);
      else if (repository.file !== null)
        log(`keybug: settings from ${repository.file.path} at ${repository.rev} (the base revision), under the workflow's inputs.`);
      if (!settings.dryRun) requireModelSettings(settings);
    },
    repoDir: env.GITHUB_WORKSPACE || process.cwd(),
    event,
    api,
    botLogin: inputs.botLogin,
    handle: inputs.withoutConfig.handle,
    serverUrl: serverUrlFromEnv(env),
    review: (pull, requested) => {
      step = new PullRequestStep(inputs, pull, env);
      return { ...step.settings(env, startedAt, api, runUrl), requested };
    },
  });
  if (outcome.kind !== 'answered') {
    log(`keybug: ${outcome.reason}`);
    return;
  }
  setOutput('command', outcome.command);
  const reviewStep = step as PullRequestStep | null;
  if (outcome.review !== undefined && reviewStep !== null)
    await reviewOutcomeStep(outcome.review, reviewStep, summaryLinks(links, runUrl, event.ref.number), inputs.withoutConfig.handle);
  else if (outcome.error !== undefined && reviewStep !== null) await reviewStep.couldNotReview(outcome.error).catch(() => undefined);
  const where = outcome.answer ? `[keybug's answer](${outcome.answer.htmlUrl})` : 'keybug could not post its answer';
  const pullUrl = links ? `${links.serverUrl}/${links.repository}/pull/${event.ref.number}` : '';
  await writeSummary(
    `## keybug: \`${outcome.command}\` from ${codeSpan(outcome.by)}\n\n${outcome.text}\n\n${where} to [comment ${event.comment.id}](${event.comment.htmlUrl}).\n`,
    {
      links: [
        pullUrl,
        ...(outcome.answer ? [outcome.answer.htmlUrl] : []),
        event.comment.htmlUrl,
        ...(links ? [`${links.serverUrl}/${links.repository}/`] : []),
      ].filter((l) => l !== ''),
    },
  );
  if (outcome.failed !== null) {
    fail(outcome.error !== undefined ? describeFailure(outcome.error) : outcome.failed);
    process.exitCode = outcome.error !== undefined && isInputError(outcome.error) ? EXIT.input : EXIT.failure;
  }
}

/**
 * Links from the summary to the lines (the repository on its GitHub host), and every link keybug
 * builds into a summary, for the Markdown check.
 */
type SummaryLinks = { links: { serverUrl: string; repository: string } | undefined; built: Built };

/** A rerun on a head already reviewed: nothing posted, the open findings still gate. */
async function alreadyReviewedStep(
  { pull, earlier, plan, gate, settings, files }: AlreadyReviewed,
  step: PullRequestStep,
  { links, built }: SummaryLinks,
): Promise<void> {
  step.report({ alreadyReviewed: { reviewId: earlier.id, headSha: pull.headSha }, openFindings: plan.carriedOver });
  setOutput('files', files);
  setOutput('findings', 0);
  setOutput('blocking', gate.blocking.length);
  setOutput('review-id', earlier.id);
  await writeSummary(renderAlreadyReviewedSummary({ headSha: pull.headSha, review: earlier, plan, gate, settings, links }), built);
  if (gate.failed) fail(gate.reasons.join('\n'));
}

/** A push while the pull request is paused or ignored: nothing reviewed or posted; the open findings still gate. */
async function pausedStep(
  { pull, mode, plan, gate, settings, files }: NotReviewed,
  step: PullRequestStep,
  { links, built }: SummaryLinks,
  handle: string,
): Promise<void> {
  const comeBack = `@${handle} resume`;
  notice(
    `keybug is ${mode.mode} on this pull request${mode.by ? ` (by ${mode.by})` : ''}: nothing reviewed on this push. A comment starting with '${comeBack}' brings it back.`,
  );
  step.report({ notReviewed: { mode: mode.mode, by: mode.by, url: mode.url, headSha: pull.headSha }, openFindings: plan.carriedOver });
  setOutput('files', files);
  setOutput('findings', 0);
  setOutput('blocking', gate.blocking.length);
  // A link to keybug's answer that set the mode is one keybug builds.
  const withAnswer: Built = { links: [...built.links, ...(mode.url ? [mode.url] : [])] };
  await writeSummary(renderPausedSummary({ headSha: pull.headSha, mode, plan, gate, settings, links, comeBack }), withAnswer);
  if (gate.failed) fail(gate.reasons.join('\n'));
}

/** The summary of a review (its report and outputs were written before posting), then the verdict: the gate, a model outage, a failed post. */
async function reviewedStep(outcome: ReviewedPullRequest, { links, built }: SummaryLinks): Promise<void> {
  const { settings, prepared, review, gate, publication, postFailed, outage, posted } = outcome;
  if (outcome.reviewId !== null) setOutput('review-id', outcome.reviewId);
  if (posted?.kind === 'forbidden') notice(forkNotice(posted.error.detail));
  await writeSummary(
    renderSummary(review.result, {
      settings,
      diff: prepared.diff,
      links,
      plan: review.plan,
      gate,
      publication,
      incrementalFrom: outcome.incrementalFrom,
    }),
    built,
  );
  const reasons = [...(outage ? [outage] : []), ...gate.reasons, ...(postFailed ? [`Posting the review failed: ${postFailed}`] : [])];
  if (reasons.length > 0) fail(reasons.join('\n'));
  if (outage !== null || postFailed !== null) process.exitCode = EXIT.failure;
}

/** Slices and prompts in the summary and the report, with the status the review would reach; no model, no GitHub API. */
async function dryRunStep(outcome: DryRunOutcome, step: PullRequestStep): Promise<void> {
  const { prepared, plan, coverage } = outcome;
  try {
    step.report(dryRunReport(outcome));
    setOutput('files', prepared.diff.files.length);
    setCoverageOutputs(null, coverage.files);
    setOutput('findings', 0);
    setOutput('blocking', 0);
    await writeSummary(dryRunSummary(outcome, `${nameInput('input-price')} and ${nameInput('output-price')}`));
    log(`keybug dry run: ${plan.sliceCount} slice(s), ${plan.promptCount} prompt(s); no model was called.`);
  } finally {
    plan.close();
  }
}
