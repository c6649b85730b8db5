import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Git } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

describe('shallow clones', () => {
  let origin: TestRepo;
  let cloneParent: string;
  let baseTip: string;
  let headTip: string;

  beforeAll(() => {
    origin = createRepo('keybug-origin-');
    origin.write('a.c', 'int a = 1;\n');
    baseTip = origin.commit('base');
    origin.git('checkout', '-q', '-b', 'feature');
    for (let i = 2; i <= 4; i++) {
      origin.write('a.c', `int a = ${i};\n`);
      headTip = origin.commit(`feature ${i}`);
    }
    cloneParent = mkdtempSync(path.join(tmpdir(), 'keybug-clone-'));
  });

  afterAll(() => {
    origin.cleanup();
    rmSync(cloneParent, { recursive: true, force: true });
  });

  function shallowClone(name: string): string {
    const dir = path.join(cloneParent, name);
    execFileSync('git', [
      '-c',
      'protocol.file.allow=always',
      'clone',
      '-q',
      '--depth',
      '1',
      '--branch',
      'feature',
      `file://${origin.dir}`,
      dir,
    ]);
    return dir;
  }

  it('fetches the missing base history from the remote by itself', async () => {
    const dir = shallowClone('auto');
    const git = await Git.open(dir);
    expect(await git.resolveCommit(baseTip)).toBeNull();
    const messages: string[] = [];
    const diff = await readDiff(git, baseTip, 'HEAD', { log: (m) => messages.push(m) });
    expect(diff.baseSha).toBe(baseTip);
    expect(diff.headSha).toBe(headTip);
    expect(diff.files.map((f) => f.path)).toEqual(['a.c']);
    expect(messages.some((m) => m.includes("from 'origin'"))).toBe(true);
  });

  it('says to use fetch-depth: 0 when the history cannot be fetched', async () => {
    const dir = shallowClone('no-remote');
    execFileSync('git', ['remote', 'remove', 'origin'], { cwd: dir });
    const git = await Git.open(dir);
    await expect(readDiff(git, baseTip, 'HEAD')).rejects.toThrow(
      /is not in the repository [^ ]+\. This clone is shallow: check out with `fetch-depth: 0`/,
    );
  });
});

describe('a 5,000-file, 200,000-line diff', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = createRepo('keybug-large-');
    repo.write('README', 'x\n');
    repo.commit('base');
    const body = Array.from({ length: 40 }, (_, i) => `int v${i} = ${i};`).join('\n') + '\n';
    for (let f = 0; f < 5000; f++) repo.write(`src/d${f % 50}/f${f}.c`, body);
    repo.commit('head');
  });
  afterAll(() => repo.cleanup());

  it('parses every file and line', async () => {
    const git = await Git.open(repo.dir);
    const diff = await readDiff(git, 'HEAD~1', 'HEAD', { fetchRemote: null });
    expect(diff.files).toHaveLength(5000);
    expect(diff.files.reduce((n, f) => n + f.additions, 0)).toBe(200_000);
    expect(diff.files.every((f) => f.status === 'added' && f.commentable.right.length === 40)).toBe(true);
  });
});

describe("a fork's pull request in a full clone of the base repository", () => {
  let origin: TestRepo;
  let cloneParent: string;
  let base: string;
  let head: string;

  beforeAll(() => {
    origin = createRepo('keybug-origin-');
    origin.write('a.c', 'int a = 1;\n');
    base = origin.commit('base');
    origin.git('checkout', '-q', '-b', 'fork');
    origin.write('a.c', 'int a = 2;\n');
    head = origin.commit('from the fork');
    // As on GitHub: the fork's commits are reachable only from the pull request's ref.
    origin.git('update-ref', 'refs/pull/7/head', head);
    origin.git('checkout', '-q', 'main');
    origin.git('branch', '-q', '-D', 'fork');
    cloneParent = mkdtempSync(path.join(tmpdir(), 'keybug-clone-'));
  });

  afterAll(() => {
    origin.cleanup();
    rmSync(cloneParent, { recursive: true, force: true });
  });

  function fullClone(name: string): string {
    const dir = path.join(cloneParent, name);
    execFileSync('git', ['-c', 'protocol.file.allow=always', 'clone', '-q', `file://${origin.dir}`, dir]);
    expect(() => execFileSync('git', ['cat-file', '-e', `${head}^{commit}`], { cwd: dir, stdio: 'ignore' })).toThrow();
    return dir;
  }

  it('fetches the pull request ref when the head is missing, without checking it out', async () => {
    const dir = fullClone('fetch');
    const logs: string[] = [];
    const diff = await readDiff(await Git.open(dir), base, head, { fetchRefs: ['refs/pull/7/head'], log: (m) => logs.push(m) });
    expect(diff).toMatchObject({
      baseSha: base,
      headSha: head,
      files: [expect.objectContaining({ path: 'a.c', additions: 1, deletions: 1 })],
    });
    expect(logs).toEqual([expect.stringContaining("fetching refs/pull/7/head from 'origin'")]);
    expect(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim()).toBe(base);
  });

  it('without the ref to fetch, says the head is not in the repository', async () => {
    await expect(readDiff(await Git.open(fullClone('no-ref')), base, head)).rejects.toThrow(/head revision .* is not in the repository/);
  });
});
