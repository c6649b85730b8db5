/** The evaluation report as terminal text and as Markdown, both drawn from the JSON report. */
import type { StageScore } from './metrics.js';
import type { GroupScore } from './breakdown.js';
import type { EvalReport, StageReport } from './report.js';
import type { SweepResult } from './sweep.js';
import { sanitizeMarkdown } from '../safety/sanitize.js';

const num = (value: number | null): string => (value === null ? '—' : value.toFixed(2));

export const SCRIPTED_NOTE = "The example's model answers are scripted: the table shows how the metrics read, not a model's quality.";

const LEGEND = [
  'KBI: key bugs recalled ÷ key bugs (a comment recalls a bug on its file within the line tolerance).',
  'FAR₁: comments that recall no key bug ÷ comments, averaged over the cases with comments; FAR₂: the same over the cases where a key bug was recalled.',
  'CPI: harmonic mean of KBI and 100 − FAR. LSR: comments whose line, as the model wrote it, was shown to it in its slice.',
];

function header(report: EvalReport): string[] {
  const s = report.settings;
  const keyBugs = report.perCase.reduce((n, c) => n + c.bugs, 0);
  const sample = report.sample === null ? '' : ` (a sample of ${report.sample.size} of ${report.sample.of}, seed ${report.sample.seed})`;
  const lines = [
    `${report.cases} case(s)${sample}, ${keyBugs} key bug(s), line tolerance ±${s.lineTolerance}`,
    `model ${s.model}${s.validatorModel !== s.model ? ` (validator ${s.validatorModel})` : ''}${s.reviewerModel !== s.model ? ` (reviewers ${s.reviewerModel})` : ''} · ${s.algorithm} · ${s.reviewers} reviewer(s) · temperature ${s.temperature}`,
  ];
  const run = report.run;
  if (run.mode === 'replay')
    lines.push(
      `answers replayed from ${run.recording}: ${run.requestsSent ?? 0} request(s) sent to a model endpoint, ${run.requestsReplayed} answered from the recording`,
    );
  else if (run.mode === 'record') lines.push(`recorded ${run.requestsSent ?? 0} model request(s) in ${run.recording}`);
  else lines.push(`${run.modelCalls} model call(s)`);
  if (report.example) lines.push(SCRIPTED_NOTE);
  return lines;
}

function problems(report: EvalReport): string[] {
  const out: string[] = [];
  for (const r of report.rejected) out.push(`case '${r.id}' REJECTED: ${r.reason} (not reviewed, left out of every metric)`);
  for (const c of report.perCase) {
    if (c.status === 'failed') out.push(`case '${c.id}' FAILED: ${c.error ?? 'unknown error'} (left out of every metric)`);
    if (c.status === 'incomplete')
      out.push(`case '${c.id}' was reviewed INCOMPLETELY (its comments may undercount): ${c.incompleteReasons.join('; ')}`);
    if (c.status === 'nothing-to-review' && c.bugs > 0)
      out.push(`case '${c.id}' had nothing keybug reviews (no changed file with reviewable code): its key bugs count as missed`);
    if (c.config.problem !== null)
      out.push(`case '${c.id}': its config file is invalid and was not used (--on-invalid-config defaults): ${c.config.problem}`);
  }
  if (report.settingsVary.length > 0) {
    out.push(
      `the cases' config files set ${report.settingsVary.join(', ')} differently, so the table mixes setups; the settings above are the flags' and defaults' (each case's are listed below)`,
    );
  }
  return out;
}

/** Text from the cases (errors, config values) as one inert Markdown line: nothing in it links, pings or renders. */
const inline = (text: string): string => sanitizeMarkdown(text, { inline: true, maxLength: 2_000 });

