import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { GO_CASE, JAVA_CASE, JAVASCRIPT_CASE, PYTHON_CASE, RUST_CASE, TYPESCRIPT_CASE, type LanguageCase } from './language-cases.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

const CASES: LanguageCase[] = [PYTHON_CASE, JAVASCRIPT_CASE, TYPESCRIPT_CASE, JAVA_CASE, RUST_CASE, GO_CASE];

describe.each(CASES)('slicing a $language change', (c) => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(c.base, c.head);
    for (const algorithm of ['original-diff', 'parent-function', 'left-flow', 'full-flow'] as const)
      results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const slice = (a: SliceAlgorithm) => sliceAt(results.get(a) as SliceResult, c.at.file, c.at.line);

  it('parent-function holds the whole enclosing function, from its first line', () => {
    const lines = linesIn(slice('parent-function'), c.at.file);
    expect(lines).toContain(c.parentFirstLine);
    const first = lines.indexOf(c.parentFirstLine);
    const changed = lines.findIndex((l) => l.startsWith('+'));
    // Nothing is left out between the function's first line and the change.
    const section = slice('parent-function').sections.find(
      (s) => s.file === c.at.file && s.lines.some((l) => l.text.trim() === c.parentFirstLine),
    );
    const numbers = section?.lines.filter((l) => l.op !== '-').map((l) => l.new as number) ?? [];
    const from = numbers.indexOf(
      numbers.find((n, i) => section?.lines.filter((l) => l.op !== '-')[i]?.text.trim() === c.parentFirstLine) ?? -1,
    );
    expect(first).toBeLessThan(changed);
    expect(numbers.slice(from).every((n, i, all) => i === 0 || n === (all[i - 1] as number) + 1)).toBe(true);
  });

  it('left-flow holds the declarations and earlier writes of what the change uses', () => {
    for (const [file, must] of Object.entries(c.leftFlow)) {
      const lines = linesIn(slice('left-flow'), file);
      for (const line of must) expect({ file, line, found: lines.includes(line) }).toEqual({ file, line, found: true });
    }
  });

  it('full-flow adds the definitions of callees and methods from the files the change reaches', () => {
    for (const [file, must] of Object.entries({ ...c.leftFlow, ...c.fullFlow })) {
      const lines = linesIn(slice('full-flow'), file);
      for (const line of must) expect({ file, line, found: lines.includes(line) }).toEqual({ file, line, found: true });
    }
  });

  it('no slice shows a same-named definition the change cannot reach', () => {
    for (const algorithm of results.keys()) {
      for (const s of results.get(algorithm)?.slices ?? [])
        for (const file of c.unreachable)
          expect({ algorithm, file, shown: s.sections.some((sec) => sec.file === file) }).toEqual({ algorithm, file, shown: false });
    }
  });

  it('every line a slice shows is that line of its revision', () => {
    for (const result of results.values()) {
      for (const s of result.slices) {
        for (const sec of s.sections) {
          const source = sec.side === 'head' ? { ...c.base, ...c.head } : c.base;
          const text = (source[sec.file] ?? '').split('\n');
          for (const l of sec.lines) {
            const n = sec.side === 'head' ? (l.op === '-' ? null : l.new) : l.old;
            if (n !== null) expect({ file: sec.file, n, text: l.text }).toEqual({ file: sec.file, n, text: text[n - 1] });
          }
        }
      }
    }
  });
});
