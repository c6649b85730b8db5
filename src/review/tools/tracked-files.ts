import path from 'node:path';
import type { Git, TreeEntry } from '../../git/git.js';
import type { Side } from '../../slicing/index.js';

/** Files larger than this are never read by a tool: a generated blob or a data file, not code to read. */
export const MAX_TOOL_FILE_BYTES = 1024 * 1024;

/** A path a tool may read: a regular file tracked at that side. */
export interface TrackedFile {
  path: string;
  side: Side;
  entry: TreeEntry;
  bytes: number;
}

/** The gate's verdict: the file, or the refusal to answer the model with. */
export type PathCheck = { ok: true; file: TrackedFile } | { ok: false; refusal: string };

/** Modes git gives a symbolic link and a submodule (a gitlink). */
const SYMLINK_MODE = '120000';
const GITLINK_MODE = '160000';

/**
 * A path as a model wrote it, refused before any lookup when it could leave the repository or name
 * git's own files: absolute (`/etc/passwd`, `C:\`, `~`), holding `..`, a backslash, a control
 * character, or a `.git` part. `./` and repeated slashes are dropped. Returns the clean path or the
 * refusal.
 */
export function cleanPath(raw: string, what = 'path'): { path: string } | { refusal: string } {
  if (raw.trim() === '') return { refusal: `a ${what} is required (relative to the repository root, as in the slice headers)` };
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return { refusal: `the ${what} holds a control character; paths are refused unless printable` };
  if (raw.startsWith('/') || raw.startsWith('~') || /^[A-Za-z]:/.test(raw))
    return { refusal: `absolute ${what}s are refused: give a path relative to the repository root, as in the slice headers` };
  if (raw.includes('\\'))
    return { refusal: `the ${what} holds a backslash: write paths with forward slashes, relative to the repository root` };
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { refusal: `'..' is refused in a ${what}: only the repository's own files can be read` };
  if (parts.some((p) => p.toLowerCase() === '.git')) return { refusal: `.git is refused: git's internals are not files of the repository` };
  if (parts.length === 0) return { refusal: `a ${what} is required (relative to the repository root, as in the slice headers)` };
  return { path: parts.join('/') };
}

/**
 * The tracked files of the change's two revisions, as the tools may read them: listed from git's
 * trees (never the working tree), so a file is readable only when it is a regular file of that
 * revision, at most MAX_TOOL_FILE_BYTES. Symbolic links (whose blob is the target's path, and whose
 * target may lie outside the repository), submodules and larger files are refused with the reason.
 */
export class TrackedFiles {
  private readonly listings = new Map<Side, Promise<Map<string, TreeEntry>>>();
  private readonly sizes = new Map<string, Promise<number | null>>();

  constructor(
    private readonly git: Git,
    private readonly revisions: Record<Side, string>,
  ) {}

  /** The side's tree by path (listed once). */
  listing(side: Side): Promise<Map<string, TreeEntry>> {
    let listed = this.listings.get(side);
    if (listed === undefined) {
      listed = this.git.listTree(this.revisions[side]).then((tree) => new Map(tree.map((e) => [e.path, e])));
      this.listings.set(side, listed);
    }
    return listed;
  }

  /** A blob's size in bytes, read from its header (never the blob). */
  private size(id: string): Promise<number | null> {
    let size = this.sizes.get(id);
    if (size === undefined) {
      size = this.git.objectSizes([id]).then((s) => s.get(id) ?? null);
      this.sizes.set(id, size);
    }
    return size;
  }

  /** Sizes of many blobs in one git call (for the files a search hit). */
  async sizesOf(entries: readonly TreeEntry[]): Promise<void> {
    const unknown = [...new Set(entries.map((e) => e.id))].filter((id) => !this.sizes.has(id));
    if (unknown.length === 0) return;
    const read = this.git.objectSizes(unknown);
    for (const id of unknown)
      this.sizes.set(
        id,
        read.then((s) => s.get(id) ?? null),
      );
    await read;
  }

  /** Whether the tools may read `raw` at `side`, and if not, why (a refusal the model reads). */
  async check(raw: string, side: Side): Promise<PathCheck> {
    const clean = cleanPath(raw);
    if ('refusal' in clean) return { ok: false, refusal: clean.refusal };
    const file = clean.path;
    const tree = await this.listing(side);
    const entry = tree.get(file);
    if (entry === undefined) return { ok: false, refusal: await this.missing(file, side, tree) };
    if (entry.type === 'commit' || entry.mode === GITLINK_MODE)
      return { ok: false, refusal: `${file} is a submodule at ${side}: its files belong to another repository and are not read` };
    if (entry.mode === SYMLINK_MODE)
      return {
        ok: false,
        refusal: `${file} is a symbolic link at ${side}: links are not followed (their target can lie outside the repository)`,
      };
    const bytes = await this.size(entry.id);
    if (bytes === null) return { ok: false, refusal: `${file} is listed at ${side} but its content is not in this clone` };
    if (bytes > MAX_TOOL_FILE_BYTES)
      return { ok: false, refusal: `${file} is over 1 MB at ${side} (${bytes} bytes): files that large are not read` };
    return { ok: true, file: { path: file, side, entry, bytes } };
  }

  /** A file the search may show lines of: tracked, regular and at most 1 MB (sizes read by sizesOf first). */
  async readable(side: Side, file: string): Promise<boolean> {
    return (await this.check(file, side)).ok;
  }

  /** Why a path is not a tracked file at `side`, with what is there instead (a folder, the other side). */
  private async missing(file: string, side: Side, tree: Map<string, TreeEntry>): Promise<string> {
    const prefix = `${file}/`;
    for (const p of tree.keys()) {
      if (p.startsWith(prefix))
        return `${file} is a folder at ${side}, not a file: search in it with path_glob '${file}/**', or read one of its files`;
    }
    const other: Side = side === 'head' ? 'base' : 'head';
    if ((await this.listing(other)).has(file)) return `no tracked file ${file} at ${side}; it exists at ${other} (side "${other}")`;
    const name = path.posix.basename(file);
    const alike = [...tree.keys()]
      .filter((p) => path.posix.basename(p) === name)
      .sort()
      .slice(0, 3);
    return `no tracked file ${file} at ${side}${alike.length > 0 ? `; files with that name: ${alike.join(', ')}` : ''}`;
  }
}
