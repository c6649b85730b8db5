import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { addedLines, keyBugsOutsideAdded } from '../../src/eval/added-lines.js';
import { readCaseFile, type EvalCase } from '../../src/eval/cases.js';
import { fixPattern } from '../../src/eval/mine/fixes.js';
import { whyNoLines, type MineResult } from '../../src/eval/mine/index.js';
import { mine } from '../../src/flows/mine.js';
import { readDiff } from '../../src/diff/index.js';
import { Git } from '../../src/git/git.js';
import { writeMineFixture, type MineFixture } from './mine-fixture.js';

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env: {} });
  return { code, out, err };
}

let fixture: MineFixture;
let result: MineResult;
let names: Map<string, string>;
const tmp = mkdtempSync(path.join(tmpdir(), 'keybug-mine-out-'));

beforeAll(async () => {
  fixture = writeMineFixture();
  names = new Map(Object.entries(fixture.commits).map(([name, sha]) => [sha, name]));
  result = await mine({
    repo: fixture.dir,
    rev: 'HEAD',
    pattern: fixPattern(undefined),
    skipReverts: true,
    maxFiles: 2,
    includeTests: false,
    idPrefix: 'calc',
  });
}, 240_000);

afterAll(() => {
  fixture.cleanup();
  rmSync(tmp, { recursive: true, force: true });
});

const caseOf = (name: string): EvalCase | undefined => result.cases.find((c) => c.head === fixture.commits[name]);

describe('eval mine (SZZ) on a repository with planted bugs', () => {
  it('finds every planted introducing commit with exactly its lines, one key bug per fix, and nothing else', () => {
    expect(result.cases.map((c) => names.get(c.head)).sort()).toEqual(Object.keys(fixture.planted).sort());
    for (const [name, planted] of Object.entries(fixture.planted)) {
      const c = caseOf(name) as EvalCase;
      expect(c.id).toBe(`calc-${planted.sha.slice(0, 12)}`);
      const got = c.keyBugs.map((b) => ({ path: b.path, line: b.startLine, endLine: b.endLine, bug: b.bug }));
      const want = planted.lines.map((l) => ({ path: l.path, line: l.line, endLine: l.line, bug: l.fix.slice(0, 12) }));
      expect(got).toEqual(want);
      expect(c.source?.fixes?.map((f) => f.sha).sort()).toEqual([...new Set(planted.lines.map((l) => l.fix))].sort());
    }
  });

  it('takes each case as its commit against its parent, titled by its message', async () => {
    const git = await Git.open(fixture.dir);
    try {
      for (const c of result.cases) {
        const [commit] = await git.commits([c.head], { noWalk: true });
        expect(c.base).toBe(commit?.parents[0]);
        expect(c.title).toBe(commit?.subject);
      }
    } finally {
      git.close();
    }
  });

  it('follows a line through a whitespace-only commit, a rename and a refactor that moved it to another file', () => {
    // The clamp line was re-indented by 'fix indentation' before its fix.
    expect(caseOf('clamp')?.keyBugs[0]?.path).toBe('src/calc.c');
    // src/util.py was renamed to lib/util.py (and edited) before its fix: the case names it where it was added.
    expect(caseOf('util')?.keyBugs.map((b) => b.path)).toEqual(['src/util.py']);
    // parse_len moved from src/calc.c to src/parse.c before its fix: the refactor is no case.
    expect(caseOf('parseLen')?.keyBugs.map((b) => b.path)).toEqual(['src/calc.c']);
    expect(caseOf('moveParse')).toBeUndefined();
    expect(caseOf('reindent')).toBeUndefined();
    expect(caseOf('renameUtil')).toBeUndefined();
  });

  it('labels a fix that traced to two introducers, and keeps two fixes of one commit as two key bugs of one case', () => {
    for (const name of ['clamp', 'scale']) {
      expect(caseOf(name)?.labels?.introducers).toBe('2');
      expect(caseOf(name)?.source?.fixes).toEqual([
        expect.objectContaining({ sha: fixture.commits.fixBoth, introducers: 2, subject: 'fix clamp and scale' }),
      ]);
    }
    const stats = caseOf('stats') as EvalCase;
    expect(new Set(stats.keyBugs.map((b) => b.bug)).size).toBe(2);
    expect(stats.labels).toEqual({ introducers: '1', 'days-to-fix': '8-30 days', size: '1-10 lines' });
    // One day a commit: 'add stats' is fixed 7 and 8 commits later, one of them a day after the merge.
    expect(stats.source?.fixes?.map((f) => f.days)).toEqual([8, 9]);
  });

  it("records each case's languages and the coverage keybug gives its files", () => {
    expect(caseOf('util')?.languages).toEqual(['Python']);
    expect(caseOf('util')?.files).toEqual([
      { path: 'src/util.py', language: 'Python', coverage: 'context' },
      { path: 'tests/test_util.py', language: 'Python', coverage: 'context' },
    ]);
    expect(caseOf('clamp')?.languages).toEqual(['C']);
    expect(caseOf('clamp')?.size).toEqual({ files: 1, additions: 7, deletions: 0 });
  });

  it('leaves out the merge, the root commit and the change over --max-files, and fixes of whitespace or a comment alone, saying why', () => {
    const dropped = Object.fromEntries(result.droppedIntroducers.map((d) => [names.get(d.sha), d.reason]));
    expect(dropped).toEqual({
      merge: expect.stringMatching(/merge commit/),
      root: expect.stringMatching(/root commit/),
      modes: 'changes 3 files keybug would review, over max-files (2)',
    });
    const noLines = Object.fromEntries(result.fixesWithoutLines.map((d) => [names.get(d.sha), d.reason]));
    expect(noLines).toEqual({
      reindent: 'only whitespace changed in its changed lines',
      fixComment: 'only blank lines, brackets or comments changed',
    });
    expect(result.droppedLines).toEqual([]);
  });

  it('writes only expected lines that are added lines of their head', async () => {
    const git = await Git.open(fixture.dir);
    try {
      for (const c of result.cases) expect(keyBugsOutsideAdded(c, addedLines(await readDiff(git, c.base, c.head)))).toBeNull();
    } finally {
      git.close();
    }
  });

  it('mines from a list of fix SHAs instead of messages', async () => {
    const list = path.join(tmp, 'fixes.txt');
    writeFileSync(list, `# exported from the tracker\n${fixture.commits.fixParse} parse_len\n\n${fixture.commits.fixFirst}\n`);
    const listed = await mine({
      repo: fixture.dir,
      rev: 'HEAD',
      pattern: fixPattern(undefined),
      skipReverts: true,
      fixList: list,
      maxFiles: 2,
      includeTests: false,
      idPrefix: 'calc',
    });
    expect(listed.fixes).toBe(2);
    expect(listed.cases.map((c) => names.get(c.head)).sort()).toEqual(['parseLen', 'util']);
  });

  it('traces test lines with --include-tests', async () => {
    const withTests = await mine({
      repo: fixture.dir,
      rev: 'HEAD',
      pattern: /first\(\)/,
      skipReverts: false,
      maxFiles: 2,
      includeTests: true,
      idPrefix: 'calc',
    });
    expect(withTests.cases.flatMap((c) => c.keyBugs.map((b) => b.path)).sort()).toEqual(['src/util.py', 'tests/test_util.py']);
  });
});

