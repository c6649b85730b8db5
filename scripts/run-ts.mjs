// Runs a TypeScript script of this repository (the benchmarks): bundles it with ncc into a temporary
// folder, exactly as the action is bundled, then runs it with this Node and the remaining arguments.
// Prompts, queries and grammars are read from the source tree (KEYBUG_SOURCE_ROOT).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundle, root } from './ncc.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [args...]');
  process.exit(2);
}
const out = mkdtempSync(path.join(tmpdir(), 'keybug-run-'));
try {
  bundle(path.resolve(entry), out, { license: false });
  const result = spawnSync(process.execPath, [path.join(out, 'index.js'), ...args], {
    stdio: 'inherit',
    env: { ...process.env, KEYBUG_SOURCE_ROOT: root },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
