import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import { javaPack } from '../../src/slicing/languages/java/pack.js';
import { RevisionPaths } from '../../src/slicing/path-set.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const MAIN = 'src/main/java/com/acme';
const TEST = 'src/test/java/com/acme';

const lines = (...l: string[]): string => l.join('\n') + '\n';

/** The traps of Java: same-package classes without an import, star and static imports, `var`, `this`, enums, lambdas, anonymous classes. */
const BASE: Record<string, string> = {
  [`${MAIN}/core/Helper.java`]: lines(
    'package com.acme.core;',
    '',
    'class Helper {',
    '    int run(int n) {',
    '        return n + 1;',
    '    }',
    '}',
  ),
  [`${MAIN}/other/Helper.java`]: lines(
    'package com.acme.other;',
    '',
    'public class Helper {',
    '    public int run(int n) {',
    '        return n - 1;',
    '    }',
    '}',
  ),
  [`${MAIN}/model/Account.java`]: lines(
    'package com.acme.model;',
    '',
    'public class Account {',
    '    public static class Entry {',
    '        public long amount() {',
    '            return 0;',
    '        }',
    '    }',
    '',
    '    public void close() {',
    '    }',
    '}',
  ),
  [`${MAIN}/legacy/Account.java`]: lines(
    'package com.acme.legacy;',
    '',
    'public class Account {',
    '    public void close() {',
    '    }',
    '}',
  ),
  [`${MAIN}/model/Color.java`]: lines('package com.acme.model;', '', 'public enum Color {', '    RED,', '    GREEN;', '}'),
  [`${MAIN}/util/Strings.java`]: lines(
    'package com.acme.util;',
    '',
    'public final class Strings {',
    '    public static String pad(String s) {',
    '        return " " + s;',
    '    }',
    '}',
  ),
  // Same-named classes the changes cannot reach, nearer than (or as near as) the right ones.
  [`${MAIN}/aaa/Strings.java`]: lines(
    'package com.acme.aaa;',
    '',
    'public final class Strings {',
    '    public static String pad(String s) {',
    '        return s;',
    '    }',
    '}',
  ),
  [`${TEST}/other/Helper.java`]: lines(
    'package com.acme.other;',
    '',
    'public class Helper {',
    '    public int run(int n) {',
    '        return n * 2;',
    '    }',
    '}',
  ),
  [`${MAIN}/core/Engine.java`]: lines(
    'package com.acme.core;',
    '',
    'import com.acme.model.*;',
    'import com.acme.model.Account.Entry;',
    'import static com.acme.util.Strings.*;',
    '',
    'public class Engine {',
    '    private int total;',
    '    private final Helper helper = new Helper();',
    '',
    '    public int step(int n) {',
    '        var h = new Helper();',
    '        int x = h.run(n);',
    '        total += x;',
    '        return x;',
    '    }',
    '',
    '    public void close(Account acct, Entry entry) {',
    '        Runnable r = () -> {',
    '            int k = 0;',
    '            k++;',
    '        };',
    '        acct.close();',
    '    }',
    '',
    '    public String paint(Color c) {',
    '        switch (c) {',
    '            case RED:',
    '                return "r";',
    '            default:',
    '                return "g";',
    '        }',
    '    }',
    '',
    '    void reset() {',
    '        total = 0;',
    '    }',
    '',
    '    void loop(java.util.List<String> names) {',
    '        for (String name : names) {',
    '            try (java.io.Reader in = open(name)) {',
    '                total++;',
    '            } catch (java.io.IOException e) {',
    '                total--;',
    '            }',
    '        }',
    '    }',
    '',
    '    java.io.Reader open(String name) {',
    '        return null;',
    '    }',
    '}',
  ),
  [`${TEST}/core/EngineTest.java`]: lines(
    'package com.acme.core;',
    '',
    'public class EngineTest {',
    '    void testStep() {',
    '        Engine e = new Engine();',
    '    }',
    '}',
  ),
  [`${MAIN}/other/Resetter.java`]: lines('package com.acme.other;', '', 'public class Resetter {', '    void reset() {', '    }', '}'),
};

