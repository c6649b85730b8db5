import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the files keybug reads at run time: prompt templates, tree-sitter queries, WASM grammars and
 * the config file's JSON Schema and the recording `keybug eval --example` replays.
 * In the bundle they sit in `dist/assets/` (copied by scripts/bundle.mjs), next to `dist/index.js`
 * and one level above `dist/cli/index.js`; from source they come from the repository and node_modules.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Kinds of asset and where each lives in the source tree. */
export type AssetKind = 'prompts' | 'queries' | 'wasm' | 'schema' | 'eval-example';

/**
 * The npm packages that may ship a WASM file (source tree only): the runtime and every grammar
 * package keybug depends on, so a new language pack needs no entry here.
 */
function wasmPackages(repoRoot: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    return Object.keys(manifest.dependencies ?? {}).filter((name) => name === 'web-tree-sitter' || name.startsWith('tree-sitter-'));
  } catch {
    return [];
  }
}

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
 * Where an asset lives in the source tree: this file is src/support/assets.ts there (a bundle in
 * dist/ sits one level below the repository), or KEYBUG_SOURCE_ROOT names the repository when a
 * bundled script (a benchmark) runs from elsewhere.
 */
function sourcePath(kind: AssetKind, name: string): string | null {
  const fromSource = path.basename(here) === 'support' && path.basename(path.dirname(here)) === 'src';
  const repoRoot = process.env.KEYBUG_SOURCE_ROOT || path.join(here, ...(fromSource ? ['..', '..'] : ['..']));
  const src = path.join(repoRoot, 'src');
  switch (kind) {
    case 'prompts':
      return path.join(repoRoot, 'prompts', name);
    case 'queries':
      return path.join(src, 'slicing', 'languages', name);
    case 'schema':
      return path.join(repoRoot, name);
    case 'eval-example':
      return path.join(src, 'eval', 'example', 'recording', name);
    case 'wasm': {
      for (const pkg of wasmPackages(repoRoot)) {
        const file = path.join(repoRoot, 'node_modules', pkg, name);
        if (existsSync(file)) return file;
      }
      return null;
    }
  }
}
