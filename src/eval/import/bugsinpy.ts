/**
 * BugsInPy's metadata, as its repository lays it out: `projects/<project>/project.info`
 * (github_url="…"), `projects/<project>/bugs/<n>/bug.info` (buggy_commit_id="…",
 * fixed_commit_id="…") and `projects/<project>/bugs/<n>/bug_patch.txt`, the fix's source patch from
 * the buggy to the fixed commit. Read from a local copy only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { githubCloneNames, githubRepo, projectFolders } from './clones.js';
import type { DatasetBug } from './dataset-fixes.js';
import { ImportError } from './errors.js';
import { buggyLinesOf } from './patch-lines.js';
import type { RejectedBug } from './result.js';

/** `key="value"` lines (BugsInPy's .info files). */
export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][\w.]*)\s*=\s*"?(.*?)"?\s*$/.exec(line);
    if (match) out[match[1] as string] = match[2] as string;
  }
  return out;
}

export function readBugsInPy(dir: string, project?: string): { bugs: DatasetBug[]; rejected: RejectedBug[] } {
  const bugs: DatasetBug[] = [];
  const rejected: RejectedBug[] = [];
  const all = projectFolders(dir, 'project.info', ['projects']);
  if (all === null)
    throw new ImportError(
      `${dir} holds no BugsInPy project: expected projects/<project>/project.info under it (a checkout of BugsInPy), or project.info in it.`,
    );
  const folders = all.filter((f) => project === undefined || path.basename(f).toLowerCase() === project.toLowerCase());
  if (folders.length === 0) throw new ImportError(`${dir} has no BugsInPy project '${project}'.`);
  for (const folder of folders) {
    const name = path.basename(folder);
    const info = parseInfo(readFileSync(path.join(folder, 'project.info'), 'utf8'));
    const github = githubRepo(info.github_url ?? '');
    const cloneNames = [name, ...(github === null ? [] : githubCloneNames(github.owner, github.name))];
    const bugsDir = path.join(folder, 'bugs');
    const numbers = existsSync(bugsDir)
      ? readdirSync(bugsDir)
          .filter((n) => /^\d+$/.test(n))
          .sort((a, b) => Number(a) - Number(b))
      : [];
    for (const n of numbers) {
      const id = `${name}-${n}`;
      const bugInfo = path.join(bugsDir, n, 'bug.info');
      const patch = path.join(bugsDir, n, 'bug_patch.txt');
      if (!existsSync(bugInfo) || !existsSync(patch)) {
        rejected.push({
          id,
          reason: `no ${existsSync(bugInfo) ? 'bug_patch.txt' : 'bug.info'} in ${path.relative(dir, path.join(bugsDir, n))}`,
        });
        continue;
      }
      const fields = parseInfo(readFileSync(bugInfo, 'utf8'));
      if (!fields.buggy_commit_id || !fields.fixed_commit_id) {
        rejected.push({ id, reason: `${path.relative(dir, bugInfo)} names no buggy_commit_id or fixed_commit_id` });
        continue;
      }
      bugs.push({
        id,
        project: name,
        cloneNames,
        buggy: fields.buggy_commit_id,
        fixed: fields.fixed_commit_id,
        lines: buggyLinesOf(readFileSync(patch, 'utf8'), 'buggy-to-fixed'),
      });
    }
  }
  return { bugs, rejected };
}
