/** The performance page is written by `npm run bench:report` from one run, never by hand. */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- a plain .mjs script without type declarations
import { describeRepository, renderPage } from '../../scripts/bench-report.mjs';

const machine = (load: number[]) => ({
  date: '2026-11-28T08:00:00Z',
  cpu: 'Test CPU, 2 cores',
  memory: '24 GiB',
  os: 'Linux 6 x64',
  node: 'v24.21.0',
  commit: 'abcdef123456',
  ctags: 'Universal Ctags 5.9.0',
  loadBefore: load,
  loadAfter: load,
  command: 'npm run bench:report -- --repo /r',
});
const size = (median: number, floorRatio: number, floorCpuRatio: number) => ({
  factor: 1,
  parsableFiles: 1783,
  ctagsMs: 1500,
  median,
  max: median * 2,
  peak: 300,
  indexShare: 0.2,
  parseShare: 0.5,
  slices: 40,
  floorRatio,
  floorCpuRatio,
});
const figures = (load: number[]) => ({
  machine: machine(load),
  slicing: [
    { name: 'facebook/rocksdb at 1234567890 (2026-08-01)', repo: '/r', algorithm: 'original-diff', commits: 6, sizes: [size(1800, 1, 1)] },
    {
      name: 'facebook/rocksdb at 1234567890 (2026-08-01)',
      repo: '/r',
      algorithm: 'left-flow',
      commits: 6,
      sizes: [size(2160, 1.23, 1.18)],
    },
  ],
  range: null,
  review: {
    slices: 40,
    reviewers: 3,
    concurrency: 8,
    latencyMs: 250,
    calls: { reviewer: 120, 'meta-reviewer': 40, validator: 40 },
    promptTokens: 229401,
    completionTokens: 18960,
    wallMs: 6530,
    idealMs: 6250,
    meanCallMs: 259,
    efficiency: 0.957,
    schedulingEfficiency: 0.99,
  },
  diff: { rows: [{ files: 1000, lines: 40000, ms: 141 }] },
});

