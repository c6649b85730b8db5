import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import { goPack } from '../../src/slicing/languages/go/pack.js';
import { RevisionPaths } from '../../src/slicing/path-set.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

/** Go's traps: pointer and value receivers, a package spread over files, nested modules, renamed and dot imports, the standard library. */
const SERVER = (changed: string): string =>
  [
    'package server',
    '',
    'import (',
    '\t"encoding/json"',
    '\t"strings"',
    '',
    '\tu "example.com/app/internal/util"',
    '\t. "example.com/app/dsl"',
    ')',
    '',
    'func (s *Server) Handle(data []byte, name string) error {',
    '\tvar cfg Config',
    '\tjson.Unmarshal(data, &cfg)',
    '\tcount, ok := s.lookup(name)',
    '\tcount++',
    '\tgo func() {',
    `\t\t${changed}`,
    '\t}()',
    '\treturn nil',
    '}',
    '',
  ].join('\n');

const BASE: Record<string, string> = {
  'go.mod': 'module example.com/app\n\ngo 1.22\n',
  'server/types.go': [
    'package server',
    '',
    'var retries = 5',
    '',
    'const (',
    '\tMaxRetries = 3',
    '\tMinRetries = 1',
    ')',
    '',
    'type Config struct {',
    '\tLimit int',
    '}',
    '',
    'type Server struct {',
    '\tretries int',
    '\tname    string',
    '}',
    '',
    '// lookup is on a value receiver.',
    'func (s Server) lookup(name string) (int, bool) {',
    '\treturn len(name), true',
    '}',
    '',
    'func (s *Server) record(n int) {',
    '\ts.retries = n',
    '}',
    '',
  ].join('\n'),
  // Many files in the package, so its other files are reached by the ranked word search.
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`server/extra${i}.go`, `package server\n\nfunc extra${i}() int {\n\treturn ${i}\n}\n`]),
  ),
  'other/other.go':
    'package other\n\ntype Server struct{}\n\nfunc (s *Server) record(n int) {}\n\nfunc (s Server) lookup(name string) (int, bool) {\n\treturn 0, false\n}\n',
  'internal/util/util.go':
    'package util\n\nconst Floor = 1\n\ntype Box struct {\n\tSize int\n}\n\nfunc Clamp(n, limit int) int {\n\tif n > limit {\n\t\treturn limit\n\t}\n\treturn n\n}\n',
  'lib/util/util.go':
    'package util\n\nconst Floor = 2\n\ntype Box struct {\n\tSize int\n}\n\nfunc Clamp(n, limit int) int {\n\treturn n\n}\n',
  'dsl/dsl.go': 'package dsl\n\nfunc Describe(items ...string) string {\n\treturn ""\n}\n',
  'textutil/contains.go':
    'package textutil\n\ntype Mutex struct{}\n\nfunc (m *Mutex) TryLock() bool {\n\treturn true\n}\n\nfunc Contains(s, sub string) bool {\n\treturn false\n}\n',
  // A nested module whose packages shadow the root module's paths.
  'tools/go.mod': 'module example.com/tools\n\ngo 1.22\n',
  'tools/lib/lib.go': 'package lib\n\nfunc Run() int {\n\treturn 1\n}\n',
  'tools/cmd/main.go': 'package main\n\nimport "example.com/tools/lib"\n\nfunc main() {\n\t_ = lib.Run()\n}\n',
  'lib/lib.go': 'package lib\n\nfunc Run() int {\n\treturn 2\n}\n',
  'server/server.go': SERVER('s.record(u.Clamp(count, MaxRetries))'),
};

const CHANGED = 's.record(u.Clamp(count+cfg.Limit, MaxRetries+u.Floor) + len(Describe(s.name)) + retries)';
const HEAD: Record<string, string> = {
  'server/server.go': SERVER(CHANGED),
  'server/check.go': [
    'package server',
    '',
    'import (',
    '\t"strings"',
    '\t"sync"',
    '',
    '\tu "example.com/app/internal/util"',
    ')',
    '',
    'func check(s string, srv Server) bool {',
    '\tvar mu sync.Mutex',
    '\tvar box u.Box',
    '\tn, _ := srv.lookup(s)',
    '\treturn strings.Contains(s, "x") && n > box.Size && mu.TryLock()',
    '}',
    '',
  ].join('\n'),
  'tools/cmd/main.go': 'package main\n\nimport "example.com/tools/lib"\n\nfunc main() {\n\t_ = lib.Run() + 1\n}\n',
};

