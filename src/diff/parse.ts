import parseDiff from 'parse-diff';
import type { CommentableLines, DiffFile, DiffLine, FileStatus, Hunk } from '../types.js';

/** One record of `git diff --raw -z`: the exact paths and modes, free of any quoting. */
export interface RawEntry {
  oldMode: string;
  newMode: string;
  oldSha: string;
  newSha: string;
  /** A (added), D (deleted), M (modified), R (renamed), C (copied), T (type changed), U (unmerged) ... */
  letter: string;
  score: number | null;
  oldPath: string;
  newPath: string;
}

/** The diff could not be understood (git printed something unexpected). */
export class DiffParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiffParseError';
  }
}

/** Parses `git diff --raw -z` output. */
export function parseRaw(raw: string): RawEntry[] {
  const parts = raw.split('\0');
  const entries: RawEntry[] = [];
  let i = 0;
  while (i < parts.length) {
    const meta = parts[i];
    if (meta === undefined || meta === '') {
      i++;
      continue;
    }
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])(\d*)$/.exec(meta);
    if (!m) throw new DiffParseError(`unexpected raw diff record: ${JSON.stringify(meta.slice(0, 200))}`);
    const [, oldMode = '', newMode = '', oldSha = '', newSha = '', letter = '', score = ''] = m;
    const twoPaths = letter === 'R' || letter === 'C';
    const first = parts[i + 1];
    const second = twoPaths ? parts[i + 2] : first;
    if (first === undefined || second === undefined) throw new DiffParseError(`raw diff record without path: ${meta}`);
    entries.push({ oldMode, newMode, oldSha, newSha, letter, score: score === '' ? null : Number(score), oldPath: first, newPath: second });
    i += twoPaths ? 3 : 2;
  }
  return entries;
}

/** Parses `git diff --numstat -z` output into "is binary" flags, in file order. */
export function parseNumstatBinary(numstat: string): boolean[] {
  const parts = numstat.split('\0');
  const flags: boolean[] = [];
  let i = 0;
  while (i < parts.length) {
    const rec = parts[i];
    if (rec === undefined || rec === '') {
      i++;
      continue;
    }
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(rec);
    if (!m) throw new DiffParseError(`unexpected numstat record: ${JSON.stringify(rec.slice(0, 200))}`);
    flags.push(m[1] === '-');
    // With -z, a rename or copy prints an empty path here followed by the two paths as separate fields.
    i += m[3] === '' ? 3 : 1;
  }
  return flags;
}

const ZERO_SHA = /^0+$/;
const SUBMODULE_MODE = '160000';

function statusOf(entry: RawEntry, binary: boolean, hasHunks: boolean): FileStatus {
  if (entry.oldMode === SUBMODULE_MODE || entry.newMode === SUBMODULE_MODE) return 'submodule';
  switch (entry.letter) {
    case 'A':
      return binary ? 'binary' : 'added';
    case 'D':
      return binary ? 'binary' : 'deleted';
    case 'R':
      return 'renamed';
    case 'C':
      return 'copied';
    default:
      if (binary) return 'binary';
      if (!hasHunks && entry.oldMode !== entry.newMode && (entry.oldSha === entry.newSha || ZERO_SHA.test(entry.newSha)))
        return 'mode-only';
      return 'modified';
  }
}

