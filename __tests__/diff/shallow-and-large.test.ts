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
    execFileSync('git', ['-c', 'protocol.file.allow=always', 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin.dir}`, dir]);
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
    await expect(readDiff(git, baseTip, 'HEAD')).rejects.toThrow(/is not in this repository\. This clone is shallow: check out with `fetch-depth: 0`/);
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
