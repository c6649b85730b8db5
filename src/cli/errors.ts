import { ConfigFileError } from '../config/file.js';
import { ConfigError } from '../config/inputs.js';
import { SettingError } from '../config/naming.js';
import { GitError } from '../git/git.js';
import { EmptyRangeError, RevisionError } from '../diff/index.js';
import { StageError } from '../engine/run.js';
import { nameFlag } from './naming.js';

/** Exit codes of the `keybug` command (documented in docs/cli.md). */
export const EXIT = {
  /** Finished; nothing at or above `--fail-on`. */
  ok: 0,
  /** Finished, but the merge gate failed: a finding at or above `--fail-on`, or an incomplete review with `--fail-on-incomplete`. */
  gate: 1,
  /** Bad command line or configuration value (an input, a flag or the config file). */
  usage: 2,
  /** The repository or a revision could not be read. */
  repository: 3,
  /** Any other failure (model endpoint, GitHub API, I/O). */
  failure: 4,
} as const;

/** A mistake in the command line; printed without a stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Maps an error to the exit code and the one-line message printed on stderr. */
export function describeError(error: unknown): { code: number; message: string } {
  const root = error instanceof StageError ? error.cause : error;
  // A failure the engine could not name the subject of is told by where it happened (the stage, an eval case).
  const prefix = error instanceof StageError ? `${error.stage}: ` : '';
  if (root instanceof UsageError) return { code: EXIT.usage, message: `${prefix}${root.message}` };
  // Configuration mistakes are named as flags: the CLI takes no inputs.
  if (root instanceof ConfigFileError) return { code: EXIT.usage, message: `${prefix}${root.describe(nameFlag)}` };
  if (root instanceof ConfigError || root instanceof EmptyRangeError)
    return { code: EXIT.usage, message: `${prefix}${root.describe(nameFlag)}` };
  if (root instanceof SettingError) return { code: EXIT.failure, message: `${prefix}${root.describe(nameFlag)}` };
  if (root instanceof RevisionError || root instanceof GitError) return { code: EXIT.repository, message: `${prefix}${root.message}` };
  if (root instanceof Error) {
    // Unexpected errors keep their stack for bug reports, behind KEYBUG_DEBUG.
    const detail = process.env.KEYBUG_DEBUG ? `\n${root.stack ?? ''}` : '';
    return { code: EXIT.failure, message: `${prefix}${root.message}${detail}` };
  }
  return { code: EXIT.failure, message: `${prefix}${String(root)}` };
}
