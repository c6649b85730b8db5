/**
 * Turns a change and the lines believed to hold its bugs into a case, the way `keybug eval` will
 * review it: the change's diff, file selection and coverage come from the engine itself (configure
 * and prepare, as `keybug review` runs them, with the cheapest slicing, which gives the same
 * coverage), and only the lines keybug's diff adds in files it reviews stay expected lines.
 */
import type { ExplicitInputs } from '../config/resolve.js';
import { Attributes, readDiff, resolveRange, selectChangedFiles } from '../diff/index.js';
import { configure } from '../engine/configure.js';
import { prepare } from '../engine/run.js';
import { Git } from '../git/git.js';
import type { FileCoverage } from '../types.js';
import { addedLines, toRanges } from './added-lines.js';
import type { CaseFile, CaseSource, EvalCase, KeyBug } from './cases.js';

/** One bug of a draft: its lines by path in head (the change's side), and a note. */
export interface DraftBug {
  /** Ranges of one bug count as one key bug. */
  bug: string;
  note: string;
  lines: Map<string, Set<number>>;
}

/** A case before its lines are checked against the change: its bugs' lines rather than key bugs. */
export type CaseDraft = Pick<EvalCase, 'id' | 'repo' | 'base' | 'head' | 'title' | 'body'> & { bugs: DraftBug[]; source: CaseSource; labels: Record<string, string> };

/** An expected line left out of a case, and why. */
export interface DroppedLine {
  path: string;
  line: number;
  reason: string;
}

export type Built = { case: EvalCase; dropped: DroppedLine[] } | { rejected: string; dropped: DroppedLine[] };

export interface BuildOptions {
  /** The review's settings for the change (max-files above all), as flags; each case's config file comes under them. */
  explicit: ExplicitInputs;
  log?: (message: string) => void;
}

/** Settings for reading a case's coverage: the cheapest slicing (coverage does not depend on the algorithm) and no index written into the clone. */
export function coverageInputs(maxFiles: number): ExplicitInputs {
  const values: Record<string, string> = { algorithm: 'original-diff', 'index-cache': 'none', 'max-files': String(maxFiles), 'time-limit-minutes': '0' };
  return { get: (name) => values[name], origin: (name) => `--${name}` };
}

/** The size label of a change by its added and deleted lines. */
export function sizeLabel(lines: number): string {
  return lines <= 10 ? '1-10 lines' : lines <= 50 ? '11-50 lines' : lines <= 200 ? '51-200 lines' : '201+ lines';
}

const reviewed = (f: FileCoverage): boolean => f.coverage === 'context' || f.coverage === 'diff';

/** Builds the case, or says why there is none; every expected line dropped on the way is listed with its reason. */
export async function buildCase(draft: CaseDraft, options: BuildOptions): Promise<Built> {
  const dropped: DroppedLine[] = [];
  const rejected = (reason: string): Built => ({ rejected: reason, dropped });
  let configured: Awaited<ReturnType<typeof configure>>;
  try {
    configured = await configure({ repoDir: draft.repo, base: draft.base, head: draft.head, explicit: options.explicit, onInvalidConfig: 'defaults', log: options.log });
  } catch (error) {
    return rejected((error as Error).message);
  }
  const { settings, repository } = configured;
  // Over max-files, the review would be incomplete: told from the selection alone, before anything is parsed.
  const over = await overLimit(draft, settings);
  if (over !== null) return rejected(over);
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare({ repoDir: draft.repo, base: draft.base, head: draft.head, settings, repository, pr: { title: draft.title, body: draft.body }, log: options.log });
  } catch (error) {
    return rejected((error as Error).message);
  }
  prepared.git.close();
  const { diff, files } = prepared;
  if (!files.some(reviewed)) return rejected('nothing keybug reviews: only whitespace, comments or files it skips changed');

  const coverage = new Map(files.map((f) => [f.path, f]));
  const added = addedLines(diff);
  const keyBugs: KeyBug[] = [];
  for (const bug of draft.bugs) {
    for (const [path, lines] of [...bug.lines].sort(([a], [b]) => a.localeCompare(b))) {
      const file = coverage.get(path);
      const kept: number[] = [];
      for (const line of [...lines].sort((a, b) => a - b)) {
        if (file === undefined) dropped.push({ path, line, reason: 'not a file of the change' });
        else if (!reviewed(file)) dropped.push({ path, line, reason: `keybug does not review the file: ${file.reason ?? file.coverage}` });
        else if (!added.get(path)?.has(line)) dropped.push({ path, line, reason: "not an added line in keybug's diff of the change" });
        else kept.push(line);
      }
      for (const range of toRanges(kept)) keyBugs.push({ path, startLine: range.start, endLine: range.end, note: bug.note, bug: bug.bug });
    }
  }
  keyBugs.sort((a, b) => a.path.localeCompare(b.path) || a.startLine - b.startLine);
  if (keyBugs.length === 0) return rejected(`no expected line is an added line of a file keybug reviews (${dropped.length} dropped: ${summarize(dropped)})`);

  const additions = diff.files.reduce((n, f) => n + f.additions, 0);
  const deletions = diff.files.reduce((n, f) => n + f.deletions, 0);
  const caseFiles = files.map((f): CaseFile => ({ path: f.path, language: f.language, coverage: f.coverage, ...(f.reason !== undefined ? { reason: f.reason } : {}) }));
  return {
    case: {
      id: draft.id,
      repo: draft.repo,
      base: diff.baseSha,
      head: diff.headSha,
      title: draft.title,
      body: draft.body,
      keyBugs,
      source: draft.source,
      labels: { ...draft.labels, size: sizeLabel(additions + deletions) },
      languages: [...new Set(files.filter(reviewed).map((f) => f.language ?? 'text'))].sort(),
      files: caseFiles,
      size: { files: diff.files.length, additions, deletions },
    },
    dropped,
  };
}

/** Why the change is over max-files, or null: the review's own selection, counted before any slicing. */
async function overLimit(draft: CaseDraft, settings: Awaited<ReturnType<typeof configure>>['settings']): Promise<string | null> {
  const git = await Git.open(draft.repo);
  try {
    const { baseSha, headSha } = await resolveRange(git, draft.base, draft.head, { fetchRemote: null });
    // No more changed files than max-files: the selection cannot be over it (most changes end here).
    const names = (await git.diff(baseSha, headSha, ['--name-only', '-z'])).toString('utf8').split('\0').filter((n) => n !== '');
    if (names.length <= settings.maxFiles) return null;
    const diff = await readDiff(git, baseSha, headSha, { fetchRemote: null });
    const attributes = await Attributes.read(git, diff.baseSha, await git.listFiles(diff.baseSha));
    const selection = await selectChangedFiles(git, diff.baseSha, diff.headSha, diff.files, settings, attributes);
    if (selection.overLimit.length === 0) return null;
    return `changes ${selection.files.length + selection.overLimit.length} files keybug would review, over max-files (${settings.maxFiles})`;
  } catch (error) {
    return (error as Error).message;
  } finally {
    git.close();
  }
}

/** The reasons of dropped lines, counted. */
export function summarize(dropped: readonly DroppedLine[]): string {
  const counts = new Map<string, number>();
  for (const d of dropped) counts.set(d.reason, (counts.get(d.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} ${reason}`).join('; ');
}
