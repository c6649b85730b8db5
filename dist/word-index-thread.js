import { dirname as __keybugDirname } from "node:path";
import { fileURLToPath as __keybugFileURLToPath } from "node:url";
const __filename = __keybugFileURLToPath(import.meta.url);
const __dirname = __keybugDirname(__filename);
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 873:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(919);
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_worker_threads__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _index_thread_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(767);
// The entry of the word index's thread (see index-thread.ts): builds the index its job asks for and
// hands the arrays over to the thread that started it.


const reply = await (0,_index_thread_js__WEBPACK_IMPORTED_MODULE_1__/* .runIndexJob */ .Be)(node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.workerData);
node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.parentPort?.postMessage(reply, (0,_index_thread_js__WEBPACK_IMPORTED_MODULE_1__/* .transferablesOf */ .CD)(reply));

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 767:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Be: () => (/* binding */ runIndexJob),
  CD: () => (/* binding */ transferablesOf)
});

// UNUSED EXPORTS: INDEX_THREAD_SCRIPT, buildIndex, indexFromReply, threadScript

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __nccwpck_require__(919);
;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: ./src/git/git.ts




/** A git command failed, or a revision or object is missing. */
class GitError extends Error {
    args;
    stderr;
    constructor(message, args, stderr) {
        super(message);
        this.args = args;
        this.stderr = stderr;
        this.name = 'GitError';
    }
}
/** A full commit or object id (SHA-1 or SHA-256): what it names never changes. */
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** A `<rev>:<path>` spec's revision and path (the path may hold further colons). */
function specParts(spec) {
    const colon = spec.indexOf(':');
    return { rev: colon < 0 ? '' : spec.slice(0, colon), file: spec.slice(colon + 1) };
}
/**
 * Every git operation keybug needs, reading only git objects (never the working tree),
 * so any two revisions of any clone can be compared. `start` is the only place git is started.
 * Blobs are read through one long-lived `git cat-file --batch`, started on the first read and
 * ended by `close()` (a later read starts a new one).
 */
