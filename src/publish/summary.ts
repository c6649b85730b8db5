import { severityLevel } from '../config/settings.js';
import type { Settings } from '../config/settings.js';
import type { GateVerdict } from '../gate/gate.js';
import { describeStatus, type StatusReport } from '../gate/status.js';
import { REVIEWED_ANYWAY } from '../diff/index.js';
import { coverageCounts } from '../output/coverage.js';
import { sliceSummary } from '../output/slices.js';
import { redact } from '../safety/redact.js';
import { codeSpan, sanitizeMarkdown } from '../safety/sanitize.js';
import type { Diff, FileCoverage, Finding, GuidanceReport, ReviewResult, Slice, Stage, Unreviewed } from '../types.js';
import { SEVERITY_ICON } from './comment.js';
import type { Anchor, Side } from './anchor.js';
import type { PlannedComment, ReviewPlan } from './plan.js';
import type { ModeState, PostedFinding } from './state.js';

/**
 * The job summary (Markdown): what was found (with links to the lines), how the run went (files,
 * slices, calls, tokens, cost, time per stage), how many findings each stage dropped (to tune the
 * thresholds), what was not reviewed and why, and the files, hunks and slices that were reviewed.
 * GitHub accepts at most 1 MiB per step; long tables are cut to fit.
 */

/** GitHub's limit for one step's summary, in bytes. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** Kept under the limit for the few lines other steps or the runner may add. */
const BUDGET = SUMMARY_LIMIT_BYTES - 16 * 1024;

/** What publishing did, in one sentence for the summary. */
export interface PublicationNote {
  kind: 'posted' | 'nothing-to-post' | 'forbidden' | 'failed' | 'disabled' | 'already-reviewed' | 'state-unknown';
  /** Markdown, e.g. "Posted [review 12](url) with 3 line comments." */
  text: string;
}

export interface SummaryOptions {
  settings: Pick<Settings, 'algorithm' | 'failOn' | 'failOnIncomplete'> & Partial<Settings>;
  /** The full PR diff, to list the files and hunks reviewed. */
  diff?: Pick<Diff, 'files'>;
  /** Turns `file:line` into links to the line (head revision; the base for deleted lines). */
  links?: { serverUrl: string; repository: string };
  plan?: ReviewPlan;
  gate?: GateVerdict;
  publication?: PublicationNote;
  /** Set for incremental runs: the SHA reviewed last time. */
  incrementalFrom?: string | null;
  /** What the findings section says when there are none, in place of what a review's status says. */
  noFindings?: string;
}

/** Which input tunes each stage that drops findings. */
const STAGE_HINTS: Partial<Record<Stage, string>> = {
  reviewer: 'invalid or unusable model output',
  'coarse-filter': '`min-substance`, `min-reality`',
  'top-k': '`top-k`',
  'meta-reviewer': '`require-consensus`, `reviewers`',
  validator: '`validator-min-substance`, `validator-min-reality`, `validator-model`',
  translator: '`language`',
  anchoring: '—',
  dedupe: '—',
};
const STAGE_ORDER: Stage[] = ['reviewer', 'coarse-filter', 'top-k', 'meta-reviewer', 'validator', 'translator', 'anchoring', 'dedupe'];

/** Model, pull-request or endpoint text as one table cell: sanitized (see safety/sanitize.ts), pipes escaped. */
const cell = (text: string, maxLength = 500): string => sanitizeMarkdown(text, { inline: true, maxLength }).replace(/\|/g, '\\|');
/** A path or other name as code in a table cell. */
const code = (text: string): string => codeSpan(text).replace(/\|/g, '\\|');

/** Where the summary points for a finding; `line` null: the file, no line. */
interface Place {
  path: string;
  side: Side;
  line: number | null;
}

/**
 * `path:line` linked to that line: in the head revision for RIGHT lines, in the base the diff was
 * made from (the merge base) for deleted (LEFT) lines, under the file's old name if it was renamed.
 */
