/** Where a command writes: stdout for results, stderr for progress and errors. */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}
