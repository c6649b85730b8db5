import type { HintReach } from './language-pack.js';

/**
 * Whether a file's text matches any of a name's definition hints. With a reach (a pack whose hints
 * are one declaration's shape around the name), each hint is tested on the lines around each
 * occurrence of the name, not over the whole text: a search tests dozens of files for each of its
 * names, and whole-text tests were a fifth of a run's time on RocksDB. Without one (hints that span
 * a block, like Go's `const (` groups and interface bodies), on the whole text.
 */
export function hintedIn(text: string, name: string, hints: readonly RegExp[], reach: HintReach | undefined): boolean {
  if (reach === undefined || !/^\w+$/.test(name)) return hints.some((r) => r.test(text));
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    const window = text.slice(lineStartBefore(text, at, reach.before), lineEndAfter(text, at, reach.after));
    if (hints.some((r) => r.test(window))) return true;
  }
  return false;
}

/** Where the line `lines` lines before the one holding `at` starts. */
function lineStartBefore(text: string, at: number, lines: number): number {
  let start = text.lastIndexOf('\n', at - 1);
  for (let n = 0; n < lines && start > 0; n++) start = text.lastIndexOf('\n', start - 1);
  return start + 1;
}

/** Where the line `lines` lines after the one holding `at` ends. */
function lineEndAfter(text: string, at: number, lines: number): number {
  let end = text.indexOf('\n', at);
  for (let n = 0; n < lines && end >= 0; n++) end = text.indexOf('\n', end + 1);
  return end < 0 ? text.length : end;
}
