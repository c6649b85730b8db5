import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

/** Builds a fixture and slices its change with the given algorithms. */
function sliced(base: Record<string, string>, head: Record<string, string>, algorithms: SliceAlgorithm[]) {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(base, head);
    // With the resolution record (the slices are the same either way).
    for (const algorithm of algorithms) results.set(algorithm, await fixture.slice(algorithm, undefined, { explain: true }));
  });
  afterAll(() => fixture.repo.cleanup());
  return {
    at: (algorithm: SliceAlgorithm, file: string, line: number) => sliceAt(results.get(algorithm) as SliceResult, file, line),
    shownFiles: (algorithm: SliceAlgorithm) =>
      new Set((results.get(algorithm)?.slices ?? []).flatMap((s) => s.sections.map((sec) => sec.file))),
  };
}

const PANEL = (label: string): string =>
  [
    "import { Badge } from './Badge';",
    '',
    'export function Panel<T>(props: { items: T[] }) {',
    '  const pick = <U,>(x: U): U => x;',
    '  return (',
    '    <div className="panel">',
    '      {props.items.map((item) => (',
    `        <Badge label={${label}} />`,
    '      ))}',
    '    </div>',
    '  );',
    '}',
    '',
  ].join('\n');

describe('TSX: generic arrow functions are not JSX, and a component is a call', () => {
  const s = sliced(
    {
      'src/Badge.tsx': 'export function Badge({ label }: { label: string }) {\n  return <span>{label}</span>;\n}\n',
      'other/Badge.tsx': 'export function Badge() {\n  return null;\n}\n',
      'src/Panel.tsx': PANEL('String(item)'),
      'src/App.jsx': "import { Panel } from './Panel';\n\nexport function App() {\n  return <Panel items={[]} />;\n}\n",
    },
    {
      'src/Panel.tsx': PANEL('String(pick(item))'),
      'src/App.jsx': "import { Panel } from './Panel';\n\nexport function App() {\n  return <Panel items={[1, 2]} />;\n}\n",
    },
    ['parent-function', 'full-flow'],
  );

  it('parent-function: the closure around the element, with the tags and the function above it', () => {
    expect(linesIn(s.at('parent-function', 'src/Panel.tsx', 8), 'src/Panel.tsx')).toEqual([
      'export function Panel<T>(props: { items: T[] }) {',
      'return (',
      '<div className="panel">',
      '{props.items.map((item) => (',
      '-<Badge label={String(item)} />',
      '+<Badge label={String(pick(item))} />',
      '))}',
    ]);
  });

  it('full-flow: the local generic arrow function called, and the component from the file its import names', () => {
    const slice = s.at('full-flow', 'src/Panel.tsx', 8);
    expect(linesIn(slice, 'src/Panel.tsx')).toContain('const pick = <U,>(x: U): U => x;');
    expect(linesIn(slice, 'src/Badge.tsx')).toEqual([
      'export function Badge({ label }: { label: string }) {',
      'return <span>{label}</span>;',
      '}',
    ]);
    expect(s.shownFiles('full-flow').has('other/Badge.tsx')).toBe(false);
  });

  it('a .jsx file rendering a .tsx component finds it (one family)', () => {
    // The component's body comes whole (it is short), its changed line marked as a change.
    const shown = linesIn(s.at('full-flow', 'src/App.jsx', 4), 'src/Panel.tsx');
    expect(shown.slice(0, 3)).toEqual([
      'export function Panel<T>(props: { items: T[] }) {',
      'const pick = <U,>(x: U): U => x;',
      'return (',
    ]);
    expect(shown).toContain('+<Badge label={String(pick(item))} />');
  });
});

const RENDER = (call: string): string =>
  [
    "const { trim } = require('./helpers');",
    "const helpers = require('./helpers');",
    '',
    'function render(items) {',
    '  const out = [];',
    '  for (const item of items) {',
    `    ${call}`,
    '  }',
    '  return out;',
    '}',
    '',
    'module.exports = render;',
    '',
  ].join('\n');

describe('CommonJS: module.exports = { … } and require()', () => {
  const s = sliced(
    {
      'lib/helpers.js': [
        'function format(value) {',
        '  return String(value);',
        '}',
        '',
        'module.exports = {',
        '  format,',
        '  trim(text) {',
        '    return text.trim();',
        '  },',
        '  pad: (text, n) => text.padStart(n),',
        '};',
        '',
      ].join('\n'),
      'lib/other.js':
        'function trim(text) {\n  return text;\n}\nfunction pad(text) {\n  return text;\n}\nmodule.exports = { trim, pad };\n',
      'lib/render.js': RENDER('out.push(item);'),
    },
    { 'lib/render.js': RENDER('out.push(helpers.pad(trim(item), 4));') },
    ['left-flow', 'full-flow'],
  );

  it('left-flow: the module object required, the local array and the loop variable', () => {
    expect(linesIn(s.at('left-flow', 'lib/render.js', 7), 'lib/render.js')).toEqual([
      "const helpers = require('./helpers');",
      'function render(items) {',
      'const out = [];',
      'for (const item of items) {',
      '-out.push(item);',
      '+out.push(helpers.pad(trim(item), 4));',
    ]);
  });

  it('full-flow: a destructured require and a method of the required module object, from the file required', () => {
    const slice = s.at('full-flow', 'lib/render.js', 7);
    expect(linesIn(slice, 'lib/helpers.js')).toEqual(expect.arrayContaining(['trim(text) {', 'pad: (text, n) => text.padStart(n),']));
    expect(s.shownFiles('full-flow').has('lib/other.js')).toBe(false);
  });
});

