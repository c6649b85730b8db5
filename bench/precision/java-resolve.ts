// javac as the resolver for Java (no Java language server is packaged for Debian or npm): the JDK's
// compiler attributes the changed files, every source root of the checkout on its source path (then
// the dependency sources given by --java-sourcepath), and answers definition queries over a pipe
// (JavaResolve.java, run by the JDK's source launcher).
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Definition, Resolver } from './resolver.js';
import { sourceRoot } from '../checkout.js';

/** The source roots of a checkout: each Java file's folder less its package's path. */
function sourceRoots(tree: string): string[] {
  const files = execFileSync('git', ['-C', tree, 'ls-files', '-z', '--', '*.java'], { maxBuffer: 1 << 30 })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const roots = new Set<string>();
  const seenDirs = new Set<string>();
  for (const file of files) {
    const dir = path.posix.dirname(file);
    if (seenDirs.has(dir)) continue;
    seenDirs.add(dir);
    let text: string;
    try {
      text = readFileSync(path.join(tree, file), 'utf8').slice(0, 20_000);
    } catch {
      continue;
    }
    const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1] ?? '';
    const suffix = pkg.replace(/\./g, '/');
    if (suffix === '') roots.add(dir);
    else if (dir === suffix) roots.add('.');
    else if (dir.endsWith(`/${suffix}`)) roots.add(dir.slice(0, -suffix.length - 1));
  }
  return [...roots].map((r) => path.join(tree, r));
}

/**
 * Starts javac on a checkout. `dependencySources` are absolute source roots of the repository's
 * dependencies, searched after the checkout's own; declarations found there are outside.
 */
export async function startJavac(tree: string, files: readonly string[], dependencySources: readonly string[]): Promise<Resolver> {
  const version = execFileSync('javac', ['-version'], { encoding: 'utf8' }).trim();
  // Read from the source tree (the benchmark runs from a bundle in a temporary folder).
  const program = path.join(sourceRoot(), 'bench', 'precision', 'JavaResolve.java');
  const child = spawn(
    'nice',
    [
      '-n',
      '10',
      'java',
      '-Xmx3g',
      '-XX:+UseSerialGC',
      program,
      tree,
      [...sourceRoots(tree), ...dependencySources].join(path.delimiter),
      ...files,
    ],
    { cwd: tree, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4000);
  });
  const kill = (): void => {
    child.kill('SIGKILL');
  };
  process.on('exit', kill);
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string | null) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  child.on('exit', () => {
    for (const w of waiting.splice(0)) w(null);
  });
  const next = (timeoutMs: number): Promise<string | null> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = waiting.indexOf(done);
        if (i >= 0) waiting.splice(i, 1);
        resolve(null);
      }, timeoutMs);
      const done = (line: string | null): void => {
        clearTimeout(timer);
        resolve(line);
      };
      waiting.push(done);
    });
  const ready = await next(900_000);
  if (ready !== 'READY') {
    kill();
    throw new Error(`javac did not start: ${stderr.slice(-500)}`);
  }
  let broken = false;
  return {
    label: `${version} (compiler tree API${dependencySources.length === 0 ? '' : `; dependency sources ${dependencySources.join(path.delimiter)}`})`,
    async define(file, line, column) {
      if (broken) return null;
      child.stdin.write(`${file}\t${line}\t${column}\n`);
      const answer = await next(60_000);
      if (answer === null) {
        // A query not answered in time leaves the pipe out of step: no more queries.
        broken = true;
        return null;
      }
      const parsed = JSON.parse(answer) as (
        { file: string; line: number; column: number; start: number; end: number } | { outside: string }
      )[];
      return parsed.map((p): Definition =>
        'outside' in p
          ? { file: p.outside, line: 0, column: 0, inside: false }
          : { file: p.file, line: p.line, column: p.column, inside: true, extent: { start: p.start, end: p.end } },
      );
    },
    extent: (d) => Promise.resolve(d.extent ?? null),
    close() {
      child.stdin.end();
      setTimeout(kill, 2_000).unref();
      process.off('exit', kill);
      return Promise.resolve();
    },
  };
}
