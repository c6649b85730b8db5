/**
 * End-to-end: both bundles re-execute themselves with keybug's V8 setting (src/support/heap-flags.ts) before
 * they do anything, in the same process, and the run that follows is the whole run. A module loaded
 * through NODE_OPTIONS records each start of the process.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestRepo } from '../helpers/repo.js';
import { ALLOCATOR_ENV, HEAP_FLAGS } from '../../src/support/heap-flags.js';
import { ensureBundle, installAction, oneLineChange, runAction, runCli } from './runner.js';

interface Start {
  pid: number;
  execArgv: string[];
  mmapThreshold: string | null;
}

let actionDir = '';
let cleanupAction = (): void => {};
let repo: TestRepo;
let base = '';
let head = '';
let probeDir = '';

beforeAll(async () => {
  await ensureBundle();
  const installed = installAction();
  actionDir = installed.dir;
  cleanupAction = installed.cleanup;
  ({ repo, base, head } = oneLineChange('keybug-heap-'));
  probeDir = mkdtempSync(path.join(tmpdir(), 'keybug-probe-'));
  writeFileSync(
    path.join(probeDir, 'probe.mjs'),
    "import fs from 'node:fs';\nfs.appendFileSync(process.env.PROBE_OUT, JSON.stringify({ pid: process.pid, execArgv: process.execArgv, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null }) + '\\n');\n",
  );
}, 600_000);

afterAll(() => {
  cleanupAction();
  repo.cleanup();
  rmSync(probeDir, { recursive: true, force: true });
});

/** NODE_OPTIONS loading the probe (and `options` before it), and the file it writes. */
function probe(name: string, options = ''): { env: Record<string, string>; starts: () => Start[] } {
  const out = path.join(probeDir, `${name}.jsonl`);
  return {
    env: { NODE_OPTIONS: `${options} --import ${path.join(probeDir, 'probe.mjs')}`.trim(), PROBE_OUT: out },
    starts: () =>
      existsSync(out)
        ? readFileSync(out, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Start)
        : [],
  };
}

describe("the bundles run with keybug's V8 setting", () => {
  it('the CLI starts once as launched, then once more in the same process with the setting, and does its work there', async () => {
    const p = probe('cli');
    const run = await runCli(actionDir, ['diff', '--repo', repo.dir, '--base', base, '--head', head, '--format', 'json'], p.env, repo.dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).files[0].path).toBe('src/buf.cpp');
    const starts = p.starts();
    expect(starts).toHaveLength(2);
    expect(starts[1]?.pid).toBe(starts[0]?.pid);
    expect(starts[0]?.execArgv).toEqual([]);
    expect(starts[1]?.execArgv).toEqual([...HEAP_FLAGS]);
    // glibc's allocator setting, on Linux only.
    expect(starts.map((s) => s.mmapThreshold)).toEqual([null, process.platform === 'linux' ? ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_ : null]);
  }, 120_000);

  it("the CLI keeps the user's own semi-space setting and starts only once", async () => {
    const p = probe('own', '--max-semi-space-size=4');
    const run = await runCli(actionDir, ['diff', '--repo', repo.dir, '--base', base, '--head', head, '--format', 'json'], p.env, repo.dir);
    expect(run.code).toBe(0);
    expect(p.starts()).toHaveLength(1);
  }, 120_000);

  it('the action re-executes as the runner starts it, and the one run writes the summary and outputs', async () => {
    const p = probe('action');
    const run = await runAction({
      actionDir,
      event: 'pull_request',
      payload: {
        action: 'opened',
        number: 7,
        pull_request: { number: 7, title: 'Fill', body: '', base: { sha: base, ref: 'main' }, head: { sha: head, ref: 'feature' } },
        repository: { full_name: 'acme/widgets' },
      },
      workspace: repo.dir,
      apiUrl: 'http://127.0.0.1:9',
      repository: 'acme/widgets',
      inputs: { 'dry-run': 'true', 'github-token': 'token' },
      env: p.env,
    });
    expect(run.code).toBe(0);
    expect(run.summary).toContain('src/buf.cpp');
    expect(run.outputs.files).toBeDefined();
    const starts = p.starts();
    expect(starts.map((s) => s.execArgv)).toEqual([[], [...HEAP_FLAGS]]);
    expect(starts[1]?.mmapThreshold).toBe(process.platform === 'linux' ? ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_ : null);
    expect(starts[1]?.pid).toBe(starts[0]?.pid);
  }, 120_000);
});
