import { createRepo, type TestRepo } from './repo.js';

/**
 * A change that git reports as a copy: copy.c is orig.c with one line edited, and orig.c is edited
 * too (git looks for copy sources among the files a diff changes).
 */
export function createCopyChange(prefix = 'keybug-copy-'): { repo: TestRepo; base: string; head: string } {
  const repo = createRepo(prefix);
  const body = Array.from({ length: 30 }, (_, i) => `int line${i + 1} = ${i + 1};`).join('\n') + '\n';
  repo.write('orig.c', body);
  const base = repo.commit('base');
  repo.write('orig.c', body.replace('int line1 = 1;', 'int line1 = 10;'));
  repo.write('copy.c', body.replace('int line20 = 20;', 'long line20 = 20;'));
  const head = repo.commit('head');
  return { repo, base, head };
}
