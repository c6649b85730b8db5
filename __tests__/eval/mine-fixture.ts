/**
 * A repository with planted bug-introducing and bug-fixing commits, built with git by the tests,
 * one commit a day from 2025-01-01. What mining must find is written down next to it:
 *
 * - clampBug and scaleBug: two commits, both fixed by one fix (`fixBoth`), which traces to two
 *   introducers; a whitespace-only commit (`reindent`, "fix indentation") re-indents the clamp line
 *   between its introduction and its fix.
 * - parseLen: its bug line is moved to another file by a refactor before the fix.
 * - util: added as src/util.py, renamed (and edited) to lib/util.py, then fixed there; the fix
 *   changes a test line too, which is not traced.
 * - stats: one commit with two bugs, fixed by two fixes: one case with two key bugs.
 * - left out: the root commit (a fix of a line it wrote), a merge whose conflict resolution wrote
 *   the line a fix changes, a three-file change over --max-files 2, a fix of a comment alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import path from 'node:path';

export interface Planted {
  /** The introducing commit. */
  sha: string;
  /** Its expected key bugs: path in it, line there, the fix that changed it. */
  lines: { path: string; line: number; fix: string }[];
}

export interface MineFixture {
  dir: string;
  commits: Record<string, string>;
  /** Every introducing commit mining must find, with exactly these lines. */
  planted: Record<string, Planted>;
  cleanup(): void;
}

const CALC_ROOT = `#include <string.h>

int version(void) {
  return 1;
}
`;
const CLAMP = `
/* clamp a value to the range [lo, hi] */
int clamp(int v, int lo, int hi) {
  if (v < lo) return lo;
  if (v > hi) return lo;
  return v;
}
`;
const SCALE = `
int scale(int v, int factor) {
  return v * factor + 1;
}
`;
const PARSE_LEN = `
int parse_len(const char *text) {
  size_t length_of_text = strlen(text);
  return (int)length_of_text + 1;
}
`;
const UTIL = `def first(xs):
    # the first item
    return xs[1]


def last(xs):
    return xs[-1]
`;
const TEST_UTIL = `from util import first


def test_first():
    assert first([1, 2]) == 2
`;
const STATS = `def mean(xs):
    return sum(xs) / (len(xs) - 1)


def largest(xs):
    best = 0
    for x in xs:
        if x > best:
            best = x
    return best
`;

/** The 1-based line of `text` that is exactly `line`. */
function lineOf(text: string, line: string): number {
  const at = text.split('\n').indexOf(line);
  if (at < 0) throw new Error(`fixture: '${line}' is not a line of the text`);
  return at + 1;
}

