/**
 * scripts/release.mjs on throw-away repositories: what it refuses, the tags it makes, and the
 * push to a remote (a bare repository on disk). The build and the smoke test are stand-in
 * commands here: the real ones are `npm run bundle` and .ci/smoke.sh, which CI runs anyway.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRepo, type TestRepo } from './helpers/repo.js';
// @ts-expect-error -- a plain .mjs script without type declarations
import { release, ReleaseRefused } from '../scripts/release.mjs';

interface Released {
  tags: string[];
  head: string;
  pushes: string[][];
}
type Release = (options: Record<string, unknown>) => Released;

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};
/** A build that leaves dist/ as committed, and one that changes it. */
const FRESH = ['node', '-e', ''];
const STALE = ['node', '-e', "require('fs').writeFileSync('dist/index.js', 'rebuilt\\n')"];

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

function project(version = '1.2.0'): TestRepo {
  const repo = createRepo('keybug-release-');
  cleanups.push(() => repo.cleanup());
  repo.write('package.json', JSON.stringify({ name: 'keybug', version }) + '\n');
  repo.write('dist/index.js', 'built\n');
  repo.commit('first');
  return repo;
}

function releaseIn(repo: TestRepo, version: string, options: Record<string, unknown> = {}): Released {
  const lines: string[] = [];
  return (release as Release)({
    version,
    cwd: repo.dir,
    env: ENV,
    bundle: FRESH,
    check: FRESH,
    output: 'ignore',
    log: (line: string) => lines.push(line),
    ...options,
  });
}

function refusal(repo: TestRepo, version: string, options: Record<string, unknown> = {}): string {
  try {
    releaseIn(repo, version, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ReleaseRefused);
    return (error as Error).message;
  }
  throw new Error('the release was not refused');
}

const tagsOf = (repo: TestRepo): string => repo.git('tag', '--list').trim();
const target = (repo: TestRepo, tag: string): string => repo.git('rev-parse', `${tag}^{commit}`).trim();

describe('npm run release', () => {
  it('tags vX.Y.Z and moves vX to it; the next release moves vX on and leaves the earlier tag', () => {
    const repo = project('1.2.0');
    const first = releaseIn(repo, '1.2.0');
    expect(first.tags).toEqual(['v1.2.0', 'v1']);
    expect(target(repo, 'v1.2.0')).toBe(first.head);
    expect(target(repo, 'v1')).toBe(first.head);
    expect(repo.git('cat-file', '-t', 'v1.2.0').trim()).toBe('tag');

    repo.write('package.json', JSON.stringify({ name: 'keybug', version: '1.3.0' }) + '\n');
    const next = repo.commit('1.3.0');
    releaseIn(repo, '1.3.0');
    expect(target(repo, 'v1.3.0')).toBe(next);
    expect(target(repo, 'v1')).toBe(next);
    expect(target(repo, 'v1.2.0')).toBe(first.head);
  });

  it('pushes the version tag and force-moves the major tag on the remote with --push', () => {
    const remote = mkdtempSync(path.join(tmpdir(), 'keybug-release-remote-'));
    cleanups.push(() => rmSync(remote, { recursive: true, force: true }));
    execFileSync('git', ['init', '-q', '--bare', remote]);
    const repo = project('1.0.0');
    repo.git('remote', 'add', 'origin', remote);
    releaseIn(repo, '1.0.0', { push: true });
    repo.write('package.json', JSON.stringify({ name: 'keybug', version: '1.0.1' }) + '\n');
    const next = repo.commit('1.0.1');
    releaseIn(repo, '1.0.1', { push: true });
    const remoteTag = (tag: string): string =>
      execFileSync('git', ['-C', remote, 'rev-parse', `${tag}^{commit}`], { encoding: 'utf8' }).trim();
    expect(remoteTag('v1')).toBe(next);
    expect(remoteTag('v1.0.1')).toBe(next);
    expect(remoteTag('v1.0.0')).not.toBe(next);
  });

  it('refuses a dirty tree, an untracked file, another version than package.json, a bad version, and tags nothing', () => {
    const repo = project('1.2.0');
    repo.write('dist/index.js', 'edited\n');
    expect(refusal(repo, '1.2.0')).toMatch(/working tree is not clean.*\n.*dist\/index\.js/);
    repo.git('checkout', '--', 'dist/index.js');
    repo.write('notes.txt', 'x\n');
    expect(refusal(repo, '1.2.0')).toMatch(/not clean.*\n.*notes\.txt/);
    repo.remove('notes.txt');
    expect(refusal(repo, '1.3.0')).toContain("package.json says version 1.2.0, not 1.3.0: run 'npm version 1.3.0 --no-git-tag-version'");
    expect(refusal(repo, 'v1.2')).toContain('the version must be X.Y.Z');
    expect(tagsOf(repo)).toBe('');
  });

  it('refuses a stale dist/ (the build changes it), a failing smoke test, and tags nothing', () => {
    const repo = project('1.2.0');
    expect(refusal(repo, '1.2.0', { bundle: STALE })).toMatch(/dist\/ is stale.*\n.*dist\/index\.js/);
    repo.git('checkout', '--', 'dist/index.js');
    expect(refusal(repo, '1.2.0', { check: ['node', '-e', 'process.exit(3)'] })).toMatch(
      /the bundle smoke test failed \(.*exit 3\); nothing was tagged/,
    );
    expect(tagsOf(repo)).toBe('');
  });

  it('refuses a tag that exists and a version that would move the major tag back', () => {
    const repo = project('1.2.0');
    releaseIn(repo, '1.2.0');
    expect(refusal(repo, '1.2.0')).toContain('the tag v1.2.0 exists already');
    repo.write('package.json', JSON.stringify({ name: 'keybug', version: '1.1.9' }) + '\n');
    repo.commit('back');
    expect(refusal(repo, '1.1.9')).toContain('v1.1.9 is not above v1.2.0, the newest v1 release');
  });

  it('with --dry-run builds and checks, and tags nothing', () => {
    const repo = project('2.0.0');
    const dry = releaseIn(repo, '2.0.0', { dryRun: true });
    expect(dry.tags).toEqual([]);
    expect(dry.pushes).toEqual([
      ['git', 'push', 'origin', 'refs/tags/v2.0.0'],
      ['git', 'push', '--force', 'origin', 'refs/tags/v2'],
    ]);
    expect(tagsOf(repo)).toBe('');
  });
});
