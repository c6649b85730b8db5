import path from 'node:path';
import { ConfigFileError } from '../config/file.js';
import { ConfigError, requireModelSettings } from '../config/inputs.js';
import type { Settings } from '../config/settings.js';
import type { FileCoverage, RunStatus } from '../types.js';
import { Deadline } from '../support/deadline.js';
import { configure, type Configured } from '../engine/configure.js';
import { dryRun, StageError, type EngineInput } from '../engine/run.js';
import { sanitizeMarkdown } from '../output/sanitize.js';
import { checkReportPath } from '../output/report-file.js';
import { describeEstimate } from '../review/index.js';
import { checkEndpoint } from '../review/llm/endpoint.js';
import { apiUrlFromEnv, forkNotice, GitHubApi, renderAlreadyReviewedSummary, renderDryRunSummary, renderSummary, serverUrlFromEnv } from '../publish/index.js';
import { reviewPullRequest, reviewReport, type PullTarget } from '../flows/review-pull-request.js';
import { resolveTarget } from './event.js';
import { describeFailure, isInputError } from './failure.js';
import { nameInput, readActionInputs } from './inputs.js';
import { fail, group, log, notice, setOutput, warn, writeReport, writeSummary } from './output.js';

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
  const api = () => GitHubApi.create({ token: inputs.token, apiUrl: apiUrlFromEnv(env), timeoutMs: inputs.withoutConfig.githubTimeoutSeconds * 1000, onRetry: warn });
  let pull: PullTarget;
  if (target.kind === 'dispatch') {
    const info = await api().getPull(target.ref);
    pull = { ref: target.ref, baseSha: info.baseSha, headSha: info.headSha, title: info.title, body: info.body };
  } else {
    pull = target;
  }
  const repoDir = env.GITHUB_WORKSPACE || process.cwd();
  const links = env.GITHUB_REPOSITORY ? { serverUrl: serverUrlFromEnv(env), repository: env.GITHUB_REPOSITORY } : undefined;
  // Links in model text stay links only when they point at the repository's own GitHub host.
  const linkHosts = [new URL(serverUrlFromEnv(env)).hostname.toLowerCase()];
  const runUrl = env.GITHUB_RUN_ID && links ? `${links.serverUrl}/${links.repository}/actions/runs/${env.GITHUB_RUN_ID}` : null;
  // A fork's commits are not in a checkout of the base repository; GitHub keeps them under the PR's ref.
  const fetchRefs = [`refs/pull/${pull.ref.number}/head`];
  // Settings: the workflow's inputs, then the config file of the base (never the head: the pull
  // request cannot change how it is reviewed), then keybug's defaults.
  const configured = await configureRun({ repoDir, pull, fetchRefs, inputs });
  const { settings } = configured;
  const reportPath = path.resolve(process.cwd(), settings.reportPath);
  const deadline = Deadline.of(settings.timeLimitMinutes, startedAt);
  const engineInput: EngineInput = {
    repoDir,
    base: pull.baseSha,
    head: pull.headSha,
    fetchRefs,
    settings,
    repository: configured.repository,
    pr: { title: pull.title, body: pull.body },
    log: (message) => log(message),
    group,
    deadline,
  };
  log(`keybug: reviewing ${pull.ref.owner}/${pull.ref.repo}#${pull.ref.number} at ${pull.headSha} (base ${pull.baseSha})`);

  if (settings.dryRun) return dryRunStep(engineInput, reportPath);
  preflight(settings, inputs.token, reportPath);

  const outcome = await reviewPullRequest({
    pull,
    // The endpoint is checked once the slices show there is something to review.
    engine: { ...engineInput, beforeModelCalls: async () => log(`keybug: ${await checkEndpoint(settings, nameInput)}.`) },
    api,
    botLogin: inputs.botLogin,
    runUrl,
    linkHosts,
    nameSetting: nameInput,
    warn,
    beforePosting: ({ review, payload, prepared, gate }) => {
      writeReport(reportPath, reviewReport(review, payload));
      setOutput('files', prepared.diff.files.length);
      setCoverageOutputs(review.result.status, review.result.files);
      setOutput('findings', review.result.findings.length);
      setOutput('blocking', gate.blocking.length);
    },
    // Again with the posting time: the report written before posting stays if this write fails.
    afterPosting: ({ review, payload }) => writeReport(reportPath, reviewReport(review, payload)),
  }).catch(async (error: unknown) => {
    // The review could not run at all: still leave a report and a summary that say so.
    const message = describeFailure(error);
    writeReport(reportPath, { status: 'failed', error: message, headSha: pull.headSha });
    await writeSummary(`## keybug could not review \`${pull.headSha.slice(0, 7)}\`\n\n❌ ${sanitizeMarkdown(message, { inline: true, maxLength: 2_000 })}\n\nNothing was posted. This is not a clean pass.\n`);
    throw error;
  });

  if (outcome.kind === 'already-reviewed') {
    const { earlier, plan, gate } = outcome;
    writeReport(reportPath, { alreadyReviewed: { reviewId: earlier.id, headSha: pull.headSha }, openFindings: plan.carriedOver });
    setOutput('files', outcome.files);
    setOutput('findings', 0);
    setOutput('blocking', gate.blocking.length);
    setOutput('review-id', earlier.id);
    await writeSummary(renderAlreadyReviewedSummary({ headSha: pull.headSha, review: earlier, plan, gate, settings, links }));
    if (gate.failed) fail(gate.reasons.join('\n'));
    return;
  }

  const { prepared, review, gate, publication, postFailed, outage, posted } = outcome;
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
  );
  const reasons = [...(outage ? [outage] : []), ...gate.reasons, ...(postFailed ? [`Posting the review failed: ${postFailed}`] : [])];
  if (reasons.length > 0) fail(reasons.join('\n'));
  if (outage !== null || postFailed !== null) process.exitCode = EXIT.failure;
}

