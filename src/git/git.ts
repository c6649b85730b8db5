import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';

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

/** A full commit or object id (SHA-1 or SHA-256): what it names never changes. */
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A `<rev>:<path>` spec's revision and path (the path may hold further colons). */
function specParts(spec: string): { rev: string; file: string } {
  const colon = spec.indexOf(':');
  return { rev: colon < 0 ? '' : spec.slice(0, colon), file: spec.slice(colon + 1) };
}

/** One blob read through `git cat-file --batch`: null when the object does not exist. */
export type BlobMap = Map<string, Buffer | null>;

/** One entry of a revision's tree (see Git.listTree). */
export interface TreeEntry {
  path: string;
  id: string;
  type: 'blob' | 'commit';
  /** The mode git lists: 100644 or 100755 (a file), 120000 (a symbolic link, whose blob is the target's path), 160000 (a submodule). */
  mode: string;
}

/** One line `Git.grepLines` found. */
export interface GrepHit {
  file: string;
  line: number;
  text: string;
}

/** One commit `Git.lineHistory` found: its id, its author date (YYYY-MM-DD) and its subject. */
export interface LineCommit {
  id: string;
  date: string;
  subject: string;
}

/** Limits of a bounded git command: lines kept at most (it is stopped at one more) and its time. */
export interface OutputLimits {
  maxLines: number;
  timeoutMs: number;
}

/**
 * Every git operation keybug needs, reading only git objects (never the working tree),
 * so any two revisions of any clone can be compared. `start` is the only place git is started.
 * Blobs are read through one long-lived `git cat-file --batch`, started on the first read and
 * ended by `close()` (a later read starts a new one).
 */
export class Git {
  private blobReader: BlobReader | null = null;
  /** Whole-tree listings of commits named by id (immutable), shared by the run's stages. */
  private readonly trees = new Map<string, Promise<readonly TreeEntry[]>>();
  /** Each listed tree's files by path, with their blob ids (made on first use). */
  private readonly treeBlobs = new Map<string, Promise<ReadonlyMap<string, string>>>();

  /** The repository's git directory, once known: from then on git runs away from the working tree. */
  private gitDir: string | null = null;

  private constructor(readonly repoDir: string) {}

  /** Checks that `repoDir` is inside a git repository. */
  static async open(repoDir: string): Promise<Git> {
    if (!statSync(repoDir, { throwIfNoEntry: false })?.isDirectory()) {
      throw new GitError(`The repository folder '${repoDir}' does not exist.`, ['rev-parse'], '');
    }
    const git = new Git(repoDir);
    const { code, stdout, stderr } = await git.run(['rev-parse', '--absolute-git-dir'], { allowFailure: true });
    if (code !== 0) throw new GitError(`'${repoDir}' is not a git repository: ${stderr.trim()}`, ['rev-parse'], stderr);
    git.gitDir = stdout.toString('utf8').trim();
    return git;
  }

