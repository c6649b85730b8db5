/**
 * The CLI's errors as a user meets them: each is one line that names its subject (the repository
 * folder, the revision, the range, the config file), not the pipeline stage it happened in, says
 * how to fix it, and exits with the documented code.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env: {} });
  return { code, out, err };
}

const CONFIG_FIX =
  "Fix it on the base branch (a pull request's own change to it counts only after merge), or set --on-invalid-config defaults to review without it.";

describe('CLI errors', () => {
  let repo: TestRepo;
  let base: string;
  let head: string;
  beforeAll(() => {
    repo = createRepo('keybug-errors-');
    repo.write('a.c', 'int f(int x) {\n  return x;\n}\n');
    base = repo.commit('base');
    repo.write('a.c', 'int f(int x) {\n  x += 1;\n  return x;\n}\n');
    head = repo.commit('head');
  });
  afterAll(() => repo.cleanup());

  it('a range given the other way round is exit 2 with the flags to run instead, for every command that reads a change', async () => {
    for (const command of [['diff'], ['slice'], ['review', '--dry-run']]) {
      const { code, out, err } = await cli([...command, '--repo', repo.dir, '--base', head, '--head', base]);
      expect({ command, code }).toEqual({ command, code: 2 });
      expect(out).toBe('');
      expect(err.trim()).toBe(
        `keybug ${command[0]}: The range ${head}...${base} holds no change: head ${base.slice(0, 12)} is already in the history of base ${head.slice(0, 12)}. Were they given the other way round? Try --base ${base} --head ${head}.`,
      );
    }
  });

  it('the same commit as base and head is exit 2, saying which flags name the change', async () => {
    const { code, out, err } = await cli(['review', '--repo', repo.dir, '--base', 'HEAD', '--dry-run']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.trim()).toBe(
      `keybug review: The range HEAD...HEAD holds no change: base and head are the same commit (${head.slice(0, 12)}). Name the commit the change starts from with --base (e.g. --base origin/main) and its last commit with --head (HEAD by default; keybug reads commits, not uncommitted changes).`,
    );
  });

  it('a folder that is not a repository, or a revision not in it, is named; no stage name goes before it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'keybug-not-a-repo-'));
    try {
      const notRepo = await cli(['slice', '--repo', empty, '--base', 'HEAD~1']);
      expect(notRepo.code).toBe(3);
      expect(notRepo.err).toMatch(new RegExp(`^keybug slice: '${empty}' is not a git repository: `));
      const missing = await cli(['review', '--repo', path.join(empty, 'gone'), '--base', 'HEAD~1', '--dry-run']);
      expect(missing.code).toBe(3);
      expect(missing.err.trim()).toBe(`keybug review: The repository folder '${path.join(empty, 'gone')}' does not exist.`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const revision = await cli(['review', '--repo', repo.dir, '--base', 'no-such-branch', '--dry-run']);
    expect(revision.code).toBe(3);
    expect(revision.err.trim()).toBe(`keybug review: The base revision 'no-such-branch' is not in the repository ${repo.dir}.`);
  });

  it('an unknown flag gets "did you mean" for the flags it begins or nearly spells', async () => {
    const prefix = await cli(['slice', '--repo', repo.dir, '--base', base, '--algo', 'full-flow']);
    expect(prefix.code).toBe(2);
    expect(prefix.err.trim()).toBe(
      "keybug slice: Unknown option '--algo' (did you mean '--algorithm'?). Run 'keybug slice --help' for the options it takes.",
    );
    const several = await cli(['review', '--base', base, '--max', '3']);
    expect(several.err.trim()).toBe(
      "keybug review: Unknown option '--max' (did you mean '--max-retries', '--max-tokens' or '--max-files'?). Run 'keybug review --help' for the options it takes.",
    );
    const negated = await cli(['diff', '--base', base, '--no-exam']);
    expect(negated.err.trim()).toBe(
      "keybug diff: Unknown option '--no-exam' (did you mean '--no-example'?). Run 'keybug diff --help' for the options it takes.",
    );
    const typo = await cli(['slice', '--base', base, '--algoritm', 'full-flow']);
    expect(typo.err.trim()).toBe(
      "keybug slice: Unknown option '--algoritm' (did you mean '--algorithm'?). Run 'keybug slice --help' for the options it takes.",
    );
  });

  it('an invalid config file ends with the same fix hint from review, slice and config --check, and its unknown keys get "did you mean"', async () => {
    const bad = createRepo('keybug-errors-config-');
    try {
      bad.write('.github/keybug.yml', 'top-k: lots\nalgo: full-flow\n');
      bad.write('a.c', 'int f(void) { return 1; }\n');
      const from = bad.commit('base');
      bad.write('a.c', 'int f(void) { return 2; }\n');
      bad.commit('head');
      const problems = `Invalid config file .github/keybug.yml at ${from.slice(0, 12)}, line 1, key 'top-k': must be a whole number (got "lots"); also line 2, key 'algo': unknown key 'algo' (did you mean 'algorithm'?). ${CONFIG_FIX}`;
      for (const args of [
        ['review', '--base', from, '--dry-run'],
        ['slice', '--base', from],
        ['config', '--check', '--rev', from],
        ['config', '--check', '--rev', from, '--format', 'json'],
      ]) {
        const { code, err } = await cli([...args, '--repo', bad.dir]);
        expect({ args, code }).toEqual({ args, code: 2 });
        expect(err.trim()).toBe(`keybug ${args[0]}: ${problems}`);
      }
    } finally {
      bad.cleanup();
    }
  });

  it('config --check shows what an empty setting does: the cache folder in the git folder, the endpoint, every file', async () => {
    const { code, out } = await cli(['config', '--check', '--repo', repo.dir]);
    expect(code).toBe(0);
    const row = (name: string): string =>
      out
        .split('\n')
        .find((line) => line.trim().startsWith(`${name} `))
        ?.trim()
        .replace(/\s{2,}/g, ' | ') ?? '';
    expect(row('index-cache')).toBe('index-cache | .git/keybug | default');
    expect(row('base-url')).toBe('base-url | https://api.openai.com/v1 (OpenAI) | default');
    expect(row('include')).toBe('include | (every file) | default');
    expect(row('index-cache')).not.toContain('(none)');
    const json = JSON.parse((await cli(['config', '--check', '--repo', repo.dir, '--format', 'json'])).out) as {
      settings: { name: string; value: string; means?: string }[];
    };
    expect(json.settings.find((s) => s.name === 'index-cache')).toMatchObject({ value: '', means: '.git/keybug' });
    const named = await cli(['config', '--check', '--repo', repo.dir, '--index-cache', 'none']);
    expect(named.out).toMatch(/index-cache\s+none\s+--index-cache/);
  });
});