/** Strips the carriage return of a CRLF line: line numbers stay the same, the text gets cleaner. */
function stripCr(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

const FILE_START = Buffer.from('\ndiff --git ');

/**
 * The patch of each file as git prints it, in order: git starts each with a `diff --git` line, which
 * no line inside a patch can be (hunk lines start with a space, `+`, `-` or `\`). Split at line
 * starts, so each part decodes as it would within the whole.
 */
function* filePatches(patch: Buffer): Generator<string> {
  for (let start = 0; start < patch.length;) {
    const next = patch.indexOf(FILE_START, start);
    const end = next === -1 ? patch.length : next + 1;
    yield patch.toString('utf8', start, end);
    start = end;
  }
}

/** Converts parse-diff's chunks into hunks with both sides' line numbers on every line. */
function toHunks(chunks: parseDiff.Chunk[]): Hunk[] {
  return chunks.map((chunk) => {
    const lines: DiffLine[] = [];
    for (const change of chunk.changes) {
      // parse-diff repeats the previous change for "\ No newline at end of file"; that marker is not a line.
      if (change.content.startsWith('\\')) continue;
      const text = stripCr(change.content.slice(1));
      if (change.type === 'add') lines.push({ op: '+', old: null, new: change.ln, text });
      else if (change.type === 'del') lines.push({ op: '-', old: change.ln, new: null, text });
      else lines.push({ op: ' ', old: change.ln1, new: change.ln2, text });
    }
    return {
      oldStart: chunk.oldStart,
      oldLines: chunk.oldLines,
      newStart: chunk.newStart,
      newLines: chunk.newLines,
      header: stripCr(chunk.content),
      lines,
    };
  });
}

/** The lines a comment may sit on: RIGHT = added and context lines, LEFT = deleted lines. */
export function commentableLines(hunks: readonly Hunk[]): CommentableLines {
  const right: number[] = [];
  const left: number[] = [];
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.op === '-') left.push(line.old as number);
      else right.push(line.new as number);
    }
  }
  // Hunks come in file order and lines in hunk order, so both lists are already ascending.
  return { right, left };
}

/** A file's text as the one hunk of an added file: every line added (none for an empty file). */
export function addedFileHunks(text: string): Hunk[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return [
    {
      oldStart: 0,
      oldLines: 0,
      newStart: 1,
      newLines: lines.length,
      header: `@@ -0,0 +1${lines.length === 1 ? '' : `,${lines.length}`} @@`,
      lines: lines.map((line, i): DiffLine => ({ op: '+', old: null, new: i + 1, text: stripCr(line) })),
    },
  ];
}

/**
 * Joins the three views git gives of one diff, which list files in the same order:
 * raw records (exact paths, modes, status), numstat (binary or not), and the patch (hunks).
 */
export function buildDiffFiles(raw: string, numstat: string, patch: Buffer): DiffFile[] {
  const entries = parseRaw(raw);
  const binary = parseNumstatBinary(numstat);
  // Each file's patch is decoded and parsed on its own, to its hunks: a 14 MB patch was one string
  // (two bytes a character when any line is not Latin-1) and every parsed line alive at once.
  const patches = [...filePatches(patch)].flatMap((text) => parseDiff(text).map((p) => toHunks(p.chunks)));
  // A type change (file to symlink, say) is one raw and numstat record but two patches: the old
  // object deleted, then the new one added. Its hunks are both halves, deleted lines first.
  const expectedPatches = entries.reduce((n, e) => n + (e.letter === 'T' ? 2 : 1), 0);
  if (entries.length !== binary.length || expectedPatches !== patches.length) {
    throw new DiffParseError(
      `git listed ${entries.length} files in --raw, ${binary.length} in --numstat and ${patches.length} patches for them (expected ${expectedPatches})`,
    );
  }
  let next = 0;
  return entries.map((entry, i): DiffFile => {
    const own = patches.slice(next, (next += entry.letter === 'T' ? 2 : 1));
    const isBinary = binary[i] === true;
    const hunks = isBinary ? [] : own.flat();
    const status = statusOf(entry, isBinary, hunks.length > 0);
    let additions = 0;
    let deletions = 0;
    for (const h of hunks) {
      for (const l of h.lines) {
        if (l.op === '+') additions++;
        else if (l.op === '-') deletions++;
      }
    }
    return {
      path: entry.newPath,
      oldPath: entry.letter === 'A' ? null : entry.oldPath,
      status,
      binary: isBinary,
      oldMode: entry.letter === 'A' ? null : entry.oldMode,
      newMode: entry.letter === 'D' ? null : entry.newMode,
      similarity: entry.letter === 'R' || entry.letter === 'C' ? entry.score : null,
      hunks,
      commentable: commentableLines(hunks),
      additions,
      deletions,
    };
  });
}
