import { bySeverity } from '../../filter/index.js';
import type { DroppedFinding, Finding, ModelCall } from '../../types.js';
import { ANSWER_TOKENS, findingClaims, PRIORITY } from '../context.js';
import { dataBlock, renderPrompt } from '../prompts.js';
import type { ModelClient } from '../llm/client.js';
import { withRuleSeverity } from '../rules.js';
import { capFindingText, SCHEMA_NAMES, SCHEMAS, type MetaIssue, type MetaOutput } from '../schemas.js';
import { reviewerOf } from './reviewer.js';

/** What merging produced: one finding per issue, the members merged away, and how it was done. */
export interface Merged {
  findings: Finding[];
  mergedAway: DroppedFinding[];
  call: ModelCall | null;
  /** Set when the meta-reviewer failed and findings were grouped by location instead. */
  fallback: string | null;
}

/** The candidates as the meta-reviewer reads them. */
function findingsBlock(candidates: readonly Finding[]): string {
  const rows = candidates.map((f) => ({
    id: f.id,
    ...findingClaims(f),
    ...(f.rule ? { rule: f.rule.name } : {}),
  }));
  return dataBlock('FINDINGS', JSON.stringify(rows, null, 2));
}

export function metaReviewerPrompt(candidates: readonly Finding[], reviewers: number): { system: string; user: string } {
  return renderPrompt('meta-reviewer', { reviewers: String(reviewers), findings: findingsBlock(candidates) });
}

/**
 * Merges the reviewers' findings on one slice into issues. The model decides which findings are
 * the same issue and writes the merged text and scores; the code keeps the location of the most
 * severe member and counts distinct reviewers for the consensus filter. A finding the model left
 * out stays an issue of its own; if the call fails, findings are grouped by location.
 */
export async function runMetaReviewer(
  client: ModelClient,
  candidates: readonly Finding[],
  reviewers: number,
  model: string,
): Promise<Merged> {
  const known = new Set(candidates.map((c) => c.id));
  const answer = await client.complete<MetaOutput>({
    role: 'meta-reviewer',
    model,
    sliceId: candidates[0]?.sliceId ?? null,
    ...metaReviewerPrompt(candidates, reviewers),
    schemaName: SCHEMA_NAMES['meta-reviewer'],
    schema: SCHEMAS['meta-reviewer'],
    // An invalid issue is left out alone: its members stay issues of their own.
    items: 'issues',
    priority: PRIORITY['meta-reviewer'],
    answerTokens: ANSWER_TOKENS['meta-reviewer'],
    check: (value) => {
      const unknown = value.issues.flatMap((i) => i.members).filter((id) => !known.has(id));
      return unknown.length > 0 ? [`members ${unknown.join(', ')} are not ids of the input findings`] : [];
    },
  });
  if (answer.value === null) {
    const grouped = groupByLocation(candidates);
    return {
      ...grouped,
      call: answer.call,
      fallback: `meta-reviewer failed (${answer.call.error ?? 'no answer'}); findings were merged by location instead`,
    };
  }
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const claimed = new Set<string>();
  const groups: { members: Finding[]; issue: MetaIssue | null }[] = [];
  for (const issue of answer.value.issues) {
    // An id named twice (in one issue or in two) counts once, in the first issue naming it: a finding is never merged with itself.
    const members = [...new Set(issue.members)].filter((id) => !claimed.has(id)).map((id) => byId.get(id) as Finding); // ids checked above
    for (const m of members) claimed.add(m.id);
    if (members.length > 0) groups.push({ members, issue });
  }
  for (const c of candidates) if (!claimed.has(c.id)) groups.push({ members: [c], issue: null });
  return { ...mergeGroups(groups), call: answer.call, fallback: null };
}

function mergeGroups(groups: { members: Finding[]; issue: MetaIssue | null }[]): Omit<Merged, 'call' | 'fallback'> {
  const findings: Finding[] = [];
  const mergedAway: DroppedFinding[] = [];
  for (const { members, issue } of groups) {
    const [lead, ...rest] = [...members].sort(bySeverity) as [Finding, ...Finding[]];
    // The issue keeps a rule any member named (the lead's first): the meta-reviewer does not drop it.
    const rule = lead.rule ?? members.find((m) => m.rule !== undefined)?.rule;
    // The issue rests on what every member cited, each range once, the lead's first.
    const cited = new Map(
      members.flatMap((m) => m.evidence ?? []).map((e) => [`${e.side}\0${e.path}\0${e.startLine}\0${e.endLine}\0${e.quote}`, e]),
    );
    const merged: Finding = withRuleSeverity(
      capFindingText({
        ...lead,
        ...(issue
          ? {
              title: issue.title,
              issue: issue.issue,
              rootCause: issue.rootCause,
              suggestedFix: issue.suggestedFix,
              exampleCode: issue.exampleCode,
              category: issue.category,
              scores: { ...issue.scores },
            }
          : {}),
        mergedFrom: rest.map((m) => m.id),
        reviewerVotes: new Set(members.map((m) => reviewerOf(m.id))).size,
        ...(rule ? { rule } : {}),
        ...(cited.size > 0 ? { evidence: [...cited.values()] } : {}),
      }),
    );
    findings.push(merged);
    for (const m of rest) mergedAway.push({ finding: m, stage: 'meta-reviewer', reason: `merged into ${lead.id}: the same issue` });
  }
  return { findings, mergedAway };
}

/**
 * Fallback grouping: findings of different reviewers on the same file and side with overlapping
 * lines are the same issue, whatever category each reviewer gave it (two reviewers who agree on a
 * bug may label it differently). Two findings of one reviewer are never merged: that reviewer
 * reported them as two issues.
 */
function groupByLocation(candidates: readonly Finding[]): Omit<Merged, 'call' | 'fallback'> {
  const groups: { members: Finding[]; issue: null }[] = [];
  for (const c of [...candidates].sort(bySeverity)) {
    const group = groups.find(
      ({ members }) =>
        !members.some((m) => reviewerOf(m.id) === reviewerOf(c.id)) &&
        members.some((m) => m.path === c.path && m.side === c.side && m.startLine <= c.line && c.startLine <= m.line),
    );
    if (group) group.members.push(c);
    else groups.push({ members: [c], issue: null });
  }
  return mergeGroups(groups);
}
