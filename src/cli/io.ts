/** Where a command writes: stdout for results, stderr for progress and errors. */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  /**
   * Shows a line saying how far a long stage is; on a terminal it replaces the one before it (the
   * next `err` line clears it). Absent (not a terminal, or under CI): progress goes to `err` as plain lines.
   */
  progress?(text: string): void;
  env: NodeJS.ProcessEnv;
}
