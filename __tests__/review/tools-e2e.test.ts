import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import {
  dataBlockOf,
  startModelServer,
  toolAnswersOf,
  type ChatRequest,
  type ModelServer,
  type Reply,
  type Script,
} from '../servers/model-server.js';
import { metaAnswer, validatorAnswer } from './helpers.js';
import { createToolsFixture, LINES, type ToolsFixture } from './tools-fixture.js';

interface Report {
  status: string;
  findings: { title: string; evidence?: { path: string; side: string; startLine: number; endLine: number }[] }[];
  dropped: { title: string; stage: string; reason: string }[];
  calls: {
    role: string;
    tools?: {
      mode: string;
      ignored: number;
      calls: { tool: string; arguments: Record<string, unknown>; answer: string; outcome: string }[];
    };
  }[];
  usage: { calls: number; tools?: { calls: number; answerTokens: number; byTool: Record<string, number> } };
}

const FINDING = {
  path: 'src/ring.c',
  side: 'RIGHT',
  startLine: LINES.capacityReturn,
  line: LINES.capacityReturn,
  quote: 'return RING_SIZE + 1;',
  title: 'ring_push writes one slot past items',
  issue: 'ring_capacity now reports RING_SIZE + 1, so ring_push accepts a ninth item and writes it past the end of items.',
  rootCause: 'The capacity no longer matches the array.',
  suggestedFix: 'Return RING_SIZE.',
  exampleCode: 'return RING_SIZE;',
  category: 'memory',
  scores: { substance: 7, reality: 7, severity: 7 },
};
/** The callee's new body, its caller's write, and the array's declaration in the header. */
const EVIDENCE = [
  { path: 'src/ring.c', side: 'head', startLine: LINES.capacityReturn, endLine: LINES.capacityReturn, quote: 'return RING_SIZE + 1;' },
  {
    path: 'src/ring.c',
    side: 'head',
    startLine: LINES.pushCheck,
    endLine: LINES.pushWrite,
    quote: 'r->items[(r->head + r->count) % RING_SIZE] = value;',
  },
  { path: 'include/ring.h', side: 'head', startLine: 7, endLine: 7, quote: 'int items[RING_SIZE];' },
];

const final = (findings: object[], extra: object = {}): string =>
  JSON.stringify({ understanding: 'Raises the capacity.', analysis: 'Looked up the callee and its caller.', findings, ...extra });

/** Tool rounds so far in a request: native tool answers, or the JSON round's answer messages. */
const roundOf = (request: ChatRequest): number => request.body.messages.filter((m) => m.role === 'assistant').length;

/**
 * The model of the done-means check: the reviewer asks who calls ring_capacity and for its body at
 * head and at base, then reports with evidence (plus a finding citing nothing, one citing lines the
 * file lacks, and one whose quote is not on its lines); the validator reads the header first.
 */
function lookingUp(): Script {
  return (request) => {
    if (request.role === 'reviewer') {
      if (roundOf(request) === 0) {
        return {
          toolCalls: [
            { name: 'references', arguments: { name: 'ring_capacity', file: 'src/ring.c' } },
            { name: 'definition', arguments: { name: 'ring_capacity', file: 'src/ring.c', line: LINES.pushCheck, side: 'head' } },
            { name: 'definition', arguments: { name: 'ring_capacity', file: 'src/ring.c', line: LINES.pushCheck, side: 'base' } },
          ],
        };
      }
      return {
        content: final([
          { ...FINDING, evidence: EVIDENCE },
          { ...FINDING, title: 'A hunch with nothing cited', evidence: [] },
          {
            ...FINDING,
            title: 'Cites lines the file lacks',
            evidence: [{ path: 'src/ring.c', side: 'head', startLine: 400, endLine: 402, quote: 'return RING_SIZE + 1;' }],
          },
          {
            ...FINDING,
            title: 'Cites the wrong code',
            evidence: [{ path: 'include/ring.h', side: 'head', startLine: 4, endLine: 4, quote: 'free(items);' }],
          },
        ]),
      };
    }
    if (request.role === 'validator') {
      if (roundOf(request) === 0) return { toolCalls: [{ name: 'read', arguments: { file: 'include/ring.h', start: 6, end: 10 } }] };
      return { content: validatorAnswer(request) };
    }
    return { status: 400, body: { error: { message: `unexpected role ${request.role}` } } };
  };
}

