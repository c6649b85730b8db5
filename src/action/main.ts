import path from 'node:path';
import { ConfigFileError } from '../config/file.js';
import { ConfigError, requireModelSettings } from '../config/inputs.js';
import type { Settings } from '../config/settings.js';
import type { FileCoverage, RunStatus } from '../types.js';
import { Deadline } from '../deadline.js';
import { readDiff } from '../diff/index.js';
import { configure, type Configured } from '../engine/configure.js';
import { dryRun, runReview, StageError, type EngineInput } from '../engine/run.js';
import { evaluateGate, modelOutage } from '../engine/gate.js';
import { Git } from '../git/git.js';
import { formatJson } from '../output/index.js';
import { sanitizeMarkdown } from '../output/sanitize.js';
import { checkReportPath } from '../output/report-file.js';
import { checkEndpoint } from '../review/llm/endpoint.js';
import {
  anchoringReport, apiUrlFromEnv, assessOpenFindings, EMPTY_STATE, forkNotice, GitHubApi, gitProbe, planReview, postReview, prepareReview, publicationNote,
  readPreviousState, resolveIdentity, gateFindings, renderAlreadyReviewedSummary, renderDryRunSummary, renderSummary, reviewOf,
  serverUrlFromEnv, StateReadError, type PreviousState, type PublicationNote, type PublishPayload, type PullRef,
} from '../publish/index.js';
import type { Diff, ReviewResult } from '../types.js';
import { resolveTarget } from './event.js';
import { readActionInputs } from './inputs.js';
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
    fail(error instanceof Error ? error.message : String(error));
    process.exitCode = isInputError(error) ? EXIT.input : EXIT.failure;
  }
}

/** A bad input or config file (exit 2), however deep in the causes it was wrapped. */
function isInputError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ConfigError || e instanceof ConfigFileError) return true;
  }
  return false;
}

/** A resolved pull request to review. */
interface PullTarget {
  ref: PullRef;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
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
  const deadline = Deadline.of(settings.timeLimitMinutes, startedAt);
  const reportPath = path.resolve(process.cwd(), settings.reportPath);
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
  await preflight(settings, inputs.token, reportPath);

  // Earlier reviews tell what was reviewed and posted. When they cannot be read, what is already on
  // the pull request is unknown: the review still runs (its findings go to the summary and the
  // report), but nothing is posted, so nothing can be posted twice, and the run is incomplete.
  let previous: PreviousState | null = null;
  let stateUnknown: string | null = null;
  try {
    const client = api();
    const identity = await resolveIdentity(client, inputs.botLogin);
    log(`keybug: reading earlier reviews by ${identity.login} (${identity.source === 'input' ? 'the bot-login input' : 'the token\'s login'}).`);
    previous = await readPreviousState(client, pull.ref, identity.login);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stateUnknown = error instanceof StateReadError ? message : `keybug could not read what it posted on this pull request before: ${message}`;
    warn(`${stateUnknown}. Nothing will be posted (it could repeat what is already there) and the run is incomplete; rerun the job once GitHub answers.`);
  }
  const earlier = previous === null ? null : reviewOf(previous, pull.headSha);
  if (previous !== null && earlier?.status === 'complete') return alreadyReviewedStep({ repoDir, pull, fetchRefs, previous, earlier, settings, reportPath, links });
  if (earlier !== null) log(`keybug: the earlier review of ${pull.headSha} (review ${earlier.id}) is incomplete; reviewing again without posting what it already posted.`);

