/**
 * One concurrency limit shared by every model call of a run. Waiting tasks start by priority
 * (higher first), then in arrival order; the stages' priorities are in review/context.ts.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: { priority: number; start: () => void }[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`concurrency must be a whole number ≥ 1, got ${capacity}`);
  }

  async run<T>(priority: number, task: () => Promise<T>): Promise<T> {
    await this.acquire(priority);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(priority: number): Promise<void> {
    if (this.running < this.capacity) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const entry = { priority, start: resolve };
      // Behind every waiter of the same or higher priority: FIFO within a priority.
      const at = this.waiting.findIndex((w) => w.priority < priority);
      if (at === -1) this.waiting.push(entry);
      else this.waiting.splice(at, 0, entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }
}
