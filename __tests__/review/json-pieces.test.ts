/**
 * `keybug review --format json` writes its report in pieces (writeJson), so that a large review's
 * report is never one string: the text is formatJson's, byte for byte, and no piece cuts a finding,
 * a model call or a slice.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentPieces, formatJson, jsonPieces, LazyList, writeJson } from '../../src/output/json.js';
import { writeReportFile } from '../../src/output/report-file.js';
import { clearSecrets, redact, registerSecret } from '../../src/safety/redact.js';
import type { Finding, ReviewResult } from '../../src/types.js';

const finding = (i: number): Finding => ({
  id: `s${i}-r1-f1`,
  sliceId: `s${i}`,
  path: `src/unit${i}.cc`,
  side: 'RIGHT',
  startLine: i,
  line: i,
  quote: 'buf[n] = 0; // "quoted" \\ ✓',
  title: `Unchecked index ${i}`,
  issue: 'Writes past the buffer.\u0007',
  rootCause: 'No bound.',
  suggestedFix: 'Check n.',
  exampleCode: 'if (n >= size) return;',
  category: 'memory',
  scores: { substance: 7, reality: 6, severity: 7 },
  mergedFrom: [],
  reviewerVotes: 3,
  ...(i % 2 === 0 ? { notValidated: 'the validator call failed' } : {}),
});

const result = (n: number): ReviewResult => ({
  status: 'complete',
  incompleteReasons: [],
  baseSha: 'a'.repeat(40),
  headSha: 'b'.repeat(40),
  algorithm: 'left-flow',
  findings: Array.from({ length: n }, (_, i) => finding(i + 1)),
  dropped: n > 0 ? [{ finding: finding(99), stage: 'coarse-filter', reason: 'nitpick' }] : [],
  skipped: [],
  unreviewed: [],
  files: [{ path: 'src/unit1.cc', language: 'C++', coverage: 'context' }],
  usage: { calls: n, promptTokens: 10 * n, completionTokens: n, costUsd: null, byRole: {} },
  calls: Array.from({ length: n * 3 }, (_, i) => ({
    role: 'reviewer' as const,
    model: 'm',
    sliceId: `s${i}`,
    promptTokens: 100,
    completionTokens: 20,
    latencyMs: 3,
    retries: 0,
    outcome: 'ok' as const,
  })),
  history: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`s${i + 1}-r1-f1`, [{ stage: 'reviewer', scores: null, note: 'reported' }]]),
  ),
  passed: { reviewer: Array.from({ length: n }, (_, i) => finding(i + 1)) },
  slices: Array.from({ length: n }, (_, i) => ({
    id: `s${i + 1}`,
    file: `src/unit${i + 1}.cc`,
    startLine: 1,
    endLine: 2,
    algorithm: 'left-flow' as const,
    tokens: 50,
  })),
  stats: { files: 1, slices: n, filesParsed: 1, bytesParsed: 10, stageMs: { review: 1 }, peakMemoryMb: 80 },
});

describe('the review report written in pieces', () => {
  for (const n of [0, 1, 3, 2000]) {
    it(`is formatJson's text for ${n} finding(s), in whole pieces`, () => {
      const pieces: string[] = [];
      writeJson(result(n), (text) => void pieces.push(text), { anchoring: n > 0 ? [{ id: 's1-r1-f1' }] : [] });
      expect(pieces.join('')).toBe(formatJson(result(n), { anchoring: n > 0 ? [{ id: 's1-r1-f1' }] : [] }));
      // Each piece ends where a line ends: no finding, call or slice is cut between two writes.
      for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
      if (n === 2000) expect(pieces.length).toBeGreaterThan(1);
    });
  }
});

describe('the review report file', () => {
  it("is written from the same pieces as stdout, each masked: formatJson's text, the secret masked", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keybug-report-'));
    const secret = 'sk-live-0123456789abcdefTOKEN';
    registerSecret(secret);
    try {
      const big = result(2000);
      big.findings[1999] = { ...big.findings[1999]!, issue: `leaks ${secret}` };
      const file = path.join(dir, 'report.json');
      writeReportFile(file, jsonPieces(big));
      const written = readFileSync(file, 'utf8');
      expect(written).toBe(redact(formatJson(big)));
      expect(written).not.toContain(secret);
    } finally {
      clearSecrets();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a pull request's report", () => {
  it('ends with what was posted, written as it is (the posted text is not cleaned again): the text of the report and the payload joined as one value', () => {
    const r = result(3);
    const anchoring = [{ id: 's1-r1-f1' }];
    // A control character the report's own text loses (see the finding's issue) stays in what was posted.
    const publish = { headSha: 'b'.repeat(40), review: { commit_id: 'b'.repeat(40), body: 'keybug found 3 issues\u0007', comments: [] } };
    const pieces = [...jsonPieces(r, { anchoring, publish })];
    const joined = pieces.join('');
    expect(joined).toBe(JSON.stringify({ ...(JSON.parse(formatJson(r, { anchoring })) as object), publish }, null, 2) + '\n');
    expect((JSON.parse(joined) as { publish: typeof publish }).publish.review.body).toBe('keybug found 3 issues\u0007');
    expect(joined).not.toContain('Writes past the buffer.\\u0007');
    expect(formatJson(r, { anchoring, publish })).toBe(joined);
  });
});

describe("a document written in pieces (a dry run's JSON)", () => {
  it('is JSON.stringify of the document, lazy lists read as they are written and nested objects an entry at a time', () => {
    let reads = 0;
    const prompts = Array.from({ length: 3000 }, (_, i) => ({
      role: 'reviewer',
      sliceId: `s${i}`,
      user: `=== slice ${i} ===\n  int a${i};\n`,
    }));
    const lazy = new LazyList(prompts.length, function* () {
      for (const p of prompts) {
        reads++;
        yield p;
      }
    });
    const doc = {
      dryRun: true,
      status: 'complete',
      files: [],
      slices: { slices: lazy, files: [{ path: 'a.c' }], stats: { slices: 3000, empty: {} } },
      prompts: lazy,
      estimate: { calls: 9000, costUsd: null },
      guidance: undefined,
    };
    const pieces = [...documentPieces(doc, { levels: 3, plain: false })];
    expect(reads).toBe(6000);
    expect(pieces.join('')).toBe(JSON.stringify(doc, null, 2) + '\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
  });
});