const ENGINE = BASE[`${MAIN}/core/Engine.java`] as string;
const HEAD: Record<string, string | null> = {
  [`${MAIN}/core/Engine.java`]: ENGINE.replace('        total += x;\n', '        total += x + helper.run(x);\n')
    .replace('            k++;\n', '            k += total;\n')
    .replace('        acct.close();\n', '        acct.close();\n        long a = entry.amount();\n')
    .replace('                return "r";\n', '                return pad("r") + Color.GREEN;\n')
    .replace('        total = 0;\n', '        total = 0;\n        this.reset();\n')
    .replace('                total--;\n', '                total -= e.hashCode() + in.hashCode() + name.length();\n'),
  [`${TEST}/core/EngineTest.java`]: lines(
    'package com.acme.core;',
    '',
    'public class EngineTest {',
    '    void testStep() {',
    '        Engine e = new Engine();',
    '        e.step(new Helper().run(1));',
    '    }',
    '}',
  ),
};

const ENGINE_PATH = `${MAIN}/core/Engine.java`;
/** Head line numbers of the planted changes. */
const AT = { step: 14, lambda: 21, entry: 24, enumCase: 30, reset: 38, catchBlock: 46 };

describe('slicing Java', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(BASE, HEAD);
    for (const algorithm of ['parent-function', 'left-flow', 'full-flow'] as const) results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const slice = (algorithm: SliceAlgorithm, file: string, line: number) => sliceAt(results.get(algorithm) as SliceResult, file, line);
  const shown = (algorithm: SliceAlgorithm, at: number, file: string): string[] => linesIn(slice(algorithm, ENGINE_PATH, at), file);

  it('the planted changes are where the test expects them', () => {
    const head = (HEAD[ENGINE_PATH] as string).split('\n');
    expect(head[AT.step - 1]?.trim()).toBe('total += x + helper.run(x);');
    expect(head[AT.lambda - 1]?.trim()).toBe('k += total;');
    expect(head[AT.entry - 1]?.trim()).toBe('long a = entry.amount();');
    expect(head[AT.enumCase - 1]?.trim()).toBe('return pad("r") + Color.GREEN;');
    expect(head[AT.reset - 1]?.trim()).toBe('this.reset();');
    expect(head[AT.catchBlock - 1]?.trim()).toBe('total -= e.hashCode() + in.hashCode() + name.length();');
  });

  it('a change inside a lambda has the lambda as its parent, under the method header', () => {
    const lines = shown('parent-function', AT.lambda, ENGINE_PATH);
    expect(lines).toEqual(
      expect.arrayContaining([
        'public void close(Account acct, Entry entry) {',
        'Runnable r = () -> {',
        'int k = 0;',
        '+k += total;',
        '};',
      ]),
    );
    expect(lines).not.toContain('acct.close();');
  });

  it('a field reached unqualified from a lambda is the class field, with its earlier writes in the method', () => {
    expect(shown('left-flow', AT.lambda, ENGINE_PATH)).toEqual(expect.arrayContaining(['private int total;', 'int k = 0;']));
  });

  it('a same-package class needs no import; `var` takes the constructed type; a field takes its declared type', () => {
    const left = shown('left-flow', AT.step, ENGINE_PATH);
    expect(left).toEqual(
      expect.arrayContaining([
        'int x = h.run(n);',
        'private int total;',
        'private final Helper helper = new Helper();',
        'public int step(int n) {',
      ]),
    );
    const helper = shown('full-flow', AT.step, `${MAIN}/core/Helper.java`);
    expect(helper).toContain('int run(int n) {');
    expect(slice('full-flow', ENGINE_PATH, AT.step).sections.some((s) => s.file === `${MAIN}/other/Helper.java`)).toBe(false);
  });

  it("a nested class imported by its outer class's path resolves to the outer file", () => {
    expect(shown('full-flow', AT.entry, `${MAIN}/model/Account.java`)).toContain('public long amount() {');
  });

  it('a star import and a static star import reach the package and the class, not a same-named one elsewhere', () => {
    const full = slice('full-flow', ENGINE_PATH, AT.enumCase);
    expect(linesIn(full, `${MAIN}/util/Strings.java`)).toContain('public static String pad(String s) {');
    expect(full.sections.some((s) => s.file === `${MAIN}/aaa/Strings.java`)).toBe(false);
    expect(linesIn(full, `${MAIN}/model/Color.java`)).toEqual(expect.arrayContaining(['public enum Color {', 'GREEN;']));
    expect(linesIn(full, ENGINE_PATH)).toEqual(expect.arrayContaining(['switch (c) {', 'case RED:']));
    const lambda = slice('full-flow', ENGINE_PATH, AT.entry);
    expect(lambda.sections.some((s) => s.file === `${MAIN}/legacy/Account.java`)).toBe(false);
  });

  it("this.m() is the class's own method, not a same-named one in another class", () => {
    const full = slice('full-flow', ENGINE_PATH, AT.reset);
    expect(linesIn(full, ENGINE_PATH)).toContain('void reset() {');
    expect(full.sections.some((s) => s.file === `${MAIN}/other/Resetter.java`)).toBe(false);
  });

  it('catch, try-with-resources and enhanced-for variables are declarations of what the change reads', () => {
    expect(shown('left-flow', AT.catchBlock, ENGINE_PATH)).toEqual(
      expect.arrayContaining([
        'for (String name : names) {',
        'try (java.io.Reader in = open(name)) {',
        '} catch (java.io.IOException e) {',
        'total++;',
        'private int total;',
      ]),
    );
  });
});

