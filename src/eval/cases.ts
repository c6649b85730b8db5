/**
 * The case file of `keybug eval`: past changes with the bugs they shipped. YAML (a `cases:` list, or
 * a list at the top) or JSON Lines (one case per line). Each case names a local clone, relative to
 * the case file, the two revisions of the change, and its key bugs on the head side; a case with no
 * key bug is a clean change, on which every comment is a false alarm.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** A bug the change shipped, where it sits in the head revision. */
export interface KeyBug {
  /** Path in the head revision. */
  path: string;
  /** First and last line of the bug (head side, 1-based, inclusive). */
  startLine: number;
  endLine: number;
  note?: string;
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
}

/** A case file is unreadable or wrong; the message names the file, the case and the field. */
export class CaseFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseFileError';
  }
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const CASE_FIELDS = new Set(['id', 'repo', 'base', 'head', 'title', 'body', 'keyBugs']);
const BUG_FIELDS = new Set(['path', 'startLine', 'endLine', 'note']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads and checks a case file; repos are resolved against the file's folder. */
export function readCaseFile(file: string): EvalCase[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CaseFileError(`cannot read the case file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
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
    if (first !== undefined) throw new CaseFileError(`${file}: cases ${first + 1} and ${i + 1} have the same id '${c.id}'; ids must be unique.`);
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
      throw new CaseFileError(`${file}:${i + 1}: not a JSON object (${(error as Error).message}); a .jsonl case file holds one case per line.`);
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

function checkCase(value: unknown, where: string, dir: string): EvalCase {
  if (!isObject(value)) throw new CaseFileError(`${where}: expected an object with id, repo, base, head and keyBugs.`);
  const id = value.id;
  const named = typeof id === 'string' ? `${where} ('${id}')` : where;
  for (const key of Object.keys(value)) {
    if (!CASE_FIELDS.has(key)) throw new CaseFileError(`${named}: unknown field '${key}' (a case has ${[...CASE_FIELDS].join(', ')}).`);
  }
  if (typeof id !== 'string' || !ID.test(id)) throw new CaseFileError(`${named}: id must be a string of letters, digits, '.', '_' and '-' (it names the case's recording), got ${JSON.stringify(id)}.`);
  const text = (key: string, required: boolean): string => {
    const v = value[key];
    if (v === undefined && !required) return '';
    if (typeof v !== 'string' || (required && v.trim() === '')) throw new CaseFileError(`${named}: ${key} must be ${required ? 'a non-empty string' : 'a string'}, got ${JSON.stringify(v)}.`);
    return v;
  };
  const repo = text('repo', true);
  const base = text('base', true);
  const head = text('head', true);
  if (!Array.isArray(value.keyBugs)) throw new CaseFileError(`${named}: keyBugs must be a list (write keyBugs: [] for a change that shipped no bug).`);
  const keyBugs = value.keyBugs.map((bug, j) => checkBug(bug, `${named}: keyBugs[${j}]`));
  return { id, repo: path.resolve(dir, repo), base, head, title: text('title', false), body: text('body', false), keyBugs };
}

function checkBug(value: unknown, where: string): KeyBug {
  if (!isObject(value)) throw new CaseFileError(`${where}: expected an object with path, startLine and endLine.`);
  for (const key of Object.keys(value)) {
    if (!BUG_FIELDS.has(key)) throw new CaseFileError(`${where}: unknown field '${key}' (a key bug has ${[...BUG_FIELDS].join(', ')}).`);
  }
  const { path: file, startLine, endLine, note } = value;
  if (typeof file !== 'string' || file.trim() === '') throw new CaseFileError(`${where}: path must be the file's path in the head revision, got ${JSON.stringify(file)}.`);
  const line = (name: string, v: unknown): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new CaseFileError(`${where}: ${name} must be a line number (a whole number ≥ 1), got ${JSON.stringify(v)}.`);
    return v;
  };
  const start = line('startLine', startLine);
  const end = line('endLine', endLine);
  if (end < start) throw new CaseFileError(`${where}: endLine ${end} is before startLine ${start}.`);
  if (note !== undefined && typeof note !== 'string') throw new CaseFileError(`${where}: note must be a string.`);
  const normalized = file.trim().replace(/\\/g, '/').replace(/^\.\//, '');
  return { path: normalized, startLine: start, endLine: end, ...(note !== undefined ? { note } : {}) };
}
