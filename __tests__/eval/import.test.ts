import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { readDiff } from '../../src/diff/index.js';
import { addedLines, keyBugsOutsideAdded } from '../../src/eval/added-lines.js';
import { readCaseFile, type EvalCase } from '../../src/eval/cases.js';
import { importDataset } from '../../src/flows/import-cases.js';
import type { ImportResult } from '../../src/eval/import/result.js';
import { Git } from '../../src/git/git.js';
import { writeMineFixture, type MineFixture } from './mine-fixture.js';

/**
 * Small copies of the three datasets' metadata, in the layout of their repositories (Defects4J's
 * framework/projects/<P>/active-bugs.csv and patches/<id>.src.patch, BugsInPy's
 * projects/<p>/project.info and bugs/<n>/bug.info + bug_patch.txt, AACR-Bench's
 * dataset/positive_samples.json), about the planted repository of the mining tests.
 */
let fixture: MineFixture;
const tmp = mkdtempSync(path.join(tmpdir(), 'keybug-import-'));
const repos = path.join(tmp, 'repos');
const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const git = (...args: string[]): string => execFileSync('git', args, { cwd: fixture.dir, encoding: 'utf8' });
const c = (name: string): string => fixture.commits[name] as string;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env: {} });
  return { code, out, err };
}

beforeAll(() => {
  fixture = writeMineFixture();
  mkdirSync(repos);
  // Defects4J names the project Calc; BugsInPy and AACR-Bench know it as example/calc on GitHub.
  symlinkSync(fixture.dir, path.join(repos, 'Calc'));
  symlinkSync(fixture.dir, path.join(repos, 'example+calc'));

  const d4j = path.join(tmp, 'defects4j', 'framework', 'projects', 'Calc');
  write(
    path.join(d4j, 'active-bugs.csv'),
    [
      'bug.id,revision.id.buggy,revision.id.fixed,report.id,report.url',
      `1,${c('fixParse')}~1,${c('fixParse')},CALC-1,https://example.invalid/CALC-1`,
      `2,${c('fixBoth')}~1,${c('fixBoth')},CALC-2,https://example.invalid/CALC-2`,
      `3,${c('fixMean')}~1,${c('fixMean')},CALC-3,https://example.invalid/CALC-3`,
      `4,${c('fixMode')}~1,${c('fixMode')},CALC-4,https://example.invalid/CALC-4`,
      '',
    ].join('\n'),
  );
  // Defects4J's patches go from the fixed version to the buggy one.
  write(path.join(d4j, 'patches', '1.src.patch'), git('diff', c('fixParse'), `${c('fixParse')}~1`));
  // Minimized: of the fix of clamp and scale, only the clamp hunk.
  const both = git('diff', '-U1', c('fixBoth'), `${c('fixBoth')}~1`);
  write(path.join(d4j, 'patches', '2.src.patch'), both.slice(0, nthHunkEnd(both)));
  // A fix that only adds a line: the buggy version has nothing to trace.
  write(
    path.join(d4j, 'patches', '3.src.patch'),
    'diff --git a/lib/stats.py b/lib/stats.py\n--- a/lib/stats.py\n+++ b/lib/stats.py\n@@ -1,3 +1,2 @@\n def mean(xs):\n-    assert xs\n     return sum(xs) / len(xs)\n',
  );

  const bip = path.join(tmp, 'bugsinpy', 'projects', 'calc');
  write(path.join(bip, 'project.info'), 'github_url="https://github.com/example/calc"\nstatus="OK"\ncause="N.A."');
  write(
    path.join(bip, 'bugs', '1', 'bug.info'),
    `python_version="3.8.3"\nbuggy_commit_id="${c('fixFirst')}~1"\nfixed_commit_id="${c('fixFirst')}"\ntest_file="tests/test_util.py"`,
  );
  write(path.join(bip, 'bugs', '1', 'bug_patch.txt'), git('diff', `${c('fixFirst')}~1`, c('fixFirst'), '--', 'lib/util.py'));
  write(path.join(bip, 'bugs', '2', 'bug.info'), 'python_version="3.8.3"\n');

  write(
    path.join(tmp, 'aacr', 'dataset', 'positive_samples.json'),
    JSON.stringify(
      [
        {
          change_line_count: 20,
          project_main_language: 'Python',
          source_commit: c('util'),
          target_commit: c('stats'),
          githubPrUrl: 'https://github.com/example/calc/pull/7',
          comments: [
            {
              is_ai_comment: false,
              note: 'Divides by one less than the count.',
              path: 'lib/stats.py',
              side: 'right',
              source_model: '',
              from_line: 2,
              to_line: 2,
              category: 'Code Defect',
              context: 'Diff Level',
            },
            {
              is_ai_comment: true,
              note: 'A list of negative numbers has 0 as its largest.',
              path: 'lib/stats.py',
              side: 'right',
              source_model: 'x',
              from_line: 6,
              to_line: 5,
              category: 'Code Defect',
              context: 'Diff Level',
            },
            {
              is_ai_comment: true,
              note: 'The old helper is gone.',
              path: 'src/util.py',
              side: 'left',
              source_model: 'x',
              from_line: 1,
              to_line: 1,
              category: 'Code Defect',
              context: 'Diff Level',
            },
            {
              is_ai_comment: true,
              note: 'A docstring says little.',
              path: 'lib/util.py',
              side: 'right',
              source_model: 'x',
              from_line: 1,
              to_line: 1,
              category: 'Maintainability and Readability',
              context: 'File Level',
            },
            {
              is_ai_comment: false,
              note: 'first() returns the second item.',
              path: 'lib/util.py',
              side: 'right',
              source_model: '',
              from_line: 5,
              to_line: 5,
              category: 'Code Defect',
              context: 'File Level',
            },
          ],
          category: 'Feature',
        },
        {
          change_line_count: 1,
          project_main_language: 'Go',
          source_commit: 'a'.repeat(40),
          target_commit: 'b'.repeat(40),
          githubPrUrl: 'https://github.com/example/other/pull/1',
          comments: [],
          category: 'Bug Fix',
        },
      ],
      null,
      2,
    ),
  );
}, 60_000);

