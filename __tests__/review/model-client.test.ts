import { afterEach, describe, expect, it } from '@jest/globals';
import { reviewSlices } from '../../src/review/index.js';
import { startModelServer, type ModelServer, type Reply, type Script } from '../servers/model-server.js';
import { BUG, FAST, makeSlice, PACKET, reviewerAnswer, testSettings, validatorAnswer } from './helpers.js';

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const GOOD = reviewerAnswer([BUG]);
const OTHER = makeSlice('s2', 'src/codec.cpp', [
  [' ', 30, 'int n = decode(buf);'],
  ['+', 31, 'buf[n] = 0;'],
]);

/** Replies in order; the last one repeats. */
function inOrder(...replies: Reply[]): Script {
  return (_request, index) => replies[Math.min(index, replies.length - 1)] as Reply;
}

/** One reviewer, no validator: each test is about how one call's answer is read. */
async function reviewOnce(script: Script, inputs: Record<string, string> = {}, tuning = {}, slices = [PACKET]) {
  server = await startModelServer(script);
  const settings = testSettings(server.url, { reviewers: '1', validator: 'false', concurrency: '1', ...inputs });
  return reviewSlices({ slices, pr: { title: 't', body: 'b' }, settings, tuning: { ...FAST, ...tuning } });
}

