import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reviewSlices, type ReviewOutcome } from '../../src/review/index.js';
import { CallTape } from '../../src/review/llm/tape.js';
import { clearSecrets, registerSecret } from '../../src/safety/redact.js';
import type { Slice } from '../../src/types.js';
import { startModelServer, type ModelServer, type Script } from '../servers/model-server.js';
import { BUG, FAST, INVENTED, makeSlice, NITPICK, PACKET, testSettings, wellBehaved } from './helpers.js';

let server: ModelServer | null = null;
let dir = '';
afterEach(async () => {
  await server?.close();
  server = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
  clearSecrets();
});

const OTHER = makeSlice('s2', 'src/codec.cpp', [
  [' ', 30, 'int n = decode(buf);'],
  ['+', 31, 'buf[n] = 0;'],
]);
const PR = { title: 'Simplify length check', body: 'Removes a redundant check.' };
/** Not shaped like any known credential: only its registration (as the CLI and the action do) keeps it out. */
const KEY = 'k3y-0123456789abcdef';

/** Everything a run decided, without wall times (a replay takes none). */
function decided(outcome: ReviewOutcome): unknown {
  return { ...outcome, stageMs: undefined, calls: outcome.calls.map((c) => ({ ...c, latencyMs: undefined })) };
}

async function recordThenReplay(script: Script, inputs: Record<string, string> = {}, slices: Slice[] = [PACKET, OTHER], pr = PR) {
  server = await startModelServer(script);
  dir = mkdtempSync(path.join(tmpdir(), 'keybug-tape-'));
  registerSecret(KEY);
  const settings = testSettings(server.url, { 'api-key': KEY, ...inputs });
  const recorder = CallTape.record(dir, 'run', 'the test run');
  const recorded = await reviewSlices({ slices, pr, settings, tuning: FAST, tape: recorder });
  recorder.save();
  const sent = server.requests.length;
  await server.close();
  server = null;
  // The endpoint is down now: every answer must come from the recording.
  const player = CallTape.replay(dir, 'run', 'the test run');
  const replayed = await reviewSlices({ slices, pr, settings: { ...settings, apiKey: '' }, tuning: FAST, tape: player });
  return { recorded, replayed, recorder, player, sent };
}

describe('record and replay of model calls', () => {
  it('replays a whole review identically with the endpoint down: three reviewers with the same prompt keep their own answers', async () => {
    const { recorded, replayed, recorder, player, sent } = await recordThenReplay(
      wellBehaved({ 'src/packet.cpp': [[BUG, NITPICK], [BUG, INVENTED], [BUG]], 'src/codec.cpp': [[]] }),
    );

    expect(recorded.incompleteReasons).toEqual([]);
    expect(recorded.findings.map((f) => f.title)).toEqual([BUG.title]);
    expect(decided(replayed)).toEqual(decided(recorded));
    expect(recorder.sent).toBe(sent);
    expect(player).toMatchObject({ sent: 0, replayed: sent, misses: [] });
    // Reviewer 2's invented problem is still reviewer 2's: the same prompt, told apart by order.
    expect(replayed.dropped.find((d) => d.finding.title === INVENTED.title)?.finding.id).toBe('s1-r2-f2');
  });

  it('stores role, model, slice, the exact messages, parameters, answer, usage and latency, and never the API key', async () => {
    const { recorder } = await recordThenReplay(wellBehaved({ 'src/packet.cpp': [[BUG]] }), { reviewers: '1' }, [PACKET], {
      title: 'Leak',
      body: `the key is ${KEY}`,
    });
    const text = readFileSync(recorder.file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/authorization|Bearer/i);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.role)).toEqual(['reviewer', 'validator']);
    expect(lines[0]).toMatchObject({
      key: expect.stringMatching(/^[0-9a-f]{64}$/),
      occurrence: 0,
      attempt: 0,
      model: 'test-model',
      sliceId: 's1',
      request: {
        messages: [{ role: 'system' }, { role: 'user', content: expect.stringContaining('the key is ***') }],
        parameters: { temperature: 0.2, response_format: { type: 'json_schema' } },
      },
      response: { status: 200, body: { choices: [{ message: { content: expect.stringContaining(BUG.title) } }] } },
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
      latencyMs: expect.any(Number),
    });
  });

  it('replays failures the same way: a 500 retried, a refused response format, a corrective retry', async () => {
    let failedOnce = false;
    const base = wellBehaved({ 'src/packet.cpp': [[BUG]], 'src/codec.cpp': [[]] });
    const script: Script = (request, index) => {
      if (request.body.response_format?.type === 'json_schema')
        return {
          status: 400,
          body: {
            error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported", param: 'response_format' },
          },
        };
      if (request.role === 'validator' && !failedOnce) {
        failedOnce = true;
        return { status: 500, body: { error: { message: 'upstream overloaded' } } };
      }
      if (request.role === 'reviewer' && request.user.includes('src/codec.cpp') && request.body.messages.length === 2)
        return { content: 'I found nothing to report.' };
      return base(request, index);
    };
    const { recorded, replayed, player, sent } = await recordThenReplay(script, { reviewers: '1' });

    const validator = recorded.calls.find((c) => c.role === 'validator');
    expect(validator).toMatchObject({ outcome: 'ok', responseFormat: 'json_object' });
    expect(validator?.retries).toBeGreaterThanOrEqual(1);
    const corrected = recorded.calls.find((c) => c.sliceId === 's2');
    expect(corrected).toMatchObject({ outcome: 'ok', responseFormat: 'json_object' });
    expect(corrected?.retries).toBeGreaterThanOrEqual(2);
    expect(decided(replayed)).toEqual(decided(recorded));
    expect(player.replayed).toBe(sent);
  });

  it('notes a request the recording does not hold, and says which run, slice and role', async () => {
    const { player } = await recordThenReplay(wellBehaved({ 'src/packet.cpp': [[BUG]] }), { reviewers: '1' }, [PACKET]);
    const again = CallTape.replay(dir, 'run', "case 'packet'");
    const outcome = await reviewSlices({
      slices: [PACKET],
      pr: { ...PR, body: 'A different description.' },
      settings: testSettings('http://127.0.0.1:9/v1', { reviewers: '1' }),
      tuning: FAST,
      tape: again,
    });
    expect(player.misses).toEqual([]);
    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(again.sent).toBe(0);
    expect(again.misses[0]).toMatchObject({ role: 'reviewer', sliceId: 's1', model: 'test-model', occurrence: 0, attempt: 0 });
    expect(() => again.assertReplayed((id) => `${id} (src/packet.cpp:13-13)`)).toThrow(
      /^replay: case 'packet': the reviewer request on slice s1 \(src\/packet\.cpp:13-13\) with model test-model is not in the recording .*run\.jsonl .*record it again with --record\.$/,
    );
    expect(() => CallTape.replay(dir, 'other', "case 'other'")).toThrow(
      /^replay: case 'other' has no recording: .*other\.jsonl does not exist/,
    );
  });
});
