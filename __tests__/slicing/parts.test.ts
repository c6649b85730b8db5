/**
 * A change larger than one part (SliceOptions.partFiles files, or partStatements changed statements) is sliced part by part, each part's parsed
 * files let go before the next is planned: the slices are those of one part where no slice shows
 * another part's changed lines, every changed line is still in a slice where one does, and a file two
 * parts need is parsed by each.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const HEADER = '#pragma once\nstruct ring {\n  int head;\n  int size;\n};\n';
const user = (name: string, changed: boolean): string =>
  `#include "ring.h"\nint ${name}(struct ring *r) {\n  int at = r->head;\n${changed ? '  at = (at + 1) % r->size;\n' : ''}  return at;\n}\n`;

// a.c and b.c each change a function reading a struct ring.h declares.
const BASE = { 'ring.h': HEADER, 'a.c': user('next_a', false), 'b.c': user('next_b', false) };
const HEAD = { 'a.c': user('next_a', true), 'b.c': user('next_b', true) };

const changedLinesShown = (result: SliceResult): string[] =>
  [
    ...new Set(
      result.slices.flatMap((s) =>
        s.sections.flatMap((sec) => sec.lines.filter((l) => l.op !== ' ').map((l) => `${sec.file}:${l.op}${l.new ?? l.old}`)),
      ),
    ),
  ].sort();

describe('slicing a change in parts', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(BASE, HEAD);
  });
  afterAll(() => fixture.repo.cleanup());

  it("where no slice shows another file's change: the same slices and coverage, the header parsed once per part", async () => {
    const whole = await fixture.slice('left-flow');
    const parts = await fixture.slice('left-flow', 100_000, { partFiles: 1 });
    expect(parts.slices.map((s) => s.rendered)).toEqual(whole.slices.map((s) => s.rendered));
    expect(parts.slices.map((s) => s.id)).toEqual(whole.slices.map((s) => s.id));
    expect(parts.stats.files).toEqual(whole.stats.files);
    expect(linesIn(sliceAt(parts, 'b.c', 4), 'ring.h')).toEqual(['struct ring {', 'int size;']);
    // ring.h is read for a.c's slice and b.c's: once in one part, again by b.c's part after a.c's let it go.
    expect(parts.stats.filesParsed).toBe(whole.stats.filesParsed + 1);
  });

  it("hands each part's slices on as soon as the part is sliced, and keeps none of them", async () => {
    const f = buildFixture({ ...BASE, 'notes.txt': 'one\n' }, { ...HEAD, 'notes.txt': 'two\n' });
    try {
      const whole = await f.slice('left-flow');
      const handed: string[][] = [];
      const parts = await f.slice('left-flow', 100_000, { partFiles: 1, onSlices: (slices) => void handed.push(slices.map((s) => s.id)) });
      expect(parts.slices).toEqual([]);
      // a.c's part, b.c's part, then the file reviewed from its diff; the ids count the run's slices.
      expect(handed).toEqual([['s1'], ['s2'], ['s3']]);
      expect(whole.slices.map((s) => `${s.id} ${s.seed.file}`)).toEqual(['s1 a.c', 's2 b.c', 's3 notes.txt']);
      expect(parts.stats.files).toEqual(whole.stats.files);
    } finally {
      f.repo.cleanup();
    }
  });

  it('ends a part at the file that brings its changed statements to partStatements, whatever partFiles allows', async () => {
    const two = (name: string, changed: boolean): string =>
      `int ${name}_a(int x) {\n  int y = x;\n${changed ? '  y = y * 3;\n' : ''}  return y;\n}\n\nint ${name}_b(int x) {\n  int y = x;\n${changed ? '  y = y + 7;\n' : ''}  return y;\n}\n`;
    const one = (name: string, changed: boolean): string =>
      `int ${name}(int x) {\n  int y = x;\n${changed ? '  y = y - 1;\n' : ''}  return y;\n}\n`;
    const f = buildFixture(
      { 'a.c': two('a', false), 'b.c': one('b', false), 'c.c': one('c', false), 'd.c': one('d', false) },
      { 'a.c': two('a', true), 'b.c': one('b', true), 'c.c': one('c', true), 'd.c': one('d', true) },
    );
    try {
      const whole = await f.slice('left-flow');
      const handed: string[][] = [];
      const parts = await f.slice('left-flow', 100_000, {
        partStatements: 2,
        onSlices: (slices) => void handed.push(slices.map((s) => s.seed.file)),
      });
      // a.c's two statements fill a part; b.c and c.c make the next; d.c is left for a third.
      expect(handed).toEqual([['a.c', 'a.c'], ['b.c', 'c.c'], ['d.c']]);
      expect(parts.stats.files).toEqual(whole.stats.files);
      expect(whole.slices.map((s) => s.seed.file)).toEqual(['a.c', 'a.c', 'b.c', 'c.c', 'd.c']);
    } finally {
      f.repo.cleanup();
    }
  });

  it("where a slice shows a later file's change: in one part that change joins the slice, in parts it gets its own; every changed line is in a slice either way", async () => {
    // a.c's change reads `limit`, whose definition z.h (which a.c includes) changes.
    const f = buildFixture(
      { 'a.c': '#include "z.h"\nint next(int at) {\n  return at;\n}\n', 'z.h': 'static const int limit = 4;\n' },
      { 'a.c': '#include "z.h"\nint next(int at) {\n  at = at % limit;\n  return at;\n}\n', 'z.h': 'static const int limit = 8;\n' },
    );
    try {
      const whole = await f.slice('left-flow');
      const parts = await f.slice('left-flow', 100_000, { partFiles: 1 });
      expect(linesIn(sliceAt(whole, 'a.c', 3), 'z.h')).toEqual(['-static const int limit = 4;', '+static const int limit = 8;']);
      expect(whole.slices.map((s) => s.seed.file)).toEqual(['a.c']);
      expect(parts.slices.map((s) => s.seed.file)).toEqual(['a.c', 'z.h']);
      expect(changedLinesShown(parts)).toEqual(changedLinesShown(whole));
      expect(changedLinesShown(whole)).toEqual(['a.c:+3', 'z.h:+1', 'z.h:-1']);
    } finally {
      f.repo.cleanup();
    }
  });
});
