import type { PlannedPrompt, ReviewInput, ReviewOutcome } from './api.js';
import type { Unreviewed } from '../types.js';
import { budgetShortfall, planBudget } from './budget.js';
import { reviewerPrompt } from './roles/reviewer.js';
import { StageRunner } from './run.js';
import { estimateTokens } from '../support/tokens.js';
import { toolsOffered } from './context.js';

/** Reviews the slices with the model; model failures make the run incomplete, they do not throw. */
export async function reviewSlices(input: ReviewInput): Promise<ReviewOutcome> {
  return new StageRunner(input).run();
}

/** A review given its slices a part at a time: `review` each part (with its guidance), then `finish`. */
export type ReviewSession = Pick<StageRunner, 'review' | 'finish'>;

/**
 * Starts a review whose slices come in parts (a large change sliced part by part), so that a part's
 * slices are let go once reviewed. Every slice of the change is reviewed; with max-tokens, slices
 * are ranked and chosen among those of one part, so a budgeted review gives all its slices at once.
 */
export function startReview(input: Omit<ReviewInput, 'slices' | 'guidance'>): ReviewSession {
  return new StageRunner({ ...input, slices: [] });
}

/**
 * The reviewer prompts a review would send, riskiest slice first, calling no model: one per slice,
 * because the N reviewers of a slice get the identical prompt (`copies` says how many times it is
 * sent). Slices the token budget leaves out are logged, not planned.
 */
export function planDryRun(input: ReviewInput): PlannedPrompt[] {
  const { settings, pr } = input;
  const plan = planBudget(input.slices, pr, settings, input.guidance);
  for (const { slice, reason } of plan.skipped)
    input.log?.(`dry run: slice ${slice.id} (${slice.seed.file}:${slice.seed.startLine}-${slice.seed.endLine}) ${reason}`);
  return plan.selected.map((slice) => {
    const { system, user } = reviewerPrompt(slice, pr, input.guidance?.get(slice.id), toolsOffered(settings));
    return {
      role: 'reviewer',
      sliceId: slice.id,
      model: settings.reviewerModel,
      system,
      user,
      tokens: estimateTokens(system + user),
      copies: settings.reviewers,
    };
  });
}

/** What the token budget would leave out of a review of these slices: the slices, and the reason the run would be incomplete. */
export function budgetGaps(input: Omit<ReviewInput, 'log'>): { unreviewed: Unreviewed[]; reason: string | null } {
  return budgetShortfall(planBudget(input.slices, input.pr, input.settings, input.guidance), input.slices.length, input.settings);
}
