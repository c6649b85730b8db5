import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import type { Slice, Unreviewed } from '../types.js';
import type { PullRequestText } from './api.js';
import { ANSWER_TOKENS, expectedToolTokens, toolsOffered } from './context.js';
import { riskScore } from './risk.js';
import { loadTemplate } from './prompts.js';
import { reviewerPrompt } from './roles/reviewer.js';
import { estimateTokens } from '../support/tokens.js';

/** Expected size of a finding as the meta-reviewer and the validator read it. */
export const FINDING_TOKENS = 250;
/** Findings per slice expected to reach the meta-reviewer per reviewer and the validator in all. */
export const EXPECTED_FINDINGS = 2;

/** Estimated tokens (prompt + answer) of every call a slice will cause, through the validator. */
export function estimateSliceTokens(slice: Slice, pr: PullRequestText, settings: Settings, guidance?: SliceGuidance): number {
  const prompt = reviewerPrompt(slice, pr, guidance, toolsOffered(settings));
  return estimatePromptCost(estimateTokens(prompt.system + prompt.user), settings);
}

/** estimateSliceTokens of a slice whose reviewer prompt (system + user) is `reviewerTokens` tokens. */
export function estimatePromptCost(reviewerTokens: number, settings: Settings): number {
  let total =
    settings.reviewers * (reviewerTokens + ANSWER_TOKENS.reviewer + expectedToolTokens(reviewerTokens, settings, settings.reviewers));
  if (settings.reviewers > 1) {
    const meta = loadTemplate('meta-reviewer');
    total +=
      estimateTokens(meta.system + meta.user) + settings.reviewers * EXPECTED_FINDINGS * FINDING_TOKENS + ANSWER_TOKENS['meta-reviewer'];
  }
  if (settings.validator)
    total +=
      EXPECTED_FINDINGS *
      settings.votes *
      (reviewerTokens +
        FINDING_TOKENS +
        ANSWER_TOKENS.validator +
        expectedToolTokens(reviewerTokens + FINDING_TOKENS, settings, EXPECTED_FINDINGS * settings.votes));
  return total;
}

export interface BudgetPlan {
  /** Slices to review, riskiest first. */
  selected: Slice[];
  /** Slices left out, with the reason. */
  skipped: { slice: Slice; reason: string }[];
  estimatedTokens: number;
}

/**
 * Orders slices by risk (riskiest first, ties in slice order) and, with a budget, takes them while
 * their estimated cost fits; a slice that does not fit is skipped and smaller ones after it may
 * still fit. Without a budget every slice is selected, still riskiest first.
 */
export function planBudget(
  slices: readonly Slice[],
  pr: PullRequestText,
  settings: Settings,
  guidance?: ReadonlyMap<string, SliceGuidance>,
): BudgetPlan {
  const chosen = chooseWithinBudget(
    slices.map((slice) => ({
      item: slice,
      risk: riskScore(slice),
      cost: estimateSliceTokens(slice, pr, settings, guidance?.get(slice.id)),
    })),
    settings.maxTokens,
  );
  return {
    selected: chosen.selected,
    skipped: chosen.skipped.map(({ item, reason }) => ({ slice: item, reason })),
    estimatedTokens: chosen.estimatedTokens,
  };
}

/**
 * planBudget's choice, of anything with a risk score and an estimated cost (a slice, or what a dry
 * run keeps of one): riskiest first (ties in the order given), and with a budget (maxTokens > 0)
 * taken while the costs fit.
 */
export function chooseWithinBudget<T>(
  items: readonly { item: T; risk: number; cost: number }[],
  maxTokens: number,
): { selected: T[]; skipped: { item: T; reason: string }[]; estimatedTokens: number } {
  const ranked = items.map((entry, order) => ({ ...entry, order })).sort((a, b) => b.risk - a.risk || a.order - b.order);
  const plan: { selected: T[]; skipped: { item: T; reason: string }[]; estimatedTokens: number } = {
    selected: [],
    skipped: [],
    estimatedTokens: 0,
  };
  for (const { item, risk, cost } of ranked) {
    if (maxTokens > 0 && plan.estimatedTokens + cost > maxTokens) {
      plan.skipped.push({
        item,
        reason: `not reviewed: token budget max-tokens=${maxTokens} (slice needs ~${cost} tokens, ~${plan.estimatedTokens} already planned for riskier slices; risk score ${risk})`,
      });
      continue;
    }
    plan.estimatedTokens += cost;
    plan.selected.push(item);
  }
  return plan;
}

/**
 * What a budget plan leaves out, as the review and a dry run both report it: each slice not
 * reviewed (with its lines), and the reason the run is incomplete (null when nothing is left out).
 */
export function budgetShortfall(
  plan: { skipped: readonly { slice: Pick<Slice, 'seed'>; reason: string }[] },
  slices: number,
  settings: Pick<Settings, 'maxTokens'>,
): { unreviewed: Unreviewed[]; reason: string | null } {
  return {
    unreviewed: plan.skipped.map(({ slice, reason }) => ({
      path: slice.seed.file,
      startLine: slice.seed.startLine,
      endLine: slice.seed.endLine,
      reason,
      missed: true,
    })),
    reason:
      plan.skipped.length === 0
        ? null
        : `token budget: ${plan.skipped.length} of ${slices} slices not reviewed (max-tokens ${settings.maxTokens}, lowest risk left out)`,
  };
}
