import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { assetPath } from '../support/assets.js';
import type { SeverityLevel } from '../types.js';
import { INPUTS } from './inputs.js';
import { namesLike, oneOf } from '../support/closest-name.js';
import { isConfigurable } from './precedence.js';
import type { NameSetting } from './naming.js';

/**
 * The config file (`.github/keybug.yml`): parsed with the `yaml` package, validated against the
 * JSON Schema that ships with keybug (keybug.schema.json), every problem reported with its line.
 */

/** One problem in a config file: where it is and what is wrong. */
export interface ConfigProblem {
  line: number;
  /** The key, as a path: `top-k`, `rules[0].severity`. */
  key: string;
  message: string;
}

/**
 * The config file is invalid: the message names the file, the revision, and each problem's line and
 * key. A config file's, reported as a failure, ends with the one fix hint every shell gives (`describe`, with the
 * setting named as that shell takes it); `message` alone is what a run without the file warns with.
 */
export class ConfigFileError extends Error {
  constructor(
    readonly file: string,
    readonly rev: string,
    readonly problems: ConfigProblem[],
    /** What the file is: the config file, or the learnings file. */
    readonly what = 'config file',
  ) {
    const [first, ...more] = problems;
    const at = (p: ConfigProblem): string => `line ${p.line}${p.key ? `, key '${p.key}'` : ''}: ${p.message}`;
    super(
      `Invalid ${what} ${file}${rev === '' ? '' : ` at ${rev.slice(0, 12)}`}, ${first ? at(first) : 'unknown problem'}` +
        // Every problem: one left out is one more round of fixing and pushing to find it.
        (more.length > 0 ? `; also ${more.map(at).join('; ')}` : ''),
    );
    this.name = 'ConfigFileError';
  }

  /**
   * The failure as a shell reports it: for the config file, the problems then the fix hint with the
   * setting named as that shell takes it (a learnings file never stops a review: it has none).
   */
  describe(name: NameSetting): string {
    return this.what === 'config file' ? `${this.message.replace(/\.$/, '')}. ${configFixHint(name)}` : this.message;
  }
}

/** What to do about an invalid config file, the same wherever it is reported (the docs quote it). */
function configFixHint(name: NameSetting): string {
  return `Fix it on the base branch (a pull request's own change to it counts only after merge), or set ${name('on-invalid-config', 'defaults')} to review without it.`;
}

/** A value of the file and the line it is on. */
export interface Located<T> {
  value: T;
  line: number;
}

/** A named check from `rules`. */
export interface Rule {
  name: string;
  description: string;
  severity: SeverityLevel;
  /** Glob patterns of the files it applies to; empty = every file. */
  paths: string[];
  line: number;
}

/** One entry of `path-instructions`. */
export interface PathInstructions {
  paths: string[];
  instructions: string;
  line: number;
}

/** A parsed, valid config file. */
export interface ConfigFile {
  /** Its path in the revision, e.g. `.github/keybug.yml`. */
  path: string;
  /** The inputs it sets, by input name, as the text an input would carry. */
  inputs: Map<string, Located<string>>;
  /** Lists it gives for `include` / `exclude` as YAML lists (taken as they are, not split at commas). */
  lists: Map<string, Located<string[]>>;
  instructions: Located<string> | null;
  pathInstructions: PathInstructions[];
  rules: Rule[];
  ignore: Located<string[]> | null;
}

/** Config files above this size are refused: nobody writes one by hand. */
export const MAX_CONFIG_BYTES = 256 * 1024;

/** A shipped schema, compiled, and its top-level keys. */
export interface FileSchema {
  validate: ValidateFunction;
  keys: string[];
}

const compiled = new Map<string, FileSchema>();

/** A schema shipped with keybug (schema/NAME), compiled once: what editors show is what keybug enforces. */
export function shippedSchema(name: string): FileSchema {
  let schema = compiled.get(name);
  if (schema === undefined) {
    const json = JSON.parse(readFileSync(assetPath('schema', name), 'utf8')) as { properties: object };
    schema = {
      validate: new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(json),
      keys: Object.keys(json.properties),
    };
    compiled.set(name, schema);
  }
  return schema;
}

const schema = (): FileSchema => shippedSchema('keybug.schema.json');

/** A file's bytes as YAML text; throws ConfigFileError when it is too large or binary. */
export function yamlText(blob: Buffer, file: string, rev: string, what = 'config file'): string {
  if (blob.length > MAX_CONFIG_BYTES)
    throw new ConfigFileError(
      file,
      rev,
      [{ line: 1, key: '', message: `the file is ${blob.length} bytes; a ${what} may have at most ${MAX_CONFIG_BYTES}` }],
      what,
    );
  if (blob.includes(0)) throw new ConfigFileError(file, rev, [{ line: 1, key: '', message: 'the file is binary, not YAML text' }], what);
  return blob.toString('utf8');
}

