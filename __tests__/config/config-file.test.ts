import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigFileError, parseConfigFile } from '../../src/config/file.js';
import { ConfigError, INPUTS, parseSettings } from '../../src/config/inputs.js';
import { CONFIGURABLE_INPUTS } from '../../src/config/precedence.js';
import { describeSource, resolveSettings, type ExplicitInputs } from '../../src/config/resolve.js';
import { configSchema, INPUT_TYPES } from '../../src/config/schema.js';

const REV = 'a'.repeat(40);
const parse = (text: string) => parseConfigFile(text, '.github/keybug.yml', REV);
const explicit = (values: Record<string, string> = {}, origin = 'workflow input'): ExplicitInputs => ({
  get: (name) => values[name],
  origin: () => origin,
});

/** The problems a config text has, as "line N key: message". */
function problems(text: string): string[] {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ConfigFileError) return error.problems.map((p) => `line ${p.line} ${p.key}: ${p.message}`);
    throw error;
  }
  return [];
}

const COMPLETE = `# yaml-language-server: $schema=../keybug.schema.json
model: gpt-4.1
validator-model: o3
reviewers: 2
top-k: 3
temperature: 0.1
require-consensus: false
algorithm: full-flow
fail-on: high
include:
  - src/**
  - "lib/{a,b}/**"
exclude: docs/**, examples/**
ignore: [third_party/**]
instructions: |
  This is an embedded C code base: no heap allocation after start-up.
path-instructions:
  - paths: [src/kernel/**]
    instructions: Allocation in the interrupt path is a bug.
rules:
  - name: sql-parameterized
    description: Every SQL query must be parameterized.
    severity: high
    paths: src/db/**
  - name: no-printf
    description: Use log() rather than printf().
    severity: low
`;

