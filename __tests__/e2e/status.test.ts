/**
 * End to end through the bundled CLI: one status, decided once, in every output. The text, the log,
 * the JSON and the exit code say the same; a dry run prints the coverage and the status the review
 * would reach with the same settings, and exits 0; skipped files and files not reviewed are listed
 * apart; a run with nothing to review never says it completed a review.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { wellBehaved } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';
import { ensureBundle, installAction, runCli } from './runner.js';

jest.setTimeout(180_000);

const fn = (name: string, body: string): string => `int ${name}(int x) {\n  ${body}\n  return x;\n}\n`;
const PNG = (n: number): Buffer => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, n, n, n]);

let actionDir: string;
let cleanupAction: () => void;
let repo: TestRepo;
let llm: ModelServer;
let work: string;
const commits: string[] = [];

beforeAll(async () => {
  await ensureBundle();
  ({ dir: actionDir, cleanup: cleanupAction } = installAction());
  llm = await startModelServer(wellBehaved({}));
  work = mkdtempSync(path.join(tmpdir(), 'keybug-status-'));
  repo = createRepo('keybug-status-repo-');
  repo.write('src/a.c', fn('a', 'x += 1;'));
  repo.write('src/b.c', fn('b', 'x += 2;'));
  repo.write('old.c', fn('old', 'x += 3;'));
  repo.write('assets/logo.png', PNG(1));
  repo.write('README.md', '# Widgets\n');
  repo.write('HISTORY.md', '1.0.0 / 2026-01-01\n');
  commits.push(repo.commit('base'));
  repo.write('src/a.c', fn('a', 'x += 10;'));
  repo.write('src/b.c', fn('b', 'x += 20;'));
  repo.remove('old.c');
  repo.write('assets/logo.png', PNG(2));
  commits.push(repo.commit('two C files, a binary file, a deleted file'));
  repo.write('assets/logo.png', PNG(3));
  commits.push(repo.commit('only a binary file'));
  repo.write('README.md', '# Widgets\n\nRun `make`.\n');
  repo.write('HISTORY.md', '1.0.1 / 2026-02-01\n1.0.0 / 2026-01-01\n');
  repo.write('doc/setup.rst', 'Setup\n=====\n');
  repo.write('LICENSE', 'MIT\n');
  commits.push(repo.commit('documentation only'));
}, 600_000);

afterAll(async () => {
  await llm?.close();
  repo?.cleanup();
  rmSync(work, { recursive: true, force: true });
  cleanupAction?.();
});

const keybug = (args: string[]) =>
  runCli(
    actionDir,
    ['review', '--repo', repo.dir, ...args],
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.url, KEYBUG_MODEL: 'test-model' },
    work,
  );
const change = (from: number): string[] => ['--base', commits[from] ?? '', '--head', commits[from + 1] ?? ''];

const HEADLINE = 'Review INCOMPLETE: 1 changed file(s) over max-files 1 were not reviewed (src/b.c)';
const SKIPPED = 'Skipped (2):\n  - assets/logo.png: binary file\n  - old.c: deleted file\n';
const NOT_REVIEWED = 'Not reviewed (1):\n  - src/b.c: over the limit of 1 files (`max-files`)\n';

describe('one status in every output', () => {
  it('a dry run prints the coverage and the status the review would reach, and exits 0', async () => {
    const requests = llm.requests.length;
    const text = await keybug([...change(0), '--max-files', '1', '--dry-run']);
    expect({ code: text.code, stderr: text.code === 0 ? '' : text.stderr }).toEqual({ code: 0, stderr: '' });
    expect(text.stdout).toContain(
      'Files (4 changed files: 1 with context, 0 from the diff only, 2 skipped, 1 not reviewed):\n  src/a.c  C, with context\n',
    );
    expect(text.stdout).toContain(SKIPPED);
    expect(text.stdout).toContain(NOT_REVIEWED);
    expect(
      text.stdout.endsWith(
        `Dry run: the review would end INCOMPLETE: 1 changed file(s) over max-files 1 were not reviewed (src/b.c)\nNo model was called.\n`,
      ),
    ).toBe(true);
    expect(text.stderr).toContain(
      'keybug: Dry run: the review would end INCOMPLETE: 1 changed file(s) over max-files 1 were not reviewed (src/b.c)\n',
    );

    const json = await keybug([...change(0), '--max-files', '1', '--dry-run', '--format', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      dryRun: boolean;
      status: string;
      incompleteReasons: string[];
      skipped: { path: string }[];
      unreviewed: { path: string }[];
    };
    expect(report).toMatchObject({
      dryRun: true,
      status: 'incomplete',
      incompleteReasons: ['1 changed file(s) over max-files 1 were not reviewed (src/b.c)'],
    });
    expect(report.skipped.map((s) => s.path)).toEqual(['assets/logo.png', 'old.c']);
    expect(report.unreviewed.map((u) => u.path)).toEqual(['src/b.c']);
    expect(llm.requests.length).toBe(requests);
  });

  it('the review: stdout, the log, the JSON report and the exit code say the same', async () => {
    const reportFile = path.join(work, 'report.json');
    const run = await keybug([...change(0), '--max-files', '1', '--reviewers', '1', '--report', reportFile]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe(HEADLINE);
    expect(run.stderr).toContain(`keybug: ${HEADLINE}\n`);
    // The review stage says what it did; the status is not its to say.
    expect(run.stderr).toMatch(/^review: 0 finding\(s\), 0 dropped, 1 call\(s\)$/m);
    expect(run.stderr).not.toMatch(/status complete|Review complete/);
    expect(run.stdout).toContain(SKIPPED);
    expect(run.stdout).toContain(NOT_REVIEWED);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      status: string;
      skipped: { path: string; reason: string }[];
      unreviewed: { path: string; reason: string }[];
    };
    expect(report.status).toBe('incomplete');
    expect(report.skipped).toEqual([
      { path: 'assets/logo.png', reason: 'binary file' },
      { path: 'old.c', reason: 'deleted file' },
    ]);
    expect(report.unreviewed).toEqual([{ path: 'src/b.c', reason: 'over the limit of 1 files (`max-files`)' }]);
  });

  it('nothing to review: no model called, and no output says a review completed', async () => {
    const requests = llm.requests.length;
    const run = await keybug(change(1));
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')[0]).toMatch(/^Nothing to review: no changed file has anything a reviewer could check/);
    expect(run.stderr).toContain('keybug: Nothing to review: ');
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/complete/i);
    expect(llm.requests.length).toBe(requests);
  });
});

describe('skip-docs', () => {
  it('a change to documentation alone (a root README.md and HISTORY.md, reStructuredText, LICENSE) contacts no model', async () => {
    const requests = llm.requests.length;
    const run = await keybug([...change(2), '--format', 'json']);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(run.stdout) as { status: string; skipped: { path: string; reason: string }[]; usage: { calls: number } };
    expect(report.status).toBe('nothing-to-review');
    expect(report.skipped.map((s) => s.path)).toEqual(['HISTORY.md', 'LICENSE', 'README.md', 'doc/setup.rst']);
    expect(report.skipped.every((s) => s.reason.startsWith('documentation'))).toBe(true);
    expect(report.usage.calls).toBe(0);
    expect(llm.requests.length).toBe(requests);
    // Named in include, documentation is reviewed.
    const named = await keybug([...change(2), '--include', '**/*.md', '--reviewers', '1', '--format', 'json']);
    expect(
      (JSON.parse(named.stdout) as { files: { path: string; coverage: string }[] }).files
        .filter((f) => f.coverage === 'diff')
        .map((f) => f.path),
    ).toEqual(['HISTORY.md', 'README.md']);
  });
});
