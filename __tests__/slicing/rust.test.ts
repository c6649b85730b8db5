import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { ImportFact } from '../../src/slicing/language-pack.js';
import { rustPack } from '../../src/slicing/languages/rust/pack.js';
import { useDeclaration } from '../../src/slicing/languages/rust/uses.js';
import { RevisionPaths } from '../../src/slicing/path-set.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const fact = (module: string, name: string | null = null, alias: string | null = null, star = false): ImportFact => ({
  module,
  name,
  alias,
  star,
});

describe('Rust use trees', () => {
  it('join nested groups onto their paths, with renames, globs and self', () => {
    expect(useDeclaration('pub(crate) use crate::a::{b, c::D as E, f::*, g::{self, h}};')).toEqual([
      fact('crate::a', 'b'),
      fact('crate::a::c', 'D', 'E'),
      fact('crate::a::f', null, null, true),
      fact('crate::a::g'),
      fact('crate::a::g', 'h'),
    ]);
    expect(useDeclaration('use super::*;')).toEqual([fact('super', null, null, true)]);
    expect(useDeclaration('use tokio;')).toEqual([fact('tokio')]);
    expect(useDeclaration('use std::io::Write as _;')).toEqual([]);
    expect(useDeclaration('use ::std::fmt;')).toEqual([fact('std', 'fmt')]);
  });
});

describe('Rust module paths', () => {
  const files = [
    'Cargo.toml',
    'src/lib.rs',
    'src/net.rs',
    'src/net/tcp.rs',
    'src/net/tcp/stream.rs',
    'src/io/mod.rs',
    'src/io/util.rs',
    'src/sys/unix.rs',
    'src/bin/tool.rs',
    'src/bin/helpers.rs',
    'tests/it.rs',
    'tests/support/mod.rs',
    'crates/my-util/Cargo.toml',
    'crates/my-util/src/lib.rs',
    'crates/my-util/src/text.rs',
    'legacy/Cargo.toml',
    'legacy/lib.rs',
    'legacy/parse.rs',
  ];
  const manifests = new Map([
    ['Cargo.toml', '[package]\nname = "app"\n\n[dependencies]\nname = "not-a-package-key"\n'],
    ['crates/my-util/Cargo.toml', '[package]\nname = "my-util"\n'],
    ['legacy/Cargo.toml', '[package]\nname = "legacy"\n\n[lib]\npath = "lib.rs"\n'],
  ]);
  const paths = new RevisionPaths(files, manifests);
  const resolve = (f: ImportFact, from: string): readonly string[] => rustPack.adapter.resolveImport(f, from, paths);

  it('find `mod x;` beside a crate root or mod.rs, and in the folder named after any other file', () => {
    expect(resolve(fact('self::net'), 'src/lib.rs')).toEqual(['src/net.rs']);
    expect(resolve(fact('self::tcp'), 'src/net.rs')).toEqual(['src/net/tcp.rs']);
    expect(resolve(fact('self::stream'), 'src/net/tcp.rs')).toEqual(['src/net/tcp/stream.rs']);
    expect(resolve(fact('self::util'), 'src/io/mod.rs')).toEqual(['src/io/util.rs']);
    expect(resolve(fact('self::helpers'), 'src/bin/tool.rs')).toEqual(['src/bin/helpers.rs']);
    expect(resolve(fact('self::support'), 'tests/it.rs')).toEqual(['tests/support/mod.rs']);
    expect(resolve(fact('sys/unix.rs', null, 'sys'), 'src/lib.rs')).toEqual(['src/sys/unix.rs']);
  });

  it('follow crate::, super:: and self:: paths, deepest module first', () => {
    expect(resolve(fact('crate::net::tcp', 'TcpStream'), 'src/io/util.rs')).toEqual(['src/net/tcp.rs']);
    expect(resolve(fact('crate::net', 'tcp'), 'src/io/util.rs')).toEqual(['src/net/tcp.rs']);
    expect(resolve(fact('crate', 'net'), 'src/io/util.rs')).toEqual(['src/net.rs']);
    expect(resolve(fact('super', 'tcp'), 'src/net/tcp/stream.rs')).toEqual(['src/net/tcp.rs']);
    expect(resolve(fact('super::super', 'tcp'), 'src/net/tcp/stream.rs')).toEqual(['src/net/tcp.rs']);
    expect(resolve(fact('super::super::super', 'io'), 'src/net/tcp/stream.rs')).toEqual(['src/io/mod.rs']);
    expect(resolve(fact('super', 'f'), 'src/io/util.rs')).toEqual(['src/io/mod.rs']);
    expect(resolve(fact('super', 'f'), 'src/io/mod.rs')).toEqual(['src/lib.rs']);
    expect(resolve(fact('self::stream', 'TcpStream'), 'src/net/tcp.rs')).toEqual(['src/net/tcp/stream.rs']);
    // A path that goes on into an item or an inline module ends at the last module with a file.
    expect(resolve(fact('crate::net::tcp::Kind', 'Variant'), 'src/lib.rs')).toEqual(['src/net/tcp.rs']);
  });

  it('resolve a child module named first, and other crates of the workspace by their Cargo.toml name', () => {
    expect(resolve(fact('net::tcp', 'TcpStream'), 'src/lib.rs')).toEqual(['src/net/tcp.rs']);
    expect(resolve(fact('my_util::text', 'wrap'), 'src/net.rs')).toEqual(['crates/my-util/src/text.rs']);
    expect(resolve(fact('app::io', 'util'), 'tests/it.rs')).toEqual(['src/io/util.rs']);
    expect(resolve(fact('crate', 'parse'), 'legacy/lib.rs')).toEqual(['legacy/parse.rs']);
  });

  it('leave the standard library and crates from elsewhere unresolved', () => {
    for (const f of [fact('std::collections', 'HashMap'), fact('serde', 'Deserialize'), fact('crate::nowhere', 'x')]) {
      expect(resolve(f, 'src/net.rs').filter((p) => p !== 'src/lib.rs')).toEqual([]);
    }
  });
});

