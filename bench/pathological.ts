// Benchmark: slicing inputs built to be slow, in every language keybug parses — nesting 10,000
// levels deep, a 5 MB file on one line (minified), a generated file of 200,000 lines, and 50,000
// tiny functions. Each case is a change of one line in such a file, sliced with full-flow (the
// algorithm that reads the most); it prints the time, the peak memory of the process that sliced
// it, and what became of the file (context or diff-only, and why).
// Run: npm run bench:pathological [-- --cases deep,minified,generated,tiny --languages c,py --depth 10000]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';
import { sliceChange } from '../src/slicing/index.js';
import { HEAP_FLAGS, relaunchEnv } from '../src/support/heap-flags.js';

/** How a language writes the few constructs the cases need. */
interface Dialect {
  ext: string;
  /** A function `name` whose body is `body` (lines, already indented one level where it matters). */
  fn(name: string, body: string[]): string[];
  /** An opening and a closing of one more level of nesting inside an expression or a block. */
  open: string;
  close: string;
  /** A statement assigning `value` to `name`, and a tiny function, on one line. */
  assign(name: string, value: string): string;
  tiny(name: string, value: string): string;
}

const curly = (ext: string, header: (name: string) => string): Dialect => ({
  ext,
  fn: (name, body) => [`${header(name)} {`, ...body, '}'],
  open: '{',
  close: '}',
  assign: (name, value) => (ext === '.c' || ext === '.cc' ? `int ${name} = ${value};` : `var ${name} = ${value};`),
  tiny: (name, value) => (ext === '.c' || ext === '.cc' ? `int ${name}(){return ${value};}` : `function ${name}(){return ${value}}`),
});

const DIALECTS: Record<string, Dialect> = {
  c: curly('.c', (n) => `int ${n}(int x)`),
  cpp: curly('.cc', (n) => `int ${n}(int x)`),
  js: curly('.js', (n) => `function ${n}(x)`),
  ts: curly('.ts', (n) => `function ${n}(x: number): number`),
  tsx: curly('.tsx', (n) => `function ${n}(x: number): number`),
  py: {
    ext: '.py',
    fn: (name, body) => [`def ${name}(x):`, ...body],
    // Python nests blocks by indentation; 10,000 levels of it are 200 MB of spaces, so it nests brackets.
    open: '(',
    close: ')',
    assign: (name, value) => `${name} = ${value}`,
    tiny: (name, value) => `def ${name}(): return ${value}`,
  },
};

/** Base and head of one case: the file's text before and after a one-line change. */
type Case = (d: Dialect, depth: number) => { base: string; head: string };

const CASES: Record<string, Case> = {
  deep(d, depth) {
    const inner = (change: string): string => {
      if (d.ext === '.py')
        return (
          d
            .fn('f', [
              '    return \\',
              ...Array.from({ length: depth }, () => d.open),
              change,
              ...Array.from({ length: depth }, () => d.close),
            ])
            .join('\n') + '\n'
        );
      return (
        d
          .fn('f', [...Array.from({ length: depth }, () => d.open), change, ...Array.from({ length: depth }, () => d.close), 'return x;'])
          .join('\n') + '\n'
      );
    };
    return d.ext === '.py' ? { base: inner('x'), head: inner('x + 1') } : { base: inner('x++;'), head: inner('x += 2;') };
  },
  minified(d) {
    const parts: string[] = [];
    for (let i = 0, size = 0; size < 5_000_000; i++) {
      const part = d.ext === '.py' ? `a${i}=${i}` : d.tiny(`f${i}`, `${i}`);
      parts.push(part);
      size += part.length + 1;
    }
    const sep = d.ext === '.py' ? ';' : '';
    const base = parts.join(sep) + '\n';
    const middle = Math.floor(parts.length / 2);
    parts[middle] = d.ext === '.py' ? `a${middle}=-1` : d.tiny(`f${middle}`, '-1');
    return { base, head: parts.join(sep) + '\n' };
  },
  generated() {
    return { base: '', head: '' }; // built per dialect below (one assignment per line)
  },
  tiny(d) {
    // Empty bodies keep the file under the 1 MB parse limit, so it is parsed (a larger one is sliced from its diff).
    const empty = (name: string): string =>
      d.ext === '.py' ? `def ${name}():pass` : d.ext === '.c' || d.ext === '.cc' ? `void ${name}(){}` : `function ${name}(){}`;
    const lines = Array.from({ length: 50_000 }, (_, i) => empty(`f${i}`));
    const base = lines.join('\n') + '\n';
    lines[25_000] = d.ext === '.py' ? 'def f25000(): return f1() + f2() + f49999()' : d.tiny('f25000', 'f1() + f2() + f49999()');
    return { base, head: lines.join('\n') + '\n' };
  },
};
CASES.generated = (d) => {
  const lines = Array.from({ length: 200_000 }, (_, i) => d.assign(`v${i}`, `${i}`));
  const base = lines.join('\n') + '\n';
  lines[100_000] = d.assign('v100000', 'v99999 + 1');
  return { base, head: lines.join('\n') + '\n' };
};

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: Object.keys(CASES).join(',') },
    languages: { type: 'string', default: Object.keys(DIALECTS).join(',') },
    depth: { type: 'string', default: '10000' },
    // Internal: slice one prepared repository in this process and print the result as JSON.
    child: { type: 'string' },
  },
});

