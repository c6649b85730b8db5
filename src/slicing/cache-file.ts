import { readFileSync } from 'node:fs';
import { writeFileSafely } from '../safety/write-file.js';

/**
 * Reading and writing the files of the index cache folder (the word index, the definition facts).
 * A file is written to a temporary file renamed over the old one, so a reader never sees half of
 * it, and never through a link; neither reading nor writing throws: a cache that cannot be used costs time, never the run.
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

/** Writes a cache file from its parts (each written from where it lies, not copied into one buffer), never through a link; returns why it could not, or null. */
export function writeCacheFile(file: string, parts: () => Iterable<Buffer>): string | null {
  try {
    writeFileSafely(file, parts);
    return null;
  } catch (error) {
    return `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * A cache file's head: its magic line, the header's length (4 bytes, little-endian) and the header
 * as JSON, padded with spaces so that what follows starts on a 4-byte boundary.
 */
export function fileHead(magic: Buffer, header: unknown): Buffer[] {
  const text = Buffer.from(JSON.stringify(header), 'utf8');
  const json = Buffer.concat([text, Buffer.alloc(padding(magic.length + 4 + text.length), ' ')]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return [magic, length, json];
}

/**
 * A cache file's header (a JSON object, its fields not yet checked) and where its body starts; null
 * when the file has no such head.
 */
export function readFileHead(data: Buffer, magic: Buffer): { header: Record<string, unknown>; body: number } | null {
  if (data.length < magic.length + 4 || !data.subarray(0, magic.length).equals(magic)) return null;
  const length = data.readUInt32LE(magic.length);
  const at = magic.length + 4;
  if (at + length > data.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(data.toString('utf8', at, at + length));
  } catch {
    return null;
  }
  return typeof header === 'object' && header !== null && !Array.isArray(header)
    ? { header: header as Record<string, unknown>, body: at + length }
    : null;
}

/** Bytes that bring a length to a multiple of 4 (a cache file's arrays start on 4-byte boundaries). */
export function padding(length: number): number {
  return (4 - (length % 4)) % 4;
}
