import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { readDiff, selectChangedFiles, selectFiles, type SelectOptions } from '../../src/diff/index.js';
import type { Diff } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

const OPTIONS: SelectOptions = { include: [], exclude: [], skipGenerated: true, skipDocs: true, maxFiles: 100 };

describe('choosing the files to review', () => {
  let repo: TestRepo;
  let git: Git;
  let diff: Diff;

  beforeAll(async () => {
    repo = createRepo();
    const files = ['src/a.c', 'src/b.cc', 'src/c.h', 'vendor/v.c', 'web/dist/bundle.js', 'gen/msg.pb.cc', 'src/parser.c', 'src/notice_late.c', 'tests/t.c'];
    for (const f of files) repo.write(f, 'int x;\n');
    const base = repo.commit('base');
    for (const f of files) repo.write(f, 'int x = 1;\n');
    // A generator's notice at the top, and one far below the top (a hand-written file that mentions it).
    repo.write('src/parser.c', '/* A Bison parser, made by GNU Bison 3.8.2.  */\n/* @generated */\nint x = 1;\n');
    repo.write('src/notice_late.c', `${'int pad;\n'.repeat(200)}/* do not edit the table above by hand: it is auto-generated */\nint x = 1;\n`);
    const head = repo.commit('head');
    git = await Git.open(repo.dir);
    diff = await readDiff(git, base, head, { fetchRemote: null });
  });
  afterAll(() => {
    git.close();
    repo.cleanup();
  });

  const reasons = (unreviewed: { path: string; reason: string }[]): Record<string, string> => Object.fromEntries(unreviewed.map((u) => [u.path, u.reason]));

  it('skips vendored and generated paths, and files that start with a generator notice, each with its reason', async () => {
    const selection = await selectChangedFiles(git, diff.headSha, diff.files, OPTIONS);
    expect(selection.files.map((f) => f.path).sort()).toEqual(['src/a.c', 'src/b.cc', 'src/c.h', 'src/notice_late.c', 'tests/t.c']);
    expect(reasons(selection.unreviewed)).toEqual({
      'vendor/v.c': 'vendored path (matches `**/vendor/**`; set `skip-generated: false` to review it)',
      'web/dist/bundle.js': 'vendored path (matches `**/dist/**`; set `skip-generated: false` to review it)',
      'gen/msg.pb.cc': 'generated path (matches `**/*.pb.cc`; set `skip-generated: false` to review it)',
      'src/parser.c': 'generated file: line 2 says "@generated" (set `skip-generated: false` to review it)',
    });
  });

  it('reads notices only until max-files hand-written files are found: a later batch is cut unread', async () => {
    const many = createRepo();
    try {
      const names = Array.from({ length: 70 }, (_, i) => `f${String(i).padStart(2, '0')}.c`);
      for (const name of names) many.write(name, 'int x;\n');
      const base = many.commit('base');
      for (const name of names) many.write(name, 'int x = 1;\n');
      many.write('f69.c', '/* @generated */\nint x = 1;\n'); // past the first batch of 64
      const head = many.commit('head');
      const manyGit = await Git.open(many.dir);
      const manyDiff = await readDiff(manyGit, base, head, { fetchRemote: null });
      const selection = await selectChangedFiles(manyGit, manyDiff.headSha, manyDiff.files, { ...OPTIONS, maxFiles: 1 });
      manyGit.close();
      expect(selection.files.map((f) => f.path)).toEqual(['f00.c']);
      expect(selection.unreviewed.find((u) => u.path === 'f69.c')?.reason).toBe('over the limit of 1 files (`max-files`)');
      expect(selection.overLimit).toHaveLength(69);
    } finally {
      many.cleanup();
    }
  });

  it('reviews generated files when skip-generated is off', async () => {
    const selection = await selectChangedFiles(git, diff.headSha, diff.files, { ...OPTIONS, skipGenerated: false });
    expect(selection.files).toHaveLength(diff.files.length);
    expect(selection.unreviewed).toEqual([]);
  });

  it('applies exclude before include, and says which one left a file out', () => {
    const selection = selectFiles(diff.files, { ...OPTIONS, include: ['src/**'], exclude: ['**/*.h'] });
    expect(selection.files.map((f) => f.path).sort()).toEqual(['src/a.c', 'src/b.cc', 'src/notice_late.c', 'src/parser.c']);
    expect(reasons(selection.unreviewed)).toMatchObject({ 'src/c.h': 'matches an `exclude` pattern', 'tests/t.c': 'matches no `include` pattern' });
  });

  it('cuts at max-files in diff order and returns the cut files apart', () => {
    const selection = selectFiles(diff.files, { ...OPTIONS, skipGenerated: false, maxFiles: 3 });
    expect(selection.files.map((f) => f.path)).toEqual(diff.files.slice(0, 3).map((f) => f.path));
    expect(selection.overLimit.map((f) => f.path)).toEqual(diff.files.slice(3).map((f) => f.path));
    expect(selection.unreviewed.every((u) => u.reason === 'over the limit of 3 files (`max-files`)')).toBe(true);
  });
});
