// The TypeScript language service as a resolver for TypeScript and JavaScript: go-to-definition
// over a checkout, with each changed file's nearest tsconfig.json/jsconfig.json (its paths and
// module settings) where one parses, and JavaScript allowed. Packages are not installed, so names
// imported from them are placed nowhere; the standard library's are outside.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type * as ts from 'typescript';
import { typescript } from '../checkout.js';
import type { Definition, Resolver } from './resolver.js';

/** The nearest tsconfig.json or jsconfig.json above a file, inside the checkout. */
function nearestConfig(tree: string, file: string): string | null {
  for (let dir = path.dirname(path.join(tree, file)); dir.startsWith(tree); dir = path.dirname(dir)) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) if (existsSync(path.join(dir, name))) return path.join(dir, name);
    if (dir === tree) break;
  }
  return null;
}

export function startTypeScript(tree: string, files: readonly string[]): Resolver {
  const compiler = typescript();
  const defaults: ts.CompilerOptions = {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    jsx: compiler.JsxEmit.Preserve,
    target: compiler.ScriptTarget.ESNext,
    module: compiler.ModuleKind.ESNext,
    moduleResolution: compiler.ModuleResolutionKind.Bundler,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  };
  const services = new Map<string, ts.LanguageService>();
  const serviceFor = (file: string): ts.LanguageService => {
    const config = nearestConfig(tree, file) ?? '';
    let service = services.get(config);
    if (service !== undefined) return service;
    let options = defaults;
    if (config !== '') {
      const read = compiler.readConfigFile(config, (p) => compiler.sys.readFile(p));
      if (read.error === undefined) {
        const parsed = compiler.parseJsonConfigFileContent(read.config, compiler.sys, path.dirname(config), undefined, config);
        options = { ...parsed.options, allowJs: true, noEmit: true, skipLibCheck: true, types: [] };
        // A config that sets no module resolution (or an old one) resolves as a bundler does.
        if (options.moduleResolution === undefined || options.moduleResolution === compiler.ModuleResolutionKind.Classic)
          options.moduleResolution = compiler.ModuleResolutionKind.Bundler;
        if (options.module === undefined || options.module === compiler.ModuleKind.None) options.module = compiler.ModuleKind.ESNext;
      }
    }
    const roots = files.filter((f) => (nearestConfig(tree, f) ?? '') === config).map((f) => path.join(tree, f));
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => roots,
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        const text = compiler.sys.readFile(name);
        return text === undefined ? undefined : compiler.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => tree,
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => compiler.getDefaultLibFilePath(o),
      fileExists: (p) => compiler.sys.fileExists(p),
      readFile: (p) => compiler.sys.readFile(p),
      readDirectory: (...args) => compiler.sys.readDirectory(...args),
      directoryExists: (p) => compiler.sys.directoryExists(p),
      getDirectories: (p) => compiler.sys.getDirectories(p),
    };
    service = compiler.createLanguageService(host, compiler.createDocumentRegistry());
    services.set(config, service);
    return service;
  };
  const lineStarts = new Map<string, number[]>();
  const startsOf = (absolute: string): number[] => {
    let starts = lineStarts.get(absolute);
    if (starts === undefined) {
      starts = [0];
      const text = readFileSync(absolute, 'utf8');
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
      lineStarts.set(absolute, starts);
    }
    return starts;
  };
  const lineOf = (absolute: string, offset: number): { line: number; column: number } => {
    const starts = startsOf(absolute);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) };
  };
  const treeRoot = path.resolve(tree) + path.sep;
  return {
    label: `TypeScript ${compiler.version} language service`,
    define(file, line, column) {
      const absolute = path.join(tree, file);
      const service = serviceFor(file);
      const offset = (startsOf(absolute)[line - 1] ?? 0) + column;
      let infos: readonly ts.DefinitionInfo[] | undefined;
      try {
        infos = service.getDefinitionAtPosition(absolute, offset);
      } catch {
        return Promise.resolve(null);
      }
      const definitions: Definition[] = [];
      for (const info of infos ?? []) {
        const target = path.resolve(info.fileName);
        const inside = target.startsWith(treeRoot) && !target.includes(`${path.sep}node_modules${path.sep}`);
        if (!inside) {
          definitions.push({ file: target, line: 0, column: 0, inside: false });
          continue;
        }
        const at = lineOf(target, info.textSpan.start);
        const d: Definition = {
          file: path.relative(tree, target).split(path.sep).join('/'),
          line: at.line,
          column: at.column,
          inside: true,
        };
        if (info.contextSpan !== undefined)
          d.extent = {
            start: lineOf(target, info.contextSpan.start).line,
            end: lineOf(target, info.contextSpan.start + info.contextSpan.length).line,
          };
        definitions.push(d);
      }
      return Promise.resolve(definitions);
    },
    extent: (d) => Promise.resolve(d.extent ?? null),
    close() {
      for (const s of services.values()) s.dispose();
      return Promise.resolve();
    },
  };
}
