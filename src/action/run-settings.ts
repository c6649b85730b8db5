import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, requireModelSettings } from '../config/inputs.js';
import type { Settings } from '../config/settings.js';
import { reviewReport, type PullRequestRun, type PullTarget } from '../flows/review-pull-request.js';
import { checkReportPath } from '../output/report-file.js';
import { sanitizeMarkdown } from '../safety/sanitize.js';
import { serverUrlFromEnv, type GitHubApi } from '../publish/index.js';
import type { FileCoverage, RunStatus } from '../types.js';
import { describeFailure } from './failure.js';
import { nameInput, type ActionInputs } from './inputs.js';
import { group, log, setOutput, tryWriteReport, warn, writeSummary } from './output.js';

/**
 * The action's run of the pull-request flow: the settings object it hands the flow (its inputs,
 * settings named as inputs, the log's groups), and the step's report, written before posting and
 * again after, or, when the review cannot run, with why. Until the settings are known the report
 * goes where the workflow's inputs alone put it.
 */
export class PullRequestStep {
  reportPath: string;
  /**
   * Why the report could not be written, when it could not (a link the pull request put at its
   * path, a full disk): that loses nothing else — the review is still posted and the summary
   * written — and then the step fails.
   */
  reportFailed: string | null = null;
  private phase: 'configure' | 'preflight' | 'review' = 'configure';

  constructor(
    private readonly inputs: ActionInputs,
    private readonly pull: PullTarget,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.reportPath = reportFile(inputs.withoutConfig.reportPath, env);
  }

  /** Writes the report; a failure is kept in `reportFailed` (and warned about), not thrown. */
  report(content: object | Iterable<string>): void {
    this.reportFailed = tryWriteReport(this.reportPath, content) ?? this.reportFailed;
  }

  /** The settings object of the flow. */
  settings(env: NodeJS.ProcessEnv, startedAt: number, api: () => GitHubApi, runUrl: string | null): PullRequestRun {
    const { inputs } = this;
    return {
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
          warn(`keybug reviews without the config file, which is invalid (on-invalid-config: defaults): ${repository.problem}`);
        else if (repository.file !== null)
          log(`keybug: settings from ${repository.file.path} at ${repository.rev} (the base revision), under the workflow's inputs.`);
        this.phase = 'preflight';
        this.reportPath = reportFile(settings.reportPath, this.env);
        if (!settings.dryRun) preflight(settings, inputs.token, this.reportPath);
        this.phase = 'review';
      },
      repoDir: env.GITHUB_WORKSPACE || process.cwd(),
      pull: this.pull,
      api,
      botLogin: inputs.botLogin,
      runUrl,
      serverUrl: serverUrlFromEnv(env),
      beforePosting: ({ review, payload, prepared, gate }) => {
        this.report(reviewReport(review, payload));
        setOutput('files', prepared.diff.files.length);
        setCoverageOutputs(review.result.status, review.result.files);
        setOutput('findings', review.result.findings.length);
        setOutput('blocking', gate.blocking.length);
      },
      // Again with the posting time: the report written before posting stays if this write fails.
      afterPosting: ({ review, payload }) => this.report(reviewReport(review, payload)),
    };
  }

  /**
   * The review could not run at all: a report and a summary say so (a failed check of the settings
   * only fails the step, naming the input), and the error goes on to fail the step.
   */
  async couldNotReview(error: unknown): Promise<never> {
    if (this.phase === 'preflight') throw error;
    const message = describeFailure(error);
    const head = this.pull.headSha;
    this.report({ status: 'failed', error: message, headSha: head });
    await writeSummary(
      `## keybug could not review \`${head.slice(0, 7)}\`\n\n❌ ${sanitizeMarkdown(message, { inline: true, maxLength: 2_000 })}\n\nNothing was posted. This is not a clean pass.\n`,
    );
    throw error;
  }
}

/**
 * Where the report goes: the path the `report` input (or the config file) names, else
 * keybug-report.json in the runner's temporary folder — never into the checkout unless asked to,
 * as the pull request decides what the checkout holds (a link at the path, say).
 */
function reportFile(setting: string, env: NodeJS.ProcessEnv): string {
  return setting === '' ? path.join(env.RUNNER_TEMP || tmpdir(), 'keybug-report.json') : path.resolve(process.cwd(), setting);
}

/**
 * What can be checked once the settings are known (before GitHub is asked about earlier reviews):
 * a model and a key, a token to post with, a report path that can be written. The endpoint is
 * checked before the first model call, once there is something to review. Each failure is one line
 * naming the input to fix.
 */
function preflight(settings: Settings, token: string, reportPath: string): void {
  requireModelSettings(settings);
  if (settings.postReview && token.trim() === '') {
    throw new ConfigError(
      'github-token',
      '',
      'a token that may write to the pull request (the default, ${{ github.token }}, with pull-requests: write), or post-review: false',
    );
  }
  checkReportPath(reportPath);
}

/** The run's status (none for a dry run) and how many changed files were reviewed, skipped and not reviewed. */
export function setCoverageOutputs(status: RunStatus | null, files: readonly FileCoverage[]): void {
  if (status !== null) setOutput('status', status);
  setOutput('files-reviewed', files.filter((f) => f.coverage === 'context' || f.coverage === 'diff').length);
  setOutput('files-skipped', files.filter((f) => f.coverage === 'skipped').length);
  setOutput('files-unreviewed', files.filter((f) => f.coverage === 'unreviewed').length);
}