/** A YAML file parsed as a mapping: its document, its value, the line of an offset, and what the schema found wrong. */
export interface ParsedYaml {
  doc: Document;
  value: Record<string, unknown>;
  lineAt: (offset: number) => number;
  problems: ConfigProblem[];
}

/**
 * Parses a YAML file that must be one mapping and validates it against `schema`; throws
 * ConfigFileError for YAML that does not parse or is not a mapping (`notMapping` says what it must
 * be), and returns the schema's problems for the caller to add its own to.
 */
export function parseYamlMapping(
  text: string,
  file: string,
  rev: string,
  options: {
    what?: string;
    notMapping: string;
    describe: (error: ErrorObject, doc: Document, lineAt: (offset: number) => number) => ConfigProblem;
    schema: FileSchema;
  },
): ParsedYaml {
  const what = options.what ?? 'config file';
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const lineAt = (offset: number): number => lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    throw new ConfigFileError(
      file,
      rev,
      doc.errors.map((e) => ({
        line: lineAt(e.pos[0]),
        key: '',
        message: `not valid YAML: ${e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`,
      })),
      what,
    );
  }
  const value: unknown = doc.contents === null ? {} : doc.toJS({ maxAliasCount: 100 });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigFileError(file, rev, [{ line: 1, key: '', message: options.notMapping }], what);
  const { validate } = options.schema;
  const problems = validate(value) ? [] : (validate.errors ?? []).map((e) => options.describe(e, doc, lineAt));
  return { doc, value: value as Record<string, unknown>, lineAt, problems };
}

/** Throws ConfigFileError with every problem, by line, when there are any. */
export function throwProblems(problems: ConfigProblem[], file: string, rev: string, what = 'config file'): void {
  if (problems.length > 0)
    throw new ConfigFileError(
      file,
      rev,
      dedupe(problems).sort((a, b) => a.line - b.line),
      what,
    );
}

/** Splits a glob value as an input's text is split: at commas and newlines. */
export function splitGlobs(value: string | string[]): string[] {
  const items = Array.isArray(value) ? value : value.split(/[,\n]/);
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** Parses and validates a config file's text; throws ConfigFileError with every problem found. */
export function parseConfigFile(text: string, file: string, rev: string): ConfigFile {
  const {
    doc,
    value: config,
    lineAt,
    problems,
  } = parseYamlMapping(text, file, rev, {
    notMapping: 'the file must be a mapping of keys to values (e.g. `top-k: 3`)',
    describe: (e, d, at) => describeSchemaError(e, d, at),
    schema: schema(),
  });
  const rules = (Array.isArray(config.rules) ? config.rules : []) as { name?: unknown }[];
  const seen = new Map<string, number>();
  rules.forEach((rule, i) => {
    if (typeof rule?.name !== 'string') return;
    const name = rule.name.toLowerCase();
    const first = seen.get(name);
    if (first !== undefined)
      problems.push({
        line: lineOf(doc, ['rules', i, 'name'], lineAt),
        key: `rules[${i}].name`,
        message: `the rule name '${rule.name}' is already used by rules[${first}]`,
      });
    else seen.set(name, i);
  });
  throwProblems(problems, file, rev);
  return build(config, file, doc, lineAt);
}

function build(config: Record<string, unknown>, file: string, doc: Document, lineAt: (offset: number) => number): ConfigFile {
  const line = (...path: (string | number)[]): number => lineOf(doc, path, lineAt);
  const inputs = new Map<string, Located<string>>();
  const lists = new Map<string, Located<string[]>>();
  for (const spec of INPUTS) {
    if (!isConfigurable(spec) || !(spec.name in config)) continue;
    const raw = config[spec.name];
    const at = line(spec.name);
    if (Array.isArray(raw)) {
      lists.set(spec.name, { value: splitGlobs(raw as string[]), line: at });
      inputs.set(spec.name, { value: (raw as string[]).join('\n'), line: at });
    } else {
      inputs.set(spec.name, { value: String(raw), line: at });
    }
  }
  const globsOf = (raw: unknown): string[] => splitGlobs(raw as string | string[]);
  const pathInstructions = ((config['path-instructions'] ?? []) as { paths: unknown; instructions: string }[]).map((p, i) => ({
    paths: globsOf(p.paths),
    instructions: p.instructions,
    line: line('path-instructions', i),
  }));
  const rules = ((config.rules ?? []) as { name: string; description: string; severity: SeverityLevel; paths?: unknown }[]).map((r, i) => ({
    name: r.name,
    description: r.description,
    severity: r.severity,
    paths: r.paths === undefined ? [] : globsOf(r.paths),
    line: line('rules', i),
  }));
  return {
    path: file,
    inputs,
    lists,
    instructions: typeof config.instructions === 'string' ? { value: config.instructions, line: line('instructions') } : null,
    pathInstructions,
    rules,
    ignore: config.ignore === undefined ? null : { value: globsOf(config.ignore), line: line('ignore') },
  };
}

/** The line of the node at `path` (or of the nearest node above it that exists). */
export function lineOf(doc: Document, path: (string | number)[], lineAt: (offset: number) => number, key = false): number {
  let node: unknown = doc.contents;
  let best = 1;
  const at = (n: unknown): void => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    if (range) best = lineAt(range[0]);
  };
  at(node);
  for (const [i, segment] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (pair === undefined) return best;
      if (key && i === path.length - 1) {
        at(pair.key);
        return best;
      }
      at(pair.key);
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
      at(node);
    } else {
      return best;
    }
  }
  return best;
}

