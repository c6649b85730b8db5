/** Wall time per stage from its first call's start to its last call's end (stages overlap across slices). */
export class StageClock {
  private readonly spans = new Map<string, { start: number; end: number }>();

  async time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      const end = performance.now();
      const span = this.spans.get(stage);
      if (span) {
        span.start = Math.min(span.start, start);
        span.end = Math.max(span.end, end);
      } else this.spans.set(stage, { start, end });
    }
  }

  toRecord(): Record<string, number> {
    return Object.fromEntries([...this.spans].map(([stage, { start, end }]) => [stage, Math.round(end - start)]));
  }
}
