/**
 * Runs the bundled action exactly as the GitHub Actions runner does: `node dist/index.js` from a copy
 * of dist/ and action.yml with no node_modules anywhere above it, inputs as INPUT_<NAME> variables
 * (dashes kept, as the runner keeps them; action.yml's defaults for inputs the workflow does not
 * write, as the runner fills them), the event payload in a file, and the summary and outputs
 * written to the files the runner names.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll } from '@jest/globals';
import { createRepo, type TestRepo } from '../helpers/repo.js';

/** The folders runAction made (event file, summary, outputs, RUNNER_TEMP): removed when the test file's tests are done. */
const runFolders: string[] = [];
afterAll(() => {
  for (const dir of runFolders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const ROOT = path.join(import.meta.dirname, '..', '..');
const NODE = path.join(ROOT, 'node_modules', '.bin', 'node');

/** The files dist/ is built from (what `npm run bundle` reads of this repository). */
const BUNDLE_SOURCES = [
  'src',
  'prompts',
  'keybug.schema.json',
  'keybug-learnings.schema.json',
  'scripts/bundle.mjs',
  'scripts/ncc.mjs',
  'package-lock.json',
];

/** A hash of the contents (and relative paths) of the given files and folders under ROOT. */
function contentHash(entries: string[]): string {
  const hash = createHash('sha256');
  const add = (relative: string): void => {
    const full = path.join(ROOT, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(path.join(relative, name));
      return;
    }
    hash.update(relative).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const entry of entries) add(entry);
  return hash.digest('hex');
}

/** Per checkout: the lock that lets one test worker bundle at a time, and the stamp of the last bundle built. */
const CHECKOUT = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
const BUNDLE_LOCK = path.join(tmpdir(), `keybug-bundle-${CHECKOUT}.lock`);
const BUNDLE_STAMP = path.join(tmpdir(), `keybug-bundle-${CHECKOUT}.stamp`);

const stampNow = (): string => JSON.stringify({ sources: contentHash(BUNDLE_SOURCES), dist: contentHash(['dist']) });

/**
 * True when dist/ is the committed bundle of the committed sources: the checkout changes neither,
 * and no commit touched the sources after the last one that touched dist/ (dist/ is rebuilt and
 * committed with every change to what it is built from, and CI fails when it is stale). A fresh
 * clone then tests the bundle it ships instead of spending a minute or two building it again.
 */
function committedBundleIsCurrent(): boolean {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  // The lock file changes with every devDependency, which changes no bundle and is followed by no
  // dist/ commit; a stale bundle after a runtime dependency's update is CI's to catch.
  const code = BUNDLE_SOURCES.filter((source) => source !== 'package-lock.json');
  try {
    if (git('status', '--porcelain', '--untracked-files=all', '--', 'dist', ...BUNDLE_SOURCES) !== '') return false;
    const sources = git('log', '-1', '--format=%H', '--', ...code);
    const dist = git('log', '-1', '--format=%H', '--', 'dist');
    if (sources === '' || dist === '') return false;
    execFileSync('git', ['merge-base', '--is-ancestor', sources, dist], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false; // not a git checkout, a shallow history, or sources committed after dist/
  }
}

/**
 * True when dist/ is the committed bundle of the committed sources, or the bundle these tests
 * built from the sources as they are now. Compared by content, not by time: `git checkout -- dist`
 * (done before every rebase) gives an older bundle a new modification time.
 */
function bundleIsFresh(): boolean {
  if (!existsSync(path.join(ROOT, 'dist', 'index.js')) || !existsSync(path.join(ROOT, 'dist', 'cli', 'index.js'))) return false;
  if (committedBundleIsCurrent()) return true;
  try {
    return readFileSync(BUNDLE_STAMP, 'utf8') === stampNow();
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` holding the bundle lock: test files run in parallel workers, and two bundles at once
 * on a small machine take longer than either test's timeout. A lock whose process died is taken over.
 */
async function withBundleLock(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      writeFileSync(BUNDLE_LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(BUNDLE_LOCK, { encoding: 'utf8', flag: 'r' }) || 0);
      if (holder > 0 && !alive(holder)) {
        rmSync(BUNDLE_LOCK, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`the bundle lock ${BUNDLE_LOCK} is held by process ${holder} for more than 15 minutes`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    await work();
  } finally {
    rmSync(BUNDLE_LOCK, { force: true });
  }
}

/**
 * Rebuilds dist/ unless it is the bundle of the current sources (a bundle takes about two minutes;
 * CI rebuilds it anyway and fails on a stale committed dist/), one test worker at a time.
 */
export async function ensureBundle(): Promise<void> {
  if (bundleIsFresh()) return;
  await withBundleLock(async () => {
    if (bundleIsFresh()) return; // another worker built it while this one waited
    const code = await new Promise<number>((resolve) =>
      spawn(NODE, [path.join(ROOT, 'scripts', 'bundle.mjs')], { cwd: ROOT, stdio: 'inherit' }).on('close', (c) => resolve(c ?? 1)),
    );
    if (code !== 0) throw new Error(`npm run bundle failed (exit ${code})`);
    writeFileSync(BUNDLE_STAMP, stampNow());
  });
}

/** A copy of the action as a workflow sees it: dist/ and action.yml only. */
export function installAction(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-action-'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'action.yml'), path.join(dir, 'action.yml'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
  workDir: string;
}

/** Parses the GITHUB_OUTPUT file (`name<<delimiter` … `delimiter` blocks, as @actions/core writes them). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const [name, ...value] = lines[i]!.split('=');
      outputs[name!] = value.join('=');
    }
  }
  return outputs;
}

/** The `default:` of every input of the installed action.yml that declares one. */
function actionDefaults(actionDir: string): Record<string, string> {
  const action = parse(readFileSync(path.join(actionDir, 'action.yml'), 'utf8')) as { inputs?: Record<string, { default?: unknown }> };
  return Object.fromEntries(
    Object.entries(action.inputs ?? {}).flatMap(([name, spec]) => (spec.default === undefined ? [] : [[name, String(spec.default)]])),
  );
}

/** Runs the installed action once with a fresh working folder (cwd), summary and output files. */
export async function runAction(options: {
  actionDir: string;
  event: string;
  /** The event payload; a string is written as it is (a broken file). */
  payload: object | string;
  inputs: Record<string, string>;
  workspace: string;
  apiUrl: string;
  repository: string;
  /** More environment variables for the process (NODE_OPTIONS, say). */
  env?: Record<string, string>;
}): Promise<ActionRun> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'keybug-run-'));
  runFolders.push(workDir);
  mkdirSync(path.join(workDir, 'tmp'));
  const eventPath = path.join(workDir, 'event.json');
  writeFileSync(eventPath, typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload));
  const summaryPath = path.join(workDir, 'summary.md');
  const outputPath = path.join(workDir, 'output.txt');
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: workDir,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_EVENT_NAME: options.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '4242',
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: path.join(workDir, 'tmp'),
  };
  // The runner passes every input action.yml gives a default, written in the workflow or not (an
  // expression default such as `${{ github.token }}` is evaluated by the runner; the tests pass the token).
  for (const [name, spec] of Object.entries(actionDefaults(options.actionDir)))
    if (!spec.includes('${{')) env[`INPUT_${name.toUpperCase()}`] = spec;
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  Object.assign(env, options.env);
  const child = spawn(NODE, [path.join(options.actionDir, 'dist', 'index.js')], { cwd: workDir, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  return {
    code,
    stdout,
    stderr,
    summary: readFileSync(summaryPath, 'utf8'),
    outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
    workDir,
  };
}

/** Starts the bundled CLI (dist/cli/index.js from the installed copy) and leaves it running. */
export function startCli(actionDir: string, args: string[], env: Record<string, string>, cwd: string): ChildProcessWithoutNullStreams {
  return spawn(NODE, [path.join(actionDir, 'dist', 'cli', 'index.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, ...env },
  });
}

/** Runs the bundled CLI to its end. */
export async function runCli(
  actionDir: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = startCli(actionDir, args, env, cwd);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  return { code, stdout, stderr };
}

/** A repository whose head changes one line of a small C++ function (an index without a bound): its base and head. */
export function oneLineChange(prefix: string): { repo: TestRepo; base: string; head: string } {
  const repo = createRepo(prefix);
  repo.write('src/buf.cpp', 'int fill(char* b, int n) {\n  b[0] = 0;\n  return n;\n}\n');
  const base = repo.commit('base');
  repo.write('src/buf.cpp', 'int fill(char* b, int n) {\n  b[n] = 0;\n  return n;\n}\n');
  return { repo, base, head: repo.commit('head') };
}
