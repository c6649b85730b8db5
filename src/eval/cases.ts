/**
 * The case file of `keybug eval`: past changes with the bugs they shipped. YAML (a `cases:` list, or
 * a list at the top) or JSON Lines (one case per line). Each case names a local clone, relative to
 * the case file, the two revisions of the change, and its key bugs on the head side; a case with no
 * key bug is a clean change, on which every comment is a false alarm. Each case is checked against
 * eval-case.schema.json, the documented format, which ships with keybug.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { assetPath } from '../support/assets.js';

/** A bug the change shipped, where it sits in the head revision. */
export interface KeyBug {
  /** Path in the head revision. */
  path: string;
  /** First and last line of the bug (head side, 1-based, inclusive). */
  startLine: number;
  endLine: number;
  note?: string;
  /** Ranges with the same `bug` are one key bug (the lines one fix changed); a range without one is a key bug of its own. */
  bug?: string;
}

/** Where a mined or imported case came from (see eval-case.schema.json). */
export interface CaseSource {
  kind: 'mined' | 'defects4j' | 'bugsinpy' | 'aacr';
  /** The dataset's name for the bug or pull request. */
  id?: string;
  fixes?: CaseFix[];
}

/** A commit that fixed bugs of the case. */
export interface CaseFix {
  sha: string;
  subject?: string;
  /** Committer date, ISO 8601. */
  date?: string;
  /** How many commits the lines the fix changed were traced back to. */
  introducers?: number;
  /** Days from the case's change to the fix. */
  days?: number;
}

/** A changed file of a case and the coverage keybug gives it. */
export interface CaseFile {
  path: string;
  language: string | null;
  coverage: 'context' | 'diff' | 'skipped' | 'unreviewed';
  reason?: string;
}

/** One past change to review. */
export interface EvalCase {
  /** Unique within the file; letters, digits, `.`, `_` and `-` (it names the case's recording). */
  id: string;
  /** Absolute path of the local clone. */
  repo: string;
  base: string;
  head: string;
  /** The pull request's title and description, given to the reviewers as data. */
  title: string;
  body: string;
  keyBugs: KeyBug[];
  /** Set on mined and imported cases: their key bug lines must all be added lines of head. */
  source?: CaseSource;
  /** Categories the report breaks its figures down by. */
  labels?: Record<string, string>;
  /** The languages of the files keybug reviews in the change. */
  languages?: string[];
  files?: CaseFile[];
  size?: { files: number; additions: number; deletions: number };
}

/** A case file is unreadable or wrong; the message names the file, the case and the field. */
export class CaseFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseFileError';
  }
}

/** The case file format, compiled from the schema that ships with keybug (eval-case.schema.json). */
let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
    JSON.parse(readFileSync(assetPath('schema', 'eval-case.schema.json'), 'utf8')) as object,
  );
  return compiled;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads and checks a case file; repos are resolved against the file's folder. */