class Git {
    repoDir;
    blobReader = null;
    /** Whole-tree listings of commits named by id (immutable), shared by the run's stages. */
    trees = new Map();
    /** Each listed tree's files by path, with their blob ids (made on first use). */
    treeBlobs = new Map();
    /** The repository's git directory, once known: from then on git runs away from the working tree. */
    gitDir = null;
    constructor(repoDir) {
        this.repoDir = repoDir;
    }
    /** Checks that `repoDir` is inside a git repository. */
    static async open(repoDir) {
        if (!(0,external_node_fs_namespaceObject.statSync)(repoDir, { throwIfNoEntry: false })?.isDirectory()) {
            throw new GitError(`The repository folder '${repoDir}' does not exist.`, ['rev-parse'], '');
        }
        const git = new Git(repoDir);
        const { code, stdout, stderr } = await git.run(['rev-parse', '--absolute-git-dir'], { allowFailure: true });
        if (code !== 0)
            throw new GitError(`'${repoDir}' is not a git repository: ${stderr.trim()}`, ['rev-parse'], stderr);
        git.gitDir = stdout.toString('utf8').trim();
        return git;
    }
    /** Resolves a revision to a full commit SHA; null when it does not exist here. */
    async resolveCommit(rev) {
        const { code, stdout } = await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], {
            allowFailure: true,
        });
        return code === 0 ? stdout.toString('utf8').trim() : null;
    }
    /** The best common ancestor of two commits; null when they share no history (or it is missing). */
    async mergeBase(a, b) {
        const { code, stdout } = await this.run(['merge-base', a, b], { allowFailure: true });
        return code === 0 ? stdout.toString('utf8').trim() : null;
    }
    /** True when the clone is shallow (history cut at a depth). */
    async isShallow() {
        const { stdout } = await this.run(['rev-parse', '--is-shallow-repository']);
        return stdout.toString('utf8').trim() === 'true';
    }
    /** The URL a remote fetches from (`git config remote.<name>.url`); null when there is no such remote. */
    async remoteUrl(remote) {
        const { code, stdout } = await this.run(['config', '--get', `remote.${remote}.url`], { allowFailure: true });
        const url = stdout.toString('utf8').trim();
        return code === 0 && url !== '' ? url : null;
    }
    /** Fetches commits from a remote (used to complete a shallow clone); false when it did not work. */
    async tryFetch(remote, refs, extraArgs = []) {
        const { code } = await this.run(['fetch', '--no-tags', '--quiet', ...extraArgs, remote, ...refs], { allowFailure: true });
        return code === 0;
    }
    /** The raw unified diff between two commits, NUL-free, with full-index headers, without external diff drivers or textconv. */
    async diff(base, head, extraArgs = []) {
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
    async readBlobs(specs) {
        const result = new Map();
        if (specs.length === 0)
            return result;
        const listed = await this.listedBlobIds(specs);
        const byLine = specs.map((spec, i) => listed[i] ?? (/[\n\r]/.test(spec) ? null : spec));
        const unsafe = specs.filter((_, i) => byLine[i] === null);
        const ids = unsafe.length > 0 ? await this.objectIdsOf(unsafe) : new Map();
        const asked = specs.map((spec, i) => byLine[i] ?? ids.get(spec) ?? null);
        const wanted = asked.filter((name) => name !== null);
        this.blobReader ??= new BlobReader(() => this.start(['cat-file', '--batch']));
        const blobs = wanted.length > 0 ? await this.blobReader.read(wanted) : [];
        let next = 0;
        specs.forEach((spec, i) => result.set(spec, asked[i] === null ? null : (blobs[next++] ?? null)));
        return result;
    }
    /** The blob id of each spec whose revision's tree is listed already (undefined for the others). */
    async listedBlobIds(specs) {
        const split = specs.map(specParts);
        const listed = new Map();
        for (const rev of new Set(split.map((s) => s.rev))) {
            // A listing that failed reads its specs by path, as an unlisted revision's.
            if (this.trees.has(rev))
                listed.set(rev, await this.blobIds(rev).catch(() => new Map()));
        }
        return split.map((s) => listed.get(s.rev)?.get(s.file));
    }
    /** A revision's files by path with their blob ids (its tree listed once, see listTree). */
    blobIds(rev) {
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
    async objectIdsOf(specs) {
        const byRev = new Map();
        for (const { rev, file } of specs.map(specParts))
            byRev.set(rev, [...(byRev.get(rev) ?? []), file]);
        const ids = new Map(specs.map((spec) => [spec, null]));
        for (const [rev, paths] of byRev) {
            const { code, stdout } = await this.run(['--literal-pathspecs', 'ls-tree', '-z', '--full-tree', rev, '--', ...paths], {
                allowFailure: true,
            });
            if (code !== 0)
                continue;
            for (const entry of stdout.toString('utf8').split('\0')) {
                const match = /^\d+ blob ([0-9a-f]+)\t([\s\S]*)$/.exec(entry);
                if (match?.[1] !== undefined && match[2] !== undefined)
                    ids.set(`${rev}:${match[2]}`, match[1]);
            }
        }
        return ids;
    }
    /** Reads one blob; null when it does not exist. */
    async readBlob(rev, path) {
        const spec = `${rev}:${path}`;
        return (await this.readBlobs([spec])).get(spec) ?? null;
    }
    /** Paths of all files (blobs) in a revision, or of those under the given folders. */
    async listFiles(rev, folders = []) {
        if (folders.length === 0 && OBJECT_ID.test(rev))
            return (await this.listTree(rev)).map((e) => e.path);
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
    listTree(rev) {
        if (!OBJECT_ID.test(rev))
            return this.readTree(rev);
        let listed = this.trees.get(rev);
        if (listed === undefined) {
            listed = this.readTree(rev);
            this.trees.set(rev, listed);
            // A failed listing is not kept: the next caller asks git again.
            listed.catch(() => this.trees.delete(rev));
        }
        return listed;
    }
    async readTree(rev) {
        const { stdout } = await this.run(['ls-tree', '-r', '-z', '--full-tree', rev]);
        const out = [];
        for (const entry of stdout.toString('utf8').split('\0')) {
            const match = /^(\d+) (blob|commit) ([0-9a-f]+)\t([\s\S]*)$/.exec(entry);
            if (match?.[1] !== undefined && match[2] !== undefined && match[3] !== undefined && match[4] !== undefined)
                out.push({ path: match[4], id: match[3], type: match[2], mode: match[1] });
        }
        return out;
    }
    /** The repository's git directory (`.git`, or a bare repository's folder). */
    get dir() {
        if (this.gitDir === null)
            throw new Error('the git directory is known once the repository is opened');
        return this.gitDir;
    }
    /**
     * Paths in `rev` (limited to `pathspecs`) that contain any of `words` as a whole word.
     * This is git's own fast search over the revision's objects: cost grows with the words, not with parsing.
     */
    async grepFiles(rev, words, pathspecs) {
        if (words.length === 0)
            return [];
        const patterns = words.flatMap((w) => ['-e', w]);
        const { code, stdout, stderr } = await this.run(['grep', '-l', '-z', '-w', '-F', '-I', '--no-color', ...patterns, rev, '--', ...pathspecs], { allowFailure: true });
        if (code === 1)
            return []; // no match
        if (code !== 0)
            throw new GitError(`git grep failed: ${stderr.trim()}`, ['grep'], stderr);
        const prefix = `${rev}:`;
        return stdout
            .toString('utf8')
            .split('\0')
            .filter((p) => p !== '')
            .map((p) => (p.startsWith(prefix) ? p.slice(prefix.length) : p));
    }
    /** The sizes in bytes of objects named by id (`git cat-file --batch-check`); null for a missing one. Sizes are read without reading the objects. */
    async objectSizes(ids) {
        const sizes = new Map(ids.map((id) => [id, null]));
        if (ids.length === 0)
            return sizes;
        const { stdout } = await this.run(['cat-file', '--batch-check=%(objectname) %(objectsize)'], {
            input: Buffer.from(ids.join('\n') + '\n'),
        });
        for (const line of stdout.toString('utf8').split('\n')) {
            const match = /^([0-9a-f]+) (\d+)$/.exec(line);
            if (match?.[1] !== undefined && sizes.has(match[1]))
                sizes.set(match[1], Number(match[2]));
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
    async grepLines(rev, pattern, options) {
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
        const ended = await this.runBounded(args, options, (line) => {
            // `<rev>:<path>` NUL `<line>` NUL `<text>`
            const first = line.indexOf(0);
            const second = first < 0 ? -1 : line.indexOf(0, first + 1);
            if (second < 0)
                return null;
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
    async lineHistory(rev, file, line, limits) {
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
        const ended = await this.runBounded(args, limits, (raw) => {
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
    runBounded(args, limits, parse) {
        const child = this.start(args);
        const items = [];
        let pending = [];
        let more = false;
        let timedOut = false;
        let stderr = '';
        const stop = () => {
            child.stdout.removeAllListeners('data');
            child.stdout.resume();
            child.kill('SIGKILL');
        };
        const timer = setTimeout(() => {
            timedOut = true;
            stop();
        }, limits.timeoutMs);
        child.stdin.on('error', () => { });
        child.stdin.end();
        child.stderr.on('data', (b) => {
            if (stderr.length < 4096)
                stderr += b.toString('utf8');
        });
        child.stdout.on('data', (chunk) => {
            let from = 0;
            for (let eol = chunk.indexOf(0x0a); eol >= 0; eol = chunk.indexOf(0x0a, from)) {
                const item = parse(Buffer.concat([...pending, chunk.subarray(from, eol)]));
                pending = [];
                from = eol + 1;
                if (item === null)
                    continue;
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
    async commits(revs, options = {}) {
        if (revs.length === 0)
            return [];
        const args = ['-c', 'log.showSignature=false', 'log', '-z', `--format=${COMMIT_FORMAT}`];
        if (options.noWalk)
            args.push('--no-walk=unsorted');
        if (options.noMerges)
            args.push('--no-merges');
        if (options.since !== undefined)
            args.push(`--since=${options.since}`);
        if (options.until !== undefined)
            args.push(`--until=${options.until}`);
        const { stdout } = await this.run([...args, '--end-of-options', ...revs, '--']);
        return parseCommits(stdout.toString('utf8'));
    }
    /**
     * Who last changed some lines of a file at a revision: `git blame --line-porcelain` with
     * `options` (such as -w -M -C), for each range of `ranges` (1-based, inclusive). Each line names
     * the commit it came from, the file's path there and the line's number there; a line of a root
     * commit, which has no parent to blame further, is marked `boundary`.
     */
    async blame(rev, file, ranges, options) {
        if (ranges.length === 0)
            return [];
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
    close() {
        this.blobReader?.close();
        this.blobReader = null;
    }
    /** Runs one git command to its end. Output is collected as bytes; a non-zero exit throws unless allowed. */
    async run(args, options = {}) {
        const child = this.start(args);
        const out = [];
        const err = [];
        child.stdout.on('data', (b) => out.push(b));
        child.stderr.on('data', (b) => err.push(b));
        child.stdin.on('error', () => { }); // git may exit before reading all input; its exit code tells
        child.stdin.end(options.input);
        const code = await new Promise((resolve, reject) => {
            child.on('error', (e) => reject(new GitError(`git could not be started: ${e.message}`, args, '')));
            child.on('close', (exitCode) => resolve(exitCode ?? 128));
        });
        const stdout = Buffer.concat(out);
        const stderr = Buffer.concat(err).toString('utf8');
        if (code !== 0 && !options.allowFailure) {
            throw new GitError(`git ${args
                .filter((a) => !a.startsWith('-c') && !a.includes('='))
                .slice(0, 3)
                .join(' ')} failed (exit ${code}): ${stderr.trim()}`, args, stderr);
        }
        return { code, stdout, stderr };
    }
    /**
     * The only place git is started. `node:child_process` rather than `@actions/exec`: the blob
     * reader is a long-lived process fed requests one batch at a time, which exec cannot drive.
     */
    start(args) {
        const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
        let cwd = this.repoDir;
        if (this.gitDir !== null) {
            // The checkout's .gitattributes (on a pull_request run, the PR's own) would otherwise decide
            // what git treats as binary: `*.c -diff` would hide every C file from the review. With an
            // empty folder as working tree and no index, only the repository's own config applies.
            cwd = emptyFolder();
            Object.assign(env, { GIT_DIR: this.gitDir, GIT_WORK_TREE: cwd, GIT_INDEX_FILE: external_node_path_default().join(cwd, 'no-index') });
        }
        return (0,external_node_child_process_namespaceObject.spawn)('git', args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    }
}
/** NUL-free fields of one commit, separated by 0x1f; `git log -z` ends each record with a NUL. */
const COMMIT_FORMAT = '%H%x1f%P%x1f%ct%x1f%s%x1f%b';
function parseCommits(text) {
    const out = [];
    for (const record of text.split('\0')) {
        if (record.trim() === '')
            continue;
        const [sha = '', parents = '', time = '0', subject = '', ...body] = record.replace(/^\n/, '').split('\x1f');
        out.push({ sha, parents: parents.split(' ').filter((p) => p !== ''), time: Number(time), subject, body: body.join('\x1f').trim() });
    }
    return out;
}
/** Parses `git blame --line-porcelain`: a `<sha> <orig> <final> [<n>]` header, key-value lines, then the line itself after a tab. */
function parseBlame(text) {
    const out = [];
    let current = null;
    for (const line of text.split('\n')) {
        if (current === null) {
            const header = /^([0-9a-f]{40,64}) (\d+) (\d+)/.exec(line);
            if (header !== null)
                current = { sha: header[1], line: Number(header[2]), finalLine: Number(header[3]), path: '', boundary: false };
            continue;
        }
        if (line.startsWith('\t')) {
            out.push({ ...current, text: line.slice(1) });
            current = null;
        }
        else if (line.startsWith('filename '))
            current.path = line.slice('filename '.length);
        else if (line === 'boundary')
            current.boundary = true;
    }
    return out;
}
let emptyDir = null;
/** Signals that end a process by default: a cancelled workflow run (SIGINT, then SIGTERM), Ctrl-C, a closed terminal. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/**
 * One empty folder per process, removed when the process exits or one of ENDING_SIGNALS ends it
 * ('exit' does not run then, and every cancelled run would leave a folder in the temp folder).
 */
function emptyFolder() {
    if (emptyDir === null) {
        const dir = (0,external_node_fs_namespaceObject.mkdtempSync)(external_node_path_default().join((0,external_node_os_namespaceObject.tmpdir)(), 'keybug-git-'));
        emptyDir = dir;
        const remove = () => (0,external_node_fs_namespaceObject.rmSync)(dir, { recursive: true, force: true });
        process.once('exit', remove);
        for (const signal of ENDING_SIGNALS) {
            process.once(signal, () => {
                remove();
                // A listener takes away the signal's default: with no other listener left, it is raised again and ends the process as it would have.
                if (process.listenerCount(signal) === 0)
                    process.kill(process.pid, signal);
            });
        }
    }
    return emptyDir;
}
/**
 * One `git cat-file --batch` answering requests in order. Its output is parsed as it arrives
 * (`<oid> <type> <size>` LF, the raw bytes, LF; or `<spec> missing` LF), so blobs are binary-safe
 * and never all held at once. While no request is waiting the process and its pipes are unref'd,
 * so a reader someone forgot to close cannot keep Node from exiting.
 */
class BlobReader {
    startProcess;
    child = null;
    queue = [];
    header = [];
    body = null;
    /** Bytes still to skip: the LF that follows each body. */
    skip = 0;
    stderr = '';
    constructor(startProcess) {
        this.startProcess = startProcess;
    }
    /** The blobs named by `specs`, in order; null for a missing object or one that is not a blob. */
    read(specs) {
        const child = this.process();
        const answers = specs.map(() => new Promise((resolve, reject) => this.queue.push({ resolve, reject })));
        this.setReferenced(true);
        child.stdin.write(specs.join('\n') + '\n');
        return Promise.all(answers);
    }
    close() {
        const child = this.child;
        if (child === null)
            return;
        this.child = null;
        child.stdin.end();
        this.fail(new GitError('The blob reader was closed before git answered.', ['cat-file'], ''));
    }
    process() {
        if (this.child !== null)
            return this.child;
        const child = this.startProcess();
        this.child = child;
        this.header = [];
        this.body = null;
        this.skip = 0;
        this.stderr = '';
        child.stdout.on('data', (chunk) => this.consume(chunk));
        child.stderr.on('data', (chunk) => (this.stderr += chunk.toString('utf8')));
        child.stdin.on('error', () => { }); // reported by 'close' below, with git's stderr
        const ended = (reason) => {
            if (this.child !== child)
                return;
            this.child = null;
            this.fail(new GitError(`git cat-file ${reason}: ${this.stderr.trim()}`, ['cat-file', '--batch'], this.stderr));
        };
        child.on('error', (e) => ended(`could not be started (${e.message})`));
        child.on('close', (code) => ended(`ended early (exit ${code})`));
        return child;
    }
    consume(chunk) {
        let pos = 0;
        while (pos < chunk.length) {
            if (this.skip > 0) {
                const n = Math.min(this.skip, chunk.length - pos);
                this.skip -= n;
                pos += n;
            }
            else if (this.body !== null) {
                const body = this.body;
                const n = chunk.copy(body.data, body.filled, pos, Math.min(chunk.length, pos + body.data.length - body.filled));
                body.filled += n;
                pos += n;
                if (body.filled === body.data.length)
                    this.answer(body.blob ? body.data : null, 1);
            }
            else {
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
    startAnswer(line) {
        if (line.endsWith(' missing') || line.endsWith(' ambiguous'))
            return this.answer(null, 0);
        const [, type, sizeText] = line.split(' ');
        const size = Number(sizeText);
        if (!Number.isSafeInteger(size) || size < 0) {
            this.fail(new GitError(`Unexpected git cat-file output: ${JSON.stringify(line)}`, ['cat-file', '--batch'], ''));
            this.close();
            return;
        }
        const blob = type === 'blob';
        if (size === 0)
            return this.answer(blob ? Buffer.alloc(0) : null, 1);
        this.body = { data: Buffer.allocUnsafe(size), filled: 0, blob };
    }
    answer(blob, skip) {
        this.body = null;
        this.skip = skip;
        this.queue.shift()?.resolve(blob);
        if (this.queue.length === 0)
            this.setReferenced(false);
    }
    fail(error) {
        for (const request of this.queue.splice(0))
            request.reject(error);
    }
    /** A waiting request keeps Node alive until git answers; an idle reader does not. */
    setReferenced(referenced) {
        const child = this.child;
        if (child === null)
            return;
        for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
            if (referenced)
                handle.ref();
            else
                handle.unref();
        }
    }
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./src/support/folders.ts


/**
 * Creates a folder and the missing folders above it, as `mkdirSync(dir, { recursive: true })`
 * would — which never returns where a file system refuses a new folder under one that exists
 * (under `/proc`, mkdir answers ENOENT and Node retries forever). Here each missing folder is made
 * on its own, from the nearest one that exists down, and the first refusal is thrown as it is.
 */
function makeFolder(dir) {
    const missing = [];
    for (let at = external_node_path_default().resolve(dir);; at = external_node_path_default().dirname(at)) {
        if ((0,external_node_fs_namespaceObject.statSync)(at, { throwIfNoEntry: false }) !== undefined)
            break;
        missing.push(at);
        if (external_node_path_default().dirname(at) === at)
            break;
    }
    for (const folder of missing.reverse()) {
        try {
            (0,external_node_fs_namespaceObject.mkdirSync)(folder);
        }
        catch (error) {
            // Made meanwhile by someone else (two runs sharing a cache folder): that is what was wanted.
            if (error.code !== 'EEXIST' || !(0,external_node_fs_namespaceObject.statSync)(folder).isDirectory())
                throw error;
        }
    }
}

;// CONCATENATED MODULE: ./src/safety/write-file.ts




/**
 * How keybug writes every file (reports, SARIF, recordings, evaluation output, the index cache):
 * never through a symbolic link. A pull request's checkout can hold links it made (a
 * `keybug-report.json` pointing at a file outside the workspace); writing through one would
 * overwrite whatever it points at. So a file is written to a new temporary file in the target's
 * folder (created exclusively: never an existing file or link) and renamed over the target — a
 * rename replaces a link, it never follows it — and a link already at the target, or among the
 * folders to it below the working directory, is refused with one line naming it.
 */
/** A path keybug refused to write: a symbolic link is at it, or on the way to it. */
class LinkRefusedError extends Error {
    file;
    constructor(file, link) {
        super(`refusing to write ${file}: ${link === file ? 'it' : link} is a symbolic link${target(link)}, and keybug never writes through one (remove the link or choose another path)`);
        this.file = file;
        this.name = 'LinkRefusedError';
    }
}
function target(link) {
    try {
        return ` (to ${(0,external_node_fs_namespaceObject.readlinkSync)(link)})`;
    }
    catch {
        return '';
    }
}
/**
 * Throws LinkRefusedError when `file` is a symbolic link, or a folder on its way is one below the
 * working directory (the checkout, whose links a pull request can make). Folders above it are the
 * machine's own (on macOS, /var and /tmp are links) and are not questioned.
 */
function refuseLinks(file, cwd = process.cwd()) {
    const full = external_node_path_default().resolve(cwd, file);
    const checked = [full];
    for (let dir = external_node_path_default().dirname(full); isInside(dir, cwd); dir = external_node_path_default().dirname(dir))
        checked.push(dir);
    for (const at of checked) {
        if ((0,external_node_fs_namespaceObject.lstatSync)(at, { throwIfNoEntry: false })?.isSymbolicLink())
            throw new LinkRefusedError(full, at);
    }
}
/** True for a path strictly inside `root`. */
function isInside(dir, root) {
    const relative = external_node_path_default().relative(external_node_path_default().resolve(root), dir);
    return relative !== '' && !relative.startsWith('..') && !external_node_path_default().isAbsolute(relative);
}
/** Writes `data` to `file` (its folder created when missing), never through a link; see the module comment. */
function writeFileSafely(file, data) {
    const full = external_node_path_default().resolve(file);
    makeFolder(external_node_path_default().dirname(full));
    refuseLinks(full);
    const temporary = external_node_path_default().join(external_node_path_default().dirname(full), `.${external_node_path_default().basename(full)}.${process.pid}.${(0,external_node_crypto_namespaceObject.randomBytes)(4).toString('hex')}.tmp`);
    const fd = (0,external_node_fs_namespaceObject.openSync)(temporary, 'wx', 0o644);
    try {
        try {
            const parts = typeof data === 'function' ? data() : [typeof data === 'string' ? Buffer.from(data, 'utf8') : data];
            for (const part of parts) {
                for (let written = 0; written < part.length;)
                    written += (0,external_node_fs_namespaceObject.writeSync)(fd, part, written);
            }
        }
        finally {
            (0,external_node_fs_namespaceObject.closeSync)(fd);
        }
        (0,external_node_fs_namespaceObject.renameSync)(temporary, full);
    }
    catch (error) {
        (0,external_node_fs_namespaceObject.rmSync)(temporary, { force: true });
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/slicing/cache-file.ts


/**
 * Reading and writing the files of the index cache folder (the word index, the definition facts).
 * A file is written to a temporary file renamed over the old one, so a reader never sees half of
 * it, and never through a link; neither reading nor writing throws: a cache that cannot be used costs time, never the run.
 */
/** A cache file's bytes; null when there is none yet, or why it could not be read. */
function readCacheFile(file) {
    try {
        return (0,external_node_fs_namespaceObject.readFileSync)(file);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return null;
        return { problem: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
    }
}
/** Writes a cache file from its parts (each written from where it lies, not copied into one buffer), never through a link; returns why it could not, or null. */
function writeCacheFile(file, parts) {
    try {
        writeFileSafely(file, parts);
        return null;
    }
    catch (error) {
        return `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`;
    }
}
/**
 * A cache file's head: its magic line, the header's length (4 bytes, little-endian) and the header
 * as JSON, padded with spaces so that what follows starts on a 4-byte boundary.
 */
function fileHead(magic, header) {
    const text = Buffer.from(JSON.stringify(header), 'utf8');
    const json = Buffer.concat([text, Buffer.alloc(padding(magic.length + 4 + text.length), ' ')]);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(json.length);
    return [magic, length, json];
}
/**
 * A cache file's header (a JSON object, its fields not yet checked) and where its body starts; null
 * when the file has no such head.
 */
function readFileHead(data, magic) {
    if (data.length < magic.length + 4 || !data.subarray(0, magic.length).equals(magic))
        return null;
    const length = data.readUInt32LE(magic.length);
    const at = magic.length + 4;
    if (at + length > data.length)
        return null;
    let header;
    try {
        header = JSON.parse(data.toString('utf8', at, at + length));
    }
    catch {
        return null;
    }
    return typeof header === 'object' && header !== null && !Array.isArray(header)
        ? { header: header, body: at + length }
        : null;
}
/** Bytes that bring a length to a multiple of 4 (a cache file's arrays start on 4-byte boundaries). */
function padding(length) {
    return (4 - (length % 4)) % 4;
}

;// CONCATENATED MODULE: ./src/slicing/name-table.ts
/**
 * Interns names read from bytes as consecutive ids, without making a JS string of each occurrence:
 * the word index meets every identifier of a revision (millions on a large repository), and a
 * substring and a Map lookup per occurrence were most of its time and of the garbage it left.
 * Open addressing over FNV-1a hashes; the names' bytes are kept back to back in one array.
 */
/** Whether a value is a typed array of that kind, made in whichever realm (a structured clone's may be another's). */
function isArrayOf(value, kind) {
    return Object.prototype.toString.call(value) === `[object ${kind}]`;
}
class NameTable {
    /** Name i is bytes[starts[i] .. starts[i + 1]). */
    bytes = new Uint8Array(1 << 16);
    starts = new Int32Array(1 << 12);
    hashes = new Int32Array(1 << 12);
    /** id + 1 of the name in each slot; 0 for an empty slot. */
    slots = new Int32Array(1 << 13);
    size = 0;
    /** The id of `source[start .. end)`, added when new — unless the table holds `limit` names already: then -1. */
    intern(source, start, end, limit) {
        return this.internHashed(source, start, end, hashBytes(source, start, end), limit);
    }
    /** intern, given the bytes' hash (hashBytes) already taken by the caller as it read them. */
    internHashed(source, start, end, hash, limit) {
        const mask = this.slots.length - 1;
        let slot = hash & mask;
        for (let entry = this.slots[slot]; entry !== 0; entry = this.slots[slot]) {
            if (this.hashes[entry - 1] === hash && this.holds(entry - 1, source, start, end))
                return entry - 1;
            slot = (slot + 1) & mask;
        }
        if (this.size >= limit)
            return -1;
        const id = this.add(source, start, end, hash);
        this.slots[slot] = id + 1;
        if (2 * this.size >= this.slots.length)
            this.rehash();
        return id;
    }
    /** The id of a name (its characters taken as bytes, as identifiers are ASCII), or -1. */
    find(name) {
        const source = Uint8Array.from(name, (c) => c.charCodeAt(0) & 0xff);
        const hash = hashBytes(source, 0, source.length);
        const mask = this.slots.length - 1;
        for (let slot = hash & mask, entry = this.slots[slot]; entry !== 0; slot = (slot + 1) & mask, entry = this.slots[slot]) {
            if (this.hashes[entry - 1] === hash && this.holds(entry - 1, source, 0, source.length))
                return entry - 1;
        }
        return -1;
    }
    /** The names as stored: their bytes back to back, and where each starts (then one past the last). */
    toArrays() {
        return { bytes: this.bytes.subarray(0, this.starts[this.size]), starts: this.starts.subarray(0, this.size + 1) };
    }
    /** The table whole, its hashes and slots too, for a thread that takes it over as it is (see fromParts). */
    toParts() {
        return { bytes: this.bytes, starts: this.starts, hashes: this.hashes, slots: this.slots, size: this.size };
    }
    /**
     * The table toParts() gave, taken over in place (nothing hashed again); null when the parts are
     * not a table's (their lengths checked, not their contents: they come from another thread of this
     * process, not from a file).
     */
    static fromParts(parts) {
        const { bytes, starts, hashes, slots, size } = parts;
        if (!isArrayOf(bytes, 'Uint8Array') ||
            !isArrayOf(starts, 'Int32Array') ||
            !isArrayOf(hashes, 'Int32Array') ||
            !isArrayOf(slots, 'Int32Array') ||
            !Number.isInteger(size) ||
            size < 0 ||
            starts.length <= size ||
            hashes.length < size ||
            2 * size >= slots.length ||
            (slots.length & (slots.length - 1)) !== 0 ||
            starts[size] > bytes.length)
            return null;
        const table = new NameTable();
        // Arrays a thread hands over are moved with their own ArrayBuffers (see transferablesOf), never shared.
        table.bytes = bytes;
        table.starts = starts;
        table.hashes = hashes;
        table.slots = slots;
        table.size = size;
        return table;
    }
    /**
     * A table holding the names toArrays() gave, with the same ids, room to add more, and its hashes
     * and slots computed again; null when the arrays are not such a table (a damaged cache file).
     */
    static fromArrays(bytes, starts) {
        const size = starts.length - 1;
        if (size < 0 || starts[0] !== 0 || starts[size] !== bytes.length)
            return null;
        for (let id = 0; id < size; id++)
            if (starts[id + 1] < starts[id])
                return null;
        const table = new NameTable();
        let capacity = table.starts.length;
        while (capacity <= size + 1)
            capacity *= 2;
        table.starts = new Int32Array(capacity);
        table.starts.set(starts);
        table.hashes = new Int32Array(capacity);
        let room = table.bytes.length;
        while (room < bytes.length)
            room *= 2;
        table.bytes = new Uint8Array(room);
        table.bytes.set(bytes);
        table.size = size;
        for (let id = 0; id < size; id++)
            table.hashes[id] = hashBytes(bytes, starts[id], starts[id + 1]);
        let slots = table.slots.length;
        while (slots <= 2 * size)
            slots *= 2;
        table.slots = new Int32Array(slots / 2);
        table.rehash();
        return table;
    }
    holds(id, source, start, end) {
        const at = this.starts[id];
        if (this.starts[id + 1] - at !== end - start)
            return false;
        for (let i = 0; i < end - start; i++)
            if (this.bytes[at + i] !== source[start + i])
                return false;
        return true;
    }
    add(source, start, end, hash) {
        const id = this.size++;
        if (this.size + 1 >= this.starts.length) {
            this.starts = grown(this.starts);
            this.hashes = grown(this.hashes);
        }
        const at = this.starts[id];
        while (at + (end - start) > this.bytes.length)
            this.bytes = grown(this.bytes);
        this.bytes.set(source.subarray(start, end), at);
        this.starts[id + 1] = at + (end - start);
        this.hashes[id] = hash;
        return id;
    }
    rehash() {
        const slots = new Int32Array(this.slots.length * 2);
        const mask = slots.length - 1;
        for (let id = 0; id < this.size; id++) {
            let slot = this.hashes[id] & mask;
            while (slots[slot] !== 0)
                slot = (slot + 1) & mask;
            slots[slot] = id + 1;
        }
        this.slots = slots;
    }
}
/** Where a 32-bit FNV-1a hash starts. */
const FNV_OFFSET = 0x811c9dc5;
/** One byte into a 32-bit FNV-1a hash. */
function hashStep(hash, byte) {
    return Math.imul(hash ^ byte, 0x01000193);
}
/** 32-bit FNV-1a of `source[start .. end)`. */
function hashBytes(source, start, end) {
    let hash = FNV_OFFSET;
    for (let i = start; i < end; i++)
        hash = hashStep(hash, source[i]);
    return hash;
}
/** A copy of `array` twice as long. */
function grown(array) {
    const bigger = new array.constructor(array.length * 2);
    bigger.set(array);
    return bigger;
}

;// CONCATENATED MODULE: ./src/slicing/word-index.ts

/** Blobs read per request while loading, so git inflates the next batch while this one is copied. */
const BLOBS_PER_READ = 64;
/** git grep's binary test (`-I`): a NUL in the first 8000 bytes. */
function isBinary(blob) {
    return blob.subarray(0, 8000).includes(0);
}
/** Names the index can answer for: identifiers made of word bytes only. */
const INDEXABLE = /^[A-Za-z_]\w*$/;
/** A word byte (`\\w`: ASCII letters, digits, `_`): a name occurs as a whole word exactly where a maximal run of them equals it. */
function isWordCode(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}
/** 1 for each word byte (isWordCode), by byte: one load per byte of a revision's text instead of four comparisons. */
const WORD_BYTES = Uint8Array.from({ length: 256 }, (_, c) => (isWordCode(c) ? 1 : 0));
/**
 * Distinct names the index interns at most (about 100 bytes each). A revision with more (generated
 * tables of random identifiers) keeps the first ones whole; the rest are answered by git grep.
 */
const MAX_NAMES = 4_000_000;
/**
 * Which files of one revision contain each identifier as a whole word — the answer `git grep -l
 * -w -F -I` gives — as an inverted index: each file's distinct names, as numbers, in one array.
 * The revision's text files are read once through the persistent `git cat-file` and tokenized as
 * they stream by; no text is kept, so memory grows with the number of distinct names, not with the
 * size of the repository, and a search is one pass over small integers for all its words (a few
 * milliseconds where a `git grep` process costs a pass over every object). Built only when a run
 * first needs a repository-wide search, so a change that needs none pays nothing.
 */
class word_index_WordIndex {
    names;
    /** The distinct names of the files read: file i's are postings[begins[i] .. ends[i]) unless it is lent. */
    postings = new Int32Array(1 << 16);
    postingCount = 0;
    /**
     * The postings of the index this one took files from (see build's `reuse`), for the files it lent
     * (lent[begins[i] .. ends[i])): kept in place, not copied, as a large repository's are tens of MB.
     */
    lent = new Int32Array(0);
    begins = [];
    ends = [];
    isLent = [];
    files = [];
    /** The object id of each file's blob, when read by id (what a later index of another revision can reuse); '' otherwise. */
    blobs = [];
    /** Set once a name was left out for MAX_NAMES: names the index does not hold are then unknown, not absent. */
    full = false;
    /** The file that last saw each name, so a file lists a name once. */
    lastFile = new Int32Array(1 << 16).fill(-1);
    bytes = 0;
    /** The files of each name (see byName), made on the first search. */
    inverted = null;
    /** Files whose names were taken from an earlier index (see build's `reuse`), and files read. */
    reusedFiles = 0;
    readFiles = 0;
    constructor(names = new NameTable()) {
        this.names = names;
    }
    /**
     * The index of a revision's files: `entries` name each file and the object to read it from (a
     * `<rev>:<path>` spec, or a blob id). With `reuse` (an index of another revision, as the index
     * cache keeps it), a file whose blob id it holds takes its names from there instead of being read:
     * only what changed since is read. `reuse` is taken over (its name table grows here).
     */
    static async build(git, entries, reuse = null) {
        const donated = new Map();
        reuse?.blobs.forEach((blob, file) => {
            if (blob !== '')
                donated.set(blob, file);
        });
        // An index holding under half of the files is not taken over: the names only its other files had would stay in the table.
        const lendable = entries.filter((e) => e.blob !== null && donated.has(e.blob)).length;
        // A donor lends from its own postings: one that itself lent (built over another) is not taken over.
        const donor = reuse !== null && !reuse.full && reuse.lent.length === 0 && 2 * lendable >= entries.length ? reuse : null;
        if (donor === null)
            donated.clear();
        const index = new word_index_WordIndex(donor?.names);
        const read = (start) => {
            const objects = entries
                .slice(start, start + BLOBS_PER_READ)
                .filter((e) => e.blob === null || !donated.has(e.blob))
                .map((e) => e.object);
            return git.readBlobs(objects).then((blobs) => objects.map((o) => blobs.get(o) ?? null));
        };
        let next = read(0);
        for (let start = 0; start < entries.length; start += BLOBS_PER_READ) {
            const blobs = await next;
            if (start + BLOBS_PER_READ < entries.length)
                next = read(start + BLOBS_PER_READ);
            let at = 0;
            for (const entry of entries.slice(start, start + BLOBS_PER_READ)) {
                const from = entry.blob === null ? undefined : donated.get(entry.blob);
                if (donor !== null && from !== undefined) {
                    index.lendFile(entry, donor, from);
                    continue;
                }
                const blob = blobs[at++] ?? null;
                if (blob !== null && !isBinary(blob))
                    index.add(entry, blob);
            }
        }
        index.lastFile = new Int32Array(0); // only needed while building
        return index;
    }
    /** Files the index holds. */
    get fileCount() {
        return this.files.length;
    }
    /** The index as the index cache stores it (see word-index-cache.ts). */
    toSaved() {
        if (this.inverted !== null)
            throw new Error('a word index is saved before it is searched: a search gives up the postings by file');
        const { bytes, starts } = this.names.toArrays();
        // Files whose postings follow each other in the same array make one part.
        const parts = [];
        const fileStarts = new Int32Array(this.files.length + 1);
        let part = null;
        for (let file = 0; file < this.files.length; file++) {
            const array = this.arrayOf(file);
            const begin = this.begins[file];
            const end = this.ends[file];
            fileStarts[file + 1] = fileStarts[file] + end - begin;
            if (part !== null && part.array === array && part.end === begin)
                part.end = end;
            else {
                if (part !== null)
                    parts.push(part.array.subarray(part.begin, part.end));
                part = { array, begin, end };
            }
        }
        if (part !== null)
            parts.push(part.array.subarray(part.begin, part.end));
        return { files: this.files, blobs: this.blobs, bytes: this.bytes, nameBytes: bytes, nameStarts: starts, postings: parts, fileStarts };
    }
    /** The index ready to search, for another thread to take over (see fromSearchable): after it, this index is searched no more. */
    toSearchable() {
        const { starts, files } = this.byName();
        return { files: this.files, bytes: this.bytes, full: this.full, names: this.names.toParts(), starts, holders: files };
    }
    /** An index from what toSearchable() gave, its arrays taken over; null when they are not an index's (lengths checked). */
    static fromSearchable(searchable) {
        const names = NameTable.fromParts(searchable.names);
        const { files, starts, holders } = searchable;
        if (names === null ||
            !Array.isArray(files) ||
            !isArrayOf(starts, 'Int32Array') ||
            !isArrayOf(holders, 'Int32Array') ||
            starts.length !== names.size + 1 ||
            starts[names.size] !== holders.length)
            return null;
        const index = new word_index_WordIndex(names);
        for (const file of files)
            index.files.push(file);
        index.bytes = searchable.bytes;
        index.full = searchable.full === true;
        index.lastFile = new Int32Array(0);
        index.postings = new Int32Array(0);
        index.inverted = { starts, files: holders };
        return index;
    }
    /** An index from what toSaved() gave, checked to be one; null when it is not (a damaged cache file). */
    static fromSaved(saved) {
        const names = NameTable.fromArrays(saved.nameBytes, saved.nameStarts);
        const files = saved.files.length;
        // Taken over, not copied, when in one part: the arrays were made for this index.
        const postings = saved.postings.length === 1 ? saved.postings[0] : concatenated(saved.postings);
        if (names === null ||
            saved.blobs.length !== files ||
            saved.fileStarts.length !== files + 1 ||
            saved.fileStarts[0] !== 0 ||
            saved.fileStarts[files] !== postings.length)
            return null;
        for (let file = 0; file < files; file++)
            if (saved.fileStarts[file + 1] < saved.fileStarts[file])
                return null;
        for (const id of postings)
            if (id < 0 || id >= names.size)
                return null;
        const index = new word_index_WordIndex(names);
        // One at a time: spreading a large repository's hundreds of thousands of files into push() overflows the stack.
        for (let file = 0; file < files; file++) {
            index.files.push(saved.files[file]);
            index.blobs.push(saved.blobs[file]);
            index.begins.push(saved.fileStarts[file]);
            index.ends.push(saved.fileStarts[file + 1]);
            index.isLent.push(false);
        }
        index.postings = postings;
        index.postingCount = postings.length;
        index.bytes = saved.bytes;
        index.lastFile = new Int32Array(0);
        return index;
    }
    /** The array holding file `file`'s postings (from begins[file] to ends[file]): the donor's when lent. */
    arrayOf(file) {
        return this.isLent[file] === true ? this.lent : this.postings;
    }
    /** Takes file `from` of `donor` (which shares this index's name table and lends nothing itself) as `entry`'s names, in place. */
    lendFile(entry, donor, from) {
        this.lent = donor.postings;
        this.begins.push(donor.begins[from]);
        this.ends.push(donor.ends[from]);
        this.isLent.push(true);
        this.files.push(entry.path);
        this.blobs.push(entry.blob ?? '');
        this.reusedFiles++;
    }
    /** True when the index answers for `name`: an identifier it holds, or any identifier if it holds them all. */
    answers(name) {
        return INDEXABLE.test(name) && (!this.full || this.names.find(name) >= 0);
    }
    add(entry, blob) {
        const file = this.files.length;
        this.begins.push(this.postingCount);
        this.isLent.push(false);
        this.files.push(entry.path);
        this.blobs.push(entry.blob ?? '');
        this.readFiles++;
        this.bytes += blob.length;
        // Bytes, not characters: word bytes are exactly git grep's, and no string is made per word. A
        // word's hash is taken as it is scanned, so its bytes are read once (the index's time is this loop).
        const end = blob.length;
        let at = 0;
        while (at < end) {
            const c = blob[at];
            if (WORD_BYTES[c] === 0) {
                at++;
                continue;
            }
            const start = at++;
            if (c <= 0x39) {
                // Starts with a digit: a number, never a name.
                while (at < end && WORD_BYTES[blob[at]] === 1)
                    at++;
                continue;
            }
            let hash = hashStep(FNV_OFFSET, c);
            for (let b = blob[at]; at < end && WORD_BYTES[b] === 1; b = blob[++at])
                hash = hashStep(hash, b);
            this.note(blob, start, at, hash, file);
        }
        this.ends.push(this.postingCount);
    }
    /** Records that `file` holds the word `blob[start .. end)`, whose hashBytes is `hash`. */
    note(blob, start, end, hash, file) {
        const id = this.names.internHashed(blob, start, end, hash, MAX_NAMES);
        if (id < 0) {
            this.full = true;
            return;
        }
        if (id >= this.lastFile.length)
            this.lastFile = grow(this.lastFile, -1);
        if (this.lastFile[id] === file)
            return;
        this.lastFile[id] = file;
        if (this.postingCount === this.postings.length)
            this.postings = grow(this.postings, 0);
        this.postings[this.postingCount++] = id;
    }
    /** Paths of the files containing any of `words` as a whole word, in the order they were read (names it does not answer for are left out). */
    filesWithAny(words) {
        const ids = words
            .filter((w) => INDEXABLE.test(w))
            .map((w) => this.names.find(w))
            .filter((id) => id >= 0);
        if (ids.length === 0)
            return [];
        const { starts, files } = this.byName();
        // A name's files are in reading order already; several names' are merged by marking them (a
        // common name is in thousands of files, which a Set and a sort cost more than a pass over marks).
        if (ids.length === 1) {
            const id = ids[0];
            return Array.from(files.subarray(starts[id], starts[id + 1]), (file) => this.files[file]);
        }
        const marks = new Uint8Array(this.files.length);
        for (const id of ids)
            for (let i = starts[id]; i < starts[id + 1]; i++)
                marks[files[i]] = 1;
        const found = [];
        for (let file = 0; file < marks.length; file++)
            if (marks[file] === 1)
                found.push(this.files[file]);
        return found;
    }
    /**
     * The postings turned around, made on the first search: the files holding each name, so that a
     * search costs the files it finds, not a pass over every file's names (a run asks hundreds).
     */
    byName() {
        if (this.inverted !== null)
            return this.inverted;
        const starts = new Int32Array(this.names.size + 1);
        let total = 0;
        for (let file = 0; file < this.files.length; file++) {
            const array = this.arrayOf(file);
            const end = this.ends[file];
            for (let i = this.begins[file]; i < end; i++) {
                const at = array[i] + 1;
                starts[at] = starts[at] + 1;
            }
            total += end - this.begins[file];
        }
        for (let id = 0; id < this.names.size; id++)
            starts[id + 1] = starts[id + 1] + starts[id];
        const next = starts.slice(0, this.names.size);
        const files = new Int32Array(total);
        for (let file = 0; file < this.files.length; file++) {
            const array = this.arrayOf(file);
            const end = this.ends[file];
            for (let i = this.begins[file]; i < end; i++) {
                const id = array[i];
                files[next[id]] = file;
                next[id] = next[id] + 1;
            }
        }
        this.inverted = { starts, files };
        // The postings by file are not needed any more (a search reads the postings by name): let them go, lent ones too.
        this.postings = new Int32Array(0);
        this.postingCount = 0;
        this.lent = new Int32Array(0);
        return this.inverted;
    }
}
/** Arrays laid end to end in one. */
function concatenated(parts) {
    const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
        out.set(part, at);
        at += part.length;
    }
    return out;
}
/** A copy of `array` twice as long, the new half filled with `fill`. */
function grow(array, fill) {
    const bigger = new Int32Array(array.length * 2).fill(fill, array.length);
    bigger.set(array);
    return bigger;
}

;// CONCATENATED MODULE: ./src/slicing/word-index-cache.ts



/**
 * The word index kept between runs in a folder (`index-cache`): the last index built, whichever
 * revision it was of. Its files are keyed by their blob ids, so a later run on any revision takes
 * the names of every file whose content it has seen and reads only the others (see WordIndex.build):
 * the cost of a repository-wide search then grows with what changed since, not with the repository.
 * A missing, foreign or damaged file is no error: the index is built from the repository and the
 * file written again.
 */
const CACHE_FILE = 'word-index-v1.bin';
const MAGIC = Buffer.from('KEYBUG WORD INDEX 1\n', 'latin1');
/**
 * The index of `entries` (a revision's files), taking from the index kept in `dir` the names of
 * every file whose blob it holds, and keeping the result there for the next run when it changed.
 */
async function buildWithCache(git, entries, dir) {
    const cached = loadWordIndex(dir);
    const donor = cached !== null && 'index' in cached ? cached.index : null;
    const index = await word_index_WordIndex.build(git, entries, donor);
    const problems = cached !== null && 'problem' in cached ? [cached.problem] : [];
    // Written again unless it is what was read: no file read, and no file of the cached index gone.
    if (donor === null || index.readFiles > 0 || index.reusedFiles !== donor.fileCount) {
        const problem = saveWordIndex(dir, index);
        if (problem !== null)
            problems.push(problem);
    }
    return { index, problems };
}
function loadWordIndex(dir) {
    const file = external_node_path_default().join(dir, CACHE_FILE);
    const data = readCacheFile(file);
    if (data === null || !Buffer.isBuffer(data))
        return data;
    let index;
    try {
        index = readWordIndex(data);
    }
    catch (error) {
        // Whatever reading a file keybug did not write this run throws (out of memory on a huge one) costs the cache, not the run.
        return { problem: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
    }
    return index === null ? { problem: `${file} is not a word index keybug can use (damaged, or written by another version)` } : { index };
}
/** The index a cache file's bytes hold, or null when they hold none. */
function readWordIndex(data) {
    const saved = decode(data);
    return saved === null ? null : word_index_WordIndex.fromSaved(saved);
}
/** Writes the index (to a temporary file renamed over the old one, so a reader never sees half of it); returns why it could not, or null. */
function saveWordIndex(dir, index) {
    return writeCacheFile(external_node_path_default().join(dir, CACHE_FILE), () => encode(index.toSaved()));
}
/**
 * The magic line, the header's length (4 bytes) and JSON (padded with spaces to a multiple of 4),
 * then the name bytes, padded to 4, then the Int32 arrays (little-endian, as every runner's CPU):
 * each array starts on a 4-byte boundary, so reading takes them in place.
 */
function encode(saved) {
    const header = {
        files: [...saved.files],
        blobs: [...saved.blobs],
        bytes: saved.bytes,
        nameBytes: saved.nameBytes.length,
        names: saved.nameStarts.length - 1,
        postings: saved.postings.reduce((n, p) => n + p.length, 0),
    };
    const ints = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    const names = Buffer.from(saved.nameBytes.buffer, saved.nameBytes.byteOffset, saved.nameBytes.byteLength);
    return [
        ...fileHead(MAGIC, header),
        names,
        Buffer.alloc(padding(saved.nameBytes.length)),
        ints(saved.nameStarts),
        ...saved.postings.map(ints),
        ints(saved.fileStarts),
    ];
}
/** The arrays of a cache file, or null when it is not one (every length is checked against the file's). */
function decode(data) {
    const head = readFileHead(data, MAGIC);
    if (head === null)
        return null;
    let at = head.body;
    // Read as a Header, then every field checked below before any is used.
    const { files, blobs, bytes, nameBytes, names, postings } = head.header;
    const counts = [bytes, nameBytes, names, postings];
    if (!Array.isArray(files) ||
        !Array.isArray(blobs) ||
        !files.every((f) => typeof f === 'string') ||
        !blobs.every((b) => typeof b === 'string') ||
        !counts.every((n) => Number.isInteger(n) && n >= 0))
        return null;
    const intsAt = nameBytes + padding(nameBytes);
    const total = at + intsAt + 4 * (names + 1 + postings + files.length + 1);
    if (total !== data.length)
        return null;
    // Taken in place where the file's bytes start on a 4-byte boundary of their memory (a large file's
    // do), copied out otherwise.
    const int32s = (count) => {
        const start = data.byteOffset + at;
        at += 4 * count;
        if (start % 4 === 0)
            return new Int32Array(data.buffer, start, count);
        const out = new Int32Array(count);
        new Uint8Array(out.buffer).set(data.subarray(at - 4 * count, at));
        return out;
    };
    const nameBytesOut = data.subarray(at, at + nameBytes);
    at += intsAt;
    const nameStarts = int32s(names + 1);
    const postingIds = int32s(postings);
    const fileStarts = int32s(files.length + 1);
    return { files, blobs, bytes, nameBytes: nameBytesOut, nameStarts, postings: [postingIds], fileStarts };
}

;// CONCATENATED MODULE: ./src/slicing/index-thread.ts







/**
 * The word index built on a thread of its own (the script scripts/ncc.mjs bundles beside each of
 * keybug's bundles), so that reading and tokenizing a repository's text runs beside the parse of
 * the changed files instead of after it: on RocksDB, 0.4 s of CPU a run, as long as the parse of a
 * typical commit's changed files. Where the script is absent (running from source) or the thread
 * cannot be used, the index is built on this thread, the same index.
 */
const INDEX_THREAD_SCRIPT = 'word-index-thread.js';
/** Builds the index a job asks for, in whichever thread calls it (the thread's own git; see index-thread-worker.ts). */
async function runIndexJob(job) {
    let git = null;
    try {
        git = await Git.open(job.repoDir);
        const { index, problems } = await buildHere(git, job.entries, job.cacheDir);
        return { searchable: index.toSearchable(), readFiles: index.readFiles, reusedFiles: index.reusedFiles, problems };
    }
    catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
    }
    finally {
        git?.close();
    }
}
/** The arrays of a reply to hand over to the receiving thread rather than copy (each buffer once). */
function transferablesOf(reply) {
    if ('error' in reply)
        return [];
    const { names, starts, holders } = reply.searchable;
    return [...new Set([names.bytes, names.starts, names.hashes, names.slots, starts, holders].map((a) => a.buffer))];
}
/** The index of `entries` built on this thread: through the index cache when `cacheDir` is given. */
async function buildHere(git, entries, cacheDir) {
    return cacheDir === null ? { index: await word_index_WordIndex.build(git, entries), problems: [] } : buildWithCache(git, entries, cacheDir);
}
/** The index from a reply, with its counts of files read and reused; null when the reply holds none. */
function indexFromReply(reply) {
    if ('error' in reply || typeof reply.searchable !== 'object' || reply.searchable === null)
        return null;
    const index = WordIndex.fromSearchable(reply.searchable);
    if (index === null)
        return null;
    index.readFiles = reply.readFiles;
    index.reusedFiles = reply.reusedFiles;
    return { index, problems: reply.problems };
}
/** The worker script beside the running bundle or one folder up, or null when there is none (running from source). */
function threadScript() {
    const here = path.dirname(fileURLToPath(import.meta.url));
    // Beside the bundle, or one folder up: dist/cli/index.js uses dist/word-index-thread.js.
    return [here, path.join(here, '..')].map((dir) => path.join(dir, INDEX_THREAD_SCRIPT)).find((script) => existsSync(script)) ?? null;
}
/**
 * The word index of `entries` (a revision's files), built on a thread of its own when the worker
 * script is there, else on this one. A thread that fails (cannot start, runs out of memory,
 * answers with an error) costs only its time: the index is then built here, and why the thread
 * failed is handed on (CachedBuild.threadFailure) for the run's log. Aborted, the thread is
 * ended and the build rejects with the signal's reason.
 */
async function buildIndex(git, entries, cacheDir, { script, signal }) {
    let threadFailure;
    if (script !== null) {
        const job = { repoDir: git.repoDir, entries, cacheDir };
        const reply = await onThread(script, job, signal).catch((error) => {
            if (signal?.aborted === true)
                throw error;
            return { error: error instanceof Error ? error.message : String(error) };
        });
        const built = indexFromReply(reply);
        if (built !== null)
            return built;
        threadFailure = 'error' in reply ? reply.error : 'its answer held no usable index';
    }
    signal?.throwIfAborted();
    const here = await buildHere(git, entries, cacheDir);
    return threadFailure === undefined ? here : { ...here, threadFailure };
}
/** Runs a job on a new thread, which ends with its answer (or is ended when `signal` aborts). */
function onThread(script, job, signal) {
    return new Promise((resolve, reject) => {
        signal?.throwIfAborted();
        const worker = new Worker(script, { workerData: job });
        let answered = false;
        const abort = () => {
            reject(signal?.reason);
            void worker.terminate();
        };
        signal?.addEventListener('abort', abort, { once: true });
        worker.once('message', (reply) => {
            answered = true;
            resolve(reply);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
            signal?.removeEventListener('abort', abort);
            if (!answered)
                reject(new Error(`the word index thread ended (exit ${code}) before it answered`));
        });
    });
}


/***/ }),

/***/ 919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(873);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
