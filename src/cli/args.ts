import { parseArgs, type ParseArgsConfig } from 'node:util';
import { INPUTS, parseSettings } from '../config/inputs.js';
import type { ExplicitInputs } from '../config/resolve.js';
import type { Settings } from '../config/settings.js';
import { namesLike, oneOf } from '../support/closest-name.js';
import { UsageError } from './errors.js';
import { ENV_INPUTS } from './naming.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Options every command that reads a change takes. `example` is a switch like the boolean inputs:
 * every switch is declared as a string and normalized (see normalizeSwitches), so `--example`,
 * `--example true` and `--no-example` all work.
 */
export const CHANGE_OPTIONS = {
  repo: { type: 'string', default: '.' },
  base: { type: 'string' },
  head: { type: 'string', default: 'HEAD' },
  format: { type: 'string' },
  example: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

/** Words a switch takes, as the action's boolean inputs do. */
const TRUE = ['true', 'yes', '1', 'on'];
const FALSE = ['false', 'no', '0', 'off'];

/** The inputs that are switches (their default is true or false), and the CLI's own switches. */
const SWITCHES = new Set([...INPUTS.filter((i) => i.default === 'true' || i.default === 'false').map((i) => i.name), 'example']);

/** One `--<input>` string flag per action input named, so the CLI is tuned exactly like the action. */
export function inputOptions(names: readonly string[] = INPUTS.map((i) => i.name)): Record<string, { type: 'string' }> {
  return Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
}

/** What `keybug slice` reads of the inputs: the slicing and file-selection settings and the time limit. */
export const SLICE_INPUTS = [
  'algorithm',
  'slice-token-budget',
  'max-files',
  'include',
  'exclude',
  'skip-generated',
  'skip-docs',
  'time-limit-minutes',
  'index-cache',
] as const;

/**
 * Rewrites switches and negative numbers into the `--name=value` form parseArgs takes: `--flag` and
 * `--flag true|false` (yes/no, on/off, 1/0) and `--no-flag` for every switch, and `--top-k -1` (which
 * parseArgs would read as a flag of its own) for every value.
 */
export function normalizeSwitches(argv: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    if (name === undefined) {
      out.push(arg);
      continue;
    }
    const next = argv[i + 1];
    if (name.startsWith('no-') && SWITCHES.has(name.slice(3)) && options[name.slice(3)]?.type === 'string') {
      out.push(`--${name.slice(3)}=false`);
    } else if (SWITCHES.has(name) && options[name]?.type === 'string') {
      const word = next?.toLowerCase();
      if (word !== undefined && (TRUE.includes(word) || FALSE.includes(word))) {
        out.push(`--${name}=${next}`);
        i++;
      } else out.push(`--${name}=true`);
    } else if (options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** A switch's value: true, false, or a usage error naming the flag. */
export function switchValue(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  const word = String(value).toLowerCase();
  if (TRUE.includes(word)) return true;
  if (FALSE.includes(word)) return false;
  throw new UsageError(`Invalid value '${String(value)}' for --${name}: expected true or false (or --${name} / --no-${name}).`);
}

/** Every flag some command takes, for telling "not this command's" apart from "no such flag". */
const KNOWN_ELSEWHERE = new Set([
  ...INPUTS.map((i) => i.name),
  ...Object.keys(CHANGE_OPTIONS),
  'title',
  'body',
  'report',
  'repo',
  'pr',
  'expect-head',
  'token',
  'check',
  'schema',
  'rev',
  'record',
  'replay',
  'cases',
  'out',
  'line-tolerance',
  'sweep',
  'sweep-thresholds',
  'sweep-top-k',
]);

/**
 * Parses argv against the given options; unknown flags, flags another command takes and stray
 * arguments (unless the command takes some) are one-line usage errors that say how to see the
 * command's options.
 */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: normalizeSwitches(argv, options), options, strict: true, allowPositionals });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '(--?[^']+)'/.exec(message)?.[1];
    const help = `Run 'keybug ${command} --help' for the options it takes.`;
    if (unknown !== undefined) {
      const negated = /^--no-/.test(unknown);
      const name = unknown.replace(/^--?(no-)?/, '');
      const like = namesLike(
        name,
        Object.keys(options).filter((o) => !negated || SWITCHES.has(o)),
      );
      const suggestion = like.length === 0 ? '' : ` (did you mean ${oneOf(like, (o) => `'--${negated ? 'no-' : ''}${o}'`)}?)`;
      throw new UsageError(
        KNOWN_ELSEWHERE.has(name)
          ? `'keybug ${command}' does not use ${unknown}. ${help}`
          : `Unknown option '${unknown}'${suggestion}. ${help}`,
      );
    }
    throw new UsageError(`${message.replace(/\. To specify.*$/s, '').replace(/\s*\n\s*/g, ' ')}. ${help}`);
  }
}

/**
 * The values given explicitly on the command line: `--<input>` flags (and `overrides`, flags with
 * another shape such as --dry-run), then OPENAI_API_KEY / OPENAI_BASE_URL / KEYBUG_MODEL. They win
 * over the repository's config file.
 */
export function explicitFromFlags(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  overrides: Record<string, string> = {},
): ExplicitInputs {
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
export function settingsFromFlags(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  overrides: Record<string, string> = {},
): Settings {
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
  if (values.base === undefined || values.base === '')
    throw new UsageError('Missing --base REV (the revision the change is compared against, e.g. origin/main).');
  return values.base;
}
