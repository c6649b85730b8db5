/**
 * One copy of each recent text: a text equal to one kept comes back as the kept one, so that equal
 * texts built apart share one string. A role's system message is filled anew for every model call,
 * and the calls of a large review are all queued at once: the review of a 1,000-file change held
 * 2,084 copies of the reviewer's (21.5 MB) while it ran. Past `limit` different texts the pool starts
 * again, so texts that do not repeat cannot make it grow.
 */
export class TextPool {
  private readonly texts = new Map<string, string>();

  constructor(private readonly limit: number) {}

  /** How many different texts are kept. */
  get size(): number {
    return this.texts.size;
  }

  /** The kept text equal to `text`, else `text`, kept from now on. */
  keep(text: string): string {
    const kept = this.texts.get(text);
    if (kept !== undefined) return kept;
    if (this.texts.size >= this.limit) this.texts.clear();
    this.texts.set(text, text);
    return text;
  }
}
