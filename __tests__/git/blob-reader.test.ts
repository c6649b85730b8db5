import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Git } from '../../src/git/git.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

/** Bytes of every value, with NULs, CRs and LFs (the reader's delimiter) inside. */
function binary(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 7 + 3) % 256;
  return data;
}

describe('Git blob reader (one long-lived git cat-file --batch)', () => {
  let repo: TestRepo;
  let head: string;
  const files = new Map<string, Buffer>();

  beforeAll(() => {
    repo = createRepo('keybug-git-');
    for (let i = 0; i < 300; i++) files.set(`src/f${i}.c`, Buffer.from(`int f${i}(void) { return ${i}; }\n`.repeat(1 + (i % 5))));
    files.set('data/blob.bin', binary(3 * 1024 * 1024 + 17));
    files.set('data/newline-only', Buffer.from('\n'));
    files.set('data/empty', Buffer.alloc(0));
    files.set('name with spaces.h', Buffer.from('#define X 1\n'));
    // Names the batch's one-spec-per-line protocol cannot carry: read through their trees instead.
    files.set('odd/new\nline.c', Buffer.from('int newline;\n'));
    files.set('odd/ends in cr\r', Buffer.from('int cr;\n'));
    files.set('odd/-dash "quoted"\ttab.c', Buffer.from('int dash;\n'));
    for (const [file, content] of files) repo.write(file, content);
    head = repo.commit('files');
  });
  afterAll(() => repo.cleanup());

  it('reads many blobs, in order, byte for byte, through one process', async () => {
    const git = await Git.open(repo.dir);
    try {
      const specs = [...files.keys()].map((f) => `${head}:${f}`);
      const blobs = await git.readBlobs(specs);
      for (const [file, content] of files) expect(blobs.get(`${head}:${file}`)?.equals(content)).toBe(true);
      // Concurrent reads share the process and still get their own answers.
      const again = await Promise.all([...files.keys()].slice(0, 50).map((f) => git.readBlob(head, f)));
      again.forEach((blob, i) => expect(blob?.equals(files.get(`src/f${i}.c`) as Buffer)).toBe(true));
    } finally {
      git.close();
    }
  });

  it('answers null for missing objects, trees and bad revisions without losing its place', async () => {
    const git = await Git.open(repo.dir);
    try {
      const specs = [
        `${head}:nope.c`,
        `${head}:src`,
        `${'0'.repeat(40)}:x`,
        `${head}:src/f1.c`,
        'no-such-rev:src/f2.c',
        `${head}:data/empty`,
      ];
      const blobs = await git.readBlobs(specs);
      expect(specs.map((s) => blobs.get(s)?.toString('utf8') ?? null)).toEqual([
        null,
        null,
        null,
        files.get('src/f1.c')?.toString('utf8'),
        null,
        '',
      ]);
      expect(await git.readBlob(head, 'data/newline-only')).toEqual(Buffer.from('\n'));
    } finally {
      git.close();
    }
  });

  it('reads a name with a newline through its tree, and answers null for a missing one, without losing its place', async () => {
    const git = await Git.open(repo.dir);
    try {
      const specs = [`${head}:a\nb`, `${head}:odd/new\nline.c`, `${head}:src/f3.c`, `${head}:odd/ends in cr\r`, `no-such-rev:x\ny`];
      const blobs = await git.readBlobs(specs);
      expect(specs.map((s) => blobs.get(s)?.toString('utf8') ?? null)).toEqual([
        null,
        'int newline;\n',
        files.get('src/f3.c')?.toString('utf8'),
        'int cr;\n',
        null,
      ]);
    } finally {
      git.close();
    }
  });

  it('reads the files of a listed revision by their blob ids, with the same answers', async () => {
    const git = await Git.open(repo.dir);
    try {
      const specs = [
        ...[...files.keys()].map((f) => `${head}:${f}`),
        `${head}:nope.c`,
        `${head}:src`,
        `${head}:a\nb`,
        `no-such-rev:src/f2.c`,
      ];
      const unlisted = await git.readBlobs(specs);
      await git.listTree(head);
      const ids = await git.blobIds(head);
      for (const file of ['src/f7.c', 'odd/new\nline.c', 'name with spaces.h']) {
        expect(ids.get(file)).toBe(execFileSync('git', ['-C', repo.dir, 'rev-parse', `${head}:${file}`], { encoding: 'utf8' }).trim());
      }
      const listed = await git.readBlobs(specs);
      expect(specs.map((s) => listed.get(s)?.toString('base64') ?? null)).toEqual(
        specs.map((s) => unlisted.get(s)?.toString('base64') ?? null),
      );
    } finally {
      git.close();
    }
  });

  it('ends its process on close, and starts a new one on the next read', async () => {
    const git = await Git.open(repo.dir);
    const count = (): number => catFiles(repo.dir);
    const before = count();
    expect(await git.readBlob(head, 'src/f0.c')).not.toBeNull();
    expect(count()).toBe(before + 1);
    git.close();
    git.close(); // idempotent
    await waitFor(() => count() === before);
    expect(await git.readBlob(head, 'src/f3.c')).toEqual(files.get('src/f3.c'));
    git.close();
    await waitFor(() => count() === before);
  });

  it('does not keep Node alive when a caller forgets to close it', () => {
    const script = `
      const { Git } = await import(${JSON.stringify(new URL('../../src/git/git.ts', import.meta.url).pathname)});
      const git = await Git.open(${JSON.stringify(repo.dir)});
      const blob = await git.readBlob(${JSON.stringify(head)}, 'src/f0.c');
      console.log(blob.length);`;
    const out = execFileSync(process.execPath, ['--experimental-transform-types', '--no-warnings', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(out.trim()).toBe(String(files.get('src/f0.c')?.length));
  });
});

/** Live `git cat-file --batch` processes running in `dir`. */
function catFiles(dir: string): number {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('git cat-file --batch') && processGitDir(line) === path.join(dir, '.git')).length;
}

/** The repository a git process works on: git runs in an empty folder with GIT_DIR set. */
function processGitDir(psLine: string): string | null {
  const pid = psLine.trim().split(/\s+/)[0];
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return environ.find((v) => v.startsWith('GIT_DIR='))?.slice('GIT_DIR='.length) ?? null;
  } catch {
    return null; // it exited meanwhile
  }
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(condition()).toBe(true);
}
