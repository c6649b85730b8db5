/**
 * The JSON Schema of the learnings file (`.github/keybug-learnings.yml`): what a repository's
 * maintainers taught keybug, one entry each. `npm run sync-docs` writes it to
 * keybug-learnings.schema.json beside the config file's schema; the bundle ships it and keybug
 * validates every learnings file against that file. Draft-07, as the config file's.
 */

/** Where a repository keeps its learnings, read from the base revision of a pull request. */
export const LEARNINGS_FILE = '.github/keybug-learnings.yml';

/** Characters of one learning's text at most: guidance for reviewers, not an essay. */
export const LEARNING_TEXT_LIMIT = 2000;

/** Learnings a file may hold; past this it is refused (nobody curates more by hand). */
export const MAX_LEARNINGS = 500;

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const LINK_PATTERN = '^https?://\\S+$';

export function learningsSchema(): Record<string, unknown> {
  const globs = { type: ['string', 'array'], items: { type: 'string', minLength: 1 }, minLength: 1 };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `keybug learnings (${LEARNINGS_FILE})`,
    description:
      "What this repository's maintainers taught keybug: read from the base revision of a pull request and given to the reviewers and the validator of the files each entry's paths match, as guidance within instructions-token-budget. keybug adds entries only through a pull request from the branch keybug/learnings (`@keybug learn`, or `@keybug wrong: <reason>`).",
    type: 'object',
    additionalProperties: false,
    required: ['learnings'],
    properties: {
      $schema: { type: 'string', description: 'The JSON Schema of this file, for editors.' },
      learnings: {
        type: 'array',
        maxItems: MAX_LEARNINGS,
        description: 'One entry per thing learned, oldest first.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text'],
          properties: {
            paths: { ...globs, description: 'Glob patterns of the files it is about, e.g. src/net/** (default: every file).' },
            text: {
              type: 'string',
              minLength: 1,
              maxLength: LEARNING_TEXT_LIMIT,
              description:
                'What reviewers of those files should know, e.g. "ring buffers here are 2^k bytes; masking with len - 1 is intended".',
            },
            link: { type: 'string', pattern: LINK_PATTERN, description: 'Where it was learned: the comment or thread it came from.' },
            date: { type: 'string', pattern: DATE_PATTERN, description: 'When it was learned, YYYY-MM-DD.' },
          },
        },
      },
    },
  };
}
