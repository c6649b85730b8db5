/**
 * `keybug eval mine` (run by flows/mine.ts): cases from a repository's own history (SZZ). Each
 * fix's changed code lines are traced back to the commits that last changed them; each such commit
 * is one case (base = its parent, head = it) whose key bugs are its added lines that a later fix
 * changed, one key bug per fix. Merges, root commits, changes over max-files and changes with nothing keybug reviews are
 * left out, each with its reason.
 */
import path from 'node:path';
import type { CommitInfo, Git } from '../../git/git.js';
import type { CaseBuilder, CaseDraft, DraftBug, DroppedLine } from '../build-case.js';
import type { CaseFix, CaseSource, EvalCase } from '../cases.js';
import type { TracedLine } from './trace.js';

export interface MineOptions {
  repo: string;
  /** Where the history of fixes is read from (default HEAD). */
  rev: string;
  since?: string;
  until?: string;
  /** At most this many fixes, the newest first. */
  max?: number;
  pattern: RegExp;
  skipReverts: boolean;
  /** A file of fix SHAs, instead of matching messages. */
  fixList?: string;
  /** keybug's max-files: a larger introducing change is left out (its review would be incomplete). */
  maxFiles: number;
  includeTests: boolean;
  /** Case ids are `<prefix>-<12 hex digits>`. */
  idPrefix: string;
  log?: (message: string) => void;
}

/** A commit left out, and why. */
export interface LeftOutCommit {
  sha: string;
  subject: string;
  reason: string;
}

export interface MineResult {
  cases: EvalCase[];
  /** Fix commits examined. */
  fixes: number;
  /** Fixes with at least one code line traced back. */
  fixesTraced: number;
  /** Fixes with no code line to trace, and why. */
  fixesWithoutLines: LeftOutCommit[];
  /** Distinct commits the traced lines lead to. */
  introducers: number;
  droppedIntroducers: LeftOutCommit[];
  /** Expected lines left out of the cases that were written, and why. */
  droppedLines: DroppedLine[];
}

const DAY = 86_400;

/** The `introducers` label: how many commits the case's fixes traced to (the most of any of them). */
export function introducersLabel(n: number): string {
  return n >= 3 ? '3+' : String(n);
}

/** The `days-to-fix` label: days from the change to its first fix. */
export function daysLabel(days: number): string {
  return days <= 7 ? '0-7 days' : days <= 30 ? '8-30 days' : days <= 365 ? '31-365 days' : '366+ days';
}

