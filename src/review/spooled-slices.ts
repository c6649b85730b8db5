import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import { Spool } from '../support/spool.js';
import type { Slice } from '../types.js';
import type { PullRequestText } from './api.js';
import { estimateSliceTokens } from './budget.js';
import { riskScore } from './risk.js';

/** What a budgeted review keeps of a slice in memory until it is chosen: where it is, what it risks and costs, its place in the spool. */
export interface RankedSlice {
  id: string;
  seed: Slice['seed'];
  risk: number;
  /** Tokens of every call the slice would cause (estimateSliceTokens). */
  cost: number;
  place: number;
}

/**
 * The slices of a review with max-tokens, which ranks every slice of the change against all the
 * others before it reviews any: each part's slices are scored as they come (add) and kept in a
 * temporary file with their guidance, not in memory, and the chosen ones are read back one at a
 * time when their review starts (load). A 1,000-file RocksDB change held every slice at once and
 * peaked at 861 MB. close() removes the file.
 */
export class SpooledSlices {
  private readonly spool = new Spool<{ slice: Slice; guidance?: SliceGuidance }>();
  /** A record per slice, in slice order. */
  readonly ranked: RankedSlice[] = [];

  constructor(
    private readonly pr: PullRequestText,
    private readonly settings: Settings,
  ) {}

  /** Scores and spools a part's slices (`guidance` by slice id). */
  add(slices: readonly Slice[], guidance?: ReadonlyMap<string, SliceGuidance>): void {
    for (const slice of slices) {
      const sliceGuidance = guidance?.get(slice.id);
      this.ranked.push({
        id: slice.id,
        seed: { ...slice.seed },
        risk: riskScore(slice),
        cost: estimateSliceTokens(slice, this.pr, this.settings, sliceGuidance),
        place: this.spool.add(sliceGuidance === undefined ? { slice } : { slice, guidance: sliceGuidance }),
      });
    }
  }

  /** A slice as it was added, with its guidance, read back. */
  load(record: RankedSlice): { slice: Slice; guidance: SliceGuidance | undefined } {
    const { slice, guidance } = this.spool.get(record.place);
    return { slice, guidance };
  }

  /** Removes the spooled slices. Safe to call twice. */
  close(): void {
    this.spool.close();
  }
}
