import { CONFIGURABLE_INPUTS, defaultSentence } from './precedence.js';
import { SEVERITY_LEVELS, SLICE_ALGORITHMS, TOOL_MODES } from './settings.js';

/**
 * The JSON Schema of the config file (`.github/keybug.yml`), generated from the inputs so the two
 * cannot drift: `npm run sync-docs` writes it to keybug.schema.json (editors complete and check the
 * file with it), the bundle ships it in dist/assets/schema/, and keybug validates every config file
 * against that file. Draft-07, which every YAML language server understands.
 */

type Schema = Record<string, unknown>;

const int = (minimum: number, maximum: number): Schema => ({ type: 'integer', minimum, maximum });
const num = (minimum: number, maximum: number): Schema => ({ type: 'number', minimum, maximum });
const bool: Schema = { type: 'boolean' };
const str: Schema = { type: 'string' };
const oneOf = (values: readonly string[]): Schema => ({ type: 'string', enum: values });
/** Glob patterns: a list, or one string with comma- or newline-separated patterns (as an input takes them). */
const globs: Schema = { type: ['string', 'array'], items: { type: 'string', minLength: 1 }, minLength: 1 };

/** Rule names go into posted comments and reports: letters, digits, dots, dashes and underscores only. */
export const RULE_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

/**
 * The type of every input the config file can set. Bounds are the ones parseSettings enforces
 * (a test checks each against it), so an editor flags what keybug would refuse.
 */
export const INPUT_TYPES: Readonly<Record<string, Schema>> = {
  'base-url': { type: 'string', pattern: '^https?://\\S+$' },
  model: str,
  'reviewer-model': str,
  'validator-model': str,
  temperature: num(0, 2),
  timeout: int(1, 3600),
  'max-retries': int(0, 10),
  concurrency: int(1, 64),
  'input-price': num(0, 1e6),
  'output-price': num(0, 1e6),
  reviewers: int(1, 10),
  'min-substance': int(0, 7),
  'min-reality': int(0, 7),
  'top-k': int(1, 100),
  'require-consensus': bool,
  validator: bool,
  'validator-min-substance': int(0, 7),
  'validator-min-reality': int(0, 7),
  tools: oneOf(TOOL_MODES),
  'tool-calls': int(0, 100),
  'tool-token-budget': int(100, 200_000),
  votes: { type: 'integer', minimum: 1, maximum: 9, not: { multipleOf: 2 } },
  language: { type: 'string', minLength: 1 },
  'max-tokens': int(0, 1_000_000_000),
  'time-limit-minutes': int(0, 1440),
  algorithm: oneOf(SLICE_ALGORITHMS),
  'slice-token-budget': int(200, 1_000_000),
  'instruction-files': bool,
  'instructions-token-budget': int(0, 100_000),
  'max-files': int(1, 100_000),
  include: globs,
  exclude: globs,
  'skip-generated': bool,
  'skip-docs': bool,
  'review-event': oneOf(['COMMENT', 'REQUEST_CHANGES']),
  'fail-on': oneOf(['none', ...SEVERITY_LEVELS]),
  'fail-on-incomplete': bool,
  incremental: bool,
  'post-review': bool,
  report: { type: 'string', minLength: 1 },
  'dry-run': bool,
  chat: oneOf(['mentions', 'threads']),
};

/** Keys only the config file has: the repository's guidance and the paths it never wants reviewed. */
export const CONFIG_ONLY_KEYS: Readonly<Record<string, Schema>> = {
  instructions: {
    type: 'string',
    minLength: 1,
    description:
      'Guidance for every review: given to the reviewers and the validator on every slice, as data (it cannot change the output format or the safety rules).',
  },
  'path-instructions': {
    type: 'array',
    description: 'Guidance for some paths only: given on the slices of files matching `paths`, before the guidance for every file.',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['paths', 'instructions'],
      properties: {
        paths: { ...globs, description: 'Glob patterns of the files the instructions are for, e.g. src/kernel/**.' },
        instructions: { type: 'string', minLength: 1, description: 'What reviewers of those files should know or check.' },
      },
    },
  },
  rules: {
    type: 'array',
    description: 'Named checks. A finding that violates one carries its name and severity (which counts for `fail-on` like any finding).',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'description', 'severity'],
      properties: {
        name: { type: 'string', pattern: RULE_NAME_PATTERN, description: 'Short identifier shown on findings, e.g. sql-parameterized.' },
        description: { type: 'string', minLength: 1, description: 'What the rule requires, e.g. "Every SQL query must be parameterized."' },
        severity: { ...oneOf(SEVERITY_LEVELS), description: 'Severity of a violation: low, medium, high or critical.' },
        paths: { ...globs, description: 'Glob patterns of the files the rule applies to (default: every file).' },
      },
    },
  },
  ignore: { ...globs, description: 'Glob patterns of paths never reviewed, added to `exclude` (whoever sets `exclude`).' },
};

/** The whole schema, as written to keybug.schema.json. */
export function configSchema(): Schema {
  const properties: Record<string, Schema> = {
    $schema: { type: 'string', description: 'The JSON Schema of this file, for editors.' },
  };
  for (const spec of CONFIGURABLE_INPUTS) {
    const type = INPUT_TYPES[spec.name];
    if (type === undefined) throw new Error(`src/config/schema.ts: INPUT_TYPES has no type for the input '${spec.name}'`);
    properties[spec.name] = {
      ...type,
      description: spec.default === '' ? spec.description : `${spec.description} ${defaultSentence(spec.default)}`,
    };
  }
  Object.assign(properties, CONFIG_ONLY_KEYS);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'keybug configuration (.github/keybug.yml)',
    description:
      "Read from the base revision of a pull request, never from its head. Workflow inputs and command-line flags override it; keybug's defaults fill what neither sets.",
    type: 'object',
    additionalProperties: false,
    properties,
  };
}