/** A case id prefix from a clone's folder (its parent's for a `.git` folder), letters, digits, '.', '_' and '-' only. */
export function idPrefixOf(repo: string): string {
  const resolved = path.resolve(repo);
  const base = path.basename(resolved) === '.git' ? path.basename(path.dirname(resolved)) : path.basename(resolved);
  const clean = base
    .replace(/\.git$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  return clean === '' ? 'case' : clean;
}

/** Why a fix has no line to trace: its files' reasons, the commonest first. */
export function whyNoLines(leftOut: readonly { reason: string }[]): string {
  if (leftOut.length === 0) return 'it changes no file';
  const counts = new Map<string, number>();
  // The selection's reasons name the pattern and the setting; here the kind of file is enough.
  for (const l of leftOut) {
    const reason = l.reason.replace(/ \((matches|marked|set) .*$/, '').replace(/^(generated|vendored|documentation): marked .*$/, '$1');
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  // One reason for every file is that reason, however many files: fixes are grouped by it on stderr.
  if (counts.size === 1) return [...counts.keys()][0] as string;
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} file(s): ${reason}`)
    .join('; ');
}

/** A fix and the lines it changed, traced to the commits that introduced them. */
export interface TracedFix {
  fix: Pick<CommitInfo, 'sha' | 'subject' | 'time'>;
  /** An imported fix: the dataset's name for the bug, and labels of its own (the project). */
  dataset?: { id: string; labels: Record<string, string> };
  lines: TracedLine[];
}

export interface CasesFromTracedOptions {
  repo: string;
  idPrefix: string;
  kind: CaseSource['kind'];
  /** Reads each case's change as the review will (flows/case-facts.ts). */
  build: CaseBuilder;
  log?: (message: string) => void;
}

/**
 * One case per commit the lines lead to (merges and root commits left out), its key bugs the lines
 * of each fix, built as the review will see the change (buildCase).
 */
export async function casesFromTraced(
  git: Git,
  traced: readonly TracedFix[],
  options: CasesFromTracedOptions,
): Promise<Pick<MineResult, 'cases' | 'introducers' | 'droppedIntroducers' | 'droppedLines'>> {
  const introduced = new Map<string, Map<string, Map<number, Set<TracedFix>>>>();
  const introducersOf = new Map<TracedFix, number>();
  for (const t of traced) {
    introducersOf.set(t, new Set(t.lines.map((l) => l.introducer)).size);
    for (const l of t.lines) {
      const files = introduced.get(l.introducer) ?? new Map<string, Map<number, Set<TracedFix>>>();
      introduced.set(l.introducer, files);
      const byLine = files.get(l.path) ?? new Map<number, Set<TracedFix>>();
      files.set(l.path, byLine);
      byLine.set(l.line, (byLine.get(l.line) ?? new Set()).add(t));
    }
  }
  const commits = await git.commits([...introduced.keys()], { noWalk: true });
  // Newest first, as fixes are listed.
  commits.sort((a, b) => b.time - a.time || a.sha.localeCompare(b.sha));
  const cases: EvalCase[] = [];
  const droppedIntroducers: LeftOutCommit[] = [];
  const droppedLines: DroppedLine[] = [];
  for (const [i, commit] of commits.entries()) {
    if ((i + 1) % 25 === 0) options.log?.(`mine: built ${i + 1} of ${commits.length} introducing commits`);
    const drop = (reason: string): void => void droppedIntroducers.push({ sha: commit.sha, subject: commit.subject, reason });
    if (commit.parents.length > 1) {
      drop('a merge commit (its lines came in with the merge)');
      continue;
    }
    if (commit.parents.length === 0) {
      drop('the root commit (no parent to review it against)');
      continue;
    }
    const draft = draftOf(commit, introduced.get(commit.sha) ?? new Map(), introducersOf, options);
    const built = await options.build(draft);
    droppedLines.push(...built.dropped);
    if ('rejected' in built) drop(built.rejected);
    else cases.push(built.case);
  }
  return { cases, introducers: commits.length, droppedIntroducers, droppedLines };
}

function draftOf(
  commit: CommitInfo,
  files: Map<string, Map<number, Set<TracedFix>>>,
  introducersOf: ReadonlyMap<TracedFix, number>,
  options: CasesFromTracedOptions,
): CaseDraft {
  const bugs = new Map<TracedFix, DraftBug>();
  for (const [file, byLine] of files) {
    for (const [line, fixes] of byLine) {
      for (const t of fixes) {
        const sha = t.fix.sha.slice(0, 12);
        const bug = bugs.get(t) ?? {
          bug: t.dataset?.id ?? sha,
          note: t.dataset === undefined ? `changed by ${sha}: ${t.fix.subject}` : `${t.dataset.id}: changed by its fix ${sha}`,
          lines: new Map<string, Set<number>>(),
        };
        bugs.set(t, bug);
        bug.lines.set(file, (bug.lines.get(file) ?? new Set()).add(line));
      }
    }
  }
  const ofCase = [...bugs.keys()].sort((a, b) => a.fix.time - b.fix.time);
  const fixes = ofCase.map((t): CaseFix => ({
    sha: t.fix.sha,
    subject: t.fix.subject,
    date: new Date(t.fix.time * 1000).toISOString(),
    introducers: introducersOf.get(t) ?? 1,
    days: Math.max(0, Math.round(((t.fix.time - commit.time) / DAY) * 10) / 10),
  }));
  const most = Math.max(...fixes.map((f) => f.introducers ?? 1));
  const first = Math.min(...fixes.map((f) => f.days ?? 0));
  const datasetIds = ofCase.flatMap((t) => (t.dataset === undefined ? [] : [t.dataset.id]));
  return {
    id: `${options.idPrefix}-${commit.sha.slice(0, 12)}`,
    repo: path.resolve(options.repo),
    base: commit.parents[0] as string,
    head: commit.sha,
    title: commit.subject,
    body: commit.body,
    bugs: [...bugs.values()],
    source: { kind: options.kind, ...(datasetIds.length > 0 ? { id: datasetIds.join(', ') } : {}), fixes },
    labels: {
      ...Object.assign({}, ...ofCase.map((t) => t.dataset?.labels ?? {})),
      introducers: introducersLabel(most),
      'days-to-fix': daysLabel(first),
    },
  };
}
