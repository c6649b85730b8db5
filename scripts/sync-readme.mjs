// Regenerates the README's inputs and outputs tables from action.yml, so the two never drift.
// Run: node scripts/sync-readme.mjs (a test fails when the README is out of date).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();

/**
 * An input's description and default for the table. Inputs the config file can set have no
 * `default:` in action.yml (src/config/precedence.ts says why); their description ends with
 * "Default: `x`.", which goes to the default column.
 */
function describeInput(spec) {
  const stated = /^([\s\S]*?)\s*Default: `([^`]*)`\.$/.exec(String(spec.description ?? '').trim());
  if (stated) return { description: stated[1], default: stated[2] };
  return { description: spec.description, default: spec.default ?? '' };
}

/** The README tables for an action.yml text. */
export function renderTables(actionYml) {
  const action = parse(actionYml);
  const inputs = Object.entries(action.inputs ?? {}).map(([name, spec]) => {
    const input = describeInput(spec);
    return `| \`${name}\` | ${cell(input.description)} | ${input.default === '' ? '' : `\`${cell(input.default)}\``} |`;
  });
  const outputs = Object.entries(action.outputs ?? {}).map(([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`);
  return {
    inputs: ['| input | description | default |', '| --- | --- | --- |', ...inputs].join('\n'),
    outputs: ['| output | description |', '| --- | --- |', ...outputs].join('\n'),
  };
}

/** Replaces the text between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export function replaceBlock(readme, name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
  return readme.slice(0, from + start.length) + '\n' + body + '\n' + readme.slice(to);
}

/** The README with both tables regenerated. */
export function syncedReadme(readme, actionYml) {
  const tables = renderTables(actionYml);
  return replaceBlock(replaceBlock(readme, 'inputs', tables.inputs), 'outputs', tables.outputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readmePath = path.join(root, 'README.md');
  const next = syncedReadme(readFileSync(readmePath, 'utf8'), readFileSync(path.join(root, 'action.yml'), 'utf8'));
  writeFileSync(readmePath, next);
  console.log('README.md inputs and outputs tables regenerated from action.yml');
}
