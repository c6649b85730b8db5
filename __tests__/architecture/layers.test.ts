/**
 * The layer rules of eslint.config.js (docs/architecture.md) hold: an import planted against them
 * fails the same lint `npm run lint` runs, naming the rule and the layers, and one along them passes.
 * The planted files are linted as text under a path in src/, so nothing is written to the tree.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The layer and circle problems of `text` linted as the file `file` (relative to the repository). */
async function problems(file: string, text: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('the layer rules', () => {
  it.each([
    [
      'a stage importing a later stage',
      'src/review/planted.ts',
      "import { postReview } from '../publish/index.js';\nexport const p = postReview;\n",
      'src/review may not import src/publish: publish is a layer above review',
    ],
    [
      'a stage importing a flow',
      'src/diff/planted.ts',
      "import { diffOf } from '../flows/diff.js';\nexport const d = diffOf;\n",
      'src/diff may not import src/flows: flows is a layer above diff',
    ],
    [
      'one shell importing the other',
      'src/action/planted.ts',
      "import { main } from '../cli/main.js';\nexport const m = main;\n",
      'src/action may not import src/cli: both are shells, kept apart',
    ],
    [
      'a leaf importing a stage, even for a type',
      'src/support/planted.ts',
      "import type { Settings } from '../config/settings.js';\nexport type S = Settings;\n",
      'src/support may not import src/config: config is a layer above support',
    ],
    [
      'the guards of the outgoing path importing the output stage',
      'src/safety/planted.ts',
      "import { formatJson } from '../output/json.js';\nexport const f = formatJson;\n",
      'src/safety may not import src/output: output is a layer above safety',
    ],
  ])('fail lint: %s', async (_what, file, text, message) => {
    expect(await problems(file, text)).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining(message) }]);
  });

  it.each([
    [
      'a stage importing an earlier stage and a leaf',
      'src/review/planted.ts',
      "import { readDiff } from '../diff/index.js';\nimport { Deadline } from '../support/deadline.js';\nexport const r = [readDiff, Deadline];\n",
    ],
    [
      'a stage masking and neutralizing text with the guards of the outgoing path',
      'src/slicing/planted.ts',
      "import { redact } from '../safety/redact.js';\nimport { sanitizePlain } from '../safety/sanitize.js';\nexport const s = [redact, sanitizePlain];\n",
    ],
    [
      'a flow using the engine and a stage',
      'src/flows/planted.ts',
      "import { runReview } from '../engine/run.js';\nimport { postReview } from '../publish/index.js';\nexport const f = [runReview, postReview];\n",
    ],
  ])('pass lint: %s', async (_what, file, text) => {
    expect(await problems(file, text)).toEqual([]);
  });

  it('fail lint on an import circle', async () => {
    // support/deadline.ts importing the review stage, which imports support/deadline.ts.
    const file = 'src/support/deadline.ts';
    const planted = `import { reviewSlices } from '../review/index.js';\nexport const planted = reviewSlices;\n${readFileSync(path.join(ROOT, file), 'utf8')}`;
    expect(await problems(file, planted)).toEqual(
      expect.arrayContaining([
        { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('src/support may not import src/review') },
        { rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
      ]),
    );
  });
});