/** Each case's base-revision configuration, when any case has a config file or guidance: the review read them as `keybug review` does. */
function configLines(report: EvalReport): string[] {
  const configured = report.perCase.filter((c) => c.config.file !== null || c.config.guidance.length > 0);
  if (configured.length === 0) return [];
  return configured.map((c) => {
    const set = c.config.settings.map((v) => `${v.name}: ${v.value.replace(/\n/g, ', ')}`).join('; ');
    const file = c.config.file === null ? 'no config file' : `${c.config.file}${set === '' ? '' : ` (${set})`}`;
    return `${c.id} at ${c.config.rev.slice(0, 12)}: ${file}${c.config.guidance.length > 0 ? `; guidance: ${c.config.guidance.join(', ')}` : ''}`;
  });
}

const CONFIG_TITLE = "Repository configuration (each case's base revision, under the flags, as keybug review reads it):";

const STAGE_COLUMNS = ['stage', 'comments', 'KBI', 'FAR₁', 'FAR₂', 'CPI₁', 'CPI₂', 'LSR', 'no comments'];

function stageCells(label: string, score: StageScore | null, note: string | null): string[] {
  if (score === null) return [label, note ?? 'not run', '', '', '', '', '', '', ''];
  return [
    label,
    String(score.comments),
    num(score.kbi),
    num(score.far1),
    num(score.far2),
    num(score.cpi1),
    num(score.cpi2),
    num(score.lsr),
    String(score.casesWithoutComments),
  ];
}

