import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sliceResultToJson } from '../../src/output/slices.js';
import type { SliceResult } from '../../src/slicing/index.js';
import type { SliceAlgorithm } from '../../src/types.js';
import { C_BASE, C_HEAD } from './c-fixture.js';
import { buildFixture, linesIn, sliceAt, type Fixture } from './fixtures.js';

// Golden slices of the C fixture: the change adds a memcpy and a `total` (lines 22-23), a check of
// `total` against the capacity (25-27), and deletes `b->cap = 0;` from buf_reset (base line 29).
describe('slicing a C change', () => {
  let fixture: Fixture;
  const results = new Map<SliceAlgorithm, SliceResult>();
  beforeAll(async () => {
    fixture = buildFixture(C_BASE, C_HEAD);
    for (const algorithm of ['original-diff', 'parent-function', 'left-flow', 'full-flow'] as const)
      results.set(algorithm, await fixture.slice(algorithm));
  });
  afterAll(() => fixture.repo.cleanup());
  const result = (a: SliceAlgorithm): SliceResult => results.get(a) as SliceResult;

  it('original-diff: the changed statements, the function signature, nothing else', () => {
    const slice = sliceAt(result('original-diff'), 'src/buf.c', 22);
    expect(linesIn(slice, 'src/buf.c')).toEqual([
      'int buf_append(struct buf *b, const char *src, size_t n) {',
      '+memcpy(tmp, src, len);',
      '+size_t total = b->len + len;',
    ]);
    expect(slice.rendered).toBe(
      '## src/buf.c · in buf_append\n 11 int buf_append(struct buf *b, const char *src, size_t n) {\n...\n+22   memcpy(tmp, src, len);\n+23   size_t total = b->len + len;',
    );
    expect(slice.seed).toEqual({ file: 'src/buf.c', startLine: 22, endLine: 23 });
    const check = sliceAt(result('original-diff'), 'src/buf.c', 25);
    expect(linesIn(check, 'src/buf.c')).toEqual([
      'int buf_append(struct buf *b, const char *src, size_t n) {',
      '+if (total > b->cap) {',
      '+log_append(b, total);',
      '+}',
    ]);
  });

  it('deletion-only change: sliced on the base side with its function signature', () => {
    const slice = sliceAt(result('original-diff'), 'src/buf.c', 29);
    expect(slice.sections[0]?.side).toBe('base');
    expect(slice.sections[0]?.lines).toEqual([
      { op: ' ', old: 27, new: 32, text: 'void buf_reset(struct buf *b) {' },
      { op: '-', old: 29, new: null, text: '  b->cap = 0;' },
    ]);
  });

  it('parent-function: the whole enclosing function and no other', () => {
    const slice = sliceAt(result('parent-function'), 'src/buf.c', 22);
    const lines = linesIn(slice, 'src/buf.c');
    expect(lines[0]).toBe('int buf_append(struct buf *b, const char *src, size_t n) {');
    expect(lines).toContain('int unused = 0;');
    expect(lines).toContain('g_appends++;');
    expect(lines[lines.length - 1]).toBe('}');
    expect(lines).not.toContain('void buf_fill(char *dst, size_t n) {');
    expect(lines).not.toContain('static int g_appends = 0;');
    // The other changed statements of the function joined this slice and are not sliced again.
    expect(result('parent-function').slices.filter((s) => s.sections.some((sec) => sec.side === 'head'))).toHaveLength(1);
  });

  it('left-flow: declarations, earlier writes (incl. pointer arguments) and field declarations in the header', () => {
    const slice = sliceAt(result('left-flow'), 'src/buf.c', 22);
    const lines = linesIn(slice, 'src/buf.c');
    for (const must of ['char tmp[64];', 'size_t len = n;', 'buf_fill(tmp, sizeof tmp);', 'if (len > sizeof tmp) {', 'len = sizeof tmp;'])
      expect(lines).toContain(must);
    for (const mustNot of ['int unused = 0;', 'return -1;', 'if (b == NULL) {', 'g_appends++;', 'b->len += len;'])
      expect(lines).not.toContain(mustNot);
    expect(linesIn(slice, 'include/buf.h')).toEqual(['struct buf {', 'size_t len;']);
    // backward only: the later check of `total` is its own slice
    expect(lines).not.toContain('+if (total > b->cap) {');
    const check = sliceAt(result('left-flow'), 'src/buf.c', 25);
    expect(linesIn(check, 'src/buf.c')).toContain('+size_t total = b->len + len;');
    expect(linesIn(check, 'include/buf.h')).toEqual(['struct buf {', 'size_t cap;']);
  });

  it('full-flow: adds forward uses, callee signatures from other headers and type definitions', () => {
    const slice = sliceAt(result('full-flow'), 'src/buf.c', 22);
    const lines = linesIn(slice, 'src/buf.c');
    expect(lines).toContain('+if (total > b->cap) {');
    expect(lines).toContain('+log_append(b, total);');
    expect(linesIn(slice, 'include/log.h')).toEqual(['void log_append(const struct buf *b, size_t total);']);
    expect(linesIn(slice, 'include/buf.h')).toEqual(['struct buf {', 'char *data;', 'size_t len;', 'size_t cap;', '};']);
    expect(lines).not.toContain('int unused = 0;');
    expect(result('full-flow').slices).toHaveLength(2); // the absorbed check is not sliced twice; buf_reset is its own
  });

  it('each algorithm holds the original-diff slice, and original-diff ⊆ left-flow ⊆ full-flow', () => {
    const lineSet = (r: SliceResult): Set<string> =>
      new Set(r.slices.flatMap((s) => s.sections.flatMap((sec) => sec.lines.map((l) => `${sec.file}|${l.op}|${l.old}|${l.new}`))));
    const od = lineSet(result('original-diff'));
    for (const algorithm of ['parent-function', 'left-flow', 'full-flow'] as const) {
      const other = lineSet(result(algorithm));
      expect([...od].filter((line) => !other.has(line))).toEqual([]);
    }
    const left = lineSet(result('left-flow'));
    const full = lineSet(result('full-flow'));
    expect([...left].filter((line) => !full.has(line))).toEqual([]);
  });

  it('degrades full-flow to a weaker algorithm under a small token budget instead of cutting text', async () => {
    const small = await fixture.slice('full-flow', 60);
    const slice = sliceAt(small, 'src/buf.c', 22);
    expect(slice.requestedAlgorithm).toBe('full-flow');
    expect(slice.algorithm).toBe('original-diff');
    expect(slice.rendered).toContain('+22   memcpy(tmp, src, len);');
    const full = sliceAt(result('full-flow'), 'src/buf.c', 22);
    const medium = sliceAt(await fixture.slice('full-flow', full.tokens - 1), 'src/buf.c', 22);
    expect(medium.algorithm).not.toBe('full-flow');
    expect(medium.tokens).toBeLessThan(full.tokens);
    expect(medium.rendered).toContain('+23   size_t total = b->len + len;');
  });

  it('a change still over the budget is split, and each of its slices says which part it is', async () => {
    const tiny = await fixture.slice('full-flow', 25);
    const parts = tiny.slices.filter((s) => s.seed.file === 'src/buf.c' && s.degraded?.includes('part'));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((s) => s.degraded)).toEqual(
      parts.map((_, i) => `over slice-token-budget: part ${i + 1} of ${parts.length} of the change`),
    );
    for (const s of parts) expect(s.algorithm).toBe('original-diff');
    // The JSON of `keybug slice` carries it too.
    const json = sliceResultToJson(tiny) as { slices: { id: string; degraded?: string }[] };
    expect(json.slices.filter((s) => parts.some((p) => p.id === s.id)).map((s) => s.degraded)).toEqual(parts.map((s) => s.degraded));
  });

  it('reports parse figures', () => {
    const { stats } = result('full-flow');
    expect(stats.filesParsed).toBeGreaterThanOrEqual(3);
    expect(stats.bytesParsed).toBeGreaterThan(1000);
    expect(stats.skipped).toEqual([]);
  });
});
