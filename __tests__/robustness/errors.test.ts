/**
 * Robustness: errors that say what to do. The model endpoint is checked before the first paid call
 * (reachable, takes the key, serves the model), each failure named with its URL and cause
 * (refused, DNS, TLS, timeout); the report path is checked before any paid call too.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { modelOutage } from '../../src/engine/outage.js';
import { nameInput } from '../../src/action/inputs.js';
import { nameFlag } from '../../src/cli/naming.js';
import type { NameSetting } from '../../src/config/naming.js';
import { checkReportPath, ReportPathError } from '../../src/output/report-file.js';
import { reviewSlices } from '../../src/review/index.js';
import { checkEndpoint, EndpointError } from '../../src/review/llm/endpoint.js';
import { FAST, PACKET, testSettings } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';

let server: ModelServer | null = null;
let silent: Server | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  silent = null;
});

/** A port nothing listens on: a server's, after it closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A plain-HTTP server that accepts connections and never answers. */
async function neverAnswers(): Promise<string> {
  silent = createServer(() => undefined);
  silent.on('connection', (socket) => socket.unref());
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(silent.address() as AddressInfo).port}`;
}

async function endpointError(url: string, inputs: Record<string, string> = {}, name: NameSetting = nameFlag): Promise<string> {
  try {
    await checkEndpoint(testSettings(url, inputs), name);
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error('checkEndpoint did not fail');
}

describe('the model endpoint is checked before any paid call', () => {
  it('names the URL and the cause: connection refused', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    expect(await endpointError(url)).toBe(
      `The model endpoint is unreachable: cannot connect to ${url}: connection refused (ECONNREFUSED; is the server running and the port right?). Check --base-url (or OPENAI_BASE_URL); model test-model.`,
    );
    expect(await endpointError(url, {}, nameInput)).toMatch(/Check the 'base-url' input; model test-model\.$/);
  });

  it('names the URL and the cause: DNS', async () => {
    expect(await endpointError('http://keybug-no-such-host.invalid/v1')).toMatch(
      /^The model endpoint is unreachable: cannot connect to http:\/\/keybug-no-such-host\.invalid\/v1: DNS lookup failed \((ENOTFOUND|EAI_AGAIN); is the host name right\?\)/,
    );
  });

  it('names the URL and the cause: TLS', async () => {
    const host = await neverAnswers();
    expect(await endpointError(`https://${host}/v1`)).toMatch(
      new RegExp(`^The model endpoint is unreachable: cannot connect to https://${host}/v1: TLS failed \\(ERR_SSL_`),
    );
  });

  it('names the URL and the cause: timeout', async () => {
    const host = await neverAnswers();
    expect(await endpointError(`http://${host}/v1`, { timeout: '1' })).toBe(
      `The model endpoint is unreachable: no answer from http://${host}/v1 within 1 s (timeout). Check --base-url (or OPENAI_BASE_URL); model test-model.`,
    );
  });

  it('says when the key is refused, and when the model is not served (with what is)', async () => {
    server = await startModelServer(() => ({ content: '{}' }), { models: { status: 401 } });
    expect(await endpointError(server.url)).toMatch(
      /^The model endpoint http:\/\/127\.0\.0\.1:\d+\/v1 rejected the API key \(HTTP 401 scripted 401 for \/models\)\. Check --api-key \(or OPENAI_API_KEY\)\.$/,
    );
    await server.close();
    server = await startModelServer(() => ({ content: '{}' }), { models: ['gpt-4.1', 'qwen2.5-coder:latest'] });
    expect(await endpointError(server.url, { model: 'gpt-5' })).toBe(
      `The model endpoint ${server.url} does not serve model 'gpt-5'; it lists gpt-4.1, qwen2.5-coder:latest. Check --model (or KEYBUG_MODEL).`,
    );
    expect(await endpointError(server.url, { model: 'gpt-4.1', 'validator-model': 'o3' }, nameInput)).toMatch(
      /does not serve model 'o3'; .* Check the 'validator-model' input\.$/,
    );
    await expect(checkEndpoint(testSettings(server.url, { model: 'qwen2.5-coder' }), nameFlag)).resolves.toMatch(
      /answers and serves qwen2\.5-coder$/,
    );
  });

  it('lets an endpoint that lists no models go on: its calls will say more', async () => {
    server = await startModelServer(() => ({ content: '{}' }));
    await expect(checkEndpoint(testSettings(server.url), nameFlag)).resolves.toMatch(
      /answered HTTP 404 .* the model names were not checked$/,
    );
  });
});

