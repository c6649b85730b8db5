/**
 * `keybug eval --example`: the example changes written as fixture repositories at run time, and
 * the settings their committed recording was made with. The recording's model answers are
 * scripted (see scripts/record-eval-example.ts), so the example shows how the metrics read, not
 * how good a model is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assetPath } from '../../support/assets.js';
import type { EvalCase } from '../cases.js';
import { EXAMPLE_CHANGES } from './fixtures.js';
import { writeFixtureRepo } from './repos.js';

/** The model name the example was recorded with; no such model exists: its answers are scripted. */
export const EXAMPLE_MODEL = 'scripted-example-model';

/** The inputs the example's recording was made with: the defaults and the scripted model. */
export const EXAMPLE_INPUTS: Readonly<Record<string, string>> = { model: EXAMPLE_MODEL };

/** The example's cases in fresh repositories under a temporary folder; `cleanup` removes it. */
export function createExampleCases(): { cases: EvalCase[]; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-eval-example-'));
  try {
    const cases = EXAMPLE_CHANGES.map((change): EvalCase => {
      const repo = path.join(dir, change.id);
      const [base, head] = writeFixtureRepo(repo, [
        { message: 'Before the change', files: change.base },
        { message: change.title, files: change.head },
      ]) as [string, string];
      return { id: change.id, repo, base, head, title: change.title, body: change.body, keyBugs: change.keyBugs };
    });
    return { cases, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The folder of the committed recording (src/eval/example/recording, or dist/assets/eval-example in the bundle). */
export function exampleRecordingDir(): string {
  return path.dirname(assetPath('eval-example', 'README.md'));
}
