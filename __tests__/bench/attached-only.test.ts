import { afterEach, describe, expect, it } from '@jest/globals';
import { Git } from '../../src/git/git.js';
import { PackChooser } from '../../src/slicing/packs.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { attachedFromDiff, attachedOnly, indexesFrom, type AttachedOnly } from '../../bench/precision/attached-only.js';
import { buildFixture, type Fixture } from '../slicing/fixtures.js';

// bench:precision's count of slices that hold only imports, attributes or decorators.
describe('import-only slices (bench:precision)', () => {
  const fixtures: Fixture[] = [];
  afterEach(() => {
    for (const f of fixtures.splice(0)) f.repo.cleanup();
  });

  /** The slices of a change, each with the lines the count reports when it holds only such lines (null otherwise). */
  async function counted(
    base: Record<string, string>,
    head: Record<string, string>,
    algorithm: SliceAlgorithm = 'left-flow',
    count: typeof attachedOnly | typeof attachedFromDiff = attachedOnly,
  ) {
    const f = buildFixture(base, head);
    fixtures.push(f);
    const result = await f.slice(algorithm);
    const git = await Git.open(f.repo.dir);
    try {
      const indexOf = indexesFrom(git, { head: f.head, base: f.base }, new PackChooser(await git.listFiles(f.head)));
      const out: (string[] | null)[] = [];
      for (const s of result.slices) {
        const found: (AttachedOnly & { reason?: string }) | null = await count(s, indexOf);
        out.push(found === null ? null : found.reason !== undefined ? [found.reason, ...found.lines] : found.lines);
      }
      return out;
    } finally {
      git.close();
    }
  }

  it('counts an added import whose file has no other head change, and not the deleted code beside it (Python)', async () => {
    const out = await counted(
      { 'a.py': 'import os\n\n\ndef f(x):\n    y = x\n    return x\n' },
      { 'a.py': 'import os\nimport sys\n\n\ndef f(x):\n    return x\n' },
      'original-diff',
    );
    expect(out).toEqual([['a.py:2 import sys'], null]);
  });

  it('counts apart, with its reason, an import that the flow tied to nothing and that is reviewed from the diff (Python)', async () => {
    const base = { 'a.py': 'import os\n\n\ndef f(x):\n    y = x\n    return x\n' };
    const head = { 'a.py': 'import os\nimport sys\n\n\ndef f(x):\n    return x\n' };
    expect(await counted(base, head, 'left-flow')).toEqual([null, null]);
    expect(await counted(base, head, 'left-flow', attachedFromDiff)).toEqual([
      ['imports only, tied to no code: no use of sys found in the file', 'a.py:2 import sys'],
      null,
    ]);
  });

  it("counts a change of Go imports only, the block's `import (` being a header around them", async () => {
    const base = { 'main.go': 'package main\n\nimport (\n\t"fmt"\n)\n\nfunc main() {\n\tfmt.Println("a")\n}\n' };
    const head = { 'main.go': 'package main\n\nimport (\n\t"errors"\n\t"fmt"\n)\n\nfunc main() {\n\tfmt.Println("a")\n}\n' };
    for (const algorithm of ['original-diff', 'parent-function'] as const) {
      const out = await counted(base, head, algorithm);
      expect(out).toHaveLength(1);
      expect(out[0]).toEqual(expect.arrayContaining(['main.go:3 import (', 'main.go:4 "errors"']));
    }
  });

  it('does not count a decorator added alone, which the slice shows with the method it decorates (Python)', async () => {
    const out = await counted(
      { 'v.py': 'def cached(f):\n    return f\n\n\nclass V:\n    def get(self):\n        return 1\n' },
      { 'v.py': 'def cached(f):\n    return f\n\n\nclass V:\n    @cached\n    def get(self):\n        return 1\n' },
      'original-diff',
    );
    expect(out).toEqual([null]);
  });

  it('does not count a slice whose import rides with changed code (JavaScript), nor one of code alone', async () => {
    const out = await counted(
      { 'a.js': "const fs = require('fs');\n\nfunction f(x) {\n  return x;\n}\n", 'b.js': 'function g(y) {\n  return y;\n}\n' },
      {
        'a.js': "const fs = require('fs');\nconst path = require('path');\n\nfunction f(x) {\n  return path.join(x);\n}\n",
        'b.js': 'function g(y) {\n  return y + 1;\n}\n',
      },
    );
    expect(out).toEqual([null, null]);
  });
});
