/**
 * The learnings file (.github/keybug-learnings.yml): its schema and errors with lines, how keybug
 * adds an entry (the rest of the file kept as written), and how the entries reach the reviewers of
 * the files they match, read from the base revision like the config file.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigFileError, MAX_CONFIG_BYTES, yamlText } from '../../src/config/file.js';
import { LEARNINGS_FILE, parseLearnings, withLearning } from '../../src/config/learnings.js';
import { learningsSchema } from '../../src/config/learnings-schema.js';
import { configureFromRevision } from '../../src/config/repository.js';
import { Git } from '../../src/git/git.js';
import { buildGuidance } from '../../src/guidance/index.js';
import { main } from '../../src/cli/main.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { seedSlice } from '../helpers/seed-slice.js';

const root = path.join(import.meta.dirname, '..', '..');

const FILE = `# what we taught keybug
learnings:
  - paths: [src/net/**]
    text: Ring buffers in src/net are 2^k bytes; masking with len - 1 is intended.
    link: https://github.example/acme/widgets/pull/7#discussion_r12
    date: "2026-01-31"
  - text: Errors are negative errno values everywhere.
`;

describe('the learnings file', () => {
  it('is parsed with each entry and its line; its schema is the generated one', () => {
    const file = parseLearnings(FILE);
    expect(file.learnings).toEqual([
      {
        paths: ['src/net/**'],
        text: 'Ring buffers in src/net are 2^k bytes; masking with len - 1 is intended.',
        link: 'https://github.example/acme/widgets/pull/7#discussion_r12',
        date: '2026-01-31',
        line: 3,
      },
      { paths: [], text: 'Errors are negative errno values everywhere.', link: null, date: null, line: 7 },
    ]);
    expect(JSON.parse(readFileSync(path.join(root, 'keybug-learnings.schema.json'), 'utf8'))).toEqual(learningsSchema());
  });

  it.each([
    [
      'an unknown key, with the key it resembles',
      'learnings:\n  - text: x\n    dates: "2026-01-01"\n',
      /line 3, key 'learnings\[0\]\.dates': unknown key 'dates'/,
    ],
    [
      'a date not written YYYY-MM-DD',
      'learnings:\n  - text: x\n    date: "31.01.2026"\n',
      /line 3, key 'learnings\[0\]\.date': must be a date written YYYY-MM-DD/,
    ],
    ['an entry without text', 'learnings:\n  - paths: src/**\n', /line 2, key 'learnings\[0\]': missing 'text'/],
    [
      'a link that is not an address',
      'learnings:\n  - text: x\n    link: javascript:alert(1)\n',
      /key 'learnings\[0\]\.link': must be an http:\/\/ or https:\/\/ address/,
    ],
    ['a top-level key of the config file', 'top-k: 3\nlearnings: []\n', /line 1, key 'top-k': unknown key 'top-k'/],
    ['text that is not YAML', 'learnings:\n  - text: [x\n', /line \d+: not valid YAML/],
  ])('names %s by line and key', (_, text, message) => {
    expect(() => parseLearnings(text, LEARNINGS_FILE, 'a'.repeat(40))).toThrow(ConfigFileError);
    expect(() => parseLearnings(text, LEARNINGS_FILE, 'a'.repeat(40))).toThrow(message);
    expect(() => parseLearnings(text, LEARNINGS_FILE, 'a'.repeat(40))).toThrow(
      /^Invalid learnings file \.github\/keybug-learnings\.yml at aaaaaaaaaaaa/,
    );
  });

  it('gets an entry added with the rest kept as written, once', () => {
    const entry = {
      paths: ['src/db/**'],
      text: 'Queries go through db_exec(), which escapes.',
      link: 'https://github.example/acme/widgets/pull/9#discussion_r3',
      date: '2026-02-01',
    };
    const { text, added } = withLearning(FILE, entry);
    expect(added).toBe(true);
    expect(text.startsWith(FILE.trimEnd().split('\n').slice(0, 6).join('\n'))).toBe(true);
    expect(text).toContain('# what we taught keybug');
    expect(parseLearnings(text).learnings.map((l) => l.text)).toEqual([
      expect.stringContaining('Ring buffers'),
      expect.stringContaining('negative errno'),
      entry.text,
    ]);
    expect(withLearning(text, entry)).toEqual({ text, added: false });
    // A new file says what it is, and parses.
    const fresh = withLearning(null, { paths: [], text: 'one', link: null, date: null });
    expect(fresh.text).toMatch(/^# What this repository's maintainers taught keybug/);
    expect(parse(fresh.text)).toEqual({ learnings: [{ text: 'one' }] });
    // keybug does not rewrite what it cannot read.
    expect(() => withLearning('learnings: 3\n', entry)).toThrow(ConfigFileError);
  });
});

describe('learnings as guidance', () => {
  let repo: TestRepo | null = null;
  afterEach(() => repo?.cleanup());

  it('reach the slices of the files they match, from the base revision; an invalid file is named and left out', async () => {
    repo = createRepo('keybug-learnings-');
    repo.write(LEARNINGS_FILE, FILE);
    repo.write('src/net/ring.c', 'int r;\n');
    repo.write('src/util.c', 'int u;\n');
    const base = repo.commit('base');
    const git = await Git.open(repo.dir);
    try {
      const { settings, repository } = await configureFromRevision(git, base, { get: () => undefined, origin: () => '' }, 'fail');
      const { bySlice } = await buildGuidance({
        git,
        repository,
        settings,
        slices: [seedSlice('s1', 'src/net/ring.c'), seedSlice('s2', 'src/util.c')],
        diff: { files: [] },
      });
      const net = bySlice.get('s1')!.text;
      expect(net).toContain(
        `=== ${LEARNINGS_FILE}: what this repository's maintainers taught keybug about src/net/** ===\n- Ring buffers in src/net are 2^k bytes; masking with len - 1 is intended. (2026-01-31)`,
      );
      expect(net).toContain('- Errors are negative errno values everywhere.');
      // Scoped learnings come before the general ones.
      expect(net.indexOf('Ring buffers')).toBeLessThan(net.indexOf('negative errno'));
      expect(bySlice.get('s2')!.text).not.toContain('Ring buffers');
      expect(bySlice.get('s2')!.text).toContain('negative errno');

      repo.write(LEARNINGS_FILE, 'learnings:\n  - text: x\n    when: now\n');
      const broken = repo.commit('broken learnings');
      const again = await configureFromRevision(git, broken, { get: () => undefined, origin: () => '' }, 'fail');
      expect(again.repository.learnings).toEqual({
        file: null,
        problem: expect.stringContaining("key 'learnings[0].when': unknown key 'when'"),
      });
      const guidance = await buildGuidance({
        git,
        repository: again.repository,
        settings: again.settings,
        slices: [seedSlice('s1', 'src/net/ring.c')],
        diff: { files: [] },
      });
      expect(guidance.report.skipped).toContainEqual({ path: LEARNINGS_FILE, reason: expect.stringContaining('Invalid learnings file') });
      expect(guidance.bySlice.get('s1')?.text ?? '').not.toContain('Ring buffers');
    } finally {
      git.close();
    }
  });
});

describe('keybug learnings --check', () => {
  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env: {} });
    return { code, out, err };
  }

  it('lists the entries of a valid file and names the line and key of each problem of an invalid one (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keybug-learnings-cli-'));
    try {
      writeFileSync(path.join(dir, 'good.yml'), FILE);
      const good = await cli(['learnings', '--check', '--file', path.join(dir, 'good.yml')]);
      expect(good.code).toBe(0);
      expect(good.out).toContain('valid: 2 learning(s)');
      expect(good.out).toContain('line 3: src/net/** · 2026-01-31');
      writeFileSync(path.join(dir, 'bad.yml'), 'learnings:\n  - text: x\n    date: tomorrow\n  - paths: a\n');
      const bad = await cli(['learnings', '--check', '--file', path.join(dir, 'bad.yml')]);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(
        /Invalid learnings file .*bad\.yml, line 3, key 'learnings\[0\]\.date': must be a date written YYYY-MM-DD.*; also line 4, key 'learnings\[1\]': missing 'text'/,
      );
      const json = await cli(['learnings', '--check', '--file', path.join(dir, 'bad.yml'), '--format', 'json']);
      expect(JSON.parse(json.out)).toMatchObject({
        valid: false,
        problems: [
          { line: 3, key: 'learnings[0].date' },
          { line: 4, key: 'learnings[1]' },
        ],
      });
      const none = await cli(['learnings', '--check', '--file', path.join(dir, 'missing.yml')]);
      expect(none).toMatchObject({ code: 0, out: expect.stringContaining('No learnings file') });
      expect(JSON.parse((await cli(['learnings', '--schema'])).out)).toEqual(learningsSchema());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the bytes of a YAML file', () => {
  it('refuses a file too large or binary, naming what file it is, for the config file and the learnings file alike', () => {
    expect(yamlText(Buffer.from('learnings: []\n'), LEARNINGS_FILE, '', 'learnings file')).toBe('learnings: []\n');
    const big = () => yamlText(Buffer.alloc(MAX_CONFIG_BYTES + 1, 0x20), LEARNINGS_FILE, '', 'learnings file');
    expect(big).toThrow(ConfigFileError);
    expect(big).toThrow(`the file is ${MAX_CONFIG_BYTES + 1} bytes; a learnings file may have at most ${MAX_CONFIG_BYTES}`);
    expect(() => yamlText(Buffer.from('top-k: 3\n\0'), '.github/keybug.yml', 'abc')).toThrow(
      /^Invalid config file \.github\/keybug\.yml at abc, line 1: the file is binary, not YAML text/,
    );
  });
});
