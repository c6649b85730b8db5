import type { Finding, ModelCall, Slice } from '../../types.js';
import { NO_GUIDANCE, type SliceGuidance } from '../../guidance/index.js';
import type { PullRequestText } from '../api.js';
import { ANSWER_TOKENS, findingClaims, guidanceBlock, PRIORITY, pullRequestBlock, sliceBlock } from '../context.js';
import type { ModelClient } from '../llm/client.js';
import { dataBlock, renderPrompt } from '../prompts.js';
import { withRuleSeverity } from '../rules.js';
import { capFindingText, SCHEMA_NAMES, validatorSchemas, type ValidatorOutput } from '../schemas.js';
import { describeTools, type ToolSession } from '../tools/index.js';
import type { Evidence } from '../../types.js';

/** The finding as the validator reads it: where it is and what the reviewers claimed. */
function findingBlock(f: Finding): string {
  const shown = {
    ...findingClaims(f),
    evidence: f.evidence ?? [],
    ...(f.rule ? { rule: f.rule.name } : {}),
  };
  return dataBlock('FINDING', JSON.stringify(shown, null, 2));
}

export function validatorPrompt(
  finding: Finding,
  slice: Slice,
  pr: PullRequestText,
  guidance: SliceGuidance = NO_GUIDANCE,
  tools = false,
): { system: string; user: string } {
  return renderPrompt('validator', {
    pull_request: pullRequestBlock(pr),
    slice: sliceBlock(slice),
    finding: findingBlock(finding),
    language: slice.language,
    guidance: guidanceBlock(guidance),
    tools: tools ? describeTools() : '',
  });
}

/**
 * Re-reads the slice for one finding and returns it re-scored and refined (location unchanged),
 * with the validator's reasoning and the evidence it cites (empty when it cites none); null when
 * the call failed.
 */
export async function runValidator(
  client: ModelClient,
  finding: Finding,
  slice: Slice,
  pr: PullRequestText,
  model: string,
  guidance: SliceGuidance = NO_GUIDANCE,
  tools: { session: ToolSession; required: boolean } | null = null,
): Promise<{ call: ModelCall; validated: Finding | null; reasoning: string; evidence: Evidence[] }> {
  const schemas = validatorSchemas();
  const answer = await client.complete<ValidatorOutput>({
    role: 'validator',
    model,
    sliceId: slice.id,
    ...validatorPrompt(finding, slice, pr, guidance, tools !== null),
    schemaName: SCHEMA_NAMES.validator,
    schema: schemas.send,
    accepts: schemas.accept,
    priority: PRIORITY.validator,
    answerTokens: ANSWER_TOKENS.validator,
    tools,
  });
  const v = answer.value;
  if (v === null) return { call: answer.call, validated: null, reasoning: '', evidence: [] };
  const validated: Finding = withRuleSeverity(
    capFindingText({
      ...finding,
      title: v.title,
      issue: v.issue,
      rootCause: v.rootCause,
      suggestedFix: v.suggestedFix,
      exampleCode: v.exampleCode,
      category: v.category,
      scores: { ...v.scores },
    }),
  );
  return { call: answer.call, validated, reasoning: v.validation, evidence: v.evidence ?? [] };
}
