import type { Finding, Slice } from '../../types.js';
import type { PullRequestText } from '../api.js';
import { ANSWER_TOKENS, PRIORITY, pullRequestBlock, sliceBlock } from '../context.js';
import type { ModelAnswer, ModelClient } from '../llm/client.js';
import { renderPrompt } from '../prompts.js';
import { SCHEMA_NAMES, SCHEMAS, type ReviewerOutput } from '../schemas.js';

/** The reviewer prompt of a slice; every reviewer of the slice gets this same prompt. */
export function reviewerPrompt(slice: Slice, pr: PullRequestText): { system: string; user: string } {
  return renderPrompt('reviewer', { pull_request: pullRequestBlock(pr), slice: sliceBlock(slice) });
}

/** Id of reviewer `reviewer`'s `index`-th finding on a slice, e.g. "s3-r2-f1". */
export const findingId = (sliceId: string, reviewer: number, index: number): string => `${sliceId}-r${reviewer}-f${index}`;

/** The reviewer number encoded in a finding id (see findingId). */
export function reviewerOf(id: string): number {
  const match = /-r(\d+)-f\d+$/.exec(id);
  return match ? Number(match[1]) : 0;
}

/** Runs reviewer number `reviewer` (1-based) on a slice; returns the call and its findings as is. */
export async function runReviewer(
  client: ModelClient,
  slice: Slice,
  pr: PullRequestText,
  reviewer: number,
  model: string,
): Promise<{ answer: ModelAnswer<ReviewerOutput>; findings: Finding[] }> {
  const answer = await client.complete<ReviewerOutput>({
    role: 'reviewer',
    model,
    sliceId: slice.id,
    ...reviewerPrompt(slice, pr),
    schemaName: SCHEMA_NAMES.reviewer,
    schema: SCHEMAS.reviewer,
    priority: PRIORITY.reviewer,
    answerTokens: ANSWER_TOKENS.reviewer,
  });
  const findings = (answer.value?.findings ?? []).map(
    (f, i): Finding => ({
      id: findingId(slice.id, reviewer, i + 1),
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
    }),
  );
  return { answer, findings };
}
