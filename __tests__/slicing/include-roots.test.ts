/**
 * An `#include` names the file a compiler would find: in a repository holding several copies of a
 * tree (vendored trees, monorepos), each copy with its own include folder, the including file's own
 * copy, never a same-named header of another copy.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, type Fixture } from './fixtures.js';

const HEADER = '#pragma once\nstruct store {\n  int size;\n  int cap;\n};\nint store_room(const struct store *s);\n';
const SOURCE = '#include "kv/store.h"\nint store_room(const struct store *s) {\n  return s->cap - s->size;\n}\n';
const user = (changed: boolean): string =>
  `#include "kv/store.h"\nint fits(struct store *s, int n) {\n  int room = store_room(s);\n${changed ? '  if (s->size + n > s->cap) return 0;\n' : ''}  return room >= n;\n}\n`;

const COPIES = 4;
const base: Record<string, string> = {};
for (let i = 0; i < COPIES; i++) {
  base[`copy${i}/include/kv/store.h`] = HEADER;
  base[`copy${i}/kv/store.c`] = SOURCE;
  base[`copy${i}/db/fits.c`] = user(false);
}

describe('includes among copies of a tree', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = buildFixture(base, { 'copy2/db/fits.c': user(true) });
  });
  afterAll(() => fixture.repo.cleanup());

  for (const algorithm of ['left-flow', 'full-flow'] as const) {
    it(`${algorithm}: the slice of copy2's change shows copy2's definitions and none of another copy`, async () => {
      const result = await fixture.slice(algorithm);
      const files = [...new Set(result.slices.flatMap((s) => s.sections.map((sec) => sec.file)))].sort();
      expect(files).toContain('copy2/include/kv/store.h');
      expect(files.filter((f) => !f.startsWith('copy2/'))).toEqual([]);
    });
  }
});
