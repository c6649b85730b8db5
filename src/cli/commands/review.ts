import path from 'node:path';
import type { Settings } from '../../config/settings.js';
import type { RunSettings } from '../../flows/engine-input.js';
import { dryRunReport, dryRunSummary, reviewChange, type DryRunOutcome } from '../../flows/review-change.js';
import { reviewPullRequest, reviewReport, type ReviewedPullRequest } from '../../flows/review-pull-request.js';
import type { GateVerdict } from '../../gate/gate.js';
import { formatSarif, formatText, jsonPieces, writeJson } from '../../output/index.js';
import { checkReportPath, writeReportFile } from '../../output/report-file.js';
import {
  anchoringReport,
  apiUrlFromEnv,
  forkNotice,
  GitHubApi,
  renderSummary,
  serverUrlFromEnv,
  type AnchoringEntry,
} from '../../publish/index.js';
import { describeEstimate } from '../../review/index.js';
import { coverageText } from '../../output/coverage.js';
import type { GuidanceReport, ReviewResult } from '../../types.js';
import { CHANGE_OPTIONS, formatOf, inputOptions, parseCommandArgs, settingsFromFlags, switchValue } from '../args.js';
import { withChange } from '../change.js';
import { EXIT, UsageError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { pullRequestOf } from '../pull-request.js';
import { runSettings } from '../run-settings.js';
import { outgoingMarkdown } from '../../safety/markdown-check.js';
import { tapeHelp, TAPE_OPTIONS, tapeFlags } from '../tape.js';

export const REVIEW_HELP = `keybug review --repo DIR --base REV [--head REV] [--format text|json|markdown|sarif] [--dry-run] [--example]
keybug review --repo DIR --pr-number N [--github-token TOKEN] [--post-review false] ...

Reviews the change with the model: reviewers on every slice, coarse filter and top-k, meta-reviewer,
validator and translator, exactly as the action does, and prints the surviving findings.
  --dry-run          print each slice's prompt and each system prompt once, with token and cost
                     estimates; no model is called (--format and --report work as without it)
  --title, --body    the pull request's title and description, given to the reviewers as data
  --report FILE      also write the full JSON report (every finding's path through the stages, every
                     call, where each finding would be anchored in the diff; with --dry-run: the
                     slices, the prompts and the estimate)
${tapeHelp(21)}
  --pr-number N      review pull request N as the action does: base, head, title and description
                     from GitHub (the repository from GITHUB_REPOSITORY, else the clone's origin),
                     earlier reviews by --bot-login honoured, and the review posted unless
                     --post-review false; the token from --github-token, GITHUB_TOKEN or GH_TOKEN
Every action input is a flag of the same name (--model, --reviewers, --top-k, --fail-on ...);
switches take --flag, --flag true|false or --no-flag. The API key and endpoint come from
--api-key/--base-url or OPENAI_API_KEY/OPENAI_BASE_URL; the model from --model or KEYBUG_MODEL.
Flags and those variables win over the config file of the base revision (.github/keybug.yml), which
wins over the defaults; its rules and instructions, and the base revision's AGENTS.md and other
instruction files, go into the prompts (see --dry-run). Before any model is paid for, the endpoint
is checked (reachable, key taken, model served) and the report path too. Exit code 1 when --fail-on or --fail-on-incomplete trips, 4 for failures.`;

const FORMATS = ['text', 'json', 'markdown', 'sarif'] as const;
type Format = (typeof FORMATS)[number];
const PRICES = '--input-price and --output-price';

/** What the prompts carry of the repository's guidance, and what a change to it does. */
function guidanceLines(guidance: GuidanceReport | undefined): string[] {
  if (
    guidance === undefined ||
    (guidance.configFile === null &&
      guidance.configProblem === undefined &&
      guidance.sources.length === 0 &&
      guidance.skipped.length === 0 &&
      guidance.changedByPullRequest.length === 0)
  )
    return [];
  const out: string[] = [];
  if (guidance.configProblem !== undefined) out.push(`!!! The config file is invalid and was not used: ${guidance.configProblem}`);
  const used = guidance.sources.map(
    (s) =>
      `${s.source}${s.cut > 0 ? ` (cut to fit in ${s.cut} slice(s))` : ''}${s.omitted > 0 ? ` (left out of ${s.omitted} slice(s): no room)` : ''}`,
  );
  out.push(
    `Repository guidance from the base revision ${guidance.rev.slice(0, 12)}${guidance.configFile ? ` (config file ${guidance.configFile})` : ''}: ${used.length > 0 ? used.join(', ') : 'none applies to these files'}.`,
  );
  for (const s of guidance.skipped) out.push(`  not used: ${s.path} (${s.reason})`);
  if (guidance.changedByPullRequest.length > 0)
    out.push(
      `This change modifies ${guidance.changedByPullRequest.join(', ')}: the prompts use the base revision's version; the change takes effect after merge.`,
    );
  return [...out, ''];
}

/**
 * A dry run for a terminal, a line (or a prompt) at a time: the guidance used, each slice's user
 * prompt once (it holds the slice), each system prompt once, every file's coverage as the review
 * would report it, the estimate, and the status the review would reach.
 */
function* renderDryRun({ plan, coverage, prepared }: DryRunOutcome): Generator<string> {
  const lines = (out: readonly string[]): string => out.map((line) => line + '\n').join('');
  yield lines(guidanceLines(prepared.guidance?.report));
  for (const p of plan.prompts()) {
    const copies = p.copies > 1 ? ` · sent ${p.copies}× (one per reviewer)` : '';
    yield lines([
      `===== ${p.role} prompt for slice ${p.sliceId ?? '-'} · model ${p.model || '(unset)'} · ~${p.tokens} tokens with the system prompt${copies} =====`,
      p.user,
      '',
    ]);
  }
  for (const s of plan.distinctSystems()) {
    yield lines([`===== ${s.role} system prompt · ~${s.tokens} tokens · the same for slice(s) ${s.slices.join(', ')} =====`, s.system, '']);
  }
  yield lines([
    ...coverageText(coverage),
    '',
    `Estimate: ${describeEstimate(plan.estimate, PRICES)}`,
    coverage.status.headline,
    'No model was called.',
  ]);
}

/** SARIF of a dry run: no results; the status it would reach, the files skipped and not reviewed as notifications (code-scanning uploads accept it). */
function dryRunSarif({ prepared, settings, coverage }: DryRunOutcome): string {
  const empty: ReviewResult = {
    status: coverage.status.status,
    incompleteReasons: ['dry run: no model was called', ...coverage.status.reasons],
    baseSha: prepared.diff.baseSha,
    headSha: prepared.diff.headSha,
    algorithm: settings.algorithm,
    findings: [],
    dropped: [],
    skipped: coverage.skipped,
    unreviewed: coverage.unreviewed,
    files: coverage.files,
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, costUsd: null, byRole: {} },
    calls: [],
    slices: [],
    stats: { files: 0, slices: 0, filesParsed: 0, bytesParsed: 0, stageMs: {}, peakMemoryMb: 0 },
  };
  return formatSarif(empty);
}

