import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { EXAMPLE_MODEL, exampleRecordingDir } from '../../src/eval/example/index.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';
import { exampleModel } from './example-model.js';

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env });
  return { code, out, err };
}

const RERECORD = "Re-record it with 'npm run eval:record-example' and commit src/eval/example/recording/.";

interface Report {
  example: boolean;
  failed: number;
  perCase: { id: string; status: string }[];
  stages: { stage: string; score: { comments: number } | null }[];
  run: { mode: string; requestsSent: number | null; requestsReplayed: number };
}

describe('keybug eval --example', () => {
  let server: ModelServer;
  let work: string;
  let committed: Report;
  beforeAll(async () => {
    server = await startModelServer(exampleModel());
    work = mkdtempSync(path.join(tmpdir(), 'keybug-eval-example-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }, 240_000);

  it('replays the committed recording with no API key and no network', async () => {
    // Whatever endpoint the environment names is never asked.
    const { code, out, err } = await cli(['eval', '--example', '--format', 'json'], { OPENAI_API_KEY: '', OPENAI_BASE_URL: server.url });
    if (code !== 0) throw new Error(`'keybug eval --example' failed (exit ${code}): the committed recording no longer answers the requests keybug sends now (a prompt, the slicer or the example changed). ${RERECORD}\n${err}`);
    committed = JSON.parse(out) as Report;
    expect(server.requests).toHaveLength(0);
    expect(committed).toMatchObject({ example: true, failed: 0, run: { mode: 'replay', requestsSent: 0 } });
    expect(committed.run.requestsReplayed).toBeGreaterThan(0);
    expect(committed.perCase.map((c) => [c.id, c.status])).toEqual([
      ['packet-overflow', 'complete'],
      ['ring-buffer', 'complete'],
      ['session-lock', 'complete'],
      ['config-clean', 'complete'],
    ]);
    expect(readdirSync(exampleRecordingDir()).filter((f) => f.endsWith('.jsonl')).sort()).toEqual(['config-clean.jsonl', 'packet-overflow.jsonl', 'ring-buffer.jsonl', 'session-lock.jsonl']);
  }, 240_000);

  it('is what recording the scripted model again gives now', async () => {
    const dir = path.join(work, 'recording');
    const args = ['eval', '--example', '--model', EXAMPLE_MODEL, '--base-url', server.url, '--concurrency', '1', '--record', dir, '--format', 'json'];
    const fresh = await cli(args);
    expect(fresh.code).toBe(0);
    const recorded = JSON.parse(fresh.out) as Report;
    expect(recorded.run.requestsSent).toBe(committed.run.requestsReplayed);
    if (JSON.stringify({ ...recorded, run: null }) !== JSON.stringify({ ...committed, run: null })) {
      throw new Error(`The committed recording of the eval example gives another report than the scripted model gives now. ${RERECORD}`);
    }
  }, 240_000);

  it('prints the table with the note that the answers are scripted, and sweeps it offline', async () => {
    const { code, out } = await cli(['eval', '--example', '--sweep']);
    expect(code).toBe(0);
    expect(out).toContain("The example's model answers are scripted: the table shows how the metrics read, not a model's quality.");
    expect(out).toMatch(/^All \(reviewers\)\s+\d+\s+\d+\.\d\d\s/m);
    expect(out).toMatch(/^\+ Validator\s+\d+\s+\d+\.\d\d\s/m);
    expect(out).toContain('← best CPI₁');
  }, 240_000);

  it('reviews the example with your own model when given one', async () => {
    const { code, out } = await cli(['eval', '--example', '--model', EXAMPLE_MODEL, '--base-url', server.url, '--concurrency', '1', '--format', 'json']);
    expect(code).toBe(0);
    expect((JSON.parse(out) as Report).run).toMatchObject({ mode: 'live', requestsSent: null });
  }, 240_000);
});
