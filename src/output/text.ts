import { severityLevel } from '../config/settings.js';
import { describeStatus } from '../gate/status.js';
import { coverageCounts, coverageText } from './coverage.js';
import type { ReviewResult, Stage } from '../types.js';
import { sanitizePlain } from '../safety/sanitize.js';

const indent = (text: string, pad: string): string =>
  text
    .split('\n')
    .map((l) => (l ? pad + l : l))
    .join('\n');

/** Model, pull-request or endpoint text for a terminal: no control characters (escape sequences), capped. */
const plain = (text: string, max = 16_000): string => sanitizePlain(text, max);

/** The review for a terminal: the status, the findings, what was dropped per stage, every file's coverage (skipped and not reviewed apart), and the cost. */
export function formatText(result: ReviewResult): string {
  const out: string[] = [];
  const status = describeStatus(result.status, result.incompleteReasons);
  out.push(plain(status.headline, 8_000));
  if (result.status !== 'nothing-to-review')
    out.push(`${result.findings.length} finding(s) on ${result.stats.slices} slice(s); ${coverageCounts(result.files)}.`);
  for (const note of result.degraded ?? []) out.push(`  note: ${plain(note, 2_000)}`);
  const guidance = result.guidance;
  if (guidance?.configProblem !== undefined)
    out.push(`  ! The config file was not used (on-invalid-config: defaults): ${plain(guidance.configProblem, 2_000)}`);
  if (guidance !== undefined && guidance.changedByPullRequest.length > 0) {
    out.push(
      `  This change modifies ${plain(guidance.changedByPullRequest.join(', '), 2_000)}: it was reviewed with the base revision's version; the change takes effect after merge.`,
    );
  }
  if (guidance !== undefined && guidance.sources.length > 0) {
    const used = guidance.sources.map(
      (s) => `${s.source}${s.cut > 0 ? ` (cut in ${s.cut} slice(s))` : ''}${s.omitted > 0 ? ` (left out of ${s.omitted} slice(s))` : ''}`,
    );
    out.push(`Instructions used (base ${guidance.rev.slice(0, 7)}): ${plain(used.join(', '), 2_000)}.`);
  }
  out.push('');

  result.findings.forEach((f, i) => {
    const range = f.startLine === f.line ? `${f.line}` : `${f.startLine}-${f.line}`;
    const side = f.side === 'LEFT' ? ' (deleted line)' : '';
    out.push(
      `${i + 1}. [${severityLevel(f.scores.severity)}] ${plain(f.path, 500)}:${range}${side} — ${plain(f.title.replace(/\s+/g, ' '), 300)}`,
    );
    out.push(
      `   ${f.category}${f.rule ? ` · rule ${plain(f.rule.name, 200)} (${f.rule.severity})` : ''} · substance ${f.scores.substance} · reality ${f.scores.reality} · severity ${f.scores.severity} · reviewers ${f.reviewerVotes}`,
    );
    out.push(indent(plain(f.issue.trim()), '   '));
    if (f.rootCause.trim()) out.push(indent(`Root cause: ${plain(f.rootCause.trim())}`, '   '));
    if (f.suggestedFix.trim()) out.push(indent(`Fix: ${plain(f.suggestedFix.trim())}`, '   '));
    if (f.exampleCode.trim()) out.push(indent(plain(f.exampleCode.replace(/\s+$/, ''), 32_000), '     | '));
    out.push('');
  });
  if (result.findings.length === 0 && result.status !== 'nothing-to-review') out.push('No findings survived the filters.', '');

  if (result.dropped.length > 0) {
    const perStage = new Map<Stage, number>();
    for (const d of result.dropped) perStage.set(d.stage, (perStage.get(d.stage) ?? 0) + 1);
    out.push(`Dropped: ${[...perStage].map(([stage, n]) => `${n} at ${stage}`).join(', ')}.`);
  }
  out.push(...coverageText(result));
  const u = result.usage;
  const cost = u.costUsd === null ? '' : `, ~$${u.costUsd.toFixed(4)}`;
  const tools =
    u.tools === undefined
      ? ''
      : `; ${u.tools.calls} tool call(s) (${Object.entries(u.tools.byTool)
          .map(([tool, n]) => `${tool} ${n}`)
          .join(', ')}), answers ~${u.tools.answerTokens} tokens`;
  out.push(`Model: ${u.calls} call(s), ${u.promptTokens} prompt + ${u.completionTokens} completion tokens${cost}${tools}.`);
  return out.join('\n') + '\n';
}
