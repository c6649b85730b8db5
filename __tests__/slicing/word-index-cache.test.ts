import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Git } from '../../src/git/git.js';
import { fileHead } from '../../src/slicing/cache-file.js';
import { CACHE_FILE, loadWordIndex, readWordIndex, saveWordIndex } from '../../src/slicing/word-index-cache.js';
import { revisionEntries } from '../../src/slicing/revision-index.js';
import { WordIndex } from '../../src/slicing/word-index.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { buildFixture, type Fixture } from './fixtures.js';

const WORDS = [
  ['alpha'],
  ['beta'],
  ['gamma'],
  ['delta'],
  ['epsilon'],
  ['zeta'],
  ['only_new'],
  ['only_old'],
  ['beta', 'zeta'],
  ['f0'],
  ['f7', 'f8'],
];

/** A cached index, read back: fails the test when there is none or it cannot be used. */
function loaded(dir: string): WordIndex {
  const read = loadWordIndex(dir);
  if (read === null || !('index' in read)) throw new Error(`no usable cache: ${JSON.stringify(read)}`);
  return read.index;
}

describe('the word index cache', () => {
  let repo: TestRepo;
  let git: Git;
  let first: string;
  let second: string;
  let rewritten: string;
  let cache: string;

  beforeAll(async () => {
    repo = createRepo('keybug-index-cache-');
    for (let i = 0; i < 10; i++) repo.write(`src/f${i}.c`, `int f${i}(int alpha) {\n  return alpha + ${i};\n}\n`);
    repo.write('mod.c', 'int beta = 1; int only_old;\n');
    repo.write('gone.h', 'struct gamma { int delta; };\n');
    repo.write('old_name.c', 'int epsilon = 5;\n');
    first = repo.commit('first');
    repo.write('mod.c', 'int zeta = 1; int only_new;\n');
    repo.remove('gone.h');
    repo.git('mv', 'old_name.c', 'new_name.c');
    repo.write('added.h', '#define beta 2\n');
    second = repo.commit('second');
    for (let i = 0; i < 10; i++) repo.write(`src/f${i}.c`, `long f${i}(long x) { return x; }\n`);
    rewritten = repo.commit('most files rewritten');
    git = await Git.open(repo.dir);
    cache = mkdtempSync(path.join(tmpdir(), 'keybug-cache-dir-'));
  });
  afterAll(() => {
    git.close();
    repo.cleanup();
    rmSync(cache, { recursive: true, force: true });
  });

  const expectGrepAnswers = async (index: WordIndex, rev: string): Promise<void> => {
    for (const words of WORDS) {
      const grep = (await git.grepFiles(rev, words, ['*.c', '*.h'])).sort();
      expect({ words, files: index.filesWithAny(words).sort() }).toEqual({ words, files: grep });
    }
  };

  it('gives back the index it kept, answering as the one built', async () => {
    const built = await WordIndex.build(git, await revisionEntries(git, first));
    expect(saveWordIndex(cache, built)).toBeNull();
    const back = loaded(cache);
    expect(back.fileCount).toBe(built.fileCount);
    expect(back.bytes).toBe(built.bytes);
    await expectGrepAnswers(back, first);
  });

  it('reads a cache file wherever its bytes lie in memory (in place on a 4-byte boundary, copied off one)', async () => {
    const good = readFileSync(path.join(cache, CACHE_FILE));
    for (const shift of [0, 1, 2, 3, 4]) {
      const bytes = Buffer.concat([Buffer.alloc(shift), good]).subarray(shift);
      const index = readWordIndex(bytes);
      expect({ shift, files: index?.fileCount }).toEqual({ shift, files: 13 });
      await expectGrepAnswers(index as WordIndex, first);
    }
  });

  it('reads only the files that changed since the kept index, and answers as git grep on the new revision', async () => {
    const index = await WordIndex.build(git, await revisionEntries(git, second), loaded(cache));
    // mod.c changed and added.h is new; new_name.c has the blob old_name.c had, so it is taken from the cache.
    expect(index.readFiles).toBe(2);
    expect(index.reusedFiles).toBe(11);
    expect(index.bytes).toBe(Buffer.byteLength('int zeta = 1; int only_new;\n') + Buffer.byteLength('#define beta 2\n'));
    await expectGrepAnswers(index, second);
    // Names only a changed or removed file held are in no file now.
    expect(index.filesWithAny(['only_old', 'gamma'])).toEqual([]);
  });

  it('keeps an index built over a kept one (lent files in place, read files in its own) and reads it back whole', async () => {
    const index = await WordIndex.build(git, await revisionEntries(git, second), loaded(cache));
    const saved = index.toSaved();
    // The lent files and the read ones lie in two arrays: the kept index's and this one's.
    expect(saved.postings.length).toBeGreaterThan(1);
    const dir = mkdtempSync(path.join(tmpdir(), 'keybug-cache-dir-'));
    try {
      expect(saveWordIndex(dir, index)).toBeNull();
      const back = loaded(dir);
      expect([back.fileCount, back.reusedFiles]).toEqual([index.fileCount, 0]);
      await expectGrepAnswers(back, second);
      // Searched after it was saved: its postings are turned around from both arrays.
      await expectGrepAnswers(index, second);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does not take over an index holding under half of the revision's files", async () => {
    const index = await WordIndex.build(git, await revisionEntries(git, rewritten), loaded(cache));
    expect(index.reusedFiles).toBe(0);
    expect(index.readFiles).toBe(13);
    await expectGrepAnswers(index, rewritten);
  });

  it('says what is wrong with a damaged file and uses none of it', () => {
    const file = path.join(cache, CACHE_FILE);
    const good = readFileSync(file);
    const damaged: [string, Buffer][] = [
      ['truncated', good.subarray(0, good.length - 3)],
      ['another magic line', Buffer.concat([Buffer.from('KEYBUG WORD INDEX 9\n'), good.subarray(20)])],
      [
        'a name id past the table',
        (() => {
          const copy = Buffer.from(good);
          copy.writeInt32LE(0x7fffffff, copy.length - 4 * 16); // inside the postings or the file starts
          return copy;
        })(),
      ],
      [
        'not JSON in the header',
        (() => {
          const copy = Buffer.from(good);
          copy.write('!', 24, 'latin1');
          return copy;
        })(),
      ],
      ['empty', Buffer.alloc(0)],
      ...(['null', '[1,2]', '7'] as const).map((json): [string, Buffer] => [
        `a header that is not an object (${json})`,
        Buffer.concat(fileHead(good.subarray(0, good.indexOf(10) + 1), JSON.parse(json))),
      ]),
    ];
    for (const [what, bytes] of damaged) {
      writeFileSync(file, bytes);
      const read = loadWordIndex(cache);
      expect({ what, problem: read !== null && 'problem' in read ? read.problem : null }).toEqual({
        what,
        problem: expect.stringContaining('is not a word index keybug can use'),
      });
    }
    writeFileSync(file, good);
    expect(loadWordIndex(path.join(cache, 'nothing-here'))).toBeNull();
  });

  it('reads back the index of a repository of 300,000 files', async () => {
    const saved = (await WordIndex.build(git, await revisionEntries(git, first))).toSaved();
    const files = 300_000;
    const many = WordIndex.fromSaved({
      ...saved,
      files: Array.from({ length: files }, (_, i) => `f${i}.c`),
      blobs: new Array<string>(files).fill(''),
      postings: [new Int32Array(0)],
      fileStarts: new Int32Array(files + 1),
    });
    expect(many?.fileCount).toBe(files);
    expect(many?.filesWithAny(['alpha'])).toEqual([]);
  });

  it('says why it cannot write, and leaves no partial file', async () => {
    const blocked = path.join(cache, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const problem = saveWordIndex(blocked, await WordIndex.build(git, await revisionEntries(git, first)));
    expect(problem).toMatch(/^cannot write .*a-file.*word-index-v1\.bin: /);
  });
});

describe('slicing with the word index cache', () => {
  // A change whose callees' bodies only the repository-wide search finds (a header declares them, each is defined in a file of its own).
  const base: Record<string, string> = {
    'a.c': '#include "lib/g.h"\n\nint f(int x) {\n  return x;\n}\n',
    'lib/g.h': Array.from({ length: 8 }, (_, i) => `int g${i}(int v);\n`).join(''),
  };
  for (let i = 0; i < 8; i++) base[`lib/g${i}.c`] = `int g${i}(int v) {\n  return v * ${i};\n}\n`;
  const head = {
    'a.c': `#include "lib/g.h"\n\nint f(int x) {\n  x = ${Array.from({ length: 8 }, (_, i) => `g${i}(x)`).join(' + ')};\n  return x;\n}\n`,
  };
  let fixture: Fixture;
  let cache: string;
  beforeAll(() => {
    fixture = buildFixture(base, head);
    cache = mkdtempSync(path.join(tmpdir(), 'keybug-cache-slices-'));
  });
  afterAll(() => {
    fixture.repo.cleanup();
    rmSync(cache, { recursive: true, force: true });
  });

  it('makes the same slices with no cache, an empty one, a kept one and a damaged one, and says what it did', async () => {
    const rendered = (r: Awaited<ReturnType<Fixture['slice']>>): string[] => r.slices.map((s) => s.rendered);
    const none = await fixture.slice('full-flow');
    expect(none.stats.indexCache).toBeUndefined();
    expect(rendered(none).join('\n')).toContain('int g7(int v) {');
    const cold = await fixture.slice('full-flow', undefined, { indexCache: cache });
    expect(cold.stats.indexCache).toEqual({ dir: cache, reusedFiles: 0, readFiles: 10 });
    const warm = await fixture.slice('full-flow', undefined, { indexCache: cache });
    expect(warm.stats.indexCache).toEqual({ dir: cache, reusedFiles: 10, readFiles: 0 });
    writeFileSync(path.join(cache, CACHE_FILE), 'garbage');
    const damaged = await fixture.slice('full-flow', undefined, { indexCache: cache });
    expect(damaged.stats.indexCache).toEqual({
      dir: cache,
      reusedFiles: 0,
      readFiles: 10,
      problem: expect.stringContaining('is not a word index keybug can use'),
    });
    for (const run of [cold, warm, damaged]) expect(rendered(run)).toEqual(rendered(none));
    // The damaged file was written again.
    expect('index' in (loadWordIndex(cache) ?? {})).toBe(true);
  });
});