describe('default exports, and one family across .js and .ts', () => {
  const s = sliced(
    {
      'src/parse.ts': 'export default function parse(input: string): string[] {\n  return input.split(",");\n}\n',
      'src/count.js': 'export function count(list) {\n  return list.length;\n}\n',
      'src/main.ts':
        "import parse from './parse.js';\nimport { count } from './count';\n\nexport function main(text: string): number {\n  return 0;\n}\n",
      'src/cli.js': "import parse from './parse.js';\n\nexport function cli(argv) {\n  return argv;\n}\n",
    },
    {
      'src/main.ts':
        "import parse from './parse.js';\nimport { count } from './count';\n\nexport function main(text: string): number {\n  return count(parse(text));\n}\n",
      'src/cli.js': "import parse from './parse.js';\n\nexport function cli(argv) {\n  return parse(argv[0]);\n}\n",
    },
    ['full-flow'],
  );

  it('a TypeScript file reaches a default-exported function (`./parse.js` is parse.ts) and a JavaScript one', () => {
    const slice = s.at('full-flow', 'src/main.ts', 5);
    expect(linesIn(slice, 'src/parse.ts')).toEqual([
      'export default function parse(input: string): string[] {',
      'return input.split(",");',
      '}',
    ]);
    expect(linesIn(slice, 'src/count.js')).toEqual(['export function count(list) {', 'return list.length;', '}']);
  });

  it('a JavaScript file reaches a TypeScript one', () => {
    expect(linesIn(s.at('full-flow', 'src/cli.js', 4), 'src/parse.ts')).toEqual([
      'export default function parse(input: string): string[] {',
      'return input.split(",");',
      '}',
    ]);
  });
});

const SERVICE = (body: string): string =>
  [
    "import { Injectable, Log } from './decorators';",
    "import { Repo } from './repo';",
    '',
    '@Injectable()',
    'export class UserService {',
    '  constructor(private readonly repo: Repo) {}',
    '',
    "  @Log('find')",
    '  find(id: string): string | undefined {',
    '    const key = id.trim();',
    `    ${body}`,
    '  }',
    '}',
    '',
  ].join('\n');

describe('decorators, parameter properties and methods through `this`', () => {
  const s = sliced(
    {
      'src/decorators.ts':
        'export function Injectable() {\n  return (target: unknown) => target;\n}\nexport function Log(name: string) {\n  return (target: unknown) => target;\n}\n',
      'src/repo.ts':
        'export class Repo {\n  private data = new Map<string, string>();\n\n  get(key: string): string | undefined {\n    return this.data.get(key);\n  }\n}\n',
      'src/cache.ts': 'export class Cache {\n  get(key: string): string {\n    return key;\n  }\n}\n',
      'src/service.ts': SERVICE('return undefined;'),
    },
    { 'src/service.ts': SERVICE('return this.repo.get(key);') },
    ['parent-function', 'left-flow', 'full-flow'],
  );

  it('parent-function: the decorated method, inside its decorated class', () => {
    const lines = linesIn(s.at('parent-function', 'src/service.ts', 11), 'src/service.ts');
    expect(lines).toEqual(
      expect.arrayContaining([
        'export class UserService {',
        'find(id: string): string | undefined {',
        'const key = id.trim();',
        '+return this.repo.get(key);',
      ]),
    );
  });

  it('left-flow: the field a constructor parameter declares, and the local', () => {
    const lines = linesIn(s.at('left-flow', 'src/service.ts', 11), 'src/service.ts');
    expect(lines).toEqual(expect.arrayContaining(['constructor(private readonly repo: Repo) {}', 'const key = id.trim();']));
  });

  it("full-flow: the method of the field's class from the file imported, not the same-named one elsewhere", () => {
    const slice = s.at('full-flow', 'src/service.ts', 11);
    expect(linesIn(slice, 'src/repo.ts')).toContain('get(key: string): string | undefined {');
    expect(s.shownFiles('full-flow').has('src/cache.ts')).toBe(false);
  });
});

const SPEC = (changed: string): string =>
  [
    "import { load, check } from './api';",
    '',
    "describe('api', () => {",
    "  it('reads one', () => {",
    '    let data = load(1);',
    '    data = data + 1;',
    '  });',
    "  it('reads two', () => {",
    '    let data = load(2);',
    `    ${changed}`,
    '  });',
    "  it('reads three', () => {",
    '    const data = load(3);',
    '    check(data);',
    '  });',
    '});',
    '',
  ].join('\n');

describe('closures with variables of the same name (describe/it, callbacks)', () => {
  const s = sliced(
    {
      'src/api.js': 'export function load(n) {\n  return n;\n}\nexport function check(v) {\n  return v;\n}\n',
      'src/api.spec.js': SPEC('check(data);'),
    },
    { 'src/api.spec.js': SPEC('data = check(data);') },
    ['left-flow', 'full-flow'],
  );

  it("left-flow: the writes of the closure's own variable, not those of a sibling closure's", () => {
    const lines = linesIn(s.at('left-flow', 'src/api.spec.js', 10), 'src/api.spec.js');
    expect(lines).toContain('let data = load(2);');
    expect(lines).not.toContain('let data = load(1);');
    expect(lines).not.toContain('data = data + 1;');
  });

  it("full-flow: no later use of a sibling closure's variable", () => {
    const lines = linesIn(s.at('full-flow', 'src/api.spec.js', 10), 'src/api.spec.js');
    expect(lines).not.toContain('const data = load(3);');
    expect(lines.filter((l) => l === 'check(data);')).toEqual([]);
  });
});

const START = (call: string): string =>
  [
    "import { createServer } from './server';",
    '',
    'export function start(port) {',
    '  const server = createServer();',
    `  ${call}`,
    '  return server;',
    '',
    '  function describe(p) {',
    '    return `port ${p}`;',
    '  }',
    '}',
    '',
  ].join('\n');

