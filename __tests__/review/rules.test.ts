import { afterEach, describe, expect, it } from '@jest/globals';
import type { Rule } from '../../src/config/file.js';
import { evaluateGate } from '../../src/gate/gate.js';
import { assemble, ruleLine, type SliceGuidance } from '../../src/guidance/index.js';
import { reviewSlices } from '../../src/review/index.js';
import { withRuleSeverity } from '../../src/review/rules.js';
import type { Finding } from '../../src/types.js';
import { dataBlockOf, startModelServer, type ChatRequest, type ModelServer } from '../servers/model-server.js';
import {
  BUG,
  dryRunPrompts,
  FAST,
  metaAnswer,
  NITPICK,
  PACKET,
  reviewerAnswer,
  testSettings,
  validatorAnswer,
  type Planned,
} from './helpers.js';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const RULES: Rule[] = [
  {
    name: 'bounds-checked',
    description: 'Every copy into a fixed-size buffer checks the length against the buffer first.',
    severity: 'critical',
    paths: ['src/**'],
    line: 3,
  },
  { name: 'no-rename', description: 'Field names follow the wire format.', severity: 'low', paths: [], line: 8 },
];

function guidanceOf(rules: Rule[], note = 'PAYLOAD-NOTE: kMaxPayload is 512.'): SliceGuidance {
  return assemble(
    [
      { source: '.github/keybug.yml rules', heading: '.github/keybug.yml: rules', text: rules.map(ruleLine).join('\n'), rules },
      { source: 'AGENTS.md', heading: 'AGENTS.md', text: note },
    ],
    2000,
  );
}

/** A reviewer answer whose findings name rules: `rules[i]` for the i-th finding ('' for none; absent = the field left out). */
function withRules(findings: Planned[], rules: (string | undefined)[]): string {
  const answer = JSON.parse(reviewerAnswer(findings)) as { findings: Record<string, unknown>[] };
  answer.findings.forEach((f, i) => {
    if (rules[i] !== undefined) f.rule = rules[i];
  });
  return JSON.stringify(answer);
}

const reviewerRequests = () => server?.requests.filter((r) => r.role === 'reviewer') ?? [];

