import { Ajv, type ErrorObject } from 'ajv';
import { sanitizeMarkdown } from '../safety/sanitize.js';
import { GITHUB_BODY_LIMIT } from './comment.js';
import type { ReviewRequest } from './github.js';
import { findingMarker, fitReviewMarker, readMarker, splitMarker, withMarker } from './markers.js';

/**
 * What the posting half of the fork-safe pattern needs, stored in the JSON report under `publish`:
 * the review request exactly as the reviewing job would have sent it, and where it belongs.
 */
export interface PublishPayload {
  version: 1;
  repository: string;
  pullNumber: number;
  headSha: string;
  review: ReviewRequest;
}

const SIDE = { enum: ['RIGHT', 'LEFT'] };

/** The shape of a PublishPayload; further keys are ignored (and not posted). */
const PAYLOAD_SCHEMA = {
  type: 'object',
  required: ['version', 'repository', 'pullNumber', 'headSha', 'review'],
  properties: {
    version: { const: 1 },
    repository: { type: 'string' },
    pullNumber: { type: 'integer' },
    headSha: { type: 'string', pattern: '^[0-9a-f]{40,64}$' },
    review: {
      type: 'object',
      required: ['commit_id', 'event', 'body', 'comments'],
      properties: {
        commit_id: { type: 'string' },
        event: { enum: ['COMMENT', 'REQUEST_CHANGES'] },
        body: { type: 'string' },
        comments: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'body', 'line', 'side'],
            properties: {
              path: { type: 'string' },
              body: { type: 'string' },
              line: { type: 'integer' },
              side: SIDE,
              start_line: { type: 'integer' },
              start_side: SIDE,
            },
          },
        },
      },
    },
  },
} as const;

let validate: ReturnType<Ajv['compile']> | null = null;

/** Where the first problem is and what it is: "/review/comments/0/line must be integer". */
const describeProblem = (errors: ErrorObject[] | null | undefined): string => {
  const [first] = errors ?? [];
  return first === undefined ? 'not a payload' : `${first.instancePath || 'the section'} ${first.message ?? 'is invalid'}`;
};

/**
 * Checks a payload read from a report file. The report is untrusted (a fork's pull request can
 * change the workflow that writes it), so beyond its shape the review must carry keybug's marker
 * for the head it names, and every body is sanitized again as model text before it is posted (see
 * resanitize): whatever a forged report holds, it posts no mention, no raw HTML, no foreign link,
 * no suggestion, and no marker keybug did not encode itself.
 */
export function parsePublishPayload(value: unknown, serverUrl: string | null = null): PublishPayload {
  validate ??= new Ajv({ allErrors: false, strict: true }).compile(PAYLOAD_SCHEMA);
  const problem = !validate(value)
    ? describeProblem(validate.errors)
    : (value as PublishPayload).review.commit_id !== (value as PublishPayload).headSha
      ? '/review/commit_id is not the headSha'
      : null;
  if (problem !== null)
    throw new Error(
      `the report has no valid 'publish' section (${problem}; it is written by the keybug action, and a report from 'keybug review' cannot be published)`,
    );
  const p = value as PublishPayload; // checked against PAYLOAD_SCHEMA just above
  const marker = readMarker(p.review.body);
  if (marker.kind !== 'review' || marker.marker.head !== p.headSha)
    throw new Error(`the review in the report does not end in keybug's marker for ${p.headSha}; nothing posted`);
  // Links may stay only into the repository's files at the head the report names.
  const linkPrefixes = serverUrl === null ? [] : [`${serverUrl}/${p.repository}/blob/${p.headSha}/`];
  const comments = p.review.comments.map((c) => ({
    path: c.path,
    line: c.line,
    side: c.side,
    ...(c.start_line !== undefined ? { start_line: c.start_line, start_side: c.start_side ?? c.side } : {}),
    body: resanitize(c.body, linkPrefixes),
  }));
  return {
    version: 1,
    repository: p.repository,
    pullNumber: p.pullNumber,
    headSha: p.headSha,
    review: { commit_id: p.headSha, event: p.review.event, body: resanitize(p.review.body, linkPrefixes), comments },
  };
}

/**
 * A body from an untrusted report, made safe to post: its text sanitized like model text (keybug's
 * own small print `<sub>` kept; a suggestion becomes plain code, as the report's claim that it
 * fits the lines cannot be checked here) and its last-line marker decoded and encoded again, or
 * dropped when it is none of keybug's.
 */
function resanitize(body: string, linkPrefixes: readonly string[]): string {
  const read = readMarker(body);
  const marker =
    read.kind === 'review'
      ? fitReviewMarker(read.marker, GITHUB_BODY_LIMIT - 4_000).text
      : read.kind === 'finding'
        ? findingMarker(read.marker)
        : '';
  const text = sanitizeMarkdown(splitMarker(body).text, { maxLength: GITHUB_BODY_LIMIT - marker.length - 1, linkPrefixes, allowSub: true });
  return marker ? withMarker(text, marker) : text;
}