export function writeMineFixture(): MineFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-mine-'));
  let day = 0;
  const git = (...args: string[]): string => {
    const date = new Date(Date.UTC(2025, 0, 1 + day)).toISOString();
    const env = {
      ...process.env,
      GIT_CONFIG_GLOBAL: devNull,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.invalid',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.invalid',
      GIT_COMMITTER_DATE: date,
    };
    return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  };
  const files: Record<string, string | null> = {};
  const commit = (message: string, changes: Record<string, string | null>): string => {
    for (const [file, content] of Object.entries(changes)) {
      files[file] = content;
      const full = path.join(dir, file);
      if (content === null) rmSync(full, { force: true });
      else {
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
    }
    git('add', '-A');
    git('commit', '-q', '-m', message);
    day++;
    return git('rev-parse', 'HEAD');
  };
  git('init', '-q', '-b', 'main');

  const c: Record<string, string> = {};
  c.root = commit('initial import', { 'src/calc.c': CALC_ROOT, 'README.md': '# calc\n' });
  const clampText = CALC_ROOT + CLAMP;
  c.clamp = commit('add clamp', { 'src/calc.c': clampText });
  const scaleText = clampText + SCALE;
  c.scale = commit('add scale', { 'src/calc.c': scaleText });
  const parseText = scaleText + PARSE_LEN;
  c.parseLen = commit('add parse_len', { 'src/calc.c': parseText });
  const reindented = scaleText.replace(
    '  if (v < lo) return lo;\n  if (v > hi) return lo;\n  return v;\n',
    '    if (v < lo) return lo;\n    if (v > hi) return lo;\n    return v;\n',
  );
  c.reindent = commit('fix indentation', { 'src/calc.c': reindented + PARSE_LEN });
  c.moveParse = commit('move parse_len into its own file', {
    'src/calc.c': reindented,
    'src/parse.c': `#include <string.h>\n${PARSE_LEN}`,
  });
  c.util = commit('add list helpers', { 'src/util.py': UTIL, 'tests/test_util.py': TEST_UTIL });
  const libUtil = `"""List helpers."""\n\n${UTIL}`;
  c.renameUtil = commit('move util into lib', { 'src/util.py': null, 'lib/util.py': libUtil });
  c.stats = commit('add stats', { 'lib/stats.py': STATS });
  c.modes = commit('add modes', {
    'src/a.c': 'int mode_a(void) { return 0; }\n',
    'src/b.c': 'int mode_b(void) { return 0; }\n',
    'src/c.c': 'int mode_c(void) { return 0; }\n',
  });
  const forkPoint = c.modes;
  c.limitsMain = commit('add limits', { 'src/limits.h': '#define MAX_ITEMS 10\n' });
  git('checkout', '-q', '-b', 'side', forkPoint);
  c.limitsSide = commit('add limits on the side', { 'src/limits.h': '#define MAX_ITEMS 20\n' });
  git('checkout', '-q', 'main');
  try {
    git('merge', '-q', '--no-ff', 'side', '-m', 'merge side');
  } catch {
    // The add/add conflict, resolved with a line neither side had.
  }
  writeFileSync(path.join(dir, 'src/limits.h'), '#define MAX_ITEMS 15\n');
  git('add', '-A');
  git('commit', '-q', '--no-edit');
  day++;
  c.merge = git('rev-parse', 'HEAD');

  const calcNow = files['src/calc.c'] as string;
  c.fixBoth = commit('fix clamp and scale', {
    'src/calc.c': calcNow
      .replace('    if (v > hi) return lo;', '    if (v > hi) return hi;')
      .replace('  return v * factor + 1;', '  return v * factor;'),
  });
  c.fixParse = commit('fix parse_len off by one', {
    'src/parse.c': (files['src/parse.c'] as string).replace('  return (int)length_of_text + 1;', '  return (int)length_of_text;'),
  });
  c.fixFirst = commit('fix first() returning the second item', {
    'lib/util.py': libUtil.replace('    return xs[1]', '    return xs[0]'),
    'tests/test_util.py': TEST_UTIL.replace('== 2', '== 1'),
  });
  c.fixMean = commit('fix mean divisor', {
    'lib/stats.py': STATS.replace('    return sum(xs) / (len(xs) - 1)', '    return sum(xs) / len(xs)'),
  });
  c.fixLargest = commit('fix largest for negative numbers', {
    'lib/stats.py': STATS.replace('    return sum(xs) / (len(xs) - 1)', '    return sum(xs) / len(xs)').replace(
      '    best = 0',
      '    best = xs[0]',
    ),
  });
  c.fixComment = commit('fix comment typo', { 'src/calc.c': (files['src/calc.c'] as string).replace('to the range', 'into the range') });
  c.fixMode = commit('fix mode_a', { 'src/a.c': 'int mode_a(void) { return 1; }\n' });
  c.fixLimit = commit('fix item limit', { 'src/limits.h': '#define MAX_ITEMS 16\n' });
  c.fixVersion = commit('fix version', { 'src/calc.c': (files['src/calc.c'] as string).replace('  return 1;', '  return 2;') });

  const planted: Record<string, Planted> = {
    clamp: { sha: c.clamp, lines: [{ path: 'src/calc.c', line: lineOf(clampText, '  if (v > hi) return lo;'), fix: c.fixBoth }] },
    scale: { sha: c.scale, lines: [{ path: 'src/calc.c', line: lineOf(scaleText, '  return v * factor + 1;'), fix: c.fixBoth }] },
    parseLen: {
      sha: c.parseLen,
      lines: [{ path: 'src/calc.c', line: lineOf(parseText, '  return (int)length_of_text + 1;'), fix: c.fixParse }],
    },
    util: { sha: c.util, lines: [{ path: 'src/util.py', line: lineOf(UTIL, '    return xs[1]'), fix: c.fixFirst }] },
    stats: {
      sha: c.stats,
      lines: [
        { path: 'lib/stats.py', line: lineOf(STATS, '    return sum(xs) / (len(xs) - 1)'), fix: c.fixMean },
        { path: 'lib/stats.py', line: lineOf(STATS, '    best = 0'), fix: c.fixLargest },
      ],
    },
  };
  return { dir, commits: c, planted, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
