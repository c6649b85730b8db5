import type { Settings } from '../config/settings.js';
import { EXPECTED_FINDINGS, FINDING_TOKENS } from './budget.js';
import { ANSWER_TOKENS, expectedToolTokens } from './context.js';
import { loadTemplate } from './prompts.js';
import { estimateTokens } from '../support/tokens.js';

/**
 * What a review of these slices is expected to cost, before any model is called: the reviewer
 * calls exactly (their prompts are known), the meta-reviewer and validator calls as `planBudget`
 * expects them (EXPECTED_FINDINGS per reviewer and per slice), answers at their expected sizes.
 * The action's dry run and the CLI's print this same estimate.
 */
export interface RunEstimate {
  reviewerCalls: number;
  reviewerPromptTokens: number;
  /** Every role: calls, prompt and completion tokens. */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** US dollars, when a price is configured; null otherwise. */
  costUsd: number | null;
}

export const emptyEstimate = (): RunEstimate => ({
  reviewerCalls: 0,
  reviewerPromptTokens: 0,
  calls: 0,
  promptTokens: 0,
  completionTokens: 0,
  costUsd: null,
});

/** Adds to `estimate` the calls of one slice whose reviewer prompt (system + user) is `prompt` tokens. */
export function addToEstimate(estimate: RunEstimate, prompt: number, settings: Settings): void {
  const meta = loadTemplate('meta-reviewer');
  const metaPrompt = estimateTokens(meta.system + meta.user) + settings.reviewers * EXPECTED_FINDINGS * FINDING_TOKENS;
  estimate.reviewerCalls += settings.reviewers;
  estimate.reviewerPromptTokens += settings.reviewers * prompt;
  estimate.calls += settings.reviewers;
  estimate.promptTokens += settings.reviewers * (prompt + expectedToolTokens(prompt, settings, settings.reviewers));
  estimate.completionTokens += settings.reviewers * ANSWER_TOKENS.reviewer;
  if (settings.reviewers > 1) {
    estimate.calls += 1;
    estimate.promptTokens += metaPrompt;
    estimate.completionTokens += ANSWER_TOKENS['meta-reviewer'];
  }
  if (settings.validator) {
    estimate.calls += EXPECTED_FINDINGS * settings.votes;
    estimate.promptTokens +=
      EXPECTED_FINDINGS *
      settings.votes *
      (prompt + FINDING_TOKENS + expectedToolTokens(prompt + FINDING_TOKENS, settings, EXPECTED_FINDINGS * settings.votes));
    estimate.completionTokens += EXPECTED_FINDINGS * settings.votes * ANSWER_TOKENS.validator;
  }
}

/** The estimate with its cost, when a price is configured. */
export function priced(estimate: RunEstimate, settings: Settings): RunEstimate {
  if (settings.inputPrice !== null || settings.outputPrice !== null) {
    estimate.costUsd =
      (estimate.promptTokens * (settings.inputPrice ?? 0) + estimate.completionTokens * (settings.outputPrice ?? 0)) / 1_000_000;
  }
  return estimate;
}

/** The estimate in one line, for the CLI's dry run and the job summary's; `priceHint` says how to set prices in that shell. */
export function describeEstimate(estimate: RunEstimate, priceHint: string): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  const cost = estimate.costUsd === null ? `set ${priceHint} for a cost estimate` : `about $${estimate.costUsd.toFixed(4)}`;
  return (
    `${estimate.reviewerCalls} reviewer call(s) with ~${n(estimate.reviewerPromptTokens)} prompt tokens; with the meta-reviewer and the validator ` +
    `(${EXPECTED_FINDINGS} findings per slice expected), ~${estimate.calls} call(s), ~${n(estimate.promptTokens)} prompt + ~${n(estimate.completionTokens)} completion tokens: ${cost}.`
  );
}
