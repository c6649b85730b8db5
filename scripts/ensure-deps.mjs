// `npm test` on a fresh clone: installs the locked dependencies first (npm ci), which include the
// Node 24 runtime the tests run on (the `node` package), whatever Node version runs npm itself.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const runtime = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
if (!existsSync(runtime) || !existsSync(jest)) {
  console.error('keybug: installing dependencies (npm ci) before the tests ...');
  execSync('npm ci', { cwd: root, stdio: 'inherit' });
}
