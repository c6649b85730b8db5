import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { EXAMPLE_MODEL, exampleRecordingDir } from '../../src/eval/example/example.js';
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

  it('replays the committed recording with no API key and no network, prints the table saying the answers are scripted, and sweeps it', async () => {
    // Whatever endpoint the environment names is never asked.
    const out = path.join(work, 'out');
    const {
      code,
      out: text,
      err,
    } = await cli(['eval', '--example', '--sweep', '--out', out], { OPENAI_API_KEY: '', OPENAI_BASE_URL: server.url });
    if (code !== 0)
      throw new Error(
        `'keybug eval --example' failed (exit ${code}): the committed recording no longer answers the requests keybug sends now (a prompt, the slicer or the example changed). ${RERECORD}\n${err}`,
      );
    committed = JSON.parse(readFileSync(path.join(out, 'eval.json'), 'utf8')) as Report;
    expect(server.requests).toHaveLength(0);
    expect(committed).toMatchObject({ example: true, failed: 0, run: { mode: 'replay', requestsSent: 0 } });
    expect(committed.run.requestsReplayed).toBeGreaterThan(0);
    expect(committed.perCase.map((c) => [c.id, c.status])).toEqual([
      ['packet-overflow', 'complete'],
      ['ring-buffer', 'complete'],
      ['session-lock', 'complete'],
      ['config-clean', 'complete'],
    ]);
    expect(
      readdirSync(exampleRecordingDir())
        .filter((f) => f.endsWith('.jsonl'))
        .sort(),
    ).toEqual(['config-clean.jsonl', 'packet-overflow.jsonl', 'ring-buffer.jsonl', 'session-lock.jsonl']);
    expect(text).toContain("The example's model answers are scripted: the table shows how the metrics read, not a model's quality.");
    expect(text).toMatch(/^All \(reviewers\)\s+\d+\s+\d+\.\d\d\s/m);
    expect(text).toMatch(/^\+ Validator\s+\d+\s+\d+\.\d\d\s/m);
    expect(text).toContain('← best CPI₁');
  }, 240_000);

  it('is what recording the scripted model again gives now (the example reviewed by a model named with --model)', async () => {
    const dir = path.join(work, 'recording');
    const args = [
      'eval',
      '--example',
      '--model',
      EXAMPLE_MODEL,
      '--base-url',
      server.url,
      '--concurrency',
      '1',
      '--record',
      dir,
      '--sweep',
      '--format',
      'json',
    ];
    const fresh = await cli(args);
    expect(fresh.code).toBe(0);
    const recorded = JSON.parse(fresh.out) as Report;
    expect(recorded.run).toMatchObject({ mode: 'record', requestsSent: committed.run.requestsReplayed });
    expect(server.requests).toHaveLength(committed.run.requestsReplayed);
    if (JSON.stringify({ ...recorded, run: null }) !== JSON.stringify({ ...committed, run: null })) {
      throw new Error(`The committed recording of the eval example gives another report than the scripted model gives now. ${RERECORD}`);
    }
  }, 240_000);
});
