import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Git } from '../git/git.js';
import { buildWithCache, type CachedBuild } from './word-index-cache.js';
import { WordIndex, type IndexEntry, type SearchableWordIndex } from './word-index.js';

/**
 * The word index built on a thread of its own (the script scripts/ncc.mjs bundles beside each of
 * keybug's bundles), so that reading and tokenizing a repository's text runs beside the parse of
 * the changed files instead of after it: on RocksDB, 0.4 s of CPU a run, as long as the parse of a
 * typical commit's changed files. Where the script is absent (running from source) or the thread
 * cannot be used, the index is built on this thread, the same index.
 */
export const INDEX_THREAD_SCRIPT = 'word-index-thread.js';

/** What the thread is asked: a revision's files to index, in the repository at `repoDir`, through the index cache in `cacheDir` when one is kept. */
export interface IndexJob {
  repoDir: string;
  entries: readonly IndexEntry[];
  cacheDir: string | null;
}

/**
 * What the thread answers: the index ready to search, as plain arrays (the names' table and the
 * files of each name: the slicing thread then does no more than take them), with what became of
 * the cache; or why it could not build one.
 */
export type IndexReply =
  { searchable: SearchableWordIndex; readFiles: number; reusedFiles: number; problems: string[] } | { error: string };

/** Builds the index a job asks for, in whichever thread calls it (the thread's own git; see index-thread-worker.ts). */
export async function runIndexJob(job: IndexJob): Promise<IndexReply> {
  let git: Git | null = null;
  try {
    git = await Git.open(job.repoDir);
    const { index, problems } = await buildHere(git, job.entries, job.cacheDir);
    return { searchable: index.toSearchable(), readFiles: index.readFiles, reusedFiles: index.reusedFiles, problems };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    git?.close();
  }
}

/** The arrays of a reply to hand over to the receiving thread rather than copy (each buffer once). */
export function transferablesOf(reply: IndexReply): ArrayBuffer[] {
  if ('error' in reply) return [];
  const { names, starts, holders } = reply.searchable;
  return [...new Set([names.bytes, names.starts, names.hashes, names.slots, starts, holders].map((a) => a.buffer as ArrayBuffer))];
}

/** The index of `entries` built on this thread: through the index cache when `cacheDir` is given. */
async function buildHere(git: Git, entries: readonly IndexEntry[], cacheDir: string | null): Promise<CachedBuild> {
  return cacheDir === null ? { index: await WordIndex.build(git, entries), problems: [] } : buildWithCache(git, entries, cacheDir);
}

/** The index from a reply, with its counts of files read and reused; null when the reply holds none. */
export function indexFromReply(reply: IndexReply): CachedBuild | null {
  if ('error' in reply || typeof reply.searchable !== 'object' || reply.searchable === null) return null;
  const index = WordIndex.fromSearchable(reply.searchable);
  if (index === null) return null;
  index.readFiles = reply.readFiles;
  index.reusedFiles = reply.reusedFiles;
  return { index, problems: reply.problems };
}

/** The worker script beside the running bundle or one folder up, or null when there is none (running from source). */
export function threadScript(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Beside the bundle, or one folder up: dist/cli/index.js uses dist/word-index-thread.js.
  return [here, path.join(here, '..')].map((dir) => path.join(dir, INDEX_THREAD_SCRIPT)).find((script) => existsSync(script)) ?? null;
}

/** Where buildIndex builds: the worker script (null: on this thread), and a signal that ends the thread when the run no longer needs its index. */
export interface IndexThreadOptions {
  script: string | null;
  signal?: AbortSignal;
}

/**
 * The word index of `entries` (a revision's files), built on a thread of its own when the worker
 * script is there, else on this one. A thread that fails (cannot start, runs out of memory,
 * answers with an error) costs only its time: the index is then built here, and why the thread
 * failed is handed on (CachedBuild.threadFailure) for the run's log. Aborted, the thread is
 * ended and the build rejects with the signal's reason.
 */
export async function buildIndex(
  git: Git,
  entries: readonly IndexEntry[],
  cacheDir: string | null,
  { script, signal }: IndexThreadOptions,
): Promise<CachedBuild> {
  let threadFailure: string | undefined;
  if (script !== null) {
    const job: IndexJob = { repoDir: git.repoDir, entries, cacheDir };
    const reply = await onThread(script, job, signal).catch((error: unknown) => {
      if (signal?.aborted === true) throw error;
      return { error: error instanceof Error ? error.message : String(error) };
    });
    const built = indexFromReply(reply);
    if (built !== null) return built;
    threadFailure = 'error' in reply ? reply.error : 'its answer held no usable index';
  }
  signal?.throwIfAborted();
  const here = await buildHere(git, entries, cacheDir);
  return threadFailure === undefined ? here : { ...here, threadFailure };
}

/** Runs a job on a new thread, which ends with its answer (or is ended when `signal` aborts). */
function onThread(script: string, job: IndexJob, signal: AbortSignal | undefined): Promise<IndexReply> {
  return new Promise<IndexReply>((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(script, { workerData: job });
    let answered = false;
    const abort = (): void => {
      reject(signal?.reason);
      void worker.terminate();
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (reply: IndexReply) => {
      answered = true;
      resolve(reply);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', abort);
      if (!answered) reject(new Error(`the word index thread ended (exit ${code}) before it answered`));
    });
  });
}
