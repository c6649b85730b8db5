import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import type { Slice } from '../types.js';
import type { PullRequestText } from './api.js';
import { EXPECTED_FINDINGS, FINDING_TOKENS } from './budget.js';
import { ANSWER_TOKENS, expectedToolTokens, toolsOffered } from './context.js';
import { loadTemplate } from './prompts.js';
import { reviewerPrompt } from './roles/reviewer.js';
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

/** `guidance` is the repository's guidance per slice id, which each slice's prompts carry (none when absent). */
export function estimateRun(
  slices: readonly Slice[],
  pr: PullRequestText,
  settings: Settings,
  guidance?: ReadonlyMap<string, SliceGuidance>,
): RunEstimate {
  const estimate: RunEstimate = {
    reviewerCalls: 0,
    reviewerPromptTokens: 0,
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: null,
  };
  const meta = loadTemplate('meta-reviewer');
  const metaPrompt = estimateTokens(meta.system + meta.user) + settings.reviewers * EXPECTED_FINDINGS * FINDING_TOKENS;
  for (const slice of slices) {
    const { system, user } = reviewerPrompt(slice, pr, guidance?.get(slice.id), toolsOffered(settings));
    const prompt = estimateTokens(system + user);
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

/** The prompts a dry run prints: each system prompt once, then each slice's user prompt once. */
export function distinctSystemPrompts(
  prompts: readonly { role: string; system: string; sliceId: string | null }[],
): { role: string; system: string; tokens: number; slices: string[] }[] {
  const seen = new Map<string, { role: string; system: string; tokens: number; slices: string[] }>();
  for (const p of prompts) {
    const key = `${p.role}\0${p.system}`;
    const entry = seen.get(key) ?? { role: p.role, system: p.system, tokens: estimateTokens(p.system), slices: [] };
    if (p.sliceId !== null) entry.slices.push(p.sliceId);
    seen.set(key, entry);
  }
  return [...seen.values()];
}
