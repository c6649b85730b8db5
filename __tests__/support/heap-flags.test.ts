import { describe, expect, it } from '@jest/globals';
import { ALLOCATOR_ENV, collectGarbage, HEAP_FLAGS, heapFlagsInPlace, relaunchArgs, relaunchEnv } from '../../src/support/heap-flags.js';

const proc = (over: { execArgv?: string[]; argv?: string[]; env?: Record<string, string> } = {}) => ({
  execPath: '/opt/node/bin/node',
  execArgv: over.execArgv ?? [],
  argv: over.argv ?? ['/opt/node/bin/node', '/action/dist/index.js'],
  env: over.env ?? {},
});

describe('relaunchArgs', () => {
  it('re-executes the same script with the heap setting first, keeping node options and arguments in order', () => {
    expect(
      relaunchArgs(
        proc({ execArgv: ['--enable-source-maps'], argv: ['/opt/node/bin/node', '/x/dist/cli/index.js', 'review', '--repo', '.'] }),
      ),
    ).toEqual(['/opt/node/bin/node', ...HEAP_FLAGS, '--enable-source-maps', '/x/dist/cli/index.js', 'review', '--repo', '.']);
    expect(HEAP_FLAGS).toEqual(['--max-semi-space-size=8', '--heap-growing-percent=50', '--expose-gc']);
  });

  it('does nothing once the process has the setting (no loop after the re-execution)', () => {
    const args = relaunchArgs(proc()) ?? [];
    expect(relaunchArgs(proc({ execArgv: args.slice(1, 1 + HEAP_FLAGS.length) }))).toBeNull();
  });

  it("keeps the user's own semi-space setting, on the command line or in NODE_OPTIONS, in any spelling", () => {
    expect(relaunchArgs(proc({ execArgv: ['--max-semi-space-size=32'] }))).toBeNull();
    expect(relaunchArgs(proc({ execArgv: ['--max_semi_space_size', '2'] }))).toBeNull();
    expect(relaunchArgs(proc({ env: { NODE_OPTIONS: '--no-warnings  --max-semi-space-size=16' } }))).toBeNull();
    // Other options in NODE_OPTIONS do not count, nor does a look-alike.
    expect(relaunchArgs(proc({ env: { NODE_OPTIONS: '--max-old-space-size=4096 --max-semi-space-sizes' } }))).not.toBeNull();
  });

  it('does nothing for a process with no script file (node -e, a REPL)', () => {
    expect(relaunchArgs(proc({ argv: ['/opt/node/bin/node'] }))).toBeNull();
  });
});

describe('relaunchEnv', () => {
  it("adds glibc's fixed mmap threshold on Linux, keeping every other variable", () => {
    expect(ALLOCATOR_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(relaunchEnv({ PATH: '/bin', INPUT_MODEL: 'm' }, 'linux')).toEqual({
      PATH: '/bin',
      INPUT_MODEL: 'm',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
  });

  it('leaves the environment as it is elsewhere, and where the user tunes the allocator already', () => {
    for (const platform of ['darwin', 'win32'] as const) expect(relaunchEnv({ PATH: '/bin' }, platform)).toEqual({ PATH: '/bin' });
    expect(relaunchEnv({ MALLOC_ARENA_MAX: '2' }, 'linux')).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(relaunchEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }, 'linux')).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(relaunchEnv({ GLIBC_TUNABLES: 'glibc.rtld.nns=2:glibc.malloc.trim_threshold=0' }, 'linux')).toEqual({
      GLIBC_TUNABLES: 'glibc.rtld.nns=2:glibc.malloc.trim_threshold=0',
    });
    // Tunables of other parts of glibc do not count.
    expect(relaunchEnv({ GLIBC_TUNABLES: 'glibc.rtld.nns=2' }, 'linux')).toEqual({ GLIBC_TUNABLES: 'glibc.rtld.nns=2', ...ALLOCATOR_ENV });
  });
});

describe('collectGarbage', () => {
  const holder = globalThis as { gc?: () => void };

  it('runs a full collection where the process exposes one (--expose-gc), and does nothing where it does not', () => {
    const saved = holder.gc;
    try {
      let calls = 0;
      holder.gc = () => void calls++;
      collectGarbage();
      expect(calls).toBe(1);
      delete holder.gc;
      expect(() => collectGarbage()).not.toThrow();
    } finally {
      if (saved === undefined) delete holder.gc;
      else holder.gc = saved;
    }
  });

  it('collects in a process started without --expose-gc once the flags are set in place (Node with no process.execve)', async () => {
    expect(holder.gc).toBeUndefined();
    const ref = ((): WeakRef<number[]> => new WeakRef(new Array<number>(100_000).fill(1)))();
    // A WeakRef's target is kept until the job that made it ends.
    await new Promise((resolve) => setImmediate(resolve));
    heapFlagsInPlace();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