  // From the last complete review only: what an incomplete run skipped is reviewed again.
  const incrementalFrom = settings.incremental ? (previous?.lastCompleteSha ?? null) : null;
  const onlyPaths = incrementalFrom === null ? null : await changedSince(repoDir, incrementalFrom, pull.headSha, fetchRefs);
  const { prepared, result: reviewed } = await runReview({ ...engineInput, onlyPaths, incrementalFrom }).catch(async (error: unknown) => {
    // The review could not run at all: still leave a report and a summary that say so.
    const message = error instanceof Error ? error.message : String(error);
    writeReport(reportPath, { status: 'failed', error: message, headSha: pull.headSha });
    await writeSummary(`## keybug could not review \`${pull.headSha.slice(0, 7)}\`\n\n❌ ${sanitizeMarkdown(message, { inline: true, maxLength: 2_000 })}\n\nNothing was posted. This is not a clean pass.\n`);
    throw error;
  });
  const engineResult: ReviewResult = stateUnknown === null ? reviewed : { ...reviewed, status: 'incomplete', incompleteReasons: [...reviewed.incompleteReasons, stateUnknown] };
  // Earlier findings keep gating until resolved or their code changed; suggestions are checked against the head's files.
  const probe = gitProbe(prepared.git, pull.headSha, prepared.diff);
  const standing = await assessOpenFindings(previous ?? EMPTY_STATE, probe);
  await Promise.all([...new Set(engineResult.findings.map((f) => f.path))].map((p) => probe.headLines(p)));
  const review = prepareReview({
    result: engineResult,
    diff: prepared.diff,
    previous: standing,
    settings,
    incrementalFrom: onlyPaths === null ? null : incrementalFrom,
    runUrl,
    context: { linkHosts, headLines: probe.cachedLines },
  });
  const { result } = review;
  const payload: PublishPayload = { version: 1, repository: `${pull.ref.owner}/${pull.ref.repo}`, pullNumber: pull.ref.number, headSha: pull.headSha, review: review.request };
  writeReport(reportPath, { ...(JSON.parse(formatJson(result, { anchoring: anchoringReport(review.plan) })) as object), publish: payload });
  setOutput('files', prepared.diff.files.length);
  setCoverageOutputs(result.status, result.files);
  setOutput('findings', result.findings.length);
  setOutput('blocking', review.gate.blocking.length);

  let publication: PublicationNote = { kind: 'disabled', text: 'Posting is off (`post-review: false`): nothing was posted.' };
  let postFailed: string | null = null;
  if (settings.postReview && stateUnknown !== null) {
    publication = { kind: 'state-unknown', text: '⚠️ **Not posted:** keybug could not read its earlier reviews on this pull request, so posting could repeat what is already there. Rerun the job once GitHub answers.' };
  } else if (settings.postReview) {
    try {
      const outcome = await postReview(api(), pull.ref, review.request, (message) => warn(message));
      publication = publicationNote(outcome);
      if (outcome.kind === 'posted') setOutput('review-id', outcome.reviewId);
      if (outcome.kind === 'forbidden') notice(forkNotice(outcome.error.detail));
      if (outcome.kind === 'failed') postFailed = outcome.error.message;
    } catch (error) {
      // postReview answers failures as outcomes; this is for anything else (no token, a bug).
      postFailed = error instanceof Error ? error.message : String(error);
      publication = { kind: 'failed', text: `❌ **Posting failed:** ${sanitizeMarkdown(postFailed, { inline: true, maxLength: 1_000 })}. Everything found is in this summary and the JSON report.` };
    }
  }
  await writeSummary(
    renderSummary(result, {
      settings,
      diff: prepared.diff,
      links,
      plan: review.plan,
      gate: review.gate,
      publication,
      incrementalFrom: onlyPaths === null ? null : incrementalFrom,
    }),
  );
  const outage = modelOutage(result, settings, 'action');
  const reasons = [...(outage ? [outage] : []), ...review.gate.reasons, ...(postFailed ? [`Posting the review failed: ${postFailed}`] : [])];
  if (reasons.length > 0) fail(reasons.join('\n'));
  if (outage !== null || postFailed !== null) process.exitCode = EXIT.failure;
}

/**
 * What can be checked before any model is paid for (and before GitHub is asked about earlier
 * reviews): a model and a key, a token to post with, a report path that can be written, and an
 * endpoint that answers and serves the model. Each failure is one line naming the input to fix.
 */
