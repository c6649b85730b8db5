/**
 * SZZ's two steps for one fix: the lines it deleted or changed in its parent (code lines only: not
 * whitespace-only changes, blank lines, lines of brackets or comments), and the commits that last
 * changed those lines (`git blame -w -M -C` at the parent: through whitespace changes, moves within
 * a file, moves and copies from files the same commit changed, and renames). Git objects only.
 */
import parseDiff from 'parse-diff';
import type { Settings } from '../../config/settings.js';
import { Attributes, readDiff, selectChangedFiles } from '../../diff/index.js';
import type { Git } from '../../git/git.js';
import { commentLines, isTrivialLine } from '../../slicing/comment-lines.js';
import { languageOf } from '../../slicing/language-of.js';
import { PackChooser } from '../../slicing/packs.js';
import { decodeSource, unparsableReason } from '../../slicing/source-text.js';
import type { FixCommit } from './fixes.js';
import { toRanges } from '../added-lines.js';
import { isTestPath } from './test-paths.js';

/** Blame's options: whitespace ignored, lines followed through moves within a file (-M) and from other files the same commit changed (-C). */
export const BLAME_OPTIONS = ['-w', '-M', '-C'] as const;

/** The lines of one file of the fix's parent that the fix deleted or changed. */
export interface FixedFile {
  /** The file's path in the parent. */
  path: string;
  lines: number[];
  /** Its number of lines there. */
  length: number;
}

/** A file of the fix left out, and why. */
export interface LeftOut {
  path: string;
  reason: string;
}

export interface FixedLines {
  files: FixedFile[];
  leftOut: LeftOut[];
}

export interface FixedLinesOptions {
  settings: Settings;
  includeTests: boolean;
}

/** How a file's path is spelled in `git diff` once its a/ or b/ prefix is gone (parse-diff keeps /dev/null for a missing side). */
const NO_FILE = '/dev/null';

/**
 * The code lines a fix deleted or changed, per file of its parent. The fix's files go through the
 * review's own selection (include/exclude, generated, vendored, documentation), then tests are left
 * out unless asked for; the lines come from a whitespace-blind diff, without the trivial ones.
 */
export async function linesFixedBy(git: Git, fix: FixCommit, options: FixedLinesOptions): Promise<FixedLines> {
  const diff = await readDiff(git, fix.parent, fix.sha, { fetchRemote: null });
  const attributes = await Attributes.read(git, fix.parent, await git.listFiles(fix.parent));
  const selection = await selectChangedFiles(
    git,
    diff.baseSha,
    diff.headSha,
    diff.files,
    { ...options.settings, maxFiles: Number.POSITIVE_INFINITY },
    attributes,
  );
  const leftOut: LeftOut[] = selection.unreviewed.map((u) => ({ path: u.path, reason: u.reason }));
  // A fix of more files than keybug reviews sweeps (a reformat, a rename across the tree): its lines are not a bug's.
  if (selection.files.length > options.settings.maxFiles)
    return {
      files: [],
      leftOut: [
        {
          path: '',
          reason: `a sweeping change of ${selection.files.length} files keybug would review, over max-files (${options.settings.maxFiles})`,
        },
      ],
    };
  const wanted = new Map<string, string>();
  for (const file of selection.files) {
    if (file.deletions === 0 || file.oldPath === null)
      leftOut.push({ path: file.path, reason: 'no line of the parent changed (lines only added)' });
    else if (!options.includeTests && isTestPath(file.path))
      leftOut.push({ path: file.path, reason: 'a test file (--include-tests to trace tests too)' });
    else wanted.set(file.oldPath, file.path);
  }
  if (wanted.size === 0) return { files: [], leftOut };

  const patch = await git.diff(fix.parent, fix.sha, ['--unified=0', '--ignore-all-space']);
  const deleted = new Map<string, number[]>();
  for (const file of parseDiff(patch.toString('utf8'))) {
    const from = file.from;
    if (from === undefined || from === NO_FILE || !wanted.has(from)) continue;
    const lines = file.chunks.flatMap((chunk) => chunk.changes.flatMap((c) => (c.type === 'del' ? [c.ln] : [])));
    if (lines.length > 0) deleted.set(from, lines);
  }
  for (const [oldPath, path] of wanted)
    if (!deleted.has(oldPath)) leftOut.push({ path, reason: 'only whitespace changed in its changed lines' });
  if (deleted.size === 0) return { files: [], leftOut };

  const code = await codeLines(git, fix.parent, deleted, attributes);
  return { files: code.files, leftOut: [...leftOut, ...code.leftOut.map((l) => ({ ...l, path: wanted.get(l.path) ?? l.path }))] };
}