describe('slicing a Java test', () => {
  // Only the test changes, so nothing the engine's own slices parsed helps find what it uses.
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(BASE, { [`${TEST}/core/EngineTest.java`]: HEAD[`${TEST}/core/EngineTest.java`] as string });
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it("sees its package's classes in the main source root without an import, before nearer same-named ones", () => {
    const full = sliceAt(result, `${TEST}/core/EngineTest.java`, 6);
    expect(linesIn(full, ENGINE_PATH)).toContain('public int step(int n) {');
    expect(linesIn(full, `${MAIN}/core/Helper.java`)).toContain('int run(int n) {');
    expect(full.sections.some((s) => s.file === `${MAIN}/other/Helper.java` || s.file === `${TEST}/other/Helper.java`)).toBe(false);
  });
});

describe('slicing Java within its package, without a repository-wide search', () => {
  // A package of more files than are searched wholesale; the change uses a field of its own class,
  // a sibling class (no import) and a class imported from a library, which a repository class shares a name with.
  const pkg = `${MAIN}/big`;
  const base: Record<string, string> = {
    [`${MAIN}/vendor/Widget.java`]: lines(
      'package com.acme.vendor;',
      '',
      'public class Widget {',
      '    public void draw() {',
      '    }',
      '}',
    ),
    [`${pkg}/Sibling.java`]: lines(
      'package com.acme.big;',
      '',
      'class Sibling {',
      '    int go(int n) {',
      '        return n;',
      '    }',
      '}',
    ),
    [`${pkg}/Main.java`]: lines(
      'package com.acme.big;',
      '',
      'import org.library.Widget;',
      '',
      'class Main {',
      '    private int count;',
      '',
      '    void run(Widget w) {',
      '        count = 1;',
      '    }',
      '}',
    ),
  };
  for (let i = 0; i < 8; i++) base[`${pkg}/Other${i}.java`] = lines('package com.acme.big;', '', `class Other${i} {`, '}');
  const head = {
    [`${pkg}/Main.java`]: (base[`${pkg}/Main.java`] as string).replace(
      '        count = 1;\n',
      '        count = new Sibling().go(count);\n        w.draw();\n',
    ),
  };
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture(base, head);
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('finds the field and the sibling class by its file name, and leaves a library class alone', () => {
    const full = sliceAt(result, `${pkg}/Main.java`, 9);
    expect(linesIn(full, `${pkg}/Main.java`)).toContain('private int count;');
    expect(linesIn(full, `${pkg}/Sibling.java`)).toEqual(expect.arrayContaining(['class Sibling {', 'int go(int n) {']));
    expect(result.slices.some((s) => s.sections.some((sec) => sec.file === `${MAIN}/vendor/Widget.java`))).toBe(false);
    expect(result.stats.bytesIndexed).toBe(0);
  });
});

