/** Shared by the robustness tests: bounded waits, so a hang fails the test instead of the run. */

/** Resolves with `promise`, or rejects after `ms` saying the work did not end (a hang or a deadlock). */
export async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not end within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}
