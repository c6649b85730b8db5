/**
 * End-to-end: a keybug process ended by a signal (a cancelled workflow run sends SIGINT, then
 * SIGTERM; Ctrl-C; a closed terminal) leaves nothing in the temp folder and still ends by that
 * signal. The bundled CLI reviews a change against a model server that holds every request, so
 * the signal arrives while git's empty working folder exists.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestRepo } from '../helpers/repo.js';
import { startModelServer, type ModelServer, type Reply } from '../servers/model-server.js';
import { ensureBundle, installAction, oneLineChange, startCli } from './runner.js';

let actionDir = '';
let cleanupAction = (): void => {};
let repo: TestRepo;
let base = '';
let head = '';
let server: ModelServer;
/** Answers the requests the server holds (503), so that it can close. */
const held: (() => void)[] = [];

beforeAll(async () => {
  await ensureBundle();
  const installed = installAction();
  actionDir = installed.dir;
  cleanupAction = installed.cleanup;
  ({ repo, base, head } = oneLineChange('keybug-signals-'));
  server = await startModelServer(() => new Promise<Reply>((resolve) => held.push(() => resolve({ status: 503 }))), { maxRequests: 20 });
}, 600_000);

afterAll(async () => {
  for (const answer of held.splice(0)) answer();
  await server.close();
  cleanupAction();
  repo.cleanup();
});

const gitFolders = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('keybug-git-'));

describe('a signal ends a run', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} while the model is asked: git's empty working folder is removed and the process ends by ${signal}`, async () => {
      const temp = mkdtempSync(path.join(tmpdir(), 'keybug-signal-tmp-'));
      try {
        const seen = server.requests.length;
        const child = startCli(
          actionDir,
          [
            'review',
            '--repo',
            repo.dir,
            '--base',
            base,
            '--head',
            head,
            '--base-url',
            server.url,
            '--api-key',
            'sk-test',
            '--model',
            'm',
            '--format',
            'json',
          ],
          { TMPDIR: temp, TMP: temp, TEMP: temp },
          repo.dir,
        );
        let stderr = '';
        child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
        const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
          child.on('close', (code, sig) => resolve({ code, signal: sig })),
        );
        // Bounded wait for the first model request: slicing is done and git has run in its folder.
        for (let i = 0; i < 600 && server.requests.length === seen && child.exitCode === null; i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(server.requests.length).toBeGreaterThan(seen);
        expect(gitFolders(temp)).toHaveLength(1);
        child.kill(signal);
        const end = await ended;
        expect({ ...end, stderr }).toEqual({ code: null, signal, stderr: expect.any(String) });
        expect(gitFolders(temp)).toEqual([]);
      } finally {
        rmSync(temp, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
