import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceAlgorithm, SliceSection } from '../../src/types.js';
import { C_BASE, C_HEAD } from './c-fixture.js';
import { CPP_BASE, CPP_HEAD } from './cpp-fixture.js';
import { buildFixture, type Fixture } from './fixtures.js';

// Every line a slice shows must be the line of the revision it names, under a header that names the
// function really around it. Checked for every slice of every algorithm on the C and C++ fixtures
// and on a generated project large enough to have many sections per slice: headers with members,
// sources that include them, functions calling across files, and changes in many places.

const ALGORITHMS: readonly SliceAlgorithm[] = ['original-diff', 'parent-function', 'left-flow', 'full-flow'];

interface Span {
  name: string;
  start: number;
  end: number;
}

interface Project {
  base: Record<string, string>;
  head: Record<string, string>;
  /** Function spans (1-based, inclusive) of each head file. */
  functions: Map<string, Span[]>;
}

/** A C++ project of `modules` modules, each a header (a class with members) and a source of functions that call the previous module. */
function generatedProject(modules: number, functionsPerModule: number): Project {
  const base: Record<string, string> = {};
  const head: Record<string, string> = {};
  const functions = new Map<string, Span[]>();
  for (let m = 0; m < modules; m++) {
    base[`include/mod${m}.h`] = [
      '#pragma once',
      `#define MOD${m}_LIMIT ${m + 16}`,
      `struct Store${m} {`,
      '  int size_;',
      '  int cap_;',
      '  int Get(int k) const;',
      '};',
      `int mod${m}_f0(int a, int b);`,
      '',
    ].join('\n');
    const lines = [
      `#include "include/mod${m}.h"`,
      m > 0 ? `#include "include/mod${m - 1}.h"` : '#include <cstdlib>',
      '',
      `static int g_count${m} = 0;`,
      '',
    ];
    const spans: Span[] = [];
    for (let f = 0; f < functionsPerModule; f++) {
      const callee = f > 0 ? `mod${m}_f${f - 1}(a, b)` : m > 0 ? `mod${m - 1}_f0(b, a)` : 'std::abs(a)';
      const start = lines.length + 1;
      lines.push(
        `int mod${m}_f${f}(int a, int b) {`,
        `  int total = a + MOD${m}_LIMIT;`,
        `  Store${m} s{};`,
        '  for (int i = 0; i < b; i++) {',
        '    total += i;',
        '  }',
        `  g_count${m}++;`,
        `  return total + ${callee} + s.size_;`,
        '}',
        '',
      );
      spans.push({ name: `mod${m}_f${f}`, start, end: start + 8 });
    }
    const start = lines.length + 1;
    lines.push(`int Store${m}::Get(int k) const {`, '  int v = size_ + k;', '  return v < cap_ ? v : cap_;', '}', '');
    spans.push({ name: `Store${m}::Get`, start, end: start + 3 });
    base[`src/mod${m}.cc`] = lines.join('\n');
    // Change every third function's loop body and return, and Get's body in every other module.
    const changed = lines.map((line, i) => {
      const span = spans.find((s) => i + 1 > s.start && i + 1 < s.end);
      if (span === undefined) return line;
      const which = spans.indexOf(span);
      if (line === '    total += i;' && which % 3 === 0) return '    total += i * b;';
      if (line.startsWith('  return total') && which % 3 === 1) return line.replace('s.size_', 's.cap_');
      if (line === '  int v = size_ + k;' && m % 2 === 0) return '  int v = size_ - k;';
      return line;
    });
    head[`src/mod${m}.cc`] = changed.join('\n');
    functions.set(`src/mod${m}.cc`, spans);
  }
  return { base, head, functions };
}

/** Fails with the section and line when a line's text is not that line of its revision, or its numbers go backwards. */
function checkSection(section: SliceSection, text: { head: (file: string) => string[]; base: (file: string) => string[] }): void {
  const where = (n: number | null) => `${section.file}:${n} in "## ${section.file} · ${section.context ?? ''}"`;
  let lastNew = 0;
  let lastOld = 0;
  for (const line of section.lines) {
    if (line.new !== null) {
      expect({ at: where(line.new), text: line.text }).toEqual({ at: where(line.new), text: text.head(section.file)[line.new - 1] });
      expect(line.new).toBeGreaterThan(lastNew);
      lastNew = line.new;
    }
    if (line.old !== null) {
      if (line.new === null)
        expect({ at: where(line.old), text: line.text }).toEqual({ at: where(line.old), text: text.base(section.file)[line.old - 1] });
      expect(line.old).toBeGreaterThan(lastOld);
      lastOld = line.old;
    }
    // An added line has no base number, a deleted one no head number, an unchanged one both.
    const numbers = { op: line.op, old: line.old !== null, new: line.new !== null };
    expect(numbers).toEqual({ op: line.op, old: line.op !== '+', new: line.op !== '-' });
  }
}

