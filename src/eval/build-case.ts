/**
 * Turns a change and the lines believed to hold its bugs into a case, the way `keybug eval` will
 * review it: given the change's diff and every file's coverage as the engine reads them (the flow
 * flows/case-facts.ts runs configure and prepare, as `keybug review` does), only the lines keybug's
 * diff adds in files it reviews stay expected lines.
 */
import type { ExplicitInputs } from '../config/resolve.js';
import type { Settings } from '../config/settings.js';
import { Attributes, readDiff, resolveRange, selectChangedFiles } from '../diff/index.js';
import { Git } from '../git/git.js';
import type { Diff, FileCoverage } from '../types.js';
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
export type CaseDraft = Pick<EvalCase, 'id' | 'repo' | 'base' | 'head' | 'title' | 'body'> & {
  bugs: DraftBug[];
  source: CaseSource;
  labels: Record<string, string>;
};

/** An expected line left out of a case, and why. */
export interface DroppedLine {
  path: string;
  line: number;
  reason: string;
}

export type Built = { case: EvalCase; dropped: DroppedLine[] } | { rejected: string; dropped: DroppedLine[] };

/** Builds a draft into a case, reading the change as the review would (flows/case-facts.ts). */
export type CaseBuilder = (draft: CaseDraft) => Promise<Built>;

/** Settings for reading a case's coverage: the cheapest slicing (coverage does not depend on the algorithm) and no index written into the clone. */
export function coverageInputs(maxFiles: number): ExplicitInputs {
  const values: Record<string, string> = {
    algorithm: 'original-diff',
    'index-cache': 'none',
    'max-files': String(maxFiles),
    'time-limit-minutes': '0',
  };
  return { get: (name) => values[name], origin: (name) => `--${name}` };
}

/** The size label of a change by its added and deleted lines. */
export function sizeLabel(lines: number): string {
  return lines <= 10 ? '1-10 lines' : lines <= 50 ? '11-50 lines' : lines <= 200 ? '51-200 lines' : '201+ lines';
}

const reviewed = (f: FileCoverage): boolean => f.coverage === 'context' || f.coverage === 'diff';

/**
 * The case from its draft and the change as the engine read it (its diff and every file's
 * coverage), or why there is none; every expected line dropped on the way is listed with its reason.
 */
export function caseFromChange(draft: CaseDraft, diff: Diff, files: readonly FileCoverage[]): Built {
  const dropped: DroppedLine[] = [];
  if (!files.some(reviewed)) return { rejected: 'nothing keybug reviews: only whitespace, comments or files it skips changed', dropped };
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
  if (keyBugs.length === 0)
    return {
      rejected: `no expected line is an added line of a file keybug reviews (${dropped.length} dropped: ${summarize(dropped)})`,
      dropped,
    };

  const additions = diff.files.reduce((n, f) => n + f.additions, 0);
  const deletions = diff.files.reduce((n, f) => n + f.deletions, 0);
  const caseFiles = files.map((f): CaseFile => ({
    path: f.path,
    language: f.language,
    coverage: f.coverage,
    ...(f.reason !== undefined ? { reason: f.reason } : {}),
  }));
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
export async function overLimit(draft: Pick<CaseDraft, 'repo' | 'base' | 'head'>, settings: Settings): Promise<string | null> {
  const git = await Git.open(draft.repo);
  try {
    const { baseSha, headSha } = await resolveRange(git, draft.base, draft.head, { fetchRemote: null });
    // No more changed files than max-files: the selection cannot be over it (most changes end here).
    const names = (await git.diff(baseSha, headSha, ['--name-only', '-z']))
      .toString('utf8')
      .split('\0')
      .filter((n) => n !== '');
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