function location(place: Place, shas: { base: string; head: string }, options: Pick<SummaryOptions, 'links' | 'diff'>): string {
  const label = code(`${place.path}${place.line === null ? '' : `:${place.line}`}${place.side === 'LEFT' ? ' (deleted)' : ''}`);
  const left = place.side === 'LEFT';
  const sha = left ? shas.base : shas.head;
  if (!options.links || sha === '') return label;
  const path = left ? (options.diff?.files.find((f) => f.path === place.path)?.oldPath ?? place.path) : place.path;
  // A file name is pull-request data: one holding a credential is not put into an address (encoded, the mask could not find it).
  if (redact(path) !== path) return label;
  const url = `${options.links.serverUrl}/${options.links.repository}/blob/${sha}/${path.split('/').map(encodeURIComponent).join('/')}${place.line === null ? '' : `#L${place.line}`}`;
  return `[${label}](${url})`;
}

const anchored = (anchor: Anchor): Place => ({ path: anchor.path, side: anchor.side, line: anchor.line });
/** A finding no diff line holds: its file at head, at the model's line if that is a head line at all. */
const unplaced = (f: Finding): Place => ({ path: f.path, side: 'RIGHT', line: f.side === 'RIGHT' && f.line >= 1 ? f.line : null });

/** Cuts a list of table rows to `limit`, saying how many more the JSON report holds. */
function rows(items: string[], limit: number, columns: number): string[] {
  if (items.length <= limit) return items;
  return [...items.slice(0, limit), `| … ${items.length - limit} more in the JSON report |${' |'.repeat(columns - 1)}`];
}

/** " by `alice`": who resolved a thread whose resolution counts. */
const resolver = (p: PostedFinding): string => (p.resolution?.by ? ` by ${codeSpan(p.resolution.by)}` : '');
/** Who dismissed a finding and why, as plain text (a table cell sanitizes it). */
const dismissal = (p: PostedFinding): string =>
  p.dismissed === undefined
    ? ''
    : p.dismissed.via === 'reaction'
      ? `dismissed by ${p.dismissed.by} with a 👎`
      : `dismissed by ${p.dismissed.by}${p.dismissed.reason ? `: "${p.dismissed.reason}"` : ''}`;
/** Why a resolved thread still counts as open, when it does (plain text: the table cell sanitizes it). */
const ignored = (p: PostedFinding): string =>
  p.resolution && !p.resolution.counts ? ` (its thread was resolved, but ${p.resolution.why ?? ''})` : '';

