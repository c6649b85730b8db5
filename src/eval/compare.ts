/**
 * `keybug eval --compare-tools`: the same cases under two setups, the slices alone (`tools: off`)
 * and the slices with the repository tools, scored stage by stage with the calls and tokens each
 * role took and the tool calls made. Each setup is an evaluation of its own with a recording of its
 * own (the tools setup in the recording folder itself, the slices-only one in its `slices/`), so a
 * comparison replays with no model call.
 */
import { summarizeUsage } from '../review/llm/usage.js';
import { CHECKPOINTS, type Role } from '../types.js';
import type { EvalReport, StageReport } from './report.js';
import { markdownTable, SCRIPTED_NOTE, textTable } from './render.js';
import type { CaseOutcome } from './outcome.js';

/** The setups compared: their names (which also name their recordings) and how they differ. */
export const SETUPS = [
  { name: 'slices', label: 'slices only', tools: 'off' },
  { name: 'tools', label: 'slices + tools', tools: null },
] as const;

export type SetupName = (typeof SETUPS)[number]['name'];

/** One setup's figures: its stages as the evaluation scored them, its calls and tokens per role, its tool calls. */
export interface SetupReport {
  name: SetupName;
  label: string;
  stages: StageReport[];
  failed: number;
  incomplete: number;
  byRole: Partial<Record<Role, { calls: number; promptTokens: number; completionTokens: number }>>;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  tools: { calls: number; answerTokens: number; byTool: Record<string, number> };
  requestsSent: number | null;
  requestsReplayed: number;
}

export interface ComparisonReport {
  version: 1;
  example: boolean;
  cases: number;
  mode: EvalReport['run']['mode'];
  recording: string | null;
  setups: SetupReport[];
}

/** One setup's figures, from its evaluation report and its cases' results (their calls summed as a run sums its own). */
export function setupReport(name: SetupName, report: EvalReport, outcomes: readonly CaseOutcome[]): SetupReport {
  const usage = summarizeUsage(
    outcomes.flatMap((o) => o.result?.calls ?? []),
    null,
    null,
  );
  return {
    name,
    label: SETUPS.find((s) => s.name === name)?.label ?? name,
    stages: report.stages,
    failed: report.failed,
    incomplete: report.incomplete,
    byRole: usage.byRole,
    calls: usage.calls,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    tools: usage.tools ?? { calls: 0, answerTokens: 0, byTool: {} },
    requestsSent: report.run.requestsSent,
    requestsReplayed: report.run.requestsReplayed,
  };
}

const num = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : value.toFixed(2));
const n = (value: number): string => value.toLocaleString('en-US');

function stageRows(report: ComparisonReport): string[][] {
  const head = ['stage', ...report.setups.flatMap((s) => [`${s.label}: comments`, 'KBI', 'FAR₁', 'CPI₁'])];
  const rows = CHECKPOINTS.map((stage) => {
    const cells = report.setups.flatMap((s) => {
      const score = s.stages.find((x) => x.stage === stage)?.score ?? null;
      return score === null ? ['not run', '', '', ''] : [String(score.comments), num(score.kbi), num(score.far1), num(score.cpi1)];
    });
    return [report.setups[0]?.stages.find((x) => x.stage === stage)?.label ?? stage, ...cells];
  });
  return [head, ...rows];
}

function costRows(report: ComparisonReport): string[][] {
  const roles: Role[] = ['reviewer', 'meta-reviewer', 'validator', 'translator'];
  const head = ['role', ...report.setups.flatMap((s) => [`${s.label}: calls`, 'prompt tokens', 'completion tokens'])];
  const rows = roles
    .filter((role) => report.setups.some((s) => s.byRole[role] !== undefined))
    .map((role) => [
      role,
      ...report.setups.flatMap((s) => {
        const r = s.byRole[role];
        return r === undefined ? ['0', '0', '0'] : [n(r.calls), n(r.promptTokens), n(r.completionTokens)];
      }),
    ]);
  rows.push(['all', ...report.setups.flatMap((s) => [n(s.calls), n(s.promptTokens), n(s.completionTokens)])]);
  return [head, ...rows];
}

function toolLines(report: ComparisonReport): string[] {
  return report.setups.map((s) => {
    const by = Object.entries(s.tools.byTool)
      .map(([tool, count]) => `${tool} ${count}`)
      .join(', ');
    const health = [s.failed > 0 ? `${s.failed} case(s) failed` : '', s.incomplete > 0 ? `${s.incomplete} incomplete` : '']
      .filter(Boolean)
      .join(', ');
    return `${s.label}: ${s.tools.calls} tool call(s)${by === '' ? '' : ` (${by})`}, answers ~${n(s.tools.answerTokens)} tokens${health === '' ? '' : `; ${health}`}`;
  });
}

function header(report: ComparisonReport): string[] {
  const lines = [`${report.cases} case(s) under ${report.setups.length} setups: ${report.setups.map((s) => s.label).join(' vs ')}`];
  if (report.mode === 'replay')
    lines.push(
      `answers replayed from ${report.recording ?? ''}: ${report.setups.reduce((a, s) => a + (s.requestsSent ?? 0), 0)} request(s) sent to a model endpoint, ${report.setups.reduce((a, s) => a + s.requestsReplayed, 0)} answered from the recordings`,
    );
  if (report.example) lines.push(SCRIPTED_NOTE);
  return lines;
}

export function renderComparisonText(report: ComparisonReport): string {
  return [
    `keybug eval --compare-tools: ${header(report).join('\n')}`,
    '',
    ...textTable(stageRows(report)),
    '',
    'Calls and tokens:',
    ...textTable(costRows(report)),
    '',
    ...toolLines(report),
    '',
  ].join('\n');
}

export function renderComparisonMarkdown(report: ComparisonReport): string {
  return [
    '## keybug eval: slices only vs slices with tools',
    '',
    ...header(report).map((l) => `${l}  `),
    '',
    ...markdownTable(stageRows(report)),
    '',
    '### Calls and tokens',
    '',
    ...markdownTable(costRows(report)),
    '',
    ...toolLines(report).map((l) => `- ${l}`),
    '',
  ].join('\n');
}
