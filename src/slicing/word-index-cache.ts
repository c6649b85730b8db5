import path from 'node:path';
import type { Git } from '../git/git.js';
import { fileHead, padding, readCacheFile, readFileHead, writeCacheFile } from './cache-file.js';
import { WordIndex, type IndexEntry, type SavedWordIndex } from './word-index.js';

/**
 * The word index kept between runs in a folder (`index-cache`): the last index built, whichever
 * revision it was of. Its files are keyed by their blob ids, so a later run on any revision takes
 * the names of every file whose content it has seen and reads only the others (see WordIndex.build):
 * the cost of a repository-wide search then grows with what changed since, not with the repository.
 * A missing, foreign or damaged file is no error: the index is built from the repository and the
 * file written again.
 */
export const CACHE_FILE = 'word-index-v1.bin';

const MAGIC = Buffer.from('KEYBUG WORD INDEX 1\n', 'latin1');

/** An index built through the cache, with what became of the cache (see SliceStats.indexCache). */
export interface CachedBuild {
  index: WordIndex;
  /** Why the cache could not be read or written, when it could not. */
  problems: string[];
  /** Why the index's own thread could not build it, when it was built on the slicing thread instead (index-thread.ts). */
  threadFailure?: string;
}

/**
 * The index of `entries` (a revision's files), taking from the index kept in `dir` the names of
 * every file whose blob it holds, and keeping the result there for the next run when it changed.
 */
export async function buildWithCache(git: Git, entries: readonly IndexEntry[], dir: string): Promise<CachedBuild> {
  const cached = loadWordIndex(dir);
  const donor = cached !== null && 'index' in cached ? cached.index : null;
  const index = await WordIndex.build(git, entries, donor);
  const problems = cached !== null && 'problem' in cached ? [cached.problem] : [];
  // Written again unless it is what was read: no file read, and no file of the cached index gone.
  if (donor === null || index.readFiles > 0 || index.reusedFiles !== donor.fileCount) {
    const problem = saveWordIndex(dir, index);
    if (problem !== null) problems.push(problem);
  }
  return { index, problems };
}

/** Reading the cache: the index, or why there is none (null: no cache file yet). */
export type CacheRead = { index: WordIndex } | { problem: string } | null;

export function loadWordIndex(dir: string): CacheRead {
  const file = path.join(dir, CACHE_FILE);
  const data = readCacheFile(file);
  if (data === null || !Buffer.isBuffer(data)) return data;
  let index: WordIndex | null;
  try {
    index = readWordIndex(data);
  } catch (error) {
    // Whatever reading a file keybug did not write this run throws (out of memory on a huge one) costs the cache, not the run.
    return { problem: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return index === null ? { problem: `${file} is not a word index keybug can use (damaged, or written by another version)` } : { index };
}

/** The index a cache file's bytes hold, or null when they hold none. */
export function readWordIndex(data: Buffer): WordIndex | null {
  const saved = decode(data);
  return saved === null ? null : WordIndex.fromSaved(saved);
}

/** Writes the index (to a temporary file renamed over the old one, so a reader never sees half of it); returns why it could not, or null. */
export function saveWordIndex(dir: string, index: WordIndex): string | null {
  return writeCacheFile(path.join(dir, CACHE_FILE), () => encode(index.toSaved()));
}

/** What the header says of the arrays that follow it. */
interface Header {
  files: string[];
  blobs: string[];
  bytes: number;
  nameBytes: number;
  names: number;
  postings: number;
}

/**
 * The magic line, the header's length (4 bytes) and JSON (padded with spaces to a multiple of 4),
 * then the name bytes, padded to 4, then the Int32 arrays (little-endian, as every runner's CPU):
 * each array starts on a 4-byte boundary, so reading takes them in place.
 */
function encode(saved: SavedWordIndex): Buffer[] {
  const header: Header = {
    files: [...saved.files],
    blobs: [...saved.blobs],
    bytes: saved.bytes,
    nameBytes: saved.nameBytes.length,
    names: saved.nameStarts.length - 1,
    postings: saved.postings.reduce((n, p) => n + p.length, 0),
  };
  const ints = (a: Int32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const names = Buffer.from(saved.nameBytes.buffer, saved.nameBytes.byteOffset, saved.nameBytes.byteLength);
  return [
    ...fileHead(MAGIC, header),
    names,
    Buffer.alloc(padding(saved.nameBytes.length)),
    ints(saved.nameStarts),
    ...saved.postings.map(ints),
    ints(saved.fileStarts),
  ];
}

/** The arrays of a cache file, or null when it is not one (every length is checked against the file's). */
function decode(data: Buffer): SavedWordIndex | null {
  const head = readFileHead(data, MAGIC);
  if (head === null) return null;
  let at = head.body;
  // Read as a Header, then every field checked below before any is used.
  const { files, blobs, bytes, nameBytes, names, postings } = head.header as unknown as Header;
  const counts = [bytes, nameBytes, names, postings];
  if (
    !Array.isArray(files) ||
    !Array.isArray(blobs) ||
    !files.every((f) => typeof f === 'string') ||
    !blobs.every((b) => typeof b === 'string') ||
    !counts.every((n) => Number.isInteger(n) && n >= 0)
  )
    return null;
  const intsAt = nameBytes + padding(nameBytes);
  const total = at + intsAt + 4 * (names + 1 + postings + files.length + 1);
  if (total !== data.length) return null;
  // Taken in place where the file's bytes start on a 4-byte boundary of their memory (a large file's
  // do), copied out otherwise.
  const int32s = (count: number): Int32Array => {
    const start = data.byteOffset + at;
    at += 4 * count;
    if (start % 4 === 0) return new Int32Array(data.buffer, start, count);
    const out = new Int32Array(count);
    new Uint8Array(out.buffer).set(data.subarray(at - 4 * count, at));
    return out;
  };
  const nameBytesOut = data.subarray(at, at + nameBytes);
  at += intsAt;
  const nameStarts = int32s(names + 1);
  const postingIds = int32s(postings);
  const fileStarts = int32s(files.length + 1);
  return { files, blobs, bytes, nameBytes: nameBytesOut, nameStarts, postings: [postingIds], fileStarts };
}
