import { Document, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLSeq } from 'yaml';
import type { Git } from '../git/git.js';
import {
  ConfigFileError,
  describeSchemaError,
  lineOf,
  parseYamlMapping,
  shippedSchema,
  splitGlobs,
  throwProblems,
  yamlText,
} from './file.js';
import { LEARNINGS_FILE } from './learnings-schema.js';

/**
 * The learnings file (`.github/keybug-learnings.yml`): what a repository's maintainers taught
 * keybug, kept in the repository where they can review and revert it. It is read from the base
 * revision like the config file, validated against keybug-learnings.schema.json (shipped with
 * keybug), and its entries reach the reviewers and the validator of the files they match as
 * guidance (src/guidance/). keybug itself adds entries only through a pull request.
 */

export { LEARNINGS_FILE } from './learnings-schema.js';

/** One entry. */
export interface Learning {
  /** Glob patterns of the files it is about; empty = every file. */
  paths: string[];
  text: string;
  link: string | null;
  date: string | null;
  /** Its line in the file. */
  line: number;
}

export interface LearningsFile {
  path: string;
  learnings: Learning[];
}

/** An entry to add, its text already made safe by the caller (masked, plain, within the limit). */
export type NewLearning = Omit<Learning, 'line'>;

const WHAT = 'learnings file';

/** Parses and validates a learnings file's text; throws ConfigFileError naming each problem's line and key. */
export function parseLearnings(text: string, file = LEARNINGS_FILE, rev = ''): LearningsFile {
  const { doc, value, lineAt, problems } = parseYamlMapping(text, file, rev, {
    what: WHAT,
    notMapping: 'the file must be a mapping with a `learnings:` list',
    describe: (e, d, at) => describeSchemaError(e, d, at, ['learnings', '$schema'], false),
    schema: shippedSchema('keybug-learnings.schema.json'),
  });
  throwProblems(problems, file, rev, WHAT);
  const entries = (value as { learnings: { paths?: string | string[]; text: string; link?: string; date?: string }[] }).learnings;
  return {
    path: file,
    learnings: entries.map((e, i) => ({
      paths: e.paths === undefined ? [] : splitGlobs(e.paths),
      text: e.text,
      link: e.link ?? null,
      date: e.date ?? null,
      line: lineOf(doc, ['learnings', i], lineAt),
    })),
  };
}

/** The learnings file of a revision; null when it has none. Throws ConfigFileError when it is invalid. */
export async function readLearningsFile(git: Git, rev: string): Promise<LearningsFile | null> {
  const blob = await git.readBlob(rev, LEARNINGS_FILE);
  return blob === null ? null : parseLearnings(yamlText(blob, LEARNINGS_FILE, rev, WHAT), LEARNINGS_FILE, rev);
}

const HEADER = `What this repository's maintainers taught keybug. keybug reads this file from the base branch
and gives each entry to the reviewers of the files its paths match. It adds entries only through
the pull request from keybug/learnings; edit, reword or delete them here like any other file.`;

const same = (a: NewLearning, b: Learning): boolean => a.text.trim() === b.text.trim() && a.paths.join('\n') === b.paths.join('\n');

/**
 * The file's text with `entry` appended, the rest kept as written (comments included); unchanged
 * when an entry with the same text and paths is already there. A file that is not a valid
 * learnings file is refused (ConfigFileError): keybug does not rewrite what it cannot read.
 */
export function withLearning(existing: string | null, entry: NewLearning): { text: string; added: boolean } {
  const node = {
    ...(entry.paths.length > 0 ? { paths: entry.paths } : {}),
    text: entry.text,
    ...(entry.link ? { link: entry.link } : {}),
    ...(entry.date ? { date: entry.date } : {}),
  };
  if (existing === null || existing.trim() === '') {
    const doc = new Document({ learnings: [] });
    (doc.get('learnings') as YAMLSeq).add(entryNode(doc, node));
    doc.commentBefore = HEADER.split('\n')
      .map((l) => ` ${l}`)
      .join('\n');
    return { text: doc.toString({ lineWidth: 0 }), added: true };
  }
  const parsed = parseLearnings(existing);
  if (parsed.learnings.some((l) => same(entry, l))) return { text: existing, added: false };
  const appended = appendItem(existing, node);
  // What was appended must read back as exactly one more entry; otherwise the file is written anew.
  if (appended !== null) {
    const check = parseLearnings(appended).learnings;
    if (check.length === parsed.learnings.length + 1 && same(entry, check.at(-1)!)) return { text: appended, added: true };
  }
  const doc = parseDocument(existing);
  const list = doc.get('learnings');
  if (!isSeq(list)) throw new ConfigFileError(LEARNINGS_FILE, '', [{ line: 1, key: 'learnings', message: 'must be a list' }], WHAT);
  list.add(entryNode(doc, node));
  return { text: doc.toString({ lineWidth: 0 }), added: true };
}

/** An entry as a YAML node of `doc`, its date quoted (a YAML 1.1 reader would take 2026-01-31 for a timestamp). */
function entryNode(doc: Document, entry: object): Node {
  const node = doc.createNode(entry);
  const date = isMap(node) ? node.get('date', true) : undefined;
  if (isScalar(date)) date.type = 'QUOTE_DOUBLE';
  return node;
}

/**
 * The text with one item added at the end of the block list `learnings`, everything else as
 * written; null when the list is not a block list with items (`learnings: []`), which the caller
 * then writes anew.
 */
function appendItem(text: string, node: object): string | null {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const list = doc.get('learnings', true);
  if (!isSeq(list) || list.flow === true || list.items.length === 0 || list.range === undefined || list.range === null) return null;
  const first = list.items[0] as { range?: [number, number, number] } | undefined;
  if (first?.range === undefined) return null;
  const lineStart = text.lastIndexOf('\n', first.range[0] - 1) + 1;
  const dash = /^([ \t]*)- /.exec(text.slice(lineStart));
  if (dash === null) return null;
  const indent = dash[1] ?? '';
  const items = new Document([]);
  (items.contents as YAMLSeq).add(entryNode(items, node));
  const item = items
    .toString({ lineWidth: 0 })
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => indent + l)
    .join('\n');
  const at = list.range[1];
  const before = text.slice(0, at).replace(/[ \t]*$/, '');
  return `${before}${before.endsWith('\n') ? '' : '\n'}${item}\n${text.slice(at).replace(/^[ \t]*\n?/, '')}`;
}
