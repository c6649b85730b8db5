import { describe, expect, it } from '@jest/globals';
import { filterByScores, keepTopK, mergeAcrossSlices, requireAgreement } from '../../src/filter/index.js';
import { extractJson } from '../../src/review/llm/extract.js';
import { riskScore } from '../../src/review/risk.js';
import { makeFinding, makeSlice, PACKET } from './helpers.js';

describe('filters label every finding with its fate', () => {
  it('drops at or below the thresholds, as the paper does (4 drops, 5 stays)', () => {
    const out = filterByScores(
      [makeFinding('keep'), makeFinding('edge', { scores: { substance: 4, reality: 5, severity: 7 } })],
      { minSubstance: 4, minReality: 4 },
      'coarse-filter',
      'reviewer 1',
    );
    expect(out.kept.map((f) => f.id)).toEqual(['keep']);
    expect(out.dropped).toEqual([
      expect.objectContaining({ stage: 'coarse-filter', reason: 'nitpick: reviewer 1 scored substance 4 ≤ 4' }),
    ]);
  });

  it('keeps the k most severe', () => {
    const out = keepTopK(
      [1, 7, 3, 5].map((s) => makeFinding(`f${s}`, { scores: { substance: 6, reality: 6, severity: s } })),
      2,
      'on s1',
    );
    expect(out.kept.map((f) => f.id)).toEqual(['f7', 'f5']);
    expect(out.dropped.map((d) => d.reason)).toEqual([
      'ranked 3 by severity on s1; only the top 2 are kept',
      'ranked 4 by severity on s1; only the top 2 are kept',
    ]);
  });

  it('needs two reviewers for consensus unless only one answered', () => {
    expect(requireAgreement([makeFinding('a')], 3).dropped).toHaveLength(1);
    expect(requireAgreement([makeFinding('a')], 1).kept).toHaveLength(1);
  });

  it('merges the same issue found on overlapping slices, keeping the more severe', () => {
    const a = makeFinding('s1-r1-f1', { scores: { substance: 6, reality: 6, severity: 4 }, startLine: 9, line: 11 });
    const b = makeFinding('s2-r1-f1', { sliceId: 's2', scores: { substance: 6, reality: 6, severity: 6 } });
    const elsewhere = makeFinding('s3-r1-f1', { sliceId: 's3', line: 30, startLine: 30 });
    const out = mergeAcrossSlices([a, b, elsewhere]);
    expect(out.kept.map((f) => [f.id, f.mergedFrom])).toEqual([
      ['s2-r1-f1', ['s1-r1-f1']],
      ['s3-r1-f1', []],
    ]);
    expect(out.dropped[0]?.reason).toBe('merged into s2-r1-f1: the same logic issue at a.c:11 found on overlapping slice s2');
    expect(b.mergedFrom).toEqual([]);
  });
});

describe('tolerant JSON extraction', () => {
  it('finds the object after braces that are not JSON', () => {
    expect(extractJson('use {braces} like this: {"a": "}"}')).toEqual({ ok: true, value: { a: '}' }, how: 'embedded' });
  });
  it('says what it saw when there is no JSON', () => {
    expect(extractJson('Sorry, I cannot.')).toEqual({
      ok: false,
      error: 'no JSON object found in the answer (it starts: "Sorry, I cannot.")',
    });
  });
});

describe('risk order', () => {
  it('ranks a removed bounds check above a log line', () => {
    expect(riskScore(PACKET)).toBeGreaterThan(riskScore(makeSlice('s2', 'log.c', [['+', 3, 'LOG("hi");']])));
  });
});