describe('slicing Go', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(BASE, HEAD);
    for (const algorithm of ['parent-function', 'left-flow', 'full-flow'] as const) results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const slice = (a: SliceAlgorithm, file = 'server/server.go', line = 17) => sliceAt(results.get(a) as SliceResult, file, line);

  it('names a method section after its receiver type, and a change in a closure shows the closure and the method header', () => {
    const parent = slice('parent-function');
    const section = parent.sections.find((s) => s.file === 'server/server.go');
    expect(section?.context).toBe('Server.Handle');
    const lines = linesIn(parent, 'server/server.go');
    expect(lines).toEqual(expect.arrayContaining(['func (s *Server) Handle(data []byte, name string) error {', 'go func() {', '}()']));
  });

  it('left-flow holds the locals the closure reads: var, := with two names, ++, and &x handed to a call', () => {
    const lines = linesIn(slice('left-flow'), 'server/server.go');
    expect(lines).toEqual(
      expect.arrayContaining(['var cfg Config', 'json.Unmarshal(data, &cfg)', 'count, ok := s.lookup(name)', 'count++']),
    );
  });

  it('left-flow resolves fields through the receiver and the declared type, and constants of the package', () => {
    const lines = linesIn(slice('left-flow'), 'server/types.go');
    expect(lines).toEqual(
      expect.arrayContaining(['type Server struct {', 'name    string', 'type Config struct {', 'Limit int', 'MaxRetries = 3']),
    );
  });

  it("a bare name in a method is the package's variable, never a field of the receiver's type", () => {
    const lines = linesIn(slice('left-flow'), 'server/types.go');
    expect(lines).toContain('var retries = 5');
    expect(lines).not.toContain('retries int');
  });

  it('left-flow shows a constant read through an import of its package', () => {
    expect(linesIn(slice('left-flow'), 'internal/util/util.go')).toContain('const Floor = 1');
  });

  it('full-flow shows methods through the pointer receiver, functions through a renamed import and a dot import', () => {
    const full = slice('full-flow');
    expect(linesIn(full, 'server/types.go')).toContain('func (s *Server) record(n int) {');
    expect(linesIn(full, 'internal/util/util.go')).toContain('func Clamp(n, limit int) int {');
    expect(linesIn(full, 'dsl/dsl.go')).toContain('func Describe(items ...string) string {');
    for (const file of ['other/other.go', 'lib/util/util.go'])
      expect({ file, shown: full.sections.some((s) => s.file === file) }).toEqual({ file, shown: false });
  });

  it('a method on a value receiver resolves through a parameter of its type', () => {
    const full = sliceAt(results.get('full-flow') as SliceResult, 'server/check.go', 13);
    expect(linesIn(full, 'server/types.go')).toContain('func (s Server) lookup(name string) (int, bool) {');
  });

  it('a type qualified by its package resolves in that package, and so do the fields of a variable of that type', () => {
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      for (const line of [12, 14]) {
        const slice = sliceAt(results.get(algorithm) as SliceResult, 'server/check.go', line);
        expect({ algorithm, line, lines: linesIn(slice, 'internal/util/util.go') }).toEqual({
          algorithm,
          line,
          lines: expect.arrayContaining(['type Box struct {', 'Size int']),
        });
        expect({ algorithm, line, other: slice.sections.some((s) => s.file === 'lib/util/util.go') }).toEqual({
          algorithm,
          line,
          other: false,
        });
      }
    }
  });

  it('a call, a type or a method of a type of the standard library never shows a same-named definition of the repository', () => {
    for (const line of [11, 14]) {
      const full = sliceAt(results.get('full-flow') as SliceResult, 'server/check.go', line);
      expect({ line, shown: full.sections.some((s) => s.file === 'textutil/contains.go') }).toEqual({ line, shown: false });
    }
  });

  it('an import of a nested module resolves in that module, not in the root module', () => {
    const full = sliceAt(results.get('full-flow') as SliceResult, 'tools/cmd/main.go', 6);
    expect(linesIn(full, 'tools/lib/lib.go')).toContain('func Run() int {');
    expect(full.sections.some((s) => s.file === 'lib/lib.go')).toBe(false);
  });
});

