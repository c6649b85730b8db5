import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates a folder and the missing folders above it, as `mkdirSync(dir, { recursive: true })`
 * would — which never returns where a file system refuses a new folder under one that exists
 * (under `/proc`, mkdir answers ENOENT and Node retries forever). Here each missing folder is made
 * on its own, from the nearest one that exists down, and the first refusal is thrown as it is.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (statSync(at, { throwIfNoEntry: false }) !== undefined) break;
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Made meanwhile by someone else (two runs sharing a cache folder): that is what was wanted.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
}
