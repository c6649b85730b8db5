import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { SettingError } from '../config/naming.js';
import { GitError, type Git } from '../git/git.js';
import { addedFileHunks, buildDiffFiles, commentableLines } from './parse.js';
import type { Diff, DiffFile } from '../types.js';

/** The base or head revision cannot be used; the message says what to do. */
export class RevisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RevisionError';
  }
}

/**
 * A range given on purpose (the CLI's base and head) that holds no change: the same commit twice, or
 * a head already in the history of the base (the two given the other way round). A mistake to fix
 * (exit 2), not a change with nothing to review; worded for the shell that reports it.
 */
export class EmptyRangeError extends SettingError {
  constructor(base: string, head: string, baseTip: string, headSha: string) {
    const sha = (s: string): string => s.slice(0, 12);
    super('base', base, (name) =>
      baseTip === headSha
        ? `The range ${base}...${head} holds no change: base and head are the same commit (${sha(headSha)}). Name the commit the change starts from with ${name('base')} (e.g. ${name('base', 'origin/main')}) and its last commit with ${name('head')} (HEAD by default; keybug reads commits, not uncommitted changes).`
        : `The range ${base}...${head} holds no change: head ${sha(headSha)} is already in the history of base ${sha(baseTip)}. Were they given the other way round? Try ${name('base', head)} ${name('head', base)}.`,
    );
    this.name = 'EmptyRangeError';
  }
}

export interface ReadDiffOptions {
  /** Remote to fetch missing history from in a shallow clone (null: never fetch). Default 'origin'. */
  fetchRemote?: string | null;
  /**
   * Refs to fetch from that remote when base or head is not in a full clone, e.g. `refs/pull/7/head`
   * for a fork's pull request, whose commits a checkout of the base repository lacks. Only objects
   * are fetched (into FETCH_HEAD): nothing is checked out.
   */
  fetchRefs?: string[];
  /** Called with progress messages (e.g. "fetching more history"). */
  log?: (message: string) => void;
  /**
   * The range was given on purpose (the CLI's base and head): one that holds no change fails with
   * EmptyRangeError. Otherwise (a pull request whose head the base already holds) it is read as a
   * change with nothing in it.
   */
  requireChange?: boolean;
}

/** Depths tried, in order, to reach the merge base in a shallow clone before fetching all history. */
const DEEPEN_STEPS = [50, 500];

/**
 * Resolves base and head the way GitHub compares a pull request (three dots: the merge base of
 * base and head against head). In a shallow clone it fetches the missing history when it can; in a
 * full clone that lacks base or head (a fork's pull request) it fetches `fetchRefs`. Otherwise it
 * fails with a message that says how to configure the checkout.
 */
export async function resolveRange(
  git: Git,
  base: string,
  head: string,
  options: ReadDiffOptions = {},
): Promise<{ baseSha: string; headSha: string; baseTip: string }> {
  const checked = <R extends { baseSha: string; headSha: string; baseTip: string }>(range: R): R => {
    if (options.requireChange === true && range.baseSha === range.headSha)
      throw new EmptyRangeError(base, head, range.baseTip, range.headSha);
    return range;
  };
  const remote = options.fetchRemote === undefined ? 'origin' : options.fetchRemote;
  let headSha = await git.resolveCommit(head);
  let baseTip = await git.resolveCommit(base);
  let mergeBase = headSha && baseTip ? await git.mergeBase(baseTip, headSha) : null;
  if (mergeBase !== null && headSha !== null && baseTip !== null) return checked({ baseSha: mergeBase, headSha, baseTip });

  const shallow = await git.isShallow();
  const pullRefs = options.fetchRefs ?? [];
  if (!shallow && remote !== null && pullRefs.length > 0 && (headSha === null || baseTip === null)) {
    options.log?.(
      `fetching ${pullRefs.join(', ')} from '${remote}': the ${headSha === null ? 'head' : 'base'} revision is not in this clone`,
    );
    if (await git.tryFetch(remote, pullRefs)) {
      headSha = await git.resolveCommit(head);
      baseTip = await git.resolveCommit(base);
      mergeBase = headSha && baseTip ? await git.mergeBase(baseTip, headSha) : null;
      if (mergeBase !== null && headSha !== null && baseTip !== null) return checked({ baseSha: mergeBase, headSha, baseTip });
    }
  }
  if (shallow && remote !== null) {
    // The merge base lies beyond the clone's depth: fetch the two tips (by SHA or name), then deepen step by step.
    const wanted = [base, head].filter((r) => /^[0-9a-f]{40}$/i.test(r) || !r.includes('~'));
    for (const step of [...DEEPEN_STEPS, 0]) {
      options.log?.(
        step === 0
          ? `fetching the full history from '${remote}' to find the merge base`
          : `fetching ${step} more commits from '${remote}' to find the merge base`,
      );
      const args = step === 0 ? ['--unshallow'] : [`--deepen=${step}`];
      const refs = baseTip === null || headSha === null ? wanted : [];
      if (!(await git.tryFetch(remote, refs, args)) && refs.length > 0) await git.tryFetch(remote, [], args);
      headSha = await git.resolveCommit(head);
      baseTip = await git.resolveCommit(base);
      mergeBase = headSha && baseTip ? await git.mergeBase(baseTip, headSha) : null;
      if (mergeBase !== null && headSha !== null && baseTip !== null) return checked({ baseSha: mergeBase, headSha, baseTip });
      if (!(await git.isShallow())) break;
    }
  }

  const hint = shallow ? ' This clone is shallow: check out with `fetch-depth: 0` (actions/checkout), or run `git fetch --unshallow`.' : '';
  const repository = `the repository ${path.resolve(git.repoDir)}`;
  if (headSha === null) throw new RevisionError(`The head revision '${head}' is not in ${repository}.${hint}`);
  if (baseTip === null) throw new RevisionError(`The base revision '${base}' is not in ${repository}.${hint}`);
  throw new RevisionError(`'${base}' and '${head}' have no common ancestor in ${repository}, so there is no three-dot diff.${hint}`);
}

