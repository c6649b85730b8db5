// The languages' own resolvers, behind one interface: where is the name at this position of a
// checkout defined? The TypeScript language service (in process), pyright, gopls, clangd and
// rust-analyzer (language servers over stdio, lsp.ts) and javac (java-resolve.ts). Each answers
// with the declarations' places; a place inside the checkout is the repository's, any other
// (the standard library, an installed package, the compiler's own headers) is outside.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LspClient, LspError, type DocumentSymbol, type Place, type Range } from './lsp.js';
import { prepareGo, prepareRust, compileCommandsFor } from './prepare.js';
import { syntaxExtent } from './uses.js';
import { startJavac } from './java-resolve.js';
import { startTypeScript } from './ts-service.js';
import { sourceRoot } from '../checkout.js';
import type { Definition, Resolver } from './resolver.js';

/** What the benchmark's options give the resolvers beyond the checkout. */
export interface ResolverSettings {
  /** Absolute folders of dependency sources for javac's source path (`--java-sourcepath`). */
  javaSourcePath: readonly string[];
}

export interface ResolverKind {
  /** The keybug pack family it resolves (javascript, python, go, c, rust, java). */
  family: string;
  name: string;
  /** Why it cannot run here (not installed), or null. */
  missing(): string | null;
  /** How to install it, for the report and the README. */
  install: string;
  /**
   * Starts it on a checkout, for the given changed files (relative paths). `shared` is a folder
   * kept across the commits of one repository (a compile_commands.json, caches).
   */
  start(tree: string, files: readonly string[], shared: string, settings: ResolverSettings): Promise<Resolver>;
}

