import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { INPUTS } from '../../src/config/inputs.js';
import { actionDescription, isConfigurable } from '../../src/config/precedence.js';
// @ts-expect-error -- a plain .mjs script without type declarations
import { renderInputsPage } from '../../scripts/sync-inputs-page.mjs';

const root = path.join(import.meta.dirname, '..', '..');
const actionYml = readFileSync(path.join(root, 'action.yml'), 'utf8');
const action = parse(actionYml) as {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  runs: { using: string; main: string };
};

describe('action.yml and docs/inputs.md stay in step with the code', () => {
  it('action.yml lists exactly the inputs the code reads, with the same descriptions', () => {
    expect(Object.keys(action.inputs)).toEqual(INPUTS.map((i) => i.name));
    for (const spec of INPUTS) {
      const input = action.inputs[spec.name]!;
      expect({ name: spec.name, description: input.description.trim() }).toEqual({ name: spec.name, description: actionDescription(spec) });
    }
  });

  it("declares no default for an input the config file can set (the runner would pass it as if the workflow had), and states keybug's default in words", () => {
    for (const spec of INPUTS) {
      const input = action.inputs[spec.name]!;
      if (isConfigurable(spec)) {
        expect({ name: spec.name, hasDefault: 'default' in input }).toEqual({ name: spec.name, hasDefault: false });
        if (spec.default !== '') expect(input.description).toContain(`Default: \`${spec.default}\`.`);
      } else {
        expect({ name: spec.name, default: input.default ?? '' }).toEqual({ name: spec.name, default: spec.default });
        expect(input.description).toContain('Not read from the config file.');
      }
    }
  });

  it('runs on node24 from the committed bundle', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('docs/inputs.md is generated from action.yml (npm run sync-docs)', () => {
    expect(readFileSync(path.join(root, 'docs', 'inputs.md'), 'utf8')).toBe(renderInputsPage(actionYml));
  });
});
