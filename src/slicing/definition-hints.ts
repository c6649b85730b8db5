import type { HintReach } from './language-pack.js';
import { decodeSource } from './source-text.js';

const NEWLINE = 0x0a;

/**
 * Whether a file's bytes match any of a name's definition hints. With a reach (a pack whose hints
 * are one declaration's shape around the name), each hint is tested on the lines around each
 * occurrence of the name, not over the whole text: a search tests dozens of files for each of its
 * names, and whole-text tests were a fifth of a run's time on RocksDB. Only those lines are decoded
 * (a line break is never inside a UTF-8 character, so they decode as they would in the whole
 * text): most files a search reads hold no definition, and decoding them whole cost as much as
 * testing them. Without a reach (hints that span a block, like Go's `const (` groups and interface
 * bodies), on the whole text.
 */
export function hintedIn(blob: Buffer, name: string, hints: readonly RegExp[], reach: HintReach | undefined): boolean {
  if (reach === undefined || !/^\w+$/.test(name)) {
    const text = decodeSource(blob);
    return hints.some((r) => r.test(text));
  }
  // Encoded once: Buffer.indexOf encodes a string needle on every call.
  const needle = Buffer.from(name, 'latin1');
  for (let at = blob.indexOf(needle); at >= 0; at = blob.indexOf(needle, at + needle.length)) {
    const window = decodeSource(blob.subarray(lineStartBefore(blob, at, reach.before), lineEndAfter(blob, at, reach.after)));
    if (hints.some((r) => r.test(window))) return true;
  }
  return false;
}

/** Where the line `lines` lines before the one holding `at` starts. */
function lineStartBefore(blob: Buffer, at: number, lines: number): number {
  let start = at > 0 ? blob.lastIndexOf(NEWLINE, at - 1) : -1;
  for (let n = 0; n < lines && start > 0; n++) start = blob.lastIndexOf(NEWLINE, start - 1);
  return start + 1;
}

/** Where the line `lines` lines after the one holding `at` ends. */
function lineEndAfter(blob: Buffer, at: number, lines: number): number {
  let end = blob.indexOf(NEWLINE, at);
  for (let n = 0; n < lines && end >= 0; n++) end = blob.indexOf(NEWLINE, end + 1);
  return end < 0 ? blob.length : end;
}
