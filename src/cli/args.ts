import { parseArgs, type ParseArgsConfig } from 'node:util';
import { INPUTS, parseSettings } from '../config/inputs.js';
import type { ExplicitInputs } from '../config/resolve.js';
import type { Settings } from '../config/settings.js';
import { UsageError } from './errors.js';

/** Inputs that only make sense in the action (the CLI reads git directly and posts nothing). */
const ACTION_ONLY = new Set(['github-token', 'github-timeout', 'pr-number', 'bot-login', 'dry-run']);

/** Options every command that reads a change takes. */
export const CHANGE_OPTIONS = {
  repo: { type: 'string', default: '.' },
  base: { type: 'string' },
  head: { type: 'string', default: 'HEAD' },
  format: { type: 'string' },
  example: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

/** One `--<input>` string flag per action input, so the CLI is tuned exactly like the action. */
export const INPUT_OPTIONS: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
  INPUTS.filter((i) => !ACTION_ONLY.has(i.name)).map((i) => [i.name, { type: 'string' as const }]),
);

/** Parses argv against the given options; unknown flags and stray arguments are usage errors. */
export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\. To specify.*$/s, '')}. Run 'keybug --help' for the options.`);
  }
}

/** The environment variables the CLI reads for an input, by input name. */
const ENV_INPUTS: Record<string, string> = { 'api-key': 'OPENAI_API_KEY', 'base-url': 'OPENAI_BASE_URL', model: 'KEYBUG_MODEL' };

/**
 * The values given explicitly on the command line: `--<input>` flags (and `overrides`, flags with
 * another shape such as --dry-run), then OPENAI_API_KEY / OPENAI_BASE_URL / KEYBUG_MODEL. They win
 * over the repository's config file.
 */
export function explicitFromFlags(values: Record<string, unknown>, env: NodeJS.ProcessEnv, overrides: Record<string, string> = {}): ExplicitInputs {
  const from = (name: string): { value: string; origin: string } | null => {
    if (name in overrides) return { value: overrides[name] ?? '', origin: `--${name}` };
    const flag = values[name];
    if (typeof flag === 'string') return { value: flag, origin: `--${name}` };
    const variable = ENV_INPUTS[name];
    const fromEnv = variable === undefined ? undefined : env[variable];
    return variable !== undefined && fromEnv !== undefined && fromEnv !== '' ? { value: fromEnv, origin: variable } : null;
  };
  return { get: (name) => from(name)?.value, origin: (name) => from(name)?.origin ?? '' };
}

/** Settings from flags and environment variables, then defaults (no config file). */
export function settingsFromFlags(values: Record<string, unknown>, env: NodeJS.ProcessEnv, overrides: Record<string, string> = {}): Settings {
  const explicit = explicitFromFlags(values, env, overrides);
  return parseSettings((name) => explicit.get(name));
}

/** The allowed values of --format for a command, checked. */
export function formatOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  const hit = allowed.find((a) => a === value);
  if (hit === undefined) throw new UsageError(`Invalid value '${String(value)}' for --format: expected one of ${allowed.join(', ')}.`);
  return hit;
}

/** --base is required unless the built-in example is used. */
export function requireBase(values: { base?: string | undefined; example?: boolean | undefined }): string {
  if (values.base === undefined || values.base === '') throw new UsageError('Missing --base REV (the revision the change is compared against, e.g. origin/main).');
  return values.base;
}
