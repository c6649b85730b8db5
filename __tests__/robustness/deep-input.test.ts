/**
 * Inputs built to exhaust the stack: a data table of 200,000 lines in one function, an expression
 * chained over 150,000 lines, and 100,000 nested brackets, in C, JavaScript and Python. Each is
 * sliced (or listed with the reason it was not) and the run ends normally; nothing walks or spreads
 * a whole file's worth of items on the stack.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../../src/cli/main.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

const NESTING = 100_000;
const FILES: Record<string, string> = {
  'table.c': `int lookup(int i) {\n  static const int table[] = {\n${'7,\n'.repeat(200_000)}  };\n  return table[i];\n}\n`,
  'chain.js': `function sum() {\n  return 0\n${'+1\n'.repeat(150_000)};\n}\n`,
  'chain.py': `def total():\n    return (0\n${'+1\n'.repeat(150_000)})\n`,
  'nested.c': `int a = ${'('.repeat(NESTING)}1${')'.repeat(NESTING)};\nint f(int x) { return x + 1; }\n`,
  'nested.js': `const a = ${'['.repeat(NESTING)}${']'.repeat(NESTING)};\nfunction f(x) { return x + 1; }\n`,
  'nested.py': `a = ${'('.repeat(NESTING)}${')'.repeat(NESTING)}\ndef f(x):\n    return x + 1\n`,
};

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env: {} });
  return { code, out, err };
}

describe('inputs that would exhaust the stack', () => {
  let repo: TestRepo;
  let base: string;
  beforeAll(() => {
    repo = createRepo('keybug-deep-');
    repo.write('seed.c', 'int seed;\n');
    base = repo.commit('base');
    for (const [name, text] of Object.entries(FILES)) repo.write(name, text);
    repo.commit('head');
  });
  afterAll(() => repo.cleanup());

  it('are sliced, every file in the coverage, and the run ends normally', async () => {
    // full-flow: the algorithm that reads the most of each file.
    const { code, out, err } = await cli([
      'slice',
      '--repo',
      repo.dir,
      '--base',
      base,
      '--algorithm',
      'full-flow',
      '--index-cache',
      'none',
      '--format',
      'json',
    ]);
    // Nothing on stderr but slicing's progress and its last line.
    expect({ code, err: err.replace(/^slicing: .*\n/gm, '') }).toEqual({ code: 0, err: '' });
    const json = JSON.parse(out) as { slices: { seed: { file: string } }[]; files: { path: string; coverage: string }[] };
    expect(json.files.map((f) => f.path).sort()).toEqual(Object.keys(FILES).sort());
    const sliced = new Set(json.slices.map((s) => s.seed.file));
    for (const name of Object.keys(FILES)) expect({ name, sliced: sliced.has(name) }).toEqual({ name, sliced: true });
  }, 240_000);
});
