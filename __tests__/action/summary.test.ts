import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSummary } from '../../src/action/output.js';
import { markdownProblems } from '../../src/safety/markdown-check.js';
import { clearSecrets, registerSecret } from '../../src/safety/redact.js';

describe("the action's job summary (writeSummary)", () => {
  // @actions/core keeps the summary file's path once read: one file for the whole suite, emptied before each test.
  const saved = process.env.GITHUB_STEP_SUMMARY;
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-summary-'));
  const file = path.join(dir, 'summary.md');
  beforeAll(() => {
    process.env.GITHUB_STEP_SUMMARY = file;
  });
  beforeEach(() => writeFileSync(file, ''));
  afterAll(() => {
    if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the one outgoing path: secrets masked, control characters out, then the Markdown check', async () => {
    registerSecret('sk-live-0123456789abcdef');
    try {
      await writeSummary('### keybug\n\nkey sk-live-0123456789abcdef\u001b[31m red\u202e\n');
    } finally {
      clearSecrets();
    }
    expect(readFileSync(file, 'utf8')).toBe('### keybug\n\nkey ***[31m red\n');
  });

  it('is written as plain text when it holds what keybug did not build', async () => {
    await writeSummary('### keybug\n\n![pixel](https://evil.example/p.png)\n');
    const written = readFileSync(file, 'utf8');
    expect(written).toMatch(/^keybug could not post this text as Markdown: it held an image\./);
    expect(markdownProblems(written, { links: [] })).toEqual([]);
  });
});
