import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { isParsablePath } from '../../src/slicing/packs.js';
import { WordIndex } from '../../src/slicing/word-index.js';
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
    const files = (await git.listFiles(head)).filter(isParsablePath);
    const index = await WordIndex.build(git, head, files, 1 << 20);
    if (index === null) throw new Error('a few hundred bytes should fit in 1 MiB');
    const pathspecs = ['*.c', '*.h', '*.cc'];
    for (const words of [['alpha'], ['alpha_beta'], ['delta', 'gamma2'], ['ALPHA'], ['eps'], ['x', 'missing'], ['alpha', 'alpha_beta', 'eps']]) {
      const grep = (await git.grepFiles(head, words, pathspecs)).sort();
      expect({ words, files: index.filesWithAny(words).sort() }).toEqual({ words, files: grep });
    }
  });

  it('declines a revision whose text is over the limit, so searches go to git grep', async () => {
    const files = (await git.listFiles(head)).filter(isParsablePath);
    expect(await WordIndex.build(git, head, files, 64)).toBeNull();
  });
});
