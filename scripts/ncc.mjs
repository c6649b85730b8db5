// Bundles one TypeScript entry into a self-contained ES module with ncc (shared by the release
// bundle and the benchmark runner).
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');

// Emscripten's CommonJS glue in web-tree-sitter reads __dirname/__filename, which ES modules lack.
const BANNER = [
  'import { dirname as __keybugDirname } from "node:path";',
  'import { fileURLToPath as __keybugFileURLToPath } from "node:url";',
  'const __filename = __keybugFileURLToPath(import.meta.url);',
  'const __dirname = __keybugDirname(__filename);',
  '',
].join('\n');

/** The word index's thread (src/slicing/index-thread.ts), bundled beside each bundle under this name. */
const THREAD_ENTRY = path.join(root, 'src', 'slicing', 'index-thread-worker.ts');
const THREAD_SCRIPT = 'word-index-thread.js';

/**
 * Bundles `entry` to `outDir/index.js` (and the chunks of its dynamic imports), with the word index's
 * thread beside it unless `thread` is false (a bundle in a subfolder of another finds the parent's,
 * see threadScript); `shebang` makes it directly executable.
 */
export function bundle(entry, outDir, { shebang = false, license = true, thread = true } = {}) {
  const args = [ncc, 'build', entry, '-o', outDir, '--no-source-map-register', '--quiet'];
  if (license) args.push('--license', 'licenses.txt');
  execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (thread) bundleThread(outDir);
  // The entry and every chunk its dynamic imports split off are ES modules of their own: each gets the banner.
  for (const name of readdirSync(outDir).filter((f) => f.endsWith('.js'))) {
    const file = path.join(outDir, name);
    const code = readFileSync(file, 'utf8');
    if (/\bconst __dirname\b/.test(code)) throw new Error(`${file} already defines __dirname; the banner would clash`);
    const executable = shebang && name === 'index.js';
    writeFileSync(file, (executable ? '#!/usr/bin/env node\n' : '') + BANNER + code);
    // ncc wrote the file first, so a mode given to writeFileSync would not apply.
    chmodSync(file, executable ? 0o755 : 0o644);
  }
  // ncc copies every .wasm it sees referenced, under hashed names; keybug loads its own copies from assets/.
  for (const f of readdirSync(outDir)) if (f.endsWith('.wasm')) rmSync(path.join(outDir, f));
}

/** The word index's thread as a script of its own in `outDir`: a worker thread starts from a file, and a bundle's index.js runs its entry when loaded. */
function bundleThread(outDir) {
  const thread = `${outDir}.thread`;
  rmSync(thread, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [ncc, 'build', THREAD_ENTRY, '-o', thread, '--no-source-map-register', '--quiet'], {
      cwd: root,
      stdio: 'inherit',
    });
    renameSync(path.join(thread, 'index.js'), path.join(outDir, THREAD_SCRIPT));
  } finally {
    rmSync(thread, { recursive: true, force: true });
  }
}
