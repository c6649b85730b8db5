import { exec } from '@actions/exec';
import { statSync } from 'node:fs';

/** A git command failed, or a revision or object is missing. */
export class GitError extends Error {
  constructor(
    message: string,
    readonly args: readonly string[],
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/** One blob read through `git cat-file --batch`: null when the object does not exist. */
export type BlobMap = Map<string, Buffer | null>;

/**
 * Every git operation keybug needs, reading only git objects (never the working tree),
 * so any two revisions of any clone can be compared. `run` is the only place git is started.
 */
export class Git {
  private constructor(readonly repoDir: string) {}

  /** Checks that `repoDir` is inside a git repository. */
  static async open(repoDir: string): Promise<Git> {
    if (!statSync(repoDir, { throwIfNoEntry: false })?.isDirectory()) {
      throw new GitError(`The repository folder '${repoDir}' does not exist.`, ['rev-parse'], '');
    }
    const git = new Git(repoDir);
    const { code, stderr } = await git.run(['rev-parse', '--git-dir'], { allowFailure: true });
    if (code !== 0) throw new GitError(`'${repoDir}' is not a git repository: ${stderr.trim()}`, ['rev-parse'], stderr);
    return git;
  }

  /** Resolves a revision to a full commit SHA; null when it does not exist here. */
  async resolveCommit(rev: string): Promise<string | null> {
    const { code, stdout } = await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], { allowFailure: true });
    return code === 0 ? stdout.toString('utf8').trim() : null;
  }

  /** The best common ancestor of two commits; null when they share no history (or it is missing). */
  async mergeBase(a: string, b: string): Promise<string | null> {
    const { code, stdout } = await this.run(['merge-base', a, b], { allowFailure: true });
    return code === 0 ? stdout.toString('utf8').trim() : null;
  }

  /** True when the clone is shallow (history cut at a depth). */
  async isShallow(): Promise<boolean> {
    const { stdout } = await this.run(['rev-parse', '--is-shallow-repository']);
    return stdout.toString('utf8').trim() === 'true';
  }

  /** Fetches commits from a remote (used to complete a shallow clone); false when it did not work. */
  async tryFetch(remote: string, refs: string[], extraArgs: string[] = []): Promise<boolean> {
    const { code } = await this.run(['fetch', '--no-tags', '--quiet', ...extraArgs, remote, ...refs], { allowFailure: true });
    return code === 0;
  }

  /** The raw unified diff between two commits, NUL-free, with full-index headers, without external diff drivers or textconv. */
  async diff(base: string, head: string, extraArgs: string[] = []): Promise<Buffer> {
    const { stdout } = await this.run([
      '-c', 'core.quotePath=false', '-c', 'diff.noprefix=false', '-c', 'diff.mnemonicPrefix=false',
      'diff', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames', '--full-index', '--submodule=short',
      '--src-prefix=a/', '--dst-prefix=b/', ...extraArgs, base, head, '--',
    ]);
    return stdout;
  }

  /** Reads many blobs at once (`<rev>:<path>` specs) with one `git cat-file --batch`. */
  async readBlobs(specs: string[]): Promise<BlobMap> {
    const result: BlobMap = new Map();
    if (specs.length === 0) return result;
    for (const spec of specs) {
      if (spec.includes('\n')) throw new GitError(`Cannot read an object whose name contains a newline: ${JSON.stringify(spec)}`, ['cat-file'], '');
    }
    const { stdout } = await this.run(['cat-file', '--batch'], { input: Buffer.from(specs.join('\n') + '\n') });
    let pos = 0;
    for (const spec of specs) {
      const eol = stdout.indexOf(0x0a, pos);
      if (eol < 0) throw new GitError(`git cat-file ended early at ${spec}`, ['cat-file'], '');
      const header = stdout.toString('utf8', pos, eol);
      pos = eol + 1;
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        result.set(spec, null);
        continue;
      }
      const size = Number(header.split(' ')[2]);
      const type = header.split(' ')[1];
      const body = stdout.subarray(pos, pos + size);
      pos += size + 1; // the body is followed by a newline
      result.set(spec, type === 'blob' ? body : null);
    }
    return result;
  }

  /** Reads one blob; null when it does not exist. */
  async readBlob(rev: string, path: string): Promise<Buffer | null> {
    const spec = `${rev}:${path}`;
    return (await this.readBlobs([spec])).get(spec) ?? null;
  }

  /** Paths of all files (blobs) in a revision. */
  async listFiles(rev: string): Promise<string[]> {
    const { stdout } = await this.run(['ls-tree', '-r', '-z', '--name-only', rev]);
    return stdout.toString('utf8').split('\0').filter((p) => p !== '');
  }

  /**
   * Paths in `rev` (limited to `pathspecs`) that contain any of `words` as a whole word.
   * This is git's own fast search over the revision's objects: cost grows with the words, not with parsing.
   */
  async grepFiles(rev: string, words: string[], pathspecs: string[]): Promise<string[]> {
    if (words.length === 0) return [];
    const patterns = words.flatMap((w) => ['-e', w]);
    const { code, stdout, stderr } = await this.run(
      ['grep', '-l', '-z', '-w', '-F', '-I', '--no-color', ...patterns, rev, '--', ...pathspecs],
      { allowFailure: true },
    );
    if (code === 1) return []; // no match
    if (code !== 0) throw new GitError(`git grep failed: ${stderr.trim()}`, ['grep'], stderr);
    const prefix = `${rev}:`;
    return stdout
      .toString('utf8')
      .split('\0')
      .filter((p) => p !== '')
      .map((p) => (p.startsWith(prefix) ? p.slice(prefix.length) : p));
  }

  /** The only place git is started. Output is collected as bytes; a non-zero exit throws unless allowed. */
  private async run(
    args: string[],
    options: { input?: Buffer; allowFailure?: boolean } = {},
  ): Promise<{ code: number; stdout: Buffer; stderr: string }> {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const code = await exec('git', args, {
      cwd: this.repoDir,
      silent: true,
      ignoreReturnCode: true,
      input: options.input,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } as Record<string, string>,
      listeners: { stdout: (b: Buffer) => out.push(b), stderr: (b: Buffer) => err.push(b) },
    });
    const stdout = Buffer.concat(out);
    const stderr = Buffer.concat(err).toString('utf8');
    if (code !== 0 && !options.allowFailure) {
      throw new GitError(`git ${args.filter((a) => !a.startsWith('-c') && !a.includes('=')).slice(0, 3).join(' ')} failed (exit ${code}): ${stderr.trim()}`, args, stderr);
    }
    return { code, stdout, stderr };
  }
}
