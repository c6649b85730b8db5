import path from 'node:path';
import type { PathSet } from './language-pack.js';

/** The paths of one revision, indexed for the questions import resolution asks (see PathSet). */
export class RevisionPaths implements PathSet {
  private readonly known: Set<string>;
  private readonly byBase = new Map<string, string[]>();
  private readonly byFolder = new Map<string, string[]>();
  private readonly foldersByBase = new Map<string, string[]>();
  /** What packs could not read of the manifests (see PathSet.report), each once. */
  readonly problems = new Set<string>();

  constructor(
    files: readonly string[],
    private readonly manifests: ReadonlyMap<string, string> = new Map(),
  ) {
    this.known = new Set(files);
    for (const f of files) {
      push(this.byBase, path.posix.basename(f), f);
      const folder = path.posix.dirname(f);
      push(this.byFolder, folder === '.' ? '' : folder, f);
    }
    for (const folder of this.byFolder.keys()) if (folder !== '') push(this.foldersByBase, path.posix.basename(folder), folder);
  }

  has(file: string): boolean {
    return this.known.has(file);
  }

  /** Paths equal to `suffix` or ending in `/suffix`, in listing order. */
  withSuffix(suffix: string): readonly string[] {
    const clean = suffix.replace(/^\/+/, '');
    return (this.byBase.get(path.posix.basename(clean)) ?? []).filter((f) => f === clean || f.endsWith('/' + clean));
  }

  inFolder(folder: string): readonly string[] {
    return this.byFolder.get(folder.replace(/\/+$/, '')) ?? [];
  }

  foldersWithSuffix(suffix: string): readonly string[] {
    const clean = suffix.replace(/^\/+|\/+$/g, '');
    return (this.foldersByBase.get(path.posix.basename(clean)) ?? []).filter((f) => f === clean || f.endsWith('/' + clean));
  }

  manifest(file: string): string | null {
    return this.manifests.get(file) ?? null;
  }

  report(problem: string): void {
    this.problems.add(problem);
  }

  /** Paths named `name` anywhere in the revision (manifests such as go.mod). */
  named(name: string): readonly string[] {
    return this.byBase.get(name) ?? [];
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
