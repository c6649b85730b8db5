import { SEVERITY_LEVELS, SLICE_ALGORITHMS, TOOL_MODES, type Settings } from './settings.js';
import { SettingError } from './naming.js';
import type { SeverityLevel, SliceAlgorithm } from '../types.js';

/** A bad or missing configuration value: names the input, the value and what is allowed. */
export class ConfigError extends SettingError {
  constructor(
    input: string,
    value: string,
    /** What the setting takes, e.g. "a whole number from 1 to 100". */
    readonly expected: string,
  ) {
    super(input, value, (name) =>
      value === '' ? `Missing ${name(input)}: expected ${expected}.` : `Invalid value '${value}' for ${name(input)}: expected ${expected}.`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads one raw input by its action name (e.g. "top-k"); undefined or '' means "not given". */
export type InputReader = (name: string) => string | undefined;

/**
 * One documented input; action.yml, the CLI flags, the config file's schema and docs/inputs.md
 * all follow this list.
 */
export interface InputSpec {
  name: string;
  description: string;
  /**
   * keybug's default ('' = none), applied by parseSettings when neither the workflow (or a CLI
   * flag) nor the repository's config file gives a value. action.yml writes it as `default:` only
   * for inputs the config file cannot set (see src/config/precedence.ts).
   */
  default: string;
  /** Secret inputs are masked in logs and never printed; the config file cannot set them. */
  secret?: boolean;
  /** Set only by the workflow or the command line, never by the config file (the run's target and identity). */
  workflowOnly?: boolean;
}

export const INPUTS: readonly InputSpec[] = [
  { name: 'api-key', description: 'API key of the OpenAI-compatible endpoint. Not needed for `dry-run`.', default: '', secret: true },
  {
    name: 'base-url',
    description: 'Base URL of any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, vLLM, Ollama, OpenRouter, LiteLLM).',
    default: '',
  },
  { name: 'model', description: 'Model for every role unless overridden (required unless `dry-run`).', default: '' },
  { name: 'reviewer-model', description: 'Model for the reviewers (default: `model`).', default: '' },
  {
    name: 'validator-model',
    description: 'Model for the validator (default: `model`); a different, stronger model cuts false alarms.',
    default: '',
  },
  { name: 'temperature', description: 'Sampling temperature, 0 to 2.', default: '0.2' },
  { name: 'timeout', description: 'Timeout of one model call, in seconds.', default: '180' },
  { name: 'max-retries', description: 'Retries of one model call on 429, 5xx, resets and timeouts (honouring Retry-After).', default: '4' },
  { name: 'concurrency', description: 'Model calls in flight at once.', default: '8' },
  { name: 'input-price', description: 'US dollars per million prompt tokens, for the cost estimate.', default: '' },
  { name: 'output-price', description: 'US dollars per million completion tokens, for the cost estimate.', default: '' },
  { name: 'reviewers', description: 'Independent reviewers per slice (paper: 3).', default: '3' },
  { name: 'min-substance', description: 'Coarse filter: drop findings whose substance score (Q1, 1-7) is at or below this.', default: '4' },
  { name: 'min-reality', description: 'Coarse filter: drop findings whose reality score (Q2, 1-7) is at or below this.', default: '4' },
  { name: 'top-k', description: 'Findings kept per slice after sorting by severity (paper: 5).', default: '5' },
  { name: 'require-consensus', description: 'With more than one reviewer, drop issues that only one reviewer raised.', default: 'true' },
  { name: 'validator', description: 'Run the validator, which re-reads the slice and re-scores every surviving finding.', default: 'true' },
  { name: 'validator-min-substance', description: 'Validator: drop findings whose re-scored substance is at or below this.', default: '4' },
  { name: 'validator-min-reality', description: 'Validator: drop findings whose re-scored reality is at or below this.', default: '4' },
  {
    name: 'tools',
    description:
      "Let the reviewers and the validator look things up in the repository (definition, references, read, search, history, diff over the tracked files at base and head): auto (the endpoint's tool calling where it has it, else a JSON request-and-answer round), on (tool calling required: an endpoint that refuses it fails the calls) or off (the slices only).",
    default: 'auto',
  },
  {
    name: 'tool-calls',
    description:
      "Tool calls per slice for its reviewers together, and again for the validator's judgments of its findings together (shared out evenly among them); past its share a model answers with what it has.",
    default: '8',
  },
  {
    name: 'tool-token-budget',
    description:
      "Tokens of tool answers per slice for its reviewers together, and again for the validator's judgments together (shared out as tool-calls is); the answer that reaches a share is cut.",
    default: '6000',
  },
  { name: 'votes', description: 'Validator judgments per finding (1, 3, 5, 7 or 9): the majority keeps or drops it.', default: '1' },
  { name: 'language', description: 'Language of the published review; anything but English adds the translator.', default: 'English' },
  {
    name: 'max-tokens',
    description: 'Token budget for the whole pull request (0 = unlimited); slices beyond it are listed as not reviewed.',
    default: '0',
  },
  {
    name: 'time-limit-minutes',
    description:
      'Time limit of the whole run, in minutes (0 = none). When it is reached keybug starts no new work, publishes what it has within a minute and lists the rest as not reviewed; the run is incomplete.',
    default: '20',
  },
  { name: 'algorithm', description: 'Slicing algorithm: original-diff, parent-function, left-flow or full-flow.', default: 'left-flow' },
  { name: 'slice-token-budget', description: 'Token budget per slice; larger slices fall back to a smaller algorithm.', default: '6000' },
  {
    name: 'index-cache',
    description:
      "Folder keeping the repository's word index between runs, so that a name search over the repository reads only the files changed since (files are known by their blob ids, whatever revision the index was built on), and the facts of the files last read for their definitions, so that those are not parsed again. Default: `keybug` in the repository's git folder (`.git/keybug`); keep it from one workflow run to the next with `actions/cache` (see the README). `none`: the index is built from the repository in every run.",
    default: '',
    workflowOnly: true,
  },
  {
    name: 'instruction-files',
    description:
      'Give the reviewers and the validator the instruction files of the base revision: AGENTS.md and CLAUDE.md (the root ones and the nearest above each file), .github/copilot-instructions.md and .github/instructions/**/*.instructions.md whose applyTo matches.',
    default: 'true',
  },
  {
    name: 'instructions-token-budget',
    description:
      "Token budget per slice for the repository's guidance (rules, instructions, instruction files), most specific first; what does not fit is cut at a line or word boundary and the summary says so. 0 sends none.",
    default: '2000',
  },
  { name: 'max-files', description: 'Files reviewed at most; the rest are listed as not reviewed.', default: '100' },
  { name: 'include', description: 'Glob patterns (comma or newline separated): only matching paths are reviewed.', default: '' },
  { name: 'exclude', description: 'Glob patterns (comma or newline separated): matching paths are skipped.', default: '' },
  {
    name: 'skip-generated',
    description:
      "Skip generated, vendored and lock files: marked `linguist-generated` / `linguist-vendored` in the base revision's .gitattributes, by path (vendor/, third_party/, dist/, *.min.js, *.pb.cc, package-lock.json ...), or by a generator notice (@generated, DO NOT EDIT) in the first lines.",
    default: 'true',
  },
  {
    name: 'skip-docs',
    description:
      'Skip documentation anywhere in the tree: Markdown, reStructuredText, AsciiDoc and plain text (`.md`, `.mdx`, `.markdown`, `.rst`, `.adoc`, `.txt` …; not `CMakeLists.txt` or `requirements.txt`), README, LICENSE, CHANGELOG, HISTORY and the like, and files marked `linguist-documentation`, unless an `include` pattern names them (`**/*.md`, `docs/setup.rst`; a folder pattern such as `src/**` does not). A change to documentation alone calls no model. Other text files are reviewed from their diff.',
    default: 'true',
  },
  { name: 'review-event', description: 'Review event: COMMENT or REQUEST_CHANGES.', default: 'COMMENT' },
  {
    name: 'fail-on',
    description: 'Fail the step when a finding at or above this severity survives: none, low, medium, high or critical.',
    default: 'none',
  },
  { name: 'fail-on-incomplete', description: 'Fail the step when the review could not finish (model down, budget hit).', default: 'true' },
  {
    name: 'incremental',
    description:
      'On a new push, review only what changed since the last complete review (after an incomplete one, everything is reviewed again).',
    default: 'true',
  },
  { name: 'post-review', description: 'Post the review on the pull request (false: job summary and report only).', default: 'true' },
  {
    name: 'report',
    description:
      "Path of the JSON report of the run. Default: keybug-report.json in the runner's temporary folder (RUNNER_TEMP), outside the checkout; the `report` output names it.",
    default: '',
  },
  { name: 'dry-run', description: 'Build the slices and prompts and report them, calling no model.', default: 'false' },
  {
    name: 'github-token',
    description: 'Token used to read the pull request and post the review.',
    default: '${{ github.token }}',
    secret: true,
  },
  {
    name: 'github-timeout',
    description:
      'Timeout of one GitHub API call, in seconds. Reads are retried on 5xx, timeouts and rate limits (waiting as long as GitHub asks, 2 minutes at most); if earlier reviews still cannot be read, nothing is posted and the run is incomplete.',
    default: '30',
    workflowOnly: true,
  },
  {
    name: 'on-invalid-config',
    description:
      "When the base revision's .github/keybug.yml is invalid: fail (the step fails naming the file, line and key) or defaults (review without it, with a warning in the summary).",
    default: 'fail',
    workflowOnly: true,
  },
  {
    name: 'bot-login',
    description:
      'Login whose reviews and comments keybug treats as its own earlier work; hidden markers anyone else posts are ignored. Default: the login GitHub reports for `github-token` (when GitHub cannot say, nothing is posted). Set it when you post with a personal access token or a custom GitHub App token (e.g. `my-app[bot]`).',
    default: '',
    workflowOnly: true,
  },
  { name: 'pr-number', description: 'Pull request number, for `workflow_dispatch` runs.', default: '', workflowOnly: true },
  {
    name: 'handle',
    description:
      "The name comments call keybug by: a comment whose first line is `@keybug <command>` runs a command (review, full review, pause, resume, ignore, resolve, learn, wrong, help; see docs/conversation.md), and a reply in one of keybug's threads that mentions `@keybug` gets an answer. Runs on `issue_comment` and `pull_request_review_comment`.",
    default: 'keybug',
    workflowOnly: true,
  },
  {
    name: 'chat',
    description:
      "Which replies in keybug's own threads it answers: `mentions` (those that mention its handle) or `threads` (every reply there, by someone with write access).",
    default: 'mentions',
  },
];

/** A handle as a comment writes it, without its `@`: a GitHub login (letters, digits, single dashes, up to 39) or an app's `slug[bot]`. */
function handleOf(value: string): string {
  const handle = value.replace(/^@/, '');
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\[bot\])?$/.test(handle))
    throw new ConfigError('handle', value, 'a name such as keybug (letters, digits and dashes, as a GitHub login)');
  return handle;
}

const TRUE = ['true', 'yes', '1', 'on'];
const FALSE = ['false', 'no', '0', 'off'];

/**
 * Throws unless the settings can call a model: a model name and, unless the endpoint is local, a
 * key. A replay (`needsKey` false) answers from a recording and needs the model name only.
 */
export function requireModelSettings(settings: Settings, needsKey = true): void {
  if (settings.model === '') throw new ConfigError('model', '', 'a model name (e.g. gpt-4.1 or the name your endpoint serves)');
  if (needsKey && settings.apiKey === '' && settings.baseUrl === null) {
    throw new ConfigError('api-key', '', 'an API key, or a base-url of an endpoint that needs none');
  }
}

/** Parses settings from raw inputs; throws ConfigError naming the first bad input. */
export function parseSettings(read: InputReader): Settings {
  const defaults = new Map(INPUTS.map((i) => [i.name, i.default]));
  const raw = (name: string): string => {
    const value = read(name);
    if (value !== undefined && value.trim() !== '') return value.trim();
    return defaults.get(name) ?? '';
  };
  const int = (name: string, min: number, max: number): number => {
    const value = raw(name);
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || n < min || n > max) throw new ConfigError(name, value, `a whole number from ${min} to ${max}`);
    return n;
  };
  const num = (name: string, min: number, max: number): number => {
    const value = raw(name);
    const n = Number(value);
    if (value === '' || !Number.isFinite(n) || n < min || n > max) throw new ConfigError(name, value, `a number from ${min} to ${max}`);
    return n;
  };
  const optionalNum = (name: string): number | null => (raw(name) === '' ? null : num(name, 0, 1e6));
  const bool = (name: string): boolean => {
    const value = raw(name).toLowerCase();
    if (TRUE.includes(value)) return true;
    if (FALSE.includes(value)) return false;
    throw new ConfigError(name, raw(name), 'true or false');
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T => {
    const value = raw(name);
    const hit = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!hit) throw new ConfigError(name, value, `one of ${allowed.join(', ')}`);
    return hit;
  };
  const list = (name: string): string[] =>
    raw(name)
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter((s) => s !== '');