describe('the Rust text hints that pick files worth parsing', () => {
  const { definitionHint } = rustPack.adapter;
  it('match items in their usual shapes', () => {
    for (const line of [
      'pub fn spawn<T>(t: T) {',
      '    pub(crate) async unsafe fn spawn(',
      'const fn spawn() {}',
      '    pub(in crate::rt) fn spawn(',
      'extern "C" fn spawn()',
      'macro_rules! spawn {',
    ]) {
      expect({ line, matches: definitionHint('spawn', 'callable').test(line) }).toEqual({ line, matches: true });
    }
    for (const line of [
      'pub struct Handle<T> {',
      'pub(crate) enum Handle {',
      'unsafe trait Handle {',
      'type Handle = u8;',
      '    Handle(u8),',
      '    Handle { a: u8 },',
      '    Handle,',
    ]) {
      expect({ line, matches: definitionHint('Handle', 'type').test(line) }).toEqual({ line, matches: true });
    }
    expect(definitionHint('LIMIT', 'variable').test('pub static mut LIMIT: u8 = 1;')).toBe(true);
    expect(definitionHint('count', 'field').test('    pub(crate) count: usize,')).toBe(true);
  });
  it('do not match calls and uses', () => {
    for (const line of ['    spawn(x);', '    let h = spawn(x);', '    x.spawn();', '    Self::spawn()']) {
      expect({ line, matches: definitionHint('spawn', 'callable').test(line) }).toEqual({ line, matches: false });
    }
    expect(definitionHint('count', 'field').test('    Foo::count(x)')).toBe(false);
  });
});

