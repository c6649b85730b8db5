/**
 * Writes cases in the case file format `keybug eval --cases` reads (eval-case.schema.json): JSON
 * Lines, or YAML with a `cases:` list for a .yml or .yaml file. Each case's clone is written
 * relative to the file's folder, so the file and its clones can move together; to standard output,
 * absolute.
 */
import path from 'node:path';
import { stringify as toYaml } from 'yaml';
import type { EvalCase } from './cases.js';

/** The text of a case file holding `cases`, to be written to `file` (null: standard output). */
export function formatCases(cases: readonly EvalCase[], file: string | null): string {
  const dir = file === null ? null : path.dirname(path.resolve(file));
  const written = cases.map((c) => ({ ...c, repo: dir === null ? c.repo : relativeRepo(dir, c.repo) }));
  if (file !== null && /\.ya?ml$/i.test(file)) return toYaml({ cases: written }, { lineWidth: 0 });
  return written.map((c) => JSON.stringify(c)).join('\n') + (written.length > 0 ? '\n' : '');
}

/** A clone's path from the case file's folder ('.' for the folder itself), with forward slashes. */
function relativeRepo(dir: string, repo: string): string {
  const relative = path.relative(dir, repo);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}
