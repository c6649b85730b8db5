import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { isParsablePath } from '../../src/slicing/packs.js';
import { OverlaidIndex, revisionEntries } from '../../src/slicing/revision-index.js';
import { WordIndex } from '../../src/slicing/word-index.js';
import { readDiff } from '../../src/diff/index.js';
import type { Diff } from '../../src/types.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

describe('WordIndex', () => {
  let repo: TestRepo;
  let git: Git;
  let head: string;

  beforeAll(async () => {
    repo = createRepo('keybug-words-');
    repo.write('a.c', 'int alpha_beta = 1;\nstatic int gamma2(void);\n');
    repo.write('dir/b.h', '#define ALPHA 0x1alpha\nstruct delta { int alpha; };\n/* café alpha_beta */\n');
    repo.write('dir/c.cc', 'auto x = 1alpha + _alpha + alpha_; // not alpha as a word\nint eps\u00e9lon;\n');
    repo.write('bin.h', Buffer.concat([Buffer.from('alpha\0'), Buffer.from('delta')]));
    repo.write('notes.txt', 'alpha delta\n');
    repo.write('UPPER.H', 'alpha\n');
    head = repo.commit('files');
    git = await Git.open(repo.dir);
  });
  afterAll(() => {
    git.close();
    repo.cleanup();
  });

  it('answers what git grep -l -w -F -I answers over the parsable files', async () => {
    const index = await WordIndex.build(git, await revisionEntries(git, head));
    const pathspecs = ['*.c', '*.h', '*.cc'];
    for (const words of [
      ['alpha'],
      ['alpha_beta'],
      ['delta', 'gamma2'],
      ['ALPHA'],
      ['eps'],
      ['x', 'missing'],
      ['alpha', 'alpha_beta', 'eps'],
    ]) {
      const grep = (await git.grepFiles(head, words, pathspecs)).sort();
      expect({ words, files: index.filesWithAny(words).sort() }).toEqual({ words, files: grep });
    }
  });

  it('lists the files in the order they were read, each once, for one word or several', async () => {
    const entries = await revisionEntries(git, head);
    const index = await WordIndex.build(git, entries);
    const order = entries.map((e) => e.path);
    for (const words of [['alpha'], ['delta', 'alpha'], ['alpha', 'alpha_beta', 'delta', 'gamma2']]) {
      const files = index.filesWithAny(words);
      expect(new Set(files).size).toBe(files.length);
      expect(files).toEqual(order.filter((f) => files.includes(f)));
    }
  });

  it('answers for identifiers only (others go to git grep), and counts the bytes it read', async () => {
    const files = (await git.listFiles(head)).filter(isParsablePath);
    const index = await WordIndex.build(git, await revisionEntries(git, head));
    expect(['alpha', '_x', 'missing'].map((n) => index.answers(n))).toEqual([true, true, true]);
    expect(['operator+', 'a.b', '1alpha', ''].map((n) => index.answers(n))).toEqual([false, false, false, false]);
    const sizes = files.map((f) => Number(repo.git('cat-file', '-s', `${head}:${f}`)));
    expect(index.bytes).toBe(sizes.reduce((a, b) => a + b, 0) - 'alpha\0delta'.length); // the binary file is not read
  });
});

describe('the base revision seen through the head index', () => {
  let repo: TestRepo;
  let git: Git;
  let diff: Diff;

  beforeAll(async () => {
    repo = createRepo('keybug-words-base-');
    repo.write('same.h', 'struct kept { int alpha; };\n');
    repo.write('mod.c', 'int beta = 1;\n');
    repo.write('gone.c', 'int gamma = 3;\n');
    repo.write('old_name.c', 'int delta = 4;\nint filler1, filler2, filler3;\n');
    repo.write('src.c', 'int epsilon = 5;\nint more1, more2, more3, more4;\n');
    const base = repo.commit('base');
    repo.write('mod.c', 'int zeta = 1;\n');
    repo.remove('gone.c');
    repo.write('new.c', 'int beta_new = 2; int gamma;\n');
    repo.git('mv', 'old_name.c', 'new_name.c');
    repo.write('copy.c', 'int epsilon = 5;\nint more1, more2, more3, more4;\n');
    const head = repo.commit('head');
    git = await Git.open(repo.dir);
    diff = await readDiff(git, base, head, { fetchRemote: null });
  });
  afterAll(() => {
    git.close();
    repo.cleanup();
  });

  it('answers what git grep answers on the base, having read only the changed files there', async () => {
    const headIndex = await WordIndex.build(git, await revisionEntries(git, diff.headSha));
    const base = await OverlaidIndex.baseOf(git, headIndex, diff);
    expect(base.bytes).toBeLessThan(headIndex.bytes);
    for (const words of [['alpha'], ['beta'], ['gamma'], ['delta'], ['epsilon'], ['zeta'], ['beta_new'], ['beta', 'zeta', 'delta']]) {
      const grep = (await git.grepFiles(diff.baseSha, words, [])).sort();
      expect({ words, files: base.filesWithAny(words).sort() }).toEqual({ words, files: grep });
    }
  });
});
