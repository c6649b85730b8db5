import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The V8 settings keybug's processes run with. Node sizes the young generation from the machine's
 * memory (two 32 MB semi-spaces on a 24 GiB machine), and a heap that large lets a big review's
 * short-lived garbage pile up: with 8 MB semi-spaces the review of a 1,000-file change peaks about
 * 100 MB lower, and a single commit slices as fast (the commit that set it has the figures). V8 lets its heap grow to
 * up to four times what survived the last full collection before it collects again; with
 * `--heap-growing-percent=50`, 1.5 times: slicing every file of a 1,030-file change peaked at
 * 841-870 MB instead of 924-1,146 MB. `--expose-gc` lets the engine collect slicing's garbage
 * before the review (collectGarbage). V8 reads its settings only when the process starts, so each
 * entry point re-executes itself with them.
 */
export const HEAP_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=50', '--expose-gc'];

/** The full collection heapFlagsInPlace made, for a process started without `--expose-gc`. */
let collector: (() => void) | undefined;

/**
 * A full garbage collection, where the process runs with `--expose-gc` (HEAP_FLAGS) or set its flags
 * in place (heapFlagsInPlace); elsewhere (the user's own semi-space setting) nothing. Between two
 * stages (and two parts of a large change's slicing): what the first let go is freed before the
 * second starts, and V8 sizes the heap for what is still live. Left to V8, the parsed files of a
 * 1,000-file change were still on the heap when its review began, and the review's garbage piled on
 * top of them (the commit that set it has the figures).
 */
export function collectGarbage(): void {
  ((globalThis as { gc?: () => void }).gc ?? collector)?.();
}

/**
 * HEAP_FLAGS set in the running engine, for a process that cannot re-execute itself (Windows, and
 * Node before 22.15, which has no `process.execve`): the young generation keeps the size it started
 * with, but the heap grows by HEAP_FLAGS' percentage and collectGarbage runs a full collection
 * between stages; without them it did nothing there.
 */
export function heapFlagsInPlace(): void {
  // The young generation's size is fixed when the engine starts: only the flags read later are set.
  for (const flag of HEAP_FLAGS) if (!flag.startsWith('--max-semi-space-size')) v8.setFlagsFromString(flag);
  // A context made after `--expose-gc` is set has `gc`; this one's global does not. An engine that
  // does not give it leaves collectGarbage doing nothing: a missed collection costs memory, not the run.
  try {
    collector = runInNewContext('gc') as () => void;
  } catch {
    collector = undefined;
  }
}

/**
 * The C allocator's setting on Linux (glibc; other C libraries ignore it). glibc raises its mmap
 * threshold each time a large block is freed, so file buffers and the parsed files' compact facts
 * soon come from its main heap, which does not give memory back while anything above it lives.
 * A fixed threshold keeps blocks over 128 KiB in mappings of their own, returned when freed: the
 * review of a 1,000-file change peaked 25-45 MB lower, a single commit 15-20 MB, in the same time
 * (the commit that set it has the figures). Git, started by keybug, inherits it.
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** What of a process decides whether it re-executes (a subset of `process`, so it can be tested). */
export interface ProcessFacts {
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The argument vector to re-execute with, or null when there is nothing to do: the process already
 * has a semi-space setting (keybug's own after the re-execution, or the user's in `NODE_OPTIONS` or
 * on the command line, which is kept), or it runs no script file.
 */
export function relaunchArgs(proc: ProcessFacts): string[] | null {
  const given = [...proc.execArgv, ...(proc.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag))) return null;
  const script = proc.argv[1];
  if (script === undefined) return null;
  return [proc.execPath, ...HEAP_FLAGS, ...proc.execArgv, script, ...proc.argv.slice(2)];
}

/**
 * The environment to re-execute with: ALLOCATOR_ENV added on Linux, unless the user tunes glibc's
 * allocator already (its MALLOC_ variables or GLIBC_TUNABLES' malloc settings, kept as they are).
 */
export function relaunchEnv(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): NodeJS.ProcessEnv {
  const tuned = Object.keys(env).some((name) => name.startsWith('MALLOC_')) || /(^|:)glibc\.malloc\./.test(env.GLIBC_TUNABLES ?? '');
  return platform !== 'linux' || tuned ? env : { ...env, ...ALLOCATOR_ENV };
}

/**
 * Replaces this process with the same one started with HEAP_FLAGS and relaunchEnv's environment
 * (`process.execve`: the same pid and standard streams, nothing written yet). Where Node cannot
 * (Windows, Node before 22.15), the flags are set in place (heapFlagsInPlace) and the run goes on;
 * where the process already has the setting, it goes on as it is. Call it before anything else
 * runs: work already done would be lost.
 */
export function runWithHeapFlags(): void {
  const args = relaunchArgs(process);
  if (args === null) return;
  if (process.platform !== 'win32' && typeof process.execve === 'function') {
    try {
      process.execve(process.execPath, args, relaunchEnv(process.env, process.platform));
    } catch {
      // Not re-executed (the platform refused): the flags are set in place below.
    }
  }
  heapFlagsInPlace();
}
