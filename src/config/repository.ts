import type { Git } from '../git/git.js';
import { ConfigFileError, parseConfigFile, yamlText, type ConfigFile } from './file.js';
import { readLearningsFile, type LearningsFile } from './learnings.js';
import { CONFIG_FILES } from './precedence.js';
import { resolveSettings, type ExplicitInputs, type OnInvalidConfig, type ResolvedSettings } from './resolve.js';

/**
 * The repository's configuration as one revision holds it. keybug reads it from the base of a
 * pull request through git objects (never the working tree, never the head), so a pull request
 * cannot change how it is itself reviewed.
 */
export interface RepositoryConfig {
  /** Full SHA of the commit the config file and instruction files are read from. */
  rev: string;
  /** The config file, parsed and valid; null when there is none, or it was invalid and ignored. */
  file: ConfigFile | null;
  /** Other config files in the revision, not read (only the first of CONFIG_FILES is). */
  ignoredFiles: string[];
  /** Why the config file was ignored (invalid, with `on-invalid-config: defaults`); null when it was not. */
  problem: string | null;
  /**
   * The learnings file of the revision (.github/keybug-learnings.yml): null when there is none, or
   * it is invalid (`problem` says why; the review goes on without it). Absent: not read.
   */
  learnings?: { file: LearningsFile | null; problem: string | null };
}

/** The learnings file of `rev`, or why it cannot be used: an invalid one never stops a review. */
async function learningsOf(git: Git, rev: string, log?: (message: string) => void): Promise<NonNullable<RepositoryConfig['learnings']>> {
  try {
    return { file: await readLearningsFile(git, rev), problem: null };
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    log?.(`config: ${error.message}; reviewing without it`);
    return { file: null, problem: error.message };
  }
}

/** Reads and validates the config file of `rev` (a full SHA); throws ConfigFileError when it is invalid. */
export async function readConfigFile(git: Git, rev: string): Promise<{ file: ConfigFile | null; ignoredFiles: string[] }> {
  const blobs = await git.readBlobs(CONFIG_FILES.map((f) => `${rev}:${f}`));
  const present = CONFIG_FILES.filter((f) => blobs.get(`${rev}:${f}`) != null);
  const [path, ...ignoredFiles] = present;
  if (path === undefined) return { file: null, ignoredFiles: [] };
  const text = yamlText(blobs.get(`${rev}:${path}`) as Buffer, path, rev);
  return { file: parseConfigFile(text, path, rev), ignoredFiles };
}

/**
 * The effective settings of a run and the repository configuration behind them: the config file of
 * `rev`, under the explicit values. An invalid file fails the run unless `onInvalid` is 'defaults':
 * then it is ignored as a whole (never half-applied) and `problem` says why.
 */
export async function configureFromRevision(
  git: Git,
  rev: string,
  explicit: ExplicitInputs,
  onInvalid: OnInvalidConfig,
  log?: (message: string) => void,
): Promise<ResolvedSettings & { repository: RepositoryConfig }> {
  try {
    const { file, ignoredFiles } = await readConfigFile(git, rev);
    if (ignoredFiles.length > 0)
      log?.(
        `config: reading ${file?.path ?? ''}; ${ignoredFiles.join(', ')} ${ignoredFiles.length === 1 ? 'is' : 'are'} ignored (only the first of ${CONFIG_FILES.join(', ')} is read)`,
      );
    const resolved = resolveSettings(explicit, file, rev);
    return { ...resolved, repository: { rev, file, ignoredFiles, problem: null, learnings: await learningsOf(git, rev, log) } };
  } catch (error) {
    if (!(error instanceof ConfigFileError) || onInvalid === 'fail') throw error;
    log?.(`config: ${error.message}; reviewing without it (on-invalid-config: defaults)`);
    const resolved = resolveSettings(explicit, null, rev);
    return {
      ...resolved,
      repository: { rev, file: null, ignoredFiles: [], problem: error.message, learnings: await learningsOf(git, rev, log) },
    };
  }
}
