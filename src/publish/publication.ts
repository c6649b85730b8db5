import { sanitizeMarkdown } from '../safety/sanitize.js';
import type { PostOutcome } from './post.js';
import type { PublicationNote } from './summary.js';

/** The notice printed when the token may not post: why, and the safe two-workflow pattern. */
export function forkNotice(detail: string): string {
  return [
    `keybug could not post the review: GitHub answered 403 (${detail}).`,
    'Pull requests from forks (and Dependabot) run with a read-only token and no secrets, so the job summary, the outputs and the report are all this run can give.',
    "To get comments on fork PRs safely, split the work in two workflows: this 'pull_request' job uploads the report as an artifact,",
    "and a separate 'workflow_run' workflow (which has a write token but never checks out or runs PR code) downloads it and runs",
    "'keybug publish --report keybug-report.json --repo OWNER/NAME --expect-head <head SHA>'. keybug's docs/action.md shows both files.",
    "Do not use 'pull_request_target' with a checkout of the PR's code for this: that hands a write token to untrusted code.",
  ].join(' ');
}

/** One sentence for the summary about what posting did. */
export function publicationNote(outcome: PostOutcome): PublicationNote {
  switch (outcome.kind) {
    case 'posted': {
      const how =
        outcome.attempt === 'as-planned'
          ? ''
          : outcome.attempt === 'single-line'
            ? ' (GitHub rejected the multi-line ranges; posted as one-line comments)'
            : ` (GitHub rejected the line comments; all ${outcome.movedToBody} are in the review body)`;
      const plain =
        outcome.plainText.length === 0
          ? ''
          : ` ⚠️ ${outcome.plainText.length} of its texts ${outcome.plainText.length === 1 ? 'was' : 'were'} posted as plain text: keybug's Markdown check found in ${outcome.plainText.length === 1 ? 'it' : 'them'} ${said([...new Set(outcome.plainText.flatMap((p) => p.problems.map((k) => k.replace(/ \(.*$/s, ''))))].join(', '))}, which keybug did not build.`;
      return {
        kind: 'posted',
        text: `Posted [review ${outcome.reviewId}](${outcome.htmlUrl}) with ${outcome.comments} line comment(s)${how}.${plain}`,
      };
    }
    case 'forbidden':
      return {
        kind: 'forbidden',
        text: `⚠️ **Not posted:** the token may not write to this pull request (HTTP 403: ${said(outcome.error.detail)}). This is the case for fork PRs; see the two-workflow pattern in keybug's docs/action.md. Everything found is in this summary and the JSON report.`,
      };
    case 'failed':
      return {
        kind: 'failed',
        text: `❌ **Posting failed:** ${said(outcome.error.message)}${outcome.notes.length ? ` (${said(outcome.notes.join(' '))})` : ''}. Everything found is in this summary and the JSON report.`,
      };
  }
}

/** What GitHub (or a proxy in front of it) answered, as one safe line of Markdown. */
const said = (text: string): string => sanitizeMarkdown(text, { inline: true, maxLength: 1_000 });