describe('factories and nested functions', () => {
  const s = sliced(
    {
      'src/server.js': [
        'export function createServer() {',
        '  const instance = {',
        '    listen(port) {',
        '      return port;',
        '    },',
        '  };',
        '  instance.close = function close() {',
        '    return true;',
        '  };',
        '  return instance;',
        '}',
        '',
      ].join('\n'),
      'src/format.js': 'export function describe(p) {\n  return p;\n}\n',
      'src/start.js': START('server.listen(port);'),
    },
    { 'src/start.js': START('server.listen(describe(port)) && server.close();') },
    ['full-flow'],
  );

  it('a function declared below its call in the same function (hoisted) is the one called, not a same-named one elsewhere', () => {
    const slice = s.at('full-flow', 'src/start.js', 5);
    expect(linesIn(slice, 'src/start.js')).toContain('function describe(p) {');
    expect(s.shownFiles('full-flow').has('src/format.js')).toBe(false);
  });

  it('the methods of what a factory returns are not guessed: JavaScript declares no result type', () => {
    const slice = s.at('full-flow', 'src/start.js', 5);
    expect(s.shownFiles('full-flow').has('src/server.js')).toBe(false);
    expect(slice.resolutions?.filter((r) => r.name === 'listen' || r.name === 'close') ?? []).toEqual([]);
  });
});

const MAIN = (body: string): string =>
  [
    "import * as b from './b';",
    "import * as a from './a';",
    "import assert from 'node:assert';",
    "import { debounce } from 'lodash';",
    '',
    'export function main(x: number): number {',
    `  ${body}`,
    '  return x;',
    '}',
    '',
  ].join('\n');

describe('what an import binds decides the definition', () => {
  const s = sliced(
    {
      'package.json': '{ "name": "app", "dependencies": { "lodash": "^4.17.21" } }',
      'src/a.ts': 'export function run(x: number): number {\n  return x;\n}\n',
      'src/b.ts': 'export function run(x: number): number {\n  return -x;\n}\nexport function other(): void {}\n',
      'src/util.ts':
        'export function debounce(f: () => void): () => void {\n  return f;\n}\nexport function assert(v: unknown): void {\n  if (!v) throw new Error("no");\n}\n',
      'src/main.ts': MAIN('b.other();'),
    },
    { 'src/main.ts': MAIN('assert(a.run(x) > 0, debounce(b.other));') },
    ['left-flow', 'full-flow'],
  );

  it("a call through a namespace import means that module's function, not a same-named one of another module the file imports", () => {
    const slice = s.at('full-flow', 'src/main.ts', 7);
    expect(linesIn(slice, 'src/a.ts')).toEqual(['export function run(x: number): number {', 'return x;', '}']);
    expect(linesIn(slice, 'src/b.ts')).not.toContain('export function run(x: number): number {');
  });

  it('names bound to a built-in module or a declared dependency are not searched for in the repository', () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const)
      expect({ algorithm, shown: s.shownFiles(algorithm).has('src/util.ts') }).toEqual({ algorithm, shown: false });
  });
});

const RESOLVE = (type: string): string =>
  [
    "import type { WatchOptions } from './types';",
    '',
    'export function resolveOptions(',
    `  options: ${type},`,
    '  cacheDir: string,',
    '): WatchOptions {',
    '  return { ...options, cacheDir };',
    '}',
    '',
  ].join('\n');

describe('a changed parameter of an exported function', () => {
  const s = sliced(
    {
      'src/types.ts':
        'export interface WatchOptions {\n  cacheDir?: string;\n}\nexport type ServerOptions = WatchOptions & { port: number };\n',
      'src/defaults.ts': 'export const options = { cacheDir: "x" };\nexport const cacheDir = ".cache";\n',
      'src/resolve.ts': RESOLVE('WatchOptions'),
    },
    { 'src/resolve.ts': RESOLVE('WatchOptions | undefined') },
    ['left-flow', 'full-flow'],
  );

  it('is a parameter of that function (its header line starts with `export`), not a variable of another file', () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const)
      expect({ algorithm, shown: s.shownFiles(algorithm).has('src/defaults.ts') }).toEqual({ algorithm, shown: false });
  });

  it('full-flow: the types it names', () => {
    expect(linesIn(s.at('full-flow', 'src/resolve.ts', 4), 'src/types.ts')).toContain('export interface WatchOptions {');
  });
});

