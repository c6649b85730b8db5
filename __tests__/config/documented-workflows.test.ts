import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DESCRIPTION } from '../../src/action/metadata.js';
import { INPUTS } from '../../src/config/inputs.js';
import { documentedWorkflows, WORKFLOW_PAGES, WORKFLOW_TESTS } from '../helpers/documented-workflows.js';

const inputs = new Set(INPUTS.map((i) => i.name));

/**
 * The current major version of each action the documented workflows name (checked against their
 * releases, November 2026): a newcomer copies these, so an outdated one is a bug.
 */
const CURRENT_MAJOR: Record<string, string> = {
  'actions/checkout': 'v7',
  'actions/cache': 'v6',
  'actions/upload-artifact': 'v7',
  'actions/download-artifact': 'v8',
};

describe('the workflows the README, docs/action.md and docs/conversation.md show', () => {
  const workflows = documentedWorkflows();

  it('use the current major version of every action they name', () => {
    const used = workflows
      .flatMap(({ workflow }) => Object.values(workflow.jobs).flatMap((job) => job.steps.map((s) => s.uses ?? '')))
      .filter((u) => u.startsWith('actions/'));
    expect(used.length).toBeGreaterThan(0);
    for (const uses of used) {
      const [name = '', version = ''] = uses.split('@');
      expect({ uses, current: CURRENT_MAJOR[name] }).toEqual({ uses, current: version });
    }
  });

  it("fit action.yml's Marketplace description in its 125 characters", () => {
    const action = parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'action.yml'), 'utf8')) as { description: string };
    expect(action.description).toBe(DESCRIPTION);
    expect(DESCRIPTION.length).toBeLessThanOrEqual(125);
  });

  it('are all there', () => {
    expect([...new Set(workflows.map((w) => `${w.page}: ${w.heading}`))]).toEqual([
      'README.md: Add it to a repository',
      'docs/action.md: Basic review',
      'docs/action.md: Merge gating',
      'docs/action.md: Fork pull requests: the two-workflow pattern',
      'docs/action.md: A self-hosted model (vLLM, Ollama)',
      'docs/action.md: GitHub Enterprise Server',
      'docs/conversation.md: The workflow',
    ]);
  });

  it('each run by an end-to-end test of the bundled action, by its heading', () => {
    const e2e = WORKFLOW_TESTS.map((file) => readFileSync(path.join(import.meta.dirname, '..', '..', file), 'utf8')).join('\n');
    const run = new Set([...e2e.matchAll(/documented\(f, '([^']+)'/g)].map((m) => m[1]));
    for (const { page, heading } of workflows) expect({ page, heading, run: run.has(heading) }).toEqual({ page, heading, run: true });
    expect(WORKFLOW_PAGES.length).toBeGreaterThan(0);
  });

  it('name keybug by the repository path pattern users fill in, never a placeholder organisation', () => {
    for (const page of WORKFLOW_PAGES)
      expect(readFileSync(path.join(import.meta.dirname, '..', '..', page), 'utf8')).not.toMatch(/your-org/);
    const uses = workflows
      .flatMap(({ workflow }) => Object.values(workflow.jobs).flatMap((job) => job.steps.map((s) => s.uses ?? '')))
      .filter((u) => u.includes('keybug@'));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(u).toBe('OWNER/keybug@v1');
  });

  it.each(workflows.map((w, i) => [`${w.heading} #${i + 1}`, w.workflow] as const))(
    '%s: least-privilege permissions, full history, known inputs',
    (_, workflow) => {
      expect(workflow.permissions).toBeDefined();
      expect(Object.values(workflow.permissions ?? {}).every((p) => p === 'read' || p === 'write')).toBe(true);
      for (const job of Object.values(workflow.jobs)) {
        const keybug = job.steps.find((s) => /\/keybug@v1$/.test(s.uses ?? ''));
        if (!keybug) continue;
        // A job that reviews needs the whole history for base...head, and may post only with pull-requests: write.
        const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
        expect(checkout?.with?.['fetch-depth']).toBe(0);
        for (const name of Object.keys(keybug.with ?? {}))
          expect({ input: name, known: inputs.has(name) }).toEqual({ input: name, known: true });
        // A job that does not post still reads keybug's earlier reviews, which private repositories guard.
        const posts = keybug.with?.['post-review'] !== false;
        expect(workflow.permissions?.['pull-requests']).toBe(posts ? 'write' : 'read');
      }
    },
  );
});
