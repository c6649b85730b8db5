import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import { sliceJson } from '../output/slices.js';
import {
  addToEstimate,
  budgetShortfall,
  chooseWithinBudget,
  emptyEstimate,
  estimatePromptCost,
  priced,
  reviewerPrompt,
  riskScore,
  toolsOffered,
  type PlannedPrompt,
  type PullRequestText,
  type RunEstimate,
} from '../review/index.js';
import { estimateTokens } from '../support/tokens.js';
import { Spool } from '../support/spool.js';
import type { Slice, Unreviewed } from '../types.js';

/** What a dry run keeps of a slice in memory: where it is, how it was built, and what its prompt costs. */
interface PlannedSlice {
  id: string;
  seed: Slice['seed'];
  algorithm: Slice['algorithm'];
  degraded?: string;
  tokens: number;
  risk: number;
  /** Tokens of every call the slice would cause (estimatePromptCost), for the budget. */
  cost: number;
  /** Tokens of its reviewer prompt, system and user. */
  promptTokens: number;
  /** Its system prompt, by its place in `systems`. */
  system: number;
  /** Its prompt's place in the prompt spool. */
  prompt: number;
}

/** A prompt as spooled: the system prompt (the same for many slices) by its place in `systems`. */
type SpooledPrompt = Omit<PlannedPrompt, 'system'> & { system: number };

/**
 * The prompts a review would send, made a part of the change at a time (add) and kept in temporary
 * files, not in memory: the slices' JSON and the prompts are read back one at a time when they are
 * written. In memory: a line per slice, and each distinct system prompt once. After finish(), the
 * prompts are those the review would send, riskiest slice first, within max-tokens, as planBudget
 * chooses. close() removes the files.
 */
export class DryRunPlan {
  private readonly slicesJson: Spool<unknown>;
  private readonly promptSpool: Spool<SpooledPrompt>;
  private readonly systems: string[] = [];
  private readonly systemPlaces = new Map<string, number>();
  private readonly planned: PlannedSlice[] = [];
  private chosen: { selected: PlannedSlice[]; skipped: { item: PlannedSlice; reason: string }[] } | null = null;
  /** What the review of the chosen slices is expected to cost (set by finish). */
  estimate: RunEstimate = emptyEstimate();

  constructor(
    private readonly pr: PullRequestText,
    private readonly settings: Settings,
  ) {
    this.slicesJson = new Spool();
    try {
      this.promptSpool = new Spool();
    } catch (error) {
      // The first spool's file is removed when the second cannot be made: the caller gets no plan to close.
      this.slicesJson.close();
      throw error;
    }
  }

  /** Plans these slices' prompts (a part of the change; `guidance` by slice id) and spools them with the slices' JSON. */
  add(slices: readonly Slice[], guidance?: ReadonlyMap<string, SliceGuidance>): void {
    const { settings } = this;
    for (const slice of slices) {
      const { system, user } = reviewerPrompt(slice, this.pr, guidance?.get(slice.id), toolsOffered(settings));
      const tokens = estimateTokens(system + user);
      let place = this.systemPlaces.get(system);
      if (place === undefined) {
        place = this.systems.push(system) - 1;
        this.systemPlaces.set(system, place);
      }
      this.slicesJson.add(sliceJson(slice));
      const prompt = this.promptSpool.add({
        role: 'reviewer',
        sliceId: slice.id,
        model: settings.reviewerModel,
        system: place,
        user,
        tokens,
        copies: settings.reviewers,
      });
      this.planned.push({
        ...sliceSummaryFields(slice),
        risk: riskScore(slice),
        cost: estimatePromptCost(tokens, settings),
        promptTokens: tokens,
        system: place,
        prompt,
      });
    }
  }

  /** Chooses the prompts as the review would (riskiest first, within max-tokens) and estimates their cost; logs each slice left out. */
  finish(log?: (message: string) => void): void {
    const chosen = chooseWithinBudget(
      this.planned.map((p) => ({ item: p, risk: p.risk, cost: p.cost })),
      this.settings.maxTokens,
    );
    this.chosen = chosen;
    for (const { item, reason } of chosen.skipped)
      log?.(`dry run: slice ${item.id} (${item.seed.file}:${item.seed.startLine}-${item.seed.endLine}) ${reason}`);
    const estimate = emptyEstimate();
    for (const p of chosen.selected) addToEstimate(estimate, p.promptTokens, this.settings);
    this.estimate = priced(estimate, this.settings);
  }

  private get selected(): PlannedSlice[] {
    if (this.chosen === null) throw new Error('DryRunPlan.finish() was not called');
    return this.chosen.selected;
  }

  get sliceCount(): number {
    return this.planned.length;
  }

  get promptCount(): number {
    return this.selected.length;
  }

  /** Each slice's summary (sliceSummary's fields), in slice order. */
  sliceRows(): readonly Pick<Slice, 'id' | 'seed' | 'algorithm' | 'degraded' | 'tokens'>[] {
    return this.planned;
  }

  /** Each slice as `keybug slice --format json` shows it, in slice order, read back one at a time. */
  sliceJson(): Generator<unknown> {
    return this.slicesJson.values();
  }

  /** The prompts the review would send, riskiest slice first, read back one at a time. */
  *prompts(): Generator<PlannedPrompt> {
    for (const spooled of this.promptSpool.values(this.selected.map((p) => p.prompt))) {
      const { role, sliceId, model, system, user, tokens, copies } = spooled;
      yield { role, sliceId, model, system: this.systems[system] ?? '', user, tokens, copies };
    }
  }

  /** Each distinct system prompt of the prompts once, with the slices whose prompts carry it (distinctSystemPrompts' answer). */
  distinctSystems(): { role: string; system: string; tokens: number; slices: string[] }[] {
    const seen = new Map<number, { role: string; system: string; tokens: number; slices: string[] }>();
    for (const p of this.selected) {
      let entry = seen.get(p.system);
      if (entry === undefined) {
        const system = this.systems[p.system] ?? '';
        seen.set(p.system, (entry = { role: 'reviewer', system, tokens: estimateTokens(system), slices: [] }));
      }
      entry.slices.push(p.id);
    }
    return [...seen.values()];
  }

  /** What the token budget leaves out, as the review would report it. */
  gaps(): { unreviewed: Unreviewed[]; reason: string | null } {
    if (this.chosen === null) throw new Error('DryRunPlan.finish() was not called');
    return budgetShortfall(
      { skipped: this.chosen.skipped.map(({ item, reason }) => ({ slice: item, reason })) },
      this.planned.length,
      this.settings,
    );
  }

  /** Removes the spooled slices and prompts. */
  close(): void {
    this.slicesJson.close();
    this.promptSpool.close();
  }
}

/** sliceSummary's fields of a slice, in the slice's own shape. */
function sliceSummaryFields(slice: Slice): Pick<Slice, 'id' | 'seed' | 'algorithm' | 'degraded' | 'tokens'> {
  const { id, seed, algorithm, degraded, tokens } = slice;
  return { id, seed: { ...seed }, algorithm, ...(degraded !== undefined ? { degraded } : {}), tokens };
}