// express: `var express = require('..')` in a test, index.js `module.exports = require('./lib/express')`,
// lib/express.js `exports = module.exports = createApplication` above `function createApplication`.
describe("a module's default export: `require()` and `import x from` mean it, whatever its local name", () => {
  const TEST = (call: string): string =>
    [
      "var express = require('..');",
      "import make from '../lib/make.js';",
      "var request = require('supertest');",
      'var basename = require("node:path").basename;',
      "var etags = require('../lib/etag');",
      "import client from '../lib/client.js';",
      '',
      'function serve() {',
      `  ${call}`,
      '}',
      '',
      'function other() {',
      '  var send = 1;',
      '  return send;',
      '}',
      '',
    ].join('\n');
  const s = sliced(
    {
      'index.js': "'use strict';\n\nmodule.exports = require('./lib/express');\n",
      'lib/express.js': [
        "var mixin = require('merge-descriptors');",
        '',
        'exports = module.exports = createApplication;',
        '',
        'function createApplication() {',
        '  var app = {};',
        '  return app;',
        '}',
        '',
        'function express() {',
        '  return null;',
        '}',
        '',
      ].join('\n'),
      'lib/make.js': 'function build(n) {\n  return n * 2;\n}\n\nexport default build;\n',
      'lib/etag.js': "var make = require('etag');\n\nexports.wetag = make({ weak: true });\n",
      'lib/client.js': 'function create() {\n  return () => 1;\n}\n\nconst client = create();\n\nexport default client;\n',
      'test/app.js': TEST('return 1;'),
    },
    { 'test/app.js': TEST('return send(request(make(express()), basename("a")), etags.wetag(client()));') },
    ['full-flow'],
  );

  it('full-flow: the function module.exports names, through a module that re-exports it, with its body', () => {
    const slice = s.at('full-flow', 'test/app.js', 9);
    expect(linesIn(slice, 'lib/express.js')).toEqual(['function createApplication() {', 'var app = {};', 'return app;', '}']);
    expect(linesIn(slice, 'lib/make.js')).toEqual(['function build(n) {', 'return n * 2;', '}']);
  });

  it("full-flow: a package's function called through the file's own variable shows that variable, and no other function's local", () => {
    const lines = linesIn(s.at('full-flow', 'test/app.js', 9), 'test/app.js');
    expect(lines).toEqual(expect.arrayContaining(["var request = require('supertest');", 'var basename = require("node:path").basename;']));
    expect(lines).not.toContain('var send = 1;');
  });

  it('full-flow: what a call made, exported (`exports.wetag = make(…)`, `export default client`) and called by an importer', () => {
    const slice = s.at('full-flow', 'test/app.js', 9);
    expect(linesIn(slice, 'lib/etag.js')).toEqual(['exports.wetag = make({ weak: true });']);
    expect(linesIn(slice, 'lib/client.js')).toEqual(['const client = create();']);
  });
});

// Issue 33's express example: `this.set(…)` inside `res.send` is `res.set` (an alias in a chain of assignments), not `app.set`.
describe('`this` inside a function assigned to an object is that object, whose aliased methods are found', () => {
  const RES = (line: string): string =>
    [
      "var http = require('node:http');",
      'var res = Object.create(http.ServerResponse.prototype);',
      'module.exports = res;',
      '',
      'res.send = function send(body) {',
      '  var chunk = body;',
      `  ${line}`,
      '  return this;',
      '};',
      '',
      'res.set =',
      'res.header = function header(field, val) {',
      '  this.setHeader(field, val);',
      '  return this;',
      '};',
      '',
    ].join('\n');
  const s = sliced(
    {
      'lib/response.js': RES('return chunk;'),
      'lib/application.js': 'var app = exports = module.exports = {};\n\napp.set = function set(setting, val) {\n  return this;\n};\n',
    },
    { 'lib/response.js': RES("this.set('Content-Type', 'text/html');") },
    ['full-flow'],
  );

  it('full-flow: res.set with its body, and nothing of app.set', () => {
    const slice = s.at('full-flow', 'lib/response.js', 7);
    expect(linesIn(slice, 'lib/response.js')).toEqual(
      expect.arrayContaining(['res.set =', 'res.header = function header(field, val) {', 'this.setHeader(field, val);']),
    );
    expect(s.shownFiles('full-flow').has('lib/application.js')).toBe(false);
  });
});

// ky: `import ky from '../source/index.js'`, where `const ky = createInstance()` and createInstance
// declares its result (`(…): KyInstance => …`): `ky.get()` is KyInstance's get.
describe("a default import of a variable a call initializes has the call's declared result type", () => {
  const TEST = (call: string): string =>
    ["import ky from '../source/index.js';", '', 'export function run() {', `  ${call}`, '}', ''].join('\n');
  const s = sliced(
    {
      'source/types/ky.ts':
        'export type KyInstance = {\n  get: (url: string) => ResponsePromise<string>;\n  create: (n: number) => KyInstance;\n};\n\nexport type ResponsePromise<T> = {\n  text: () => Promise<T>;\n};\n',
      'source/other.ts': 'export class Cache {\n  get(url: string): string {\n    return url;\n  }\n}\n',
      'source/index.ts': [
        "import type {KyInstance} from './types/ky.js';",
        '',
        'const createInstance = (defaults?: number): KyInstance => {',
        '  return {get: (url: string) => url, create: (n: number) => createInstance(n)};',
        '};',
        '',
        'const ky = createInstance();',
        '',
        'export default ky;',
        '',
      ].join('\n'),
      'test/run.ts': TEST('return 1;'),
    },
    { 'test/run.ts': TEST("return ky.get('x').text();") },
    ['full-flow'],
  );

  it("full-flow: the type's member, not a same-named method of another class, and a member of what that member returns", () => {
    const slice = s.at('full-flow', 'test/run.ts', 4);
    expect(linesIn(slice, 'source/types/ky.ts')).toEqual(
      expect.arrayContaining(['get: (url: string) => ResponsePromise<string>;', 'text: () => Promise<T>;']),
    );
    expect(s.shownFiles('full-flow').has('source/other.ts')).toBe(false);
  });
});

