import { describe, expect, it } from '@jest/globals';
import { FileIndex } from '../../src/slicing/file-index.js';
import { loadPack, PackChooser } from '../../src/slicing/packs.js';
import { buildFixture, linesIn, sliceAt } from './fixtures.js';

/**
 * A changed file's data flow is read only in the outermost functions holding its changed lines
 * (when one is outside every function, on the lines naming what it touches): a few lines changed
 * in a large file do not cost every function's facts. What the slices show is the same.
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

async function indexOf(path: string, text: string, seeds: number[] | null, readsFlow = true): Promise<FileIndex> {
  const pack = new PackChooser([path]).packFor(path);
  if (pack === null) throw new Error(`no pack for ${path}`);
  return new FileIndex(path, 'head', await loadPack(pack), text, seeds, Number.POSITIVE_INFINITY, {}, readsFlow);
}

describe('the data flow of a changed file', () => {
  it('is read in the functions holding the seeds, and asked for nowhere else', async () => {
    const index = await indexOf('src/two.c', SOURCE, [3]);
    expect(index.flow({ start: 1, end: 4 }).reads.map((r) => r.name)).toEqual(expect.arrayContaining(['x']));
    expect(() => index.flow({ start: 6, end: 9 })).toThrow('the data flow of lines 6-9 was not read (read for 1-4)');
  });

  it('is not read for a run whose slices never ask it (original-diff, parent-function): the syntax around the seeds is the same', async () => {
    const text = ['int g = 1;', SOURCE].join('\n');
    for (const seeds of [[4], [1, 8]]) {
      const withFlow = await indexOf('src/two.c', text, seeds);
      const without = await indexOf('src/two.c', text, seeds, false);
      for (let line = 1; line <= withFlow.lines.length; line++) {
        expect({ line, headers: without.enclosingHeaders({ start: line, end: line }), unit: without.unitAt(line) }).toEqual({
          line,
          headers: withFlow.enclosingHeaders({ start: line, end: line }),
          unit: withFlow.unitAt(line),
        });
        expect(without.parentRange(line)).toEqual(withFlow.parentRange(line));
      }
      expect(() => without.flow({ start: 2, end: 5 })).toThrow('not read');
    }
  });

  it('is read wherever the file names what a seed outside every function touches, and nowhere else', async () => {
    // Line 1 is the seed; `first` writes g (line 4), `second` never names it.
    const text = ['int g = 1;', ...SOURCE.split('\n').slice(0, 2), '  g = x;', ...SOURCE.split('\n').slice(2)].join('\n');
    const index = await indexOf('src/two.c', text, [1]);
    const whole = index.flow({ start: 1, end: index.lines.length });
    expect(whole.writes.map((w) => `${w.name}@${w.line}`)).toEqual(expect.arrayContaining(['g@4']));
    expect(whole.reads.map((r) => r.name)).not.toContain('y');
    expect(index.flow({ start: 1, end: 1 }).reads.map((r) => r.name)).toEqual(['g']);
  });

  it('shows the earlier writes of a module-level name far from the changed line', async () => {
    const body = (last: string): string =>
      [
        'count = 0',
        '',
        'def bump():',
        '    global count',
        '    count = 5',
        '',
        ...Array.from({ length: 40 }, (_, i) => `other_${i} = ${i}`),
        'for i in range(3):',
        '    count += i',
        '',
        last,
        '',
      ].join('\n');
    const fixture = buildFixture({ 'tool/run.py': body('print(count)') }, { 'tool/run.py': body('print(count * 2)') });
    try {
      const result = await fixture.slice('left-flow');
      const shown = linesIn(sliceAt(result, 'tool/run.py', 50), 'tool/run.py');
      expect(shown).toEqual(expect.arrayContaining(['count = 0', 'count += i', '+print(count * 2)']));
      expect(shown).not.toContain('other_3 = 3');
    } finally {
      fixture.repo.cleanup();
    }
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
        expect(linesIn(sliceAt(result, 'src/routes.js', 3), 'src/routes.js')).toEqual(
          expect.arrayContaining(['app.get("/x",', '+function (request, res) {']),
        );
      }
    } finally {
      fixture.repo.cleanup();
    }
  });
});
