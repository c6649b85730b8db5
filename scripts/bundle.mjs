// Builds the two self-contained bundles: dist/index.js (the action) and dist/cli/index.js (the CLI),
// plus dist/assets/ (prompt templates, tree-sitter queries, WASM runtime and grammars) that both read.
// Run: npm run bundle. CI rebuilds and fails when the committed dist/ differs.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dist = path.join(root, 'dist');
const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');

// Emscripten's CommonJS glue in web-tree-sitter reads __dirname/__filename, which ES modules lack.
const BANNER = [
  'import { dirname as __keybugDirname } from "node:path";',
  'import { fileURLToPath as __keybugFileURLToPath } from "node:url";',
  'const __filename = __keybugFileURLToPath(import.meta.url);',
  'const __dirname = __keybugDirname(__filename);',
  '',
].join('\n');

function build(entry, outDir) {
  execFileSync(process.execPath, [ncc, 'build', entry, '-o', outDir, '--no-source-map-register', '--license', 'licenses.txt', '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  const file = path.join(outDir, 'index.js');
  const code = readFileSync(file, 'utf8');
  if (/\bconst __dirname\b/.test(code)) throw new Error(`${file} already defines __dirname; the banner would clash`);
  writeFileSync(file, BANNER + code);
  // ncc copies every .wasm it sees referenced under hashed names; keybug loads its own copies from assets/.
  for (const f of readdirSync(outDir)) if (f.endsWith('.wasm')) rmSync(path.join(outDir, f));
}

rmSync(dist, { recursive: true, force: true });
build('src/action/index.ts', dist);
build('src/cli/index.ts', path.join(dist, 'cli'));

const assets = path.join(dist, 'assets');
mkdirSync(path.join(assets, 'wasm'), { recursive: true });
for (const spec of ['web-tree-sitter/web-tree-sitter.wasm', 'tree-sitter-c/tree-sitter-c.wasm', 'tree-sitter-cpp/tree-sitter-cpp.wasm']) {
  const from = require.resolve(spec);
  cpSync(from, path.join(assets, 'wasm', path.basename(from)));
}
cpSync(path.join(root, 'prompts'), path.join(assets, 'prompts'), { recursive: true });
const languages = path.join(root, 'src', 'slicing', 'languages');
if (existsSync(languages)) {
  cpSync(languages, path.join(assets, 'queries'), { recursive: true, filter: (p) => !/\.ts$/.test(p) });
}
// The CLI bundle is run directly through the `bin` entry.
const cli = path.join(dist, 'cli', 'index.js');
const cliCode = readFileSync(cli, 'utf8');
if (!cliCode.startsWith('#!')) writeFileSync(cli, '#!/usr/bin/env node\n' + cliCode, { mode: 0o755 });
console.log('bundled dist/index.js, dist/cli/index.js and dist/assets/');
