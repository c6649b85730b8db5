// Builds the two self-contained bundles: dist/index.js (the action) and dist/cli/index.js (the CLI),
// plus dist/assets/ (prompt templates, tree-sitter queries, WASM runtime and grammars) that both read.
// Run: npm run bundle. CI rebuilds and fails when the committed dist/ differs.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundle, root } from './ncc.mjs';

const require = createRequire(import.meta.url);
// Built beside dist/ and swapped in at the end, so a reader of dist/ never sees half a bundle.
const dist = path.join(root, `dist.building-${process.pid}`);

rmSync(dist, { recursive: true, force: true });
bundle('src/action/index.ts', dist);
bundle('src/cli/index.ts', path.join(dist, 'cli'), { shebang: true });

const assets = path.join(dist, 'assets');
mkdirSync(path.join(assets, 'wasm'), { recursive: true });
for (const spec of ['web-tree-sitter/web-tree-sitter.wasm', 'tree-sitter-c/tree-sitter-c.wasm', 'tree-sitter-cpp/tree-sitter-cpp.wasm']) {
  const from = require.resolve(spec);
  cpSync(from, path.join(assets, 'wasm', path.basename(from)));
}
cpSync(path.join(root, 'prompts'), path.join(assets, 'prompts'), { recursive: true });
const languages = path.join(root, 'src', 'slicing', 'languages');
if (existsSync(languages)) {
  cpSync(languages, path.join(assets, 'queries'), { recursive: true, filter: (p) => !p.endsWith('.ts') });
}
// Both bundles are ES modules wherever they are copied, even with no package.json above them.
for (const dir of [dist, path.join(dist, 'cli')]) writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
renameSync(dist, path.join(root, 'dist'));
console.log('bundled dist/index.js, dist/cli/index.js and dist/assets/');