async function preflight(settings: Settings, token: string, reportPath: string): Promise<void> {
  requireModelSettings(settings);
  if (settings.postReview && token.trim() === '') {
    throw new ConfigError('github-token', '', 'a token that may write to the pull request (the default, ${{ github.token }}, with pull-requests: write), or post-review: false');
  }
  checkReportPath(reportPath, 'action');
  log(`keybug: ${await checkEndpoint(settings, 'action')}.`);
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
    const message = `${error instanceof Error ? error.message : String(error)}${hint}`;
    writeReport(path.resolve(process.cwd(), inputs.withoutConfig.reportPath), { status: 'failed', error: message, headSha: pull.headSha });
    await writeSummary(`## keybug could not review \`${pull.headSha.slice(0, 7)}\`\n\n❌ ${sanitizeMarkdown(message, { inline: true, maxLength: 2_000 })}\n\nNothing was posted. This is not a clean pass.\n`);
    throw new Error(message, { cause: error });
  }
}

/** Slices and prompts in the summary and the report; no model, no GitHub API. */
async function dryRunStep(engineInput: EngineInput, reportPath: string): Promise<void> {
  const { prepared, prompts } = await dryRun(engineInput);
  writeReport(reportPath, {
    dryRun: true,
    baseSha: prepared.diff.baseSha,
    headSha: prepared.diff.headSha,
    files: prepared.files,
    unreviewed: prepared.unreviewed,
    slices: prepared.slicing.slices,
    prompts,
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
    }),
  );
  log(`keybug dry run: ${prepared.slicing.slices.length} slice(s), ${prompts.length} prompt(s); no model was called.`);
}

/** A rerun on a head SHA already reviewed: post nothing, call no model, keep the gate of what is still open. */
async function alreadyReviewedStep(input: {
  repoDir: string;
  pull: PullTarget;
  fetchRefs: string[];
  previous: PreviousState;
  earlier: NonNullable<ReturnType<typeof reviewOf>>;
  settings: Settings;
  reportPath: string;
  links: { serverUrl: string; repository: string } | undefined;
}): Promise<void> {
  const { earlier, settings } = input;
  log(`keybug: ${input.pull.headSha} was already reviewed (review ${earlier.id}); nothing to post.`);
  const git = await Git.open(input.repoDir);
  const diff: Diff = await readDiff(git, input.pull.baseSha, input.pull.headSha, { fetchRefs: input.fetchRefs });
  const previous = await assessOpenFindings(input.previous, gitProbe(git, input.pull.headSha, diff));
  const plan = planReview({ findings: [], diff: { files: [] }, previous });
  const gate = evaluateGate({ findings: gateFindings([], plan), status: earlier.status, incompleteReasons: earlier.incompleteReasons }, settings);
  writeReport(input.reportPath, { alreadyReviewed: { reviewId: earlier.id, headSha: input.pull.headSha }, openFindings: plan.carriedOver });
  setOutput('files', diff.files.length);
  setOutput('findings', 0);
  setOutput('blocking', gate.blocking.length);
  setOutput('review-id', earlier.id);
  await writeSummary(renderAlreadyReviewedSummary({ headSha: input.pull.headSha, review: earlier, plan, gate, settings, links: input.links }));
  if (gate.failed) fail(gate.reasons.join('\n'));
}

/** Paths changed between the last reviewed SHA and the head; null (review everything) when that cannot be told. */
async function changedSince(repoDir: string, from: string, head: string, fetchRefs: string[]): Promise<Set<string> | null> {
  try {
    const git = await Git.open(repoDir);
    const diff = await readDiff(git, from, head, { fetchRefs });
    const paths = new Set<string>();
    for (const f of diff.files) {
      paths.add(f.path);
      if (f.oldPath !== null) paths.add(f.oldPath);
    }
    log(`keybug: incremental review of ${paths.size} path(s) changed since ${from}.`);
    return paths;
  } catch (error) {
    warn(`keybug: cannot diff the last reviewed commit ${from} against ${head} (${(error as Error).message}); reviewing the whole pull request.`);
    return null;
  }
}
