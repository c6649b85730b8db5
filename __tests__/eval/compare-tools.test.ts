/**
 * `keybug eval --example --compare-tools`: both setups replayed from the committed recordings, with
 * no model endpoint; each setup's calls, tokens and tool calls are what its cases' runs summed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { ComparisonReport } from '../../src/eval/compare.js';

describe('keybug eval --example --compare-tools', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'keybug-compare-tools-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('replays both setups and counts each role, tool and token of their runs once', async () => {
    let err = '';
    const code = await main(['eval', '--example', '--compare-tools', '--format', 'json', '--out', work], {
      out: () => undefined,
      err: (t) => void (err += t + '\n'),
      env: { OPENAI_API_KEY: '' },
    });
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    const report = JSON.parse(readFileSync(path.join(work, 'compare.json'), 'utf8')) as ComparisonReport;
    expect(report.setups.map((s) => [s.name, s.failed, s.requestsSent])).toEqual([
      ['slices', 0, 0],
      ['tools', 0, 0],
    ]);
    for (const s of report.setups) {
      const roles = Object.values(s.byRole);
      expect(s.calls).toBeGreaterThan(0);
      expect([s.calls, s.promptTokens, s.completionTokens]).toEqual([
        roles.reduce((a, r) => a + r.calls, 0),
        roles.reduce((a, r) => a + r.promptTokens, 0),
        roles.reduce((a, r) => a + r.completionTokens, 0),
      ]);
      expect(Object.values(s.tools.byTool).reduce((a, b) => a + b, 0)).toBe(s.tools.calls);
    }
    const [slices, tools] = report.setups;
    expect(slices?.tools.calls).toBe(0);
    expect(tools?.tools.calls).toBeGreaterThan(0);
  }, 240_000);
});
