import { parseOnInvalidConfig } from '../config/resolve.js';
import type { Configured } from '../engine/configure.js';
import type { RunSettings } from '../flows/engine-input.js';
import type { TapeSetting } from '../review/llm/tape.js';
import { explicitFromFlags, settingsFromFlags } from './args.js';
import { nameFlag } from './naming.js';
import type { CommandIO } from './io.js';

/**
 * The settings object a command hands its flow: the flags and environment variables (they win over
 * the config file of the base revision, as the action's inputs do), settings named as flags,
 * progress on stderr. Bad flags fail here, before any git work.
 */
export function runSettings(
  values: Record<string, unknown>,
  io: CommandIO,
  options: {
    startedAt: number;
    tape?: TapeSetting;
    /** Flags of another shape than the inputs' (e.g. --dry-run's), as input values. */
    overrides?: Record<string, string>;
    /** Print a long stage's title before it runs (the review's), or stay quiet (`keybug slice`). */
    titled?: boolean;
    /** The command's own checks of the resolved settings. */
    configured?: (configured: Configured) => void;
  },
): RunSettings {
  const overrides = options.overrides ?? {};
  settingsFromFlags(values, io.env, overrides);
  const explicit = explicitFromFlags(values, io.env, overrides);
  return {
    explicit,
    onInvalidConfig: parseOnInvalidConfig(explicit.get('on-invalid-config')),
    startedAt: options.startedAt,
    tape: options.tape ?? null,
    nameSetting: nameFlag,
    log: io.err,
    ...(io.progress ? { progress: (message: string) => io.progress?.(message) } : {}),
    warn: (message) => io.err(`warning: ${message}`),
    ...(options.titled ? { group: <T>(title: string, work: () => Promise<T>): Promise<T> => (io.err(title), work()) } : {}),
    configured: (configured) => {
      const { repository } = configured;
      if (repository.problem !== null)
        io.err(`keybug: the config file is invalid and is not used (--on-invalid-config defaults): ${repository.problem}`);
      else if (repository.file !== null)
        io.err(`keybug: settings from ${repository.file.path} at ${repository.rev.slice(0, 12)} (the base revision), under the flags`);
      options.configured?.(configured);
    },
  };
}
