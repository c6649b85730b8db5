import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** A GitHub Actions workflow as the docs show it (only the parts the tests look at). */
export interface Workflow {
  name?: string;
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }> }>;
}

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The pages that show workflows to copy: the README's minimal one, docs/action.md's and docs/conversation.md's. */
export const WORKFLOW_PAGES = ['README.md', 'docs/action.md', 'docs/conversation.md'] as const;

/** The end-to-end tests that run the documented workflows, by their headings (`documented(f, 'heading'`). */
export const WORKFLOW_TESTS = ['__tests__/e2e/action.test.ts', '__tests__/e2e/conversation.test.ts'] as const;

/** Every ```yaml block of the pages that hold workflows, with the page and the heading it sits under. */
export function documentedWorkflows(): Array<{ page: string; heading: string; workflow: Workflow }> {
  const found: Array<{ page: string; heading: string; workflow: Workflow }> = [];
  for (const page of WORKFLOW_PAGES) {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    let heading = '';
    // A heading, a YAML block, or any other fenced block (skipped: its `# ` lines are not headings).
    const re = /^```yaml\n([\s\S]*?)^```$|^```[^\n]*\n[\s\S]*?^```$|^#{1,6} (.+)$/gm;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[1] !== undefined) found.push({ page, heading, workflow: parse(m[1]) as Workflow });
      else if (m[2] !== undefined) heading = m[2].trim();
    }
  }
  return found;
}

function keybugStep(workflow: Workflow): { uses?: string; with?: Record<string, unknown> } | undefined {
  for (const job of Object.values(workflow.jobs ?? {})) {
    const step = job.steps.find((s) => /\/keybug@/.test(s.uses ?? ''));
    if (step) return step;
  }
  return undefined;
}

function workflowUnder(heading: string): Workflow {
  const found = documentedWorkflows().find(({ heading: h, workflow }) => h === heading && keybugStep(workflow) !== undefined);
  if (found === undefined)
    throw new Error(`no page of ${WORKFLOW_PAGES.join(', ')} shows a workflow with a keybug step under the heading '${heading}'`);
  return found.workflow;
}

/** The `with:` block of the keybug step of the first workflow under `heading`, as strings. */
export function documentedKeybugInputs(heading: string): Record<string, string> {
  const step = keybugStep(workflowUnder(heading));
  return Object.fromEntries(Object.entries(step?.with ?? {}).map(([k, v]) => [k, String(v)]));
}

/** The `permissions:` of the first workflow under `heading` that runs keybug. */
export function documentedKeybugPermissions(heading: string): Record<string, string> {
  return workflowUnder(heading).permissions ?? {};
}

/**
 * A documented workflow's inputs for a test run: `${{ secrets.* }}` become the test's secret,
 * `${{ inputs.X }}` the given values, and the model endpoint the local scripted server.
 */
export function documentedInputsForTest(
  heading: string,
  values: { secret: string; modelUrl: string; inputs?: Record<string, string> },
): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, raw] of Object.entries(documentedKeybugInputs(heading))) {
    resolved[name] = raw
      .replace(/\$\{\{\s*secrets\.[A-Z_]+\s*\}\}/g, values.secret)
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, key: string) => values.inputs?.[key] ?? '');
  }
  resolved['base-url'] = values.modelUrl;
  return resolved;
}
