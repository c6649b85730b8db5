import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runReview } from '../../src/engine/run.js';
import { coverageGaps } from '../../src/engine/coverage.js';
import type { Settings } from '../../src/config/settings.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { testSettings, wellBehaved } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';

const fn = (name: string, body: string): string => `int ${name}(int x) {\n  ${body}\n  return x;\n}\n`;
/** A C file past the slicer's 1 MB parse limit. */
const BIG = Array.from({ length: 90_000 }, (_, i) => `int v${i} = ${i};`).join('\n') + '\n';

describe('files left out before the model make the run incomplete only when they were meant to be reviewed', () => {
  let repo: TestRepo;
  let server: ModelServer;
  const commits: string[] = [];
  beforeAll(async () => {
    server = await startModelServer(wellBehaved({}));
    repo = createRepo();
    repo.write('src/a.c', fn('a', 'x += 1;'));
    repo.write('src/b.c', fn('b', 'x += 2;'));
    repo.write('src/skip.c', fn('s', 'x += 3;'));
    repo.write('src/big.c', BIG);
    repo.write('vendor/lib.c', fn('lib', 'x += 4;'));
    repo.write('docs/notes.md', '# Notes\n');
    repo.write('README.md', 'Readme\n');
    repo.write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]));
    commits.push(repo.commit('base'));
    // What the user left out, and what has nothing to review.
    repo.write('src/a.c', fn('a', 'x += 10;'));
    repo.write('src/skip.c', fn('s', 'x += 30;'));
    repo.write('vendor/lib.c', fn('lib', 'x += 40;'));
    repo.remove('docs/notes.md');
    repo.write('README.md', 'Readme, edited\n');
    repo.write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 9, 9, 9]));
    commits.push(repo.commit('user exclusions and nothing to review'));
    repo.write('src/a.c', fn('a', 'x += 100;'));
    repo.write('src/b.c', fn('b', 'x += 200;'));
    commits.push(repo.commit('two C files'));
    repo.write('src/big.c', BIG.replace('int v0 = 0;', 'int v0 = -1;'));
    commits.push(repo.commit('a file too large to slice'));
  });
  afterAll(async () => {
    repo.cleanup();
    await server.close();
  });

  const review = (from: number, inputs: Record<string, string> = {}) =>
    runReview({ repoDir: repo.dir, base: commits[from] ?? '', head: commits[from + 1] ?? '', pr: { title: 't', body: '' }, settings: testSettings(server.url, { reviewers: '1', validator: 'false', ...inputs }) });

  it('stays complete with excluded, generated, binary, deleted and non-C files, listing each', async () => {
    const { result } = await review(0, { exclude: 'src/skip.c' });
    expect(result.incompleteReasons).toEqual([]);
    expect(result.status).toBe('complete');
    expect(Object.fromEntries(result.unreviewed.map((u) => [u.path, u.reason]))).toEqual({
      'src/skip.c': 'matches an `exclude` pattern',
      'vendor/lib.c': 'generated or vendored path (set `skip-generated: false` to review it)',
      'assets/logo.png': 'binary file',
      'docs/notes.md': 'not a C or C++ file',
      'README.md': 'not a C or C++ file',
    });
    expect(result.slices.map((s) => s.file)).toEqual(['src/a.c']);
  });

  it('is incomplete when max-files leaves changed files out', async () => {
    const { result } = await review(1, { 'max-files': '1' });
    expect(result.status).toBe('incomplete');
    expect(result.incompleteReasons).toEqual(['max-files=1: 1 more changed file(s) were not reviewed (src/b.c)']);
    expect(result.unreviewed).toEqual([{ path: 'src/b.c', reason: 'over the limit of 1 files (`max-files`)' }]);
  });

  it('reviews a changed C file too large to parse from its diff hunks, and stays complete', async () => {
    const { result } = await review(2);
    expect(result.incompleteReasons).toEqual([]);
    expect(result.status).toBe('complete');
    expect(result.unreviewed).toEqual([]);
    expect(result.slices).toEqual([expect.objectContaining({ file: 'src/big.c', startLine: 1, endLine: 1, algorithm: 'original-diff' })]);
    const asked = server.requests.filter((r) => r.user.includes('src/big.c'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]?.user).toContain('not parsed (larger than 1 MB');
    expect(asked[0]?.user).toContain('int v0 = -1;');
  });
});

describe('coverageGaps', () => {
  const settings = { maxFiles: 5 } as Settings;
  it('counts only the slicer skips it marks as missed, whatever their wording', () => {
    const skipped = [
      { path: 'logo.png', reason: 'binary file' },
      { path: 'notes.md', reason: 'not a C or C++ file' },
      { path: 'odd.c', reason: 'binary content', missed: true },
    ];
    expect(coverageGaps([], skipped, settings)).toEqual(['1 changed file(s) could not be sliced and were not reviewed (odd.c: binary content)']);
    expect(coverageGaps([], skipped.slice(0, 2), settings)).toEqual([]);
  });
});