describe('npm run bench:report', () => {
  it("writes one table per benchmark with the machine, the date, the load and the command, and each commit's ratio to the floor measured beside it (median, by wall and CPU time)", () => {
    const page = renderPage(figures([0.3, 0.2, 0.1])) as string;
    expect(page).toContain('Measured 2026-11-28T08:00:00Z on Test CPU, 2 cores, 24 GiB, Linux 6 x64, Node v24.21.0, keybug abcdef123456');
    expect(page).toContain('Load average (1, 5, 15 min) 0.30, 0.20, 0.10 before the run');
    expect(page).toContain('```sh\nnpm run bench:report -- --repo /r\n```');
    expect(page).not.toContain('The machine was busy');
    expect(page).toContain(
      '| facebook/rocksdb at 1234567890 (2026-08-01), 1,783 files keybug parses | 6 | `left-flow` | 2.16 s | 4.32 s | 300 MB | 1.23× | 1.18× | 1.44× | 20% / 50% | 40 |',
    );
    expect(page).toContain(
      '| 200 (reviewer 120, meta-reviewer 40, validator 40) | 229,401 + 18,960 | 6.53 s | 6.25 s | 0.96 | 259 ms | 0.99 |',
    );
    expect(page).toContain('| 1,000 | 40,000 | 141 ms | 35 |');
    expect(page.match(/^## /gm)).toEqual(['## ', '## ', '## ']);
  });

  it('shows the large change through keybug slice and keybug review, with the commands and the peak memory of each', () => {
    const memory = {
      name: 'facebook/rocksdb at 1234567890 (2026-08-01)',
      range: 'HEAD~900..HEAD',
      maxFiles: 1000,
      algorithm: 'left-flow',
      rows: [
        {
          command: 'keybug slice --format json',
          exitCode: 0,
          slices: 17693,
          findings: null,
          status: null,
          peakMb: 462.6,
          wallMs: 300_000,
          cpuMs: 62_000,
        },
        {
          command: 'keybug review --format json',
          exitCode: 0,
          slices: 17693,
          findings: 1204,
          status: 'complete',
          peakMb: 480.2,
          wallMs: 700_000,
          cpuMs: 120_000,
        },
      ],
    };
    const page = renderPage({ ...figures([0.3, 0.2, 0.1]), memory }) as string;
    expect(page).toContain('## A large change through the commands a user runs');
    expect(page).toContain(
      'The change `HEAD~900..HEAD` of facebook/rocksdb at 1234567890 (2026-08-01) with `--max-files 1,000` and `left-flow`',
    );
    expect(page).toContain('| `keybug slice --format json` | 17,693 |  | 463 MB | 300.0 s | 62.0 s |');
    expect(page).toContain('| `keybug review --format json` | 17,693 | 1,204 | 480 MB | 700.0 s | 120.0 s |');
  });

  it('shows the keep ratio at each size of the scale table, summed over the replayed commits', () => {
    const row = (copies: number, commit: string, algorithm: string, kept: number, lines: number, foreign: number) => ({
      copies,
      mib: 30.8 * copies,
      files: 1400 * copies,
      commit,
      algorithm,
      lines,
      kept,
      contextLines: lines / 2,
      keptContext: kept - lines / 2,
      linesInCopies: kept,
      foreignSections: foreign,
      foreignLines: foreign * 3,
      msReal: 1000,
      msCopies: 1000 * (1 + copies / 10),
    });
    const homonyms = {
      name: 'facebook/rocksdb at 1234567890 (2026-08-01)',
      commits: ['a'.repeat(40), 'b'.repeat(40)],
      algorithms: ['left-flow'],
      rows: [
        row(1, 'a', 'left-flow', 100, 100, 0),
        row(1, 'b', 'left-flow', 300, 300, 0),
        row(14, 'a', 'left-flow', 90, 100, 2),
        row(14, 'b', 'left-flow', 270, 300, 1),
      ],
    };
    const page = renderPage({ ...figures([0.3, 0.2, 0.1]), homonyms }) as string;
    expect(page).toContain('## Scale: many same-named definitions');
    expect(page).toContain('The commits `aaaaaaaaaa` and `bbbbbbbbbb` of facebook/rocksdb at 1234567890 (2026-08-01)');
    expect(page).toContain('| 1 | 31 MiB, 1,400 files | `left-flow` | 400 of 400 (100%) | 200 of 200 (100%) | 0 | 1.10× |');
    expect(page).toContain('| 14 | 431 MiB, 19,600 files | `left-flow` | 360 of 400 (90%) | 160 of 200 (80%) | 3 | 2.40× |');
  });

  it('says so when the machine was busy', () => {
    expect(renderPage(figures([3.5, 2, 1])) as string).toContain('**The machine was busy** (load average up to 3.5 on 2 cores)');
  });

  it('is what docs/performance.md was written by', () => {
    const page = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'performance.md'), 'utf8');
    expect(page).toMatch(/^# Performance\n\n<!-- Written by `npm run bench:report` from one benchmark run;/);
    expect(page).toMatch(/^Measured \d{4}-\d\d-\d\dT[\d:]+Z on .+, \d+ cores, /m);
    expect(page).toMatch(/^```sh\nnpm run bench:report -- /m);
  });
});

describe('the repository a page names', () => {
  it("names a clone of a local mirror (owner+name/repo) by the mirror's folder, not by the last two parts of its path", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'keybug-describe-'));
    try {
      const mirror = path.join(root, 'facebook+rocksdb', 'repo');
      mkdirSync(mirror, { recursive: true });
      const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8' });
      git(mirror, 'init', '-q');
      git(mirror, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'x');
      const clone = path.join(root, 'rocksdb');
      execFileSync('git', ['clone', '-q', mirror, clone]);
      expect(describeRepository(mirror)).toMatch(/^facebook\/rocksdb at [0-9a-f]{10} /);
      expect(describeRepository(clone)).toMatch(/^facebook\/rocksdb at [0-9a-f]{10} /);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