describe('Rust qualified names', () => {
  it('drop references, lifetimes and generic arguments before splitting on ::', () => {
    const { lastComponent, qualifierOf } = rustPack.adapter;
    expect(lastComponent("&'a mut crate::io::Buf<Vec<u8>>")).toBe('Buf');
    expect(lastComponent('dyn Trait')).toBe('Trait');
    expect(qualifierOf('Buf::push')).toBe('Buf');
    expect(qualifierOf('push')).toBeNull();
  });
});

// A workspace with two crates: `app` uses a module function through its module name
// (`codec::encode`), a method through a typed `&mut` parameter and a trait method implemented
// for its type; `tools` has a same-named `encode` and `Buffer::write` that must not be chosen.
const BASE: Record<string, string> = {
  'Cargo.toml': '[workspace]\nmembers = ["app", "tools"]\n',
  'app/Cargo.toml': '[package]\nname = "app"\n',
  'app/src/lib.rs': 'pub mod codec;\npub mod buffer;\nmod pipeline;\n',
  'app/src/codec.rs': 'pub fn encode(v: u32) -> u32 {\n    v << 1\n}\n\npub fn decode(v: u32) -> u32 {\n    v >> 1\n}\n',
  'app/src/buffer.rs': [
    'pub trait Sink {',
    '    fn flush(&mut self) -> usize;',
    '}',
    '',
    'pub struct Buffer {',
    '    pub bytes: Vec<u32>,',
    '}',
    '',
    'impl Buffer {',
    '    pub fn write(&mut self, v: u32) {',
    '        self.bytes.push(v);',
    '    }',
    '}',
    '',
    'impl Sink for Buffer {',
    '    fn flush(&mut self) -> usize {',
    '        self.bytes.len()',
    '    }',
    '}',
    '',
  ].join('\n'),
  'app/src/pipeline.rs': [
    'use crate::buffer::{Buffer, Sink};',
    'use crate::codec;',
    '',
    'pub fn fill(out: &mut Buffer, input: &[u32]) -> usize {',
    '    let mut seen = 0;',
    '    if let Some((first, rest)) = input.split_first() {',
    '        seen += rest.len();',
    '        out.write(codec::encode(*first));',
    '    }',
    '    let step = |x: u32| x + 1;',
    '    seen = step(seen as u32) as usize;',
    '    scale(&mut seen);',
    '    out.flush()',
    '}',
    '',
    'fn scale(v: &mut usize) {',
    '    *v *= 2;',
    '}',
    '',
  ].join('\n'),
  'tools/Cargo.toml': '[package]\nname = "tools"\n',
  'tools/src/lib.rs':
    'pub fn encode(v: u32) -> u32 {\n    v\n}\n\npub struct Buffer;\n\nimpl Buffer {\n    pub fn write(&mut self, v: u32) {\n        let _ = v;\n    }\n}\n',
};
const HEAD: Record<string, string> = {
  'app/src/pipeline.rs': (BASE['app/src/pipeline.rs'] as string)
    .replace('        out.write(codec::encode(*first));\n', '        out.write(codec::encode(*first) + seen as u32);\n')
    .replace('    out.flush()\n', '    out.flush() + seen\n'),
};

