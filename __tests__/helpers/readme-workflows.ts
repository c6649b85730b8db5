import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** A GitHub Actions workflow as the README shows it (only the parts the tests look at). */
export interface Workflow {
  name?: string;
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }> }>;
}

const README = path.join(import.meta.dirname, '..', '..', 'README.md');

/** Every ```yaml block under each `### ` heading of the README's "Using the action" section. */
export function readmeWorkflows(): Array<{ heading: string; workflow: Workflow }> {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('## Using the action'), text.indexOf('\n## ', text.indexOf('## Using the action') + 3));
  const found: Array<{ heading: string; workflow: Workflow }> = [];
  let heading = '';
  const re = /^### (.+)$|^```yaml\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(section); m !== null; m = re.exec(section)) {
    if (m[1] !== undefined) heading = m[1].trim();
    else found.push({ heading, workflow: parse(m[2] ?? '') as Workflow });
  }
  return found;
}

/** The `with:` block of the keybug step of the first workflow under `heading`, as strings. */
export function readmeKeybugInputs(heading: string): Record<string, string> {
  for (const { heading: h, workflow } of readmeWorkflows()) {
    if (h !== heading) continue;
    for (const job of Object.values(workflow.jobs)) {
      const step = job.steps.find((s) => /\/keybug@/.test(s.uses ?? ''));
      if (step) return Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)]));
    }
  }
  throw new Error(`README has no workflow with a keybug step under '### ${heading}'`);
}

/** The `permissions:` of the first workflow under `heading` that runs keybug. */
export function readmeKeybugPermissions(heading: string): Record<string, string> {
  const found = readmeWorkflows().find(({ heading: h, workflow }) => h === heading && Object.values(workflow.jobs).some((j) => j.steps.some((s) => /\/keybug@/.test(s.uses ?? ''))));
  if (found === undefined) throw new Error(`README has no workflow with a keybug step under '### ${heading}'`);
  return found.workflow.permissions ?? {};
}

/**
 * The README's inputs for a test run: `${{ secrets.* }}` become the test's secret, `${{ inputs.X }}`
 * the given values, and the model endpoint the local scripted server.
 */
export function readmeInputsForTest(heading: string, values: { secret: string; modelUrl: string; inputs?: Record<string, string> }): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, raw] of Object.entries(readmeKeybugInputs(heading))) {
    resolved[name] = raw
      .replace(/\$\{\{\s*secrets\.[A-Z_]+\s*\}\}/g, values.secret)
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, key: string) => values.inputs?.[key] ?? '');
  }
  resolved['base-url'] = values.modelUrl;
  return resolved;
}
