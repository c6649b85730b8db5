import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { Resolution, SliceAlgorithm } from '../../src/types.js';
import { buildFixture, sliceAt, type Fixture } from './fixtures.js';

// A TypeScript change that calls a function an import binds, reads a local and a parameter, a
// constant of its own file, and a function found only by name (no import names it).
const BASE: Record<string, string> = {
  'src/util.ts': 'export function clamp(v: number, hi: number): number {\n  return v > hi ? hi : v;\n}\n',
  'src/other.ts': 'export function unrelated(): number {\n  return 1;\n}\n',
  'src/main.ts':
    "import { clamp } from './util';\nconst LIMIT = 10;\nexport function run(n: number): number {\n  let total = n * 2;\n  return total;\n}\n",
};
const HEAD: Record<string, string> = {
  'src/main.ts':
    "import { clamp } from './util';\nconst LIMIT = 10;\nexport function run(n: number): number {\n  let total = n * 2;\n  total = clamp(total + n, LIMIT);\n  return total;\n}\n",
};

describe('slices explained (SliceOptions.explain)', () => {
  let fixture: Fixture;
  const plain = new Map<SliceAlgorithm, SliceResult>();
  const explained = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(BASE, HEAD);
    for (const algorithm of ['original-diff', 'left-flow', 'full-flow'] as const) {
      plain.set(algorithm, await fixture.slice(algorithm));
      explained.set(algorithm, await fixture.slice(algorithm, 100_000, { explain: true }));
    }
  });
  afterAll(() => fixture.repo.cleanup());

  const resolutions = (algorithm: SliceAlgorithm): Resolution[] =>
    sliceAt(explained.get(algorithm) as SliceResult, 'src/main.ts', 5).resolutions ?? [];
  const of = (algorithm: SliceAlgorithm, name: string): Resolution | undefined => resolutions(algorithm).find((r) => r.name === name);

  it('changes no slice, and adds no record unless asked', () => {
    for (const algorithm of ['original-diff', 'left-flow', 'full-flow'] as const) {
      const a = plain.get(algorithm) as SliceResult;
      const b = explained.get(algorithm) as SliceResult;
      expect(b.slices.map((s) => s.rendered)).toEqual(a.slices.map((s) => s.rendered));
      expect(a.slices.every((s) => s.resolutions === undefined)).toBe(true);
      expect(b.slices.every((s) => Array.isArray(s.resolutions))).toBe(true);
    }
  });

  it('original-diff shows no definition, so it answers no name', () => {
    expect(resolutions('original-diff')).toEqual([]);
  });

  it('a local and a parameter are tied by scope, at their first use on the changed line', () => {
    expect(of('left-flow', 'total')).toEqual({
      name: 'total',
      use: { file: 'src/main.ts', line: 5, column: 3 },
      side: 'head',
      kind: 'local',
      definitions: [{ file: 'src/main.ts', side: 'head', startLine: 4, endLine: 4, kind: 'variable', container: null, tie: 'scope' }],
    });
    expect(of('left-flow', 'n')?.definitions.map((d) => [d.kind, d.tie])).toEqual([['parameter', 'scope']]);
  });

  it('a constant of the same file is tied to it', () => {
    expect(of('left-flow', 'LIMIT')).toMatchObject({
      kind: 'variable',
      definitions: [{ file: 'src/main.ts', startLine: 2, endLine: 2, kind: 'variable', tie: 'same-file' }],
    });
  });

  it('a callee an import binds is found through the import (full-flow only)', () => {
    expect(of('left-flow', 'clamp')).toBeUndefined();
    const clamp = of('full-flow', 'clamp');
    expect(clamp).toMatchObject({
      kind: 'call',
      use: { file: 'src/main.ts', line: 5 },
      definitions: [{ file: 'src/util.ts', startLine: 1, endLine: 3, kind: 'function', tie: 'import' }],
    });
    // Every definition recorded is shown by the slice.
    const slice = sliceAt(explained.get('full-flow') as SliceResult, 'src/main.ts', 5);
    for (const r of slice.resolutions ?? [])
      for (const d of r.definitions)
        expect(
          slice.sections.some(
            (s) => s.file === d.file && s.lines.some((l) => l.new !== null && l.new >= d.startLine && l.new <= d.endLine),
          ),
        ).toBe(true);
  });
});