  /** Resolves a revision to a full commit SHA; null when it does not exist here. */
  async resolveCommit(rev: string): Promise<string | null> {
    const { code, stdout } = await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], {
      allowFailure: true,
    });
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

  /** The URL a remote fetches from (`git config remote.<name>.url`); null when there is no such remote. */
  async remoteUrl(remote: string): Promise<string | null> {
    const { code, stdout } = await this.run(['config', '--get', `remote.${remote}.url`], { allowFailure: true });
    const url = stdout.toString('utf8').trim();
    return code === 0 && url !== '' ? url : null;
  }

  /** Fetches commits from a remote (used to complete a shallow clone); false when it did not work. */
  async tryFetch(remote: string, refs: string[], extraArgs: string[] = []): Promise<boolean> {
    const { code } = await this.run(['fetch', '--no-tags', '--quiet', ...extraArgs, remote, ...refs], { allowFailure: true });
    return code === 0;
  }

  /** The raw unified diff between two commits, NUL-free, with full-index headers, without external diff drivers or textconv. */
  async diff(base: string, head: string, extraArgs: string[] = []): Promise<Buffer> {
    const { stdout } = await this.run([
      '-c',
      'core.quotePath=false',
      '-c',
      'diff.noprefix=false',
      '-c',
      'diff.mnemonicPrefix=false',
      'diff',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--find-renames',
      '--full-index',
      '--submodule=short',
      '--diff-algorithm=myers',
      '--indent-heuristic',
      '--src-prefix=a/',
      '--dst-prefix=b/',
      ...extraArgs,
      base,
      head,
      '--',
    ]);
    return stdout;
  }

  /**
   * Reads many blobs at once (`<rev>:<path>` specs) through the long-lived `git cat-file --batch`.
   * A path of a revision whose tree was listed (listTree) is read by its blob id: git then resolves
   * no path (400 RocksDB files: 60 ms by id against 90-120 ms by `<rev>:<path>`). Otherwise
   * cat-file reads one spec per line (and drops a carriage return at a line's end), so a path with a
   * newline in it, or ending in a carriage return, is first looked up in its tree (`ls-tree -z`)
   * and read by object id instead.
   */
  async readBlobs(specs: string[]): Promise<BlobMap> {
    const result: BlobMap = new Map();
    if (specs.length === 0) return result;
    const listed = await this.listedBlobIds(specs);
    const byLine = specs.map((spec, i) => listed[i] ?? (/[\n\r]/.test(spec) ? null : spec));
    const unsafe = specs.filter((_, i) => byLine[i] === null);
    const ids = unsafe.length > 0 ? await this.objectIdsOf(unsafe) : new Map<string, string | null>();
    const asked = specs.map((spec, i) => byLine[i] ?? ids.get(spec) ?? null);
    const wanted = asked.filter((name): name is string => name !== null);
    this.blobReader ??= new BlobReader(() => this.start(['cat-file', '--batch']));
    const blobs = wanted.length > 0 ? await this.blobReader.read(wanted) : [];
    let next = 0;
    specs.forEach((spec, i) => result.set(spec, asked[i] === null ? null : (blobs[next++] ?? null)));
    return result;
  }

  /** The blob id of each spec whose revision's tree is listed already (undefined for the others). */
  private async listedBlobIds(specs: readonly string[]): Promise<(string | undefined)[]> {
    const split = specs.map(specParts);
    const listed = new Map<string, ReadonlyMap<string, string>>();
    for (const rev of new Set(split.map((s) => s.rev))) {
      // A listing that failed reads its specs by path, as an unlisted revision's.
      if (this.trees.has(rev)) listed.set(rev, await this.blobIds(rev).catch(() => new Map<string, string>()));
    }
    return split.map((s) => listed.get(s.rev)?.get(s.file));
  }

  /** A revision's files by path with their blob ids (its tree listed once, see listTree). */
  blobIds(rev: string): Promise<ReadonlyMap<string, string>> {
    let ids = this.treeBlobs.get(rev);
    if (ids === undefined) {
      ids = this.listTree(rev).then((tree) => new Map(tree.filter((e) => e.type === 'blob').map((e) => [e.path, e.id])));
      if (OBJECT_ID.test(rev)) {
        this.treeBlobs.set(rev, ids);
        ids.catch(() => this.treeBlobs.delete(rev));
      }
    }
    return ids;
  }

  /** The object ids of `<rev>:<path>` specs, from their trees (paths taken literally, any bytes but NUL); null when absent. */
  private async objectIdsOf(specs: string[]): Promise<Map<string, string | null>> {
    const byRev = new Map<string, string[]>();
    for (const { rev, file } of specs.map(specParts)) byRev.set(rev, [...(byRev.get(rev) ?? []), file]);
    const ids = new Map<string, string | null>(specs.map((spec) => [spec, null]));
    for (const [rev, paths] of byRev) {
      const { code, stdout } = await this.run(['--literal-pathspecs', 'ls-tree', '-z', '--full-tree', rev, '--', ...paths], {
        allowFailure: true,
      });
      if (code !== 0) continue;
      for (const entry of stdout.toString('utf8').split('\0')) {
        const match = /^\d+ blob ([0-9a-f]+)\t([\s\S]*)$/.exec(entry);
        if (match?.[1] !== undefined && match[2] !== undefined) ids.set(`${rev}:${match[2]}`, match[1]);
      }
    }
    return ids;
  }

  /** Reads one blob; null when it does not exist. */
  async readBlob(rev: string, path: string): Promise<Buffer | null> {
    const spec = `${rev}:${path}`;
    return (await this.readBlobs([spec])).get(spec) ?? null;
  }

  /** Paths of all files (blobs) in a revision, or of those under the given folders. */
  async listFiles(rev: string, folders: string[] = []): Promise<string[]> {
    if (folders.length === 0 && OBJECT_ID.test(rev)) return (await this.listTree(rev)).map((e) => e.path);
    const { stdout } = await this.run([
      'ls-tree',
      '-r',
      '-z',
      '--name-only',
      '--full-tree',
      rev,
      ...(folders.length > 0 ? ['--', ...folders] : []),
    ]);
    return stdout
      .toString('utf8')
      .split('\0')
      .filter((p) => p !== '');
  }

  /**
   * Every entry of a revision's tree (what listFiles lists: files, and submodules as `commit`) with
   * its object id, in tree order. A commit named by its id is listed once per Git: the run's stages
   * (attributes, guidance, slicing) each list the base revision.
   */
  listTree(rev: string): Promise<readonly TreeEntry[]> {
    if (!OBJECT_ID.test(rev)) return this.readTree(rev);
    let listed = this.trees.get(rev);
    if (listed === undefined) {
      listed = this.readTree(rev);
      this.trees.set(rev, listed);
      // A failed listing is not kept: the next caller asks git again.
      listed.catch(() => this.trees.delete(rev));
    }
    return listed;
  }

  private async readTree(rev: string): Promise<TreeEntry[]> {
    const { stdout } = await this.run(['ls-tree', '-r', '-z', '--full-tree', rev]);
    const out: TreeEntry[] = [];
    for (const entry of stdout.toString('utf8').split('\0')) {
      const match = /^(\d+) (blob|commit) ([0-9a-f]+)\t([\s\S]*)$/.exec(entry);
      if (match?.[1] !== undefined && match[2] !== undefined && match[3] !== undefined && match[4] !== undefined)
        out.push({ path: match[4], id: match[3], type: match[2] as TreeEntry['type'], mode: match[1] });
    }
    return out;
  }

  /** The repository's git directory (`.git`, or a bare repository's folder). */
  get dir(): string {
    if (this.gitDir === null) throw new Error('the git directory is known once the repository is opened');
    return this.gitDir;
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

  /** The sizes in bytes of objects named by id (`git cat-file --batch-check`); null for a missing one. Sizes are read without reading the objects. */
  async objectSizes(ids: readonly string[]): Promise<Map<string, number | null>> {
    const sizes = new Map<string, number | null>(ids.map((id) => [id, null]));
    if (ids.length === 0) return sizes;
    const { stdout } = await this.run(['cat-file', '--batch-check=%(objectname) %(objectsize)'], {
      input: Buffer.from(ids.join('\n') + '\n'),
    });
    for (const line of stdout.toString('utf8').split('\n')) {
      const match = /^([0-9a-f]+) (\d+)$/.exec(line);
      if (match?.[1] !== undefined && sizes.has(match[1])) sizes.set(match[1], Number(match[2]));
    }
    return sizes;
  }

  /**
   * Lines of a revision's text files (limited to `pathspecs`, which may use git's `:(glob)` magic)
   * holding `pattern`: a fixed string, or a POSIX extended expression with `regex` (git's own
   * matcher, which does not backtrack). Binary files are skipped. At most `limits.maxLines` lines are
   * kept: `more` says git found another, and it was stopped there; `timedOut` that it was stopped
   * at `limits.timeoutMs`.
   */
  async grepLines(
    rev: string,
    pattern: string,
    options: { regex: boolean; pathspecs: readonly string[] } & OutputLimits,
  ): Promise<{ hits: GrepHit[]; more: boolean; timedOut: boolean }> {
    const args = [
      '-c',
      'grep.column=false',
      '-c',
      'grep.fullName=false',
      '-c',
      'core.quotePath=false',
      'grep',
      '-n',
      '-z',
      '-I',
      '--no-color',
      options.regex ? '-E' : '-F',
      '-e',
      pattern,
      rev,
      '--',
      ...options.pathspecs,
    ];
    const prefix = `${rev}:`;
    const ended = await this.runBounded(args, options, (line): GrepHit | null => {
      // `<rev>:<path>` NUL `<line>` NUL `<text>`
      const first = line.indexOf(0);
      const second = first < 0 ? -1 : line.indexOf(0, first + 1);
      if (second < 0) return null;
      const name = line.subarray(0, first).toString('utf8');
      return {
        file: name.startsWith(prefix) ? name.slice(prefix.length) : name,
        line: Number(line.subarray(first + 1, second).toString('utf8')),
        text: line.subarray(second + 1).toString('utf8'),
      };
    });
    if (ended.code !== 0 && ended.code !== 1 && !ended.more && !ended.timedOut)
      throw new GitError(`git grep failed: ${ended.stderr.trim()}`, ['grep'], ended.stderr);
    return { hits: ended.items, more: ended.more, timedOut: ended.timedOut };
  }

  /**
   * The commits that last changed one line of a file, newest first, as seen from `rev` (`git log
   * -L`): at most `limits.maxLines` of them; `more` when there were more, `timedOut` when git was
   * stopped at `limits.timeoutMs`. Throws GitError when git cannot follow the line (no such file or line).
   */
  async lineHistory(
    rev: string,
    file: string,
    line: number,
    limits: OutputLimits,
  ): Promise<{ commits: LineCommit[]; more: boolean; timedOut: boolean }> {
    const args = [
      '-c',
      'log.showSignature=false',
      'log',
      `-L${line},${line}:${file}`,
      '--format=%H%x09%ad%x09%s',
      '--date=short',
      '--no-patch',
      '--no-color',
      '--no-ext-diff',
      rev,
    ];
    const ended = await this.runBounded(args, limits, (raw): LineCommit | null => {
      const match = /^([0-9a-f]{40,64})\t(\S*)\t(.*)$/.exec(raw.toString('utf8'));
      return match?.[1] === undefined ? null : { id: match[1], date: match[2] ?? '', subject: match[3] ?? '' };
    });
    if (ended.code !== 0 && !ended.more && !ended.timedOut)
      throw new GitError(`git log -L failed: ${ended.stderr.trim()}`, ['log', '-L'], ended.stderr);
    return { commits: ended.items, more: ended.more, timedOut: ended.timedOut };
  }

  /**
   * Runs git and parses its output line by line (`parse` answers null for a line that is not an
   * item). Git is stopped (SIGKILL) at the first item past `maxLines` (`more`) or at `timeoutMs`
   * (`timedOut`), so its output never piles up and a slow command cannot hold the caller.
   */
  private runBounded<T>(
    args: string[],
    limits: OutputLimits,
    parse: (line: Buffer) => T | null,
  ): Promise<{ items: T[]; code: number; stderr: string; more: boolean; timedOut: boolean }> {
    const child = this.start(args);
    const items: T[] = [];
    let pending: Buffer[] = [];
    let more = false;
    let timedOut = false;
    let stderr = '';
    const stop = (): void => {
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, limits.timeoutMs);
    child.stdin.on('error', () => {});
    child.stdin.end();
    child.stderr.on('data', (b: Buffer) => {
      if (stderr.length < 4096) stderr += b.toString('utf8');
    });
    child.stdout.on('data', (chunk: Buffer) => {
      let from = 0;
      for (let eol = chunk.indexOf(0x0a); eol >= 0; eol = chunk.indexOf(0x0a, from)) {
        const item = parse(Buffer.concat([...pending, chunk.subarray(from, eol)]));
        pending = [];
        from = eol + 1;
        if (item === null) continue;
        if (items.length === limits.maxLines) {
          more = true;
          stop();
          return;
        }
        items.push(item);
      }
      pending.push(chunk.subarray(from));
    });
    return new Promise((resolve, reject) => {
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(new GitError(`git could not be started: ${e.message}`, args, ''));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ items, code: code ?? 128, stderr, more, timedOut: timedOut && !more });
      });
    });
  }

  /**
   * Commits as `git log` lists them: `revs` and their history (newest first), or exactly `revs`
   * with `noWalk`. Merges are left out with `noMerges`; `since` and `until` bound the committer date.
   */
  async commits(
    revs: string[],
    options: { noWalk?: boolean; noMerges?: boolean; since?: string; until?: string } = {},
  ): Promise<CommitInfo[]> {
    if (revs.length === 0) return [];
    const args = ['-c', 'log.showSignature=false', 'log', '-z', `--format=${COMMIT_FORMAT}`];
    if (options.noWalk) args.push('--no-walk=unsorted');
    if (options.noMerges) args.push('--no-merges');
    if (options.since !== undefined) args.push(`--since=${options.since}`);
    if (options.until !== undefined) args.push(`--until=${options.until}`);
    const { stdout } = await this.run([...args, '--end-of-options', ...revs, '--']);
    return parseCommits(stdout.toString('utf8'));
  }

  /**
   * Who last changed some lines of a file at a revision: `git blame --line-porcelain` with
   * `options` (such as -w -M -C), for each range of `ranges` (1-based, inclusive). Each line names
   * the commit it came from, the file's path there and the line's number there; a line of a root
   * commit, which has no parent to blame further, is marked `boundary`.
   */
  async blame(
    rev: string,
    file: string,
    ranges: readonly { start: number; end: number }[],
    options: readonly string[],
  ): Promise<BlamedLine[]> {
    if (ranges.length === 0) return [];
    const args = [
      // The user's ignore list and diff settings would change the answer; these are the same everywhere.
      '-c',
      'blame.ignoreRevsFile=',
      '-c',
      'diff.algorithm=myers',
      '-c',
      'core.quotePath=false',
      'blame',
      '--line-porcelain',
      ...options,
      ...ranges.flatMap((r) => ['-L', `${r.start},${r.end}`]),
      rev,
      '--',
      file,
    ];
    const { stdout } = await this.run(args);
    return parseBlame(stdout.toString('utf8'));
  }

  /** Ends the blob reader's `git cat-file` (if any); the next read starts a new one. */
  close(): void {
    this.blobReader?.close();
    this.blobReader = null;
  }

  /** Runs one git command to its end. Output is collected as bytes; a non-zero exit throws unless allowed. */
  private async run(
    args: string[],
    options: { input?: Buffer; allowFailure?: boolean } = {},
  ): Promise<{ code: number; stdout: Buffer; stderr: string }> {
    const child = this.start(args);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.stdin.on('error', () => {}); // git may exit before reading all input; its exit code tells
    child.stdin.end(options.input);
    const code = await new Promise<number>((resolve, reject) => {
      child.on('error', (e) => reject(new GitError(`git could not be started: ${e.message}`, args, '')));
      child.on('close', (exitCode) => resolve(exitCode ?? 128));
    });
    const stdout = Buffer.concat(out);
    const stderr = Buffer.concat(err).toString('utf8');
    if (code !== 0 && !options.allowFailure) {
      throw new GitError(
        `git ${args
          .filter((a) => !a.startsWith('-c') && !a.includes('='))
          .slice(0, 3)
          .join(' ')} failed (exit ${code}): ${stderr.trim()}`,
        args,
        stderr,
      );
    }
    return { code, stdout, stderr };
  }

  /**
   * The only place git is started. `node:child_process` rather than `@actions/exec`: the blob
   * reader is a long-lived process fed requests one batch at a time, which exec cannot drive.
   */
  private start(args: string[]): ChildProcessWithoutNullStreams {
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
    let cwd = this.repoDir;
    if (this.gitDir !== null) {
      // The checkout's .gitattributes (on a pull_request run, the PR's own) would otherwise decide
      // what git treats as binary: `*.c -diff` would hide every C file from the review. With an
      // empty folder as working tree and no index, only the repository's own config applies.
      cwd = emptyFolder();
      Object.assign(env, { GIT_DIR: this.gitDir, GIT_WORK_TREE: cwd, GIT_INDEX_FILE: path.join(cwd, 'no-index') });
    }
    return spawn('git', args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  }
}

