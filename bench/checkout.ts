// What the benchmarks take from the keybug checkout they run from: its folder, its bundle in dist/
// (run as a user runs it) and its TypeScript compiler (a devDependency, resolved from the checkout,
// not from the folder measured).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ts from 'typescript';

/** The checkout's folder: scripts/run-ts.mjs sets KEYBUG_SOURCE_ROOT; else where npm runs. */
export const sourceRoot = (): string => process.env.KEYBUG_SOURCE_ROOT ?? process.cwd();

/**
 * A bundled entry point (`cli/index.js`, `index.js`) of the checkout's dist/ and the environment to
 * run it in: `env` without KEYBUG_SOURCE_ROOT, so the bundle reads its prompts and grammars from
 * dist/, as a user's does, not from the source tree.
 */
export function bundled(entry: string, env: NodeJS.ProcessEnv = process.env): { script: string; env: NodeJS.ProcessEnv } {
  const script = path.join(sourceRoot(), 'dist', entry);
  if (!existsSync(script)) throw new Error(`${script} is missing: run npm run bundle first`);
  const { KEYBUG_SOURCE_ROOT: _sourceRoot, ...rest } = env;
  return { script, env: rest };
}

let compiler: typeof ts | null = null;
/** The checkout's TypeScript compiler, loaded once. */
export function typescript(): typeof ts {
  compiler ??= createRequire(path.join(sourceRoot(), 'package.json'))('typescript') as typeof ts;
  return compiler;
}
