import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { readDiff, RevisionError } from '../../src/diff/index.js';
import { formatHunk } from '../../src/diff/format.js';
import type { Diff, DiffFile } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { createCopyChange } from '../helpers/copy-change.js';

function file(diff: Diff, path: string): DiffFile {
  const f = diff.files.find((x) => x.path === path);
  if (!f) throw new Error(`no file ${path} in diff: ${diff.files.map((x) => x.path).join(', ')}`);
  return f;
}

describe('readDiff edge cases', () => {
  let repo: TestRepo;
  let sub: TestRepo;
  let base: string;
  let head: string;
  let diff: Diff;

  beforeAll(async () => {
    sub = createRepo('keybug-sub-');
    sub.write('lib.c', 'int lib;\n');
    const sub1 = sub.commit('sub 1');
    sub.write('lib.c', 'int lib = 2;\n');
    const sub2 = sub.commit('sub 2');

    repo = createRepo();
    const body = Array.from({ length: 30 }, (_, i) => `int line${i + 1} = ${i + 1};`).join('\n') + '\n';
    repo.write('keep.c', body);
    repo.write('rename-same.c', 'int same(void) { return 1; }\n');
    repo.write('rename-edit.c', body);
    repo.write('gone.c', 'int gone;\nint gone2;\n');
    repo.write('image.bin', Buffer.from([0, 1, 2, 3, 0, 255, 254]));
    repo.write('script.sh', 'echo hi\n');
    repo.write('noeol.c', 'int a;\nint b;');
    repo.write('crlf.c', 'int a;\r\nint b;\r\nint c;\r\n');
    repo.write('dir with space/file name.c', 'int s;\n');
    repo.write('ünï/cödé "q".c', 'int u;\n');
    repo.git('submodule', 'add', '-q', sub.dir, 'mod');
    repo.git('-C', 'mod', 'checkout', '-q', sub1);
    base = repo.commit('base');

    repo.write('keep.c', body.replace('int line10 = 10;', 'int line10 = 100;\nint line10b = 101;').replace('int line25 = 25;\n', ''));
    repo.git('mv', 'rename-same.c', 'renamed-same.c');
    repo.git('mv', 'rename-edit.c', 'renamed-edit.c');
    repo.write('renamed-edit.c', body.replace('int line3 = 3;', 'int line3 = 33;'));
    repo.remove('gone.c');
    repo.write('new.c', 'int fresh(void);\nint fresh(void) { return 2; }\n');
    repo.write('image.bin', Buffer.from([0, 1, 2, 3, 0, 255, 253, 9]));
    repo.chmod('script.sh', 0o755);
    repo.write('noeol.c', 'int a;\nint b = 2;');
    repo.write('crlf.c', 'int a;\r\nint b = 2;\r\nint c;\r\n');
    repo.write('dir with space/file name.c', 'int s = 1;\n');
    repo.write('ünï/cödé "q".c', 'int u = 1;\n');
    // A line that reads like the start of another file's patch, and text that is not Latin-1.
    repo.write('looks-like-a-header.txt', 'diff --git a/fake.c b/fake.c\n--- a/fake.c\n+++ b/fake.c\n@@ -1 +1 @@\n');
    repo.write('wide.c', '// 日本語 ☃\nint wide = 1;\n');
    repo.git('-C', 'mod', 'checkout', '-q', sub2);
    head = repo.commit('head');

    const git = await Git.open(repo.dir);
    diff = await readDiff(git, base, head, { fetchRemote: null });
  });

  afterAll(() => {
    repo.cleanup();
    sub.cleanup();
  });

  it('resolves full SHAs with three-dot semantics', () => {
    expect(diff.baseSha).toBe(base);
    expect(diff.headSha).toBe(head);
  });

  it('numbers both sides of every line and lists commentable lines per side', () => {
    const f = file(diff, 'keep.c');
    expect(f.status).toBe('modified');
    expect(f.hunks).toHaveLength(2);
    const first = f.hunks[0]!;
    expect(first.lines.find((l) => l.op === '-')).toEqual({ op: '-', old: 10, new: null, text: 'int line10 = 10;' });
    expect(first.lines.filter((l) => l.op === '+')).toEqual([
      { op: '+', old: null, new: 10, text: 'int line10 = 100;' },
      { op: '+', old: null, new: 11, text: 'int line10b = 101;' },
    ]);
    expect(first.lines[0]).toEqual({ op: ' ', old: 7, new: 7, text: 'int line7 = 7;' });
    const second = f.hunks[1]!;
    expect(second.lines.find((l) => l.op === '-')).toEqual({ op: '-', old: 25, new: null, text: 'int line25 = 25;' });
    expect(f.commentable.left).toEqual([10, 25]);
    expect(f.commentable.right).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 23, 24, 25, 26, 27, 28]);
    expect(f.additions).toBe(2);
    expect(f.deletions).toBe(2);
  });

  it('renders a hunk in the Table 1 format', () => {
    expect(formatHunk(file(diff, 'keep.c').hunks[0]!)).toBe(
      [
        '  7 int line7 = 7;',
        '  8 int line8 = 8;',
        '  9 int line9 = 9;',
        '-10 int line10 = 10;',
        '+10 int line10 = 100;',
        '+11 int line10b = 101;',
        ' 12 int line11 = 11;',
        ' 13 int line12 = 12;',
        ' 14 int line13 = 13;',
      ].join('\n'),
    );
  });

  it('reports renames without and with edits', () => {
    const same = file(diff, 'renamed-same.c');
    expect(same).toMatchObject({ status: 'renamed', oldPath: 'rename-same.c', similarity: 100, hunks: [] });
    expect(same.commentable).toEqual({ right: [], left: [] });
    const edited = file(diff, 'renamed-edit.c');
    expect(edited).toMatchObject({ status: 'renamed', oldPath: 'rename-edit.c' });
    expect(edited.hunks[0]!.lines.filter((l) => l.op !== ' ').map((l) => [l.op, l.old, l.new])).toEqual([
      ['-', 3, null],
      ['+', null, 3],
    ]);
  });

  it('reports deleted and added files with one side only', () => {
    const gone = file(diff, 'gone.c');
    expect(gone).toMatchObject({ status: 'deleted', oldPath: 'gone.c', newMode: null });
    expect(gone.commentable).toEqual({ right: [], left: [1, 2] });
    const fresh = file(diff, 'new.c');
    expect(fresh).toMatchObject({ status: 'added', oldPath: null, oldMode: null, newMode: '100644' });
    expect(fresh.commentable).toEqual({ right: [1, 2], left: [] });
  });

  it('flags binary files and gives them no hunks', () => {
    expect(file(diff, 'image.bin')).toMatchObject({ status: 'binary', binary: true, hunks: [] });
  });

  it('reports mode-only changes', () => {
    expect(file(diff, 'script.sh')).toMatchObject({ status: 'mode-only', oldMode: '100644', newMode: '100755', hunks: [] });
  });

  it('handles a missing newline at end of file without inventing a line', () => {
    const f = file(diff, 'noeol.c');
    expect(f.hunks[0]!.lines).toEqual([
      { op: ' ', old: 1, new: 1, text: 'int a;' },
      { op: '-', old: 2, new: null, text: 'int b;' },
      { op: '+', old: null, new: 2, text: 'int b = 2;' },
    ]);
  });

  it('strips the carriage return of CRLF lines but keeps their numbers', () => {
    const lines = file(diff, 'crlf.c').hunks[0]!.lines;
    expect(lines.map((l) => l.text)).toEqual(['int a;', 'int b;', 'int b = 2;', 'int c;']);
    expect(lines.map((l) => l.new)).toEqual([1, null, 2, 3]);
  });

  it('keeps paths with spaces, unicode and quotes exactly', () => {
    expect(file(diff, 'dir with space/file name.c').status).toBe('modified');
    expect(file(diff, 'ünï/cödé "q".c').hunks[0]!.lines.map((l) => l.text)).toEqual(['int u;', 'int u = 1;']);
  });

  it("keeps a line that reads like another file's patch header inside its own file", () => {
    const f = file(diff, 'looks-like-a-header.txt');
    expect(f.status).toBe('added');
    expect(f.hunks.flatMap((h) => h.lines.map((l) => l.text))).toEqual([
      'diff --git a/fake.c b/fake.c',
      '--- a/fake.c',
      '+++ b/fake.c',
      '@@ -1 +1 @@',
    ]);
    expect(diff.files.some((x) => x.path === 'fake.c')).toBe(false);
  });

  it("decodes each file's text on its own, wide characters included", () => {
    expect(file(diff, 'wide.c').hunks[0]?.lines.map((l) => l.text)).toEqual(['// 日本語 ☃', 'int wide = 1;']);
    expect(file(diff, 'keep.c').hunks[0]?.lines.some((l) => l.text === 'int line10 = 100;')).toBe(true);
  });

  it('reports submodule bumps', () => {
    const mod = file(diff, 'mod');
    expect(mod.status).toBe('submodule');
    expect(mod.newMode).toBe('160000');
  });

  it('returns no files for an empty diff, and says why: the same commit twice, or base and head the other way round', async () => {
    const git = await Git.open(repo.dir);
    const said: string[] = [];
    const empty = await readDiff(git, head, head, { fetchRemote: null, log: (m) => said.push(m) });
    expect(empty.files).toEqual([]);
    expect(said).toEqual([`diff: base and head are the same commit (${head.slice(0, 12)}): there is no change to read`]);
    said.length = 0;
    const swapped = await readDiff(git, head, base, { fetchRemote: null, log: (m) => said.push(m) });
    expect(swapped.files).toEqual([]);
    expect(said).toEqual([
      `diff: head ${base.slice(0, 12)} is already in the history of base ${head.slice(0, 12)}, so there is no change to read; were base and head given the other way round?`,
    ]);
    said.length = 0;
    await readDiff(git, base, head, { fetchRemote: null, log: (m) => said.push(m) });
    expect(said).toEqual([]);
  });

  it('fails with a clear message for a revision that does not exist', async () => {
    const git = await Git.open(repo.dir);
    await expect(readDiff(git, 'no-such-branch', head, { fetchRemote: null })).rejects.toThrow(
      "The base revision 'no-such-branch' is not in the repository",
    );
    await expect(readDiff(git, base, 'deadbeef'.repeat(5), { fetchRemote: null })).rejects.toBeInstanceOf(RevisionError);
  });
});