describe('the config file', () => {
  it('reads every kind of key, with the line each value is on', () => {
    const file = parse(COMPLETE);
    expect(file.inputs.get('top-k')).toEqual({ value: '3', line: 5 });
    expect(file.inputs.get('require-consensus')).toEqual({ value: 'false', line: 7 });
    expect(file.lists.get('include')).toEqual({ value: ['src/**', 'lib/{a,b}/**'], line: 10 });
    expect(file.inputs.get('exclude')).toEqual({ value: 'docs/**, examples/**', line: 13 });
    expect(file.ignore).toEqual({ value: ['third_party/**'], line: 14 });
    expect(file.instructions?.value).toContain('no heap allocation');
    expect(file.pathInstructions).toEqual([
      { paths: ['src/kernel/**'], instructions: 'Allocation in the interrupt path is a bug.', line: 18 },
    ]);
    expect(file.rules).toEqual([
      {
        name: 'sql-parameterized',
        description: 'Every SQL query must be parameterized.',
        severity: 'high',
        paths: ['src/db/**'],
        line: 21,
      },
      { name: 'no-printf', description: 'Use log() rather than printf().', severity: 'low', paths: [], line: 25 },
    ]);
  });

  it('an empty file or one with only comments sets nothing', () => {
    expect(parse('').inputs.size).toBe(0);
    expect(parse('# nothing yet\n').rules).toEqual([]);
  });

  it.each([
    ['top-k: 0\n', 'line 1 top-k: must be at least 1 (got 0)'],
    ['reviewers: three\n', 'line 1 reviewers: must be a whole number (got "three")'],
    ['validator: yes\n', 'line 1 validator: must be true or false (got "yes")'],
    ['fail-on: blocker\n', 'line 1 fail-on: must be one of none, low, medium, high, critical (got "blocker")'],
    ['top_k: 3\n', "line 1 top_k: unknown key 'top_k' (did you mean 'top-k'?)"],
    ['modle: x\n', "line 1 modle: unknown key 'modle' (did you mean 'model'?)"],
    [
      'api-key: sk-123\n',
      "line 1 api-key: 'api-key' cannot be set in the config file (a secret); set it as a workflow input or a command-line flag",
    ],
    [
      'pr-number: 3\n',
      "line 1 pr-number: 'pr-number' cannot be set in the config file (set by the workflow or the command line only); set it as a workflow input or a command-line flag",
    ],
    [
      'model: m\nrules:\n  - name: x\n    description: d\n    severity: urgent\n',
      'line 5 rules[0].severity: must be one of low, medium, high, critical (got "urgent")',
    ],
    ['rules:\n  - name: x\n    severity: low\n', "line 2 rules[0]: missing 'description'"],
    [
      'rules:\n  - name: "has space"\n    description: d\n    severity: low\n',
      "line 2 rules[0].name: a rule name is letters, digits, '.', '-' and '_' (at most 64, starting with a letter or digit) (got \"has space\")",
    ],
    [
      'rules:\n  - {name: a, description: d, severity: low}\n  - {name: A, description: e, severity: high}\n',
      "line 3 rules[1].name: the rule name 'A' is already used by rules[0]",
    ],
    ['path-instructions:\n  - paths: src/**\n    instruction: typo\n', "line 2 path-instructions[0]: missing 'instructions'"],
    ['include: 3\n', 'line 1 include: must be a string or a list of strings (got 3)'],
    ['top-k: 3\ntop-k: 4\n', 'line 2 : not valid YAML: Map keys must be unique'],
    ['model: [unclosed\n', 'line 2 : not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]'],
    ['- a\n- b\n', 'line 1 : the file must be a mapping of keys to values (e.g. `top-k: 3`)'],
  ])('refuses %j, naming the line and the key', (text, expected) => {
    expect(problems(text)[0]).toBe(expected);
  });

  it('reports every problem at once, sorted by line, in one message that names the file and revision', () => {
    let error: ConfigFileError | null = null;
    try {
      parse('model: m\ntop-k: 0\nreviewers: 99\nbogus: 1\n');
    } catch (e) {
      error = e as ConfigFileError;
    }
    expect(error?.problems.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(error?.message).toBe(
      "Invalid config file .github/keybug.yml at aaaaaaaaaaaa, line 2, key 'top-k': must be at least 1 (got 0); also line 3, key 'reviewers': must be at most 10 (got 99); line 4, key 'bogus': unknown key 'bogus'",
    );
  });
});

describe('precedence: explicit inputs or flags, then the config file, then defaults', () => {
  const file = parse(COMPLETE);

  it('takes the file over the defaults, and an explicit value over the file', () => {
    const { settings, values } = resolveSettings(explicit({ 'top-k': '7', model: '' }), file, REV);
    expect(settings).toMatchObject({
      topK: 7,
      model: 'gpt-4.1',
      reviewerModel: 'gpt-4.1',
      validatorModel: 'o3',
      reviewers: 2,
      temperature: 0.1,
      requireConsensus: false,
      algorithm: 'full-flow',
      failOn: 'high',
      minSubstance: 4,
    });
    const source = (name: string) => describeSource(values.find((v) => v.name === name)!.source);
    expect(source('top-k')).toBe('workflow input');
    expect(source('model')).toBe('.github/keybug.yml line 2');
    expect(source('reviewer-model')).toBe('default (the value of `model`)');
    expect(source('min-substance')).toBe('default');
  });

  it('keeps YAML lists whole (a brace glob is not split at its comma) and adds `ignore` to `exclude`, whoever set it', () => {
    expect(resolveSettings(explicit(), file, REV).settings).toMatchObject({
      include: ['src/**', 'lib/{a,b}/**'],
      exclude: ['docs/**', 'examples/**', 'third_party/**'],
    });
    expect(resolveSettings(explicit({ exclude: 'build/**' }), file, REV).settings.exclude).toEqual(['build/**', 'third_party/**']);
  });

  it('without a file, is exactly the inputs over the defaults', () => {
    expect(resolveSettings(explicit({ 'top-k': '2' }), null).settings).toEqual(parseSettings((name) => ({ 'top-k': '2' })[name]));
  });

  it('a bad explicit value names the input; a value the file gives that keybug refuses names the file and line', () => {
    expect(() => resolveSettings(explicit({ 'top-k': '0' }), file, REV)).toThrow(
      new ConfigError('top-k', '0', 'a whole number from 1 to 100'),
    );
    const lenient = { ...file, inputs: new Map(file.inputs).set('base-url', { value: 'ftp://x', line: 9 }) };
    expect(() => resolveSettings(explicit(), lenient, REV)).toThrow(
      "Invalid config file .github/keybug.yml at aaaaaaaaaaaa, line 9, key 'base-url': expected an http:// or https:// URL (got 'ftp://x')",
    );
  });
});

describe('the JSON Schema', () => {
  const root = path.join(import.meta.dirname, '..', '..');

  it('keybug.schema.json is generated from the inputs (npm run sync-docs)', () => {
    expect(JSON.parse(readFileSync(path.join(root, 'keybug.schema.json'), 'utf8'))).toEqual(configSchema());
  });

  it('has a type for every input the file can set, and for no other input', () => {
    expect(Object.keys(INPUT_TYPES).sort()).toEqual(CONFIGURABLE_INPUTS.map((i) => i.name).sort());
    expect(INPUTS.filter((i) => !CONFIGURABLE_INPUTS.includes(i)).map((i) => i.name)).toEqual([
      'api-key',
      'index-cache',
      'github-token',
      'github-timeout',
      'on-invalid-config',
      'bot-login',
      'pr-number',
      'handle',
    ]);
  });

  it.each(Object.entries(INPUT_TYPES).filter(([, t]) => t.minimum !== undefined))(
    '%s: its bounds are the ones parseSettings enforces',
    (name, type) => {
      const { minimum, maximum } = type as { minimum: number; maximum: number };
      const step = type.type === 'integer' ? 1 : 0.001;
      const accepts = (value: number) => {
        try {
          parseSettings((input) => (input === name ? String(value) : undefined));
          return true;
        } catch {
          return false;
        }
      };
      expect([accepts(minimum), accepts(maximum), accepts(minimum - step), accepts(maximum + step)]).toEqual([true, true, false, false]);
    },
  );

  it('offers every enum value parseSettings accepts', () => {
    for (const [name, type] of Object.entries(INPUT_TYPES)) {
      for (const value of (type.enum as string[] | undefined) ?? [])
        expect(() => parseSettings((input) => (input === name ? value : undefined))).not.toThrow();
    }
  });
});