/** `/rules/0/severity` → ['rules', 0, 'severity']. */
function pathOf(instancePath: string): (string | number)[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** `['rules', 0, 'severity']` → `rules[0].severity`. */
function keyOf(path: (string | number)[]): string {
  return path.reduce<string>((text, s) => (typeof s === 'number' ? `${text}[${s}]` : text === '' ? s : `${text}.${s}`), '');
}

/**
 * One ajv error as a problem with a line, a key and a message a person can act on. `topKeys` are the
 * file's top-level keys, for "did you mean"; `inputs` says whether a top-level key may be an input
 * the file cannot set (the config file).
 */
export function describeSchemaError(
  error: ErrorObject,
  doc: Document,
  lineAt: (offset: number) => number,
  topKeys: readonly string[] = schema().keys,
  inputs = true,
): ConfigProblem {
  const path = pathOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const name = String(params.additionalProperty);
    const full = [...path, name];
    const line = lineOf(doc, full, lineAt, true);
    const input = inputs ? INPUTS.find((i) => i.name === name) : undefined;
    if (path.length === 0 && input !== undefined) {
      const why = input.secret ? 'a secret' : 'set by the workflow or the command line only';
      return {
        line,
        key: name,
        message: `'${name}' cannot be set in the config file (${why}); set it as a workflow input or a command-line flag`,
      };
    }
    const like = path.length === 0 ? namesLike(name, topKeys) : [];
    return {
      line,
      key: keyOf(full),
      message: `unknown key '${name}'${like.length > 0 ? ` (did you mean ${oneOf(like, (k) => `'${k}'`)}?)` : ''}`,
    };
  }
  const line = lineOf(doc, path, lineAt);
  const key = keyOf(path);
  const got = (): string => {
    const value = path.reduce<unknown>((v, s) => (v as Record<string | number, unknown> | undefined)?.[s], doc.toJS() as unknown);
    return value === undefined ? '' : ` (got ${JSON.stringify(value)?.slice(0, 60)})`;
  };
  switch (error.keyword) {
    case 'required':
      return { line, key, message: `missing '${String(params.missingProperty)}'` };
    case 'enum':
      return { line, key, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}${got()}` };
    case 'type':
      return { line, key, message: `must be ${typeWords(params.type)}${got()}` };
    case 'minimum':
    case 'maximum':
      return { line, key, message: `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}${got()}` };
    case 'pattern':
      if (key.endsWith('.name'))
        return {
          line,
          key,
          message: `a rule name is letters, digits, '.', '-' and '_' (at most 64, starting with a letter or digit)${got()}`,
        };
      if (key.endsWith('.date')) return { line, key, message: `must be a date written YYYY-MM-DD${got()}` };
      if (key.endsWith('.link')) return { line, key, message: `must be an http:// or https:// address${got()}` };
      return { line, key, message: `must match ${String(params.pattern)}${got()}` };
    case 'minLength':
      return { line, key, message: 'must not be empty' };
    default:
      return { line, key, message: `${error.message ?? 'is invalid'}${got()}` };
  }
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  string: 'a string',
  array: 'a list of strings',
  object: 'a mapping of keys to values',
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : [String(type)];
  return types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

export function dedupe(problems: ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.line}\0${p.key}\0${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