/** Where the second hunk of a patch ends (the patch up to it): the first hunk alone. */
function nthHunkEnd(patch: string): number {
  const first = patch.indexOf('\n@@');
  const second = patch.indexOf('\n@@', first + 3);
  return second < 0 ? patch.length : second + 1;
}

afterAll(() => {
  fixture.cleanup();
  rmSync(tmp, { recursive: true, force: true });
});

const byHead = (result: ImportResult, name: string): EvalCase | undefined => result.cases.find((x) => x.head === c(name));

async function allAdded(cases: readonly EvalCase[]): Promise<void> {
  const g = await Git.open(fixture.dir);
  try {
    for (const x of cases) expect(keyBugsOutsideAdded(x, addedLines(await readDiff(g, x.base, x.head)))).toBeNull();
  } finally {
    g.close();
  }
}

describe('eval import --format defects4j', () => {
  let result: ImportResult;
  beforeAll(async () => {
    result = await importDataset({ format: 'defects4j', dir: path.join(tmp, 'defects4j'), reposDir: repos, maxFiles: 100, categories: [] });
  }, 60_000);

  it("traces each bug's minimized patch from its buggy revision to the change that introduced it", async () => {
    expect(result.cases.map((x) => x.id).sort()).toEqual([`calc-${c('clamp').slice(0, 12)}`, `calc-${c('parseLen').slice(0, 12)}`].sort());
    // Bug 1: the line the patch restores had moved to src/parse.c; the case is the commit that wrote it in src/calc.c.
    expect(byHead(result, 'parseLen')?.keyBugs).toEqual([
      { path: 'src/calc.c', startLine: 20, endLine: 20, note: `Calc-1: changed by its fix ${c('fixParse').slice(0, 12)}`, bug: 'Calc-1' },
    ]);
    expect(byHead(result, 'parseLen')?.source).toEqual({
      kind: 'defects4j',
      id: 'Calc-1',
      fixes: [expect.objectContaining({ sha: c('fixParse'), subject: 'fix parse_len off by one', introducers: 1 })],
    });
    expect(byHead(result, 'parseLen')?.labels).toMatchObject({ project: 'Calc', introducers: '1' });
    // Bug 2's patch keeps the clamp hunk only: the scale change of the same commit is no bug of it.
    expect(byHead(result, 'clamp')?.keyBugs.map((b) => [b.path, b.startLine])).toEqual([['src/calc.c', 10]]);
    expect(byHead(result, 'scale')).toBeUndefined();
    await allAdded(result.cases);
  });

  it('names the bugs that made no case and why', () => {
    expect(result.bugs).toBe(4);
    expect(Object.fromEntries(result.rejectedBugs.map((r) => [r.id, r.reason]))).toEqual({
      'Calc-3': 'the patch changes no line of the buggy version (the fix only adds lines)',
      'Calc-4': 'no patch at framework/projects/Calc/patches/4.src.patch',
    });
  });
});