describe('a bare name in a class or interface body is no member of it: members are reached through `this` or the object', () => {
  const TYPES = (more: string[]): string =>
    [
      'export declare class Axios {',
      '  request(): void;',
      '}',
      'export declare function isCancel(value: unknown): boolean;',
      'export interface AxiosStatic {',
      '  create(): void;',
      ...more,
      '}',
      'export class Options {',
      '  isCancel = false;',
      ...more.map((m) => m.replace(/: typeof (\w+);/, ' = $1;').replace(/^ {2}(\w+)/, '  own$1')),
      '}',
      '',
    ].join('\n');
  const s = sliced(
    { 'src/index.d.ts': TYPES([]) },
    { 'src/index.d.ts': TYPES(['  Axios: typeof Axios;', '  isCancel: typeof isCancel;']) },
    ['left-flow', 'full-flow'],
  );

  it.each(['left-flow', 'full-flow'] as const)(
    '%s: `Axios: typeof Axios` and `ownisCancel = isCancel` show no property of the type around them',
    (algorithm) => {
      for (const line of [7, 8, 12, 13]) {
        const members = (s.at(algorithm, 'src/index.d.ts', line).resolutions ?? []).flatMap((r) =>
          r.definitions
            .filter((d) => d.container === 'AxiosStatic' || d.container === 'Options')
            .map((d) => `${r.name}@${r.use.line} -> ${d.startLine}`),
        );
        expect(members).toEqual([]);
      }
    },
  );

  it.each(['left-flow', 'full-flow'] as const)(
    '%s: a function or class read as a value is that function or class in scope',
    (algorithm) => {
      const shown = (line: number, name: string): string[] =>
        (s.at(algorithm, 'src/index.d.ts', line).resolutions ?? [])
          .filter((r) => r.name === name && r.use.line === line)
          .flatMap((r) => r.definitions.map((d) => `${d.kind} ${d.startLine}`));
      expect(shown(7, 'Axios')).toEqual(['type 1']);
      expect(shown(8, 'isCancel')).toEqual(['function 4']);
      expect(shown(13, 'isCancel')).toEqual(['function 4']);
    },
  );
});

describe('the names a module exports are read: `export { A } from` shows what A is where it comes from', () => {
  const CTS = [
    'interface AddressFamily {',
    '  v: 4 | 6;',
    '}',
    'declare class Axios {',
    '  request(): void;',
    '}',
    'declare function isCancel(value: unknown): boolean;',
    'export { AddressFamily, Axios, isCancel };',
    '',
  ].join('\n');
  const s = sliced(
    {
      'index.d.cts': CTS,
      'index.d.ts': 'export interface AddressFamily {\n  v: 4 | 6;\n}\n',
      'local.ts': 'const x = 1;\nfunction y() {}\nexport { x };\n',
    },
    {
      // axios c71811b00f: the ES types re-export the CommonJS ones (`./index.cjs` is `index.d.cts` to the compiler)
      'index.d.ts': "export {\n  AddressFamily,\n  Axios as Client,\n  isCancel,\n} from './index.cjs';\n",
      'local.ts': 'const x = 1;\nfunction y() {}\nexport { x, y };\n',
    },
    ['left-flow', 'full-flow'],
  );
  const shown = (algorithm: SliceAlgorithm, file: string, line: number): string[] =>
    (s.at(algorithm, file, line).resolutions ?? []).flatMap((r) =>
      r.definitions.map((d) => `${r.name}@${r.use.line} ${d.file}:${d.startLine}`),
    );

  it.each(['left-flow', 'full-flow'] as const)('%s: re-exported names, and none for the name an alias renames', (algorithm) => {
    expect(shown(algorithm, 'index.d.ts', 2)).toEqual(['AddressFamily@2 index.d.cts:1', 'isCancel@4 index.d.cts:7']);
  });

  it.each(['left-flow', 'full-flow'] as const)("%s: the module's own exported names", (algorithm) => {
    expect(shown(algorithm, 'local.ts', 3)).toEqual(['x@3 local.ts:1', 'y@3 local.ts:2']);
  });
});

describe('a named import through re-exports and a namespace re-exported by name (zod: `import { z } from "zod/v4"`, `z.string()`)', () => {
  const TEST = (call: string): string => `import { z } from './v4/index';\n\nexport function check() {\n  return ${call};\n}\n`;
  const s = sliced(
    {
      'src/v4/index.ts': "export * from './classic/index';\n",
      'src/v4/classic/index.ts': "import * as z from './external';\n\nexport * from './external';\nexport { z };\n",
      'src/v4/classic/external.ts': "export * from './schemas';\n\nexport interface ZodType {\n  default(value: unknown): ZodType;\n}\n",
      'src/v4/classic/schemas.ts': 'export function string(): string {\n  return "s";\n}\n',
      'src/string.ts': 'export function string(): number {\n  return 1;\n}\n',
      'src/check.ts': TEST('z'),
    },
    { 'src/check.ts': TEST('z.string()') },
    ['full-flow'],
  );
  const shown = (name: string): string[] =>
    (s.at('full-flow', 'src/check.ts', 4).resolutions ?? [])
      .filter((r) => r.name === name)
      .flatMap((r) => r.definitions.map((d) => `${d.file}:${d.startLine}`));

  it('`z` of a named import is no default export: no member named `default` is shown for it', () => {
    expect(shown('z')).toEqual([]);
  });

  it('the function reached through three re-exports is the one called', () => {
    expect(shown('string')).toEqual(['src/v4/classic/schemas.ts:1']);
  });
});

describe('many names called through one module: the files every search reaches count once', () => {
  const NAMES = ['boolean', 'number', 'array', 'union', 'tuple', 'string'];
  const TEST = (calls: string[]): string =>
    `import * as z from './zod/index';\n\nexport function check() {\n  return [${calls.join(', ')}];\n}\n`;
  const s = sliced(
    {
      'src/zod/index.ts': "export * from './external';\n",
      'src/zod/external.ts': "export * from './schemas';\n",
      'src/zod/schemas.ts': NAMES.map((n) => `export function ${n}(): string {\n  return '${n}';\n}\n`).join(''),
      'src/check.ts': TEST([]),
    },
    { 'src/check.ts': TEST(NAMES.map((n) => `z.${n}()`)) },
    ['full-flow'],
  );

  it('full-flow: each of six functions behind two re-exports', () => {
    const shown = (s.at('full-flow', 'src/check.ts', 4).resolutions ?? []).flatMap((r) =>
      r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`),
    );
    expect(shown).toEqual(NAMES.map((n, i) => `${n} src/zod/schemas.ts:${1 + 3 * i}`));
  });
});

describe("a default import is what the module exports as its default, never a member named `default` (zod's `import z from 'zod/v4'`)", () => {
  const TEST = (call: string): string => `import z from './v4';\n\nexport function check() {\n  return ${call};\n}\n`;
  const s = sliced(
    {
      'src/v4.ts': "import * as z4 from './schemas';\n\nexport * from './schemas';\nexport { z4 as default };\n",
      'src/schemas.ts':
        'export interface ZodType {\n  default(value: unknown): ZodType;\n}\n\nexport function string(): string {\n  return "s";\n}\n',
      'src/check.ts': TEST('z'),
    },
    { 'src/check.ts': TEST('z.string()') },
    ['left-flow', 'full-flow'],
  );

  it.each(['left-flow', 'full-flow'] as const)('%s: no `default()` method is shown for `z`', (algorithm) => {
    const shown = (s.at(algorithm, 'src/check.ts', 4).resolutions ?? []).flatMap((r) =>
      r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`),
    );
    expect(shown.filter((d) => d.startsWith('z '))).toEqual([]);
  });
});