/** Reads the diff of a change from git objects only (the working tree is never read). */
export async function readDiff(git: Git, base: string, head: string, options: ReadDiffOptions = {}): Promise<Diff> {
  const { baseSha, headSha, baseTip } = await resolveRange(git, base, head, options);
  if (baseSha === headSha) {
    // Head is base's merge base: there is no change, and nothing to ask git for.
    options.log?.(emptyRangeHint(baseTip, headSha));
    return { baseSha, headSha, files: [] };
  }
  try {
    const [raw, numstat, patch] = await Promise.all([
      git.diff(baseSha, headSha, ['--raw', '-z', '--find-copies']),
      git.diff(baseSha, headSha, ['--numstat', '-z', '--find-copies']),
      // Context and hunk joining as GitHub shows them, whatever the user's config says: hunks decide where comments may go.
      git.diff(baseSha, headSha, ['--patch', '--unified=3', '--inter-hunk-context=0', '--find-copies']),
    ]);
    const paths = decodePaths(raw);
    const files = buildDiffFiles(paths.text, numstat.toString('utf8'), patch).map((f) =>
      paths.invalid.has(f.path) || (f.oldPath !== null && paths.invalid.has(f.oldPath)) ? { ...f, pathProblem: NOT_UTF8 } : f,
    );
    return { baseSha, headSha, files: await withCopiesCommentableAsAdded(git, headSha, files) };
  } catch (error) {
    if (error instanceof GitError)
      throw new RevisionError(`git could not diff ${baseSha.slice(0, 12)}...${headSha.slice(0, 12)}: ${error.message}`);
    throw error;
  }
}

/** Why a range whose merge base is its head holds no change: the same commit twice, or a head base already contains. */
function emptyRangeHint(baseTip: string, headSha: string): string {
  const head = headSha.slice(0, 12);
  if (baseTip === headSha) return `diff: base and head are the same commit (${head}): there is no change to read`;
  return `diff: head ${head} is already in the history of base ${baseTip.slice(0, 12)}, so there is no change to read; were base and head given the other way round?`;
}

const NOT_UTF8 =
  'the path is not valid UTF-8 (its bad bytes are shown as \\xNN): GitHub cannot place a comment on it and git cannot be asked for it by this name; rename the file to review it';

/**
 * `git diff --raw -z` as text, each path decoded on its own: valid UTF-8 as it is, a path that is not
 * with its bad bytes written `\xNN` (and reported in `invalid`), so no two paths decode alike and
 * none is silently garbled.
 */
function decodePaths(raw: Buffer): { text: string; invalid: Set<string> } {
  const invalid = new Set<string>();
  const fields: string[] = [];
  let start = 0;
  for (let end = raw.indexOf(0, start); end !== -1 || start < raw.length; end = raw.indexOf(0, start)) {
    const field = raw.subarray(start, end === -1 ? raw.length : end);
    start = end === -1 ? raw.length : end + 1;
    if (field[0] === 0x3a /* ':' starts a status record */ || isUtf8(field)) {
      fields.push(field.toString('utf8'));
      continue;
    }
    const shown = escapeInvalid(field);
    invalid.add(shown);
    fields.push(shown);
  }
  return { text: fields.join('\0'), invalid };
}

/** The bytes as UTF-8 where they are, `\xNN` for each byte that is not part of a valid sequence. */
function escapeInvalid(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    let length = 0;
    for (let n = 1; n <= 4 && i + n <= bytes.length; n++) {
      if (isUtf8(bytes.subarray(i, i + n))) {
        length = n;
        break;
      }
    }
    if (length === 0) {
      out += `\\x${(bytes[i] as number).toString(16).padStart(2, '0')}`;
      i++;
    } else {
      out += bytes.subarray(i, i + length).toString('utf8');
      i += length;
    }
  }
  return out;
}

/**
 * Copies keep their edit hunks for the slicer (a copy reviewed as a whole new file would cost as
 * much as the original), but GitHub shows a copy as an added file: every line RIGHT-commentable,
 * no LEFT side. A LEFT comment on a copy would make GitHub reject the whole review.
 */
async function withCopiesCommentableAsAdded(git: Git, headSha: string, files: DiffFile[]): Promise<DiffFile[]> {
  const copies = files.filter((f) => f.status === 'copied' && !f.binary);
  if (copies.length === 0) return files;
  const blobs = await git.readBlobs(copies.map((f) => `${headSha}:${f.path}`));
  return files.map((f) => {
    if (f.status !== 'copied' || f.binary) return f;
    const commentHunks = addedFileHunks(blobs.get(`${headSha}:${f.path}`)?.toString('utf8') ?? '');
    return { ...f, commentHunks, commentable: commentableLines(commentHunks) };
  });
}
