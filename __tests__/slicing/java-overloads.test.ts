import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import { javaSignature } from '../../src/slicing/languages/java/signature.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const lines = (...l: string[]): string => l.join('\n') + '\n';
const MAIN = 'src/main/java/com/acme';
const WRITER = `${MAIN}/io/Writer.java`;
const USER = `${MAIN}/app/User.java`;

/** Overloads of one name that only the arguments' count, their literal types or the variables' declared types tell apart. */
const WRITER_TEXT = lines(
  'package com.acme.io;',
  '',
  'import java.lang.reflect.Type;',
  '',
  'public class Writer {',
  '    public Writer value(String value) {',
  '        return this;',
  '    }',
  '',
  '    @Deprecated',
  '    public Writer value(boolean value) {',
  '        return this;',
  '    }',
  '',
  '    public Writer value(Boolean value) {',
  '        return this;',
  '    }',
  '',
  '    public Writer value(long value) {',
  '        return this;',
  '    }',
  '',
  '    public Writer value(Number value) {',
  '        return this;',
  '    }',
  '',
  '    public String nextName() {',
  '        return nextName(false);',
  '    }',
  '',
  '    private String nextName(boolean skip) {',
  '        return "";',
  '    }',
  '',
  '    @SuppressWarnings({"unchecked", "value(String)"})',
  '    public <T> T read(String json, Class<T> classOfT) {',
  '        return null;',
  '    }',
  '',
  '    public <T> T read(String json, Type typeOfT) {',
  '        return null;',
  '    }',
  '',
  '    public <T> T read(java.io.Reader json, Type typeOfT) {',
  '        return null;',
  '    }',
  '',
  '    public static String join(String first, String... rest) {',
  '        return first;',
  '    }',
  '',
  '    public static String join(String first, String second) {',
  '        return second;',
  '    }',
  '',
  '    public void write(Object any) {',
  '    }',
  '',
  '    public void write(Node node) {',
  '    }',
  '}',
);
const NODE = `${MAIN}/io/Node.java`;
const LEAF = `${MAIN}/app/Leaf.java`;
const OTHERS: Record<string, string> = {
  [NODE]: lines('package com.acme.io;', '', 'public class Node {', '}'),
  [LEAF]: lines('package com.acme.app;', '', 'import com.acme.io.Node;', '', 'public class Leaf extends Node {', '}'),
};

/** One method per call, far enough apart that each change is a slice of its own. */
const CALLS: Record<string, string> = {
  string: 'w.value("a");',
  cast: 'w.value((Number) n);',
  widened: 'w.value(count);',
  unknown: 'w.value(n.toString());',
  arity: 'String s = w.nextName();',
  classLiteral: 'Object o = w.read(text, User.class);',
  declaredType: 'Object o = w.read(text, type);',
  spread: 'String s = Writer.join("a", "b", "c");',
  fixed: 'String s = Writer.join("a", "b");',
  outside: 'Thread t = Thread.currentThread(); w.write(t);',
  plain: 'Plain p = new Plain(); w.write(p);',
  derived: 'Leaf leaf = new Leaf(); w.write(leaf);',
  construct: 'Plain p = new Plain("x");',
};

const userText = (changed: boolean): string =>
  lines(
    'package com.acme.app;',
    '',
    'import com.acme.io.Writer;',
    'import java.lang.reflect.Type;',
    '',
    'public class User {',
    ...Object.entries(CALLS).flatMap(([name, call]) => [
      `    void ${name}(Writer w, Number n, int count, String text, Type type) {`,
      '        int before = 0;',
      `        ${changed ? call : 'before++;'}`,
      '        int after = 1;',
      '    }',
      '',
    ]),
    '}',
    '',
    // Long enough that the slice shows its header, not the whole class.
    'class Plain {',
    ...Array.from({ length: 40 }, (_, i) => `    int field${i};`),
    '    Plain() {',
    '    }',
    '',
    '    Plain(String s) {',
    '    }',
    '',
    '    Plain(int n) {',
    '    }',
    '}',
  );

/** Head line of each planted call. */
const lineOf = (name: string): number => 8 + 6 * Object.keys(CALLS).indexOf(name) + 1;

describe('Java overloads', () => {
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture({ ...OTHERS, [WRITER]: WRITER_TEXT, [USER]: userText(false) }, { [USER]: userText(true) });
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  /** The signature lines of Writer shown for the call planted in method `name`. */
  const shown = (name: string): string[] =>
    linesIn(sliceAt(result, USER, lineOf(name)), WRITER).filter((l) => /\(/.test(l) && !/^(return|@)/.test(l));

  it('the planted calls are where the test expects them', () => {
    const head = userText(true).split('\n');
    for (const [name, call] of Object.entries(CALLS)) expect(head[lineOf(name) - 1]?.trim()).toBe(call);
  });

  it("a literal's type picks its overload: a string literal is value(String), not value(boolean) or value(Boolean)", () => {
    expect(shown('string')).toEqual(['public Writer value(String value) {']);
  });

  it("a cast's type, and a primitive widened before it is boxed, pick theirs", () => {
    expect(shown('cast')).toEqual(['public Writer value(Number value) {']);
    expect(shown('widened')).toEqual(['public Writer value(long value) {']);
  });

  it('an argument whose type is not known leaves the overloads tied: none is shown', () => {
    expect(shown('unknown')).toEqual([]);
  });

  it('the count of arguments picks among overloads', () => {
    expect(shown('arity')).toEqual(['public String nextName() {']);
  });

  it('a class literal is a Class, which is also a Type: the most specific is meant; a declared Type is only a Type', () => {
    expect(shown('classLiteral')).toEqual(['public <T> T read(String json, Class<T> classOfT) {']);
    expect(shown('declaredType')).toEqual(['public <T> T read(String json, Type typeOfT) {']);
  });

  it('a call of variable arity reaches the varargs method; one that fits a fixed arity takes it', () => {
    expect(shown('spread')).toEqual(['public static String join(String first, String... rest) {']);
    expect(shown('fixed')).toEqual(['public static String join(String first, String second) {']);
  });

  it("a type from outside the repository, or one of the repository's whose ancestors are all known, is no repository type it does not derive from", () => {
    expect(shown('outside')).toEqual(['public void write(Object any) {']);
    expect(shown('plain')).toEqual(['public void write(Object any) {']);
    expect(shown('derived')).toEqual(['public void write(Node node) {']);
  });

  it("a constructor call shows the type's constructor its arguments pick, found in the same file as in an imported one", () => {
    const constructors = linesIn(sliceAt(result, USER, lineOf('construct')), USER).filter((l) => /^Plain\(/.test(l));
    expect(constructors).toEqual(['Plain(String s) {']);
  });
});

describe('javaSignature', () => {
  it('reads parameter types past annotations, modifiers, generics and arrays', () => {
    expect(
      javaSignature(
        '@SuppressWarnings({"a", "f(x)"})\npublic <T> T f(final @Nullable Map<String, List<T>> m,\n  int[] a, String b[]) {',
        'f',
      ),
    ).toEqual({
      params: ['Map', 'int[]', 'String[]'],
      variadic: false,
    });
    expect(javaSignature('static void g(java.lang.Object o, String... rest);', 'g')).toEqual({
      params: ['Object', 'String[]'],
      variadic: true,
    });
    expect(javaSignature('Foo() {', 'Foo')).toEqual({ params: [], variadic: false });
    expect(javaSignature('String name;', 'name')).toBeNull();
  });
});
