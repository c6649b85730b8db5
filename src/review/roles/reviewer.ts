import { CATEGORIES, type Category, type DroppedFinding, type Finding, type Slice } from '../../types.js';
import { NO_GUIDANCE, type SliceGuidance } from '../../guidance/index.js';
import type { PullRequestText } from '../api.js';
import { ANSWER_TOKENS, guidanceBlock, PRIORITY, pullRequestBlock, sliceBlock } from '../context.js';
import type { ModelAnswer, ModelClient, RejectedItem } from '../llm/client.js';
import { renderPrompt } from '../prompts.js';
import { matchRule, withRuleSeverity } from '../rules.js';
import { capFindingText, reviewerSchemas, SCHEMA_NAMES, type ReviewerOutput } from '../schemas.js';
import { describeTools, type ToolSession } from '../tools/index.js';

/** The reviewer prompt of a slice; every reviewer of the slice gets this same prompt. With `tools`, it describes the repository tools. */
export function reviewerPrompt(
  slice: Slice,
  pr: PullRequestText,
  guidance: SliceGuidance = NO_GUIDANCE,
  tools = false,
): { system: string; user: string } {
  return renderPrompt('reviewer', {
    pull_request: pullRequestBlock(pr),
    slice: sliceBlock(slice),
    language: slice.language,
    guidance: guidanceBlock(guidance),
    rules: guidance.rules.length > 0 ? 'yes' : '',
    tools: tools ? describeTools() : '',
  });
}

/** Id of reviewer `reviewer`'s `index`-th finding on a slice, e.g. "s3-r2-f1". */
export const findingId = (sliceId: string, reviewer: number, index: number): string => `${sliceId}-r${reviewer}-f${index}`;

/** The reviewer number encoded in a finding id (see findingId). */
export function reviewerOf(id: string): number {
  const match = /-r(\d+)-f\d+$/.exec(id);
  return match ? Number(match[1]) : 0;
}

/**
 * Runs reviewer number `reviewer` (1-based) on a slice with the slice's prompt (reviewerPrompt, made
 * once for all its reviewers: a review queues every call at once, and each holds its prompt until
 * it is sent); returns the call, its findings as is, and
 * the findings dropped because they did not match the schema (each one alone: the rest are kept).
 * A finding's id counts every finding the reviewer wrote, dropped ones included. A finding naming
 * one of the slice's rules carries it (and its severity); `unknownRules` lists the findings that
 * named a rule the slice was not given.
 */
export async function runReviewer(
  client: ModelClient,
  slice: Slice,
  prompt: { system: string; user: string },
  reviewer: number,
  model: string,
  guidance: SliceGuidance = NO_GUIDANCE,
  tools: { session: ToolSession; required: boolean } | null = null,
): Promise<{
  answer: ModelAnswer<ReviewerOutput>;
  findings: Finding[];
  invalid: DroppedFinding[];
  unknownRules: { id: string; name: string }[];
}> {
  const schemas = reviewerSchemas(guidance.rules.map((r) => r.name));
  const answer = await client.complete<ReviewerOutput>({
    role: 'reviewer',
    model,
    sliceId: slice.id,
    ...prompt,
    schemaName: SCHEMA_NAMES.reviewer,
    schema: schemas.send,
    accepts: schemas.accept,
    items: 'findings',
    priority: PRIORITY.reviewer,
    answerTokens: ANSWER_TOKENS.reviewer,
    tools,
  });
  const rejected = new Set(answer.rejected.map((r) => r.index));
  const total = (answer.value?.findings ?? []).length + rejected.size;
  const indexes = Array.from({ length: total }, (_, i) => i).filter((i) => !rejected.has(i));
  const unknownRules: { id: string; name: string }[] = [];
  const findings = (answer.value?.findings ?? []).map((f, i): Finding => {
    const id = findingId(slice.id, reviewer, (indexes[i] ?? i) + 1);
    const rule = matchRule(f.rule, guidance.rules);
    if (rule === null && (f.rule ?? '').trim() !== '') unknownRules.push({ id, name: (f.rule ?? '').trim() });
    // Cut to the limits before any later role reads it (see FINDING_TEXT_LIMITS).
    return withRuleSeverity(
      capFindingText({
        id,
        sliceId: slice.id,
        path: f.path,
        side: f.side,
        startLine: f.startLine,
        line: f.line,
        quote: f.quote,
        title: f.title,
        issue: f.issue,
        rootCause: f.rootCause,
        suggestedFix: f.suggestedFix,
        exampleCode: f.exampleCode,
        category: f.category,
        scores: { ...f.scores },
        mergedFrom: [],
        reviewerVotes: 1,
        ...(rule ? { rule: { name: rule.name, severity: rule.severity } } : {}),
        reported: { path: f.path, side: f.side, startLine: f.startLine, line: f.line },
        ...(f.evidence !== undefined ? { evidence: f.evidence } : {}),
      }),
    );
  });
  const invalid = answer.rejected.map((r): DroppedFinding => ({
    finding: salvage(r, findingId(slice.id, reviewer, r.index + 1), slice.id),
    stage: 'reviewer',
    reason: `invalid finding, left out (the rest of the answer is kept): ${r.reason}`,
  }));
  return { answer, findings, invalid, unknownRules };
}

/** What can be read of an invalid finding, for the report: the fields of the right type, placeholders for the rest. */
function salvage(rejected: RejectedItem, id: string, sliceId: string): Finding {
  const item = typeof rejected.item === 'object' && rejected.item !== null ? (rejected.item as Record<string, unknown>) : {};
  const str = (key: string): string => (typeof item[key] === 'string' ? (item[key] as string) : '');
  const int = (key: string): number => (Number.isSafeInteger(item[key]) ? (item[key] as number) : 0);
  const scores = typeof item.scores === 'object' && item.scores !== null ? (item.scores as Record<string, unknown>) : {};
  const score = (key: string): number => (typeof scores[key] === 'number' ? (scores[key] as number) : 0);
  const category = CATEGORIES.find((c) => c === item.category) ?? ('other' satisfies Category);
  return capFindingText({
    id,
    sliceId,
    path: str('path'),
    side: item.side === 'LEFT' ? 'LEFT' : 'RIGHT',
    startLine: int('startLine') || int('line'),
    line: int('line'),
    quote: str('quote'),
    title: str('title') || '(invalid finding)',
    issue: str('issue'),
    rootCause: str('rootCause'),
    suggestedFix: str('suggestedFix'),
    exampleCode: str('exampleCode'),
    category,
    scores: { substance: score('substance'), reality: score('reality'), severity: score('severity') },
    mergedFrom: [],
    reviewerVotes: 1,
  });
}
