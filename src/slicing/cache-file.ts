import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Reading and writing the files of the index cache folder (the word index, the definition facts).
 * A file is written to a temporary file renamed over the old one, so a reader never sees half of
 * it; neither reading nor writing throws: a cache that cannot be used costs time, never the run.
 */

/** A cache file's bytes; null when there is none yet, or why it could not be read. */
export function readCacheFile(file: string): Buffer | null | { problem: string } {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return { problem: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Writes a cache file from its parts (each written from where it lies, not copied into one buffer); returns why it could not, or null. */
export function writeCacheFile(file: string, parts: () => Iterable<Buffer>): string | null {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const fd = openSync(temporary, 'w');
    try {
      for (const part of parts()) {
        for (let written = 0; written < part.length; ) written += writeSync(fd, part, written);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    return null;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written where nothing can be removed.
    }
    return `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
