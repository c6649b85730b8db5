/** A call the budget let through, holding `tokens` until it ends; or why it was refused. */
export type Admission = { ok: true; tokens: number } | { ok: false; reason: string };

/**
 * `max-tokens` at call time, shared by every role. A call reserves its estimated tokens (prompt
 * plus expected answer) when it gets its turn and is refused when what is spent, what calls in
 * flight have reserved and its own estimate would pass the limit; when it ends, its reservation is
 * replaced by what it used. Prompt estimates are scaled up by how far the endpoint's own counts
 * have run above them so far, so a tokenizer that counts more than the estimate does not let the
 * spend run past the limit; to learn that scale before most calls are let through, with a limit the
 * first call goes alone and the others wait until it ends. That wait (`ready`) happens before a
 * call takes a concurrency slot, never inside one: the first call's retries need a slot too, and
 * calls parked in every slot waiting for it would never let it have one. Answers are only known
 * afterwards, so the final spend can still pass the limit: `overspent` says so.
 */
export class TokenBudget {
  private spent = 0;
  private reserved = 0;
  private estimatedPrompt = 0;
  private reportedPrompt = 0;
  private settledOnce = false;
  private markSettled: () => void = () => undefined;
  private readonly firstSettled = new Promise<void>((resolve) => (this.markSettled = resolve));

  /** 0 means no limit: calls are still counted, none is refused. */
  constructor(readonly limit: number) {}

  get used(): number {
    return this.spent;
  }

  /** Resolves when a call may ask for admission; await it before taking a concurrency slot. */
  async ready(): Promise<void> {
    while (this.mustWait()) await this.firstSettled;
  }

  /**
   * Admits or refuses a call that has its turn; null when the first call is still out (another call
   * was reserved between `ready` and the turn): give the slot back, await `ready` and ask again.
   */
  admit(promptEstimate: number, answerTokens: number): Admission | null {
    if (this.mustWait()) return null;
    // Synchronous from the check to the reservation: calls admitted together see each other.
    const tokens = Math.ceil(promptEstimate * this.scale()) + answerTokens;
    if (this.limit > 0 && this.spent + this.reserved + tokens > this.limit) {
      return {
        ok: false,
        reason: `token budget max-tokens=${this.limit}: the call needs ~${tokens} tokens, ${this.spent} are spent and ${this.reserved} reserved by calls in flight`,
      };
    }
    this.reserved += tokens;
    return { ok: true, tokens };
  }

  private mustWait(): boolean {
    return this.limit > 0 && !this.settledOnce && this.reserved > 0;
  }

  /**
   * Reserves `tokens` more for a call already admitted (another round of a conversation with
   * tools); false, reserving nothing, when they would pass the limit.
   */
  extend(tokens: number): boolean {
    if (this.limit > 0 && this.spent + this.reserved + tokens > this.limit) return false;
    this.reserved += tokens;
    return true;
  }

  /** Ends a reservation with the tokens the call actually used (0 when it got no answer). */
  settle(reserved: number, used: number): void {
    this.reserved -= reserved;
    this.spent += used;
    this.settledOnce = true;
    this.markSettled();
  }

  /** One answered request: our estimate of its prompt and the endpoint's count of it. */
  calibrate(estimated: number, reported: number): void {
    this.estimatedPrompt += estimated;
    this.reportedPrompt += reported;
  }

  /** Why the run must not count as done within budget, or null. */
  overspent(): string | null {
    if (this.limit === 0 || this.spent <= this.limit) return null;
    return `token budget max-tokens=${this.limit} overspent: ${this.spent} tokens used (prompts or answers were longer than estimated)`;
  }

  private scale(): number {
    return this.estimatedPrompt === 0 ? 1 : Math.max(1, this.reportedPrompt / this.estimatedPrompt);
  }
}
