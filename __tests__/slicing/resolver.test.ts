import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { readDiff } from '../../src/diff/index.js';
import { FileStore } from '../../src/slicing/file-store.js';
import { NameSearch } from '../../src/slicing/name-search.js';
import { Resolver } from '../../src/slicing/resolver.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

// Python: `app.py` imports `clamp` from `util.py`; `helpers.py` defines `shout`, which app.py calls
// without importing it (found by name only); `limit` is a parameter. Head changes clamp's body.
const UTIL_BASE = 'def clamp(v, hi):\n    return hi if v > hi else v\n';
const UTIL_HEAD = 'def clamp(v, hi):\n    if v > hi:\n        return hi\n    return v\n';
const APP = 'from util import clamp\n\n\ndef run(n, limit):\n    total = clamp(n * 2, limit)\n    shout(total)\n    return total\n';
const HELPERS = 'def shout(x):\n    print(x)\n';
// A file where `total` is used on many lines, for the cap of references.
const MANY =
  Array.from({ length: 150 }, (_, i) => `total_${i} = 0  # total\n`).join('') + Array.from({ length: 150 }, () => 'total = 1\n').join('');

describe('the resolver a reviewer asks (definition, references, read)', () => {
  let repo: TestRepo;
  let git: Git;
  let resolver: Resolver;
  beforeAll(async () => {
    repo = createRepo('keybug-resolver-');
    repo.write('util.py', UTIL_BASE);
    repo.write('app.py', APP);
    repo.write('helpers.py', HELPERS);
    repo.write('many.py', MANY);
    const base = repo.commit('base');
    repo.write('util.py', UTIL_HEAD);
    const head = repo.commit('head');
    git = await Git.open(repo.dir);
    const diff = await readDiff(git, base, head, { fetchRemote: null });
    const store = new FileStore(git, diff);
    resolver = new Resolver(store, new NameSearch(store));
  });
  afterAll(() => {
    git.close();
    repo.cleanup();
  });

  it('a parameter is tied by scope', async () => {
    const answer = await resolver.definition('limit', 'app.py', 5, 'head');
    expect(answer.definitions).toEqual([
      { file: 'app.py', side: 'head', startLine: 4, endLine: 4, kind: 'parameter', container: null, tie: 'scope', candidate: false },
    ]);
  });

  it('an imported function is tied by the import, on each side as that side has it', async () => {
    const head = await resolver.definition('clamp', 'app.py', 5, 'head');
    expect(head.definitions).toEqual([
      { file: 'util.py', side: 'head', startLine: 1, endLine: 4, kind: 'function', container: null, tie: 'import', candidate: false },
    ]);
    const base = await resolver.definition('clamp', 'app.py', 5, 'base');
    expect(base.definitions).toEqual([
      { file: 'util.py', side: 'base', startLine: 1, endLine: 2, kind: 'function', container: null, tie: 'import', candidate: false },
    ]);
    expect(head.from).toEqual({ file: 'app.py', line: 5 });
  });

  it('a name nothing ties (no import names it) is answered as a candidate', async () => {
    const answer = await resolver.definition('shout', 'app.py', 6, 'head');
    expect(answer.definitions).toEqual([
      { file: 'helpers.py', side: 'head', startLine: 1, endLine: 2, kind: 'function', container: null, tie: 'rank', candidate: true },
    ]);
    expect(answer.spent.parses).toBeGreaterThan(0);
  });

  it('a file that is not there answers nothing', async () => {
    expect((await resolver.definition('clamp', 'missing.py', 1, 'head')).definitions).toEqual([]);
    expect(await resolver.read('missing.py', 1, 10, 'head')).toEqual({
      file: 'missing.py',
      side: 'head',
      totalLines: 0,
      lines: [],
      truncated: false,
    });
  });

  it('references: the asking file first, whole words only, at most 100 lines', async () => {
    const answer = await resolver.references('total', 'app.py', 'head');
    expect(answer.references.slice(0, 3)).toEqual([
      { file: 'app.py', line: 5, text: '    total = clamp(n * 2, limit)' },
      { file: 'app.py', line: 6, text: '    shout(total)' },
      { file: 'app.py', line: 7, text: '    return total' },
    ]);
    expect(answer.references).toHaveLength(100);
    expect(answer.truncated).toBe(true);
    // `total_3 = 0  # total` holds the word in its comment, not in `total_3`.
    expect(answer.references.find((r) => r.file === 'many.py')).toEqual({ file: 'many.py', line: 1, text: 'total_0 = 0  # total' });
    const few = await resolver.references('shout', null, 'head');
    expect(few).toEqual({
      name: 'shout',
      side: 'head',
      references: [
        { file: 'app.py', line: 6, text: '    shout(total)' },
        { file: 'helpers.py', line: 1, text: 'def shout(x):' },
      ],
      truncated: false,
    });
  });

  it('read: numbered lines of either side, capped', async () => {
    expect(await resolver.read('util.py', 2, 3, 'head')).toEqual({
      file: 'util.py',
      side: 'head',
      totalLines: 4,
      lines: [
        { line: 2, text: '    if v > hi:' },
        { line: 3, text: '        return hi' },
      ],
      truncated: false,
    });
    expect((await resolver.read('util.py', 1, 99, 'base')).lines.map((l) => l.text)).toEqual([
      'def clamp(v, hi):',
      '    return hi if v > hi else v',
    ]);
    const capped = await resolver.read('many.py', 1, 300, 'head', 10);
    expect(capped.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(capped.truncated).toBe(true);
    expect(capped.totalLines).toBe(300);
  });
});
