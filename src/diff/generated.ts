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

/** `selectFiles`, with generator notices read from the head revision when generated files are skipped. */
export async function selectChangedFiles(git: Git, headSha: string, files: readonly DiffFile[], options: SelectOptions): Promise<Selection> {
  const notices = options.skipGenerated ? await generatedByNotice(git, headSha, files) : new Set<string>();
  return selectFiles(files, options, { generatedByNotice: notices });
}

/** Paths of the diff's files whose head revision starts with a generator's notice. */
async function generatedByNotice(git: Git, headSha: string, files: readonly DiffFile[]): Promise<Set<string>> {
  const candidates = files.filter((f) => f.status !== 'deleted' && !f.binary && f.hunks.length > 0);
  const blobs = await git.readBlobs(candidates.map((f) => `${headSha}:${f.path}`));
  return new Set(candidates.filter((f) => {
    const blob = blobs.get(`${headSha}:${f.path}`);
    return blob !== null && blob !== undefined && hasGeneratedNotice(blob);
  }).map((f) => f.path));
}
