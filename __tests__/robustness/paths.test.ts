/**
 * Robustness: a path may hold any bytes git allows — a newline, a tab, quotes, a backslash, a leading
 * dash, bytes that are not UTF-8. Each changed file is reviewed or listed with the reason it was not;
 * none ends the run. The repository is written by the test, names as raw bytes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { main } from '../../src/cli/main.js';
import { runReview } from '../../src/engine/run.js';
import { planReview } from '../../src/publish/plan.js';
import { EMPTY_STATE } from '../../src/publish/state.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { BUG, reviewerAnswer, testSettings, wellBehaved } from '../review/helpers.js';
import { dataBlockOf, startModelServer, type ModelServer } from '../servers/model-server.js';

/** Names whose bytes are valid UTF-8, each a C file with one changed line. */
const NAMES = [
  'new\nline.c',
  'tab\there.c',
  'quote"d.c',
  "apos'trophe.c",
  '-rf.c',
  '--help.c',
  'sp ace.c',
  'back\\slash.c',
  'ünï.c',
  'dir/-x.c',
  ':colon.c',
  'HEAD:x.c',
];
/** A name that is not UTF-8 (a Latin-1 "é"): GitHub cannot name it in a comment. */
const LATIN1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x63]); // caf\xe9.c

const BEFORE = 'int g(int y) {\n  return y;\n}\n';
const AFTER = 'int g(int y) {\n  std::memcpy(out->payload, wire + 4, len);\n  return y;\n}\n';

let repo: TestRepo;
let base: string;
let head: string;
beforeAll(() => {
  repo = createRepo();
  for (const name of NAMES) repo.write(name, BEFORE);
  writeFileSync(Buffer.concat([Buffer.from(`${repo.dir}/`), LATIN1]), BEFORE);
  base = repo.commit('base');
  for (const name of NAMES) repo.write(name, AFTER);
  writeFileSync(Buffer.concat([Buffer.from(`${repo.dir}/`), LATIN1]), AFTER);
  head = repo.commit('head');
});
afterAll(() => repo.cleanup());

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('paths with any bytes', () => {
  it('are reviewed, and anchored on the diff, or listed with the reason; none ends the run', async () => {
    // Every reviewer finds the bug in whatever file its slice shows (named in the slice's header, whatever its bytes).
    const others = wellBehaved({});
    const byLength = [...NAMES].sort((a, b) => b.length - a.length);
    server = await startModelServer((request, index) => {
      if (request.role !== 'reviewer') return others(request, index);
      const slice = dataBlockOf(request.user, 'SLICE') ?? '';
      const file = byLength.find((n) => slice.includes(`## ${n}`)) ?? '';
      return { content: reviewerAnswer([{ ...BUG, line: 2, path: file }], file) };
    });
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false', 'max-files': '100' });
    const { prepared, result } = await runReview({ repoDir: repo.dir, base, head, settings, pr: { title: 't', body: '' } });

    const sliced = new Set(result.slices.map((s) => s.file));
    for (const name of NAMES) expect({ name, sliced: sliced.has(name) }).toEqual({ name, sliced: true });
    // The Latin-1 name is listed, not reviewed, with the reason; the run is incomplete (a change went unread).
    const latin = result.unreviewed.filter((u) => u.path.startsWith('caf'));
    expect(latin).toEqual([{ path: 'caf\\xe9.c', reason: expect.stringMatching(/^the path is not valid UTF-8/), missed: true }]);
    expect(result.status).toBe('incomplete');
    expect(result.incompleteReasons).toEqual([
      expect.stringMatching(/^1 changed file\(s\) have a path keybug cannot use and were not reviewed \(caf\\xe9\.c\)/),
    ]);

    const plan = planReview({ findings: result.findings, diff: prepared.diff, previous: EMPTY_STATE });
    expect(plan.comments.map((c) => c.request.path).sort()).toEqual([...NAMES].sort());
    expect(plan.comments.every((c) => c.request.line === 2)).toBe(true);
  });

  it('are printed by keybug diff and keybug slice without an error', async () => {
    const io = () => {
      const streams = { out: '', err: '' };
      return { streams, io: { out: (t: string) => void (streams.out += t), err: (t: string) => void (streams.err += t + '\n'), env: {} } };
    };
    for (const command of [
      ['diff', '--format', 'json'],
      ['slice', '--format', 'json'],
    ]) {
      const { streams, io: cliIo } = io();
      const code = await main([...command, '--repo', repo.dir, '--base', base, '--head', head], cliIo);
      expect({ command, code, err: streams.err }).toEqual({ command, code: 0, err: expect.not.stringMatching(/Error|at \S+:\d+/) });
      expect(() => JSON.parse(streams.out) as unknown).not.toThrow();
    }
  });

  it('each have one line of the coverage a dry run prints, whatever bytes the name holds', async () => {
    let out = '';
    const code = await main(['review', '--dry-run', '--repo', repo.dir, '--base', base, '--head', head], {
      out: (t) => void (out += t),
      err: () => undefined,
      env: {},
    });
    expect(code).toBe(0);
    const files = out.slice(out.indexOf('\nFiles (')).split('\n\n')[0]?.split('\n').slice(1) ?? [];
    expect(files[0]).toMatch(/^Files \(13 changed files: 12 with context, 0 from the diff only, 0 skipped, 1 not reviewed\):$/);
    const shown = (name: string): string => name.replace(/\n/g, '\\n').replace(/\t/g, '\\t');
    for (const name of NAMES)
      expect({ name, lines: files.filter((l) => l.startsWith(`  ${shown(name)} `)).length }).toEqual({ name, lines: 1 });
    expect(files.filter((l) => l.startsWith('  - caf\\xe9.c: the path is not valid UTF-8'))).toHaveLength(1);
    // Every line of the list is a heading or an entry: no name broke a line in two.
    expect(files.filter((l) => !/^(Files|Skipped|Not reviewed) \(|^ {2}/.test(l))).toEqual([]);
  });
});