describe('reviewers that look things up, end to end through keybug review', () => {
  let fx: ToolsFixture;
  let server: ModelServer | null = null;
  let dir: string;
  beforeAll(async () => {
    fx = await createToolsFixture();
    dir = mkdtempSync(path.join(tmpdir(), 'keybug-tools-rec-'));
  });
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  afterAll(() => {
    fx.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  async function review(script: Script, flags: string[] = []): Promise<{ code: number; report: Report; err: string }> {
    let out = '';
    let err = '';
    server = await startModelServer(script, { maxRequests: 200 });
    const args = [
      'review',
      '--repo',
      fx.repo.dir,
      '--base',
      fx.base,
      '--head',
      fx.head,
      '--format',
      'json',
      '--model',
      'm',
      '--api-key',
      'k',
      '--base-url',
      server.url,
      '--reviewers',
      '1',
      '--index-cache',
      'none',
      ...flags,
    ];
    const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env: {} });
    return { code, report: JSON.parse(out) as Report, err };
  }

  it('answers a callee lookup and a caller lookup correctly at head and base, and drops findings without valid evidence', async () => {
    const { report } = await review(lookingUp(), ['--record', dir]);
    const reviewer = server?.requests.filter((r) => r.role === 'reviewer') ?? [];
    expect(reviewer).toHaveLength(2);
    // The first request offers the six tools; the second carries keybug's three answers, as data.
    expect(reviewer[0]?.body.tools?.map((t) => t.function.name)).toEqual(['definition', 'references', 'read', 'search', 'history', 'diff']);
    const [refs, head, base] = toolAnswersOf(reviewer[1] as ChatRequest).map((a) => dataBlockOf(a, 'TOOL_ANSWER') ?? '');
    expect(refs).toContain(`src/ring.c:${LINES.pushCheck}: if (r->count >= ring_capacity(r)) {`);
    expect(head).toContain(`src/ring.c:${LINES.capacityStart}-${LINES.capacityEnd} (head) function — tied by same-file`);
    expect(head).toContain(`${LINES.capacityReturn} |   return RING_SIZE + 1;`);
    expect(base).toContain(`(base) function — tied by same-file`);
    expect(base).toContain(`${LINES.capacityReturn} |   return RING_SIZE;`);
    const validated = (server?.requests ?? []).filter((r) => r.role === 'validator' && toolAnswersOf(r).length > 0);
    expect(validated).toHaveLength(2);
    for (const r of validated) expect(dataBlockOf(toolAnswersOf(r)[0] ?? '', 'TOOL_ANSWER')).toContain('7 |   int items[RING_SIZE];');

    expect(report.findings.map((f) => f.title)).toEqual([FINDING.title]);
    expect(report.findings[0]?.evidence).toEqual(EVIDENCE);
    const drops = Object.fromEntries(report.dropped.map((d) => [d.title, [d.stage, d.reason]]));
    expect(drops['A hunch with nothing cited']).toEqual([
      'reviewer',
      'no-evidence: the reviewer found no valid evidence (it cites no evidence (file and lines at base or head))',
    ]);
    expect(drops['Cites lines the file lacks']).toEqual([
      'reviewer',
      'no-evidence: the reviewer found no valid evidence (src/ring.c:400-402 (head): the file has 15 lines at head)',
    ]);
    expect(drops['Cites the wrong code']).toEqual([
      'validator',
      'no-evidence: the validator found no valid evidence (include/ring.h:4-4 (head): the quoted code is not on the cited lines)',
    ]);

    // Every call and answer is in the report and counted.
    const used = report.calls.flatMap((c) => c.tools?.calls ?? []);
    expect(used.map((t) => [t.tool, t.outcome])).toEqual([
      ['references', 'answered'],
      ['definition', 'answered'],
      ['definition', 'answered'],
      ['read', 'answered'],
      ['read', 'answered'],
    ]);
    expect(report.usage.tools).toEqual({ calls: 5, answerTokens: expect.any(Number), byTool: { references: 1, definition: 2, read: 2 } });
    expect(readdirSync(dir)).toEqual(['review.jsonl']);
  });

  it('replays the recorded run with tools and zero model calls, to the same findings and answers', async () => {
    const { report, code } = await review(() => ({ status: 500 }), ['--replay', dir]);
    expect(code).toBe(0);
    expect(server?.requests).toHaveLength(0);
    expect(report.findings.map((f) => f.title)).toEqual([FINDING.title]);
    expect(report.calls.flatMap((c) => c.tools?.calls ?? []).map((t) => t.tool)).toEqual([
      'references',
      'definition',
      'definition',
      'read',
      'read',
    ]);
  });

  it('answers hostile calls with refusals: nothing outside the tracked files is read, huge ranges and a regex bomb stay bounded', async () => {
    const hostile = [
      { name: 'read', arguments: { file: '../../../../etc/passwd', start: 1, end: 50 } },
      { name: 'read', arguments: { file: '/etc/passwd', start: 1, end: 50 } },
      { name: 'read', arguments: { file: 'src/passwd.c', start: 1, end: 50 } },
      { name: 'read', arguments: { file: '.git/config', start: 1, end: 50 } },
      { name: 'read', arguments: { file: 'vendor/lib', start: 1, end: 50 } },
      { name: 'read', arguments: { file: 'data/big.txt', start: 1, end: 5 } },
      { name: 'read', arguments: { file: 'src/table.c', start: 1, end: 1_000_000_000 } },
      { name: 'search', arguments: { text: '(a+)+$', regex: true } },
    ];
    const { report } = await review((request) => {
      if (request.role !== 'reviewer') return { content: validatorAnswer(request) };
      return roundOf(request) === 0 ? { toolCalls: hostile } : { content: final([]) };
    });
    const answers = report.calls.flatMap((c) => c.tools?.calls ?? []);
    expect(answers.map((a) => a.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'answered',
      'refused',
    ]);
    expect(answers.map((a) => a.answer.split('\n')[0]?.replace(/^<<<BEGIN.*/, ''))).toEqual([
      "read: '..' is refused in a path: only the repository's own files can be read",
      'read: absolute paths are refused: give a path relative to the repository root, as in the slice headers',
      'read: src/passwd.c is a symbolic link at head: links are not followed (their target can lie outside the repository)',
      "read: .git is refused: git's internals are not files of the repository",
      'read: vendor/lib is a submodule at head: its files belong to another repository and are not read',
      'read: data/big.txt is over 1 MB at head (1048587 bytes): files that large are not read',
      'src/table.c lines 1-50 of 50 (head)',
      'search: nested repetition (a repeated group that itself repeats or alternates, like (a+)+ or (a|aa)*) is refused: it can take exponential time; search for a fixed string, or repeat single characters only',
    ]);
    for (const request of server?.requests ?? []) expect(JSON.stringify(request.body)).not.toMatch(/root:x:0:0|\[core\]/);
  });

  it('stops a model that keeps calling tools at the cap, 10,000 calls at once included, and the review goes on', async () => {
    const flood = Array.from({ length: 10_000 }, (_, i) => ({
      name: 'read',
      arguments: { file: 'src/ring.c', start: 1 + (i % 15), end: 1 + (i % 15) },
    }));
    const { report } = await review(
      (request) => {
        if (request.role !== 'reviewer') return { content: validatorAnswer(request) };
        // Calls tools until told there are no more, then reports.
        const told = request.body.messages.some(
          (m) => m.role === 'user' && /tool call\(s\) were not run|No more tools/.test(m.content ?? ''),
        );
        return told ? { content: final([{ ...FINDING, evidence: EVIDENCE }]) } : { toolCalls: flood };
      },
      ['--tool-calls', '8'],
    );
    const reviewer = server?.requests.filter((r) => r.role === 'reviewer') ?? [];
    expect(reviewer).toHaveLength(2);
    expect(toolAnswersOf(reviewer[1] as ChatRequest)).toHaveLength(8);
    expect(Buffer.byteLength(JSON.stringify(reviewer[1]?.body))).toBeLessThan(100_000);
    const use = report.calls.find((c) => c.role === 'reviewer')?.tools;
    expect(use?.calls).toHaveLength(8);
    expect(use?.ignored).toBe(9992);
    expect(report.findings.map((f) => f.title)).toEqual([FINDING.title]);
  });

  it('holds tool-calls per slice and role: three reviewers share 8 calls, and the validator judgments share 8', async () => {
    const flood = Array.from({ length: 50 }, (_, i) => ({
      name: 'read',
      arguments: { file: 'src/ring.c', start: 1 + (i % 15), end: 1 + (i % 15) },
    }));
    const told = (request: ChatRequest): boolean =>
      request.body.messages.some((m) => m.role === 'user' && /tool call\(s\) were not run|No more tools/.test(m.content ?? ''));
    const { report } = await review(
      (request) => {
        if (request.role === 'meta-reviewer') return { content: metaAnswer(request) };
        if (request.role === 'validator')
          return told(request) || request.body.tool_choice === 'none' ? { content: validatorAnswer(request) } : { toolCalls: flood };
        const findings = [FINDING, { ...FINDING, title: 'A second defect', line: FINDING.line }].map((f) => ({ ...f, evidence: EVIDENCE }));
        return told(request) ? { content: final(findings) } : { toolCalls: flood };
      },
      ['--reviewers', '3', '--votes', '3', '--tool-calls', '8', '--require-consensus', 'false'],
    );
    const answered = (role: string): number[] =>
      report.calls.filter((c) => c.role === role).map((c) => c.tools?.calls.filter((t) => t.outcome === 'answered').length ?? 0);
    expect(answered('reviewer').sort()).toEqual([2, 3, 3]);
    const validator = answered('validator');
    expect(validator.length).toBeGreaterThanOrEqual(3);
    expect(validator.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8);
    expect(Math.max(...validator) - Math.min(...validator)).toBeLessThanOrEqual(1);
  });

  it('a model that never stops calling tools costs a bounded number of requests, and the run still ends with a status', async () => {
    const { report } = await review(
      (request) =>
        request.role === 'reviewer'
          ? { toolCalls: [{ name: 'diff', arguments: { file: 'src/ring.c' } }] }
          : { content: validatorAnswer(request) },
      ['--tool-calls', '3'],
    );
    expect(server?.requests.length).toBeLessThanOrEqual(3 + 2 + 2);
    expect(report.status).toBe('incomplete');
    expect(report.calls.find((c) => c.role === 'reviewer')?.tools?.calls.filter((c) => c.outcome === 'answered')).toHaveLength(3);
  });

  it('asks through a JSON round on an endpoint that refuses tool calling, and tools off sends none', async () => {
    const requests: { tools: boolean }[] = [];
    const script: Script = (request): Reply => {
      requests.push({ tools: request.body.tools !== undefined });
      if (request.body.tools !== undefined)
        return {
          status: 400,
          body: { error: { message: 'tools are not supported for this model', param: 'tools', type: 'invalid_request_error' } },
        };
      if (request.role === 'validator') return { content: JSON.stringify({ ...JSON.parse(validatorAnswer(request)), tool_requests: [] }) };
      const answered = request.body.messages.filter(
        (m) => m.role === 'user' && (m.content ?? '').startsWith('Answers to your tool requests'),
      );
      if (answered.length === 0) {
        return {
          content: final([], {
            tool_requests: [
              {
                tool: 'definition',
                name: 'ring_capacity',
                file: 'src/ring.c',
                line: LINES.pushCheck,
                side: 'base',
                start: null,
                end: null,
                text: null,
                path_glob: null,
                regex: null,
              },
            ],
          }),
        };
      }
      expect(dataBlockOf(answered[0]?.content ?? '', 'TOOL_ANSWER')).toContain(`${LINES.capacityReturn} |   return RING_SIZE;`);
      return { content: final([{ ...FINDING, evidence: EVIDENCE }], { tool_requests: [] }) };
    };
    const { report } = await review(script);
    expect(report.findings.map((f) => f.title)).toEqual([FINDING.title]);
    expect(report.calls.find((c) => c.role === 'reviewer')?.tools).toEqual(
      expect.objectContaining({ mode: 'json', calls: [expect.objectContaining({ tool: 'definition', outcome: 'answered' })] }),
    );
    expect(server?.requests[1]?.system).toContain('## Asking for tools in the answer');

    await server?.close();
    server = null;
    const off = await review(lookingUp(), ['--tools', 'off']);
    const sent = (server as ModelServer | null)?.requests ?? [];
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.body.tools === undefined && !r.system.includes('## Tools'))).toBe(true);
    expect(off.report.calls.every((c) => c.tools === undefined)).toBe(true);
  });
});
