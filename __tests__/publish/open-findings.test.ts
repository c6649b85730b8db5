import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readDiff } from '../../src/diff/index.js';
import { Git } from '../../src/git/git.js';
import { assessOpenFindings, gitProbe } from '../../src/publish/open-findings.js';
import { ACTIVE, type PostedFinding, type PreviousState } from '../../src/publish/state.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { BASE_CPP, HEAD_CPP } from './fixtures.js';

/** An open finding as keybug posted it at `head`. */
function posted(over: Partial<PostedFinding>): PostedFinding {
  return {
    fp: 'fp',
    severity: 6,
    path: 'src/buf.cpp',
    side: 'RIGHT',
    line: 4,
    title: 'Off by one',
    code: '',
    resolved: false,
    commentId: 1,
    head: null,
    ...over,
  };
}

const state = (...findings: PostedFinding[]): PreviousState => ({
  reviews: [],
  lastCompleteSha: null,
  posted: new Map(findings.map((f) => [f.fp, f])),
  mode: ACTIVE,
});

describe('open findings of earlier reviews', () => {
  let repo: TestRepo;
  let base: string;
  let first: string;
  beforeAll(() => {
    repo = createRepo('keybug-open-');
    repo.write('src/buf.cpp', BASE_CPP);
    base = repo.commit('base');
    repo.write('src/buf.cpp', HEAD_CPP);
    first = repo.commit('first push');
  });
  afterAll(() => repo.cleanup());

  async function at(content: string) {
    repo.write('src/buf.cpp', content);
    const head = repo.commit('push');
    const git = await Git.open(repo.dir);
    return gitProbe(git, head, await readDiff(git, base, head));
  }

  it('stay open while their code is there (found again where it moved), and are addressed once it changed', async () => {
    const loop = 'for (int i = 0; i <= n; i++) b->data[i] = s[i];';
    const gone = 'return 1; // old';
    const findings = [
      posted({ fp: 'right', code: loop }),
      posted({ fp: 'left', side: 'LEFT', line: 9, code: gone }),
      posted({ fp: 'unplaced', code: '', head: first, line: 200 }),
      posted({ fp: 'resolved', code: 'no such code', resolved: true }),
      posted({ fp: 'unknown-head', code: '', head: 'f'.repeat(40) }),
    ];
    // Lines moved down by two, the deleted line still deleted, the file changed: only the finding with no code line is addressed.
    const moved = await assessOpenFindings(state(...findings), await at('// a\n// b\n' + HEAD_CPP));
    expect(Object.fromEntries([...moved.posted].map(([fp, f]) => [fp, f.addressed ?? f.line]))).toEqual({
      right: 6,
      left: 9,
      unplaced: 'its file changed since it was posted',
      resolved: 4,
      'unknown-head': 4,
    });

    // The loop fixed and the deleted line restored: both addressed.
    const fixed = await assessOpenFindings(
      state(...findings),
      await at(HEAD_CPP.replace('i <= n', 'i < n').replace('int unused() {\n', `int unused() {\n  ${gone}\n`)),
    );
    expect(fixed.posted.get('right')?.addressed).toBe('the line it was about changed');
    expect(fixed.posted.get('left')?.addressed).toBe('the deleted line it was about is no longer deleted');
    expect(fixed.posted.get('unknown-head')?.addressed).toBeUndefined();
  });
});
