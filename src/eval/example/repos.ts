import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { devNull } from 'node:os';
import path from 'node:path';

/** One commit of a fixture repository: the files it changes (null deletes one). */
export interface FixtureCommit {
  message: string;
  files: Record<string, string | null>;
}

/**
 * Git with no user or system configuration (no hooks, signing or line-ending rewrites) and fixed
 * names and dates, so the same files always make the same commits; no automatic maintenance (a
 * `git maintenance` process after each commit of a throw-away repository).
 */
function gitIn(dir: string, date: string) {
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'keybug example',
    GIT_AUTHOR_EMAIL: 'example@keybug.invalid',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: 'keybug example',
    GIT_COMMITTER_EMAIL: 'example@keybug.invalid',
    GIT_COMMITTER_DATE: date,
  };
  return (...args: string[]): string =>
    execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', '-c', 'maintenance.auto=false', ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
    }).trim();
}

/**
 * Writes a git repository with these commits on `main` into `dir` (created) and returns their SHAs.
 * Commit dates are fixed (one hour apart from 2025-01-01), so the SHAs are the same on every run.
 */
export function writeFixtureRepo(dir: string, commits: readonly FixtureCommit[]): string[] {
  mkdirSync(dir, { recursive: true });
  gitIn(dir, '2025-01-01T00:00:00Z')('init', '-q', '-b', 'main');
  return commits.map((commit, i) => {
    const git = gitIn(dir, `2025-01-01T${String(i).padStart(2, '0')}:00:00Z`);
    for (const [file, content] of Object.entries(commit.files)) {
      const full = path.join(dir, file);
      if (content === null) {
        rmSync(full, { force: true });
        continue;
      }
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', commit.message);
    return git('rev-parse', 'HEAD');
  });
}
