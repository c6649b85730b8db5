import type { Git } from '../git/git.js';
import type { DiffFile } from '../types.js';
import { selectFiles, type SelectOptions, type Selection } from './select.js';

/** How far into a file generators put their notice. */
const HEAD_BYTES = 1024;

/**
 * Notices generators write at the top of their output: `@generated` (protoc, Buck, many others),
 * "DO NOT EDIT" (Go, flatc, SWIG, Qt moc), and "automatically generated" / "auto-generated" notices
 * (bison, autoconf, cmake's configure_file templates often say so).
 */
const GENERATED_NOTICE = /@generated\b|\bDO NOT EDIT\b|\bautomatically generated\b|\bauto-?generated\b/i;

/** True when the start of a file carries a generator's notice. */
export function hasGeneratedNotice(head: Buffer): boolean {
  return GENERATED_NOTICE.test(head.subarray(0, HEAD_BYTES).toString('latin1'));
}

/** Files whose notice is read per request to git. */
const NOTICE_BATCH = 64;

/**
 * `selectFiles`, with generator notices read from the head revision when generated files are
 * skipped. Only files every other filter keeps are read, and only until `maxFiles` of them are
 * known to be hand-written: a 5,000-file pull request does not read 5,000 files to pick 100.
 */
export async function selectChangedFiles(git: Git, headSha: string, files: readonly DiffFile[], options: SelectOptions): Promise<Selection> {
  if (!options.skipGenerated) return selectFiles(files, options);
  const kept = selectFiles(files, { ...options, maxFiles: Number.POSITIVE_INFINITY }).files;
  const notices = new Set<string>();
  let written = 0;
  for (let start = 0; start < kept.length && written < options.maxFiles; start += NOTICE_BATCH) {
    const batch = kept.slice(start, start + NOTICE_BATCH);
    const blobs = await git.readBlobs(batch.map((f) => `${headSha}:${f.path}`));
    for (const f of batch) {
      const blob = blobs.get(`${headSha}:${f.path}`) ?? null; // none for a deleted file
      if (blob !== null && hasGeneratedNotice(blob)) notices.add(f.path);
      else written++;
    }
  }
  return selectFiles(files, options, { generatedByNotice: notices });
}
