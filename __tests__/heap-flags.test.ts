import { describe, expect, it } from '@jest/globals';
import { HEAP_FLAGS, relaunchArgs } from '../src/heap-flags.js';

const proc = (over: { execArgv?: string[]; argv?: string[]; env?: Record<string, string> } = {}) => ({
  execPath: '/opt/node/bin/node',
  execArgv: over.execArgv ?? [],
  argv: over.argv ?? ['/opt/node/bin/node', '/action/dist/index.js'],
  env: over.env ?? {},
});

describe('relaunchArgs', () => {
  it('re-executes the same script with the heap setting first, keeping node options and arguments in order', () => {
    expect(relaunchArgs(proc({ execArgv: ['--enable-source-maps'], argv: ['/opt/node/bin/node', '/x/dist/cli/index.js', 'review', '--repo', '.'] }))).toEqual([
      '/opt/node/bin/node', ...HEAP_FLAGS, '--enable-source-maps', '/x/dist/cli/index.js', 'review', '--repo', '.',
    ]);
    expect(HEAP_FLAGS).toEqual(['--max-semi-space-size=8']);
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