  const baseUrl = raw('base-url');
  if (baseUrl !== '' && !/^https?:\/\/[^\s]+$/i.test(baseUrl)) throw new ConfigError('base-url', baseUrl, 'an http:// or https:// URL');
  const model = raw('model');

  return {
    apiKey: raw('api-key'),
    baseUrl: baseUrl === '' ? null : baseUrl,
    model,
    reviewerModel: raw('reviewer-model') || model,
    validatorModel: raw('validator-model') || model,
    temperature: num('temperature', 0, 2),
    timeoutSeconds: int('timeout', 1, 3600),
    maxRetries: int('max-retries', 0, 10),
    concurrency: int('concurrency', 1, 64),
    inputPrice: optionalNum('input-price'),
    outputPrice: optionalNum('output-price'),
    reviewers: int('reviewers', 1, 10),
    minSubstance: int('min-substance', 0, 7),
    minReality: int('min-reality', 0, 7),
    topK: int('top-k', 1, 100),
    requireConsensus: bool('require-consensus'),
    validator: bool('validator'),
    validatorMinSubstance: int('validator-min-substance', 0, 7),
    validatorMinReality: int('validator-min-reality', 0, 7),
    tools: oneOf('tools', TOOL_MODES),
    toolCalls: int('tool-calls', 0, 100),
    toolTokenBudget: int('tool-token-budget', 100, 200_000),
    votes: Number(oneOf('votes', ['1', '3', '5', '7', '9'] as const)),
    language: raw('language'),
    maxTokens: int('max-tokens', 0, 1_000_000_000),
    timeLimitMinutes: int('time-limit-minutes', 0, 1440),
    algorithm: oneOf<SliceAlgorithm>('algorithm', SLICE_ALGORITHMS),
    sliceTokenBudget: int('slice-token-budget', 200, 1_000_000),
    indexCache: raw('index-cache'),
    instructionFiles: bool('instruction-files'),
    instructionsTokenBudget: int('instructions-token-budget', 0, 100_000),
    maxFiles: int('max-files', 1, 100_000),
    include: list('include'),
    exclude: list('exclude'),
    skipGenerated: bool('skip-generated'),
    skipDocs: bool('skip-docs'),
    reviewEvent: oneOf('review-event', ['COMMENT', 'REQUEST_CHANGES'] as const),
    failOn: oneOf<SeverityLevel | 'none'>('fail-on', ['none', ...SEVERITY_LEVELS]),
    failOnIncomplete: bool('fail-on-incomplete'),
    incremental: bool('incremental'),
    postReview: bool('post-review'),
    reportPath: raw('report'),
    githubTimeoutSeconds: int('github-timeout', 1, 600),
    dryRun: bool('dry-run'),
    handle: handleOf(raw('handle')),
    chat: oneOf('chat', ['mentions', 'threads'] as const),
  };
}
