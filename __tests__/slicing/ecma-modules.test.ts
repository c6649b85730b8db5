import { describe, expect, it } from '@jest/globals';
import { ecmaAdapter } from '../../src/slicing/languages/ecma/adapter.js';
import { isExternalModule, parseJsonc, resolveModule } from '../../src/slicing/languages/ecma/modules.js';
import { PackChooser } from '../../src/slicing/packs.js';
import { RevisionPaths } from '../../src/slicing/path-set.js';

/** A revision's paths with the text of its config files. */
function revision(files: string[], manifests: Record<string, string> = {}): RevisionPaths {
  return new RevisionPaths([...files, ...Object.keys(manifests)], new Map(Object.entries(manifests)));
}

describe('module specifiers name files of the repository', () => {
  const paths = revision([
    'src/a.ts',
    'src/util.ts',
    'src/util.js',
    'src/lib/index.ts',
    'src/view.tsx',
    'src/legacy.js',
    'src/types.d.ts',
    'src/m.mts',
    'src/styles.css',
    'root.js',
  ]);

  it("relative paths, with the extensions tried in the importer's language first", () => {
    expect(resolveModule('./util', 'src/a.ts', paths)).toEqual(['src/util.ts', 'src/util.js']);
    expect(resolveModule('./util', 'src/legacy.js', paths)).toEqual(['src/util.js', 'src/util.ts']);
    expect(resolveModule('../root', 'src/a.ts', paths)).toEqual(['root.js']);
    expect(resolveModule('./view', 'src/a.ts', paths)).toEqual(['src/view.tsx']);
    expect(resolveModule('./types', 'src/a.ts', paths)).toEqual(['src/types.d.ts']);
  });

  it('a folder means its index file', () => {
    expect(resolveModule('./lib', 'src/a.ts', paths)).toEqual(['src/lib/index.ts']);
    expect(resolveModule('./lib/', 'src/a.ts', paths)).toEqual(['src/lib/index.ts']);
    expect(resolveModule('..', 'src/lib/index.ts', revision(['src/index.js', 'src/lib/index.ts']))).toEqual(['src/index.js']);
  });

  it('an output extension names the TypeScript source (`./a.js` is `./a.ts`), the source first for a TypeScript importer', () => {
    expect(resolveModule('./util.js', 'src/a.ts', paths)).toEqual(['src/util.ts', 'src/util.js']);
    expect(resolveModule('./util.js', 'src/legacy.js', paths)).toEqual(['src/util.js', 'src/util.ts']);
    expect(resolveModule('./view.jsx', 'src/a.ts', paths)).toEqual(['src/view.tsx']);
    expect(resolveModule('./m.mjs', 'src/a.ts', paths)).toEqual(['src/m.mts']);
  });

  it('what is not source, outside the repository or installed from a registry resolves to nothing', () => {
    expect(resolveModule('./styles.css', 'src/a.ts', paths)).toEqual([]);
    expect(resolveModule('../../outside', 'src/a.ts', paths)).toEqual([]);
    expect(resolveModule('react', 'src/a.ts', paths)).toEqual([]);
    expect(resolveModule('node:fs', 'src/a.ts', paths)).toEqual([]);
    expect(resolveModule('https://esm.sh/x', 'src/a.ts', paths)).toEqual([]);
    expect(resolveModule('', 'src/a.ts', paths)).toEqual([]);
  });
});

describe('tsconfig and jsconfig aliases', () => {
  const files = [
    'app/src/components/Button.tsx',
    'app/src/lib/math.ts',
    'app/src/main.ts',
    'web/src/util/dates.js',
    'web/src/main.js',
    'shared/log.ts',
  ];
  const manifests = {
    'tsconfig.base.json': '{\n  // shared by every app\n  "compilerOptions": {\n    "paths": { "@shared/*": ["shared/*"], },\n  },\n}\n',
    'app/tsconfig.json':
      '{ "extends": "../tsconfig.base.json", "compilerOptions": { "paths": { "@/*": ["./src/*"], "@lib/math": ["src/lib/math.ts"] } } }',
    'web/jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }',
  };
  const paths = revision(files, manifests);

  it("`paths` patterns resolve from the nearest config's folder, the longest prefix winning", () => {
    expect(resolveModule('@/components/Button', 'app/src/main.ts', paths)).toEqual(['app/src/components/Button.tsx']);
    expect(resolveModule('@lib/math', 'app/src/main.ts', paths)).toEqual(['app/src/lib/math.ts']);
  });

  it('`baseUrl` makes a bare specifier a path below it, and `paths` relative to it (an inherited one too)', () => {
    expect(resolveModule('util/dates', 'web/src/main.js', paths)).toEqual(['web/src/util/dates.js']);
    const based = revision(files, { ...manifests, 'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "." } }' });
    expect(resolveModule('@/components/Button', 'app/src/main.ts', based)).toEqual([]);
    expect(
      resolveModule(
        '@/app/src/components/Button',
        'app/src/main.ts',
        revision(files, {
          ...manifests,
          'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "." } }',
          'app/tsconfig.json': '{ "extends": "../tsconfig.base.json", "compilerOptions": { "paths": { "@/*": ["./*"] } } }',
        }),
      ),
    ).toEqual(['app/src/components/Button.tsx']);
  });

  it('a config that is no JSON object is reported, and resolves as absent', () => {
    const broken = revision(files, { ...manifests, 'app/tsconfig.json': '{ "compilerOptions": { "paths": ' });
    expect(resolveModule('@/components/Button', 'app/src/main.ts', broken)).toEqual([]);
    expect([...broken.problems]).toEqual(['app/tsconfig.json is not a JSON object']);
    expect([...paths.problems]).toEqual([]);
  });

  it("the nearest config's own `paths` replace those it extends; a config without `paths` keeps them", () => {
    expect(resolveModule('@shared/log', 'app/src/main.ts', paths)).toEqual([]);
    const inherited = revision(files, {
      ...manifests,
      'app/tsconfig.json': '{ "extends": "../tsconfig.base", "compilerOptions": { "strict": true } }',
    });
    expect(resolveModule('@shared/log', 'app/src/main.ts', inherited)).toEqual(['shared/log.ts']);
  });

  it('a config that does not parse is ignored', () => {
    expect(
      resolveModule('@/components/Button', 'app/src/main.ts', revision(files, { 'app/tsconfig.json': '{ "compilerOptions": ' })),
    ).toEqual([]);
  });
});