function findingsSection(result: ReviewResult, options: SummaryOptions, limit: number): string[] {
  const fate = new Map<Finding, { text: string; place: Place }>();
  if (options.plan) {
    const moved = (c: PlannedComment): string =>
      c.anchor.path === c.finding.path && c.anchor.line === c.finding.line ? '' : ` (the model named line ${c.finding.line})`;
    for (const c of options.plan.comments) fate.set(c.finding, { text: `new comment${moved(c)}`, place: anchored(c.anchor) });
    for (const c of options.plan.overflow)
      fate.set(c.finding, {
        text: `in the review body (only the ${options.plan.comments.length} most severe are line comments)`,
        place: anchored(c.anchor),
      });
    for (const u of options.plan.unanchored) fate.set(u.finding, { text: `in the review body (${u.reason})`, place: unplaced(u.finding) });
    for (const r of options.plan.repeated)
      fate.set(r.finding, {
        text: `posted earlier, still open${ignored(r.earlier)}`,
        place: r.anchor ? anchored(r.anchor) : unplaced(r.finding),
      });
    for (const r of options.plan.resolved)
      fate.set(r.finding, {
        text: `posted earlier, resolved${resolver(r.earlier)}: not raised again`,
        place: r.anchor ? anchored(r.anchor) : unplaced(r.finding),
      });
    for (const r of options.plan.dismissedAgain)
      fate.set(r.finding, {
        text: `posted earlier, ${dismissal(r.earlier)}: not raised again, not gating`,
        place: r.anchor ? anchored(r.anchor) : unplaced(r.finding),
      });
  }
  const carried = options.plan?.carriedOver ?? [];
  const total = result.findings.length + carried.length;
  const out = [`### Findings (${total})`, ''];
  const header = options.plan
    ? '| severity | where | title | category | on the PR |\n| --- | --- | --- | --- | --- |'
    : '| severity | where | title | category |\n| --- | --- | --- | --- |';
  const addressed = (options.plan?.addressed ?? []).map((p) => {
    const level = severityLevel(p.severity);
    return `| ${SEVERITY_ICON[level]} ${level} (${p.severity}/7) | ${code(`${p.path}:${p.line}`)} | ${cell(p.title)} | — | from an earlier review; ${cell(p.addressed ?? '')}: no longer gating |`;
  });
  const settled = (options.plan?.settled ?? []).map((p) => {
    const level = severityLevel(p.severity);
    return `| ${SEVERITY_ICON[level]} ${level} (${p.severity}/7) | ${code(`${p.path}:${p.line}`)} | ${cell(p.title)} | — | from an earlier review; its thread was resolved${resolver(p)}, who may write to the repository: no longer gating |`;
  });
  const dismissed = (options.plan?.dismissed ?? []).map((p) => {
    const level = severityLevel(p.severity);
    return `| ${SEVERITY_ICON[level]} ${level} (${p.severity}/7) | ${code(`${p.path}:${p.line}`)} | ${cell(p.title)} | — | from an earlier review; ${cell(dismissal(p))}: no longer gating |`;
  });
  const more = [
    ...(addressed.length
      ? [
          '',
          `${addressed.length} finding(s) of earlier reviews no longer gate, because the code they were about changed:`,
          '',
          header,
          ...rows(addressed, limit, 5),
          '',
        ]
      : []),
    ...(settled.length
      ? [
          '',
          `${settled.length} finding(s) of earlier reviews no longer gate, because someone with write access resolved their threads:`,
          '',
          header,
          ...rows(settled, limit, 5),
          '',
        ]
      : []),
    ...(dismissed.length
      ? [
          '',
          `${dismissed.length} finding(s) of earlier reviews no longer gate, because someone with write access dismissed them as wrong:`,
          '',
          header,
          ...rows(dismissed, limit, 5),
          '',
        ]
      : []),
  ];
  if (total === 0) {
    const none = {
      complete: 'No findings survived the filters.',
      'nothing-to-review': 'No findings: nothing was reviewed.',
      incomplete: 'No findings — but the review is incomplete (see above), so this is **not** a clean pass.',
    };
    return [...out, options.noFindings ?? none[result.status], '', ...more];
  }
  const shas = { base: result.baseSha, head: result.headSha };
  const sorted = [...result.findings].sort((a, b) => b.scores.severity - a.scores.severity);
  const lines = sorted.map((f) => {
    const level = severityLevel(f.scores.severity);
    const known = fate.get(f);
    const where = location(known?.place ?? { path: f.path, side: f.side, line: f.line }, shas, options);
    const rule = f.rule ? ` · rule ${code(f.rule.name)}` : '';
    const base = `| ${SEVERITY_ICON[level]} ${level} (${f.scores.severity}/7) | ${where} | ${cell(f.title)} | ${f.category}${rule} |`;
    return options.plan ? `${base} ${cell(known?.text ?? '')} |` : base;
  });
  for (const p of carried) {
    const level = severityLevel(p.severity);
    lines.push(
      `| ${SEVERITY_ICON[level]} ${level} (${p.severity}/7) | ${location({ path: p.path, side: p.side, line: p.line }, shas, options)} | ${cell(p.title)} | — | open from an earlier review (${p.resolution ? cell(`its thread was resolved, but ${p.resolution.why ?? ''}`) : 'not resolved'}, code unchanged): still gating |`,
    );
  }
  return [...out, header, ...rows(lines, limit, options.plan ? 5 : 4), '', ...more];
}

