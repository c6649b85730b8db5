/**
 * Progress a person can follow: slicing says how many changed files are read and sliced of all,
 * the slices so far and the time taken, every tenth of the files (or after 5 s); the review how many
 * model calls are done of those known. Given a progress line (a terminal's), the CLI sends them
 * there; otherwise they are plain lines on stderr.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../../src/cli/main.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { metaAnswer, reviewerAnswer, validatorAnswer } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';

const FILES = 20;

describe('progress', () => {
  let repo: TestRepo;
  let base: string;
  let server: ModelServer;
  beforeAll(async () => {
    repo = createRepo('keybug-progress-');
    for (let i = 0; i < FILES; i++) repo.write(`src/f${i}.c`, `int f${i}(int x) {\n  return x;\n}\n`);
    base = repo.commit('base');
    for (let i = 0; i < FILES; i++) repo.write(`src/f${i}.c`, `int f${i}(int x) {\n  x += ${i};\n  return x;\n}\n`);
    repo.commit('head');
    server = await startModelServer((request) => ({
      content:
        request.role === 'reviewer'
          ? reviewerAnswer([])
          : request.role === 'meta-reviewer'
            ? metaAnswer(request)
            : validatorAnswer(request),
    }));
  });
  afterAll(async () => {
    repo.cleanup();
    await server.close();
  });

  const run = async (args: string[], withProgress: boolean): Promise<{ code: number; err: string[]; progress: string[] }> => {
    const err: string[] = [];
    const progress: string[] = [];
    const code = await main(args, {
      out: () => undefined,
      err: (t) => void err.push(t),
      ...(withProgress ? { progress: (t: string) => void progress.push(t) } : {}),
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, KEYBUG_MODEL: 'm' },
    });
    return { code, err, progress };
  };

  it('slicing: files read and sliced of all, slices so far, every tenth of the files, as plain lines without a terminal', async () => {
    const { code, err } = await run(['slice', '--repo', repo.dir, '--base', base, '--index-cache', 'none'], false);
    expect(code).toBe(0);
    const lines = err.filter((l) => / file\(s\) read, /.test(l));
    for (const l of lines)
      expect(l).toMatch(/^slicing: \d+ of 20 file\(s\) read, \d+ sliced, \d+ slice\(s\) so far, \d+s since the start$/);
    // A tenth of 20 files is 2: a line at every second file read, then when the part is sliced.
    const read = lines.map((l) => Number(/^slicing: (\d+) of/.exec(l)?.[1]));
    for (const n of [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]) expect(read).toContain(n);
    expect(lines[lines.length - 1]).toMatch(/^slicing: 20 of 20 file\(s\) read, 20 sliced, 20 slice\(s\) so far, /);
  });

  it('with a progress line (a terminal), slicing and the review send their progress there, and the rest to stderr', async () => {
    const { code, err, progress } = await run(
      ['review', '--repo', repo.dir, '--base', base, '--index-cache', 'none', '--reviewers', '1'],
      true,
    );
    expect(code).toBe(0);
    expect(progress.some((l) => /^slicing: 20 of 20 file\(s\) read, 20 sliced, /.test(l))).toBe(true);
    expect(
      progress.some((l) =>
        /^review: 20 of 20 model call\(s\) done so far \(more are known as findings come in\), \d+s since the start$/.test(l),
      ),
    ).toBe(true);
    expect(err.filter((l) => / file\(s\) read, |model call\(s\) done so far/.test(l))).toEqual([]);
    expect(err.some((l) => /^Review complete|^slicing: 20 slice\(s\)/.test(l))).toBe(true);
  });
});