const which = (command: string): string | null => {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** The project's own node_modules (the benchmark runs from a bundle in a temporary folder). */

/** Runs the servers at a lower priority: the machine is shared. */
const NICE = ['-n', '10'];

export function toDefinition(tree: string, place: Place): Definition {
  const rel = path.relative(tree, place.file);
  const inside = !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.split(path.sep).includes('node_modules');
  const definition: Definition = {
    file: inside ? rel.split(path.sep).join('/') : place.file,
    line: place.range.start.line + 1,
    column: place.range.start.character,
    inside,
  };
  if (place.full !== undefined && place.full.end.line > place.full.start.line)
    definition.extent = { start: place.full.start.line + 1, end: place.full.end.line + 1 };
  return definition;
}

const contains = (r: Range, line: number, character: number): boolean =>
  (r.start.line < line || (r.start.line === line && r.start.character <= character)) &&
  (r.end.line > line || (r.end.line === line && r.end.character >= character));

/** A resolver over a language server: definition (and, for C and C++, declaration) at a position. */
class LspResolver implements Resolver {
  private readonly symbolCache = new Map<string, Promise<DocumentSymbol[]>>();
  readonly failures: string[] = [];
  constructor(
    readonly label: string,
    private readonly client: LspClient,
    private readonly tree: string,
    private readonly languageId: (file: string) => string,
    private readonly methods: ('textDocument/definition' | 'textDocument/declaration')[],
    private readonly timeoutMs: number,
    /** A line that names a package or a namespace (Go's import line, C++'s `namespace x {`): an answer there is no definition. */
    private readonly qualifierLine: RegExp | null = null,
    /** Reads a definition's extent from the syntax tree (the pack's grammar id by file) instead of asking the server for the file's symbols. */
    private readonly syntaxFor: ((file: string) => string | null) | null = null,
  ) {}

  private isQualifier(d: Definition): boolean {
    if (this.qualifierLine === null) return false;
    const text = readFileSync(path.join(this.tree, d.file), 'utf8').split('\n')[d.line - 1] ?? '';
    return this.qualifierLine.test(text);
  }

  private open(file: string): string {
    const absolute = path.isAbsolute(file) ? file : path.join(this.tree, file);
    this.client.open(absolute, this.languageId(absolute), readFileSync(absolute, 'utf8'));
    return absolute;
  }

  async define(file: string, line: number, column: number): Promise<Definition[] | null> {
    const absolute = this.open(file);
    const found = new Map<string, Definition>();
    try {
      for (const method of this.methods) {
        for (const place of await this.client.locations(method, absolute, { line: line - 1, character: column }, this.timeoutMs)) {
          const d = toDefinition(this.tree, place);
          found.set(`${d.file}:${d.line}:${d.column}`, d);
        }
      }
    } catch (error) {
      // A server that answers a position with an error (no name there) places it nowhere; one that does not answer in time failed.
      if (error instanceof LspError && !/took more than|exited/.test(error.message)) return [];
      this.failures.push(`${file}:${line}:${column}: ${(error as Error).message.slice(0, 200)}`);
      return null;
    }
    // A Go package qualifier (`fmt` of `fmt.Sprintf`) is answered with its import line, a C++ namespace with a line opening it: the name of a package, not a definition.
    return [...found.values()].filter((d) => !(d.inside && this.isQualifier(d)));
  }

  async extent(definition: Definition): Promise<{ start: number; end: number } | null> {
    if (definition.extent !== undefined) return definition.extent;
    const absolute = definition.inside ? path.join(this.tree, definition.file) : definition.file;
    if (!existsSync(absolute)) return null;
    const grammar = this.syntaxFor?.(absolute) ?? null;
    if (grammar !== null) return syntaxExtent(grammar, readFileSync(absolute, 'utf8'), definition.line, definition.column);
    let symbols = this.symbolCache.get(absolute);
    if (symbols === undefined) {
      this.open(absolute);
      // No symbols, no extent: the definition then counts as having no body, so the failure is named with the others (--details).
      symbols = this.client.symbols(absolute, this.timeoutMs).catch((error: unknown) => {
        this.failures.push(`${definition.file}: document symbols: ${(error as Error).message.slice(0, 200)}`);
        return [];
      });
      this.symbolCache.set(absolute, symbols);
    }
    const at = { line: definition.line - 1, character: definition.column };
    // The innermost symbol whose name is the definition's (a server without names' ranges: whose range holds it).
    const holding = (await symbols)
      .filter((s) => contains(s.selectionRange, at.line, at.character))
      .sort((a, b) => a.range.end.line - a.range.start.line - (b.range.end.line - b.range.start.line));
    const symbol = holding[0];
    return symbol === undefined ? null : { start: symbol.range.start.line + 1, end: symbol.range.end.line + 1 };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** Waits until the server says it is done loading (rust-analyzer's serverStatus, the end of the work-done progress of the others), at most `ms`. */
function quiescence(ms: number): { onNotification: (method: string, params: unknown) => void; wait: (settleMs: number) => Promise<void> } {
  let quiet = false;
  let lastProgress = Date.now();
  let wake: (() => void) | null = null;
  return {
    onNotification: (method, params) => {
      if (method === 'experimental/serverStatus') {
        quiet = (params as { quiescent?: boolean }).quiescent === true;
        if (quiet) wake?.();
      } else if (method === '$/progress') lastProgress = Date.now();
    },
    wait: (settleMs) =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + ms;
        const tick = (): void => {
          if (quiet || Date.now() >= deadline || Date.now() - lastProgress >= settleMs) {
            wake = null;
            resolve();
          } else setTimeout(tick, 250);
        };
        wake = () => {
          wake = null;
          resolve();
        };
        setTimeout(tick, 250);
      }),
  };
}

const versionOf = (command: string, args: string[]): string => {
  const run = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  return (
    `${run.stdout ?? ''}${run.stderr ?? ''}`
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? command
  );
};

export const typescriptResolver: ResolverKind = {
  family: 'javascript',
  name: 'TypeScript language service',
  install: 'the `typescript` package, a devDependency of keybug (npm ci)',
  missing: () => {
    try {
      createRequire(path.join(sourceRoot(), 'package.json')).resolve('typescript');
      return null;
    } catch {
      return 'the typescript package is not installed (npm ci)';
    }
  },
  start: (tree, files) => Promise.resolve(startTypeScript(tree, files)),
};

const pyrightServer = (): string => path.join(sourceRoot(), 'node_modules', 'pyright', 'langserver.index.js');

export const pyrightResolver: ResolverKind = {
  family: 'python',
  name: 'pyright',
  install: 'the `pyright` package, a devDependency of keybug (npm ci); it runs pyright-langserver',
  missing: () => (existsSync(pyrightServer()) ? null : 'pyright is not installed (npm ci)'),
  async start(tree) {
    const version = JSON.parse(readFileSync(path.join(sourceRoot(), 'node_modules', 'pyright', 'package.json'), 'utf8')) as {
      version: string;
    };
    const client = new LspClient({
      command: 'nice',
      args: [...NICE, process.execPath, pyrightServer(), '--stdio'],
      cwd: tree,
      configuration: (section) =>
        section === 'python.analysis'
          ? {
              typeCheckingMode: 'off',
              diagnosticMode: 'openFilesOnly',
              autoSearchPaths: true,
              useLibraryCodeForTypes: true,
              indexing: false,
            }
          : section === 'python'
            ? {
                analysis: { typeCheckingMode: 'off', diagnosticMode: 'openFilesOnly', autoSearchPaths: true, useLibraryCodeForTypes: true },
              }
            : null,
    });
    await client.initialize(tree);
    return new LspResolver(`pyright ${version.version}`, client, tree, () => 'python', ['textDocument/definition'], 60_000);
  },
};

export const goplsResolver: ResolverKind = {
  family: 'go',
  name: 'gopls',
  install: "Debian's `gopls` and `golang-go` (apt-get install gopls golang-go)",
  missing: () =>
    which('gopls') === null
      ? 'gopls is not installed (apt-get install gopls golang-go)'
      : which('go') === null
        ? 'go is not installed (apt-get install golang-go)'
        : null,
  async start(tree, _files, shared) {
    const env = prepareGo(tree, shared);
    const progress = quiescence(300_000);
    const client = new LspClient({
      command: 'nice',
      args: [...NICE, 'gopls', 'serve'],
      cwd: tree,
      env,
      onNotification: progress.onNotification,
      requestTimeoutMs: 300_000,
    });
    await client.initialize(tree, {}, 300_000);
    const label = `gopls ${versionOf('gopls', ['version']).replace(/^golang\.org\/x\/tools\/gopls\s*/, '')} (Debian), ${versionOf('go', ['version'])}`;
    return new LspResolver(
      label,
      client,
      tree,
      () => 'go',
      ['textDocument/definition'],
      300_000,
      /^\s*(?:import\s+)?(?:[\w.]+\s+)?"[^"]*"\s*(?:\/\/.*)?$/,
    );
  },
};

/**
 * A line that opens a C++ namespace: clangd answers a namespace qualifier (`port` of
 * `port::Snappy_Compress`) with one of the many lines that open it. A namespace has no one
 * definition, as a Go package has none, so such an answer is no definition; nor is an anonymous
 * namespace's line, which clangd gives for a function named inside a macro it cannot read
 * (snappy's `BENCHMARK(BM_UFlat)` without the benchmark library's flags).
 */
export const NAMESPACE_LINE = /^\s*(?:inline\s+)?namespace(?:\s+[\w:]+)?\s*(?:\{.*)?$/;

export const clangdResolver: ResolverKind = {
  family: 'c',
  name: 'clangd',
  install: "Debian's `clangd` (apt-get install clangd); `cmake` for a compile_commands.json",
  missing: () => (which('clangd') === null ? 'clangd is not installed (apt-get install clangd)' : null),
  async start(tree, _files, shared) {
    const commands = compileCommandsFor(tree, shared);
    const client = new LspClient({
      command: 'nice',
      args: [
        ...NICE,
        'clangd',
        '--background-index=false',
        '-j=1',
        '--log=error',
        '--pch-storage=memory',
        ...(commands === null ? [] : [`--compile-commands-dir=${commands}`]),
      ],
      cwd: tree,
      requestTimeoutMs: 180_000,
    });
    await client.initialize(tree);
    const language = (file: string): string => (/\.c$/.test(file) ? 'c' : 'cpp');
    // Extents from the syntax tree: clangd would build a translation unit for each header asked about.
    const grammar = (file: string): string => (/\.c$/.test(file) ? 'c' : 'cpp');
    return new LspResolver(
      `${versionOf('clangd', ['--version'])}${commands === null ? ', no compile_commands.json' : ''}`,
      client,
      tree,
      language,
      ['textDocument/definition', 'textDocument/declaration'],
      180_000,
      NAMESPACE_LINE,
      grammar,
    );
  },
};

const RUST_ANALYZER = ['/usr/bin/rust-analyzer', 'rust-analyzer'];
const rustAnalyzer = (): string | null => {
  for (const candidate of [process.env.KEYBUG_RUST_ANALYZER, ...RUST_ANALYZER]) {
    if (candidate === undefined) continue;
    const run = spawnSync(candidate, ['--version'], { encoding: 'utf8', timeout: 20_000 });
    if (run.status === 0) return candidate;
  }
  return null;
};

export const rustAnalyzerResolver: ResolverKind = {
  family: 'rust',
  name: 'rust-analyzer',
  install:
    "Debian's `rust-web-analyzer` (apt-get install rust-web-analyzer rust-web-src: /usr/bin/rust-analyzer; a rustup proxy without the component does not run)",
  missing: () => (rustAnalyzer() === null ? 'rust-analyzer is not installed (apt-get install rust-web-analyzer rust-web-src)' : null),
  async start(tree) {
    const command = rustAnalyzer() as string;
    prepareRust(tree);
    const progress = quiescence(600_000);
    const client = new LspClient({
      command: 'nice',
      args: [...NICE, command],
      cwd: tree,
      env: { ...process.env, CARGO_NET_OFFLINE: 'true' },
      onNotification: progress.onNotification,
      requestTimeoutMs: 120_000,
    });
    await client.initialize(tree, {
      cargo: { buildScripts: { enable: false } },
      procMacro: { enable: false },
      checkOnSave: false,
      check: { workspace: false },
      cachePriming: { enable: false },
      diagnostics: { enable: false },
      files: { watcher: 'client' },
    });
    await progress.wait(120_000);
    return new LspResolver(versionOf(command, ['--version']), client, tree, () => 'rust', ['textDocument/definition'], 120_000);
  },
};

export const javacResolver: ResolverKind = {
  family: 'java',
  name: 'javac',
  install: "a JDK (Debian's openjdk-17-jdk-headless): javac's compiler tree API, as no Java language server is packaged for Debian or npm",
  missing: () => (which('javac') === null || which('java') === null ? 'no JDK (apt-get install openjdk-17-jdk-headless)' : null),
  start: (tree, files, _shared, settings) => startJavac(tree, files, settings.javaSourcePath),
};

export const RESOLVERS: readonly ResolverKind[] = [
  typescriptResolver,
  pyrightResolver,
  goplsResolver,
  clangdResolver,
  rustAnalyzerResolver,
  javacResolver,
];

export const resolverFor = (family: string): ResolverKind | undefined => RESOLVERS.find((r) => r.family === family);

/** For the report: a command's output, or null. */
export function tryRun(command: string, args: string[], cwd?: string): string | null {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
  } catch {
    return null;
  }
}