describe('package.json imports and workspace packages', () => {
  const files = [
    'packages/core/src/index.ts',
    'packages/core/src/sub/feature.ts',
    'packages/core/src/types/chokidar.d.ts',
    'packages/cli/src/main.ts',
    'packages/plain/index.js',
    'packages/plain/lib/extra.js',
  ];
  const manifests = {
    'package.json': '{ "name": "monorepo", "private": true }',
    'packages/core/package.json': JSON.stringify({
      name: '@acme/core',
      main: './dist/index.js',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './feature': './dist/sub/feature.js' },
      imports: { '#types/*': './src/types/*.d.ts' },
    }),
    'packages/cli/package.json': '{ "name": "acme-cli" }',
    'packages/plain/package.json': '{ "name": "plain", "main": "index.js" }',
  };
  const paths = revision(files, manifests);

  it("`#name` specifiers resolve through the nearest package.json's `imports`", () => {
    expect(resolveModule('#types/chokidar', 'packages/core/src/index.ts', paths)).toEqual(['packages/core/src/types/chokidar.d.ts']);
    expect(resolveModule('#missing', 'packages/core/src/index.ts', paths)).toEqual([]);
  });

  it('a package of the repository is found by its name, its published entry looked for in its sources', () => {
    expect(resolveModule('@acme/core', 'packages/cli/src/main.ts', paths)).toEqual(['packages/core/src/index.ts']);
    expect(resolveModule('@acme/core/feature', 'packages/cli/src/main.ts', paths)).toEqual(['packages/core/src/sub/feature.ts']);
    expect(resolveModule('plain', 'packages/cli/src/main.ts', paths)).toEqual(['packages/plain/index.js']);
    expect(resolveModule('plain/lib/extra', 'packages/cli/src/main.ts', paths)).toEqual(['packages/plain/lib/extra.js']);
    expect(resolveModule('@acme/other', 'packages/cli/src/main.ts', paths)).toEqual([]);
  });
});

describe('what lies outside the repository for sure', () => {
  const paths = revision(['app/src/main.ts', 'packages/core/src/index.ts'], {
    'package.json': JSON.stringify({ name: 'root', devDependencies: { vitest: '^3' } }),
    'app/package.json': JSON.stringify({
      name: 'app',
      dependencies: { react: '^19', '@acme/core': 'workspace:*' },
      peerDependencies: { '@types/node': '*' },
    }),
    'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
  });

  it('runtime modules, URLs and Node built-ins (with or without node:, subpaths too)', () => {
    for (const spec of ['node:fs', 'fs', 'fs/promises', 'path', 'bun:test', 'https://deno.land/x/mod.ts', 'npm:lodash'])
      expect({ spec, external: isExternalModule(spec, 'app/src/main.ts', paths) }).toEqual({ spec, external: true });
  });

  it('packages a package.json above the importer declares, unless the repository holds them', () => {
    expect(isExternalModule('react', 'app/src/main.ts', paths)).toBe(true);
    expect(isExternalModule('react/jsx-runtime', 'app/src/main.ts', paths)).toBe(true);
    expect(isExternalModule('@types/node', 'app/src/main.ts', paths)).toBe(true);
    expect(isExternalModule('vitest', 'app/src/main.ts', paths)).toBe(true);
    expect(isExternalModule('@acme/core', 'app/src/main.ts', paths)).toBe(false);
    expect(isExternalModule('react', 'packages/core/src/index.ts', paths)).toBe(false);
  });

  it('relative paths, aliases and undeclared packages are not known to be outside', () => {
    for (const spec of ['./util', '../x', '#internal', '@/components/Button', 'left-pad', ''])
      expect({ spec, external: isExternalModule(spec, 'app/src/main.ts', paths) }).toEqual({ spec, external: false });
  });
});