function checkAll(results: Map<SliceAlgorithm, SliceResult>, fixture: Fixture): number {
  const fileText = (rev: string) => {
    const cache = new Map<string, string[]>();
    return (file: string): string[] => {
      let lines = cache.get(file);
      if (lines === undefined) {
        lines = fixture.repo.git('show', `${rev}:${file}`).split('\n');
        cache.set(file, lines);
      }
      return lines;
    };
  };
  const text = { head: fileText(fixture.head), base: fileText(fixture.base) };
  let checked = 0;
  for (const result of results.values()) {
    for (const slice of result.slices) {
      for (const section of slice.sections) {
        checkSection(section, text);
        checked += section.lines.length;
      }
    }
  }
  return checked;
}

async function sliceAll(fixture: Fixture): Promise<Map<SliceAlgorithm, SliceResult>> {
  const results = new Map<SliceAlgorithm, SliceResult>();
  for (const algorithm of ALGORITHMS) results.set(algorithm, await fixture.slice(algorithm));
  return results;
}

describe('every slice line is the line of its revision', () => {
  const fixtures: Fixture[] = [];
  afterAll(() => fixtures.forEach((f) => f.repo.cleanup()));

  it.each([
    ['C', C_BASE, C_HEAD],
    ['C++', CPP_BASE, CPP_HEAD],
  ])('the %s fixture, all four algorithms', async (_name, base, head) => {
    const fixture = buildFixture(base, head);
    fixtures.push(fixture);
    const results = await sliceAll(fixture);
    expect(checkAll(results, fixture)).toBeGreaterThan(0);
  });

  describe('a generated project of 12 modules', () => {
    const project = generatedProject(12, 9);
    let fixture: Fixture;
    let results: Map<SliceAlgorithm, SliceResult>;
    beforeAll(async () => {
      fixture = buildFixture(project.base, project.head);
      fixtures.push(fixture);
      results = await sliceAll(fixture);
    }, 120_000);

    it('every line of every section is its revision line, numbers ascending, marks matching the side', () => {
      expect(checkAll(results, fixture)).toBeGreaterThan(1000);
    });

    it('a section header names the function its lines are in', () => {
      let named = 0;
      for (const result of results.values()) {
        for (const section of result.slices.flatMap((s) => s.sections)) {
          const spans = project.functions.get(section.file);
          if (spans === undefined || section.context === null) continue;
          for (const line of section.lines) {
            const n = line.new ?? line.old;
            const span = spans.find((s) => n !== null && n > s.start && n <= s.end);
            if (span === undefined) continue;
            expect({ line: `${section.file}:${n}`, context: section.context }).toEqual({
              line: `${section.file}:${n}`,
              context: span.name,
            });
            named++;
          }
        }
      }
      expect(named).toBeGreaterThan(500);
    });

    it('full-flow adds only what the change depends on: no module the changed function cannot reach', () => {
      for (const slice of (results.get('full-flow') as SliceResult).slices) {
        const seed = /^src\/mod(\d+)\.cc$/.exec(slice.seed.file);
        if (seed === null) continue;
        const m = Number(seed[1]);
        // A function of module m reaches its own module's header and functions and module m-1's f0.
        const reachable = new Set([`src/mod${m}.cc`, `include/mod${m}.h`, `src/mod${m - 1}.cc`, `include/mod${m - 1}.h`]);
        for (const section of slice.sections)
          expect({ seed: slice.seed.file, file: section.file, ok: reachable.has(section.file) }).toEqual({
            seed: slice.seed.file,
            file: section.file,
            ok: true,
          });
      }
    });

    it('each change has its own slice in every algorithm', () => {
      for (const result of results.values()) expect(result.slices.length).toBeGreaterThanOrEqual(12 * 3);
    });
  });
});