describe("a function a module exports, not a same-named method of an object literal in the module (zod's `z.date()`)", () => {
  const SCHEMAS = [
    'export function install(inst) {',
    '  Object.assign(inst, {',
    '    date(params) {',
    '      return params;',
    '    },',
    '  });',
    '}',
    '',
    'export function date(params) {',
    '  return params;',
    '}',
    '',
  ].join('\n');
  const TEST = (call: string): string => `import * as z from './schemas';\n\nexport function check() {\n  return ${call};\n}\n`;
  const s = sliced({ 'src/schemas.js': SCHEMAS, 'src/check.js': TEST('z') }, { 'src/check.js': TEST('z.date()') }, ['full-flow']);

  it('full-flow: only the exported function', () => {
    const shown = (s.at('full-flow', 'src/check.js', 4).resolutions ?? []).flatMap((r) =>
      r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`),
    );
    expect(shown).toEqual(['date src/schemas.js:9']);
  });
});

describe('a namespace import binds the module itself (`import * as z`): `z` is defined nowhere, and `z.f()` is what the module exports', () => {
  const SCHEMAS = [
    'export function methods() {',
    '  return {',
    '    default(d: unknown) {',
    '      return d;',
    '    },',
    '    parse: (self: unknown) => self,',
    '  };',
    '}',
    '',
    'export function string(): string {',
    '  return "s";',
    '}',
    '',
  ].join('\n');
  const TEST = (call: string): string => `import * as z from './index';\n\nexport function check() {\n  return ${call};\n}\n`;
  const s = sliced(
    {
      // `parse` is exported by name five modules down, past `export *` of the module whose object literal has a `parse` entry.
      'src/index.ts': "export * from './schemas';\nexport { parse } from './l1';\n",
      'src/schemas.ts': SCHEMAS,
      'src/l1.ts': "export { parse } from './l2';\n",
      'src/l2.ts': "export { parse } from './l3';\n",
      'src/l3.ts': "export * from './other';\nexport { parse } from './l4';\n",
      'src/other.ts': 'export const parse = 0;\n',
      'src/l4.ts': 'export const parse: (data: unknown) => unknown = make();\n\nfunction make() {\n  return (data: unknown) => data;\n}\n',
      'src/check.ts': TEST('z'),
    },
    { 'src/check.ts': TEST('[z, z.string(), z.parse(1)]') },
    ['left-flow', 'full-flow'],
  );
  const shown = (algorithm: SliceAlgorithm): string[] =>
    (s.at(algorithm, 'src/check.ts', 4).resolutions ?? []).flatMap((r) => r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`));

  it.each(['left-flow', 'full-flow'] as const)('%s: nothing is shown for `z` (no `default(d)` of an object literal)', (algorithm) => {
    expect(shown(algorithm).filter((d) => d.startsWith('z '))).toEqual([]);
  });

  it('full-flow: the variable the module exports by name is what `z.parse()` calls, through five named re-exports', () => {
    expect(shown('full-flow').filter((d) => !d.startsWith('z '))).toEqual(['string src/schemas.ts:10', 'parse src/l4.ts:1']);
  });
});

describe('a name a module exports under another (`export { _undefined as undefined }`, `export { _props as properties } from`) is that declaration', () => {
  const TEST = (call: string): string => `import * as z from './index';\n\nexport function check() {\n  return ${call};\n}\n`;
  const s = sliced(
    {
      'src/index.ts': "export * from './schemas';\nexport { _props as properties } from './api';\n",
      'src/schemas.ts': 'function _undefined(): undefined {\n  return undefined;\n}\n\nexport { _undefined as undefined };\n',
      'src/api.ts': 'export function properties(): number {\n  return 0;\n}\n\nexport function _props(): number {\n  return 1;\n}\n',
      'src/check.ts': TEST('z'),
    },
    { 'src/check.ts': TEST('[z.undefined(), z.properties()]') },
    ['full-flow'],
  );

  it('full-flow: the functions behind the aliases, with their bodies', () => {
    const slice = s.at('full-flow', 'src/check.ts', 4);
    const shown = (slice.resolutions ?? []).flatMap((r) => r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`));
    expect(shown).toEqual(['undefined src/schemas.ts:1', 'properties src/api.ts:5']);
    expect(linesIn(slice, 'src/api.ts')).toEqual(['export function _props(): number {', 'return 1;', '}']);
  });
});

describe('a name imported from a barrel of many `export *`: the modules holding the name are read first', () => {
  const FILLERS = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`src/m${i}.ts`, `export const v${i} = ${i};\n`]));
  const TEST = (call: string): string => `import { compile } from './index';\n\nexport function check() {\n  return ${call};\n}\n`;
  const s = sliced(
    {
      ...FILLERS,
      'src/index.ts': [...Object.keys(FILLERS).map((f) => `export * from './${f.slice(4, -3)}';`), "export * from './compile';", ''].join(
        '\n',
      ),
      'src/compile.ts': 'export function compile<T>(schema: T): T {\n  return schema;\n}\n',
      'src/check.ts': TEST('0'),
    },
    { 'src/check.ts': TEST('compile(1)') },
    ['full-flow'],
  );

  it("full-flow: the module's function, past twelve modules that do not hold it", () => {
    const shown = (s.at('full-flow', 'src/check.ts', 4).resolutions ?? []).flatMap((r) =>
      r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`),
    );
    expect(shown).toEqual(['compile src/compile.ts:1']);
  });
});

