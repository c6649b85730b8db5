import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RepositoryTools, ToolSession, TOOL_CAPS } from '../../src/review/tools/index.js';
import { refuseRegex } from '../../src/review/tools/search-pattern.js';
import { createToolsFixture, LINES, TOKEN, type ToolsFixture } from './tools-fixture.js';

describe('the repository tools over base and head', () => {
  let fx: ToolsFixture;
  let tools: RepositoryTools;
  beforeAll(async () => {
    fx = await createToolsFixture();
    tools = new RepositoryTools(fx.git, fx.diff);
  });
  afterAll(() => fx.cleanup());

  it("definition finds the callee's body at each side, tied by the file, with its numbered lines", async () => {
    const head = await tools.run('definition', { name: 'ring_capacity', file: 'src/ring.c', line: LINES.pushCheck, side: 'head' });
    expect(head.outcome).toBe('answered');
    expect(head.text).toContain(`1. src/ring.c:${LINES.capacityStart}-${LINES.capacityEnd} (head) function — tied by same-file`);
    expect(head.text).toContain(`${LINES.capacityReturn} |   return RING_SIZE + 1;`);
    const base = await tools.run('definition', { name: 'ring_capacity', file: 'src/ring.c', line: LINES.pushCheck, side: 'base' });
    expect(base.text).toContain(`(base) function — tied by same-file`);
    expect(base.text).toContain(`${LINES.capacityReturn} |   return RING_SIZE;`);
    expect(base.text).not.toContain('RING_SIZE + 1');
  });

  it('definition follows the include to the header, and says so when nothing is found', async () => {
    const header = await tools.run('definition', { name: 'RING_SIZE', file: 'src/ring.c', line: LINES.pushWrite });
    expect(header.text).toMatch(/include\/ring\.h:4-4 \(head\) macro — tied by (package|reachable|import)/);
    const none = await tools.run('definition', { name: 'no_such_function', file: 'src/ring.c', line: LINES.pushWrite });
    expect(none.outcome).toBe('empty');
    expect(none.text).toMatch(/^no definition of "no_such_function" found from src\/ring\.c:12 \(head\)/);
  });

  it('references lists the callers, the asking file first, numbered', async () => {
    const refs = await tools.run('references', { name: 'ring_push', file: 'src/main.c' });
    expect(refs.outcome).toBe('answered');
    const lines = refs.text.split('\n');
    expect(lines[0]).toBe('references to "ring_push" at head: 3 line(s) in 3 file(s) (src/main.c first, then the nearest folders)');
    expect(lines[1]).toBe('1. src/main.c:5: if (ring_push(r, i) != 0) {');
    expect(lines.slice(2).sort()).toEqual(
      [
        '2. src/ring.c:8: int ring_push(struct ring *r, int value) {',
        '3. include/ring.h:12: int ring_push(struct ring *r, int value);',
      ].sort(),
    );
    expect((await tools.run('references', { name: 'nowhere_used' })).text).toBe(
      'no references to "nowhere_used" at head: no tracked file holds it as a whole word',
    );
  });

  it('read shows numbered lines at either side, capped to a window, and says what is past the end', async () => {
    const head = await tools.run('read', { file: 'src/ring.c', start: LINES.capacityReturn, end: LINES.capacityReturn, side: 'head' });
    expect(head.text).toBe(`src/ring.c lines 5-5 of 15 (head)\n5 |   return RING_SIZE + 1;`);
    const base = await tools.run('read', { file: 'src/ring.c', start: 5, end: 5, side: 'base' });
    expect(base.text).toBe(`src/ring.c lines 5-5 of 15 (base)\n5 |   return RING_SIZE;`);
    const huge = await tools.run('read', { file: 'data/aaaa.txt', start: 1, end: 1_000_000_000 });
    expect(huge.text.split('\n')[1]).toMatch(/^1 \| a{300} … \(4701 more characters\)$/);
    const past = await tools.run('read', { file: 'src/ring.c', start: 900, end: 999 });
    expect(past).toEqual({ outcome: 'empty', text: 'src/ring.c has 15 lines at head; line 900 is past its end' });
  });

  it('refuses what is not a tracked regular file, with the reason, never an error', async () => {
    const refused = async (file: string, side = 'head'): Promise<string> => {
      const r = await tools.run('read', { file, start: 1, end: 5, side });
      expect(r.outcome).toBe('refused');
      return r.text;
    };
    expect(await refused('../outside.c')).toMatch(/'\.\.' is refused/);
    expect(await refused('src/../../etc/passwd')).toMatch(/'\.\.' is refused/);
    expect(await refused('/etc/passwd')).toMatch(/absolute paths are refused/);
    expect(await refused('C:\\Windows\\win.ini')).toMatch(/absolute paths are refused/);
    expect(await refused('.git/config')).toMatch(/\.git is refused/);
    expect(await refused('src/.GIT/HEAD')).toMatch(/\.git is refused/);
    expect(await refused('src/passwd.c')).toMatch(/src\/passwd\.c is a symbolic link at head/);
    expect(await refused('vendor/lib')).toMatch(/vendor\/lib is a submodule at head/);
    expect(await refused('data/big.txt')).toMatch(/data\/big\.txt is over 1 MB at head \(1048587 bytes\)/);
    expect(await refused('src')).toMatch(/src is a folder at head, not a file/);
    expect(await refused('src/nope.c')).toBe('read: no tracked file src/nope.c at head');
    expect(await refused('src/passwd.c', 'base')).toMatch(/symbolic link at base/);
    // Every tool takes its paths through the same gate.
    for (const [tool, args] of [
      ['definition', { name: 'x', file: '../x', line: 1 }],
      ['references', { name: 'x', file: '/etc/passwd' }],
      ['history', { file: 'src/passwd.c', line: 1 }],
      ['diff', { file: '.git/HEAD' }],
      ['search', { text: 'root', path_glob: '../**' }],
    ] as const) {
      expect((await tools.run(tool, args)).outcome).toBe('refused');
    }
  });

  it('search finds fixed strings at each side, skips links and large files, and says when there are too many', async () => {
    const head = await tools.run('search', { text: 'RING_SIZE + 1' });
    expect(head.text).toBe('"RING_SIZE + 1" in every file at head: 1 line(s)\n1. src/ring.c:5: return RING_SIZE + 1;');
    expect((await tools.run('search', { text: 'RING_SIZE + 1', side: 'base' })).text).toBe(
      'no matches for "RING_SIZE + 1" in every file at base',
    );
    expect((await tools.run('search', { text: 'ring_push', path_glob: '*.h' })).text).toBe(
      '"ring_push" in *.h at head: 1 line(s)\n1. include/ring.h:12: int ring_push(struct ring *r, int value);',
    );
    // The link's blob holds "/etc/passwd" (git grep does not search links); the large file's line is not shown.
    expect((await tools.run('search', { text: '/etc/passwd' })).outcome).toBe('empty');
    const large = await tools.run('search', { text: 'xxxxxxxx' });
    expect(large).toEqual({
      outcome: 'empty',
      text: 'no matches for "xxxxxxxx" in every file at head (1 match(es) in symbolic links or files over 1 MB not shown)',
    });
    const many = await tools.run('search', { text: 'int t_', path_glob: '**/*.[ch]' });
    expect(many.text.split('\n')[0]).toMatch(
      /^too many results, narrow the query: "int t_" is on more than 30 lines in \*\*\/\*\.\[ch\] at head/,
    );
    expect(many.text.split('\n')).toHaveLength(TOOL_CAPS.matches + 1);
  });

  it('search by regex runs guarded: a regular-expression bomb is refused or bounded, never hangs', async () => {
    expect((await tools.run('search', { text: 'ring_(push|capacity)\\(', regex: true })).outcome).toBe('answered');
    const bomb = await tools.run('search', { text: '(a+)+$', regex: true });
    expect(bomb.outcome).toBe('refused');
    expect(bomb.text).toMatch(/nested repetition/);
    for (const pattern of ['(a|aa)*!', '(a*)*b', '(x{1,5}){1,5}', '(a)\\1', 'a{1,5000}']) expect(refuseRegex(pattern)).not.toBeNull();
    for (const pattern of ['ring_[a-z]+\\(', '[(+]+', 'a+b*c?', '(foo)bar+']) expect(refuseRegex(pattern)).toBeNull();
    // A pattern the guard lets through still runs on git's non-backtracking matcher, within its time.
    const started = Date.now();
    const linear = await tools.run('search', { text: 'a*a*a*a*a*a*a*a*a*a*a*b', regex: true, path_glob: 'data/**' });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(linear.text).toBe('no matches for "a*a*a*a*a*a*a*a*a*a*a*b" (regex) in data/** at head');
    expect((await tools.run('search', { text: '([a-z', regex: true })).outcome).toBe('invalid');
  });

  it('history lists the commits that changed a line, dates and subjects only', async () => {
    const head = await tools.run('history', { file: 'src/ring.c', line: LINES.capacityReturn });
    expect(head.text).toMatch(
      /^history of src\/ring\.c line 5 \(head\): the 2 latest commit\(s\) that changed it, newest first\n1\. \d{4}-\d\d-\d\d [0-9a-f]{10} Leave a spare slot in the ring\n2\. \d{4}-\d\d-\d\d [0-9a-f]{10} Ring buffer$/,
    );
    const base = await tools.run('history', { file: 'src/ring.c', line: LINES.capacityReturn, side: 'base' });
    expect(base.text.split('\n')).toHaveLength(2);
    expect(head.text).not.toContain('test@example');
  });

  it("diff shows the file's change numbered as slices are, and names files the change leaves alone", async () => {
    const diff = await tools.run('diff', { file: 'src/ring.c' });
    expect(diff.text).toContain('diff of src/ring.c (modified, +1 -1)');
    expect(diff.text).toContain('-5   return RING_SIZE;\n+5   return RING_SIZE + 1;');
    expect((await tools.run('diff', { file: 'src/main.c' })).text).toBe('src/main.c is not changed by this change (read shows its lines)');
  });

  it('answers bad arguments and unknown tools with what is wrong', async () => {
    expect((await tools.run('read', { file: 'src/ring.c', start: 0, end: 3 })).text).toBe(
      'read: "start" must be a line number (a whole number from 1)',
    );
    expect((await tools.run('read', { file: 'src/ring.c', start: 9, end: 3 })).text).toBe('read: "end" (3) is before "start" (9)');
    expect((await tools.run('definition', { name: 'x', file: 'src/ring.c', line: 1, side: 'left' })).text).toContain(
      '"side" must be "head"',
    );
    expect((await tools.run('shell', { cmd: 'cat /etc/passwd' })).text).toBe(
      'unknown tool "shell"; the tools are definition, references, read, search, history and diff',
    );
  });
});

