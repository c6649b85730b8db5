import type { ReviewInput, ReviewOutcome } from './api.js';
import { StageRunner } from './run.js';

/** Reviews the slices with the model; model failures make the run incomplete, they do not throw. */
export async function reviewSlices(input: ReviewInput): Promise<ReviewOutcome> {
  return new StageRunner(input).run();
}

/**
 * A review given its slices a part at a time: `review` each part (with its guidance), then
 * `finish`; or, with max-tokens, every slice of the change spooled (`reviewSpooled`), then `finish`.
 */
export type ReviewSession = Pick<StageRunner, 'review' | 'reviewSpooled' | 'finish'>;

/**
 * Starts a review whose slices come in parts (a large change sliced part by part), so that a part's
 * slices are let go once reviewed. Every slice of the change is reviewed; with max-tokens, slices
 * are ranked and chosen among those given at once, so a budgeted review spools every slice of the
 * change (SpooledSlices) and gives them to reviewSpooled.
 */
export function startReview(input: Omit<ReviewInput, 'slices' | 'guidance'>): ReviewSession {
  return new StageRunner({ ...input, slices: [] });
}
