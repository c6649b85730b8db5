import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { Slice } from '../../src/types.js';
import { buildFixture, linesIn, type Fixture } from './fixtures.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/** The changed lines of a slice, with their marks. */
const changedIn = (slice: Slice): string[] =>
  slice.sections.flatMap((s) => s.lines.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text.trim()}`));

// Real changes that left slices of nothing (seen on LevelDB): a blank line added after an added
// method, a comment reworded, a blank line deleted before a deleted function.
describe('changed lines with nothing to review inside a change that has something', () => {
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    const header = (comment: string, added: string[]): string =>
      lines(
        'class Slice {',
        ' public:',
        `  // ${comment}`,
        '  const char* data() const { return data_; }',
        ...added,
        '',
        ' private:',
        '  const char* data_;',
        '};',
      );
    const source = (withMain: boolean): string =>
      lines(
        '#include "slice.h"',
        '',
        'int size(const Slice& s) {',
        '  return 0;',
        '}',
        ...(withMain ? ['', 'int main() {', '  return size(Slice());', '}'] : []),
      );
    fixture = buildFixture(
      { 'src/slice.h': header('Returns the data.', []), 'src/slice.cc': source(true) },
      {
        'src/slice.h': header('Returns the bytes.', ['  const char* begin() const { return data(); }', '']),
        'src/slice.cc': source(false),
      },
    );
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('slices the added method and the deleted function, and nothing else', () => {
    const changed = result.slices.map(changedIn);
    expect(changed).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['+const char* begin() const { return data(); }']),
        expect.arrayContaining(['-int main() {']),
      ]),
    );
    // No slice is made of blank lines and comments only.
    for (const c of changed) expect({ c, reviewable: c.some((l) => !/^[+-](?:\/\/.*)?$/.test(l)) }).toEqual({ c, reviewable: true });
    expect(result.slices).toHaveLength(2);
  });

  it('keeps the skipped lines out of every slice as changes, while the method and deletion keep their context', () => {
    const all = result.slices.flatMap((s) => linesIn(s, 'src/slice.h'));
    // The reworded comment is shown only as the first line of the doc comment of `data()`, which begin() calls.
    const withComment = result.slices.filter((s) => linesIn(s, 'src/slice.h').includes('+// Returns the bytes.'));
    expect(withComment.map((s) => linesIn(s, 'src/slice.h'))).toEqual([
      expect.arrayContaining([
        '+// Returns the bytes.',
        'const char* data() const { return data_; }',
        '+const char* begin() const { return data(); }',
      ]),
    ]);
    expect(all).toContain('class Slice {');
  });
});

// Go and TypeScript comments are comments too (a doc comment over an added function; JSDoc added to
// an interface's member).
describe('comments in Go and TypeScript', () => {
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    const go = (added: string[]): string => lines('package hashing', '', 'func A() int {', '\treturn 1', '}', ...added);
    const ts = (doc: string[]): string => lines('export interface Payload {', ...doc, '  path: string;', '}');
    fixture = buildFixture(
      { 'go.mod': 'module example.com/h\n', 'hashing/a.go': go([]), 'types/payload.ts': ts([]) },
      {
        'hashing/a.go': go(['', '// B returns two.', 'func B() int {', '\treturn 2', '}']),
        'types/payload.ts': ts(['  /**', '   * The module URL.', '   */']),
      },
    );
    result = await fixture.slice('full-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('slices the added Go function and no comment alone', () => {
    expect(result.slices.map(changedIn)).toEqual([expect.arrayContaining(['+func B() int {', '+return 2'])]);
  });

  it('leaves a TypeScript file whose change is a comment with nothing to review', () => {
    expect(result.stats.files.find((f) => f.path === 'types/payload.ts')).toEqual(expect.objectContaining({ coverage: 'skipped' }));
    expect(result.slices.some((s) => s.sections.some((sec) => sec.file === 'types/payload.ts'))).toBe(false);
  });
});

// Comments and blank lines changed with code are part of the change a reviewer reads (seen on cobra:
// a two-line comment added over a rewritten assignment showed its first line only, cut mid-sentence).
describe('comments changed together with code ride along with it', () => {
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    const c = (body: string[]): string =>
      lines('int f(int x) {', ...body, '  return x;', '}', '', 'int g(int y) {', '  y += 2;', '  // Done.', '  return y;', '}');
    const go = (body: string[]): string => lines('package m', '', 'func F(args []string) []string {', ...body, '\treturn trimmed', '}');
    fixture = buildFixture(
      { 'go.mod': 'module example.com/m\n', 'src/a.c': c([]), 'm/f.go': go(['\ttrimmed := args[:len(args)-1]']) },
      {
        'src/a.c': c([
          '  // First line of a note',
          '  // that goes on here,',
          '',
          '  // and ends here.',
          '  x++;',
          '  // After the change.',
        ]).replace('  y += 2;\n  // Done.\n', ''),
        'm/f.go': go([
          "\t// Copy to a new slice so as not to change the caller's",
          '\t// backing array (os.Args) when appending later.',
          '\ttrimmed := make([]string, len(args)-1)',
          '\tcopy(trimmed, args[:len(args)-1])',
        ]),
      },
    );
    result = await fixture.slice('left-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('shows every added comment and blank line of a run with the code it comes with', () => {
    const c = result.slices.filter((s) => s.seed.file === 'src/a.c' && s.sections.some((sec) => sec.side === 'head')).map(changedIn);
    expect(c).toEqual([
      ['+// First line of a note', '+// that goes on here,', '+', '+// and ends here.', '+x++;', '+// After the change.'],
    ]);
  });

  it('shows the whole comment of a run that replaces code', () => {
    expect(result.slices.filter((s) => s.seed.file === 'm/f.go').map(changedIn)).toEqual([
      [
        '-trimmed := args[:len(args)-1]',
        "+// Copy to a new slice so as not to change the caller's",
        '+// backing array (os.Args) when appending later.',
        '+trimmed := make([]string, len(args)-1)',
        '+copy(trimmed, args[:len(args)-1])',
      ],
    ]);
  });

  it('shows a deleted comment between deleted code lines', () => {
    const base = result.slices.filter((s) => s.sections.some((sec) => sec.side === 'base' && sec.file === 'src/a.c')).map(changedIn);
    expect(base).toEqual([['-y += 2;', '-// Done.']]);
  });

  it('makes no slice of the comments alone', () => {
    expect(result.slices).toHaveLength(3);
  });
});

// A test added to a suite (seen on axios): the `it(...)` header made a slice of its own, and a
// closing `});` could be left as one; both belong to the slice of the test's body.
describe('a closure added with its header and closing brackets', () => {
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    const suite = (added: string[]): string =>
      lines("describe('a', () => {", "  it('one', () => {", '    const x = make();', '    expect(x).toBe(1);', '  });', ...added, '});');
    fixture = buildFixture(
      { 'test/a.test.js': suite([]) },
      {
        'test/a.test.js': suite([
          '',
          "  it('two', () => {",
          '    const y = make(2);',
          '    if (y > 1) {',
          '      expect(y).toBe(2);',
          '    }',
          '  });',
        ]),
      },
    );
    result = await fixture.slice('left-flow');
  });
  afterAll(() => fixture.repo.cleanup());

  it('makes one slice of the header, the body and the brackets', () => {
    expect(result.slices.map(changedIn)).toEqual([
      ['+', "+it('two', () => {", '+const y = make(2);', '+if (y > 1) {', '+expect(y).toBe(2);', '+}', '+});'],
    ]);
  });
});