describe('slicing Rust modules, impls and patterns', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(BASE, HEAD);
    for (const algorithm of ['parent-function', 'left-flow', 'full-flow'] as const) results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const at = (algorithm: SliceAlgorithm, line: number) => sliceAt(results.get(algorithm) as SliceResult, 'app/src/pipeline.rs', line);

  it('left-flow shows the if-let binding, the earlier compound write and the parameter of a change', () => {
    const lines = linesIn(at('left-flow', 8), 'app/src/pipeline.rs');
    for (const line of [
      'pub fn fill(out: &mut Buffer, input: &[u32]) -> usize {',
      'let mut seen = 0;',
      'if let Some((first, rest)) = input.split_first() {',
      'seen += rest.len();',
      '+out.write(codec::encode(*first) + seen as u32);',
    ]) {
      expect({ line, found: lines.includes(line) }).toEqual({ line, found: true });
    }
  });

  it("full-flow resolves `module::f()` through the module and a method through the parameter's type", () => {
    const slice = at('full-flow', 8);
    expect(linesIn(slice, 'app/src/codec.rs')).toContain('pub fn encode(v: u32) -> u32 {');
    expect(linesIn(slice, 'app/src/codec.rs')).not.toContain('pub fn decode(v: u32) -> u32 {');
    expect(linesIn(slice, 'app/src/buffer.rs')).toEqual(
      expect.arrayContaining(['pub struct Buffer {', 'pub fn write(&mut self, v: u32) {']),
    );
    expect(slice.sections.some((s) => s.file === 'tools/src/lib.rs')).toBe(false);
  });

  it('a method of an impl is named Type::method in its section header', () => {
    const slice = at('full-flow', 8);
    expect(slice.sections.find((s) => s.file === 'app/src/buffer.rs' && s.lines.some((l) => l.text.includes('fn write')))?.context).toBe(
      'Buffer::write',
    );
  });

  it('a `&mut` borrow passed to a call counts as a write of the variable', () => {
    const lines = linesIn(at('left-flow', 13), 'app/src/pipeline.rs');
    for (const line of [
      'scale(&mut seen);',
      'seen = step(seen as u32) as usize;',
      'seen += rest.len();',
      'let mut seen = 0;',
      '+out.flush() + seen',
    ]) {
      expect({ line, found: lines.includes(line) }).toEqual({ line, found: true });
    }
  });

  it("a trait method implemented for the receiver's type resolves to its impl, not the trait's signature", () => {
    const lines = linesIn(at('full-flow', 13), 'app/src/buffer.rs');
    expect(lines).toContain('fn flush(&mut self) -> usize {');
    expect(lines).toContain('impl Sink for Buffer {');
    expect(lines).not.toContain('fn flush(&mut self) -> usize;');
  });
});

// Items written inside item-level macros (`cfg_rt! { .. }`, `pin_project! { .. }`), as tokio writes
// most of its code: they are parsed again as Rust, so they have functions, types and imports.
const MACRO_BASE: Record<string, string> = {
  'Cargo.toml': '[package]\nname = "rt"\n',
  'src/lib.rs': '#[macro_use]\nmod macros;\ncfg_rt! {\n    pub mod task;\n}\npub mod util;\n',
  'src/macros.rs': 'macro_rules! cfg_rt {\n    ($($item:item)*) => { $($item)* }\n}\n',
  'src/util.rs': 'cfg_rt! {\n    pub(crate) fn helper(n: usize) -> usize {\n        n + 1\n    }\n}\n\npub fn unrelated() {}\n',
  'src/task.rs': [
    'use crate::util::helper;',
    '',
    'pin_project! {',
    '    pub struct Spawned {',
    '        count: usize,',
    '    }',
    '}',
    '',
    'cfg_rt! {',
    '    impl Spawned {',
    '        pub fn spawn(&mut self) -> usize {',
    '            let n = self.count;',
    '            helper(n)',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n'),
};

describe('slicing Rust items inside item-level macros', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(MACRO_BASE, {
      'src/task.rs': (MACRO_BASE['src/task.rs'] as string).replace('            helper(n)\n', '            helper(n) + self.count\n'),
    });
    for (const algorithm of ['parent-function', 'full-flow'] as const) results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const at = (algorithm: SliceAlgorithm) => sliceAt(results.get(algorithm) as SliceResult, 'src/task.rs', 13);

  it('parent-function holds the function the macro body defines, not the whole macro', () => {
    const slice = at('parent-function');
    const lines = linesIn(slice, 'src/task.rs');
    expect(lines).toEqual(expect.arrayContaining(['pub fn spawn(&mut self) -> usize {', 'let n = self.count;', '+helper(n) + self.count']));
    expect(lines).not.toContain('count: usize,');
    expect(slice.sections.find((s) => s.lines.some((l) => l.op === '+'))?.context).toBe('Spawned::spawn');
  });

  it('full-flow finds a function and a field defined inside macros, through the import', () => {
    const slice = at('full-flow');
    expect(linesIn(slice, 'src/util.rs')).toContain('pub(crate) fn helper(n: usize) -> usize {');
    expect(linesIn(slice, 'src/util.rs')).not.toContain('pub fn unrelated() {}');
    expect(linesIn(slice, 'src/task.rs')).toEqual(expect.arrayContaining(['pub struct Spawned {', 'count: usize,']));
  });
});