describe('why a fix has no line to trace', () => {
  it('gives the one reason all its files share, whatever their number, so that such fixes count as one group', () => {
    const tests = (n: number): { path: string; reason: string }[] =>
      Array.from({ length: n }, (_, i) => ({ path: `test/t${i}.js`, reason: 'a test file (--include-tests to trace tests too)' }));
    expect(whyNoLines(tests(1))).toBe('a test file (--include-tests to trace tests too)');
    expect(whyNoLines(tests(6))).toBe('a test file (--include-tests to trace tests too)');
    expect(whyNoLines([...tests(2), { path: 'README.md', reason: 'documentation (matches **/*.md)' }])).toBe(
      '2 file(s): a test file (--include-tests to trace tests too); 1 file(s): documentation',
    );
    expect(whyNoLines([])).toBe('it changes no file');
  });
});

describe('keybug eval mine (the command)', () => {
  it('writes a case file that keybug eval reads, with clones relative to it, and counts what it left out', async () => {
    const out = path.join(tmp, 'cases', 'mined.jsonl');
    const run = await cli(['eval', 'mine', '--repo', fixture.dir, '--max-files', '2', '--id-prefix', 'calc', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.out).toBe('');
    expect(run.err).toMatch(
      /mine: 10 fix commit\(s\) examined, 8 with code lines traced to 8 commit\(s\); 5 case\(s\) with 6 key bug\(s\)/,
    );
    expect(run.err).toMatch(/1 × changes 3 files keybug would review, over max-files \(2\)/);
    expect(run.err).toMatch(/1 × only whitespace changed in its changed lines/);
    const cases = readCaseFile(out);
    expect(cases.map((c) => c.id).sort()).toEqual(result.cases.map((c) => c.id).sort());
    expect(cases[0]?.repo).toBe(fixture.dir);
    expect(readFileSync(out, 'utf8')).toContain(`"repo":"${path.relative(path.dirname(out), fixture.dir)}"`);
  });

  it('prints JSON Lines on standard output without --out, and refuses bad flags before any work', async () => {
    const run = await cli(['eval', 'mine', '--repo', fixture.dir, '--fix-pattern', 'fix mean']);
    expect(run.code).toBe(0);
    expect(
      run.out
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as EvalCase).head),
    ).toEqual([fixture.commits.stats]);
    expect((await cli(['eval', 'mine'])).err).toMatch(/Missing --repo DIR/);
    expect((await cli(['eval', 'mine', '--repo', fixture.dir, '--fix-pattern', '('])).err).toMatch(/Invalid --fix-pattern/);
    expect((await cli(['eval', 'mine', '--repo', fixture.dir, '--max', '0'])).err).toMatch(/Invalid value '0' for --max/);
    const list = path.join(tmp, 'bad.txt');
    writeFileSync(list, `${fixture.commits.fixParse}\ndeadbeef\n${fixture.commits.merge}\n`);
    const bad = await cli(['eval', 'mine', '--repo', fixture.dir, '--fixes', list]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/1 of 3 name no commit of the repository: deadbeef/);
    writeFileSync(list, `${fixture.commits.merge}\n`);
    expect((await cli(['eval', 'mine', '--repo', fixture.dir, '--fixes', list])).err).toMatch(
      /is a merge or a root commit: a fix must have one parent/,
    );
  });
});
