/**
 * Cases from a dataset of fixed bugs (Defects4J, BugsInPy): each bug names its buggy and fixed
 * revisions and the patch between them. The patch's buggy lines are found in the buggy revision
 * and traced back as `keybug eval mine` traces a fix's lines (blame -w -M -C), so a dataset bug
 * becomes a case of the change that introduced it, the dataset's curated patch standing for the fix.
 */
import { Git } from '../../git/git.js';
import { decodeSource } from '../../slicing/source-text.js';
import type { CaseSource } from '../cases.js';
import type { CaseBuilder, DroppedLine } from '../build-case.js';
import { casesFromTraced, type TracedFix } from '../mine/index.js';
import { codeLines, traceLines } from '../mine/trace.js';
import { findClone } from './clones.js';
import { locateLines, type PatchLine } from './patch-lines.js';
import type { ImportResult, RejectedBug } from './result.js';

/** One bug of a dataset, as its metadata gives it. */
export interface DatasetBug {
  /** The dataset's name for it (Lang-1, black-2). */
  id: string;
  project: string;
  /** Folder names its clone may have under --repos. */
  cloneNames: string[];
  buggy: string;
  fixed: string;
  /** The changed lines of the buggy side, by path there. */
  lines: Map<string, PatchLine[]>;
}

export interface DatasetOptions {
  kind: CaseSource['kind'];
  reposDir: string;
  build: CaseBuilder;
  log?: (message: string) => void;
}

/** Traces every bug of the dataset, a project (one clone) at a time, and builds the cases. */
export async function casesFromDataset(bugs: readonly DatasetBug[], options: DatasetOptions): Promise<ImportResult> {
  const result: ImportResult = { cases: [], bugs: bugs.length, rejectedBugs: [], introducers: 0, droppedIntroducers: [], droppedLines: [] };
  const byProject = new Map<string, DatasetBug[]>();
  for (const bug of bugs) byProject.set(bug.project, [...(byProject.get(bug.project) ?? []), bug]);
  for (const [project, projectBugs] of byProject) {
    const clone = findClone(options.reposDir, projectBugs[0]?.cloneNames ?? [project]);
    if (!('dir' in clone)) {
      const reason = `no clone of ${project} under ${options.reposDir} (looked for ${clone.tried.map((t) => t.slice(options.reposDir.length + 1)).join(', ')})`;
      result.rejectedBugs.push(...projectBugs.map((b) => ({ id: b.id, reason })));
      continue;
    }
    options.log?.(`import: ${project}: ${projectBugs.length} bug(s) in ${clone.dir}`);
    const git = await Git.open(clone.dir);
    try {
      const traced: TracedFix[] = [];
      for (const bug of projectBugs) {
        const outcome = await traceBug(git, bug, result.droppedLines);
        if ('reason' in outcome) result.rejectedBugs.push(outcome);
        else traced.push(outcome);
      }
      const built = await casesFromTraced(git, traced, {
        repo: clone.dir,
        idPrefix: project.toLowerCase().replace(/[^a-z0-9._-]+/g, '-'),
        kind: options.kind,
        build: options.build,
        log: options.log,
      });
      result.cases.push(...built.cases);
      result.introducers += built.introducers;
      result.droppedIntroducers.push(...built.droppedIntroducers);
      result.droppedLines.push(...built.droppedLines);
    } finally {
      git.close();
    }
  }
  return result;
}

/** One bug's patch lines, found in its buggy revision and traced back; or why not. */
async function traceBug(git: Git, bug: DatasetBug, dropped: DroppedLine[]): Promise<TracedFix | RejectedBug> {
  const buggy = await git.resolveCommit(bug.buggy);
  const fixed = await git.resolveCommit(bug.fixed);
  if (buggy === null || fixed === null)
    return {
      id: bug.id,
      reason: `the ${buggy === null ? 'buggy' : 'fixed'} revision ${buggy === null ? bug.buggy : bug.fixed} is not in the clone`,
    };
  const located = new Map<string, number[]>();
  for (const [path, lines] of bug.lines) {
    const blob = await git.readBlob(buggy, path);
    if (blob === null) {
      dropped.push(...lines.map((l) => ({ path, line: l.line, reason: "the patch's file is not in its buggy revision" })));
      continue;
    }
    const { found, missing } = locateLines(decodeSource(blob), lines);
    dropped.push(...missing.map((l) => ({ path, line: l.line, reason: "the patch's line is not in its buggy revision" })));
    if (found.length > 0) located.set(path, found);
  }
  const patchLines = [...bug.lines.values()].reduce((n, l) => n + l.length, 0);
  if (patchLines === 0) return { id: bug.id, reason: 'the patch changes no line of the buggy version (the fix only adds lines)' };
  if (located.size === 0)
    return {
      id: bug.id,
      reason: "none of the patch's buggy lines is in its buggy revision (the dataset's buggy version differs from that commit there)",
    };
  const code = await codeLines(git, buggy, located);
  if (code.files.length === 0)
    return { id: bug.id, reason: 'the patch changes only blank lines, brackets or comments of the buggy revision' };
  const [commit] = await git.commits([fixed], { noWalk: true });
  const lines = await traceLines(git, buggy, code.files);
  return {
    fix: { sha: fixed, subject: commit?.subject ?? '', time: commit?.time ?? 0 },
    dataset: { id: bug.id, labels: { project: bug.project } },
    lines,
  };
}