describe('a model endpoint that fails every call', () => {
  it('names the URL and the cause in every call, and is a failure (not a gate verdict) naming the model', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const settings = testSettings(url, { reviewers: '2', validator: 'false', 'max-retries': '1' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });
    expect(outcome.calls.map((c) => c.error)).toEqual(
      Array(2).fill(
        `cannot connect to ${url}: connection refused (ECONNREFUSED; is the server running and the port right?) (gave up after 1 retries)`,
      ),
    );
    expect(modelOutage(outcome, settings, nameFlag)).toBe(
      `The model endpoint failed all 2 model call(s) (model test-model): cannot connect to ${url}: connection refused (ECONNREFUSED; is the server running and the port right?) (gave up after 1 retries). Check --base-url (or OPENAI_BASE_URL), --model (or KEYBUG_MODEL) and --api-key (or OPENAI_API_KEY).`,
    );
  });
});

describe('a model that answers every call in no form keybug can read', () => {
  it('is a failure naming the model and what was wrong with its answers, not a gate verdict', async () => {
    server = await startModelServer(() => ({ content: 'I think this code is fine!!! {{{' }));
    const settings = testSettings(server.url, { reviewers: '2', validator: 'false', 'max-retries': '0' });
    const outcome = await reviewSlices({ slices: [PACKET], pr: { title: 't', body: '' }, settings, tuning: FAST });
    expect(outcome.calls.map((c) => c.outcome)).toEqual(['invalid-output', 'invalid-output']);
    const message = modelOutage(outcome, settings, nameFlag);
    expect(message).toMatch(
      /^The model answered none of 2 model call\(s\) in a form keybug can read \(model test-model\): .+\. Check --model \(or KEYBUG_MODEL\): it must answer with JSON/,
    );
    expect(message).toContain(outcome.calls[0]?.error ?? 'no error recorded');
  });

  it('is no failure when any call was answered', () => {
    const call = { role: 'reviewer' as const, model: 'm', sliceId: 's1', promptTokens: 1, completionTokens: 1, latencyMs: 1, retries: 0 };
    expect(
      modelOutage(
        {
          calls: [
            { ...call, outcome: 'invalid-output', error: 'not JSON' },
            { ...call, outcome: 'ok' },
          ],
        },
        { model: 'm' },
        nameFlag,
      ),
    ).toBeNull();
  });
});

describe('the report path is checked before any paid call', () => {
  it("says which path cannot be written and why, in the shell's terms, and leaves nothing behind", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keybug-report-'));
    try {
      const file = path.join(dir, 'a-file');
      writeFileSync(file, 'x');
      const words = (check: () => void, name: NameSetting): string => {
        try {
          check();
        } catch (error) {
          return (error as ReportPathError).describe(name);
        }
        return 'no error';
      };
      expect(() => checkReportPath(path.join(file, 'report.json'))).toThrow(ReportPathError);
      expect(words(() => checkReportPath(path.join(file, 'report.json')), nameFlag)).toBe(
        `Cannot write the report to '${path.join(file, 'report.json')}': a part of the path is a file, not a folder (ENOTDIR). Choose a writable path with --report.`,
      );
      expect(words(() => checkReportPath(dir), nameInput)).toBe(
        `Cannot write the report to '${dir}': it is a folder (EISDIR). Choose a writable path with the 'report' input.`,
      );
      const fresh = path.join(dir, 'new', 'report.json');
      checkReportPath(fresh);
      expect(() => rmSync(fresh)).toThrow(); // checked, not written
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
