import { describe, expect, it } from '@jest/globals';
import type { Slice } from '../../src/types.js';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

/** Every file:line a slice shows outside the changed file, as `file:text`. */
const shownElsewhere = (slice: Slice, changed: string): string[] =>
  slice.sections.filter((s) => s.file !== changed).flatMap((s) => s.lines.map((l) => `${s.file}:${l.text.trim()}`));

// A definition is shown only when scope, import, package, a receiver's type or a literal's type ties
// it to the use: a same-named member of another type, found by name only, is never shown.
describe('definitions tied to their use, or none', () => {
  const build = fixturesPerTest();

  it('Go: a variable a call initializes has the declared result type of the called function; a standard-library result binds no repository field', async () => {
    const base = {
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'render/redirect.go': 'package render\n\ntype Redirect struct {\n\tCode int\n}\n',
      'app/recorder.go':
        'package app\n\ntype Recorder struct {\n\tCode int\n\tBody string\n}\n\nfunc Record() *Recorder {\n\treturn &Recorder{}\n}\n',
      'app/app_test.go': [
        'package app',
        '',
        'import "net/http/httptest"',
        '',
        'func check() int {',
        '\tw := httptest.NewRecorder()',
        '\tr := Record()',
        '\treturn w.Code + len(r.Body)',
        '}',
        '',
      ].join('\n'),
    };
    const head = { 'app/app_test.go': base['app/app_test.go'].replace('return w.Code + len(r.Body)', 'return w.Code - len(r.Body)') };
    const f = build(base, head);
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const slice = sliceAt(await f.slice(algorithm), 'app/app_test.go', 8);
      // `r.Body` is Recorder's (what Record returns); `w.Code` is httptest's, which no repository field is.
      // (full-flow shows the short type of `r` whole.)
      expect(linesIn(slice, 'app/recorder.go')).toEqual(
        algorithm === 'left-flow' ? ['type Recorder struct {', 'Body string'] : ['type Recorder struct {', 'Code int', 'Body string', '}'],
      );
      expect(linesIn(slice, 'render/redirect.go')).toEqual([]);
    }
  });

  it("Go: a test table's field is not another test table's field", async () => {
    const table = (name: string, field: string): string[] => [
      `func ${name}(t *testing.T) {`,
      '\ttests := []struct {',
      `\t\t${field} string`,
      '\t}{}',
      '\tfor _, tt := range tests {',
      `\t\tt.Log(tt.${field})`,
      '\t}',
      '}',
      '',
    ];
    const base = {
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'a_test.go': ['package app', '', 'import "testing"', '', ...table('TestA', 'name'), ...table('TestB', 'name')].join('\n'),
    };
    const head = {
      'a_test.go': base['a_test.go'].replace('\t\tt.Log(tt.name)\n\t}\n}\n\nfunc TestB', '\t\tt.Error(tt.name)\n\t}\n}\n\nfunc TestB'),
    };
    const f = build(base, head);
    const slice = sliceAt(await f.slice('left-flow'), 'a_test.go', 10);
    // TestB's table (line 15) is not shown for TestA's `tt.name`.
    expect(slice.sections.flatMap((s) => s.lines.map((l) => l.new)).filter((n) => typeof n === 'number' && n > 13)).toEqual([]);
  });

  it('Rust: `None` in a struct literal is not a variant of a repository enum, and a method of an untyped receiver binds nothing', async () => {
    const base = {
      'src/lib.rs':
        'pub enum Match {\n    None,\n    Ignore,\n}\n\nimpl Match {\n    pub fn is_none(&self) -> bool {\n        matches!(self, Match::None)\n    }\n}\n\npub fn entry() -> Option<u8> {\n    None\n}\n',
      'src/walk.rs':
        'use crate::{entry, Match};\n\npub struct Walk {\n    it: Option<u8>,\n}\n\npub fn walk(m: Match) -> Walk {\n    let w = Walk { it: Some(1) };\n    w\n}\n',
    };
    // lib.rs is read for `entry`, so its `None` variant and `is_none` method are there to be found by name.
    const head = {
      'src/walk.rs': base['src/walk.rs'].replace(
        'let w = Walk { it: Some(1) };',
        'let w = Walk { it: None };\n    let _ = entry().is_none();',
      ),
    };
    const f = build(base, head);
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const slice = sliceAt(await f.slice(algorithm), 'src/walk.rs', 8);
      expect(linesIn(slice, 'src/lib.rs')).not.toContain('None,');
      expect(linesIn(slice, 'src/lib.rs')).not.toContain('pub fn is_none(&self) -> bool {');
    }
  });

  it('JavaScript: `this.set` inside a method assigned to `res` is `res.set`, not `app.set`', async () => {
    const base = {
      'lib/application.js':
        'var app = exports = module.exports = {};\n\napp.set = function set(setting, val) {\n  this.settings[setting] = val;\n  return this;\n};\n',
      'lib/response.js': [
        'var res = module.exports = {};',
        '',
        'res.set = function header(field, val) {',
        '  this.setHeader(field, val);',
        '  return this;',
        '};',
        '',
        'res.send = function send(body) {',
        "  this.set('Content-Type', 'text/html');",
        '  return this.end(body);',
        '};',
        '',
      ].join('\n'),
    };
    const head = {
      'lib/response.js': base['lib/response.js'].replace(
        "this.set('Content-Type', 'text/html');",
        "this.set('Content-Type', 'text/plain');",
      ),
    };
    const f = build(base, head);
    const slice = sliceAt(await f.slice('full-flow'), 'lib/response.js', 9);
    expect(linesIn(slice, 'lib/response.js')).toContain('res.set = function header(field, val) {');
    expect(shownElsewhere(slice, 'lib/response.js')).toEqual([]);
  });

  it("Python: a field reached through `self` is its class's, and one of an object of no known type binds nothing", async () => {
    const base = {
      'pkg/templating.py': 'class Environment:\n    def __init__(self, app):\n        self.app = app\n',
      'pkg/ctx.py':
        'class AppContext:\n    def __init__(self, app):\n        self.app = app\n\n    def push(self):\n        return self.app\n',
      'pkg/helpers.py': 'def max_age(ctx):\n    return ctx.app.max_age\n',
    };
    const head = {
      'pkg/ctx.py': base['pkg/ctx.py'].replace('return self.app', 'return self.app or None'),
      'pkg/helpers.py': base['pkg/helpers.py'].replace('ctx.app.max_age', 'ctx.app.max_age or 0'),
    };
    const f = build(base, head);
    const result = await f.slice('full-flow');
    const push = sliceAt(result, 'pkg/ctx.py', 6);
    expect(linesIn(push, 'pkg/ctx.py')).toContain('self.app = app');
    expect(linesIn(push, 'pkg/templating.py')).toEqual([]);
    expect(shownElsewhere(sliceAt(result, 'pkg/helpers.py', 2), 'pkg/helpers.py')).toEqual([]);
  });
  it('C++: a call qualified by a namespace is the free function of a header the file includes, not a same-named one of a header nothing includes', async () => {
    const cc = (n: number): string => `#include "port/port.h"\nnamespace leveldb {\nint F() {\n  return port::Zstd_Compress(${n});\n}\n}\n`;
    const base = {
      'port/port.h': '#include "port/port_stdcxx.h"\n',
      'port/port_stdcxx.h': 'namespace leveldb {\nnamespace port {\ninline bool Zstd_Compress(int level) {\n  return level > 0;\n}\n}\n}\n',
      'port/port_example.h': 'namespace leveldb {\nnamespace port {\nbool Zstd_Compress(int level);\n}\n}\n',
      'table/builder.cc': cc(1),
    };
    const f = build(base, { 'table/builder.cc': cc(2) });
    const slice = sliceAt(await f.slice('full-flow'), 'table/builder.cc', 4);
    expect(linesIn(slice, 'port/port_stdcxx.h')).toEqual(['inline bool Zstd_Compress(int level) {', 'return level > 0;', '}']);
    expect(linesIn(slice, 'port/port_example.h')).toEqual([]);
  });
});
