import { afterEach, describe, expect, it } from '@jest/globals';
import { parseConfigFile } from '../../src/config/file.js';
import type { RepositoryConfig } from '../../src/config/repository.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { Git } from '../../src/git/git.js';
import { clearSecrets, registerSecret } from '../../src/safety/redact.js';
import { assemble, buildGuidance, cutAtBoundary, isGuidancePath, ruleLine } from '../../src/guidance/index.js';
import { createRepo, type TestRepo } from '../helpers/repo.js';
import { seedSlice } from '../helpers/seed-slice.js';

let repo: TestRepo | null = null;
let git: Git | null = null;
afterEach(() => {
  git?.close();
  repo?.cleanup();
  repo = null;
  git = null;
});

const CONFIG = `instructions: EVERY-FILE-NOTE from the config.
path-instructions:
  - paths: src/kernel/**
    instructions: KERNEL-NOTE no allocation in the interrupt path.
rules:
  - name: no-printf
    description: Use log() rather than printf().
    severity: low
  - name: sql-parameterized
    description: Every SQL query must be parameterized.
    severity: high
    paths: [src/db/**]
`;

/** A repository with every kind of instruction file, committed; returns its config as a run reads it. */
async function setUp(files: Record<string, string>, settings: Record<string, string> = {}) {
  repo = createRepo('keybug-guidance-');
  for (const [p, text] of Object.entries(files)) repo.write(p, text);
  const rev = repo.commit('base');
  git = await Git.open(repo.dir);
  const file = files['.github/keybug.yml'] === undefined ? null : parseConfigFile(files['.github/keybug.yml'], '.github/keybug.yml', rev);
  const repository: RepositoryConfig = { rev, file, ignoredFiles: [], problem: null };
  const { settings: resolved } = resolveSettings({ get: (n) => settings[n], origin: () => 'test' }, file, rev);
  return { repository, settings: resolved, git };
}

const ALL = {
  '.github/keybug.yml': CONFIG,
  'AGENTS.md': '# Agents\nROOT-AGENTS run make test before committing.\n',
  'CLAUDE.md': 'ROOT-CLAUDE prefer small functions.\n',
  '.github/copilot-instructions.md': 'COPILOT-NOTE all code is C11.\n',
  '.github/instructions/db.instructions.md': '---\napplyTo: "src/db/**/*.c"\n---\nDB-NOTE every query goes through db_exec().\n',
  '.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nALL-NOTE errors are negative errno values.\n',
  '.github/instructions/noscope.instructions.md': 'NOSCOPE-NOTE without front matter.\n',
  '.github/instructions/bot.instructions.md': '---\napplyTo: "**"\nexcludeAgent: "code-review"\n---\nBOT-NOTE only for the coding agent.\n',
  'src/AGENTS.md': 'SRC-AGENTS sources are C.\n',
  'src/kernel/AGENTS.md': 'KERNEL-AGENTS interrupts are disabled in isr_*().\n',
  'src/kernel/irq.c': 'int isr(void) { return 0; }\n',
  'src/db/query.c': 'int q(void) { return 0; }\n',
  'src/util.c': 'int u(void) { return 0; }\n',
  'docs/readme.txt': 'docs\n',
};