/** One commit as `Git.commits` reads it. */
export interface CommitInfo {
  sha: string;
  parents: string[];
  /** Committer date, seconds since the epoch. */
  time: number;
  subject: string;
  /** The message after the subject line (trimmed). */
  body: string;
}

/** One line as `Git.blame` reads it. */
export interface BlamedLine {
  /** The commit the line came from. */
  sha: string;
  /** The file's path in that commit, and the line's number there. */
  path: string;
  line: number;
  /** The line's number in the blamed revision. */
  finalLine: number;
  /** The commit is a root commit (or lies beyond the history given): blame stopped there. */
  boundary: boolean;
  text: string;
}

/** NUL-free fields of one commit, separated by 0x1f; `git log -z` ends each record with a NUL. */
const COMMIT_FORMAT = '%H%x1f%P%x1f%ct%x1f%s%x1f%b';

function parseCommits(text: string): CommitInfo[] {
  const out: CommitInfo[] = [];
  for (const record of text.split('\0')) {
    if (record.trim() === '') continue;
    const [sha = '', parents = '', time = '0', subject = '', ...body] = record.replace(/^\n/, '').split('\x1f');
    out.push({ sha, parents: parents.split(' ').filter((p) => p !== ''), time: Number(time), subject, body: body.join('\x1f').trim() });
  }
  return out;
}

