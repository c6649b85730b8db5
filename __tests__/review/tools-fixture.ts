/**
 * The repository the tool tests ask about: a ring buffer whose change raises the capacity a helper
 * reports past the array's size (ring_capacity in src/ring.c), so ring_push, its caller in the same
 * file, writes past `items`. Around it: a caller in another file, a symbolic link out of the
 * repository, a submodule, a file over 1 MB, a committed token, and a long line of `a`s for a
 * regular-expression bomb.
 */
import { readDiff } from '../../src/diff/index.js';
import { Git } from '../../src/git/git.js';
import type { Diff } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

export const RING_H = `#ifndef RING_H
#define RING_H

#define RING_SIZE 8

struct ring {
  int items[RING_SIZE];
  unsigned head;
  unsigned count;
};

int ring_push(struct ring *r, int value);

#endif
`;

export const ringC = (capacity: string): string => `#include "ring.h"

static int ring_capacity(const struct ring *r) {
  (void)r;
  return ${capacity};
}

int ring_push(struct ring *r, int value) {
  if (r->count >= ring_capacity(r)) {
    return -1;
  }
  r->items[(r->head + r->count) % RING_SIZE] = value;
  r->count++;
  return 0;
}
`;

export const MAIN_C = `#include "ring.h"

int fill(struct ring *r, int n) {
  for (int i = 0; i < n; i++) {
    if (ring_push(r, i) != 0) {
      return i;
    }
  }
  return n;
}
`;

/** Lines of src/ring.c: ring_capacity's definition and its return, ring_push's check and write. */
export const LINES = {
  capacityStart: 3,
  capacityReturn: 5,
  capacityEnd: 6,
  pushStart: 8,
  pushCheck: 9,
  pushWrite: 12,
  pushEnd: 15,
} as const;

/** A GitHub token committed in a config file: the tools must never show it. */
export const TOKEN = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';

export interface ToolsFixture {
  repo: TestRepo;
  git: Git;
  diff: Diff;
  base: string;
  head: string;
  cleanup(): void;
}

/** Writes the repository (two commits: base, then the change) and reads its diff. */
export async function createToolsFixture(): Promise<ToolsFixture> {
  const repo = createRepo('keybug-tools-');
  repo.write('include/ring.h', RING_H);
  repo.write('src/ring.c', ringC('RING_SIZE'));
  repo.write('src/main.c', MAIN_C);
  repo.write('config/settings.env', `API_TOKEN=${TOKEN}\nMODE=fast\n`);
  repo.write('data/big.txt', 'x'.repeat(1024 * 1024 + 10) + '\n');
  repo.write('src/table.c', Array.from({ length: 50 }, (_, i) => `int t_${i} = ${i};\n`).join(''));
  repo.write('data/aaaa.txt', 'a'.repeat(5000) + '!\n');
  repo.git('add', '-A');
  // A symbolic link out of the repository and a submodule (a gitlink), tracked as git stores them.
  const passwd = execHashObject(repo, '/etc/passwd');
  repo.git('update-index', '--add', '--cacheinfo', `120000,${passwd},src/passwd.c`);
  repo.git('update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},vendor/lib`);
  repo.git('commit', '-q', '-m', 'Ring buffer');
  const base = repo.git('rev-parse', 'HEAD').trim();
  repo.write('src/ring.c', ringC('RING_SIZE + 1'));
  repo.git('add', 'src/ring.c');
  repo.git('commit', '-q', '-m', 'Leave a spare slot in the ring');
  const head = repo.git('rev-parse', 'HEAD').trim();
  const git = await Git.open(repo.dir);
  const diff = await readDiff(git, base, head, { fetchRemote: null });
  return {
    repo,
    git,
    diff,
    base,
    head,
    cleanup() {
      git.close();
      repo.cleanup();
    },
  };
}

/** The blob of a symbolic link is its target's path: written with `git hash-object --stdin`. */
function execHashObject(repo: TestRepo, linkTarget: string): string {
  repo.write('.link-target', linkTarget);
  const id = repo.git('hash-object', '-w', '.link-target').trim();
  repo.remove('.link-target');
  return id;
}