describe('repository guidance from the base revision', () => {
  it('gives each file its sources, most specific first', async () => {
    const { repository, settings, git } = await setUp(ALL);
    const slices = [seedSlice('s1', 'src/kernel/irq.c'), seedSlice('s2', 'src/db/query.c'), seedSlice('s3', 'docs/readme.txt')];
    const { bySlice, report } = await buildGuidance({ git, repository, settings, slices, diff: { files: [] } });
    const order = (id: string) => [...(bySlice.get(id)?.text ?? '').matchAll(/^=== (.+?) ===$/gm)].map((m) => m[1]);
    expect(order('s1')).toEqual([
      '.github/keybug.yml: rules (name, severity: what the repository requires)',
      '.github/keybug.yml: instructions for src/kernel/**',
      'src/kernel/AGENTS.md',
      '.github/keybug.yml: instructions for every file',
      'AGENTS.md',
      'CLAUDE.md',
      '.github/copilot-instructions.md',
      '.github/instructions/all.instructions.md (applyTo: **)',
    ]);
    expect(order('s2')).toEqual([
      '.github/keybug.yml: rules (name, severity: what the repository requires)',
      '.github/instructions/db.instructions.md (applyTo: src/db/**/*.c)',
      'src/AGENTS.md',
      '.github/keybug.yml: instructions for every file',
      'AGENTS.md',
      'CLAUDE.md',
      '.github/copilot-instructions.md',
      '.github/instructions/all.instructions.md (applyTo: **)',
    ]);
    // The nearest AGENTS.md above a file, not every one: src/AGENTS.md is not the kernel's.
    expect(bySlice.get('s1')?.text).not.toContain('SRC-AGENTS');
    expect(bySlice.get('s3')?.text).not.toMatch(/SRC-AGENTS|KERNEL|DB-NOTE/);
    // Path-scoped rules come first and only where they apply.
    expect(bySlice.get('s2')?.rules.map((r) => r.name)).toEqual(['sql-parameterized', 'no-printf']);
    expect(bySlice.get('s1')?.rules.map((r) => r.name)).toEqual(['no-printf']);
    expect(bySlice.get('s2')?.text).toContain(
      '- sql-parameterized (severity high; applies to src/db/**): Every SQL query must be parameterized.',
    );
    // A Copilot file without applyTo, or excluded from code review, is not used, and the report says why.
    for (const s of bySlice.values()) expect(s.text).not.toMatch(/NOSCOPE|BOT-NOTE/);
    expect(report.skipped).toEqual([
      { path: '.github/instructions/bot.instructions.md', reason: 'excludeAgent: code-review' },
      { path: '.github/instructions/noscope.instructions.md', reason: 'no applyTo in its front matter, so it applies to no file' },
    ]);
    expect(report.sources.find((s) => s.source === 'AGENTS.md')).toMatchObject({ whole: 3, cut: 0, omitted: 0 });
    expect(report.sources.find((s) => s.source === 'src/kernel/AGENTS.md')).toMatchObject({ whole: 1 });
    expect(report).toMatchObject({ rev: repository.rev, configFile: '.github/keybug.yml', changedByPullRequest: [] });
  });

  it('instruction-files: false keeps only the config file', async () => {
    const { repository, settings, git } = await setUp(ALL, { 'instruction-files': 'false' });
    const { bySlice } = await buildGuidance({
      git,
      repository,
      settings,
      slices: [seedSlice('s1', 'src/kernel/irq.c')],
      diff: { files: [] },
    });
    expect(bySlice.get('s1')?.text).toContain('KERNEL-NOTE');
    expect(bySlice.get('s1')?.text).not.toMatch(/AGENTS|CLAUDE|COPILOT|ALL-NOTE/);
  });

  it('a huge instruction file is cut at a line boundary within the budget, says so, and leaves less specific sources out', async () => {
    const huge = Array.from({ length: 4000 }, (_, i) => `Line ${i} of the kernel handbook, with several words on it.`).join('\n');
    const { repository, settings, git } = await setUp({ ...ALL, 'src/kernel/AGENTS.md': huge }, { 'instructions-token-budget': '800' });
    const { bySlice, report } = await buildGuidance({
      git,
      repository,
      settings,
      slices: [seedSlice('s1', 'src/kernel/irq.c'), seedSlice('s2', 'src/util.c')],
      diff: { files: [] },
    });
    const text = bySlice.get('s1')?.text ?? '';
    expect(Math.ceil(text.length / 4)).toBeLessThanOrEqual(800);
    expect(text).toContain('KERNEL-NOTE');
    expect(text).toMatch(
      /Line \d+ of the kernel handbook, with several words on it\.\n\[… cut here: the rest of src\/kernel\/AGENTS\.md \(about 59,723 tokens in all\) did not fit keybug's instructions-token-budget\]$/,
    );
    expect(text).not.toMatch(/ROOT-AGENTS|EVERY-FILE-NOTE/);
    expect(report.sources.find((s) => s.source === 'src/kernel/AGENTS.md')).toMatchObject({ whole: 0, cut: 1, omitted: 0 });
    expect(report.sources.find((s) => s.source === 'AGENTS.md')).toMatchObject({ whole: 1, omitted: 1 });
    expect(report.sources.find((s) => s.source === '.github/keybug.yml instructions')).toMatchObject({ whole: 1, omitted: 1 });
  });

  it('instructions-token-budget: 0 gives no guidance at all, and the report says every source was left out', async () => {
    const { repository, settings, git } = await setUp(ALL, { 'instructions-token-budget': '0' });
    const { bySlice, report } = await buildGuidance({
      git,
      repository,
      settings,
      slices: [seedSlice('s1', 'src/db/query.c')],
      diff: { files: [] },
    });
    expect(bySlice.size).toBe(0);
    expect(report.sources.every((s) => s.omitted === 1 && s.whole === 0)).toBe(true);
  });

  it('lists the config and instruction files a change touches', async () => {
    const { repository, settings, git } = await setUp(ALL);
    const files = [
      '.github/keybug.yml',
      'src/kernel/AGENTS.md',
      'docs/CLAUDE.md',
      '.github/instructions/x/y.instructions.md',
      'src/util.c',
    ].map((path) => ({ path, oldPath: path }));
    const { report } = await buildGuidance({ git, repository, settings, slices: [], diff: { files: files as never } });
    expect(report.changedByPullRequest).toEqual([
      '.github/instructions/x/y.instructions.md',
      '.github/keybug.yml',
      'docs/CLAUDE.md',
      'src/kernel/AGENTS.md',
    ]);
    expect(isGuidancePath('.keybug.yml')).toBe(true);
    expect(isGuidancePath('src/agents.md')).toBe(false);
  });

  it('goes through the redaction point before any prompt holds it: a credential committed in guidance is not sent on', async () => {
    const key = 'registered-endpoint-key-0123';
    registerSecret(key);
    try {
      const config =
        CONFIG.replace(
          'Every SQL query must be parameterized.',
          'Every SQL query must be parameterized (the test DB takes sk-live0123456789abcdef).',
        ).replace(
          'EVERY-FILE-NOTE from the config.',
          'EVERY-FILE-NOTE from the config; staging takes the header Bearer abcdef0123456789.',
        ) +
        // Enough rules that a small budget cuts the rules piece.
        Array.from(
          { length: 30 },
          (_, i) =>
            `  - name: filler-${i}\n    description: Filler rule ${i} with a description long enough to take room in the budget.\n    severity: low\n`,
        ).join('');
      const { repository, settings, git } = await setUp(
        {
          ...ALL,
          '.github/keybug.yml': config,
          'AGENTS.md': `ROOT-AGENTS deploy with ghp_0123456789abcdefABCDEF0123456789abcd and ${key}.\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n`,
        },
        { 'instructions-token-budget': '200' },
      );
      const { bySlice } = await buildGuidance({
        git,
        repository,
        settings,
        slices: [seedSlice('s2', 'src/db/query.c')],
        diff: { files: [] },
      });
      const { bySlice: roomy } = await buildGuidance({
        git,
        repository,
        settings: { ...settings, instructionsTokenBudget: 2000 },
        slices: [seedSlice('s2', 'src/db/query.c')],
        diff: { files: [] },
      });
      for (const guidance of [bySlice.get('s2'), roomy.get('s2')]) {
        expect(guidance?.text).not.toMatch(/sk-live|abcdef0123456789|ghp_|registered-endpoint|b3BlbnNzaC1rZXkt/);
        // The rule whose description was masked is still offered: its line is the one the model reads.
        expect(guidance?.rules.map((r) => r.name)).toContain('sql-parameterized');
        expect(guidance?.text).toContain(
          '- sql-parameterized (severity high; applies to src/db/**): Every SQL query must be parameterized (the test DB takes [API key masked by keybug]).',
        );
      }
      expect(roomy.get('s2')?.text).toContain('ROOT-AGENTS deploy with [GitHub token masked by keybug] and ***.');
      expect(roomy.get('s2')?.text).toContain('staging takes the header Bearer [bearer token masked by keybug]');
      // With a small budget the rules piece is cut, and the redacted rule line still counts as offered.
      expect(bySlice.get('s2')?.text).toContain('[… cut here: the rest of .github/keybug.yml rules');
    } finally {
      clearSecrets();
    }
  });
});

describe('packing guidance into the budget', () => {
  const rules = ['alpha', 'beta', 'gamma'].map((name, i) => ({
    name,
    description: `Rule ${name} requires something quite specific to be true.`,
    severity: 'medium' as const,
    paths: [],
    line: i + 1,
  }));

  it('offers only the rules whose whole line fit', () => {
    const piece = { source: 'rules', heading: 'rules', text: rules.map(ruleLine).join('\n'), rules };
    const whole = assemble([piece], 1000);
    expect(whole.rules.map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma']);
    const cut = assemble([piece], 60);
    expect(cut.uses[0]?.state).toBe('cut');
    expect(cut.rules.map((r) => r.name)).toEqual(['alpha']);
    expect(cut.text).toContain(ruleLine(rules[0]!));
    expect(cut.text).not.toContain('gamma (severity');
  });

  it('cuts at a line, else at a word, never silently', () => {
    expect(cutAtBoundary('one two\nthree four', 12)).toBe('one two');
    expect(cutAtBoundary('one two three four', 12)).toBe('one two');
    expect(cutAtBoundary('abcdefghijklmnop', 5)).toBe('abcde');
    expect(cutAtBoundary('short', 50)).toBe('short');
  });

  it('leaves a piece out when the room left is too small to be useful, and still fits smaller ones after it', () => {
    const small = { source: 'small', heading: 'small', text: 'tiny' };
    const big = { source: 'big', heading: 'big', text: 'x '.repeat(400) };
    const packed = assemble([small, big, small], 30);
    expect(packed.uses.map((u) => u.state)).toEqual(['whole', 'omitted', 'whole']);
  });
});
