import { describe, expect, it } from '@jest/globals';
import { findingBody, formatJson, formatSarif, formatText } from '../../src/output/index.js';
import type { Finding, ReviewResult } from '../../src/types.js';

const bug: Finding = {
  id: 's1-r1-f1',
  sliceId: 's1',
  path: 'src/packet.cpp',
  side: 'RIGHT',
  startLine: 17,
  line: 17,
  quote: 'std::memcpy(out->payload, wire + 4, len);',
  title: 'Unchecked length overflows payload',
  issue: 'memcpy writes past the buffer.',
  rootCause: 'The bound check was removed.',
  suggestedFix: 'Restore it.',
  exampleCode: 'if (len > kMaxPayload) return false; // ```',
  category: 'memory',
  scores: { substance: 7, reality: 6, severity: 7 },
  mergedFrom: ['s1-r2-f1'],
  reviewerVotes: 2,
};

const result: ReviewResult = {
  status: 'incomplete',
  incompleteReasons: ['1 reviewer call(s) failed'],
  baseSha: 'a'.repeat(40),
  headSha: 'b'.repeat(40),
  algorithm: 'left-flow',
  findings: [bug],
  dropped: [
    {
      finding: { ...bug, id: 's1-r3-f1', title: 'Rename len', scores: { substance: 2, reality: 6, severity: 1 } },
      stage: 'coarse-filter',
      reason: 'nitpick: reviewer 3 scored substance 2 ≤ 4',
    },
  ],
  skipped: [],
  unreviewed: [{ path: 'src/codec.cpp', reason: 'not reviewed: every reviewer call failed', startLine: 31, endLine: 31, missed: true }],
  files: [
    { path: 'src/packet.cpp', language: 'C++', coverage: 'context' },
    { path: 'src/codec.cpp', language: 'C++', coverage: 'unreviewed', reason: 'not reviewed: every reviewer call failed' },
  ],
  usage: {
    calls: 4,
    promptTokens: 4000,
    completionTokens: 800,
    costUsd: null,
    byRole: { reviewer: { calls: 3, promptTokens: 3000, completionTokens: 600 } },
  },
  calls: [
    {
      role: 'reviewer',
      model: 'm',
      sliceId: 's1',
      promptTokens: 1000,
      completionTokens: 200,
      latencyMs: 12,
      retries: 0,
      outcome: 'ok',
      responseFormat: 'json_schema',
    },
  ],
  slices: [{ id: 's1', file: 'src/packet.cpp', startLine: 13, endLine: 13, algorithm: 'left-flow', tokens: 80 }],
  stats: { files: 2, slices: 2, filesParsed: 2, bytesParsed: 900, stageMs: { review: 10 }, peakMemoryMb: 90 },
};

describe('renderers', () => {
  it('prints the --format json contract', () => {
    const reported = { ...bug, reported: { path: 'src/packet.cpp', side: 'RIGHT' as const, startLine: 30, line: 30 } };
    const json = JSON.parse(
      formatJson(
        {
          ...result,
          findings: [reported],
          history: { 's1-r1-f1': [{ stage: 'reviewer', scores: bug.scores, note: 'reported' }] },
          passed: { reviewer: [reported, result.dropped[0]!.finding], 'coarse-filter': [reported] },
        },
        { anchoring: [{ id: 's1-r1-f1' }] },
      ),
    ) as Record<string, unknown>;
    const dropped = result.dropped[0]!.finding;
    expect(json).toMatchObject({
      status: 'incomplete',
      findings: [
        {
          path: 'src/packet.cpp',
          side: 'RIGHT',
          line: 17,
          startLine: 17,
          title: bug.title,
          body: findingBody(bug),
          category: 'memory',
          scores: { substance: 7, reality: 6, severity: 7 },
          reported: { line: 30 },
        },
      ],
      // A dropped finding in full: its text, scores and place, with the stage and the reason.
      dropped: [
        {
          stage: 'coarse-filter',
          reason: 'nitpick: reviewer 3 scored substance 2 ≤ 4',
          id: 's1-r3-f1',
          scores: { substance: 2 },
          body: findingBody(dropped),
          issue: dropped.issue,
          rootCause: dropped.rootCause,
          quote: dropped.quote,
          line: 17,
        },
      ],
      passed: { reviewer: ['s1-r1-f1', 's1-r3-f1'], 'coarse-filter': ['s1-r1-f1'] },
      anchoring: [{ id: 's1-r1-f1' }],
      unreviewed: [{ path: 'src/codec.cpp', reason: 'not reviewed: every reviewer call failed' }],
      usage: { calls: 4, promptTokens: 4000, completionTokens: 800 },
      calls: [{ role: 'reviewer', model: 'm', latencyMs: 12, retries: 0 }],
      candidates: [{ id: 's1-r1-f1', stages: [{ stage: 'reviewer' }] }],
    });
  });

  it('writes a comment body whose code fence the example code cannot close', () => {
    const body = findingBody(bug);
    expect(body).toContain('**Root cause:** The bound check was removed.');
    expect(body).toContain('````cpp\nif (len > kMaxPayload) return false; // ```\n````');
    expect(body).toContain('critical memory · substance 7/7 · reality 6/7 · severity 7/7 · raised by 2 reviewers');
  });

  it('says in the comment and the JSON when the validator did not check a finding', () => {
    const unchecked = { ...bug, notValidated: 'token budget max-tokens=1000: the call needs ~1200 tokens' };
    expect(findingBody(unchecked)).toContain('severity 7/7 · raised by 2 reviewers · not validated</sub>');
    expect(findingBody(bug)).not.toContain('not validated');
    const json = JSON.parse(formatJson({ ...result, findings: [unchecked] })) as { findings: Record<string, unknown>[] };
    expect(json.findings[0]?.notValidated).toBe(unchecked.notValidated);
  });

  it('writes SARIF 2.1.0 with one rule per category and the run marked unsuccessful when incomplete', () => {
    const sarif = JSON.parse(formatSarif(result)) as {
      version: string;
      runs: { tool: { driver: { rules: { id: string }[] } }; invocations: { executionSuccessful: boolean }[]; results: unknown[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    const [run] = sarif.runs;
    expect(run?.tool.driver.rules.map((r) => r.id)).toContain('memory');
    expect(run?.invocations[0]?.executionSuccessful).toBe(false);
    expect(run?.results).toEqual([
      expect.objectContaining({
        ruleId: 'memory',
        level: 'error',
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'src/packet.cpp' },
              region: { startLine: 17, endLine: 17, snippet: { text: bug.quote } },
            },
          },
        ],
      }),
    ]);
  });

  it('prints text that says the run is incomplete and why', () => {
    const text = formatText(result);
    expect(text).toMatch(/^Review INCOMPLETE: 1 reviewer call\(s\) failed\n1 finding\(s\) on 2 slice\(s\)/);
    expect(text).toContain('1. [critical] src/packet.cpp:17 — Unchecked length overflows payload');
    expect(text).toContain('Dropped: 1 at coarse-filter.');
    expect(text).toContain('Not reviewed (1):\n  - src/codec.cpp:31: not reviewed: every reviewer call failed');
  });
});
