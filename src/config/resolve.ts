import { ConfigFileError, type ConfigFile } from './file.js';
import { ConfigError, INPUTS, parseSettings } from './inputs.js';
import type { Settings } from './settings.js';

/**
 * Precedence (src/config/precedence.ts): explicit workflow inputs and command-line flags, then the
 * base revision's config file, then keybug's defaults. Every effective value keeps its source, for
 * `keybug config --check` and for error messages that point at the right place.
 */

/** The values given explicitly: workflow inputs, or the CLI's flags and environment variables. */
export interface ExplicitInputs {
  /** The value given for an input; undefined or blank = not given. */
  get(name: string): string | undefined;
  /** How it was given, e.g. "workflow input", "--top-k", "OPENAI_API_KEY". */
  origin(name: string): string;
}

/** Where an effective value came from. */
export type ValueSource =
  { kind: 'explicit'; origin: string } | { kind: 'config'; file: string; line: number } | { kind: 'default'; note?: string };

/** One input's effective value and its source. */
export interface EffectiveValue {
  name: string;
  /** The value as an input carries it (lists one per line); secrets are never shown (see `secret`). */
  value: string;
  source: ValueSource;
  secret: boolean;
}

export interface ResolvedSettings {
  settings: Settings;
  /** Every input, in the order of INPUTS, plus the config file's `ignore`. */
  values: EffectiveValue[];
}

const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** What `on-invalid-config` allows: fail the run, or go on without the file. */
export type OnInvalidConfig = 'fail' | 'defaults';

export function parseOnInvalidConfig(value: string | undefined): OnInvalidConfig {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'fail') return 'fail';
  if (v === 'defaults') return 'defaults';
  throw new ConfigError('on-invalid-config', value ?? '', 'fail or defaults');
}

/**
 * Settings from explicit values, then the config file, then defaults. A bad explicit value throws
 * ConfigError naming the input; a bad value from the file throws ConfigFileError naming its line.
 */
export function resolveSettings(explicit: ExplicitInputs, file: ConfigFile | null, rev = ''): ResolvedSettings {
  const sources = new Map<string, ValueSource>();
  const effective = new Map<string, string>();
  for (const spec of INPUTS) {
    const value = explicit.get(spec.name);
    const fromFile = file?.inputs.get(spec.name);
    if (given(value)) {
      sources.set(spec.name, { kind: 'explicit', origin: explicit.origin(spec.name) });
      effective.set(spec.name, value.trim());
    } else if (file !== null && fromFile !== undefined) {
      sources.set(spec.name, { kind: 'config', file: file.path, line: fromFile.line });
      effective.set(spec.name, fromFile.value);
    } else {
      sources.set(spec.name, { kind: 'default' });
      effective.set(spec.name, spec.default);
    }
  }
  let settings: Settings;
  try {
    settings = parseSettings((name) => effective.get(name));
  } catch (error) {
    const source = error instanceof ConfigError ? sources.get(error.setting) : undefined;
    if (error instanceof ConfigError && source?.kind === 'config' && file !== null) {
      throw new ConfigFileError(file.path, rev, [
        { line: source.line, key: error.setting, message: `expected ${error.expected} (got '${error.value}')` },
      ]);
    }
    throw error;
  }
  // YAML lists are taken as they are: a glob such as src/{a,b}/** must not be split at its comma.
  for (const [name, field] of [
    ['include', 'include'],
    ['exclude', 'exclude'],
  ] as const) {
    const list = file?.lists.get(name);
    if (list !== undefined && sources.get(name)?.kind === 'config') settings[field] = list.value;
  }
  // `ignore` is the repository's "never review" list: it joins `exclude`, whoever set that.
  if (file?.ignore) settings.exclude = [...settings.exclude, ...file.ignore.value.filter((g) => !settings.exclude.includes(g))];

  for (const role of ['reviewer-model', 'validator-model']) {
    if (sources.get(role)?.kind === 'default') {
      sources.set(role, { kind: 'default', note: 'the value of `model`' });
      effective.set(role, settings.model);
    }
  }
  const values: EffectiveValue[] = INPUTS.map((spec) => ({
    name: spec.name,
    value: effective.get(spec.name) ?? '',
    source: sources.get(spec.name) ?? { kind: 'default' },
    secret: spec.secret === true,
  }));
  if (file?.ignore)
    values.push({
      name: 'ignore',
      value: file.ignore.value.join('\n'),
      source: { kind: 'config', file: file.path, line: file.ignore.line },
      secret: false,
    });
  return { settings, values };
}

/** A source in words: "workflow input", "--top-k", ".github/keybug.yml line 4", "default". */
export function describeSource(source: ValueSource): string {
  switch (source.kind) {
    case 'explicit':
      return source.origin;
    case 'config':
      return `${source.file} line ${source.line}`;
    case 'default':
      return source.note ? `default (${source.note})` : 'default';
  }
}