describe('eval import --format bugsinpy', () => {
  it('traces the patch of each bug and names the bug that lacks its revisions', async () => {
    const result = await importDataset({
      format: 'bugsinpy',
      dir: path.join(tmp, 'bugsinpy'),
      reposDir: repos,
      maxFiles: 100,
      categories: [],
    });
    expect(result.cases.map((x) => x.head)).toEqual([c('util')]);
    expect(result.cases[0]?.keyBugs).toEqual([
      { path: 'src/util.py', startLine: 3, endLine: 3, note: `calc-1: changed by its fix ${c('fixFirst').slice(0, 12)}`, bug: 'calc-1' },
    ]);
    expect(result.cases[0]?.source?.kind).toBe('bugsinpy');
    expect(result.rejectedBugs).toEqual([{ id: 'calc-2', reason: `no bug_patch.txt in ${path.join('projects', 'calc', 'bugs', '2')}` }]);
    await allAdded(result.cases);
  });
});

describe('eval import --format aacr', () => {
  it('makes a case of each pull request, its right-side comments key bugs on the lines it adds', async () => {
    const result = await importDataset({ format: 'aacr', dir: path.join(tmp, 'aacr'), reposDir: repos, maxFiles: 100, categories: [] });
    expect(result.cases).toHaveLength(1);
    const pr = result.cases[0] as EvalCase;
    expect(pr.id).toBe('calc-pr7');
    expect([pr.base, pr.head]).toEqual([c('util'), c('stats')]);
    expect(pr.keyBugs.map((b) => [b.path, b.startLine, b.endLine, b.bug])).toEqual([
      ['lib/stats.py', 2, 2, 'c1'],
      ['lib/stats.py', 5, 6, 'c2'],
      ['lib/util.py', 1, 1, 'c4'],
    ]);
    expect(pr.labels).toEqual({ language: 'Python', category: 'Feature', size: '11-50 lines' });
    expect(pr.source).toEqual({ kind: 'aacr', id: 'https://github.com/example/calc/pull/7' });
    expect(result.droppedLines).toEqual([
      { path: 'src/util.py', line: 1, reason: 'a comment on the base side (deleted lines)' },
      { path: 'lib/util.py', line: 5, reason: "not an added line in keybug's diff of the change" },
    ]);
    expect(result.rejectedBugs).toEqual([
      { id: 'https://github.com/example/other/pull/1', reason: `no clone of example/other under ${repos}` },
    ]);
    await allAdded(result.cases);
  });

  it('keeps only the comments of the categories asked for', async () => {
    const result = await importDataset({
      format: 'aacr',
      dir: path.join(tmp, 'aacr', 'dataset', 'positive_samples.json'),
      reposDir: repos,
      maxFiles: 100,
      categories: ['code defect'],
    });
    expect(result.cases[0]?.keyBugs.map((b) => b.bug)).toEqual(['c1', 'c2']);
  });
});

describe('keybug eval import (the command)', () => {
  it('writes a case file keybug eval reads and counts what it could not place', async () => {
    const out = path.join(tmp, 'out', 'd4j.yml');
    const run = await cli(['eval', 'import', '--format', 'defects4j', path.join(tmp, 'defects4j'), '--repos', repos, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/import: 4 bug\(s\) read from defects4j; 2 case\(s\) with 2 key bug\(s\)/);
    expect(run.err).toMatch(/1 × no patch at framework\/projects\/Calc\/patches\/4\.src\.patch \(Calc-4\)/);
    // Progress is the import's own, as mining's is: reading each case's change logs nothing per case.
    expect(run.err).not.toMatch(/^(slicing|index-cache|review):/m);
    expect(readFileSync(out, 'utf8')).toMatch(/^cases:\n/);
    expect(
      readCaseFile(out)
        .map((x) => x.source?.id)
        .sort(),
    ).toEqual(['Calc-1', 'Calc-2']);
  });

  it('refuses a wrong format, a missing dataset or clone folder, and a folder that is not the dataset', async () => {
    expect((await cli(['eval', 'import', '--format', 'bugsjs', tmp, '--repos', repos])).err).toMatch(
      /--format must be one of defects4j, bugsinpy, aacr, got 'bugsjs'/,
    );
    expect((await cli(['eval', 'import', '--format', 'aacr', '--repos', repos])).err).toMatch(/Give the dataset's local copy once/);
    expect((await cli(['eval', 'import', '--format', 'aacr', path.join(tmp, 'nope'), '--repos', repos])).err).toMatch(/does not exist/);
    expect((await cli(['eval', 'import', '--format', 'aacr', path.join(tmp, 'aacr')])).err).toMatch(
      /--repos DIR must be the folder of the projects' clones/,
    );
    const wrong = await cli(['eval', 'import', '--format', 'defects4j', path.join(tmp, 'bugsinpy'), '--repos', repos]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/holds no Defects4J project: expected framework\/projects\/<Project>\/active-bugs\.csv/);
  });
});