if (values.child !== undefined) {
  const dir = values.child;
  const git = await Git.open(dir);
  const start = performance.now();
  const diff = await readDiff(git, 'HEAD~1', 'HEAD', { fetchRemote: null });
  const result = await sliceChange(git, diff, diff.files, { algorithm: 'full-flow', tokenBudget: 6000 });
  const ms = performance.now() - start;
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  const file = result.stats.files[0];
  console.log(
    JSON.stringify({
      ms,
      peakMb: peak ? Number(peak) / 1024 : null,
      slices: result.slices.map((s) => `${s.algorithm}:${s.tokens}`),
      coverage: file?.coverage,
      reason: file?.reason ?? '',
    }),
  );
  git.close();
} else {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
  console.log('case\tlanguage\tMB\tms\tpeak MB\tcoverage\tslices\treason');
  for (const name of values.cases.split(',')) {
    const build = CASES[name];
    if (build === undefined) throw new Error(`unknown case ${name}: ${Object.keys(CASES).join(', ')}`);
    for (const lang of values.languages.split(',')) {
      const d = DIALECTS[lang];
      if (d === undefined) throw new Error(`unknown language ${lang}: ${Object.keys(DIALECTS).join(', ')}`);
      const { base, head } = build(d, Number(values.depth));
      const dir = mkdtempSync(path.join(tmpdir(), 'keybug-bench-patho-'));
      try {
        const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe', env });
        git('init', '-q', '-b', 'main');
        writeFileSync(path.join(dir, `f${d.ext}`), base);
        git('add', '-A');
        git('commit', '-qm', 'base');
        writeFileSync(path.join(dir, `f${d.ext}`), head);
        git('commit', '-qam', 'head');
        const child = spawnSync(process.execPath, [...HEAP_FLAGS, process.argv[1] as string, '--child', dir], {
          encoding: 'utf8',
          env: relaunchEnv(process.env, process.platform),
          maxBuffer: 1 << 26,
        });
        const line = child.stdout.trim().split('\n').at(-1) ?? '';
        if (child.status !== 0 || !line.startsWith('{')) {
          console.log(
            `${name}\t${lang}\t${(head.length / 1e6).toFixed(1)}\tfailed (exit ${child.status}): ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`,
          );
          continue;
        }
        const r = JSON.parse(line) as { ms: number; peakMb: number | null; slices: string[]; coverage: string; reason: string };
        console.log(
          `${name}\t${lang}\t${(head.length / 1e6).toFixed(1)}\t${r.ms.toFixed(0)}\t${r.peakMb?.toFixed(0) ?? '?'}\t${r.coverage}\t${r.slices.join(' ')}\t${r.reason}`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
