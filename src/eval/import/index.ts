/**
 * `keybug eval import` (run by flows/import-cases.ts): cases from a local copy of a public bug dataset's metadata (nothing is
 * downloaded). Defects4J and BugsInPy name fixed bugs: their patches' buggy lines are traced back to
 * the changes that introduced them; AACR-Bench names reviewed pull requests and the comments that
 * hold: each pull request is a case.
 */
import { importAacr } from './aacr.js';
import { readBugsInPy } from './bugsinpy.js';
import { casesFromDataset } from './dataset-fixes.js';
import { readDefects4j } from './defects4j.js';
import type { ImportResult } from './result.js';
import type { CaseBuilder } from '../build-case.js';

export const IMPORT_FORMATS = ['defects4j', 'bugsinpy', 'aacr'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportOptions {
  format: ImportFormat;
  /** The dataset's local copy. */
  dir: string;
  /** The folder holding the projects' clones. */
  reposDir: string;
  /** Only this project (a Defects4J or BugsInPy project, an AACR-Bench repository). */
  project?: string;
  maxFiles: number;
  /** AACR-Bench: keep only comments of these categories. */
  categories: string[];
  /** Reads each case's change as the review will (flows/case-facts.ts). */
  build: CaseBuilder;
  log?: (message: string) => void;
}

export async function importCases(options: ImportOptions): Promise<ImportResult> {
  if (options.format === 'aacr') return importAacr(options.dir, options);
  const read = options.format === 'defects4j' ? readDefects4j(options.dir, options.project) : readBugsInPy(options.dir, options.project);
  const result = await casesFromDataset(read.bugs, {
    kind: options.format,
    reposDir: options.reposDir,
    build: options.build,
    log: options.log,
  });
  return { ...result, bugs: result.bugs + read.rejected.length, rejectedBugs: [...read.rejected, ...result.rejectedBugs] };
}
