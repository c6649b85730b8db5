// Builds the two self-contained bundles: dist/index.js (the action) and dist/cli/index.js (the CLI),
// plus dist/assets/ (prompt templates, tree-sitter queries, WASM runtime and grammars, the config
// file's and the eval case file's JSON Schemas, the eval example's recording) that both read.
// Run: npm run bundle. CI rebuilds and fails when the committed dist/ differs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundle, root } from './ncc.mjs';

// Built beside dist/ and swapped in at the end, so a reader of dist/ never sees half a bundle.
const dist = path.join(root, `dist.building-${process.pid}`);

rmSync(dist, { recursive: true, force: true });
bundle('src/action/index.ts', dist);
// The CLI uses the action's word index thread, one folder up: the same script, bundled once.
bundle('src/cli/index.ts', path.join(dist, 'cli'), { shebang: true, thread: false });

const assets = path.join(dist, 'assets');
mkdirSync(path.join(assets, 'wasm'), { recursive: true });
// The runtime's WASM and every grammar package's (each ships its .wasm files at its root).
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const pkg of Object.keys(manifest.dependencies).filter((name) => name === 'web-tree-sitter' || name.startsWith('tree-sitter-'))) {
  const dir = path.join(root, 'node_modules', pkg);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.wasm'))) cpSync(path.join(dir, file), path.join(assets, 'wasm', file));
}
cpSync(path.join(root, 'prompts'), path.join(assets, 'prompts'), { recursive: true });
mkdirSync(path.join(assets, 'schema'));
// The config's and the learnings file's formats, and the eval case file's, which `keybug eval` checks every case against.
for (const schema of ['keybug.schema.json', 'keybug-learnings.schema.json', 'eval-case.schema.json'])
  cpSync(path.join(root, schema), path.join(assets, 'schema', schema));
const languages = path.join(root, 'src', 'slicing', 'languages');
if (existsSync(languages)) {
  cpSync(languages, path.join(assets, 'queries'), { recursive: true, filter: (p) => !p.endsWith('.ts') });
}
// The model answers `keybug eval --example` replays.
cpSync(path.join(root, 'src', 'eval', 'example', 'recording'), path.join(assets, 'eval-example'), { recursive: true });
// Both bundles are ES modules wherever they are copied, even with no package.json above them.
for (const dir of [dist, path.join(dist, 'cli')]) writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
renameSync(dist, path.join(root, 'dist'));
console.log('bundled dist/index.js, dist/cli/index.js and dist/assets/');
