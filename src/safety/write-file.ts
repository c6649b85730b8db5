import { closeSync, lstatSync, openSync, readlinkSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { makeFolder } from '../support/folders.js';

/**
 * How keybug writes every file (reports, SARIF, recordings, evaluation output, the index cache):
 * never through a symbolic link. A pull request's checkout can hold links it made (a
 * `keybug-report.json` pointing at a file outside the workspace); writing through one would
 * overwrite whatever it points at. So a file is written to a new temporary file in the target's
 * folder (created exclusively: never an existing file or link) and renamed over the target — a
 * rename replaces a link, it never follows it — and a link already at the target, or among the
 * folders to it below the working directory, is refused with one line naming it.
 */

/** A path keybug refused to write: a symbolic link is at it, or on the way to it. */
export class LinkRefusedError extends Error {
  constructor(
    readonly file: string,
    link: string,
  ) {
    super(
      `refusing to write ${file}: ${link === file ? 'it' : link} is a symbolic link${target(link)}, and keybug never writes through one (remove the link or choose another path)`,
    );
    this.name = 'LinkRefusedError';
  }
}

function target(link: string): string {
  try {
    return ` (to ${readlinkSync(link)})`;
  } catch {
    return '';
  }
}

/**
 * Throws LinkRefusedError when `file` is a symbolic link, or a folder on its way is one below the
 * working directory (the checkout, whose links a pull request can make). Folders above it are the
 * machine's own (on macOS, /var and /tmp are links) and are not questioned.
 */
export function refuseLinks(file: string, cwd = process.cwd()): void {
  const full = path.resolve(cwd, file);
  const checked: string[] = [full];
  for (let dir = path.dirname(full); isInside(dir, cwd); dir = path.dirname(dir)) checked.push(dir);
  for (const at of checked) {
    if (lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink()) throw new LinkRefusedError(full, at);
  }
}

/** True for a path strictly inside `root`. */
function isInside(dir: string, root: string): boolean {
  const relative = path.relative(path.resolve(root), dir);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Writes `data` to `file` (its folder created when missing), never through a link; see the module comment. */
export function writeFileSafely(file: string, data: string | Buffer | (() => Iterable<Buffer>)): void {
  const full = path.resolve(file);
  makeFolder(path.dirname(full));
  refuseLinks(full);
  const temporary = path.join(path.dirname(full), `.${path.basename(full)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', 0o644);
  try {
    try {
      const parts = typeof data === 'function' ? data() : [typeof data === 'string' ? Buffer.from(data, 'utf8') : data];
      for (const part of parts) {
        for (let written = 0; written < part.length;) written += writeSync(fd, part, written);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, full);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
