import { afterEach } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import { sliceChange, type SliceResult } from '../../src/slicing/index.js';
import type { SliceOptions } from '../../src/slicing/driver.js';
import type { Slice, SliceAlgorithm } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

/** A fixture repository: a base commit, a head commit, and the slices of the change between them. */
export interface Fixture {
  repo: TestRepo;
  base: string;
  head: string;
  slice(algorithm: SliceAlgorithm, tokenBudget?: number, more?: Partial<SliceOptions>): Promise<SliceResult>;
}

/**
 * buildFixture for the tests of the describe block it is called in: each repository it builds is
 * removed after the test that built it.
 */
export function fixturesPerTest(): typeof buildFixture {
  const built: Fixture[] = [];
  afterEach(() => {
    for (const f of built.splice(0)) f.repo.cleanup();
  });
  return (baseFiles, headFiles) => {
    const fixture = buildFixture(baseFiles, headFiles);
    built.push(fixture);
    return fixture;
  };
}

/** Builds a two-commit repository from file maps (null deletes a file in head). */
export function buildFixture(baseFiles: Record<string, string | Buffer>, headFiles: Record<string, string | Buffer | null>): Fixture {
  const repo = createRepo('keybug-slice-');
  for (const [file, content] of Object.entries(baseFiles)) repo.write(file, content);
  const base = repo.commit('base');
  for (const [file, content] of Object.entries(headFiles)) {
    if (content === null) repo.remove(file);
    else repo.write(file, content);
  }
  const head = repo.commit('head');
  return {
    repo,
    base,
    head,
    async slice(algorithm, tokenBudget = 100_000, more = {}) {
      const git = await Git.open(repo.dir);
      try {
        const diff = await readDiff(git, base, head, { fetchRemote: null });
        return await sliceChange(git, diff, diff.files, { algorithm, tokenBudget, ...more });
      } finally {
        git.close(); // its git cat-file processes would outlive the test
      }
    },
  };
}

/** The trimmed texts of a slice's lines in one file, prefixed with `+` or `-` when changed, for must/must-not checks. */
export function linesIn(slice: Slice, file: string): string[] {
  return slice.sections.filter((s) => s.file === file).flatMap((s) => s.lines.map((l) => `${l.op === ' ' ? '' : l.op}${l.text.trim()}`));
}

/** The slice whose seed is in `file` and covers `line`. */
export function sliceAt(result: SliceResult, file: string, line: number): Slice {
  const found = result.slices.find((s) =>
    s.sections.some((sec) => sec.file === file && sec.lines.some((l) => (l.op === '-' ? l.old : l.new) === line && l.op !== ' ')),
  );
  if (found === undefined)
    throw new Error(
      `no slice holds the change at ${file}:${line}; slices: ${result.slices.map((s) => `${s.seed.file}:${s.seed.startLine}`).join(', ')}`,
    );
  return found;
}