describe('the model client reads whatever an endpoint answers', () => {
  it('extracts JSON from a Markdown code fence', async () => {
    const outcome = await reviewOnce(inOrder({ content: 'Here is my review:\n```json\n' + GOOD + '\n```\n' }));
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    expect(server?.requests).toHaveLength(1);
  });

  it('extracts JSON wrapped in prose and after a reasoning block', async () => {
    const outcome = await reviewOnce(
      inOrder({
        content: `<think>Let me look at {the code}.</think>After careful analysis, the result is ${GOOD} — hope this helps {sic}.`,
      }),
    );
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
  });

  it('sends one corrective retry quoting the error when the JSON is malformed', async () => {
    const outcome = await reviewOnce(inOrder({ content: '{"understanding": "x", "findings": [' }, { content: GOOD }));
    expect(outcome.findings.map((f) => f.title)).toEqual([BUG.title]);
    const retry = server?.requests[1]?.body.messages ?? [];
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3]?.content).toMatch(/^Your answer could not be used: no JSON object found in the answer/);
    expect(outcome.calls[0]).toMatchObject({ outcome: 'ok', retries: 1 });
  });

  it('quotes the schema violation in the corrective retry', async () => {
    const badEnvelope = GOOD.replace('"understanding":"The change simplifies the length check."', '"understanding":5');
    expect(badEnvelope).not.toBe(GOOD);
    await reviewOnce(inOrder({ content: badEnvelope }, { content: GOOD }));
    expect(server?.requests[1]?.body.messages[3]?.content).toContain('$.understanding: expected a string, got number');
  });

  it('drops the output with the reason when the corrective retry is invalid too', async () => {
    const outcome = await reviewOnce(inOrder({ content: 'no' }, { content: '{"findings": "none"}' }));
    expect(outcome.incompleteReasons).not.toEqual([]);
    expect(outcome.calls[0]).toMatchObject({
      outcome: 'invalid-output',
      error: expect.stringMatching(
        /^invalid output after a corrective retry: the JSON does not match the schema: \$: missing property "understanding"/,
      ),
    });
    expect(outcome.unreviewed[0]?.reason).toMatch(/^not reviewed: every reviewer call failed \(invalid output/);
    expect(server?.requests).toHaveLength(2);
  });

  it('falls back to JSON mode when the endpoint rejects structured outputs, and remembers it', async () => {
    const script: Script = (request) =>
      request.body.response_format?.type === 'json_schema'
        ? {
            status: 400,
            body: { error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model." } },
          }
        : { content: GOOD };
    const outcome = await reviewOnce(script, {}, {}, [PACKET, OTHER]);

    expect(server?.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
    expect(server?.requests[0]?.body.response_format?.json_schema?.strict).toBe(true);
    expect(outcome.calls.map((c) => c.responseFormat)).toEqual(['json_object', 'json_object']);
    expect(outcome.incompleteReasons).toEqual([]);
  });

  it('falls back to plain text when the endpoint rejects every response format', async () => {
    const script: Script = (request) =>
      request.body.response_format
        ? { status: 400, body: { error: { message: 'response_format is not supported' } } }
        : { content: '```\n' + GOOD + '\n```' };
    const outcome = await reviewOnce(script);
    expect(server?.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'json_object', 'none']);
    expect(outcome.calls[0]).toMatchObject({ outcome: 'ok', responseFormat: 'text', retries: 2 });
    expect(outcome.findings).toHaveLength(1);
  });

  it('keeps structured outputs after a 400 that is not about the response format, and records it for that call only', async () => {
    const tooLong = {
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
    };
    const script: Script = (request, index) =>
      index === 0 ? tooLong : { content: request.user.includes('src/codec.cpp') ? reviewerAnswer([], 'src/codec.cpp') : GOOD };
    const outcome = await reviewOnce(script, {}, {}, [PACKET, OTHER]);

    expect(server?.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_schema']);
    expect(outcome.calls.map((c) => c.outcome).sort()).toEqual(['error', 'ok']);
    const failed = outcome.calls.find((c) => c.outcome === 'error');
    expect(failed).toMatchObject({ retries: 0, error: expect.stringContaining('maximum context length') });
    expect(outcome.calls.find((c) => c.outcome === 'ok')?.responseFormat).toBe('json_schema');
    expect(outcome.incompleteReasons).not.toEqual([]);
  });

  it('waits as long as a 429 Retry-After says before trying again', async () => {
    const outcome = await reviewOnce(
      inOrder({ status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached' } } }, { content: GOOD }),
    );
    expect(outcome.findings).toHaveLength(1);
    expect(outcome.calls[0]).toMatchObject({ outcome: 'ok', retries: 1 });
    const [first, second] = server?.requests ?? [];
    // A lower bound only: the retry must not come before the endpoint allowed it.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up when Retry-After asks for longer than the retry budget', async () => {
    const outcome = await reviewOnce(inOrder({ status: 429, headers: { 'retry-after': '3600' } }));
    expect(outcome.calls[0]?.error).toMatch(/HTTP 429 .*retrying would wait 3600000 ms, past the 5000 ms retry budget/);
    expect(server?.requests).toHaveLength(1);
  });

  it('retries a call that times out, and records the timeout when every attempt does', async () => {
    // A timeout far above a loaded machine's answer time, far below the stalled answer's delay.
    const recovered = await reviewOnce(inOrder({ content: GOOD, delayMs: 8000 }, { content: GOOD }), {}, { timeoutMs: 1500 });
    expect(recovered.calls[0]).toMatchObject({ outcome: 'ok', retries: 1 });
    await server?.close();

    const slow = await reviewOnce(inOrder({ content: GOOD, delayMs: 8000 }), { 'max-retries': '1' }, { timeoutMs: 1500 });
    expect(slow.calls[0]).toMatchObject({ outcome: 'error', retries: 1, error: expect.stringContaining('timed out') });
    expect(slow.incompleteReasons).not.toEqual([]);
  });

  it('retries a dropped connection', async () => {
    const outcome = await reviewOnce(inOrder({ hangUp: true }, { content: GOOD }));
    expect(outcome.calls[0]).toMatchObject({ outcome: 'ok', retries: 1 });
  });

  it('stops calling an endpoint that rejected the key', async () => {
    const outcome = await reviewOnce(inOrder({ status: 401, body: { error: { message: 'Incorrect API key provided' } } }), {}, {}, [
      PACKET,
      OTHER,
    ]);
    expect(server?.requests).toHaveLength(1);
    expect(outcome.calls.map((c) => c.outcome)).toEqual(['error', 'error']);
    expect(outcome.calls[1]?.error).toBe('not sent: the endpoint answered HTTP 401 Incorrect API key provided');
    expect(outcome.unreviewed).toHaveLength(2);
  });

  it('stops calling a model the endpoint does not have, and keeps calling the others', async () => {
    const script: Script = (request) => {
      if (request.body.model === 'no-such-model')
        return { status: 404, body: { error: { message: 'The model `no-such-model` does not exist', code: 'model_not_found' } } };
      return request.role === 'reviewer' ? { content: GOOD } : { content: validatorAnswer(request) };
    };
    const outcome = await reviewOnce(script, { validator: 'true', 'validator-model': 'no-such-model' }, {}, [
      PACKET,
      { ...PACKET, id: 's2' },
    ]);

    // Both reviewer calls went out; only the first validator call did.
    expect(server?.requests.map((r) => [r.role, r.body.model])).toEqual([
      ['reviewer', 'test-model'],
      ['reviewer', 'test-model'],
      ['validator', 'no-such-model'],
    ]);
    const validators = outcome.calls.filter((c) => c.role === 'validator');
    expect(validators.map((c) => c.error)).toEqual([
      expect.stringContaining('HTTP 404'),
      'not sent: the endpoint answered HTTP 404 The model `no-such-model` does not exist for model no-such-model',
    ]);
    expect(outcome.calls.filter((c) => c.role === 'reviewer').every((c) => c.outcome === 'ok')).toBe(true);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const script: Script = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      // Hold each answer until the limit is reached (bounded: 5 s), so the peak does not depend on how fast a loaded machine sends.
      for (let waited = 0; inFlight < 3 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return { content: GOOD };
    };
    const slices = Array.from({ length: 6 }, (_, i) => ({ ...PACKET, id: `s${i + 1}` }));
    await reviewOnce(script, { concurrency: '3', reviewers: '2' }, {}, slices);
    expect(peak).toBe(3);
  });

  it('counts cost when prices are given', async () => {
    const outcome = await reviewOnce(inOrder({ content: GOOD, usage: { prompt_tokens: 1000, completion_tokens: 500 } }), {
      'input-price': '2',
      'output-price': '8',
    });
    expect(outcome.usage).toMatchObject({ promptTokens: 1000, completionTokens: 500, costUsd: 0.006 });
  });
});
