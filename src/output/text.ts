import { severityLevel } from '../config/settings.js';
import { coverageCounts } from './coverage.js';
import type { ReviewResult, Stage } from '../types.js';

const indent = (text: string, pad: string): string => text.split('\n').map((l) => (l ? pad + l : l)).join('\n');

/** The review for a terminal: findings first, then what was dropped per stage, not reviewed, and the cost. */
export function formatText(result: ReviewResult): string {
  const out: string[] = [];
  if (result.status === 'nothing-to-review') out.push(`Nothing to review: ${coverageCounts(result.files)}. No model was called.`);
  else out.push(`${result.status === 'complete' ? 'Review complete' : 'Review INCOMPLETE'}: ${result.findings.length} finding(s) on ${result.stats.slices} slice(s); ${coverageCounts(result.files)}.`);
  for (const reason of result.incompleteReasons) out.push(`  ! ${reason}`);
  for (const note of result.degraded ?? []) out.push(`  note: ${note}`);
  const guidance = result.guidance;
  if (guidance?.configProblem !== undefined) out.push(`  ! The config file was not used (on-invalid-config: defaults): ${guidance.configProblem}`);
  if (guidance !== undefined && guidance.changedByPullRequest.length > 0) {
    out.push(`  This change modifies ${guidance.changedByPullRequest.join(', ')}: it was reviewed with the base revision's version; the change takes effect after merge.`);
  }
  if (guidance !== undefined && guidance.sources.length > 0) {
    const used = guidance.sources.map((s) => `${s.source}${s.cut > 0 ? ` (cut in ${s.cut} slice(s))` : ''}${s.omitted > 0 ? ` (left out of ${s.omitted} slice(s))` : ''}`);
    out.push(`Instructions used (base ${guidance.rev.slice(0, 7)}): ${used.join(', ')}.`);
  }
  out.push('');

  result.findings.forEach((f, i) => {
    const range = f.startLine === f.line ? `${f.line}` : `${f.startLine}-${f.line}`;
    const side = f.side === 'LEFT' ? ' (deleted line)' : '';
    out.push(`${i + 1}. [${severityLevel(f.scores.severity)}] ${f.path}:${range}${side} — ${f.title}`);
    out.push(`   ${f.category}${f.rule ? ` · rule ${f.rule.name} (${f.rule.severity})` : ''} · substance ${f.scores.substance} · reality ${f.scores.reality} · severity ${f.scores.severity} · reviewers ${f.reviewerVotes}`);
    out.push(indent(f.issue.trim(), '   '));
    if (f.rootCause.trim()) out.push(indent(`Root cause: ${f.rootCause.trim()}`, '   '));
    if (f.suggestedFix.trim()) out.push(indent(`Fix: ${f.suggestedFix.trim()}`, '   '));
    if (f.exampleCode.trim()) out.push(indent(f.exampleCode.replace(/\s+$/, ''), '     | '));
    out.push('');
  });
  if (result.findings.length === 0 && result.status !== 'nothing-to-review') out.push('No findings survived the filters.', '');

  if (result.dropped.length > 0) {
    const perStage = new Map<Stage, number>();
    for (const d of result.dropped) perStage.set(d.stage, (perStage.get(d.stage) ?? 0) + 1);
    out.push(`Dropped: ${[...perStage].map(([stage, n]) => `${n} at ${stage}`).join(', ')}.`);
  }
  if (result.unreviewed.length > 0) {
    out.push('Not reviewed:');
    for (const u of result.unreviewed) out.push(`  - ${u.path}${u.startLine !== undefined ? `:${u.startLine}-${u.endLine}` : ''}: ${u.reason}`);
  }
  const u = result.usage;
  const cost = u.costUsd === null ? '' : `, ~$${u.costUsd.toFixed(4)}`;
  out.push(`Model: ${u.calls} call(s), ${u.promptTokens} prompt + ${u.completionTokens} completion tokens${cost}.`);
  return out.join('\n') + '\n';
}
