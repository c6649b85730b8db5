import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throw-away git repository for tests: write files, commit, and read SHAs. */
export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  write(file: string, content: string | Buffer): void;
  remove(file: string): void;
  chmod(file: string, mode: number): void;
  /** Stages everything and commits; returns the new commit's SHA. */
  commit(message: string): string;
  cleanup(): void;
}

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

/** Creates an empty repository (branch `main`) in a new temp directory. */
export function createRepo(prefix = 'keybug-test-'): TestRepo {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const git = (...args: string[]): string =>
    // maintenance.auto=false: no `git maintenance run --auto` process after every commit.
    execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'protocol.file.allow=always', '-c', 'maintenance.auto=false', ...args], {
      cwd: dir,
      env: ENV,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
  git('init', '-q', '-b', 'main');
  git('config', 'commit.gpgsign', 'false');
  return {
    dir,
    git,
    write(file, content) {
      const full = path.join(dir, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, content);
    },
    remove(file) {
      unlinkSync(path.join(dir, file));
    },
    chmod(file, mode) {
      chmodSync(path.join(dir, file), mode);
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