export function readCaseFile(file: string): EvalCase[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CaseFileError(
      `cannot read the case file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  return parseCases(text, file);
}

/** Parses the text of a case file named `file` (its extension decides: .jsonl is JSON Lines, anything else YAML). */
export function parseCases(text: string, file: string): EvalCase[] {
  const raw = file.endsWith('.jsonl') ? parseJsonLines(text, file) : parseYamlCases(text, file);
  if (raw.length === 0) throw new CaseFileError(`${file} holds no case.`);
  const dir = path.dirname(path.resolve(file));
  const cases = raw.map((value, i) => checkCase(value, `${file}: case ${i + 1}`, dir));
  const seen = new Map<string, number>();
  cases.forEach((c, i) => {
    const first = seen.get(c.id);
    if (first !== undefined)
      throw new CaseFileError(`${file}: cases ${first + 1} and ${i + 1} have the same id '${c.id}'; ids must be unique.`);
    seen.set(c.id, i);
  });
  return cases;
}

function parseJsonLines(text: string, file: string): unknown[] {
  const out: unknown[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      out.push(JSON.parse(line));
    } catch (error) {
      throw new CaseFileError(
        `${file}:${i + 1}: not a JSON object (${(error as Error).message}); a .jsonl case file holds one case per line.`,
      );
    }
  });
  return out;
}

function parseYamlCases(text: string, file: string): unknown[] {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    throw new CaseFileError(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  if (Array.isArray(doc)) return doc;
  if (isObject(doc) && Array.isArray(doc.cases)) return doc.cases;
  throw new CaseFileError(`${file}: expected a list of cases, or a 'cases:' key holding one.`);
}

const CASE_FIELDS = ['id', 'repo', 'base', 'head', 'title', 'body', 'keyBugs', 'source', 'labels', 'languages', 'files', 'size'];
const BUG_FIELDS = ['path', 'startLine', 'endLine', 'note', 'bug'];

/** What a field must be, said the way a person writes the file. */
const FIELD_WORDS: Record<string, string> = {
  id: "a string of letters, digits, '.', '_' and '-' (it names the case's recording)",
  repo: 'a non-empty string',
  base: 'a non-empty string',
  head: 'a non-empty string',
  keyBugs: 'a list (write keyBugs: [] for a change that shipped no bug)',
  path: "the file's path in the head revision",
  startLine: 'a line number (a whole number ≥ 1)',
  endLine: 'a line number (a whole number ≥ 1)',
};

/** A JSON pointer's parts as a person reads them: keyBugs[0].startLine. */
function fieldPath(parts: readonly string[]): string {
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** One schema error of a case as a message naming the field. */
function describe(error: ErrorObject, value: Record<string, unknown>): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  const inside = parts.length === 0 ? '' : `${fieldPath(parts)}: `;
  if (error.keyword === 'additionalProperties') {
    const fields =
      parts.length === 0
        ? `a case has ${CASE_FIELDS.join(', ')}`
        : parts.length === 2 && parts[0] === 'keyBugs'
          ? `a key bug has ${BUG_FIELDS.join(', ')}`
          : 'see eval-case.schema.json';
    return `${inside}unknown field '${String(params.additionalProperty)}' (${fields}).`;
  }
  if (error.keyword === 'required') {
    const name = String(params.missingProperty);
    return `${inside}${name} must be ${FIELD_WORDS[name] ?? 'given'}; it is missing.`;
  }
  const field = parts[parts.length - 1] ?? '';
  const owner = parts.length > 1 ? `${fieldPath(parts.slice(0, -1))}: ` : '';
  const got = parts.reduce<unknown>((v, p) => (v as Record<string, unknown> | undefined)?.[p], value);
  const words =
    FIELD_WORDS[field] ??
    (error.keyword === 'enum'
      ? `one of ${(params.allowedValues as unknown[]).join(', ')}`
      : (error.message ?? 'valid').replace(/^must be /, ''));
  return `${owner}${field} must be ${words}, got ${JSON.stringify(got)}.`;
}

/** Unknown fields first: a misspelt field is the mistake, the missing one it was meant to be follows from it. */
const firstError = (errors: readonly ErrorObject[]): ErrorObject | undefined =>
  errors.find((e) => e.keyword === 'additionalProperties') ?? errors[0];

function checkCase(value: unknown, where: string, dir: string): EvalCase {
  if (!isObject(value)) throw new CaseFileError(`${where}: expected an object with id, repo, base, head and keyBugs.`);
  const named = typeof value.id === 'string' ? `${where} ('${value.id}')` : where;
  const validate = validator();
  if (!validate(value)) throw new CaseFileError(`${named}: ${describe(firstError(validate.errors ?? []) as ErrorObject, value)}`);
  const c = value as unknown as EvalCase;
  const keyBugs = c.keyBugs.map((bug, j): KeyBug => {
    if (bug.endLine < bug.startLine)
      throw new CaseFileError(`${named}: keyBugs[${j}]: endLine ${bug.endLine} is before startLine ${bug.startLine}.`);
    return { ...bug, path: bug.path.trim().replace(/\\/g, '/').replace(/^\.\//, '') };
  });
  return { ...c, repo: path.resolve(dir, c.repo), title: c.title ?? '', body: c.body ?? '', keyBugs };
}
