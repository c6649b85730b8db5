/**
 * A reviewer that answers with megabytes: each finding's texts are cut to the limits of the output
 * contract (FINDING_TEXT_LIMITS) before the meta-reviewer, the validator or the published review
 * see them. Through the CLI against a scripted model on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../../src/cli/main.js';
import { FINDING_TEXT_LIMITS } from '../../src/review/schemas.js';
import { metaAnswer, validatorAnswer } from '../review/helpers.js';
import { dataBlockOf, startModelServer, type ModelServer, type Script } from '../servers/model-server.js';

const HUGE = 10_000_000;
const QUOTE = 'std::memcpy(out->payload, wire + 4, out->len);';

/** Every reviewer reports the example's overflow with a 10 MB issue and a 1 MB title, fix and example (and, with `longQuote`, a 1 MB evidence quote). */
const reviewing =
  (longQuote = false): Script =>
  (request) => {
    switch (request.role) {
      case 'reviewer': {
        const found = (dataBlockOf(request.user, 'SLICE') ?? '').includes(QUOTE);
        const finding = {
          path: 'src/packet.cpp',
          side: 'RIGHT',
          startLine: 18,
          line: 18,
          quote: QUOTE,
          title: `memcpy length unbounded ${'t'.repeat(1_000_000)}`,
          issue: `The copy overflows. ${'i'.repeat(HUGE)}`,
          rootCause: 'r'.repeat(1_000_000),
          suggestedFix: 'f'.repeat(1_000_000),
          exampleCode: 'e'.repeat(1_000_000),
          category: 'memory',
          scores: { substance: 7, reality: 6, severity: 7 },
          evidence: [
            {
              path: 'src/packet.cpp',
              side: 'head',
              startLine: 18,
              endLine: 18,
              quote: longQuote ? `${QUOTE} ${'q'.repeat(1_000_000)}` : QUOTE,
            },
          ],
        };
        return { content: JSON.stringify({ understanding: 'u', analysis: 'a', findings: found ? [finding] : [] }) };
      }
      case 'meta-reviewer':
        return { content: metaAnswer(request) };
      case 'validator':
        return { content: validatorAnswer(request) };
      default:
        return { status: 400, body: { error: { message: `unexpected role ${request.role}` } } };
    }
  };
const verbose = reviewing();

describe('a reviewer answering with megabytes', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer(verbose);
  });
  afterAll(() => server.close());

  it('reaches the meta-reviewer, the validator and the report cut to the limits, saying so', async () => {
    let out = '';
    let err = '';
    const code = await main(['review', '--example', '--format', 'json', '--reviewers', '2', '--require-consensus', 'false'], {
      out: (t) => void (out += t),
      err: (t) => void (err += t + '\n'),
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, KEYBUG_MODEL: 'm' },
    });
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    const reviewers = server.requests.filter((r) => r.role === 'reviewer');
    const later = server.requests.filter((r) => r.role === 'meta-reviewer' || r.role === 'validator');
    expect(reviewers.length).toBeGreaterThan(0);
    expect(later.map((r) => r.role).sort()).toEqual(['meta-reviewer', 'validator']);
    // The whole finding as the next role reads it: its texts at their limits, far below the 14 MB sent.
    const bound = Object.values(FINDING_TEXT_LIMITS).reduce((a, b) => a + b, 0);
    for (const r of later) {
      const block = dataBlockOf(r.user, r.role === 'validator' ? 'FINDING' : 'FINDINGS') ?? '';
      const findings = r.role === 'validator' ? 1 : (JSON.parse(block) as unknown[]).length;
      expect({ role: r.role, long: block.length > findings * (bound + 2_000) }).toEqual({ role: r.role, long: false });
      expect(block).toContain(`characters, at most ${FINDING_TEXT_LIMITS.issue} are kept]`);
      expect(r.user.length).toBeLessThan(100_000);
    }
    const json = JSON.parse(out) as { findings: { title: string; issue: string }[] };
    expect(json.findings).toHaveLength(1);
    const [finding] = json.findings;
    expect(finding?.issue.length).toBeLessThanOrEqual(FINDING_TEXT_LIMITS.issue);
    expect(finding?.issue).toMatch(/^The copy overflows\. i+ \[…cut: 10000020 characters, at most 4000 are kept\]$/);
    expect(finding?.title.length).toBeLessThanOrEqual(FINDING_TEXT_LIMITS.title);
  }, 120_000);
});

describe('a reviewer citing evidence with a megabyte quote', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer(reviewing(true));
  });
  afterAll(() => server.close());

  it('reaches the validator with the quote cut to the limit, saying so', async () => {
    let err = '';
    const code = await main(['review', '--example', '--format', 'json', '--reviewers', '1'], {
      out: () => undefined,
      err: (t) => void (err += t + '\n'),
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, KEYBUG_MODEL: 'm' },
    });
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    const validators = server.requests.filter((r) => r.role === 'validator');
    expect(validators.length).toBeGreaterThan(0);
    for (const r of validators) {
      expect(dataBlockOf(r.user, 'FINDING')).toContain(`characters, at most ${FINDING_TEXT_LIMITS.quote} are kept]`);
      expect(r.user.length).toBeLessThan(100_000);
    }
  }, 120_000);
});