/**
 * What can be checked before anything else (and before GitHub is asked about earlier reviews): a
 * model and a key, a token to post with, a report path that can be written. The endpoint is checked
 * before the first model call, once there is something to review (EngineInput.beforeModelCalls).
 * Each failure is one line naming the input to fix.
 */
function preflight(settings: Settings, token: string, reportPath: string): void {
  requireModelSettings(settings);
  if (settings.postReview && token.trim() === '') {
    throw new ConfigError('github-token', '', 'a token that may write to the pull request (the default, ${{ github.token }}, with pull-requests: write), or post-review: false');
  }
  checkReportPath(reportPath);
}

/** The run's status (none for a dry run) and how many changed files were reviewed, skipped and not reviewed. */
function setCoverageOutputs(status: RunStatus | null, files: readonly FileCoverage[]): void {
  if (status !== null) setOutput('status', status);
  setOutput('files-reviewed', files.filter((f) => f.coverage === 'context' || f.coverage === 'diff').length);
  setOutput('files-skipped', files.filter((f) => f.coverage === 'skipped').length);
  setOutput('files-unreviewed', files.filter((f) => f.coverage === 'unreviewed').length);
}

/**
 * The run's settings and the base revision's configuration. When they cannot be had (an invalid
 * config file, a bad value in it), the report and the summary say so before the step fails.
 */
async function configureRun(input: { repoDir: string; pull: PullTarget; fetchRefs: string[]; inputs: ReturnType<typeof readActionInputs> }): Promise<Configured> {
  const { pull, inputs } = input;
  try {
    const configured = await configure({
      repoDir: input.repoDir,
      base: pull.baseSha,
      head: pull.headSha,
      fetchRefs: input.fetchRefs,
      explicit: inputs.explicit,
      onInvalidConfig: inputs.onInvalidConfig,
      log: (message) => log(message),
    });
    const { repository } = configured;
    if (repository.problem !== null) warn(`keybug reviews without the config file, which is invalid (on-invalid-config: defaults): ${repository.problem}`);
    else if (repository.file !== null) log(`keybug: settings from ${repository.file.path} at ${repository.rev} (the base revision), under the workflow's inputs.`);
    return configured;
  } catch (error) {
    const root = error instanceof StageError ? error.cause : error;
    const hint =
      root instanceof ConfigFileError
        ? ` Fix it on the base branch (a pull request's own change to it counts only after merge), or set \`on-invalid-config: defaults\` to review without it.`
        : '';
    const message = `${describeFailure(error)}${hint}`;
    writeReport(path.resolve(process.cwd(), inputs.withoutConfig.reportPath), { status: 'failed', error: message, headSha: pull.headSha });
    await writeSummary(`## keybug could not review \`${pull.headSha.slice(0, 7)}\`\n\n❌ ${sanitizeMarkdown(message, { inline: true, maxLength: 2_000 })}\n\nNothing was posted. This is not a clean pass.\n`);
    throw new Error(message, { cause: error });
  }
}

/** Slices and prompts in the summary and the report; no model, no GitHub API. */
async function dryRunStep(engineInput: EngineInput, reportPath: string): Promise<void> {
  const { prepared, prompts, estimate } = await dryRun(engineInput);
  writeReport(reportPath, {
    dryRun: true,
    baseSha: prepared.diff.baseSha,
    headSha: prepared.diff.headSha,
    files: prepared.files,
    unreviewed: prepared.unreviewed,
    slices: prepared.slicing.slices,
    prompts,
    estimate,
    ...(prepared.guidance ? { guidance: prepared.guidance.report } : {}),
  });
  setOutput('files', prepared.diff.files.length);
  setCoverageOutputs(null, prepared.files);
  setOutput('findings', 0);
  setOutput('blocking', 0);
  await writeSummary(
    renderDryRunSummary({
      headSha: prepared.diff.headSha,
      diff: prepared.diff,
      files: prepared.files,
      unreviewed: prepared.unreviewed,
      slices: prepared.slicing.slices,
      prompts,
      guidance: prepared.guidance?.report,
      instructionsTokenBudget: engineInput.settings.instructionsTokenBudget,
      estimate: describeEstimate(estimate, `${nameInput('input-price')} and ${nameInput('output-price')}`),
    }),
  );
  log(`keybug dry run: ${prepared.slicing.slices.length} slice(s), ${prompts.length} prompt(s); no model was called.`);
}
