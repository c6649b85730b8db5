/**
 * The run's time limit (`time-limit-minutes`). When it is reached keybug starts no new work: files
 * not yet sliced and model calls not yet sent are listed as not done, calls in flight get a short
 * grace and are then cut off, and the run publishes what it has, marked incomplete. Every stage
 * reads the same Deadline, so "time so far" and "reached" mean the same everywhere.
 */

/** How long model calls in flight at the limit may still finish before they are cut off. */
export const GRACE_MS = 30_000;

export class Deadline {
  /** When the run started (epoch ms). */
  readonly startedAt: number;
  /** When the limit is reached (epoch ms); null when there is no limit. */
  readonly at: number | null;
  /** Aborts when the limit is reached; never for no limit. Its timer does not keep the process alive. */
  readonly signal: AbortSignal;
  /** Aborts GRACE_MS after the limit: what is still in flight then is cut off. */
  readonly cutOff: AbortSignal;

  private constructor(
    /** The limit in minutes; 0 = none. */
    readonly minutes: number,
    startedAt: number,
    /** How long calls in flight at the limit may still run (GRACE_MS; tests shorten it). */
    readonly graceMs: number,
  ) {
    this.startedAt = startedAt;
    this.at = minutes > 0 ? startedAt + minutes * 60_000 : null;
    const left = this.at === null ? null : Math.max(0, this.at - Date.now());
    this.signal = left === null ? new AbortController().signal : AbortSignal.timeout(left);
    this.cutOff = left === null ? new AbortController().signal : AbortSignal.timeout(left + graceMs);
  }

  /** A limit of `minutes` (0: none) counted from `startedAt` (default: now). */
  static of(minutes: number, startedAt = Date.now(), graceMs = GRACE_MS): Deadline {
    return new Deadline(minutes, startedAt, graceMs);
  }

  static none(): Deadline {
    return new Deadline(0, Date.now(), GRACE_MS);
  }

  passed(): boolean {
    return this.at !== null && Date.now() >= this.at;
  }

  /** Milliseconds left (Infinity with no limit, 0 once passed). */
  remainingMs(): number {
    return this.at === null ? Infinity : Math.max(0, this.at - Date.now());
  }

  /** Time since the run started, for progress lines: "1m 05s". */
  elapsed(): string {
    return formatDuration(Date.now() - this.startedAt);
  }

  /** The setting as users write it, for messages: `time-limit-minutes=20`. */
  describe(): string {
    return `time-limit-minutes=${this.minutes}`;
  }
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** Thrown instead of starting work after the limit, or when work in flight is cut off by it. */
export class TimeLimitReached extends Error {
  constructor(deadline: Deadline, what: 'not sent' | 'cut off') {
    super(
      what === 'not sent'
        ? `not sent: the time limit ${deadline.describe()} was reached`
        : `cut off: the time limit ${deadline.describe()} was reached ${Math.round(deadline.graceMs / 1000)} s before`,
    );
    this.name = 'TimeLimitReached';
  }
}

/** The longest a long stage (slicing, the review) goes without a progress line. */
export const PROGRESS_EVERY_MS = 5_000;

/**
 * When a long stage's next progress line is due: a count (done of total) has passed another tenth
 * of its total or reached it since the last line, or PROGRESS_EVERY_MS have passed. A stage passes
 * its counts in the same order each time.
 */
export class ProgressPace {
  private said: number[] = [];

  /** `saidAt` 0: the first count is said at once. */
  constructor(private saidAt = Date.now()) {}

  /** True when a line is due (it is then taken as said). */
  due(...counts: readonly (readonly [done: number, total: number])[]): boolean {
    const stepped = counts.some(([done, total], i) => {
      const before = this.said[i] ?? 0;
      const tenth = Math.max(1, Math.ceil(total / 10));
      return Math.floor(done / tenth) > Math.floor(before / tenth) || (done === total && before < total);
    });
    if (!stepped && Date.now() - this.saidAt < PROGRESS_EVERY_MS) return false;
    this.saidAt = Date.now();
    this.said = counts.map(([done]) => done);
    return true;
  }
}