describe('repository rules on findings', () => {
  it("a finding that names its slice's rule carries the rule and its severity through every stage, and counts for the gate", async () => {
    const low: Planned = { ...BUG, scores: [7, 6, 3] };
    server = await startModelServer((request: ChatRequest) => {
      if (request.role === 'reviewer') return { content: withRules([low, NITPICK], ['Bounds-Checked', 'made-up-rule']) };
      if (request.role === 'meta-reviewer') return { content: metaAnswer(request) };
      return { content: validatorAnswer(request) };
    });
    const guidance = new Map([[PACKET.id, guidanceOf(RULES)]]);
    const outcome = await reviewSlices({
      slices: [PACKET],
      pr: { title: 't', body: 'b' },
      settings: testSettings(server.url, { 'min-substance': '1' }),
      guidance,
      tuning: FAST,
    });

    const bug = outcome.findings.find((f) => f.title === BUG.title);
    expect(bug?.rule).toEqual({ name: 'bounds-checked', severity: 'critical' });
    // The model said 3; the rule says critical.
    expect(bug?.scores.severity).toBe(7);
    // A rule the slice was not given is ignored, and the report says so.
    const nitpick = outcome.findings.find((f) => f.title === NITPICK.title);
    expect(nitpick?.rule).toBeUndefined();
    expect(
      Object.values(outcome.history)
        .flat()
        .some((r) => r.note.includes("named a rule this slice was not given ('made-up-rule')")),
    ).toBe(true);
    expect(
      evaluateGate({ ...outcome, status: 'complete' }, { failOn: 'critical', failOnIncomplete: true }).blocking.map((f) => f.title),
    ).toEqual([BUG.title]);

    // The reviewers were asked for the rule (structured outputs) and given the guidance as data.
    const [first] = reviewerRequests();
    const schema = JSON.stringify(first?.body.response_format?.json_schema?.schema);
    expect(schema).toContain('"rule"');
    expect(schema).toContain('one of: bounds-checked, no-rename');
    expect(first?.system).toContain('## Repository guidance');
    expect(dataBlockOf(first?.user ?? '', 'REPOSITORY_GUIDANCE')).toContain(
      '- bounds-checked (severity critical; applies to src/**): Every copy into a fixed-size buffer',
    );
    expect(dataBlockOf(first?.user ?? '', 'REPOSITORY_GUIDANCE')).toContain('PAYLOAD-NOTE');
    // The validator sees the same guidance and the rule the finding claims.
    const validator = server.requests.find((r) => r.role === 'validator' && (dataBlockOf(r.user, 'FINDING') ?? '').includes(BUG.title));
    expect(dataBlockOf(validator?.user ?? '', 'REPOSITORY_GUIDANCE')).toContain('PAYLOAD-NOTE');
    expect(JSON.parse(dataBlockOf(validator?.user ?? '', 'FINDING') ?? '{}')).toMatchObject({ rule: 'bounds-checked' });
  });

  it('a model that leaves the rule field out keeps its findings (without a rule)', async () => {
    server = await startModelServer((request) =>
      request.role === 'reviewer'
        ? { content: withRules([BUG], [undefined]) }
        : request.role === 'meta-reviewer'
          ? { content: metaAnswer(request) }
          : { content: validatorAnswer(request) },
    );
    const outcome = await reviewSlices({
      slices: [PACKET],
      pr: { title: '', body: '' },
      settings: testSettings(server.url, { reviewers: '1' }),
      guidance: new Map([[PACKET.id, guidanceOf(RULES)]]),
      tuning: FAST,
    });
    expect(outcome.findings.map((f) => [f.title, f.rule])).toEqual([[BUG.title, undefined]]);
    expect(outcome.incompleteReasons).toEqual([]);
  });

  it('without rules for the slice, the schema and prompt ask for none; without guidance, the prompt has no guidance section', async () => {
    server = await startModelServer((request) =>
      request.role === 'reviewer' ? { content: reviewerAnswer([BUG]) } : { content: validatorAnswer(request) },
    );
    const settings = testSettings(server.url, { reviewers: '1' });
    await reviewSlices({
      slices: [PACKET],
      pr: { title: '', body: '' },
      settings,
      guidance: new Map([[PACKET.id, guidanceOf([])]]),
      tuning: FAST,
    });
    await reviewSlices({ slices: [PACKET], pr: { title: '', body: '' }, settings, tuning: FAST });
    const [guided, plain] = reviewerRequests();
    expect(JSON.stringify(guided?.body.response_format)).not.toContain('"rule"');
    expect(guided?.system).toContain('## Repository guidance');
    expect(guided?.system).not.toContain('`"rule"`');
    expect(plain?.system).not.toContain('Repository guidance');
    expect(plain?.user).not.toContain('REPOSITORY_GUIDANCE');
  });

  it('a dry run prints the guidance in the prompt and counts it in the tokens', () => {
    const settings = testSettings('http://127.0.0.1:9/v1');
    const [plain] = dryRunPrompts({ slices: [PACKET], pr: { title: '', body: '' }, settings });
    const [guided] = dryRunPrompts({
      slices: [PACKET],
      pr: { title: '', body: '' },
      settings,
      guidance: new Map([[PACKET.id, guidanceOf(RULES)]]),
    });
    expect(guided?.user).toContain('PAYLOAD-NOTE');
    expect(guided!.tokens).toBeGreaterThan(plain!.tokens + 100);
  });

  it("moves a severity into its rule's level and keeps the nuance inside it", () => {
    const f = (severity: number, level?: 'low' | 'medium' | 'high' | 'critical') =>
      withRuleSeverity({
        scores: { substance: 5, reality: 5, severity },
        ...(level ? { rule: { name: 'r', severity: level } } : {}),
      } as Finding).scores.severity;
    expect([1, 2, 3, 4, 5, 6, 7].map((s) => f(s, 'high'))).toEqual([5, 5, 5, 5, 5, 6, 6]);
    expect([1, 7].map((s) => f(s, 'low'))).toEqual([1, 2]);
    expect([1, 4, 7].map((s) => f(s, 'medium'))).toEqual([3, 4, 4]);
    expect(f(2, 'critical')).toBe(7);
    expect(f(2)).toBe(2);
  });
});
