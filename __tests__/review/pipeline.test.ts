import { afterEach, describe, expect, it } from '@jest/globals';
import { reviewSlices } from '../../src/review/index.js';
import { estimateSliceTokens } from '../../src/review/budget.js';
import { startModelServer, type ModelServer, type Script } from '../servers/model-server.js';
import { BUG, FAST, INVENTED, makeSlice, NITPICK, PACKET, type Planned, testSettings, wellBehaved } from './helpers.js';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function review(
  script: Script,
  inputs: Record<string, string> = {},
  slices = [PACKET],
  pr = { title: 'Simplify length check', body: 'Removes a redundant check.' },
) {
  server = await startModelServer(script);
  return reviewSlices({ slices, pr, settings: testSettings(server.url, inputs), tuning: FAST });
}

const dropOf = (outcome: Awaited<ReturnType<typeof review>>, title: string) => outcome.dropped.filter((d) => d.finding.title === title);

describe('the multi-role review against a scripted model', () => {
  it('keeps a planted bug through every stage and drops the nitpick and the invented problem at the coarse filter', async () => {
    const outcome = await review(wellBehaved({ 'src/packet.cpp': [[BUG, NITPICK], [BUG, INVENTED], [BUG]] }));

    expect(outcome.incompleteReasons).toEqual([]);
    expect(outcome.findings).toHaveLength(1);
    const [bug] = outcome.findings;
    expect(bug).toMatchObject({
      title: BUG.title,
      path: 'src/packet.cpp',
      side: 'RIGHT',
      line: 17,
      startLine: 17,
      category: 'memory',
      reviewerVotes: 3,
    });
    expect(bug?.mergedFrom).toHaveLength(2);
    expect(dropOf(outcome, NITPICK.title)).toEqual([
      expect.objectContaining({ stage: 'coarse-filter', reason: expect.stringMatching(/nitpick: reviewer \d scored substance 2 ≤ 4/) }),
    ]);
    expect(dropOf(outcome, INVENTED.title)).toEqual([
      expect.objectContaining({
        stage: 'coarse-filter',
        reason: expect.stringMatching(/not a real problem: reviewer \d scored reality 2 ≤ 4/),
      }),
    ]);
    expect(outcome.dropped.filter((d) => d.stage === 'meta-reviewer' && d.reason.startsWith(`merged into ${bug?.id}`))).toHaveLength(2);
    // The survivor's path through the stages is recorded with the scores at each one.
    expect(outcome.history[bug?.id ?? '']?.map((r) => r.stage)).toEqual(['reviewer', 'meta-reviewer', 'validator']);
    // What was alive after each of the paper's stages, in reviewer order: the metrics of `keybug eval` read these.
    const ids = (checkpoint: keyof typeof outcome.passed) => outcome.passed[checkpoint]?.map((f) => f.id);
    expect(ids('reviewer')).toEqual(['s1-r1-f1', 's1-r1-f2', 's1-r2-f1', 's1-r2-f2', 's1-r3-f1']);
    expect(ids('coarse-filter')).toEqual(['s1-r1-f1', 's1-r2-f1', 's1-r3-f1']);
    expect(ids('top-k')).toEqual(['s1-r1-f1', 's1-r2-f1', 's1-r3-f1']);
    expect(ids('meta-reviewer')).toEqual([bug?.id]);
    expect(ids('validator')).toEqual([bug?.id]);
    expect(bug?.reported).toEqual({ path: 'src/packet.cpp', side: 'RIGHT', startLine: 17, line: 17 });

    const roles = server?.requests.map((r) => r.role);
    expect(roles?.filter((r) => r === 'reviewer')).toHaveLength(3);
    expect(roles?.filter((r) => r === 'meta-reviewer')).toHaveLength(1);
    expect(roles?.filter((r) => r === 'validator')).toHaveLength(1);
    expect(server?.requests[0]?.body.response_format?.type).toBe('json_schema');
    expect(outcome.usage.calls).toBe(5);
    expect(outcome.usage.byRole.reviewer?.calls).toBe(3);
    expect(outcome.usage.promptTokens).toBeGreaterThan(0);
  });

  it('drops an invented problem the reviewers believed when the validator re-scores it as not real', async () => {
    const fake: Planned = {
      title: 'Integer overflow in len + 4',
      line: 13,
      quote: 'if (len + 4 > wire_len) {',
      category: 'logic',
      scores: [6, 6, 5],
    };
    const outcome = await review(
      wellBehaved({ 'src/packet.cpp': [[BUG, fake], [BUG, fake], [BUG]] }, { rescore: { [fake.title]: [6, 2, 5] } }),
    );

    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    expect(dropOf(outcome, fake.title)).toContainEqual(
      expect.objectContaining({ stage: 'validator', reason: 'not a real problem: the validator scored reality 2 ≤ 4' }),
    );
  });

  it('merges what three reviewers agree on and drops issues only one reviewer raised', async () => {
    const twice: Planned = { title: 'Stale len on error path', line: 16, quote: 'out->len = len;', category: 'logic', scores: [6, 6, 4] };
    const once: Planned = { title: 'Payload not zeroed', line: 18, quote: 'return true;', category: 'memory', scores: [6, 5, 3] };
    const answers = {
      'src/packet.cpp': [
        [BUG, twice],
        [BUG, once],
        [BUG, twice],
      ],
    };

    const strict = await review(wellBehaved(answers));
    expect(strict.findings.map((f) => [f.title, f.reviewerVotes])).toEqual([
      [BUG.title, 3],
      [twice.title, 2],
    ]);
    expect(dropOf(strict, once.title)).toEqual([
      expect.objectContaining({ stage: 'meta-reviewer', reason: 'raised by only 1 of 3 reviewers (require-consensus)' }),
    ]);
    await server?.close();

    const lenient = await review(wellBehaved(answers), { 'require-consensus': 'false' });
    expect(lenient.findings.map((f) => f.title)).toEqual([BUG.title, twice.title, once.title]);
  });

  it('keeps only the top k findings of a reviewer, the most severe ones', async () => {
    const many: Planned[] = [12, 13, 14, 15, 16, 17, 18].map((line, i) => ({
      title: `Defect ${i}`,
      line,
      quote: PACKET.sections[0]?.lines.find((l) => l.new === line)?.text ?? '',
      scores: [6, 6, i + 1],
    }));
    const outcome = await review(wellBehaved({ 'src/packet.cpp': [many] }), { reviewers: '1', 'top-k': '3', validator: 'false' });

    expect(outcome.findings.map((f) => f.scores.severity)).toEqual([7, 6, 5]);
    const cut = outcome.dropped.filter((d) => d.stage === 'top-k');
    expect(cut).toHaveLength(4);
    expect(cut[0]?.reason).toBe("ranked 4 by severity among reviewer 1's findings on slice s1; only the top 3 are kept");
  });

  it('keeps only the top k issues of a slice after merging three reviewers', async () => {
    const a: Planned = { title: 'Stale len on error path', line: 16, quote: 'out->len = len;', category: 'logic', scores: [6, 6, 4] };
    const b: Planned = { title: 'Payload not zeroed', line: 18, quote: 'return true;', category: 'memory', scores: [6, 6, 3] };
    const c: Planned = {
      title: 'Length read before the size check',
      line: 12,
      quote: 'std::size_t len = read_length(wire);',
      category: 'logic',
      scores: [6, 6, 5],
    };
    // Each reviewer keeps two (its own top-k passes everything); merged, three issues with two votes each.
    const outcome = await review(
      wellBehaved({
        'src/packet.cpp': [
          [a, b],
          [b, c],
          [c, a],
        ],
      }),
      { 'top-k': '2', validator: 'false' },
    );

    expect(outcome.dropped.filter((d) => d.stage === 'top-k' && d.reason.includes('among reviewer'))).toEqual([]);
    expect(outcome.findings.map((f) => [f.title, f.reviewerVotes])).toEqual([
      [c.title, 2],
      [a.title, 2],
    ]);
    const cut = outcome.dropped.filter((d) => d.stage === 'top-k');
    expect(cut.map((d) => [d.finding.title, d.reason])).toEqual([
      [b.title, 'ranked 3 by severity on slice s1 after merging; only the top 2 are kept'],
    ]);
  });

  it('drops a finding on a path or line outside its slice and corrects one whose quote shows the right line', async () => {
    const invented: Planned = {
      title: 'Leak in helper',
      path: 'src/other.cpp',
      line: 99,
      quote: 'free(buffer);',
      category: 'resource',
      scores: [6, 6, 6],
    };
    const misplaced: Planned = { ...BUG, line: 24 };
    const outcome = await review(wellBehaved({ 'src/packet.cpp': [[invented, misplaced]] }), { reviewers: '1', validator: 'false' });

    expect(dropOf(outcome, invented.title)).toEqual([
      expect.objectContaining({
        stage: 'reviewer',
        reason: 'hallucinated location: src/other.cpp:RIGHT:99-99 is not a line of slice s1, and the quoted code is not in the slice',
      }),
    ]);
    expect(outcome.findings).toEqual([expect.objectContaining({ title: BUG.title, line: 17, startLine: 17 })]);
    const id = outcome.findings[0]?.id ?? '';
    expect(
      outcome.history[id]?.some((r) => r.note.startsWith('location corrected from src/packet.cpp:RIGHT:24-24 to src/packet.cpp:RIGHT:17')),
    ).toBe(true);
  });

  it('accepts a finding on a deleted line (side LEFT) with the old line number', async () => {
    const removed: Planned = {
      title: 'Removed bound check',
      line: 13,
      side: 'LEFT',
      quote: 'if (len > kMaxPayload || len + 4 > wire_len) {',
      category: 'memory',
      scores: [7, 7, 7],
    };
    const outcome = await review(wellBehaved({ 'src/packet.cpp': [[removed]] }), { reviewers: '1', validator: 'false' });
    expect(outcome.findings).toEqual([expect.objectContaining({ side: 'LEFT', line: 13 })]);
  });

  it('ends a burst of 500s as an incomplete run that still reports what it found', async () => {
    const other = makeSlice('s2', 'src/codec.cpp', [
      [' ', 30, 'int n = decode(buf);'],
      ['+', 31, 'buf[n] = 0;'],
    ]);
    const script = wellBehaved(
      { 'src/packet.cpp': [[BUG]] },
      {
        misbehave: (request) =>
          request.user.includes('src/codec.cpp') ? { status: 500, body: { error: { message: 'upstream overloaded' } } } : null,
      },
    );
    const outcome = await review(script, { 'max-retries': '2' }, [PACKET, other]);

    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    expect(outcome.unreviewed).toEqual([
      expect.objectContaining({
        path: 'src/codec.cpp',
        startLine: 31,
        endLine: 31,
        reason: expect.stringContaining('every reviewer call failed (HTTP 500 upstream overloaded'),
      }),
    ]);
    expect(outcome.incompleteReasons).toContain('some slices could not be reviewed because every model call on them failed');
    const failed = outcome.calls.filter((c) => c.outcome === 'error');
    expect(failed).toHaveLength(3);
    expect(failed.every((c) => c.retries === 2)).toBe(true);
  });

  it('reviews the riskiest slices first within max-tokens and lists the rest as not reviewed', async () => {
    const dull = makeSlice('s2', 'src/log.cpp', [['+', 5, 'LOG("starting");']]);
    const calm = makeSlice('s3', 'src/name.cpp', [['+', 8, 'std::string name = "x";']]);
    server = await startModelServer(wellBehaved({ 'src/packet.cpp': [[BUG]] }));
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false' });
    settings.maxTokens = estimateSliceTokens(PACKET, { title: '', body: '' }, settings) + 10;
    const outcome = await reviewSlices({ slices: [dull, calm, PACKET], pr: { title: '', body: '' }, settings, tuning: FAST });

    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(outcome.findings.map((f) => f.sliceId)).toEqual(['s1']);
    expect(outcome.unreviewed.map((u) => u.path).sort()).toEqual(['src/log.cpp', 'src/name.cpp']);
    expect(outcome.unreviewed[0]?.reason).toMatch(/^not reviewed: token budget max-tokens=\d+/);
    expect(server.requests).toHaveLength(1);
  });

  it('falls back to merging by location when the meta-reviewer fails: findings kept, marked not merged, the run still complete', async () => {
    const script = wellBehaved(
      { 'src/packet.cpp': [[BUG], [BUG], [NITPICK]] },
      { misbehave: (r) => (r.role === 'meta-reviewer' ? { content: 'I cannot help with that.' } : null) },
    );
    const outcome = await review(script);
    expect(outcome.findings).toEqual([
      expect.objectContaining({
        title: BUG.title,
        reviewerVotes: 2,
        notMerged: expect.stringMatching(/^meta-reviewer its call failed: invalid output after a corrective retry/),
      }),
    ]);
    expect(outcome.incompleteReasons).toEqual([]);
    expect(outcome.degraded).toEqual([
      expect.stringMatching(
        /^meta-reviewer its call failed: invalid output after a corrective retry.*: the findings of 1 slice\(s\) were grouped by location instead of merged, and are marked "not merged"$/,
      ),
    ]);
  });

  it('translates the prose for another language and leaves the code alone', async () => {
    const base = wellBehaved({ 'src/packet.cpp': [[BUG], [BUG]] });
    const script: Script = (request, index) => {
      if (request.role !== 'translator') return base(request, index);
      const items = JSON.parse(/\n(\[[\s\S]*\])\nEND ITEMS/.exec(request.user)?.[1] ?? '[]') as { id: string }[];
      return {
        content: JSON.stringify({
          items: items.map((i) => ({
            id: i.id,
            title: 'Ungeprüfte Länge',
            issue: 'Problem',
            rootCause: 'Ursache',
            suggestedFix: 'Lösung',
          })),
        }),
      };
    };
    const outcome = await review(script, { language: 'German', reviewers: '2' });

    expect(outcome.findings).toEqual([expect.objectContaining({ title: 'Ungeprüfte Länge', quote: BUG.quote, line: 17 })]);
    const translatorRequest = server?.requests.find((r) => r.role === 'translator');
    expect(translatorRequest?.system).toContain('into German');
    expect(translatorRequest?.user).not.toContain(BUG.quote);
  });
});