export async function reviewCommand(argv: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('review', argv, {
    ...CHANGE_OPTIONS,
    ...inputOptions(),
    title: { type: 'string' },
    body: { type: 'string' },
    ...TAPE_OPTIONS,
  }).values;
  // Every input is a string flag (inputOptions), which the parsed type cannot name one by one.
  const values = parsed as Record<string, string | undefined> & typeof parsed;
  if (values.help) return (io.out(REVIEW_HELP + '\n'), EXIT.ok);
  const startedAt = Date.now();
  const format = formatOf(values.format, FORMATS, 'text');
  const report = values.report ?? null;
  const example = switchValue('example', values.example);
  const tape = tapeFlags(values);
  if (tape !== null && values['dry-run'] !== undefined && switchValue('dry-run', values['dry-run']))
    throw new UsageError(`--${tape.mode} needs a review that calls the model; --dry-run calls none.`);
  // Bad flags fail here, before any git work; the config file of the base revision fills the rest later.
  const run = runSettings(values, io, {
    startedAt,
    tape,
    titled: true,
    configured: ({ settings }) => {
      if (settings.dryRun && tape !== null)
        throw new UsageError(`--${tape.mode} needs a review that calls the model; the config file sets dry-run, which calls none.`);
    },
  });
  if (report !== null) checkReportPath(report);
  const out: Output = { format, report, io };

  if (typeof values['pr-number'] === 'string') {
    for (const flag of ['base', 'title', 'body'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} cannot be used with --pr-number: the pull request names it.`);
    if (example) throw new UsageError('--example cannot be used with --pr-number.');
    return reviewPull(values, run, out);
  }
  for (const flag of ['github-token', 'bot-login'] as const)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} is used only with --pr-number (to read and post on a pull request).`);

  return withChange({ ...values, example }, async (change) => {
    const outcome = await reviewChange(run, {
      repoDir: change.repo,
      base: change.base,
      head: change.head,
      pr: change.pr,
      requireChange: change.requireChange,
    });
    if (outcome.kind === 'dry-run') return dryRunOutput(outcome, out);
    const { result, settings, anchoring } = outcome;
    if (report !== null) writeReportFile(report, jsonPieces(result, { anchoring }));
    printReview(result, out, settings, anchoring);
    return verdict(outcome, io);
  });
}

/** Where and how a review is printed and reported. */
interface Output {
  format: Format;
  report: string | null;
  io: CommandIO;
}

/** A dry run's outputs, each written in pieces from the plan's spools (which are closed afterwards). */
function dryRunOutput(outcome: DryRunOutcome, { format, report, io }: Output): number {
  const { plan } = outcome;
  try {
    if (report !== null) writeReportFile(report, dryRunReport(outcome));
    const pieces = {
      text: () => renderDryRun(outcome),
      json: () => dryRunReport(outcome),
      markdown: () => [outgoingMarkdown(dryRunSummary(outcome, PRICES), 'the Markdown dry run', warning(io))],
      sarif: () => [dryRunSarif(outcome)],
    }[format]();
    for (const piece of pieces) io.out(piece);
    if (format !== 'text')
      io.err(
        `keybug review: dry run, no model was called (${plan.promptCount} prompt(s); estimate: ${describeEstimate(plan.estimate, PRICES)})`,
      );
    return EXIT.ok;
  } finally {
    plan.close();
  }
}

/**
 * Prints the review in the chosen format; the JSON says where each finding is (or would be) anchored
 * in the diff, and is written in pieces: a large review's report is never one string (nor its masked copies).
 */
function printReview(result: ReviewResult, { format, io }: Output, settings: Settings, anchoring: AnchoringEntry[]): void {
  if (format === 'json') return writeJson(result, (text) => io.out(text), { anchoring });
  const markdown = (r: ReviewResult): string => outgoingMarkdown(renderSummary(r, { settings }), 'the Markdown review', warning(io));
  const rendered = { text: formatText, sarif: formatSarif, markdown }[format](result);
  io.out(rendered.endsWith('\n') ? rendered : rendered + '\n');
}

/** A warning line on stderr. */
const warning =
  (io: CommandIO) =>
  (line: string): void =>
    io.err(`warning: ${line}`);

/** Exit 4 when the endpoint failed every call (a failure, not a verdict), else the gate's. */
function verdict({ gate, outage }: { gate: GateVerdict; outage: string | null }, io: CommandIO, extra: string[] = []): number {
  for (const line of gate.reasons) io.err(line);
  for (const line of extra) io.err(line);
  if (outage !== null) {
    io.err(`keybug review: ${outage}`);
    return EXIT.failure;
  }
  if (extra.length > 0) return EXIT.failure;
  return gate.failed ? EXIT.gate : EXIT.ok;
}

/** `--pr-number N`: the action's review of a pull request, from a terminal. */
async function reviewPull(values: Record<string, unknown>, run: RunSettings, out: Output): Promise<number> {
  const { io, report } = out;
  const repoDir = path.resolve(typeof values.repo === 'string' ? values.repo : '.');
  // The pull request's number and repository first: a mistyped number is named before a missing token.
  const ref = await pullRequestOf(repoDir, String(values['pr-number']), io.env);
  const token = (typeof values['github-token'] === 'string' ? values['github-token'] : io.env.GITHUB_TOKEN || io.env.GH_TOKEN) ?? '';
  if (token === '')
    throw new UsageError(
      'Missing --github-token (or GITHUB_TOKEN): --pr-number reads the pull request from GitHub (and posts on it unless --post-review false).',
    );
  // github-timeout is not read from the config file: the flag (or the default) sets it before the base revision is known.
  const { githubTimeoutSeconds } = settingsFromFlags(values, io.env);
  // A report that cannot be written loses nothing else: the review is still posted, then the exit code says so.
  let reportFailed: string | null = null;
  const writeReport = ({ review, payload }: Pick<ReviewedPullRequest, 'review' | 'payload'>): void => {
    if (report === null) return;
    try {
      writeReportFile(report, reviewReport(review, payload));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (reportFailed === null) io.err(`warning: keybug could not write the report: ${why}. The review goes on without it.`);
      reportFailed = `keybug review: the report was not written: ${why}`;
    }
  };
  const outcome = await reviewPullRequest({
    ...run,
    repoDir,
    pull: ref,
    api: () =>
      GitHubApi.create({ token, apiUrl: apiUrlFromEnv(io.env), timeoutMs: githubTimeoutSeconds * 1000, onRetry: (m) => io.err(m) }),
    botLogin: typeof values['bot-login'] === 'string' ? values['bot-login'] : '',
    runUrl: null,
    serverUrl: serverUrlFromEnv(io.env),
    beforePosting: writeReport,
    // Again with the posting time: the report written before posting stays if this write fails.
    afterPosting: writeReport,
  });
  if (outcome.kind === 'dry-run') return dryRunOutput(outcome, out);
  if (outcome.kind === 'already-reviewed') {
    io.err(`keybug: ${outcome.pull.headSha} was already reviewed (${outcome.earlier.htmlUrl}); nothing posted, no model called.`);
    for (const line of outcome.gate.reasons) io.err(line);
    return outcome.gate.failed ? EXIT.gate : EXIT.ok;
  }
  if (outcome.kind === 'paused') {
    io.err(
      `keybug: this pull request is ${outcome.mode.mode}${outcome.mode.by ? ` by ${outcome.mode.by}` : ''}${outcome.mode.url ? ` (${outcome.mode.url})` : ''}; nothing reviewed, no model called. A 'resume' command in a comment on it brings keybug back.`,
    );
    for (const line of outcome.gate.reasons) io.err(line);
    return outcome.gate.failed ? EXIT.gate : EXIT.ok;
  }
  printReview(outcome.review.result, out, outcome.settings, anchoringReport(outcome.review.plan));
  if (outcome.posted?.kind === 'posted')
    io.err(`keybug: posted review ${outcome.posted.reviewId} with ${outcome.posted.comments} line comment(s): ${outcome.posted.htmlUrl}`);
  if (outcome.posted?.kind === 'forbidden') io.err(`keybug: ${forkNotice(outcome.posted.error.detail)}`);
  const failures = [
    ...(outcome.postFailed ? [`keybug review: posting the review failed: ${outcome.postFailed}`] : []),
    ...(reportFailed !== null ? [reportFailed] : []),
  ];
  return verdict(outcome, io, failures);
}