describe('a conversation with the tools (ToolSession)', () => {
  let fx: ToolsFixture;
  let tools: RepositoryTools;
  beforeAll(async () => {
    fx = await createToolsFixture();
    tools = new RepositoryTools(fx.git, fx.diff);
  });
  afterAll(() => fx.cleanup());

  it('masks secrets in every answer, marks answers as data and records each call', async () => {
    const session = new ToolSession(tools, { calls: 8, tokens: 10_000, answerMs: 2000 });
    const answer = await session.answer('read', JSON.stringify({ file: 'config/settings.env', start: 1, end: 2 }));
    expect(answer).not.toContain(TOKEN);
    expect(answer).toContain('[GitHub token masked by keybug]');
    expect(answer).toMatch(/^<<<BEGIN TOOL_ANSWER [0-9a-f]{12}\n/);
    expect(session.records[0]).toMatchObject({
      tool: 'read',
      arguments: { file: 'config/settings.env', start: 1, end: 2 },
      outcome: 'answered',
    });
    expect(session.records[0]?.answer).not.toContain(TOKEN);
    const searched = await session.answer('search', { text: TOKEN.slice(0, 20), side: null });
    expect(searched).not.toContain(TOKEN.slice(0, 20));
  });

  it('stops at the call cap and at the token budget: later calls are answered with the limit, not run', async () => {
    const session = new ToolSession(tools, { calls: 3, tokens: 100_000, answerMs: 2000 });
    for (let i = 0; i < 10_000; i++) await session.answer('read', { file: 'src/ring.c', start: 1, end: 2 });
    expect(session.records.filter((r) => r.outcome === 'answered')).toHaveLength(3);
    expect(session.ignored).toBe(9997);
    expect(session.exhausted).toBe(true);
    const small = new ToolSession(tools, { calls: 8, tokens: 40, answerMs: 2000 });
    const cut = await small.answer('read', { file: 'src/ring.c', start: 1, end: 16 });
    expect(cut).toContain('answer cut: the tool-token-budget of 40 tokens for this review is spent');
    expect(small.exhausted).toBe(true);
    expect(await small.answer('diff', { file: 'src/ring.c' })).toContain(
      'not run: the tool-token-budget of 40 tokens for this review is spent',
    );
  });

  it('answers within its time limit when a tool hangs, and a failing tool is an answer, not an error', async () => {
    const hanging = Object.assign(Object.create(tools) as RepositoryTools, { run: () => new Promise(() => undefined) });
    const session = new ToolSession(hanging, { calls: 8, tokens: 10_000, answerMs: 50 });
    expect(await session.answer('read', { file: 'src/ring.c', start: 1, end: 2 })).toContain('read: no answer within 0.05 s');
    expect(session.records[0]?.outcome).toBe('timeout');
    const failing = Object.assign(Object.create(tools) as RepositoryTools, { run: () => Promise.reject(new Error('disk on fire')) });
    const other = new ToolSession(failing, { calls: 8, tokens: 10_000, answerMs: 2000 });
    expect(await other.answer('read', '{not json')).toContain('read: the arguments are not valid JSON');
    expect(await other.answer('read', {})).toContain('read failed: disk on fire');
  });
});