describe("readDiff is not steered by the checkout or the user's config", () => {
  let repo: TestRepo;
  let diff: Diff;

  beforeAll(async () => {
    repo = createRepo();
    const body = Array.from({ length: 20 }, (_, i) => `int v${i + 1} = ${i + 1};`).join('\n') + '\n';
    repo.write('p.c', body);
    repo.write('link.c', 'int l;\n');
    const base = repo.commit('base');
    repo.write('p.c', body.replace('int v2 = 2;', 'int v2 = 22;').replace('int v12 = 12;', 'int v12 = 122;'));
    repo.remove('link.c');
    symlinkSync('p.c', path.join(repo.dir, 'link.c'));
    const head = repo.commit('head');
    // What a pull request could put in the checkout, and what a user's config could say.
    repo.write('.gitattributes', '*.c -diff\n');
    repo.git('config', 'diff.context', '0');
    repo.git('config', 'diff.interHunkContext', '10');
    diff = await readDiff(await Git.open(repo.dir), base, head, { fetchRemote: null });
  });

  afterAll(() => repo.cleanup());

  it('ignores a .gitattributes in the working tree that would make C files binary', () => {
    expect(file(diff, 'p.c')).toMatchObject({ status: 'modified', binary: false });
  });

  it('keeps three lines of context and separate hunks whatever diff.context and diff.interHunkContext say', () => {
    const hunks = file(diff, 'p.c').hunks;
    expect(hunks.map((h) => [h.newStart, h.newLines])).toEqual([
      [1, 5],
      [9, 7],
    ]);
  });

  it('reads a file that became a symlink as one file: the old lines deleted, the link target added', () => {
    const link = file(diff, 'link.c');
    expect(link.status).toBe('modified');
    expect(link.commentable).toEqual({ left: [1], right: [1] });
    expect(link.hunks.flatMap((h) => h.lines.map((l) => `${l.op}${l.text}`))).toEqual(['-int l;', '+p.c']);
  });
});

describe('copies', () => {
  let repo: TestRepo;
  let diff: Diff;
  beforeAll(async () => {
    const change = createCopyChange();
    repo = change.repo;
    const { base, head } = change;
    diff = await readDiff(await Git.open(repo.dir), base, head);
  });
  afterAll(() => repo.cleanup());

  it('keep the edit of the copy for the slicer but are commentable as GitHub shows them: an added file', () => {
    const copy = file(diff, 'copy.c');
    expect(copy).toMatchObject({ status: 'copied', oldPath: 'orig.c' });
    expect(copy.hunks.flatMap((h) => h.lines.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text}`))).toEqual([
      '-int line20 = 20;',
      '+long line20 = 20;',
    ]);
    expect(copy.commentable).toEqual({ right: Array.from({ length: 30 }, (_, i) => i + 1), left: [] });
    expect(copy.commentHunks?.[0]).toMatchObject({ oldStart: 0, oldLines: 0, newStart: 1, newLines: 30 });
    expect(copy.commentHunks?.[0]?.lines[19]).toEqual({ op: '+', old: null, new: 20, text: 'long line20 = 20;' });
    expect(file(diff, 'orig.c').commentHunks).toBeUndefined();
  });
});
