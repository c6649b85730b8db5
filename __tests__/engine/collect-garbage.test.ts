/**
 * The engine collects slicing's garbage before the review starts: the collection comes after the
 * slices exist and before the first model call (the process exposes `gc` when it runs with keybug's
 * heap flags; here the test provides one that records when it ran).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { dryRun, runReview } from '../../src/engine/run.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { BUG, testSettings, wellBehaved } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';

const holder = globalThis as { gc?: () => void };
const saved = holder.gc;
let server: ModelServer | null = null;
let repo: TestRepo | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  repo?.cleanup();
  repo = null;
  if (saved === undefined) delete holder.gc;
  else holder.gc = saved;
});

function change(): { dir: string; base: string; head: string } {
  const made = createRepo();
  repo = made;
  made.write('src/packet.c', 'int g(int y) {\n  return y;\n}\n');
  const base = made.commit('base');
  made.write('src/packet.c', 'int g(int y) {\n  memcpy(out, wire + 4, y);\n  return y;\n}\n');
  return { dir: made.dir, base, head: made.commit('head') };
}

describe('the collection between slicing and the review', () => {
  it('runs once, after slicing and before the first model call', async () => {
    const { dir, base, head } = change();
    server = await startModelServer(wellBehaved({ 'src/packet.c': [[{ ...BUG, line: 2, quote: 'memcpy(out, wire + 4, y);' }]] }));
    const seen: number[] = [];
    holder.gc = () => void seen.push(server?.requests.length ?? -1);
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false' });
    const { result } = await runReview({ repoDir: dir, base, head, settings, pr: { title: 't', body: '' } });

    expect(seen).toEqual([0]);
    expect(result.slices.length).toBeGreaterThan(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(result.findings.map((f) => [f.path, f.line])).toEqual([['src/packet.c', 2]]);
  });

  it('runs in a dry run as slicing hands each part on (a part at a time, as for a review), and not again', async () => {
    const { dir, base, head } = change();
    let calls = 0;
    holder.gc = () => void calls++;
    const { prepared, plan } = await dryRun({
      repoDir: dir,
      base,
      head,
      settings: testSettings('http://127.0.0.1:9/v1', {}),
      pr: { title: 't', body: '' },
    });
    try {
      // The slices went to the plan part by part; slicing kept none of them.
      expect(prepared.slicing.slices).toEqual([]);
      expect(plan.sliceCount).toBeGreaterThan(0);
      expect(plan.promptCount).toBe(plan.sliceCount);
      expect(calls).toBe(1);
    } finally {
      plan.close();
    }
  });
});