describe("a type alias's members are those of the types it names (`type BaseSchema = JSONSchema`, `type Result = Ok | Err`)", () => {
  const TYPES = [
    'export type JSONSchema = {',
    '  anyOf?: JSONSchema[];',
    '};',
    'export type BaseSchema = JSONSchema;',
    'export type Ok = { success: true; data: number };',
    'export type Err = { success: false; error: string };',
    'export type Result = Ok | Err;',
    'export type Other = { success: boolean; anyOf: number };',
    '',
  ].join('\n');
  const USE = (expr: string): string =>
    `import type { BaseSchema, Result } from './types';\n\nexport function check(schema: BaseSchema, result: Result) {\n  return ${expr};\n}\n`;
  const s = sliced({ 'src/types.ts': TYPES, 'src/check.ts': USE('0') }, { 'src/check.ts': USE('[schema.anyOf, result.success]') }, [
    'left-flow',
    'full-flow',
  ]);

  it.each(['left-flow', 'full-flow'] as const)('%s: the members of the named types, none of another type', (algorithm) => {
    const shown = (s.at(algorithm, 'src/check.ts', 4).resolutions ?? [])
      .filter((r) => r.name === 'anyOf' || r.name === 'success')
      .flatMap((r) => r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`))
      .sort();
    expect(shown).toEqual(['anyOf src/types.ts:2', 'success src/types.ts:5', 'success src/types.ts:6']);
  });
});

/** Two interfaces with a method `run` each: what a value of the first calls is the first's, never the other's (src/types.ts:2). */
const RUNNERS = [
  'export interface Schema {',
  '  run(value: unknown): number;',
  '}',
  'export interface Other {',
  '  run(value: unknown): string;',
  '}',
];

/** The definitions shown for `run` on a line, as `run file:line`. */
function runsShown(s: ReturnType<typeof sliced>, file: string, line: number): string[] {
  return (s.at('full-flow', file, line).resolutions ?? [])
    .filter((r) => r.name === 'run')
    .flatMap((r) => r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`));
}

describe('a parameter typed by a type parameter is of its constraint (`<T extends Schema>(schema: T)`)', () => {
  const TYPES = [...RUNNERS, ''].join('\n');
  const USE = (expr: string): string =>
    [
      "import type { Schema } from './types';",
      '',
      'export function check<T extends Schema>(schema: T, value: unknown) {',
      `  return ${expr};`,
      '}',
      '',
      'export const call = <S extends Schema>(value: unknown, schema: S) => {',
      `  return ${expr};`,
      '};',
      '',
    ].join('\n');
  const s = sliced({ 'src/types.ts': TYPES, 'src/check.ts': USE('0') }, { 'src/check.ts': USE('schema.run(value)') }, ['full-flow']);

  it.each([4, 8])('full-flow: the method of the constraint, not of another type (line %d)', (line) => {
    expect(runsShown(s, 'src/check.ts', line)).toEqual(['run src/types.ts:2']);
  });
});

describe("a parameter that declares no type has the type its function's variable declares for it (`const fn: Parse = (schema, value) => …`)", () => {
  const TYPES = [
    ...RUNNERS,
    'export type Parse = <T extends Schema>(',
    '  value: unknown,',
    '  schema: T',
    ') => number;',
    'export type Untyped = (value: unknown, schema: any) => number;',
    '',
  ].join('\n');
  const USE = (expr: string): string =>
    [
      "import type { Parse, Untyped } from './types';",
      '',
      'export const parse: Parse = (value, schema) => {',
      `  return ${expr};`,
      '};',
      '',
      'export const loose: Untyped = (value, schema) => {',
      `  return ${expr};`,
      '};',
      '',
    ].join('\n');
  const s = sliced({ 'src/types.ts': TYPES, 'src/parse.ts': USE('0') }, { 'src/parse.ts': USE('schema.run(value)') }, ['full-flow']);

  it("full-flow: the method of the parameter's type at the same position (a type parameter's constraint)", () => {
    expect(runsShown(s, 'src/parse.ts', 4)).toEqual(['run src/types.ts:2']);
  });

  it('full-flow: nothing where the declared function type names no type for it', () => {
    expect(runsShown(s, 'src/parse.ts', 8)).toEqual([]);
  });
});

describe("a field typed by a type parameter of its interface is of the parameter's constraint (`interface Box<I extends Schema = Schema> { inner: I }`)", () => {
  const TYPES = [...RUNNERS, 'export interface Box<O = unknown, I extends Schema = Schema> {', '  inner: I;', '  out: O;', '}', ''].join(
    '\n',
  );
  const USE = (expr: string): string =>
    ["import type { Box } from './types';", '', 'export function check(box: Box) {', `  return ${expr};`, '}', ''].join('\n');
  const s = sliced({ 'src/types.ts': TYPES, 'src/check.ts': USE('0') }, { 'src/check.ts': USE('box.inner.run(box.out)') }, ['full-flow']);

  it("full-flow: the constraint's method, not another type's", () => {
    expect(runsShown(s, 'src/check.ts', 4)).toEqual(['run src/types.ts:2']);
  });
});

describe("a callback's first parameter has the type the called function declares for it, bound by the variable's declared type (`const X: core.Box<A> = core.box('…', (inst) => …)`)", () => {
  const CORE = [
    'export interface Box<T> {',
    '  value: T;',
    '}',
    'export function box<T extends object, D = unknown>(',
    '  name: string,',
    '  init: (inst: T, def: D) => void,',
    '): Box<T> {',
    '  return { value: {} as T };',
    '}',
    'export function each<T>(name: string, init: (inst: T) => void): void {}',
    '',
  ].join('\n');
  const USE = (expr: string): string =>
    [
      "import * as core from './core';",
      "import type { Schema, Other } from './types';",
      '',
      'export const A: core.Box<Schema> = core.box("A", (inst, def) => {',
      `  ${expr.replace('X', 'inst')};`,
      '});',
      'export const B: core.Box<Other> = core.box("B", (inst) => {',
      `  ${expr.replace('X', 'inst')};`,
      '});',
      'export const C = core.box("C", (inst) => {',
      `  ${expr.replace('X', 'inst')};`,
      '});',
      'export const D: core.Box<Schema> = core.each("D", (inst) => {',
      `  ${expr.replace('X', 'inst')};`,
      '});',
      '',
    ].join('\n');
  const base = { 'src/types.ts': [...RUNNERS, ''].join('\n'), 'src/core.ts': CORE, 'src/checks.ts': USE('void X') };
  const s = sliced(base, { 'src/checks.ts': USE('X.run(0)') }, ['full-flow']);

  it.each([
    [5, 'run src/types.ts:2'],
    [8, 'run src/types.ts:5'],
  ])("full-flow: line %d's method is the one of the type the variable's declared type binds", (line, shown) => {
    expect(runsShown(s, 'src/checks.ts', line)).toEqual([shown]);
  });

  it.each([11, 14])('full-flow: nothing where no declared type binds it, or the callee returns no type naming it (line %d)', (line) => {
    expect(runsShown(s, 'src/checks.ts', line)).toEqual([]);
  });
});

describe("a chain of calls is followed by each call's declared result type (`z.string().max(5).safeParse(x).success`, `this` being the type called on)", () => {
  const RESULT = [
    "import type { Failure } from './failure';",
    '',
    'export type Result = Ok | Fail;',
    'export type Ok = { success: true; error?: never };',
    'export type Fail = { success: false; error: Failure };',
    '',
  ].join('\n');
  const SCHEMA = [
    "import * as result from './result';",
    '',
    'export interface Base {',
    '  check(n: number): this;',
    '  parse(x: unknown): result.Result;',
    '  optional(): Optional<this>;',
    '}',
    'export interface Str extends Base {',
    '  max(n: number): this;',
    '}',
    'export interface Optional<T> extends Base {',
    '  inner: T;',
    '}',
    'export function str(): Str {',
    '  return {} as Str;',
    '}',
    'export type Parse = (x: unknown) => result.Result;',
    'export const parseWith: Parse = (x) => ({ success: true });',
    '',
  ].join('\n');
  const USE = (first: string, second: string, third: string, fourth: string): string =>
    [
      "import * as s from './schema';",
      '',
      'export function run(x: unknown) {',
      '  const r = s.str().optional().check(1).parse(x);',
      `  const a = ${first};`,
      `  const b = ${second};`,
      '  const n: any = s.str();',
      `  const c = ${third};`,
      `  const d = ${fourth};`,
      '  return [a, b, c, d];',
      '}',
      '',
    ].join('\n');
  const base = {
    'src/result.ts': RESULT,
    'src/failure.ts': 'export interface Failure {\n  issues: string[];\n}\n',
    'src/old/failure.ts': 'export class Failure {\n  issues: number[] = [];\n}\n',
    'src/old/schema.ts': 'export interface Str {\n  max(n: number): Str;\n  parse(x: unknown): number;\n}\n',
    'src/schema.ts': SCHEMA,
    'src/use.ts': USE('0', '0', '0', '0'),
  };
  const s = sliced(
    base,
    {
      'src/use.ts': USE('s.str().max(5).parse(x).success', 'r.error!.issues', 'n.max(5).parse(x).success', 's.parseWith(x).error!.issues'),
    },
    ['full-flow'],
  );

  /** The definitions shown for the names on a line, as `name file:line`. */
  const shown = (line: number, names: readonly string[]): string[] =>
    (s.at('full-flow', 'src/use.ts', line).resolutions ?? [])
      .filter((r) => names.includes(r.name))
      .flatMap((r) => r.definitions.map((d) => `${r.name} ${d.file}:${d.startLine}`))
      .sort();

  it("full-flow: the method of the type a `this`-returning call is made on, and the field of the last call's result type", () => {
    expect(shown(5, ['max', 'parse', 'success'])).toEqual([
      'max src/schema.ts:9',
      'parse src/schema.ts:5',
      'success src/result.ts:4',
      'success src/result.ts:5',
    ]);
  });

  it('full-flow: through a variable a chain initializes, the type its field names where the field is declared, not a same-named one', () => {
    expect(shown(6, ['error', 'issues'])).toEqual(['error src/result.ts:4', 'error src/result.ts:5', 'issues src/failure.ts:2']);
  });

  it('full-flow: nothing through a variable declared `any`, whatever initializes it', () => {
    expect(shown(8, ['max', 'parse', 'success'])).toEqual([]);
  });

  it("full-flow: a module's variable called is of the result type its declared function type names", () => {
    expect(shown(9, ['error', 'issues'])).toEqual(['error src/result.ts:4', 'error src/result.ts:5', 'issues src/failure.ts:2']);
  });
});