/**
 * Of some lines of files at a revision, the code lines: not blank, not only brackets and
 * separators, not only a comment (as the file's language pack captures comments).
 */
export async function codeLines(
  git: Git,
  rev: string,
  lines: ReadonlyMap<string, readonly number[]>,
  attributes?: Attributes,
): Promise<FixedLines> {
  const attrs = attributes ?? (await Attributes.read(git, rev, await git.listFiles(rev)));
  const chooser = new PackChooser(await git.listFiles(rev));
  const paths = [...lines.keys()];
  const blobs = await git.readBlobs(paths.map((p) => `${rev}:${p}`));
  const files: FixedFile[] = [];
  const leftOut: LeftOut[] = [];
  for (const path of paths) {
    const blob = blobs.get(`${rev}:${path}`) ?? null;
    if (blob === null) {
      leftOut.push({ path, reason: `not in ${rev.slice(0, 12)}` });
      continue;
    }
    const text = decodeSource(blob);
    const textLines = text.split('\n');
    const { pack } = languageOf(path, textLines[0] ?? '', attrs.of(path), chooser);
    // A file too large to parse still has its blank and bracket lines told apart; its comments are not known.
    const comments = await commentLines(unparsableReason(blob) === null ? pack : null, text);
    const code = (lines.get(path) ?? []).filter((n) => !isTrivialLine(textLines[n - 1] ?? '', n, comments));
    if (code.length === 0) leftOut.push({ path, reason: 'only blank lines, brackets or comments changed' });
    else files.push({ path, lines: code, length: text.endsWith('\n') ? textLines.length - 1 : textLines.length });
  }
  return { files, leftOut };
}

/** A line a fix changed, traced to the commit that last changed it. */
export interface TracedLine {
  /** The commit that introduced the line, the file's path there and the line's number there. */
  introducer: string;
  path: string;
  line: number;
  /** A root commit (nothing before it to compare against). */
  boundary: boolean;
}

/**
 * Lines blamed around each fixed line. Git recognizes a moved or copied block by how much text it
 * holds (20 letters and digits for -M, 40 for -C): a line blamed alone is too small to be found
 * where a refactor moved it from, so each is blamed inside the block around it.
 */
export const BLAME_CONTEXT = 25;

/** Blames the fixed lines at the fix's parent: who last changed each. */
export async function traceLines(git: Git, parent: string, files: readonly FixedFile[]): Promise<TracedLine[]> {
  const traced: TracedLine[] = [];
  for (const file of files) {
    const wanted = new Set(file.lines);
    const around = toRanges(
      file.lines.flatMap((n) =>
        Array.from({ length: 2 * BLAME_CONTEXT + 1 }, (_, i) => n - BLAME_CONTEXT + i).filter((m) => m >= 1 && m <= file.length),
      ),
    );
    for (const blamed of await git.blame(parent, file.path, around, BLAME_OPTIONS)) {
      if (wanted.has(blamed.finalLine))
        traced.push({ introducer: blamed.sha, path: blamed.path, line: blamed.line, boundary: blamed.boundary });
    }
  }
  return traced;
}
