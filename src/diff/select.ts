import picomatch from 'picomatch';
import type { DiffFile, Unreviewed } from '../types.js';

export interface SelectOptions {
  include: string[];
  exclude: string[];
  skipGenerated: boolean;
  maxFiles: number;
}

/** What is known of the files' contents: paths whose text carries a generator's notice. */
export interface SelectFacts {
  generatedByNotice: ReadonlySet<string>;
}

/** Paths that are generated or vendored by convention; matched anywhere in the tree. */
export const GENERATED_GLOBS = [
  '**/vendor/**',
  '**/third_party/**',
  '**/third-party/**',
  '**/thirdparty/**',
  '**/external/**',
  '**/node_modules/**',
  '**/*.pb.h',
  '**/*.pb.cc',
  '**/*.pb.c',
  '**/*_generated.h',
  '**/*.generated.*',
  '**/*.min.js',
  '**/package-lock.json',
  '**/*.lock',
];

/** True for a path that is generated or vendored by convention (GENERATED_GLOBS). */
export const isGeneratedPath: (file: string) => boolean = picomatch(GENERATED_GLOBS, { dot: true });

/** Why a file of the diff is not reviewed at all, or null when it should be. */
function skipReason(file: DiffFile): string | null {
  switch (file.status) {
    case 'binary':
      return 'binary file';
    case 'mode-only':
      return 'only the file mode changed';
    case 'submodule':
      return 'submodule pointer change';
    case 'deleted':
      return null;
    default:
      return file.hunks.length === 0 ? (file.status === 'renamed' || file.status === 'copied' ? `${file.status} without content changes` : 'no content changes') : null;
  }
}

export interface Selection {
  /** The files to review. */
  files: DiffFile[];
  /** Every other file, with the reason. */
  unreviewed: Unreviewed[];
  /** The files the filters kept that `maxFiles` cut (also in `unreviewed`). */
  overLimit: DiffFile[];
}

/**
 * Picks the files to review and lists every other file with its reason: nothing is dropped silently.
 * Order: content-less changes, then exclude/include globs, generated/vendored paths and generator notices, then `maxFiles`.
 */
export function selectFiles(files: readonly DiffFile[], options: SelectOptions, facts: SelectFacts = { generatedByNotice: new Set() }): Selection {
  const glob = { dot: true };
  const included = options.include.length > 0 ? picomatch(options.include, glob) : () => true;
  const excluded = options.exclude.length > 0 ? picomatch(options.exclude, glob) : () => false;
  const selected: DiffFile[] = [];
  const unreviewed: Unreviewed[] = [];
  const overLimit: DiffFile[] = [];
  for (const file of files) {
    const reason =
      skipReason(file) ??
      (excluded(file.path) ? 'matches an `exclude` pattern' : null) ??
      (!included(file.path) ? 'matches no `include` pattern' : null) ??
      (options.skipGenerated && isGeneratedPath(file.path) ? 'generated or vendored path (set `skip-generated: false` to review it)' : null) ??
      (options.skipGenerated && facts.generatedByNotice.has(file.path) ? 'generated file: it starts with a generator\'s notice (set `skip-generated: false` to review it)' : null);
    if (reason !== null) unreviewed.push({ path: file.path, reason });
    else if (selected.length >= options.maxFiles) {
      unreviewed.push({ path: file.path, reason: `over the limit of ${options.maxFiles} files (\`max-files\`)` });
      overLimit.push(file);
    } else selected.push(file);
  }
  return { files: selected, unreviewed, overLimit };
}
