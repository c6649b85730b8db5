import { describe, expect, it } from '@jest/globals';
import type { Slice } from '../../src/types.js';
import { fixturesPerTest, linesIn, sliceAt } from './fixtures.js';

/** The changed lines of a slice, with their marks. */
const changedIn = (slice: Slice): string[] =>
  slice.sections.flatMap((s) => s.lines.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text.trim()}`));

// Imports, attributes and decorators belong to other code: they make no slice of their own.
describe('import, attribute and decorator lines', () => {
  const build = fixturesPerTest();

  it('a changed import joins the slice of the changed code of its file (Python)', async () => {
    const base = { 'app.py': 'import os\n\n\ndef size(path):\n    return 0\n', 'util.py': 'def iter_slices(s, n):\n    return [s]\n' };
    const head = { 'app.py': 'import os\nfrom util import iter_slices\n\n\ndef size(path):\n    return len(iter_slices(path, 2))\n' };
    const f = build(base, head);
    for (const algorithm of ['original-diff', 'left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect({ algorithm, slices: result.slices.map(changedIn) }).toEqual({
        algorithm,
        slices: [['+from util import iter_slices', '-return 0', '+return len(iter_slices(path, 2))']],
      });
    }
  });

  it('a change of imports only makes one slice for the file (Go), with the import block around it', async () => {
    const base = { 'main.go': 'package main\n\nimport (\n\t"fmt"\n)\n\nfunc main() {\n\tfmt.Println("a")\n}\n\nimport "os"\n' };
    const head = {
      'main.go': 'package main\n\nimport (\n\t"errors"\n\t"fmt"\n\t"strings"\n)\n\nfunc main() {\n\tfmt.Println("a")\n}\n\nimport "io"\n',
    };
    const f = build(base, head);
    const result = await f.slice('left-flow');
    expect(result.slices).toHaveLength(1);
    const lines = linesIn(result.slices[0] as Slice, 'main.go');
    expect(lines).toEqual(expect.arrayContaining(['import (', '+"errors"', '+"strings"', '+import "io"', '-import "os"']));
  });

  it('a change of imports only shows where the file uses what they bind (Go: a module path moved, cobra 88b30ab89d)', async () => {
    const file = (path: string): string =>
      `package doc\n\nimport (\n\t"fmt"\n\n\t"${path}"\n)\n\nfunc dump(x any) error {\n\tout, err := yaml.Marshal(x)\n\tif err != nil {\n\t\treturn err\n\t}\n\tfmt.Println(string(out))\n\treturn nil\n}\n`;
    const f = build({ 'yaml_docs.go': file('gopkg.in/yaml.v3') }, { 'yaml_docs.go': file('go.yaml.in/yaml/v3') });
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect(result.slices).toHaveLength(1);
      expect(linesIn(result.slices[0] as Slice, 'yaml_docs.go')).toEqual(
        expect.arrayContaining(['+"go.yaml.in/yaml/v3"', 'func dump(x any) error {', 'out, err := yaml.Marshal(x)']),
      );
    }
    expect(linesIn((await f.slice('original-diff')).slices[0] as Slice, 'yaml_docs.go')).not.toContain('out, err := yaml.Marshal(x)');
  });

  it('an #include of a standard header added alone shows where the file uses what it declares (C++: snappy 58d911b284, C)', async () => {
    const cc = (include: string): string =>
      `#include <vector>\n${include}\nnamespace snappy {\n\nint Find(const std::string& s) {\n  return s.find("x");\n}\n\nbool Within(int a, int b) {\n  return std::less_equal<int>()(a, b);\n}\n\n}  // namespace snappy\n`;
    const c = (include: string): string =>
      `#include <stdio.h>\n${include}\n\nstatic void copy(char* d, const char* s, int n) {\n  memcpy(d, s, n);\n}\n`;
    const f = build(
      { 'snappy.cc': cc(''), 'buf.c': c('') },
      { 'snappy.cc': cc('#include <algorithm>\n#include <functional>'), 'buf.c': c('#include <string.h>') },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      const cpp = linesIn(sliceAt(result, 'snappy.cc', 3), 'snappy.cc');
      expect(cpp).toEqual(
        expect.arrayContaining(['+#include <functional>', 'bool Within(int a, int b) {', 'return std::less_equal<int>()(a, b);']),
      );
      // `s.find` is a string's member, not <algorithm>'s find.
      expect(cpp).not.toContain('return s.find("x");');
      expect(linesIn(sliceAt(result, 'buf.c', 2), 'buf.c')).toEqual(expect.arrayContaining(['+#include <string.h>', 'memcpy(d, s, n);']));
    }
  });

  it("an #include <stddef.h> added alone shows the file's NULL (C++: re2 71f37d0847; the table's NULL was read as YAML's null)", async () => {
    const cc = (include: string): string =>
      `#include "re2/prog.h"\n${include}\nnamespace re2 {\n\nbool Empty(const char* p) {\n  return p == NULL;\n}\n\n}  // namespace re2\n`;
    const f = build(
      { 're2/prog.h': 'namespace re2 {\nint f();\n}\n', 're2/prog.cc': cc('') },
      { 're2/prog.cc': cc('#include <stddef.h>\n') },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const lines = linesIn(sliceAt(await f.slice(algorithm), 're2/prog.cc', 2), 're2/prog.cc');
      expect(lines).toEqual(expect.arrayContaining(['+#include <stddef.h>', 'return p == NULL;']));
    }
  });

  it('a change of imports only that the file never uses shows the definitions they bind (Rust: a re-export)', async () => {
    const index =
      'pub struct Index {\n    pub path: String,\n}\n\npub struct IndexBuilder {\n    pub threads: usize,\n}\n\npub fn open() -> Index {\n    todo!()\n}\n';
    const lib = (names: string): string => `pub use index::{${names}};\n\nmod index;\n`;
    const f = build(
      { 'Cargo.toml': '[package]\nname = "grep-index"\n', 'src/lib.rs': lib('Index'), 'src/index.rs': index },
      { 'src/lib.rs': lib('Index, IndexBuilder, open') },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect(result.slices).toHaveLength(1);
      const shown = linesIn(result.slices[0] as Slice, 'src/index.rs');
      expect({ algorithm, shown }).toEqual({
        algorithm,
        shown: expect.arrayContaining(['pub struct IndexBuilder {', 'pub fn open() -> Index {']),
      });
    }
  });

  it('a module declared alone (`mod basic;`) shows what its file declares first (Rust)', async () => {
    const basic = 'use crate::util::Dir;\n\n#[test]\nfn read_no_index() {\n    Dir::new("a");\n}\n\n#[test]\nfn write() {}\n';
    const f = build(
      {
        'Cargo.toml': '[package]\nname = "it"\n',
        'tests/tests.rs': 'mod index;\n',
        'tests/index/mod.rs': '// Indexing.\n',
        'tests/index/basic.rs': basic,
        'tests/index/disallowed.rs': 'rgtest!(pre, |dir: Dir| {\n    dir.create("a");\n});\n',
      },
      { 'tests/index/mod.rs': '// Indexing.\nmod basic;\n#[cfg(unix)]\nmod disallowed;\n' },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect(result.slices).toHaveLength(1);
      const shown = linesIn(result.slices[0] as Slice, 'tests/index/basic.rs');
      expect({ algorithm, shown }).toEqual({ algorithm, shown: expect.arrayContaining(['fn read_no_index() {', 'fn write() {}']) });
      // A module of macro calls only: its first line.
      expect(linesIn(result.slices[0] as Slice, 'tests/index/disallowed.rs')).toEqual(['rgtest!(pre, |dir: Dir| {']);
    }
  });

  it('a module declared alone whose file only declares modules shows those and what they hold (Rust: ripgrep 2ed0c006fe)', async () => {
    const f = build(
      { 'Cargo.toml': '[package]\nname = "it"\n', 'tests/tests.rs': 'mod feature;\n', 'tests/feature.rs': 'fn f() {}\n' },
      {
        'tests/tests.rs': 'mod feature;\n// Indexing.\n#[cfg(feature = "unstable-index")]\nmod index;\n',
        'tests/index/mod.rs': '// Not allowed with indexing.\nmod disallowed;\n',
        'tests/index/disallowed.rs': 'use crate::util::Dir;\n\nrgtest!(pre, |dir: Dir| {\n    dir.create("a");\n});\n',
      },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const slice = sliceAt(await f.slice(algorithm), 'tests/tests.rs', 4);
      expect({ algorithm, module: linesIn(slice, 'tests/index/mod.rs'), code: linesIn(slice, 'tests/index/disallowed.rs') }).toEqual({
        algorithm,
        module: ['+mod disallowed;'],
        code: ['+rgtest!(pre, |dir: Dir| {'],
      });
    }
  });

  it('imports changed alone that nothing is tied to are reviewed from the diff, saying why, and the coverage says so (ripgrep d99ac34406, re2 630d0115f2)', async () => {
    const main = (mods: string): string => `mod flags;\n${mods}mod search;\n\nfn main() {\n    flags::run();\n}\n`;
    const test = (includes: string): string =>
      `#include <stddef.h>\n\n${includes}\n#include "re2/set.h"\n\nnamespace re2 {\n\nint Size(const Set& s) {\n  return s.size();\n}\n\n}  // namespace re2\n`;
    const f = build(
      {
        'Cargo.toml': '[package]\nname = "rg"\n',
        'src/main.rs': main(''),
        'src/flags.rs': 'pub fn run() {}\n',
        'src/search.rs': 'pub fn go() {}\n',
        're2/set.h': 'namespace re2 {\nclass Set {\n public:\n  int size() const;\n};\n}\n',
        're2/set_test.cc': test('#include "absl/log/check.h"\n#include "absl/log/log.h"'),
      },
      {
        'src/main.rs': main('mod index;\n'),
        'src/index.rs': '',
        're2/set_test.cc': test('#include "absl/log/absl_check.h"\n#include "absl/log/absl_log.h"'),
      },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      const rust = sliceAt(result, 'src/main.rs', 2);
      expect([...new Set(rust.sections.map((s) => s.diffOnly))]).toEqual(['imports only, tied to no code: src/index.rs holds no code']);
      expect(linesIn(rust, 'src/main.rs')).toEqual(['mod flags;', '+mod index;', 'mod search;', '', 'fn main() {']);
      expect(changedIn(rust)).toEqual(['+mod index;']);
      const cc = sliceAt(result, 're2/set_test.cc', 3);
      expect([...new Set(cc.sections.map((s) => s.diffOnly))]).toEqual([
        'imports only, tied to no code: absl/log/absl_check.h, absl/log/absl_log.h, absl/log/check.h (removed) and absl/log/log.h (removed) are outside the repository, what they declare not known',
      ]);
      expect(changedIn(cc)).toEqual([
        '-#include "absl/log/check.h"',
        '-#include "absl/log/log.h"',
        '+#include "absl/log/absl_check.h"',
        '+#include "absl/log/absl_log.h"',
      ]);
      expect(result.stats.files.map((c) => [c.path, c.coverage, c.reason])).toEqual(
        expect.arrayContaining([
          ['src/main.rs', 'diff', 'imports only, tied to no code: src/index.rs holds no code'],
          ['re2/set_test.cc', 'diff', cc.sections[0]?.diffOnly],
        ]),
      );
    }
  });

  it('a blank line is no use of what an included header declares (re2 71f37d0847: exhaustive_tester.h)', async () => {
    const header =
      '#ifndef T_H_\n#define T_H_\n\n#if !defined(NDEBUG)\n// Debug.\nconst bool RE2_DEBUG_MODE = true;\n#else\nconst bool RE2_DEBUG_MODE = false;\n#endif\n\n#endif\n';
    const cc = (includes: string): string =>
      `// Tester.\n\n// More.\n\n${includes}\n#include <stdio.h>\n\nnamespace re2 {\n\nint Run() {\n  return 0;\n}\n\n}  // namespace re2\n`;
    const f = build({ 'testing/t.h': header, 'testing/t.cc': cc('') }, { 'testing/t.cc': cc('#include "testing/t.h"\n') });
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const slice = sliceAt(await f.slice(algorithm), 'testing/t.cc', 5);
      expect({ algorithm, fromDiff: slice.sections.every((s) => s.diffOnly !== undefined) }).toEqual({ algorithm, fromDiff: true });
    }
  });

  it("an import at the top of an added function's body keeps the function's header and body in one slice (Rust)", async () => {
    const base = 'fn helper() -> u8 {\n    1\n}\n';
    const added =
      '\n#[test]\nfn check() {\n    use std::fmt::Write;\n\n    let mut s = String::new();\n    write!(s, "{}", helper()).unwrap();\n}\n';
    const f = build({ 'lib.rs': base }, { 'lib.rs': base + added });
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect({ algorithm, slices: result.slices.map((s) => changedIn(s).filter((l) => l !== '+')) }).toEqual({
        algorithm,
        slices: [
          [
            '+#[test]',
            '+fn check() {',
            '+use std::fmt::Write;',
            '+let mut s = String::new();',
            '+write!(s, "{}", helper()).unwrap();',
            '+}',
          ],
        ],
      });
    }
  });

  it("a repository header's #include changed alone shows where the file uses what the header declares, a replaced one too (re2 4f5fd7a5da: util/logging.h for Abseil's)", async () => {
    const logging =
      '#ifndef UTIL_LOGGING_H_\n#define UTIL_LOGGING_H_\n\n#define CHECK(x) if (!(x)) abort()\n#define LOG(level) std::cerr\n\n#endif\n';
    const strutil = 'std::string StringPrintf(const char* format, ...);\n';
    const bitmap = (includes: string): string =>
      `#include <string>\n${includes}\n\nnamespace re2 {\n\nint Find(int n) {\n  int k = n + 1;\n  CHECK(n > 0);\n  return k;\n}\n\nstd::string Name(int n) {\n  return StringPrintf("%d", n);\n}\n\n}  // namespace re2\n`;
    const f = build(
      { 'util/logging.h': logging, 'util/strutil.h': strutil, 're2/bitmap.cc': bitmap('#include "util/logging.h"') },
      { 'util/strutil.h': strutil, 're2/bitmap.cc': bitmap('#include "absl/log/check.h"\n#include "util/strutil.h"') },
    );
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const lines = linesIn(sliceAt(await f.slice(algorithm), 're2/bitmap.cc', 2), 're2/bitmap.cc');
      expect(lines).toEqual(expect.arrayContaining(['+#include "util/strutil.h"', 'CHECK(n > 0);', 'return StringPrintf("%d", n);']));
    }
  });

  it("an added module's header and its imports go with its first changed member (Rust: `mod tests { use super::*;`)", async () => {
    const base = 'pub fn f() -> u8 {\n    1\n}\n';
    const test = (name: string, value: number): string =>
      `\n    #[test]\n    fn ${name}() {\n        assert_eq!(f() + ${value}, ${value + 1});\n    }\n`;
    const added = `\n#[cfg(test)]\nmod tests {\n    use super::*;\n${test('one', 0)}${test('two', 1)}}\n`;
    const f = build({ 'lib.rs': base }, { 'lib.rs': base + added });
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect({ algorithm, slices: result.slices.map((s) => changedIn(s).filter((l) => l !== '+' && l !== '+}')) }).toEqual({
        algorithm,
        slices: [
          ['+#[cfg(test)]', '+mod tests {', '+use super::*;', '+#[test]', '+fn one() {', '+assert_eq!(f() + 0, 1);'],
          ['+mod tests {', '+#[test]', '+fn two() {', '+assert_eq!(f() + 1, 2);'],
        ],
      });
    }
  });

  it('an added attribute joins the function below it (Rust), and a decorator its function (Python)', async () => {
    const base = {
      'lib.rs': 'fn helper() -> u8 {\n    1\n}\n\nfn check() {\n    assert_eq!(helper(), 1);\n}\n',
      'views.py': 'def cached(f):\n    return f\n\n\ndef index():\n    return 1\n',
    };
    const head = {
      'lib.rs': 'fn helper() -> u8 {\n    1\n}\n\n#[test]\nfn check() {\n    assert_eq!(helper(), 2);\n}\n',
      'views.py': 'def cached(f):\n    return f\n\n\n@cached\ndef index():\n    return 2\n',
    };
    const f = build(base, head);
    const result = await f.slice('left-flow');
    expect(result.slices.map((s) => s.seed.file).sort()).toEqual(['lib.rs', 'views.py']);
    expect(changedIn(sliceAt(result, 'lib.rs', 7))).toEqual(['+#[test]', '-assert_eq!(helper(), 1);', '+assert_eq!(helper(), 2);']);
    expect(changedIn(sliceAt(result, 'views.py', 7))).toEqual(['+@cached', '-return 1', '+return 2']);
  });

  it("an inner attribute (`#![..]`) is its module's code, not the item below's attribute (Rust: serde's html_root_url)", async () => {
    const file = (version: string, value: number): string =>
      `#![doc(html_root_url = "https://docs.rs/m/${version}")]\n\npub fn answer() -> u8 {\n    ${value}\n}\n`;
    const f = build({ 'lib.rs': file('1.0.1', 1) }, { 'lib.rs': file('1.0.2', 2) });
    const result = await f.slice('left-flow');
    expect(result.slices.map(changedIn)).toEqual([
      ['-#![doc(html_root_url = "https://docs.rs/m/1.0.1")]', '+#![doc(html_root_url = "https://docs.rs/m/1.0.2")]'],
      ['-1', '+2'],
    ]);
  });

  it('a deleted import rides with the change of the head when its file has no other deletion (JavaScript)', async () => {
    const base = { 'a.js': "const fs = require('fs');\nconst path = require('path');\n\nfunction f(x) {\n  return x;\n}\n" };
    const head = { 'a.js': "const fs = require('fs');\n\nfunction f(x) {\n  return x + 1;\n}\n" };
    const f = build(base, head);
    const result = await f.slice('left-flow');
    expect(result.slices.map(changedIn)).toEqual([["-const path = require('path');", '-return x;', '+return x + 1;']]);
  });
  it('an import commented out is a deleted import: it joins the changed code of its file (JavaScript, axios 32c7bcc0f2)', async () => {
    const base = { 'a.spec.js': "import AxiosHeaders from './AxiosHeaders.js';\n\nfunction f(x) {\n  return x;\n}\n" };
    const head = { 'a.spec.js': "// import AxiosHeaders from './AxiosHeaders.js';\n\nfunction f(x) {\n  return x + 1;\n}\n" };
    const f = build(base, head);
    for (const algorithm of ['left-flow', 'full-flow'] as const) {
      const result = await f.slice(algorithm);
      expect({ algorithm, slices: result.slices.map(changedIn) }).toEqual({
        algorithm,
        slices: [
          [
            "-import AxiosHeaders from './AxiosHeaders.js';",
            "+// import AxiosHeaders from './AxiosHeaders.js';",
            '-return x;',
            '+return x + 1;',
          ],
        ],
      });
    }
  });
  it('an added import in a file whose other change only deletes code keeps a slice of its own', async () => {
    const base = { 'a.py': 'import os\n\n\ndef f(x):\n    y = x\n    return x\n' };
    const head = { 'a.py': 'import os\nimport sys\n\n\ndef f(x):\n    return x\n' };
    const f = build(base, head);
    const result = await f.slice('left-flow');
    expect(result.slices.map(changedIn)).toEqual([['+import sys'], ['-y = x']]);
  });
});
