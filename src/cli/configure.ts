import { parseOnInvalidConfig } from '../config/resolve.js';
import { configure, type Configured } from '../engine/configure.js';
import { explicitFromFlags, settingsFromFlags } from './args.js';
import type { ChangeRef } from './change.js';
import type { CommandIO } from './io.js';

/**
 * The settings of a command run on a change: flags and environment variables, then the config
 * file of the base revision (as the action reads it), then defaults. Bad flags fail first, before
 * any git work.
 */
export async function configureChange(change: ChangeRef & { fetchRefs?: string[] }, values: Record<string, unknown>, io: CommandIO, overrides: Record<string, string> = {}): Promise<Configured> {
  settingsFromFlags(values, io.env, overrides);
  const explicit = explicitFromFlags(values, io.env, overrides);
  const configured = await configure({
    repoDir: change.repo,
    base: change.base,
    head: change.head,
    ...(change.fetchRefs ? { fetchRefs: change.fetchRefs } : {}),
    explicit,
    onInvalidConfig: parseOnInvalidConfig(explicit.get('on-invalid-config')),
    log: io.err,
  });
  const { repository } = configured;
  if (repository.problem !== null) io.err(`keybug: the config file is invalid and is not used (--on-invalid-config defaults): ${repository.problem}`);
  else if (repository.file !== null) io.err(`keybug: settings from ${repository.file.path} at ${repository.rev.slice(0, 12)} (the base revision), under the flags`);
  return configured;
}