/** How the summary names a stage of `stats.stageMs` where its key is terse. */
const STAGE_LABELS: Record<string, string> = { index: 'word index', slice: 'slicing', review: 'model calls' };

function figuresSection(result: ReviewResult): string[] {
  const u = result.usage;
  const cost = u.costUsd === null ? 'not estimated (set `input-price` and `output-price`)' : `$${u.costUsd.toFixed(4)}`;
  const stageTimes = Object.entries(result.stats.stageMs)
    .map(([stage, ms]) => `${STAGE_LABELS[stage] ?? stage} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  const byRole = Object.entries(u.byRole)
    .map(([role, r]) => `${role} ${r?.calls ?? 0}`)
    .join(', ');
  return [
    '### Run',
    '',
    '| | |',
    '| --- | --- |',
    `| files | ${result.files.length > 0 ? coverageCounts(result.files) : result.stats.files} |`,
    `| slices | ${result.stats.slices} (${result.algorithm}) |`,
    `| files parsed | ${result.stats.filesParsed} (${(result.stats.bytesParsed / 1024).toFixed(0)} KiB) |`,
    `| model calls | ${u.calls}${byRole ? ` (${byRole})` : ''} |`,
    ...(u.tools !== undefined
      ? [
          `| tool calls | ${u.tools.calls} (${Object.entries(u.tools.byTool)
            .map(([tool, n]) => `${tool} ${n}`)
            .join(', ')}); answers ~${u.tools.answerTokens.toLocaleString('en-US')} tokens |`,
        ]
      : []),
    `| tokens | ${u.promptTokens.toLocaleString('en-US')} prompt + ${u.completionTokens.toLocaleString('en-US')} completion |`,
    `| estimated cost | ${cost} |`,
    `| time per stage | ${stageTimes || '—'} |`,
    `| peak memory | ${result.stats.peakMemoryMb > 0 ? `${result.stats.peakMemoryMb} MB` : '—'} |`,
    '',
  ];
}

/** The filtering stages, listed even when they dropped nothing (so a zero reads as "kept everything"). */
const ALWAYS_LISTED: ReadonlySet<Stage> = new Set(['coarse-filter', 'top-k', 'meta-reviewer', 'validator']);

function droppedSection(result: ReviewResult): string[] {
  const counts = new Map<Stage, number>();
  for (const d of result.dropped) counts.set(d.stage, (counts.get(d.stage) ?? 0) + 1);
  return [
    '### Dropped by stage',
    '',
    'Candidates each stage removed; the last column names the inputs that tune it.',
    '',
    '| stage | dropped | tuned by |',
    '| --- | --- | --- |',
    ...STAGE_ORDER.filter((s) => counts.has(s) || ALWAYS_LISTED.has(s)).map(
      (s) => `| ${s} | ${counts.get(s) ?? 0} | ${STAGE_HINTS[s] ?? ''} |`,
    ),
    '',
  ];
}

function unreviewedSection(unreviewed: Unreviewed[], limit: number): string[] {
  if (unreviewed.length === 0) return [];
  const items = unreviewed.map(
    (u) =>
      `| ${code(u.path + (u.startLine !== undefined ? `:${u.startLine}${u.endLine !== undefined ? `-${u.endLine}` : ''}` : ''))} | ${cell(u.reason)} |`,
  );
  return [`### Not reviewed (${unreviewed.length})`, '', '| path | reason |', '| --- | --- |', ...rows(items, limit, 2), ''];
}

const COVERAGE_WORDS: Record<FileCoverage['coverage'], string> = {
  context: 'reviewed with context',
  diff: 'reviewed from the diff only',
  skipped: 'skipped',
  unreviewed: '**not reviewed**',
};

/**
 * Every changed file once: its language, how it was covered and why, its status, lines and hunks.
 * What was meant to be reviewed and was not is listed apart above (see unreviewedSection).
 */
export function filesSection(diff: Pick<Diff, 'files'>, files: readonly FileCoverage[], limit: number): string[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const items = diff.files.map((f) => {
    const hunks = f.hunks.map((h) => `\`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\``).join(' ');
    const c = byPath.get(f.path);
    const coverage = c === undefined ? '—' : `${COVERAGE_WORDS[c.coverage]}${c.reason !== undefined ? `: ${cell(c.reason)}` : ''}`;
    return `| ${code(f.path)} | ${c?.language ?? '—'} | ${coverage} | ${f.status} | +${f.additions} −${f.deletions} | ${hunks || '—'} |`;
  });
  return [
    '<details>',
    `<summary>Files and hunks (${files.length > 0 ? coverageCounts(files) : `${diff.files.length} files`})</summary>`,
    '',
    '| file | language | coverage | status | lines | hunks |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows(items, limit, 6),
    '',
    '</details>',
    '',
  ];
}

type SliceRow = Pick<ReviewResult['slices'][number], 'id' | 'file' | 'startLine' | 'endLine' | 'algorithm' | 'degraded' | 'tokens'>;

export function slicesSection(slices: SliceRow[], limit: number): string[] {
  if (slices.length === 0) return [];
  const tokens = slices.reduce((n, s) => n + s.tokens, 0);
  const items = slices.map(
    (s) =>
      `| ${s.id} | ${code(`${s.file}:${s.startLine}-${s.endLine}`)} | ${s.algorithm}${s.degraded !== undefined ? ` (${s.degraded})` : ''} | ${s.tokens} |`,
  );
  return [
    '<details>',
    `<summary>Slices (${slices.length}, ~${tokens.toLocaleString('en-US')} tokens)</summary>`,
    '',
    '| slice | seed | algorithm | tokens |',
    '| --- | --- | --- | --- |',
    ...rows(items, limit, 4),
    '',
    '</details>',
    '',
  ];
}

/**
 * What the summary says at the top about the repository's guidance: a config file that was not
 * used, and config or instruction files the pull request changes (they count only after merge).
 */
function guidanceNotices(report: GuidanceReport | undefined): string[] {
  if (report === undefined) return [];
  const out: string[] = [];
  if (report.configProblem !== undefined)
    out.push(`⚠️ **The config file was not used** (\`on-invalid-config: defaults\`): ${cell(report.configProblem)}`);
  if (report.changedByPullRequest.length > 0) {
    out.push(
      `ℹ️ This pull request changes ${report.changedByPullRequest.map(code).join(', ')}: it was reviewed with the base revision's version (\`${report.rev.slice(0, 7)}\`); the change takes effect after merge.`,
    );
  }
  return out.map((l) => l + '\n');
}

/** "Instructions used": each source of guidance, how many slices got it whole, cut or not at all, and what was not used. */
function guidanceSection(report: GuidanceReport | undefined, budget: number | undefined, limit: number): string[] {
  if (report === undefined || (report.sources.length === 0 && report.skipped.length === 0 && report.configFile === null)) return [];
  const out = ['### Instructions used', ''];
  const per = budget === undefined ? '' : `, at most ${budget.toLocaleString('en-US')} tokens per slice (\`instructions-token-budget\`)`;
  out.push(
    `Repository guidance from the base revision \`${report.rev.slice(0, 7)}\`${report.configFile ? ` (config file ${code(report.configFile)})` : ''}${per}, most specific first.`,
    '',
  );
  if (report.sources.length === 0) out.push('None applied to the files reviewed.', '');
  else {
    const items = report.sources.map((s) => {
      const fate = [
        s.whole > 0 ? `whole in ${s.whole}` : '',
        s.cut > 0 ? `**cut** to fit in ${s.cut}` : '',
        s.omitted > 0 ? `**left out** of ${s.omitted} (no room)` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `| ${code(s.source)} | ${fate} | ~${s.tokens.toLocaleString('en-US')} |`;
    });
    out.push('| source | slices | tokens |', '| --- | --- | --- |', ...rows(items, limit, 3), '');
  }
  if (report.skipped.length > 0)
    out.push(
      `Not used: ${report.skipped
        .slice(0, limit)
        .map((s) => `${code(s.path)} (${cell(s.reason)})`)
        .join(', ')}${report.skipped.length > limit ? `, and ${report.skipped.length - limit} more` : ''}.`,
      '',
    );
  return out;
}

/** Renders sections with shrinking row limits until the text fits the byte budget. */
function fit(render: (limit: number) => string[]): string {
  for (let limit = 100_000; ; limit = Math.floor(limit / 4)) {
    const text = render(limit).join('\n');
    if (Buffer.byteLength(text, 'utf8') <= BUDGET || limit === 0) return Buffer.byteLength(text, 'utf8') <= BUDGET ? text : cutBytes(text);
  }
}

function cutBytes(text: string): string {
  const buffer = Buffer.from(text, 'utf8').subarray(0, BUDGET - 200);
  return buffer.toString('utf8').replace(/\uFFFD$/, '') + '\n\n… (cut to fit the 1 MiB job summary; the JSON report has everything)\n';
}

const STATUS_ICON: Record<StatusReport['status'], string> = { complete: '✅', incomplete: '⚠️', 'nothing-to-review': 'ℹ️' };
/** What the summary adds to the status's own title, and after its detail. */
const STATUS_NOTE: Record<StatusReport['status'], [string, string]> = {
  complete: ['', ''],
  incomplete: [' — not a clean pass', ''],
  'nothing-to-review': ['', ' This is not a review.'],
};

/** The status in the words of gate/status.ts, as the summary's first line. */
function statusLine(status: StatusReport): string {
  const [title, after] = STATUS_NOTE[status.status];
  const head = `${STATUS_ICON[status.status]} **${status.title}${title}${status.detail === '' ? '.**' : ':**'}`;
  return status.detail === '' ? head : `${head} ${cell(status.detail, 4_000)}.${after}`;
}

function statusLines(result: Pick<ReviewResult, 'status' | 'incompleteReasons' | 'degraded' | 'files'>, options: SummaryOptions): string[] {
  const out: string[] = [statusLine(describeStatus(result.status, result.incompleteReasons))];
  if (result.degraded?.length) out.push(`ℹ️ ${cell(result.degraded.join('; '), 4_000)}`);
  // A change cannot exempt its own code: say which files were reviewed although it made them look generated.
  const anyway = result.files.filter(
    (f) => (f.coverage === 'context' || f.coverage === 'diff') && f.reason?.includes(REVIEWED_ANYWAY) === true,
  );
  if (anyway.length > 0)
    out.push(
      `ℹ️ Reviewed although this change makes ${anyway.length === 1 ? 'it' : 'them'} look generated or vendored (the base revision decides): ${anyway
        .slice(0, 5)
        .map(
          (f) =>
            `${code(f.path)} — ${cell((f.reason ?? '').slice((f.reason ?? '').indexOf(REVIEWED_ANYWAY) + REVIEWED_ANYWAY.length + 3))}`,
        )
        .join('; ')}${anyway.length > 5 ? `; and ${anyway.length - 5} more (see the files below)` : ''}.`,
    );
  if (options.incrementalFrom) out.push(`Incremental run: reviewed the files changed since \`${options.incrementalFrom.slice(0, 7)}\`.`);
  if (options.gate) {
    out.push(
      options.gate.failed
        ? `❌ **Merge gate failed** (\`fail-on: ${options.settings.failOn}\`, \`fail-on-incomplete: ${options.settings.failOnIncomplete}\`): ${options.gate.blocking.length} blocking finding(s)${result.status === 'incomplete' && options.settings.failOnIncomplete ? ', incomplete review' : ''}.`
        : `Merge gate passed (\`fail-on: ${options.settings.failOn}\`).`,
    );
  }
  if (options.publication) out.push(options.publication.text);
  return out.map((l) => l + '\n');
}

/** The job summary of a finished review (also `keybug review --format markdown`). */
export function renderSummary(result: ReviewResult, options: SummaryOptions): string {
  return (
    fit((limit) => [
      `## keybug review of \`${result.headSha.slice(0, 7)}\``,
      '',
      ...statusLines(result, options),
      ...guidanceNotices(result.guidance),
      ...findingsSection(result, options, limit),
      ...figuresSection(result),
      ...guidanceSection(result.guidance, options.settings.instructionsTokenBudget, limit),
      ...droppedSection(result),
      ...unreviewedSection(result.unreviewed, limit),
      ...(options.diff ? filesSection(options.diff, result.files, limit) : []),
      ...slicesSection(result.slices, limit),
    ]) + '\n'
  );
}

/** A prompt a dry run would send (the fields of review's PlannedPrompt the summary shows). */
export interface DryRunPrompt {
  role: string;
  sliceId: string | null;
  model: string;
  tokens: number;
  system: string;
  user: string;
}

/**
 * The first prompts, as many as a dry run's summary could show: once their user prompts alone are
 * over the summary's budget, no more fit (the summary holds a few, not the change's thousands).
 */
export function promptsToShow(prompts: Iterable<DryRunPrompt>): DryRunPrompt[] {
  const shown: DryRunPrompt[] = [];
  let bytes = 0;
  for (const p of prompts) {
    shown.push(p);
    bytes += Buffer.byteLength(p.user, 'utf8');
    if (bytes > BUDGET) break;
  }
  return shown;
}

/** The job summary of a dry run: files and hunks, slices with their text, and the prompts; no model was called. */
export function renderDryRunSummary(input: {
  headSha: string;
  diff: Pick<Diff, 'files'>;
  /** Every changed file's coverage as the review would report it. */
  files: FileCoverage[];
  /** What the review would not review. */
  unreviewed: Unreviewed[];
  /** The status the review would reach (gate/status.ts, for a dry run). */
  status: StatusReport;
  slices: readonly Pick<Slice, 'id' | 'seed' | 'algorithm' | 'degraded' | 'tokens'>[];
  /** The first prompts in the order they would be sent, as many as the summary may show (promptsToShow). */
  prompts: DryRunPrompt[];
  /** How many prompts would be sent. */
  promptCount: number;
  /** Each distinct system prompt of all of them once, with the slices whose prompts carry it. */
  systems: readonly { role: string; system: string; tokens: number; slices: string[] }[];
  /** The repository's guidance the prompts carry. */
  guidance?: GuidanceReport;
  instructionsTokenBudget?: number;
  /** The run's expected calls, tokens and cost, as the CLI prints it (review's describeEstimate). */
  estimate?: string;
}): string {
  const rows: SliceRow[] = input.slices.map(sliceSummary);
  const block = (title: string, text: string): string[] => {
    const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    return ['<details>', `<summary>${title}</summary>`, '', `${fence}text`, text, fence, '', '</details>', ''];
  };
  return (
    fit((limit) => {
      // Each distinct system prompt once (one per role and language), then each slice's own user prompt.
      const systems = input.systems.flatMap((p) =>
        block(
          `${p.role} system prompt · ~${p.tokens} tokens · the same for ${p.slices.length === 1 ? 'slice' : 'slices'} ${p.slices.join(', ')}`,
          p.system,
        ),
      );
      const prompts = input.prompts
        .slice(0, limit)
        .flatMap((p) =>
          block(`${p.role} user prompt${p.sliceId ? ` for ${p.sliceId}` : ''} · ~${p.tokens} tokens with the system prompt`, p.user),
        );
      return [
        `## keybug dry run of \`${input.headSha.slice(0, 7)}\``,
        '',
        statusLine(input.status),
        '',
        `Dry run: **no model was called** and nothing was posted. ${input.slices.length} slice(s), ${input.promptCount} prompt(s).${input.estimate ? ` Estimate: ${input.estimate}` : ''}`,
        '',
        ...guidanceNotices(input.guidance),
        ...guidanceSection(input.guidance, input.instructionsTokenBudget, limit),
        ...unreviewedSection(input.unreviewed, limit),
        ...filesSection(input.diff, input.files, limit),
        ...slicesSection(rows, limit),
        '### Prompts',
        '',
        ...systems,
        ...prompts,
        ...(input.promptCount > limit ? [`… ${input.promptCount - limit} more prompts in the JSON report.`, ''] : []),
      ];
    }) + '\n'
  );
}

/** The job summary of a rerun on a head SHA keybug already reviewed: nothing is posted, the gate still holds. */
export function renderAlreadyReviewedSummary(input: {
  headSha: string;
  review: { id: number; htmlUrl: string; status: 'complete' | 'incomplete'; incompleteReasons: string[] };
  plan: ReviewPlan;
  gate: GateVerdict;
  settings: SummaryOptions['settings'];
  links?: SummaryOptions['links'];
}): string {
  const lead = `Already reviewed in [review ${input.review.id}](${input.review.htmlUrl}); nothing was posted and no model was called.`;
  return notReviewedSummary(`## keybug: \`${input.headSha.slice(0, 7)}\` was already reviewed`, lead, input, input.review);
}

/** The job summary of a push while the pull request is paused or ignored: nothing reviewed; the open findings of earlier reviews, and the gate. */
export function renderPausedSummary(input: {
  headSha: string;
  mode: ModeState;
  plan: ReviewPlan;
  gate: GateVerdict;
  settings: SummaryOptions['settings'];
  links?: SummaryOptions['links'];
  /** The command that brings keybug back, as a comment writes it: `@keybug resume`. */
  comeBack: string;
}): string {
  const who = input.mode.by ? ` by ${codeSpan(input.mode.by)}` : '';
  const where = input.mode.url ? ` ([the answer that says so](${input.mode.url}))` : '';
  const lead = `⏸️ keybug is **${input.mode.mode}** on this pull request${who}${where}: nothing was reviewed on this push and no model was called. A comment starting with ${codeSpan(input.comeBack)} brings it back. The open findings of earlier reviews still count for the merge gate.`;
  return notReviewedSummary(`## keybug did not review \`${input.headSha.slice(0, 7)}\`: ${input.mode.mode}`, lead, input, null);
}

/** A summary for a run that reviewed nothing: its lead, the gate and the open findings of earlier reviews. */
function notReviewedSummary(
  title: string,
  lead: string,
  input: { headSha: string; plan: ReviewPlan; gate: GateVerdict; settings: SummaryOptions['settings']; links?: SummaryOptions['links'] },
  /** The status of the review that stands for this head; null when there is none (only the gate is said). */
  earlier: { status: 'complete' | 'incomplete'; incompleteReasons: string[] } | null,
): string {
  const empty: ReviewResult = {
    status: earlier?.status ?? 'complete',
    incompleteReasons: earlier?.incompleteReasons ?? [],
    baseSha: '',
    headSha: input.headSha,
    algorithm: input.settings.algorithm,
    findings: [],
    dropped: [],
    skipped: [],
    unreviewed: [],
    files: [],
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, costUsd: null, byRole: {} },
    calls: [],
    slices: [],
    stats: { files: 0, slices: 0, filesParsed: 0, bytesParsed: 0, stageMs: {}, peakMemoryMb: 0 },
  };
  return (
    fit((limit) => [
      title,
      '',
      lead,
      '',
      ...statusLines(empty, { settings: input.settings, gate: input.gate }).slice(earlier === null ? 1 : 0),
      ...findingsSection(
        empty,
        {
          settings: input.settings,
          plan: input.plan,
          links: input.links,
          ...(earlier === null ? { noFindings: 'No open findings from earlier reviews.' } : {}),
        },
        limit,
      ),
    ]) + '\n'
  );
}