/** Left-aligned first column, right-aligned numbers. */
export function textTable(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

export function markdownTable(rows: string[][]): string[] {
  const [head, ...body] = rows;
  if (head === undefined) return [];
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...body.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

function stageRows(report: EvalReport): string[][] {
  return [
    STAGE_COLUMNS,
    ...report.stages.map((s) =>
      stageCells(s.stage === 'top-k' ? `Top-k (${report.settings.topK})` : s.label, s.score, s.ran ? null : s.note),
    ),
  ];
}

function caseRows(report: EvalReport): string[][] {
  const rows = [['case', 'status', 'key bugs recalled', 'comments', 'false alarms']];
  for (const c of report.perCase) {
    // The validator's stage, or the meta-reviewer's for a case reviewed without the validator.
    const stage = c.stages.validator ?? c.stages['meta-reviewer'];
    rows.push([
      c.id,
      c.status,
      stage ? `${stage.recalled}/${c.bugs}` : '—',
      stage ? String(stage.comments.length) : '—',
      stage ? String(stage.falseAlarms) : '—',
    ]);
  }
  return rows;
}

const GROUP_COLUMNS = ['cases', 'key bugs', 'recalled', 'comments', 'KBI', 'FAR₁', 'FAR₂', 'CPI₁', 'CPI₂', 'LSR'];

/** The last stage that ran: the validator's, else the meta-reviewer's (what keybug posts). */
function lastStage(report: EvalReport): StageReport | undefined {
  return [...report.stages].reverse().find((s) => s.ran && s.score !== null);
}

/** One table per grouping (language, then each label), at the last stage; none when every case falls in one group of it. */
function breakdownTables(report: EvalReport): { title: string; rows: string[][] }[] {
  const stage = lastStage(report);
  if (stage === undefined) return [];
  const table = (title: string, groups: GroupScore[]): { title: string; rows: string[][] } => ({
    title,
    rows: [
      [title.replace(/^By /, ''), ...GROUP_COLUMNS],
      ...groups.map((g) => {
        const sc = g.stages[stage.stage];
        return sc === undefined
          ? [g.group, String(g.cases), '', '', '', '', '', '', '', '', '']
          : [
              g.group,
              String(g.cases),
              String(sc.keyBugs),
              String(sc.recalled),
              String(sc.comments),
              num(sc.kbi),
              num(sc.far1),
              num(sc.far2),
              num(sc.cpi1),
              num(sc.cpi2),
              num(sc.lsr),
            ];
      }),
    ],
  });
  const out: { title: string; rows: string[][] }[] = [];
  if (report.breakdown.language.length > 1) out.push(table('By language', report.breakdown.language));
  for (const [name, groups] of Object.entries(report.breakdown.labels)) if (groups.length > 1) out.push(table(`By ${name}`, groups));
  return out;
}

const SWEEP_COLUMNS = [
  'threshold',
  'top-k',
  'coarse KBI',
  'coarse FAR₁',
  'coarse CPI₁',
  'comments',
  'KBI',
  'FAR₁',
  'FAR₂',
  'CPI₁',
  'CPI₂',
  'LSR',
  '',
];

function sweepRows(sweep: SweepResult): string[][] {
  return [
    SWEEP_COLUMNS,
    ...sweep.rows.map((r, i) => [
      `≤ ${r.threshold}`,
      String(r.topK),
      num(r.coarse.kbi),
      num(r.coarse.far1),
      num(r.coarse.cpi1),
      String(r.topk.comments),
      num(r.topk.kbi),
      num(r.topk.far1),
      num(r.topk.far2),
      num(r.topk.cpi1),
      num(r.topk.cpi2),
      num(r.topk.lsr),
      i === sweep.best ? '← best CPI₁' : '',
    ]),
  ];
}

const SWEEP_NOTE =
  'Sweep of the reviewer stages from the same answers, with no model call: the coarse filter drops substance or reality at or below the threshold, then each reviewer keeps its top k per slice. The meta-reviewer and the validator are not re-run in the sweep (what reaches them would change, and so would their answers).';

export function renderText(report: EvalReport): string {
  const out = [`keybug eval: ${header(report).join('\n')}`, ''];
  const issues = problems(report);
  if (issues.length > 0) out.push(...issues.map((p) => `! ${p}`), '');
  out.push(...textTable(stageRows(report)), '');
  const groups = breakdownTables(report);
  if (groups.length > 0)
    out.push(
      `By group, at the last stage (${lastStage(report)?.label.replace(/^\+ /, '') ?? ''}); a case counts in each of its languages:`,
    );
  for (const g of groups) out.push(...textTable(g.rows).map((l) => `  ${l}`), '');
  const notes = report.stages
    .filter((s) => s.note !== null && s.ran)
    .map((s) => `  ${s.stage === 'top-k' ? `Top-k (${report.settings.topK})` : s.label}: ${s.note}`);
  out.push('Stages:', ...notes, '', ...LEGEND, '');
  out.push(`Cases (at the last stage):`, ...textTable(caseRows(report)).map((l) => `  ${l}`), '');
  const config = configLines(report);
  if (config.length > 0) out.push(CONFIG_TITLE, ...config.map((l) => `  ${l}`), '');
  if (report.sweep !== null) out.push(SWEEP_NOTE, ...textTable(sweepRows(report.sweep)), '');
  return out.join('\n');
}

export function renderMarkdown(report: EvalReport): string {
  const out = ['## keybug eval', '', ...header(report).map((l) => `${l}  `), ''];
  const issues = problems(report).map(inline);
  if (issues.length > 0) out.push(...issues.map((p) => `- ⚠️ ${p}`), '');
  out.push(...markdownTable(stageRows(report)), '');
  const groups = breakdownTables(report);
  if (groups.length > 0)
    out.push(
      `By group, at the last stage (${lastStage(report)?.label.replace(/^\+ /, '') ?? ''}); a case counts in each of its languages:`,
      '',
    );
  for (const g of groups) out.push(...markdownTable(g.rows), '');
  for (const s of report.stages)
    if (s.note !== null && s.ran) out.push(`- **${s.stage === 'top-k' ? `Top-k (${report.settings.topK})` : s.label}**: ${s.note}`);
  out.push('', ...LEGEND.map((l) => `${l}  `), '', '### Cases (at the last stage)', '', ...markdownTable(caseRows(report)), '');
  const config = configLines(report);
  if (config.length > 0) out.push(CONFIG_TITLE, '', ...config.map((l) => `- ${inline(l)}`), '');
  if (report.sweep !== null) out.push('### Sweep', '', SWEEP_NOTE, '', ...markdownTable(sweepRows(report.sweep)), '');
  return out.join('\n');
}