describe('Rust method calls on values of unknown and of local types', () => {
  const A =
    'use crate::b::Conn;\n\nfn close() {}\n\npub fn run(c: Conn) -> bool {\n    let conn = pick(c);\n    conn.close()\n}\n\nfn pick(c: Conn) -> Conn {\n    c\n}\n';
  const C = [
    'pub fn walk(items: &[u32]) -> u32 {',
    '    struct Visitor {',
    '        sum: u32,',
    '    }',
    '',
    '    impl Visitor {',
    '        fn visit(&mut self, v: u32) {',
    '            self.sum += v;',
    '        }',
    '    }',
    '',
    '    let mut visitor = Visitor { sum: 0 };',
    '    for v in items {',
    '        visitor.visit(*v);',
    '    }',
    '    visitor.sum',
    '}',
    '',
  ].join('\n');
  const D =
    'use crate::b::Conn;\n\npub fn shut(c: Conn) -> bool {\n    let close = make(c).close();\n    close\n}\n\nfn make(c: Conn) -> Conn {\n    c\n}\n';
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(
      {
        'Cargo.toml': '[package]\nname = "m"\n',
        'src/lib.rs': 'mod a;\nmod b;\nmod c;\nmod d;\n',
        'src/b.rs': 'pub struct Conn;\n\nimpl Conn {\n    pub fn close(&self) -> bool {\n        true\n    }\n}\n',
        'src/a.rs': A,
        'src/c.rs': C,
        'src/d.rs': D,
      },
      {
        'src/a.rs': A.replace('    conn.close()\n', '    conn.close() && true\n'),
        'src/c.rs': C.replace('visitor.visit(*v);', 'visitor.visit(*v + 1);'),
        'src/d.rs': D.replace('.close();', '.close() || false;'),
      },
    );
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('names a method, never a free function of the same name', () => {
    const slice = sliceAt(result, 'src/a.rs', 7);
    expect(linesIn(slice, 'src/b.rs')).toContain('pub fn close(&self) -> bool {');
    expect(linesIn(slice, 'src/a.rs')).not.toContain('fn close() {}');
  });

  it('searches a method named like the local the call initializes (`let close = make(c).close()`)', () => {
    const slice = sliceAt(result, 'src/d.rs', 4);
    expect(linesIn(slice, 'src/b.rs')).toContain('pub fn close(&self) -> bool {');
  });

  it('finds a struct and its method declared inside the calling function', () => {
    const lines = linesIn(sliceAt(result, 'src/c.rs', 14), 'src/c.rs');
    expect(lines).toEqual(
      expect.arrayContaining([
        'struct Visitor {',
        'fn visit(&mut self, v: u32) {',
        'let mut visitor = Visitor { sum: 0 };',
        '+visitor.visit(*v + 1);',
      ]),
    );
  });
});

