import { describe, expect, it } from '@jest/globals';
import { INPUTS } from '../../src/config/inputs.js';
import { readmeWorkflows } from '../helpers/readme-workflows.js';

const inputs = new Set(INPUTS.map((i) => i.name));

describe("the README's workflows", () => {
  const workflows = readmeWorkflows();

  it('are all there', () => {
    expect([...new Set(workflows.map((w) => w.heading))]).toEqual(['Basic review', 'Merge gating', 'Fork pull requests: the two-workflow pattern', 'A self-hosted model (vLLM, Ollama)', 'GitHub Enterprise Server']);
  });

  it.each(workflows.map((w, i) => [`${w.heading} #${i + 1}`, w.workflow] as const))('%s: least-privilege permissions, full history, known inputs', (_, workflow) => {
    expect(workflow.permissions).toBeDefined();
    expect(Object.values(workflow.permissions ?? {}).every((p) => p === 'read' || p === 'write')).toBe(true);
    for (const job of Object.values(workflow.jobs)) {
      const keybug = job.steps.find((s) => /\/keybug@v1$/.test(s.uses ?? ''));
      if (!keybug) continue;
      // A job that reviews needs the whole history for base...head, and may post only with pull-requests: write.
      const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
      expect(checkout?.with?.['fetch-depth']).toBe(0);
      for (const name of Object.keys(keybug.with ?? {})) expect({ input: name, known: inputs.has(name) }).toEqual({ input: name, known: true });
      // A job that does not post still reads keybug's earlier reviews, which private repositories guard.
      const posts = keybug.with?.['post-review'] !== false;
      expect(workflow.permissions?.['pull-requests']).toBe(posts ? 'write' : 'read');
    }
  });
});
