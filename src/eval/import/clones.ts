/**
 * Where a dataset project's clone is: a folder under --repos named after the project, the
 * repository or its owner and name (with or without `.git`, a bare clone will do).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A project's clone, or null with the places looked at. */
export function findClone(reposDir: string, names: readonly string[]): { dir: string } | { tried: string[] } {
  const tried: string[] = [];
  for (const name of [...new Set(names.filter((n) => n !== ''))]) {
    for (const candidate of [name, `${name}.git`]) {
      const dir = path.join(reposDir, candidate);
      tried.push(dir);
      if (
        statSync(dir, { throwIfNoEntry: false })?.isDirectory() &&
        (existsSync(path.join(dir, '.git')) || existsSync(path.join(dir, 'HEAD')))
      )
        return { dir };
    }
  }
  return { tried };
}

/** owner and name of a GitHub URL (https://github.com/psf/black, …/pull/12, .git), or null. */
export function githubRepo(url: string): { owner: string; name: string } | null {
  const match = /github\.com[/:]([^/\s]+)\/([^/\s#?]+?)(?:\.git)?(?:[/#?].*)?$/i.exec(url.trim());
  return match === null ? null : { owner: match[1] as string, name: match[2] as string };
}

/** The folder names a GitHub project's clone may have under --repos. */
export function githubCloneNames(owner: string, name: string): string[] {
  return [name, `${owner}/${name}`, `${owner}+${name}`, `${owner}__${name}`];
}

/** The project folders of a dataset's checkout: those under one of `roots` (relative to `dir`) holding `marker`, or `dir` itself when it does. */
export function projectFolders(dir: string, marker: string, roots: readonly string[]): string[] | null {
  if (existsSync(path.join(dir, marker))) return [dir];
  for (const root of [...roots.map((r) => path.join(dir, r)), dir]) {
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) continue;
    const found = readdirSync(root)
      .map((name) => path.join(root, name))
      .filter((p) => existsSync(path.join(p, marker)));
    if (found.length > 0) return found.sort();
  }
  return null;
}