// A macro's arguments are tokens to the grammar: they are parsed again as an expression, so a method
// called on a call's result inside `assert!(..)` is tied through the call's declared result, as outside.
describe('Rust calls and reads inside macro arguments', () => {
  const M = [
    'pub struct Match;',
    '',
    'impl Match {',
    '    pub fn is_ignore(&self) -> bool {',
    '        false',
    '    }',
    '}',
    '',
    'pub struct Other;',
    '',
    'impl Other {',
    '    pub fn is_ignore(&self) -> bool {',
    '        true',
    '    }',
    '}',
    '',
    'pub enum Mode {',
    '    Search(SearchMode),',
    '    Files,',
    '}',
    '',
    'pub enum SearchMode {',
    '    Standard,',
    '    Counted,',
    '}',
    '',
    'pub struct Args {',
    '    pub mode: Mode,',
    '}',
    '',
    'impl Args {',
    '    pub fn counted(&self) -> bool {',
    '        matches!(self.mode, Mode::Search(SearchMode::Standard))',
    '    }',
    '}',
    '',
  ].join('\n');
  const T = [
    'use crate::m::{Args, Match, Mode};',
    '',
    'fn matched(name: &str) -> Match {',
    '    Match',
    '}',
    '',
    'pub fn check(args: &Args) {',
    '    assert!(matched("a").is_ignore());',
    '    assert!(matches!(args.mode, Mode::Search));',
    '}',
    '',
  ].join('\n');
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(
      { 'Cargo.toml': '[package]\nname = "m"\n', 'src/lib.rs': 'mod m;\nmod t;\n', 'src/m.rs': M, 'src/t.rs': T },
      {
        'src/t.rs': T.replace('matched("a")', 'matched("b")').replace('Mode::Search));', 'Mode::Files));'),
        'src/m.rs': M.replace('SearchMode::Standard))', 'SearchMode::Counted))'),
      },
    );
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it("ties a method on a call's result inside `assert!(..)` to the result's type, not to another type's method", () => {
    const lines = linesIn(sliceAt(result, 'src/t.rs', 8), 'src/m.rs');
    expect(lines).toContain('pub fn is_ignore(&self) -> bool {');
    expect(lines).toContain('impl Match {');
    expect(lines).not.toContain('impl Other {');
  });

  it("reads `self`'s field and an enum's variant through their type inside `matches!(..)`", () => {
    const slice = sliceAt(result, 'src/m.rs', 33);
    expect(linesIn(slice, 'src/m.rs')).toEqual(expect.arrayContaining(['pub mode: Mode,', 'Counted,']));
  });
});

// A binary whose root is outside src/ (`[[bin]] path = "crates/core/main.rs"`, as ripgrep's): `crate::`
// names the modules beside that root.
describe('Rust crates rooted by a target path', () => {
  const manifest = '[package]\nname = "app"\n\n[[bin]]\nname = "app"\npath = "crates/core/main.rs"\n\n[dependencies]\nanyhow = "1"\n';
  const DEFS = [
    'use crate::flags::lowargs::LowArgs;',
    '',
    'impl LowArgs {',
    '    pub(super) fn unsupported(&self) -> bool {',
    '        self.follow',
    '    }',
    '}',
    '',
  ].join('\n');
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(
      {
        'Cargo.toml': manifest,
        'crates/core/main.rs': 'mod flags;\n\nfn main() {}\n',
        'crates/core/flags/mod.rs': 'mod defs;\nmod lowargs;\n',
        'crates/core/flags/lowargs.rs': 'pub(crate) struct LowArgs {\n    pub(crate) follow: bool,\n}\n',
        'crates/core/flags/defs.rs': DEFS,
      },
      { 'crates/core/flags/defs.rs': DEFS.replace('        self.follow\n', '        !self.follow\n') },
    );
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it("resolves crate:: paths from the target's folder", () => {
    const paths = new RevisionPaths(
      ['Cargo.toml', 'crates/core/main.rs', 'crates/core/flags/mod.rs', 'crates/core/flags/lowargs.rs', 'crates/core/flags/defs.rs'],
      new Map([['Cargo.toml', manifest]]),
    );
    expect(rustPack.adapter.resolveImport(fact('crate::flags::lowargs', 'LowArgs'), 'crates/core/flags/defs.rs', paths)).toEqual([
      'crates/core/flags/lowargs.rs',
    ]);
  });

  it('shows a field of `self` whose type is imported through crate::', () => {
    expect(linesIn(sliceAt(result, 'crates/core/flags/defs.rs', 5), 'crates/core/flags/lowargs.rs')).toContain('pub(crate) follow: bool,');
  });
});
