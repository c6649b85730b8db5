/**
 * The body of a member declared in its type (a C++ method declared in its class) is searched for
 * only in files that name the type: an out-of-line definition is written `Reader::Read(…)`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const DECOYS = 5;
const caller = (changed: boolean): string =>
  [
    '#include "io/reader.h"',
    'int Total(Reader& r, int x) {',
    '  int total = x;',
    ...(changed ? ['  total += r.Read(x) + r.Skip(x);'] : []),
    '  return total;',
    '}',
    '',
  ].join('\n');

const BASE: Record<string, string> = {
  'app/total.cc': caller(false),
  'io/reader.h': '#pragma once\nclass Reader {\n public:\n  virtual int Read(int v) = 0;\n  int Skip(int v);\n};\n',
  'io/impl/buffered.cc': '#include "io/reader.h"\nint Reader::Skip(int v) {\n  return v * 2;\n}\n',
};
// Beside the caller, each defining a Read of a class of its own: none names Reader.
for (let i = 0; i < DECOYS; i++)
  BASE[`app/source${i}.cc`] =
    `class Source${i} {\n public:\n  int Read(int v);\n};\nint Source${i}::Read(int v) {\n  return v + ${i};\n}\n`;

describe('the body of a method declared in its class', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, { 'app/total.cc': caller(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  it('is searched for only in files naming the class (none for a pure virtual method), not in those defining another class’s method of that name', async () => {
    const result = await fixture.slice('full-flow');
    const slice = sliceAt(result, 'app/total.cc', 4);
    expect(linesIn(slice, 'io/reader.h')).toContain('virtual int Read(int v) = 0;');
    expect(linesIn(slice, 'io/impl/buffered.cc')).toContain('return v * 2;');
    expect(slice.sections.some((s) => s.file.startsWith('app/source'))).toBe(false);
    // total.cc, io/reader.h and io/impl/buffered.cc (Skip's body): none of the decoys.
    expect(result.stats.filesParsed).toBe(3);
  });
});