describe('a Go package of many files', () => {
  // Thirteen files that do not define the callee, and the one that does, last in listing order.
  const files: Record<string, string> = { 'go.mod': 'module example.com/app\n' };
  for (let i = 0; i < 13; i++)
    files[`big/part${String(i).padStart(2, '0')}.go`] =
      `package big\n\n// Target is documented elsewhere.\nfunc part${i}() int {\n\treturn ${i}\n}\n`;
  files['big/zz.go'] = 'package big\n\nfunc Target() int {\n\treturn 0\n}\n';
  const main = (value: string): string =>
    `package main\n\nimport "example.com/app/big"\n\nfunc main() {\n\t_ = big.Target() + ${value}\n}\n`;
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture({ ...files, 'cmd/main.go': main('1') }, { 'cmd/main.go': main('2') });
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('is read, and only the file whose text defines the callee is parsed', () => {
    expect(linesIn(sliceAt(result, 'cmd/main.go', 6), 'big/zz.go')).toContain('func Target() int {');
    // main.go on both sides, and zz.go: none of the thirteen others.
    expect(result.stats.filesParsed).toBeLessThanOrEqual(3);
  });
});

describe('a Go method called on a field', () => {
  const store = [
    'package store',
    '',
    'const Version = 1',
    '',
    'type Repo struct{}',
    '',
    'func (r *Repo) Save(n int) error {',
    '\treturn nil',
    '}',
    '',
    'type Cache struct{}',
    '',
    'func (c *Cache) Save(n int) error {',
    '\treturn nil',
    '}',
    '',
    'func Save(n int) error {',
    '\treturn nil',
    '}',
    '',
  ].join('\n');
  const app = (value: string): string =>
    `package app\n\nimport "example.com/app/store"\n\nfunc (a *App) Run(n int) error {\n\t_ = store.Version\n\treturn a.repo.Save(n + ${value})\n}\n`;
  const base = {
    'go.mod': 'module example.com/app\n',
    'store/store.go': store,
    'app/types.go': 'package app\n\nimport "example.com/app/store"\n\ntype App struct {\n\trepo  *store.Repo\n\tcache *store.Cache\n}\n',
    'app/app.go': app('1'),
  };
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(base, { 'app/app.go': app('2') });
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it("resolves through the field's declared type: neither the same-named method of another type nor the package's function", () => {
    const full = sliceAt(result, 'app/app.go', 7);
    expect(linesIn(full, 'app/types.go')).toContain('repo  *store.Repo');
    const lines = linesIn(full, 'store/store.go');
    expect(lines).toContain('func (r *Repo) Save(n int) error {');
    expect(lines).not.toContain('func (c *Cache) Save(n int) error {');
    expect(lines).not.toContain('func Save(n int) error {');
  });
});

describe('a Go method promoted from an embedded field', () => {
  // Server embeds *Base (same package, another file); Other, elsewhere, has a Close of its own.
  const run = (value: string): string => `package app\n\nfunc (s *Server) Stop(n int) error {\n\treturn s.Close(n + ${value})\n}\n`;
  const base = {
    'go.mod': 'module example.com/app\n',
    'app/server.go': 'package app\n\ntype Server struct {\n\t*Base\n\tn int\n}\n',
    'app/base.go': 'package app\n\ntype Base struct{}\n\nfunc (b *Base) Close(n int) error {\n\treturn nil\n}\n',
    'other/other.go': 'package other\n\ntype Other struct{}\n\nfunc (o Other) Close(n int) error {\n\treturn nil\n}\n',
    'app/stop.go': run('1'),
  };
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(base, { 'app/stop.go': run('2') });
  });
  afterAll(() => fixture.repo.cleanup());

  it("resolves through the embedding type to the embedded type's method, not a same-named method elsewhere", async () => {
    const full = sliceAt(await fixture.slice('full-flow'), 'app/stop.go', 4);
    expect(linesIn(full, 'app/base.go')).toContain('func (b *Base) Close(n int) error {');
    expect(linesIn(full, 'other/other.go')).toEqual([]);
  });
});

describe('a Go method promoted through two embedded types in packages not read yet', () => {
  // Server embeds *mid.Mid, which embeds *base.Base, whose method Close is; four other packages
  // define a Close of their own, ahead of base/ in a name search.
  const run = (value: string): string => `package app\n\nfunc (s *Server) Stop(n int) error {\n\treturn s.Close(n + ${value})\n}\n`;
  const base: Record<string, string> = {
    'go.mod': 'module example.com/app\n',
    'app/server.go': 'package app\n\nimport "example.com/app/mid"\n\ntype Server struct {\n\t*mid.Mid\n}\n',
    'mid/mid.go': 'package mid\n\nimport "example.com/app/zz/base"\n\ntype Mid struct {\n\t*base.Base\n}\n',
    'zz/base/base.go': 'package base\n\ntype Base struct{}\n\nfunc (b *Base) Close(n int) error {\n\treturn nil\n}\n',
    'app/stop.go': run('1'),
  };
  for (let i = 0; i < 4; i++)
    base[`a${i}/other.go`] = `package a${i}\n\ntype Other struct{}\n\nfunc (o Other) Close(n int) error {\n\treturn nil\n}\n`;
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(base, { 'app/stop.go': run('2') });
  });
  afterAll(() => fixture.repo.cleanup());

  it("searches for the embedded types' definitions and shows the method where it is defined, and no other Close", async () => {
    const full = sliceAt(await fixture.slice('full-flow'), 'app/stop.go', 4);
    expect(linesIn(full, 'zz/base/base.go')).toContain('func (b *Base) Close(n int) error {');
    for (let i = 0; i < 4; i++) expect(linesIn(full, `a${i}/other.go`)).toEqual([]);
  });
});

