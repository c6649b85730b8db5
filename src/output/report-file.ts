import { openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { makeFolder } from '../support/folders.js';
import { SettingError } from '../config/naming.js';
import { redact } from '../safety/redact.js';
import { LinkRefusedError, refuseLinks, writeFileSafely } from '../safety/write-file.js';

/** The report cannot be written where it was asked for: the message names the path, the cause and the setting. */
export class ReportPathError extends SettingError {
  constructor(file: string, cause: string) {
    super('report', file, (name) => `Cannot write the report to '${file}': ${cause}. Choose a writable path with ${name('report')}.`);
    this.name = 'ReportPathError';
  }
}

/** Plain words for the errors a path can meet. */
function why(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST': // mkdir of a folder where a file is
      return `a part of the path is a file, not a folder (${code})`;
    case 'EISDIR':
      return 'it is a folder (EISDIR)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'ENOENT':
      return 'the folder does not exist and cannot be created (ENOENT)';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Checks, before any paid call, that the report can be written at `file`: its folder is created
 * when missing (the report goes there anyway) and the file is opened for writing without changing
 * an existing one. Throws ReportPathError. A symbolic link at the path (which a pull request's
 * checkout can hold) is not opened: it is refused when the report is written, and the review goes on.
 */
export function checkReportPath(file: string): void {
  try {
    refuseLinks(file);
  } catch (error) {
    if (error instanceof LinkRefusedError) return;
    throw new ReportPathError(file, why(error));
  }
  try {
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    makeFolder(path.dirname(path.resolve(file)));
    let created = false;
    let fd: number;
    try {
      fd = openSync(file, 'r+');
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
      fd = openSync(file, 'wx');
      created = true;
    }
    closeSync(fd);
    if (created) unlinkSync(file);
  } catch (error) {
    throw new ReportPathError(file, why(error));
  }
}

/**
 * Writes a report (redacted, its folder created when missing, never through a link); throws
 * ReportPathError. Given pieces (jsonPieces), each is masked and written as it comes.
 */
export function writeReportFile(file: string, text: string | Iterable<string>): void {
  try {
    writeMaskedFile(file, text);
  } catch (error) {
    if (error instanceof LinkRefusedError) throw error;
    throw new ReportPathError(file, why(error));
  }
}

/**
 * Writes `text` masked (redact), never through a link (writeFileSafely); given pieces (jsonPieces),
 * each is masked and written as it comes. The one writer of keybug's reports and evaluation files;
 * throws what writeFileSafely throws.
 */
export function writeMaskedFile(file: string, text: string | Iterable<string>): void {
  writeFileSafely(file, typeof text === 'string' ? redact(text) : () => maskedPieces(text));
}

/** Each piece masked (redact) as it is written: the pieces of jsonPieces, which never cut a finding, a call or a slice. */
function* maskedPieces(pieces: Iterable<string>): Generator<Buffer> {
  for (const piece of pieces) yield Buffer.from(redact(piece), 'utf8');
}
