import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Git } from '../../src/git/git.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

/** How many `git ls-tree` runs a call made, from git's own trace (GIT_TRACE names every command it runs). */
async function lsTreeRuns<T>(run: () => Promise<T>): Promise<{ result: T; runs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-trace-'));
  const trace = path.join(dir, 'trace');
  const before = process.env.GIT_TRACE;
  process.env.GIT_TRACE = trace;
  try {
    const result = await run();
    let text = '';
    try {
      text = readFileSync(trace, 'utf8');
    } catch {
      // no git command ran: no trace file
    }
    return { result, runs: text.split('\n').filter((l) => /built-in: git ls-tree/.test(l)).length };
  } finally {
    if (before === undefined) delete process.env.GIT_TRACE;
    else process.env.GIT_TRACE = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Git tree listings', () => {
  let repo: TestRepo;
  let first: string;

  beforeAll(() => {
    repo = createRepo('keybug-tree-');
    repo.write('src/a.c', 'int a;\n');
    repo.write('docs/name with spaces.md', 'x\n');
    first = repo.commit('first');
    repo.write('src/b.c', 'int b;\n');
    repo.commit('second');
    // A submodule entry (a gitlink) is listed too, as `commit`.
    execFileSync('git', ['-C', repo.dir, 'update-index', '--add', '--cacheinfo', `160000,${first},vendor/lib`]);
    execFileSync('git', ['-C', repo.dir, 'commit', '-q', '-m', 'submodule']);
  });
  afterAll(() => repo.cleanup());

  it('lists a commit named by its id once per Git, with the paths a name-only listing gives', async () => {
    const git = await Git.open(repo.dir);
    try {
      const head = (await git.resolveCommit('HEAD')) as string;
      const nameOnly = execFileSync('git', ['-C', repo.dir, 'ls-tree', '-r', '-z', '--name-only', '--full-tree', head], {
        encoding: 'utf8',
      })
        .split('\0')
        .filter(Boolean);
      const { result, runs } = await lsTreeRuns(async () => [
        await git.listFiles(head),
        (await git.listTree(head)).map((e) => e.path),
        await git.listFiles(head),
      ]);
      expect(result).toEqual([nameOnly, nameOnly, nameOnly]);
      expect(nameOnly).toEqual(expect.arrayContaining(['vendor/lib', 'docs/name with spaces.md']));
      expect(runs).toBe(1);
      expect((await git.listTree(head)).find((e) => e.path === 'vendor/lib')?.type).toBe('commit');
    } finally {
      git.close();
    }
  });

  it('lists a revision named otherwise (a branch that may move) afresh each time', async () => {
    const git = await Git.open(repo.dir);
    try {
      expect(await git.listFiles('HEAD')).not.toContain('src/c.c');
      repo.write('src/c.c', 'int c;\n');
      repo.commit('third');
      const { result, runs } = await lsTreeRuns(() => git.listFiles('HEAD'));
      expect(result).toContain('src/c.c');
      expect(runs).toBe(1);
      expect(await git.listFiles(first)).toEqual(['docs/name with spaces.md', 'src/a.c']);
    } finally {
      git.close();
    }
  });
});