describe('Go imports and text hints', () => {
  const paths = new RevisionPaths(
    ['go.mod', 'a/a.go', 'a/b.go', 'a/a_test.go', 'a/doc.go', 'sub/go.mod', 'sub/x/x.go', 'gopath/src/x.go'],
    new Map([
      ['go.mod', 'module github.com/acme/app\n\nrequire golang.org/x/text v0.3.0\n'],
      ['sub/go.mod', 'module "github.com/acme/app/sub"\n'],
    ]),
  );
  const resolve = (module: string, from = 'main.go') =>
    goPack.adapter.resolveImport({ module, name: null, alias: null, star: false }, from, paths);

  it("a package of the module is its folder's non-test files, the one named after it first", () => {
    expect(resolve('github.com/acme/app/a')).toEqual(['a/a.go', 'a/b.go', 'a/doc.go']);
    expect(resolve('github.com/acme/app/sub/x')).toEqual(['sub/x/x.go']);
  });

  it('the standard library and other modules resolve to nothing', () => {
    for (const module of ['fmt', 'encoding/json', 'golang.org/x/text/unicode', 'github.com/acme/application/a'])
      expect(resolve(module)).toEqual([]);
  });

  it('without go.mod, a domain-qualified path resolves to the folder its tail names', () => {
    const gopath = new RevisionPaths(['pkg/store/store.go', 'main.go']);
    expect(
      goPack.adapter.resolveImport({ module: 'github.com/acme/app/pkg/store', name: null, alias: null, star: false }, 'main.go', gopath),
    ).toEqual(['pkg/store/store.go']);
    expect(goPack.adapter.resolveImport({ module: 'strings', name: null, alias: null, star: false }, 'main.go', gopath)).toEqual([]);
  });

  it("an import binds the package's name", () => {
    const bind = goPack.adapter.moduleBinding;
    expect(bind('github.com/acme/app/a')).toBe('a');
    expect(bind('github.com/go-yaml/yaml/v3')).toBe('yaml');
    expect(bind('gopkg.in/yaml.v3')).toBe('yaml');
    expect(bind('github.com/mattn/go-isatty')).toBe('isatty');
  });

  it("a package's files see each other; tests see the tests too", () => {
    expect(goPack.adapter.companions('a/a.go', paths)).toEqual(['a/b.go', 'a/doc.go']);
    expect(goPack.adapter.companions('a/a_test.go', paths)).toEqual(['a/a.go', 'a/b.go', 'a/doc.go']);
  });

  it('hints match every definition shape and not the calls', () => {
    const hint = (kind: 'callable' | 'type' | 'field' | 'variable') => goPack.adapter.definitionHint('Run', kind);
    const defines = {
      callable: [
        'func Run() {',
        'func (s *Server) Run(ctx context.Context) error {',
        'func (s *Set[T]) Run() {',
        'func Run[T any](x T) {',
        'type R interface {\n\tClose() error\n\tRun(x interface{}) error\n}',
        '\tRun func(cmd *Command)',
        'var Run = func() {}',
      ],
      type: ['type Run struct {', 'type Run = other.Run', 'type (\n\tA int\n\tRun struct{}\n)'],
      field: ['\tRun bool', '\ta, Run int', '\t*Run', '\tpkg.Run `json:"run"`'],
      variable: ['var Run = 1', 'const Run Kind = 2', 'const (\n\tA = iota\n\tRun\n)', 'var (\n\tx, Run = 1, 2\n)'],
    };
    for (const [kind, texts] of Object.entries(defines))
      for (const text of texts) expect({ kind, text, matches: hint(kind as 'type').test(text) }).toEqual({ kind, text, matches: true });
    for (const text of ['\tRun()', '\tx := Run(1)', '\treturn Run(y)', '\ts.Run()', 'func main() {\n\tRun(x)\n}'])
      expect({ text, matches: hint('callable').test(text) }).toEqual({ text, matches: false });
  });
});
