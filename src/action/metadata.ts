import { INPUTS } from '../config/inputs.js';
import { actionDefault, actionDescription } from '../config/precedence.js';

/**
 * action.yml, generated from the code so the two cannot drift: the inputs come from INPUTS, the
 * outputs from OUTPUTS below (which src/action/main.ts sets). Inputs the config file can set have
 * no `default:` (src/config/precedence.ts says why); their description states keybug's default. Regenerate with
 * `node scripts/sync-action-yml.mjs`; a test fails when action.yml is out of date.
 */

export const OUTPUTS: readonly { name: string; description: string }[] = [
  { name: 'files', description: 'Number of files in the pull request diff.' },
  {
    name: 'status',
    description:
      'How the review ended: `complete`, `incomplete` (something meant to be reviewed was not; see the summary), or `nothing-to-review` (no changed file had anything to review). Not set by a dry run.',
  },
  { name: 'files-reviewed', description: 'Changed files reviewed, with syntax context or from their diff.' },
  {
    name: 'files-skipped',
    description:
      'Changed files skipped: nothing to review (binary, deleted, only whitespace ...) or left out by the settings (include/exclude, generated, vendored, lock files, docs).',
  },
  {
    name: 'files-unreviewed',
    description: 'Changed files meant to be reviewed that were not (`max-files`, the token budget, failures); the run is then incomplete.',
  },
  { name: 'findings', description: 'Number of findings that survived every filter in this run.' },
  {
    name: 'blocking',
    description: 'Number of findings at or above `fail-on`, including open ones from earlier reviews (not resolved, their code unchanged).',
  },
  {
    name: 'review-id',
    description: 'Id of the review posted (or, on a rerun for the same commit, of the earlier review); empty when nothing was posted.',
  },
  { name: 'report', description: 'Path of the JSON report of the run (always written, also when posting fails).' },
  {
    name: 'command',
    description:
      'On `issue_comment` and `pull_request_review_comment` runs: what keybug did for the comment (review, full review, pause, resume, ignore, resolve, learn, wrong, help; reply for an answer in a thread); empty when it did nothing, and the log says why.',
  },
];

/** The Marketplace description: GitHub cuts it at 125 characters (a test holds it to that). */
export const DESCRIPTION =
  'Defect-focused LLM code review: repository-aware code slices, several reviewers, a validator, one review on the exact lines.';

/** A YAML double-quoted scalar (JSON strings are valid YAML). */
const quote = (text: string): string => JSON.stringify(text);

export function renderActionYml(): string {
  const lines = [
    '# Generated from src/config/inputs.ts and src/action/metadata.ts by `node scripts/sync-action-yml.mjs`; do not edit by hand.',
    `name: ${quote('keybug')}`,
    `description: ${quote(DESCRIPTION)}`,
    `author: ${quote('keybug')}`,
    'branding:',
    '  icon: "crosshair"',
    '  color: "red"',
    'inputs:',
  ];
  for (const input of INPUTS) {
    const fallback = actionDefault(input);
    lines.push(
      `  ${input.name}:`,
      `    description: ${quote(actionDescription(input))}`,
      '    required: false',
      ...(fallback === null ? [] : [`    default: ${quote(fallback)}`]),
    );
  }
  lines.push('outputs:');
  for (const output of OUTPUTS) lines.push(`  ${output.name}:`, `    description: ${quote(output.description)}`);
  lines.push('runs:', '  using: "node24"', '  main: "dist/index.js"');
  return lines.join('\n') + '\n';
}
