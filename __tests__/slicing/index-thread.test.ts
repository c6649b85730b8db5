import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Git } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import { FileStore } from '../../src/slicing/file-store.js';
import { NameSearch } from '../../src/slicing/name-search.js';
import { buildIndex, indexFromReply, runIndexJob, transferablesOf } from '../../src/slicing/index-thread.js';
import { revisionEntries } from '../../src/slicing/revision-index.js';
import { WordIndex, type IndexEntry } from '../../src/slicing/word-index.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

describe('the word index built apart from the slicing thread', () => {
  let repo: TestRepo;
  let git: Git;
  let entries: IndexEntry[];
  let scripts: string;
  const words = [['alpha'], ['beta'], ['gamma', 'delta'], ['alpha', 'beta', 'missing'], ['missing']];
  const answers = (index: WordIndex): string[][] => words.map((w) => index.filesWithAny(w));

  beforeAll(async () => {
    repo = createRepo('keybug-index-thread-');
    repo.write('a.c', 'int alpha = 1;\nint beta(void);\n');
    repo.write('b/b.h', 'struct gamma { int alpha; };\n');
    repo.write('b/c.cc', 'int delta = alpha + beta();\n');
    repo.write('bin.h', Buffer.from('alpha\0beta'));
    const head = repo.commit('files');
    git = await Git.open(repo.dir);
    entries = await revisionEntries(git, head);
    scripts = mkdtempSync(path.join(tmpdir(), 'keybug-index-scripts-'));
  });
  afterAll(() => {
    git.close();
    repo.cleanup();
    rmSync(scripts, { recursive: true, force: true });
  });

  it('hands over arrays that make the index built in place, each buffer once', async () => {
    const here = answers(await WordIndex.build(git, entries));
    const reply = await runIndexJob({ repoDir: repo.dir, entries, cacheDir: null });
    if ('error' in reply) throw new Error(reply.error);
    expect(reply.readFiles).toBe(3);
    const transfer = transferablesOf(reply);
    expect(new Set(transfer).size).toBe(transfer.length);
    // What postMessage does to the arrays: moved to the other side, not copied.
    const moved = structuredClone(reply, { transfer });
    expect(transfer.every((b) => b.byteLength === 0)).toBe(true);
    const index = indexFromReply(moved)?.index;
    expect(index && answers(index)).toEqual(here);
    expect(index?.readFiles).toBe(3);
  });

  it('says why it could not build an index instead of throwing', async () => {
    const reply = await runIndexJob({ repoDir: path.join(scripts, 'nowhere'), entries, cacheDir: null });
    expect(reply).toEqual({ error: expect.stringContaining('does not exist') });
    expect(indexFromReply(reply)).toBeNull();
  });

  it('builds the index on this thread when the thread fails, answers with an error or with no index', async () => {
    const here = answers(await WordIndex.build(git, entries));
    const failing = {
      'throws.mjs': "throw new Error('broken');\n",
      'exits.mjs': 'process.exit(3);\n',
      'refuses.mjs': "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ error: 'refused' });\n",
      'damaged.mjs':
        "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ saved: { files: ['x.c'], blobs: [], bytes: 0, nameBytes: new Uint8Array(0), nameStarts: new Int32Array(1), postings: [], fileStarts: new Int32Array(1) }, readFiles: 1, reusedFiles: 0, problems: [] });\n",
    };
    for (const [name, code] of [...Object.entries(failing), ['absent.mjs', null] as const]) {
      const script = path.join(scripts, name);
      if (code !== null) writeFileSync(script, code);
      const { index, problems } = await buildIndex(git, entries, null, { script });
      expect({ name, answers: answers(index), problems }).toEqual({ name, answers: here, problems: [] });
    }
  });

  it("says why the thread failed, for the run's log, and says nothing when it did not fail", async () => {
    const failing = {
      'throws-why.mjs': ["throw new Error('broken');\n", /broken/],
      'exits-why.mjs': ['process.exit(3);\n', /exit 3/],
      'refuses-why.mjs': ["import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ error: 'refused' });\n", /refused/],
    } as const;
    for (const [name, [code, why]] of Object.entries(failing)) {
      const script = path.join(scripts, name);
      writeFileSync(script, code);
      const { threadFailure } = await buildIndex(git, entries, null, { script });
      expect({ name, threadFailure }).toEqual({ name, threadFailure: expect.stringMatching(why) });
    }
    expect((await buildIndex(git, entries, null, { script: null })).threadFailure).toBeUndefined();
  });

  it('ends the thread, and builds nothing, when the run ends first', async () => {
    const script = path.join(scripts, 'waits.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => undefined);\n");
    const ending = new AbortController();
    const building = buildIndex(git, entries, null, { script, signal: ending.signal });
    setTimeout(() => ending.abort(new Error('the run ended')), 50);
    await expect(building).rejects.toThrow('the run ended');
    await expect(buildIndex(git, entries, null, { script, signal: ending.signal })).rejects.toThrow('the run ended');
  });
});

describe('when a run builds its word index on a thread', () => {
  let scripts: string;
  beforeAll(() => {
    scripts = mkdtempSync(path.join(tmpdir(), 'keybug-index-gate-'));
  });
  afterAll(() => rmSync(scripts, { recursive: true, force: true }));

  /** A repository of `files` C files and a change to one, searched for a name after prepare(), with a thread script that leaves a mark and refuses. */
  async function searchWith(files: number): Promise<{ started: boolean; found: string[] }> {
    const repo = createRepo('keybug-index-gate-repo-');
    const git = { current: null as Git | null };
    try {
      for (let i = 0; i < files; i++) repo.write(`src/f${i}.c`, `int v${i} = ${i};\n`);
      repo.write('src/use.c', 'int use(void) { return 1; }\n');
      const base = repo.commit('base');
      repo.write('src/use.c', 'int use(void) { return v7; }\n');
      const head = repo.commit('head');
      git.current = await Git.open(repo.dir);
      const diff = await readDiff(git.current, base, head, { fetchRemote: null });
      const mark = path.join(scripts, `started-${files}`);
      const script = path.join(scripts, `marks-${files}.mjs`);
      writeFileSync(
        script,
        `import { writeFileSync } from 'node:fs';\nimport { parentPort } from 'node:worker_threads';\nwriteFileSync(${JSON.stringify(mark)}, '');\nparentPort.postMessage({ error: 'refused' });\n`,
      );
      const names = new NameSearch(new FileStore(git.current, diff), { script });
      names.prepare();
      const found = await names.filesWithAny('head', ['v7']);
      names.close();
      return { started: existsSync(mark), found };
    } finally {
      git.current?.close();
      repo.cleanup();
    }
  }

  it('starts one for a large revision, and still answers when it fails', async () => {
    expect(await searchWith(1000)).toEqual({ started: true, found: ['src/f7.c', 'src/use.c'] });
  });

  it("builds a small revision's index on the slicing thread, the thread not being worth its start", async () => {
    expect(await searchWith(20)).toEqual({ started: false, found: ['src/f7.c', 'src/use.c'] });
  });
});
