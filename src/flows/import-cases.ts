/**
 * `keybug eval import`: a local copy of a bug dataset's metadata read into cases (eval/import/),
 * each change read through the engine as its review would read it (case-facts.ts).
 */
import { coverageInputs } from '../eval/build-case.js';
import { importCases, type ImportOptions } from '../eval/import/index.js';
import type { ImportResult } from '../eval/import/result.js';
import { caseBuilder } from './case-facts.js';

export function importDataset(options: Omit<ImportOptions, 'build'>): Promise<ImportResult> {
  return importCases({ ...options, build: caseBuilder(coverageInputs(options.maxFiles), options.log) });
}
