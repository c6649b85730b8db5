/**
 * A dry run's job summary is given the first prompts only, as many as could be shown (promptsToShow),
 * not the change's thousands: it reads the same as one given every prompt.
 */
import { describe, expect, it } from '@jest/globals';
import { decideStatus } from '../../src/gate/status.js';
import { promptsToShow, renderDryRunSummary, type DryRunPrompt } from '../../src/publish/summary.js';

const prompts: DryRunPrompt[] = Array.from({ length: 600 }, (_, i) => ({
  role: 'reviewer',
  sliceId: `s${i + 1}`,
  model: 'm',
  tokens: 2600,
  system: 'You review code.',
  user: `=== slice s${i + 1} ===\n${`  buf[${i}] = 0; // ✓\n`.repeat(500)}`,
}));

const summary = (given: DryRunPrompt[]): string =>
  renderDryRunSummary({
    headSha: 'b'.repeat(40),
    diff: { files: [] },
    files: [],
    unreviewed: [],
    status: decideStatus({ files: [], reasons: [], dryRun: true }),
    slices: prompts.map((p, i) => ({
      id: p.sliceId ?? '',
      seed: { file: `src/f${i}.c`, startLine: 1, endLine: 2 },
      algorithm: 'left-flow',
      tokens: 2500,
    })),
    prompts: given,
    promptCount: prompts.length,
    systems: [{ role: 'reviewer', system: 'You review code.', tokens: 4, slices: prompts.map((p) => p.sliceId ?? '') }],
  });

describe("a dry run's summary", () => {
  it('reads the same from the prompts that could be shown as from all of them', () => {
    const shown = promptsToShow(prompts);
    expect(shown.length).toBeLessThan(prompts.length);
    expect(shown).toEqual(prompts.slice(0, shown.length));
    const text = summary(shown);
    expect(text).toBe(summary(prompts));
    expect(text).toContain('600 prompt(s)');
    expect(text).toMatch(/… \d+ more prompts in the JSON report\./);
  });

  it('is given every prompt of a small change', () => {
    expect(promptsToShow(prompts.slice(0, 3))).toEqual(prompts.slice(0, 3));
  });
});
