import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the files keybug reads at run time: prompt templates, tree-sitter queries and WASM grammars.
 * In the bundle they sit in `dist/assets/` (copied by scripts/bundle.mjs), next to `dist/index.js`
 * and one level above `dist/cli/index.js`; from source they come from the repository and node_modules.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Kinds of asset and where each lives in the source tree. */
export type AssetKind = 'prompts' | 'queries' | 'wasm';

/** Maps a WASM file name to the npm package that ships it (source tree only). */
const WASM_PACKAGES: Record<string, string> = {
  'web-tree-sitter.wasm': 'web-tree-sitter/web-tree-sitter.wasm',
  'tree-sitter-c.wasm': 'tree-sitter-c/tree-sitter-c.wasm',
  'tree-sitter-cpp.wasm': 'tree-sitter-cpp/tree-sitter-cpp.wasm',
};

/** An asset could not be found: the installation is broken. */
export class AssetError extends Error {
  constructor(kind: AssetKind, name: string, tried: string[]) {
    super(`keybug cannot find its ${kind} file '${name}' (looked in ${tried.join(', ')}); the installation or bundle is incomplete.`);
    this.name = 'AssetError';
  }
}

/** Absolute path of an asset, e.g. assetPath('prompts', 'reviewer.md') or assetPath('queries', 'cpp/slicing.scm'). */
export function assetPath(kind: AssetKind, name: string): string {
  const tried: string[] = [];
  for (const dir of [path.join(here, 'assets', kind), path.join(here, '..', 'assets', kind)]) {
    const candidate = path.join(dir, name);
    tried.push(dir);
    if (existsSync(candidate)) return candidate;
  }
  const source = sourcePath(kind, name);
  if (source !== null) {
    tried.push(path.dirname(source));
    if (existsSync(source)) return source;
  }
  throw new AssetError(kind, name, tried);
}

/**
 * Where an asset lives in the source tree: this file is src/assets.ts there, or KEYBUG_SOURCE_ROOT
 * names the repository when a bundled script (a benchmark) runs from elsewhere.
 */
function sourcePath(kind: AssetKind, name: string): string | null {
  const repoRoot = process.env.KEYBUG_SOURCE_ROOT || path.join(here, '..');
  const src = path.join(repoRoot, 'src');
  switch (kind) {
    case 'prompts':
      return path.join(repoRoot, 'prompts', name);
    case 'queries':
      return path.join(src, 'slicing', 'languages', name);
    case 'wasm': {
      const spec = WASM_PACKAGES[name];
      if (spec === undefined) return null;
      try {
        return createRequire(path.join(repoRoot, 'package.json')).resolve(spec);
      } catch {
        return null;
      }
    }
  }
}
