import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Anchorer, type AnchorResult } from '../../src/publish/anchor.js';
import { finding, fixtureChange, type FixtureChange } from './fixtures.js';

let change: FixtureChange;
let anchorer: Anchorer;
beforeAll(async () => {
  change = await fixtureChange();
  anchorer = new Anchorer(change.diff);
});
afterAll(() => change.repo.cleanup());

const place = (r: AnchorResult) =>
  r.anchored ? { side: r.anchor.side, line: r.anchor.line, startLine: r.anchor.startLine, method: r.anchor.method } : { reason: r.reason };

describe('anchoring findings on the PR diff', () => {
  it('trusts the quoted code over a wrong line number within the quote window, and only there', () => {
    const r = anchorer.anchor(finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];', startLine: 12, line: 12 }));
    expect(place(r)).toEqual({ side: 'RIGHT', line: 4, startLine: null, method: 'quote' });
    // Line 19 is 15 lines from the quoted code: that is other code, and the model's own line stands.
    expect(
      place(anchorer.anchor(finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];', startLine: 19, line: 19 }))),
    ).toMatchObject({ line: 19, method: 'line' });
  });

  it('matches the quote ignoring whitespace, then as a fragment of a line', () => {
    expect(place(anchorer.anchor(finding({ quote: 'for(int i=0;i<=n;i++) b->data[i]=s[i];', line: 1, startLine: 1 })))).toMatchObject({
      line: 4,
      method: 'quote-whitespace',
    });
    expect(place(anchorer.anchor(finding({ quote: 'b->data[16]', line: 14, startLine: 14 })))).toMatchObject({
      line: 21,
      method: 'quote-partial',
    });
  });

  it('finds a quoted deleted line on the LEFT side even when the model said RIGHT', () => {
    expect(place(anchorer.anchor(finding({ quote: 'return 1; // old', side: 'RIGHT', line: 9, startLine: 9 })))).toEqual({
      side: 'LEFT',
      line: 9,
      startLine: null,
      method: 'quote',
    });
  });

  it("falls back to the model's line, then to the nearest commentable line of a hunk within the window", () => {
    expect(place(anchorer.anchor(finding({ quote: 'not in the file at all', line: 5, startLine: 5 })))).toMatchObject({
      line: 5,
      method: 'line',
    });
    expect(place(anchorer.anchor(finding({ quote: '', line: 14, startLine: 14 })))).toMatchObject({ line: 11, method: 'nearby' });
  });

  it('keeps a range only when it stays inside one hunk on one side', () => {
    expect(
      place(anchorer.anchor(finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];', startLine: 3, line: 4 }))),
    ).toMatchObject({ line: 4, startLine: 3 });
    // 10..18 crosses from the first hunk into the second: one line only.
    expect(place(anchorer.anchor(finding({ quote: '// filler 8', startLine: 10, line: 18 })))).toMatchObject({ line: 18, startLine: null });
  });

  it("ranges shifted: keeps the model's range when the quote is any line of it, not only the last", () => {
    // Quote on the first line of 3-5: the range stays 3-5 (it used to become 1-3).
    expect(place(anchorer.anchor(finding({ quote: '  b->len = n;', startLine: 3, line: 5 })))).toEqual({
      side: 'RIGHT',
      line: 5,
      startLine: 3,
      method: 'quote',
    });
    expect(place(anchorer.anchor(finding({ quote: '  b->len = n;', startLine: 2, line: 4 })))).toMatchObject({ line: 4, startLine: 2 });
  });

  it('ranges shifted: moves a range that misses the quote by the fewest lines, or keeps the quoted line alone', () => {
    expect(place(anchorer.anchor(finding({ quote: '  b->len = n;', startLine: 5, line: 6 })))).toMatchObject({ startLine: 3, line: 4 });
    expect(
      place(anchorer.anchor(finding({ quote: '  for (int i = 0; i <= n; i++) b->data[i] = s[i];', startLine: 1, line: 2 }))),
    ).toMatchObject({ startLine: 3, line: 4 });
    // Moved to 21-24, the range would leave the hunk (which ends at 21): the quoted line alone.
    expect(place(anchorer.anchor(finding({ quote: 'int extra(Buf* b) { return b->data[16]; }', startLine: 23, line: 26 })))).toEqual({
      side: 'RIGHT',
      line: 21,
      startLine: null,
      method: 'quote',
    });
  });

  it('says why a finding cannot be anchored instead of guessing', () => {
    expect(place(anchorer.anchor(finding({ quote: '', line: 100, startLine: 100 })))).toEqual({
      reason: expect.stringContaining('line 100'),
    });
    expect(place(anchorer.anchor(finding({ path: 'src/other.cpp' })))).toEqual({ reason: 'the file is not part of the pull request diff' });
    expect(place(anchorer.anchor(finding({ path: 'logo.bin' })))).toEqual({ reason: expect.stringContaining('binary') });
  });

  it('never returns a line outside the commentable lines', () => {
    const file = change.diff.files.find((f) => f.path === 'src/buf.cpp')!;
    for (let line = 1; line <= 30; line++) {
      const r = anchorer.anchor(finding({ quote: '', line, startLine: Math.max(1, line - 2) }));
      if (!r.anchored) continue;
      const allowed = r.anchor.side === 'RIGHT' ? file.commentable.right : file.commentable.left;
      expect(allowed).toContain(r.anchor.line);
      if (r.anchor.startLine !== null) expect(allowed).toContain(r.anchor.startLine);
    }
  });
});