/** Parses `git blame --line-porcelain`: a `<sha> <orig> <final> [<n>]` header, key-value lines, then the line itself after a tab. */
function parseBlame(text: string): BlamedLine[] {
  const out: BlamedLine[] = [];
  let current: Omit<BlamedLine, 'text'> | null = null;
  for (const line of text.split('\n')) {
    if (current === null) {
      const header = /^([0-9a-f]{40,64}) (\d+) (\d+)/.exec(line);
      if (header !== null)
        current = { sha: header[1] as string, line: Number(header[2]), finalLine: Number(header[3]), path: '', boundary: false };
      continue;
    }
    if (line.startsWith('\t')) {
      out.push({ ...current, text: line.slice(1) });
      current = null;
    } else if (line.startsWith('filename ')) current.path = line.slice('filename '.length);
    else if (line === 'boundary') current.boundary = true;
  }
  return out;
}

let emptyDir: string | null = null;

/** Signals that end a process by default: a cancelled workflow run (SIGINT, then SIGTERM), Ctrl-C, a closed terminal. */
const ENDING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * One empty folder per process, removed when the process exits or one of ENDING_SIGNALS ends it
 * ('exit' does not run then, and every cancelled run would leave a folder in the temp folder).
 */
function emptyFolder(): string {
  if (emptyDir === null) {
    const dir = mkdtempSync(path.join(tmpdir(), 'keybug-git-'));
    emptyDir = dir;
    const remove = (): void => rmSync(dir, { recursive: true, force: true });
    process.once('exit', remove);
    for (const signal of ENDING_SIGNALS) {
      process.once(signal, () => {
        remove();
        // A listener takes away the signal's default: with no other listener left, it is raised again and ends the process as it would have.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    }
  }
  return emptyDir;
}

interface BlobRequest {
  resolve(blob: Buffer | null): void;
  reject(error: Error): void;
}

/**
 * One `git cat-file --batch` answering requests in order. Its output is parsed as it arrives
 * (`<oid> <type> <size>` LF, the raw bytes, LF; or `<spec> missing` LF), so blobs are binary-safe
 * and never all held at once. While no request is waiting the process and its pipes are unref'd,
 * so a reader someone forgot to close cannot keep Node from exiting.
 */
class BlobReader {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly queue: BlobRequest[] = [];
  private header: Buffer[] = [];
  private body: { data: Buffer; filled: number; blob: boolean } | null = null;
  /** Bytes still to skip: the LF that follows each body. */
  private skip = 0;
  private stderr = '';

  constructor(private readonly startProcess: () => ChildProcessWithoutNullStreams) {}

  /** The blobs named by `specs`, in order; null for a missing object or one that is not a blob. */
  read(specs: string[]): Promise<(Buffer | null)[]> {
    const child = this.process();
    const answers = specs.map(() => new Promise<Buffer | null>((resolve, reject) => this.queue.push({ resolve, reject })));
    this.setReferenced(true);
    child.stdin.write(specs.join('\n') + '\n');
    return Promise.all(answers);
  }

  close(): void {
    const child = this.child;
    if (child === null) return;
    this.child = null;
    child.stdin.end();
    this.fail(new GitError('The blob reader was closed before git answered.', ['cat-file'], ''));
  }

  private process(): ChildProcessWithoutNullStreams {
    if (this.child !== null) return this.child;
    const child = this.startProcess();
    this.child = child;
    this.header = [];
    this.body = null;
    this.skip = 0;
    this.stderr = '';
    child.stdout.on('data', (chunk: Buffer) => this.consume(chunk));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    child.stdin.on('error', () => {}); // reported by 'close' below, with git's stderr
    const ended = (reason: string): void => {
      if (this.child !== child) return;
      this.child = null;
      this.fail(new GitError(`git cat-file ${reason}: ${this.stderr.trim()}`, ['cat-file', '--batch'], this.stderr));
    };
    child.on('error', (e) => ended(`could not be started (${e.message})`));
    child.on('close', (code) => ended(`ended early (exit ${code})`));
    return child;
  }

  private consume(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - pos);
        this.skip -= n;
        pos += n;
      } else if (this.body !== null) {
        const body = this.body;
        const n = chunk.copy(body.data, body.filled, pos, Math.min(chunk.length, pos + body.data.length - body.filled));
        body.filled += n;
        pos += n;
        if (body.filled === body.data.length) this.answer(body.blob ? body.data : null, 1);
      } else {
        const eol = chunk.indexOf(0x0a, pos);
        if (eol < 0) {
          this.header.push(chunk.subarray(pos));
          return;
        }
        this.header.push(chunk.subarray(pos, eol));
        pos = eol + 1;
        const line = Buffer.concat(this.header).toString('utf8');
        this.header = [];
        this.startAnswer(line);
      }
    }
  }

  private startAnswer(line: string): void {
    if (line.endsWith(' missing') || line.endsWith(' ambiguous')) return this.answer(null, 0);
    const [, type, sizeText] = line.split(' ');
    const size = Number(sizeText);
    if (!Number.isSafeInteger(size) || size < 0) {
      this.fail(new GitError(`Unexpected git cat-file output: ${JSON.stringify(line)}`, ['cat-file', '--batch'], ''));
      this.close();
      return;
    }
    const blob = type === 'blob';
    if (size === 0) return this.answer(blob ? Buffer.alloc(0) : null, 1);
    this.body = { data: Buffer.allocUnsafe(size), filled: 0, blob };
  }

  private answer(blob: Buffer | null, skip: number): void {
    this.body = null;
    this.skip = skip;
    this.queue.shift()?.resolve(blob);
    if (this.queue.length === 0) this.setReferenced(false);
  }

  private fail(error: Error): void {
    for (const request of this.queue.splice(0)) request.reject(error);
  }

  /** A waiting request keeps Node alive until git answers; an idle reader does not. */
  private setReferenced(referenced: boolean): void {
    const child = this.child;
    if (child === null) return;
    for (const handle of [child, child.stdin as unknown as Socket, child.stdout as unknown as Socket, child.stderr as unknown as Socket]) {
      if (referenced) handle.ref();
      else handle.unref();
    }
  }
}