describe('a Java change that adds comments', () => {
  let fixture: Fixture;
  let result: SliceResult;
  const file = `${MAIN}/Doc.java`;
  beforeAll(async () => {
    const base = lines('package com.acme;', '', 'class Doc {', '    int f() {', '        int a = 0;', '        return 1;', '    }', '}');
    const head = lines(
      'package com.acme;',
      '',
      '/**',
      ' * What Doc is.',
      ' */',
      'class Doc {',
      '    int f() {',
      '        // Why a is zero.',
      '        int a = 0;',
      '        return 2;',
      '    }',
      '}',
    );
    fixture = buildFixture({ [file]: base }, { [file]: head });
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('makes no slice for Javadoc and line comments, and one for the code', () => {
    expect(result.slices).toHaveLength(1);
    expect(linesIn(result.slices[0] as (typeof result.slices)[number], file)).toContain('+return 2;');
    expect(result.slices.some((s) => s.sections.some((sec) => sec.lines.some((l) => l.op === '+' && /What Doc|Why a/.test(l.text))))).toBe(
      false,
    );
  });
});

describe('Java imports and packages', () => {
  const paths = new RevisionPaths([
    'core/src/main/java/a/b/C.java',
    'core/src/main/java/a/b/D.java',
    'core/src/main/java/a/b/x/E.java',
    'core/src/test/java/a/b/CTest.java',
    'api/src/main/java/a/b/C.java',
    'api/src/main/java/a/b/Outer.java',
    'README.md',
  ]);
  const { resolveImport, companions } = javaPack.adapter;
  const fact = (module: string, name: string | null, star = false) => ({ module, name, alias: null, star });

  it("a class import is the file under any source root, the importing module's own copy first", () => {
    expect(resolveImport(fact('a.b', 'C'), 'core/src/main/java/a/b/x/E.java', paths)).toEqual([
      'core/src/main/java/a/b/C.java',
      'api/src/main/java/a/b/C.java',
    ]);
    expect(resolveImport(fact('a.b', 'C'), 'api/src/main/java/a/b/Outer.java', paths)[0]).toBe('api/src/main/java/a/b/C.java');
  });

  it("a nested class or a static member names its outer class's file", () => {
    expect(resolveImport(fact('a.b.Outer', 'Inner'), 'x.java', paths)).toEqual(['api/src/main/java/a/b/Outer.java']);
    expect(resolveImport(fact('a.b.D', 'helper'), 'x.java', paths)).toEqual(['core/src/main/java/a/b/D.java']);
    expect(resolveImport(fact('a.b.Outer.Inner', 'CONST'), 'x.java', paths)).toEqual(['api/src/main/java/a/b/Outer.java']);
    expect(resolveImport(fact('a.b.D', null, true), 'x.java', paths)).toEqual(['core/src/main/java/a/b/D.java']);
  });

  it('a star import is the package under every source root; the JDK and jars are nothing', () => {
    expect([...resolveImport(fact('a.b', null, true), 'x.java', paths)].sort()).toEqual(
      [
        'api/src/main/java/a/b/C.java',
        'api/src/main/java/a/b/Outer.java',
        'core/src/main/java/a/b/C.java',
        'core/src/main/java/a/b/D.java',
        'core/src/test/java/a/b/CTest.java',
      ].sort(),
    );
    expect(resolveImport(fact('java.util', 'List'), 'x.java', paths)).toEqual([]);
    expect(resolveImport(fact('org.junit', null, true), 'x.java', paths)).toEqual([]);
  });

  it("a file's companions are its package under every source root, not its subpackages", () => {
    expect([...companions('core/src/test/java/a/b/CTest.java', paths)].sort()).toEqual(
      [
        'api/src/main/java/a/b/C.java',
        'api/src/main/java/a/b/Outer.java',
        'core/src/main/java/a/b/C.java',
        'core/src/main/java/a/b/D.java',
      ].sort(),
    );
  });
});

describe('the text hint that picks Java files worth parsing', () => {
  const { definitionHint } = javaPack.adapter;
  it('matches method, constructor and type declarations in their usual shapes', () => {
    const hint = definitionHint('doWork', 'callable');
    for (const line of [
      '    public static void doWork(int a) {',
      '  @Override public <T> List<T> doWork(Map<String, T> m)',
      '    int doWork();',
      '    Foo[] doWork (int x)',
      '    a.b.C doWork(',
      '    final synchronized Object doWork(Object o) throws IOException {',
    ]) {
      expect({ line, matches: hint.test(line) }).toEqual({ line, matches: true });
    }
    expect(definitionHint('Widget', 'callable').test('public final class Widget<T> implements Runnable {')).toBe(true);
    expect(definitionHint('Point', 'callable').test('record Point(int x, int y) {')).toBe(true);
    expect(definitionHint('x', 'callable').test('public record Point(int x, int y) {')).toBe(true);
  });

  it('does not match calls, so a file that only calls the method is not parsed for it', () => {
    const hint = definitionHint('doWork', 'callable');
    for (const line of [
      '    doWork(x);',
      '    return doWork(x);',
      '    int y = doWork(x);',
      '    helper.doWork(x);',
      '    if (doWork(y)) {',
      '    new doWork(x);',
      '    throw doWork(x);',
    ]) {
      expect({ line, matches: hint.test(line) }).toEqual({ line, matches: false });
    }
  });

  it('matches fields, constants and enum constants, not assignments', () => {
    const hint = definitionHint('LIMIT', 'field');
    for (const line of [
      '    public static final int LIMIT = 10;',
      '    private long count, LIMIT;',
      '    LIMIT(3),',
      '    LIMIT,',
      '    LIMIT;',
      '    Map<String, List<Foo>> LIMIT = new HashMap<>();',
    ]) {
      expect({ line, matches: hint.test(line) }).toEqual({ line, matches: true });
    }
    for (const line of ['    LIMIT = 3;', '    x = LIMIT;', '    return LIMIT;', '    foo(LIMIT);'])
      expect({ line, matches: hint.test(line) }).toEqual({ line, matches: false });
  });

  it('stays fast on long lines of symbols', () => {
    const hint = definitionHint('doWork', 'callable');
    expect(hint.test('    ' + 'a '.repeat(20_000) + 'x')).toBe(false);
    expect(hint.test('    ' + 'a<b, '.repeat(10_000) + 'x')).toBe(false);
  });

  it('reads generic, qualified and array types by their last name', () => {
    const { lastComponent } = javaPack.adapter;
    expect(lastComponent('Map<String, List<Foo>>')).toBe('Map');
    expect(lastComponent('a.b.Outer.Inner')).toBe('Inner');
    expect(lastComponent('java.util.List<a.b.C>')).toBe('List');
    expect(lastComponent('Foo[]')).toBe('Foo');
  });
});

describe('slicing Java calls on a field', () => {
  it("this.f.m() looks in the field's declared type, not in a same-named method of another class", async () => {
    const pkg = `${MAIN}/store`;
    const user = (changed: string): string =>
      lines(
        'package com.acme.store;',
        '',
        'class User {',
        '    private final Store store = new Store();',
        '',
        '    void run(int x) {',
        `        ${changed}`,
        '    }',
        '}',
      );
    const f = buildFixture(
      {
        [`${pkg}/Store.java`]: lines('package com.acme.store;', '', 'class Store {', '    void save(int v) {', '    }', '}'),
        [`${pkg}/Cache.java`]: lines('package com.acme.store;', '', 'class Cache {', '    void save(int v) {', '    }', '}'),
        [`${pkg}/User.java`]: user('x += 1;'),
      },
      { [`${pkg}/User.java`]: user('this.store.save(x);') },
    );
    try {
      const full = sliceAt(await f.slice('full-flow'), `${pkg}/User.java`, 7);
      expect(linesIn(full, `${pkg}/Store.java`)).toContain('void save(int v) {');
      expect(full.sections.some((s) => s.file === `${pkg}/Cache.java`)).toBe(false);
    } finally {
      f.repo.cleanup();
    }
  });
});
