import path from 'node:path';
import { configureFromRevision, type RepositoryConfig } from '../config/repository.js';
import type { ExplicitInputs, OnInvalidConfig, ResolvedSettings } from '../config/resolve.js';
import { resolveRange, RevisionError } from '../diff/index.js';
import { Git } from '../git/git.js';
import { namesItsSubject, StageError } from './run.js';

export interface ConfigureInput {
  repoDir: string;
  /** The revision whose config file and instruction files count: the base of the change, as named (a branch tip). */
  base: string;
  /** The head of the change, when there is one: a clone that lacks base or head fetches them first, as the diff would. */
  head?: string;
  fetchRefs?: string[];
  /** The range was given on purpose: one that holds no change fails (see ReadDiffOptions.requireChange). */
  requireChange?: boolean;
  explicit: ExplicitInputs;
  onInvalidConfig: OnInvalidConfig;
  log?: (message: string) => void;
}

export type Configured = ResolvedSettings & { repository: RepositoryConfig };

/**
 * The settings of a run: explicit inputs or flags, then the config file of the base revision, then
 * defaults. Both shells call this before the engine; the `repository` it returns goes into the
 * EngineInput so the slices get the same revision's guidance. An error that names no subject of its
 * own names the `config` stage.
 */
export async function configure(input: ConfigureInput): Promise<Configured> {
  let git: Git | null = null;
  try {
    git = await Git.open(input.repoDir);
    if (input.head !== undefined)
      await resolveRange(git, input.base, input.head, {
        fetchRefs: input.fetchRefs,
        log: input.log,
        requireChange: input.requireChange === true,
      });
    const rev = await git.resolveCommit(input.base);
    if (rev === null) throw new RevisionError(`The revision '${input.base}' is not in the repository ${path.resolve(input.repoDir)}.`);
    return await configureFromRevision(git, rev, input.explicit, input.onInvalidConfig, input.log);
  } catch (error) {
    throw namesItsSubject(error) ? error : new StageError('config', error);
  } finally {
    git?.close();
  }
}