describe('JSON with comments', () => {
  it('drops comments and trailing commas, and keeps `//` and `/*` inside strings', () => {
    expect(parseJsonc('{\n  // a\n  "url": "https://x/*y*/", /* b */ "list": [1, 2,],\n}')).toEqual({
      url: 'https://x/*y*/',
      list: [1, 2],
    });
    expect(parseJsonc('{ "a": "quote \\" // not a comment" }')).toEqual({ a: 'quote " // not a comment' });
    expect(parseJsonc('[1]')).toBeNull();
    expect(parseJsonc('{ broken')).toBeNull();
  });
});

describe('the JavaScript family', () => {
  it('claims the extensions of JavaScript, TypeScript and TSX, declaration files included', () => {
    const chooser = new PackChooser([]);
    const idOf = (file: string): string | undefined => chooser.packFor(file)?.id;
    for (const file of ['a.js', 'b.mjs', 'c.cjs', 'd.jsx']) expect({ file, pack: idOf(file) }).toEqual({ file, pack: 'javascript' });
    for (const file of ['a.ts', 'b.mts', 'c.cts', 'types.d.ts']) expect({ file, pack: idOf(file) }).toEqual({ file, pack: 'typescript' });
    expect(idOf('App.tsx')).toBe('tsx');
    expect(new Set(['a.js', 'a.ts', 'a.tsx'].map((f) => chooser.packFor(f)?.family))).toEqual(new Set(['javascript']));
  });
});

describe('the text hint that picks files worth parsing', () => {
  const matches = (name: string, kind: 'callable' | 'type' | 'field' | 'variable', line: string): boolean =>
    ecmaAdapter.definitionHint(name, kind).test(line);

  it('matches every shape that defines a function or method', () => {
    for (const line of [
      'function load(a) {',
      'export default async function load() {',
      'export function* load() {',
      'const load = async (a) => {',
      'exports.load = function (a) {',
      'Store.prototype.load = function load() {',
      '  load(a, b) {',
      '  async load(a) {',
      '  static load<T>(a: T): T {',
      '  @memo() public load(): void {',
      '  load(a: string): void;',
      '  load?(): void;',
      '  load: (a: string) => void;',
      '  load = () => {',
      '  #load() {',
      '  load(',
    ]) {
      const name = line.includes('#load') ? '#load' : 'load';
      expect({ line, matches: matches(name, 'callable', line) }).toEqual({ line, matches: true });
    }
  });

  it('does not match calls, so a file that only calls the function is not parsed for it', () => {
    for (const line of [
      '  load(a);',
      '  load(a)',
      '  return load(a);',
      '  await load(a)',
      '  x.load(a).then(f)',
      '  if (load(a)) {',
      "load('x', () => {",
      "load('x', function () {",
      '  load(a, (b) => {',
    ]) {
      expect({ line, matches: matches('load', 'callable', line) }).toEqual({ line, matches: false });
    }
  });

  it('matches types, fields and variables in their shapes', () => {
    for (const line of [
      'export class Store {',
      'export default class Store extends Base {',
      'interface Store {',
      'export type Store = {',
      'enum Store {',
      'const Store = class {',
      'function Store(config) {',
    ]) {
      expect({ line, matches: matches('Store', 'type', line) }).toEqual({ line, matches: true });
    }
    for (const line of [
      '    this.count = 0;',
      '  count = 0;',
      '  private count: number;',
      '  count?: number',
      '  constructor(private readonly count: number) {}',
      '  count,',
    ]) {
      expect({ line, matches: matches('count', 'field', line) }).toEqual({ line, matches: true });
    }
    for (const line of [
      'const limit = 10;',
      'let a, limit;',
      'const { limit, other } = config;',
      'var [first, limit] = pair;',
      '  limit,',
      '  max: limit,',
      'export const enum limit {',
    ]) {
      expect({ line, matches: matches('limit', 'variable', line) }).toEqual({ line, matches: true });
    }
    expect(matches('count', 'field', '  return this.count === 0;')).toBe(false);
    expect(matches('limit', 'variable', '  use(limit);')).toBe(false);
  });

  it('stays fast on long lines (no backtracking blow-up)', () => {
    expect(matches('load', 'callable', '  load(' + '(a) '.repeat(20_000) + ');')).toBe(false);
    expect(matches('load', 'callable', ' '.repeat(20_000) + '@x '.repeat(20_000))).toBe(false);
    expect(matches('load', 'field', ' '.repeat(20_000) + 'static '.repeat(20_000))).toBe(false);
  });
});

describe('qualified names', () => {
  it('drop type arguments and namespaces; `prototype`, `this` and `exports` qualify nothing', () => {
    expect(ecmaAdapter.lastComponent('ns.Store<T>')).toBe('Store');
    expect(ecmaAdapter.qualifierOf('Store.prototype.load')).toBe('Store');
    expect(ecmaAdapter.qualifierOf('Store.create')).toBe('Store');
    expect(ecmaAdapter.qualifierOf('exports.load')).toBeNull();
    expect(ecmaAdapter.qualifierOf('this.load')).toBeNull();
    expect(ecmaAdapter.qualifierOf('load')).toBeNull();
  });
});
