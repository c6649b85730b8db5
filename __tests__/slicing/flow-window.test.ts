import { describe, expect, it } from '@jest/globals';
import { FileIndex } from '../../src/slicing/file-index.js';
import { loadPack, PackChooser } from '../../src/slicing/packs.js';
import { buildFixture, linesIn, sliceAt } from './fixtures.js';

/**
 * A changed file's data flow is read only in the outermost functions holding its changed lines
 * (the whole file when one is outside every function): a few lines changed in a large file do not
 * cost every function's facts. What the slices show is the same.
 */
const SOURCE = [
  'int first(int a) {', // 1
  '  int x = a;', // 2
  '  return x + 1;', // 3
  '}', // 4
  '', // 5
  'int second(int b) {', // 6
  '  int y = b;', // 7
  '  return y * 2;', // 8
  '}', // 9
  '',
].join('\n');

async function indexOf(path: string, text: string, seeds: number[] | null): Promise<FileIndex> {
  const pack = new PackChooser([path]).packFor(path);
  if (pack === null) throw new Error(`no pack for ${path}`);
  return new FileIndex(path, 'head', await loadPack(pack), text, seeds);
}

describe('the data flow of a changed file', () => {
  it('is read in the functions holding the seeds, and asked for nowhere else', async () => {
    const index = await indexOf('src/two.c', SOURCE, [3]);
    expect(index.flow({ start: 1, end: 4 }).reads.map((r) => r.name)).toEqual(expect.arrayContaining(['x']));
    expect(() => index.flow({ start: 6, end: 9 })).toThrow('the data flow of lines 6-9 was not read (read for 1-4)');
  });

  it('is read in the whole file when a seed is outside every function', async () => {
    const index = await indexOf('src/two.c', `int g = 1;\n${SOURCE}`, [1]);
    expect(index.flow({ start: 1, end: 11 }).reads.map((r) => r.name)).toEqual(expect.arrayContaining(['x', 'y']));
  });

  it('covers changed one-line functions on consecutive lines', async () => {
    const before = 'int a() { return 1; }\nint b() { return 2; }\n\nint c() { return 3; }\n';
    const after = 'int a() { return 10; }\nint b() { return 20; }\n\nint c() { return 3; }\n';
    const fixture = buildFixture({ 'src/one.c': before }, { 'src/one.c': after });
    try {
      const result = await fixture.slice('full-flow');
      const shown = result.slices.flatMap((s) => linesIn(s, 'src/one.c'));
      expect(shown).toEqual(expect.arrayContaining(['+int a() { return 10; }', '+int b() { return 20; }']));
    } finally {
      fixture.repo.cleanup();
    }
  });

  it('covers the statement a changed line is in, when the statement starts outside the closure the line opens', async () => {
    const before = ['const app = make();', 'app.get("/x",', '  function (req, res) {', '    res.send(1);', '  });', ''].join('\n');
    const after = ['const app = make();', 'app.get("/x",', '  function (request, res) {', '    res.send(1);', '  });', ''].join('\n');
    const fixture = buildFixture({ 'src/routes.js': before }, { 'src/routes.js': after });
    try {
      for (const algorithm of ['left-flow', 'full-flow'] as const) {
        const result = await fixture.slice(algorithm);
        expect(linesIn(sliceAt(result, 'src/routes.js', 3), 'src/routes.js')).toEqual(expect.arrayContaining(['app.get("/x",', '+function (request, res) {']));
      }
    } finally {
      fixture.repo.cleanup();
    }
  });
});
