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
    repo.write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 7, 7, 7]));
    repo.write('docs/guide.md', '# Guide\n');
    commits.push(repo.commit('only a binary file and documentation'));
    repo.write('tools/release.rb', 'def release(v)\n  puts v\nend\n');
    repo.write('tools/run', '#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n');
    commits.push(repo.commit('a Ruby file and a Python script without an extension'));
  });
  afterAll(async () => {
    repo.cleanup();
    await server.close();
  });

  const review = (from: number, inputs: Record<string, string> = {}) =>
    runReview({
      repoDir: repo.dir,
      base: commits[from] ?? '',
      head: commits[from + 1] ?? '',
      pr: { title: 't', body: '' },
      settings: testSettings(server.url, { reviewers: '1', validator: 'false', ...inputs }),
    });

  it('stays complete with excluded, generated, binary and deleted files; every changed file has one coverage entry', async () => {
    const { result } = await review(0, { exclude: 'src/skip.c' });
    expect(result.incompleteReasons).toEqual([]);
    expect(result.status).toBe('complete');
    expect(Object.fromEntries(result.files.map((f) => [f.path, [f.language, f.coverage, f.reason ?? '']]))).toEqual({
      'src/a.c': ['C', 'context', ''],
      'src/skip.c': [null, 'skipped', 'matches an `exclude` pattern'],
      'vendor/lib.c': [null, 'skipped', 'vendored path (matches `**/vendor/**`; set `skip-generated: false` to review it)'],
      'assets/logo.png': [null, 'skipped', 'binary file'],
      'docs/notes.md': [null, 'skipped', 'deleted file'],
      // A root README is documentation too: skip-docs covers Markdown anywhere.
      'README.md': [
        null,
        'skipped',
        'documentation (matches `**/*.{md,mdx,markdown,rst,adoc,asciidoc,txt,text}`; set `skip-docs: false`, or name it in `include`, to review it)',
      ],
    });
    expect(result.files).toHaveLength(result.stats.files);
    expect(result.slices.map((s) => s.file)).toEqual(['src/a.c']);
  });

  it('is incomplete when max-files leaves changed files out', async () => {
    const { result } = await review(1, { 'max-files': '1' });
    expect(result.status).toBe('incomplete');
    expect(result.incompleteReasons).toEqual(['1 changed file(s) over max-files 1 were not reviewed (src/b.c)']);
    expect(result.unreviewed).toEqual([{ path: 'src/b.c', reason: 'over the limit of 1 files (`max-files`)', missed: true }]);
    expect(result.files.find((f) => f.path === 'src/b.c')).toEqual({
      path: 'src/b.c',
      language: null,
      coverage: 'unreviewed',
      reason: 'over the limit of 1 files (`max-files`)',
    });
  });

  it('reviews a changed C file too large to parse from its diff hunks, and stays complete', async () => {
    const { result } = await review(2);
    expect(result.incompleteReasons).toEqual([]);
    expect(result.status).toBe('complete');
    expect(result.unreviewed).toEqual([]);
    expect(result.slices).toEqual([expect.objectContaining({ file: 'src/big.c', startLine: 1, endLine: 1, algorithm: 'original-diff' })]);
    const asked = server.requests.filter((r) => r.user.includes('src/big.c'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]?.user).toContain('diff only (larger than 1 MB');
    expect(asked[0]?.user).toContain('int v0 = -1;');
    expect(result.files).toEqual([
      { path: 'src/big.c', language: 'C', coverage: 'diff', reason: expect.stringContaining('larger than 1 MB') },
    ]);
  });

  it('a change of only a binary file and documentation has nothing to review: never "complete", no model called', async () => {
    const before = server.requests.length;
    const { result } = await review(3);
    expect(result.status).toBe('nothing-to-review');
    expect(result.incompleteReasons).toEqual([]);
    expect(result.files.map((f) => [f.path, f.coverage])).toEqual([
      ['assets/logo.png', 'skipped'],
      ['docs/guide.md', 'skipped'],
    ]);
    expect(result.files[1]?.reason).toBe(
      'documentation (matches `**/*.{md,mdx,markdown,rst,adoc,asciidoc,txt,text}`; set `skip-docs: false`, or name it in `include`, to review it)',
    );
    expect(server.requests.length).toBe(before);
  });

  it('reviews languages without a pack from their diff, naming the language (by extension, then by the #! line)', async () => {
    const { result } = await review(4);
    expect(result.status).toBe('complete');
    expect(result.files).toEqual([
      { path: 'tools/release.rb', language: 'Ruby', coverage: 'diff', reason: 'no Ruby pack' },
      { path: 'tools/run', language: 'Python', coverage: 'context' },
    ]);
    const ruby = server.requests.find((r) => r.user.includes('tools/release.rb'));
    expect(ruby?.system).toContain('a senior Ruby engineer');
    expect(ruby?.user).toContain('## tools/release.rb · diff only (no Ruby pack)');
    expect(server.requests.find((r) => r.user.includes('tools/run'))?.system).toContain('a senior Python engineer');
  });
});

describe('coverageGaps', () => {
  const settings = { maxFiles: 5 } as Settings;
  it('counts only the slicer skips it marks as missed, whatever their wording', () => {
    const skipped = [
      { path: 'logo.png', reason: 'binary file' },
      { path: 'notes.md', reason: 'deleted file' },
      { path: 'odd.c', reason: 'binary content', missed: true },
    ];
    expect(coverageGaps([], skipped, settings)).toEqual([
      '1 changed file(s) could not be sliced and were not reviewed (odd.c: binary content)',
    ]);
    expect(coverageGaps([], skipped.slice(0, 2), settings)).toEqual([]);
  });
});
