/**
 * With max-tokens every slice of the change is ranked against all the others, whichever part of a
 * large change it was sliced in: the review sends the slices planBudget chooses among all of them,
 * in its order (riskiest first, ties in slice order), and lists the others as not reviewed. The
 * change here is sliced in two parts (more than 100 files), and its riskiest slices are in the second.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { prepare, runReview, type EngineInput } from '../../src/engine/run.js';
import { budgetShortfall, estimateSliceTokens, planBudget } from '../../src/review/budget.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { dryRunPrompts, sliceFileOf, testSettings, wellBehaved } from '../review/helpers.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';

const fn = (name: string, body: string): string => `int ${name}(char *out, const char *in, int n) {\n  int k = n;\n${body}  return k;\n}\n`;
// 104 files changing one plain line (a few of them two), then 4 whose change copies memory: risky, and last in the diff.
const DULL = Array.from({ length: 104 }, (_, i) => `src/a${String(i).padStart(3, '0')}.c`);
const RISKY = Array.from({ length: 4 }, (_, i) => `src/z${i}.c`);

let repo: TestRepo;
let server: ModelServer;
let base: string;
let head: string;
beforeAll(async () => {
  repo = createRepo();
  for (const file of [...DULL, ...RISKY]) repo.write(file, fn('f', ''));
  base = repo.commit('base');
  DULL.forEach((file, i) => repo.write(file, fn('f', i % 9 === 4 ? '  k = k + 1;\n  k = k * 2;\n' : '  k = k + 1;\n')));
  for (const file of RISKY) repo.write(file, fn('f', '  memcpy(out, in, n);\n'));
  head = repo.commit('head');
  server = await startModelServer(wellBehaved({}));
});
afterAll(async () => {
  await server.close();
  repo.cleanup();
});

describe('max-tokens over a change sliced in parts', () => {
  it("reviews planBudget's choice among every slice of the change, in its order, and lists the rest as not reviewed", async () => {
    const settings = testSettings(server.url, { reviewers: '1', validator: 'false', concurrency: '1', 'max-files': '200' });
    const input: EngineInput = { repoDir: repo.dir, base, head, settings, pr: { title: 'A change', body: '' } };
    // The choice as made of the whole change's slices at once.
    const whole = await prepare(input);
    const slices = whole.slicing.slices;
    expect(slices).toHaveLength(DULL.length + RISKY.length);
    const ranked = planBudget(slices, input.pr, { ...settings, maxTokens: 0 }, whole.guidance?.bySlice).selected;
    // Room for the 4 risky slices and 7 of the others.
    settings.maxTokens =
      ranked.slice(0, 11).reduce((sum, s) => sum + estimateSliceTokens(s, input.pr, settings, whole.guidance?.bySlice.get(s.id)), 0) + 5;
    const expected = planBudget(slices, input.pr, settings, whole.guidance?.bySlice);
    expect(expected.selected.slice(0, 4).map((s) => s.seed.file)).toEqual(RISKY);
    expect(expected.selected.length).toBe(11);

    server.requests.splice(0);
    const { result } = await runReview(input);
    const sent = server.requests.filter((r) => r.role === 'reviewer').map(sliceFileOf);
    const chosen = expected.selected.map((s) => s.seed.file);
    // The chosen, riskiest first: the four risky slices, then the others in slice order (their risk ties).
    // The first calls of a budgeted run wait for the first one's usage and start in the order they wake.
    expect([...sent].sort()).toEqual([...chosen].sort());
    expect(sent.slice(0, RISKY.length).sort()).toEqual(RISKY);
    expect(sent.slice(RISKY.length)).toEqual(chosen.slice(RISKY.length));
    // Each slice read back from the spool makes the prompt its slice as sliced makes.
    const prompts = dryRunPrompts({ slices, pr: input.pr, settings, guidance: whole.guidance?.bySlice });
    const users = server.requests.filter((r) => r.role === 'reviewer').map((r) => r.user);
    expect([...users].sort()).toEqual(prompts.map((p) => p.user).sort());
    expect(result.unreviewed).toEqual(
      expect.arrayContaining(budgetShortfall(expected, slices.length, settings).unreviewed.map((u) => expect.objectContaining(u))),
    );
    expect(result.unreviewed.filter((u) => /token budget/.test(u.reason))).toHaveLength(slices.length - 11);
    expect(result.slices.map((s) => s.id)).toEqual(slices.map((s) => s.id));
    expect(result.status).toBe('incomplete');
  });
});
