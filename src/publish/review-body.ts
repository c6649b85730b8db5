import { severityLevel } from '../config/settings.js';
import { codeSpan, sanitizeMarkdown, truncateMarkdown } from '../safety/sanitize.js';
import type { Finding, ReviewResult, SeverityLevel, Unreviewed } from '../types.js';
import { explanationLine, GITHUB_BODY_LIMIT, markerOf, SEVERITY_ICON, titleMarkdown } from './comment.js';
import { fitReviewMarker, withMarker, type FindingMarker } from './markers.js';
import type { PlacedComment, ReviewPlan } from './plan.js';

/**
 * The review's own body: counts by severity, the findings no line could hold (with file and line,
 * never lost) and those past the cap on line comments, what was not reviewed and why, and on its
 * last line the review's marker: the reviewed head SHA, the run's outcome, and the findings the body
 * lists (so they are known as posted next time). It always fits GitHub's 65,536-character limit:
 * long lists are cut with a pointer to the job summary; the marker keeps the most severe findings
 * that fit. Every piece of model or pull-request text passes the sanitizer.
 */

export interface ReviewBodyInput {
  plan: Pick<ReviewPlan, 'comments' | 'overflow' | 'unanchored' | 'repeated' | 'resolved' | 'carriedOver'>;
  result: Pick<ReviewResult, 'status' | 'incompleteReasons' | 'degraded' | 'unreviewed' | 'headSha' | 'guidance'>;
  /** Set for incremental runs: only files changed since this SHA were reviewed. */
  incrementalFrom?: string | null;
  /** Link to the workflow run, where the job summary is. */
  runUrl?: string | null;
  /** Hosts links in model text may point at (the repository's own GitHub host). */
  linkPrefixes?: readonly string[];
}

const LEVELS: SeverityLevel[] = ['critical', 'high', 'medium', 'low'];

/** "1 🔴 critical, 2 🟠 high" for a list of findings. */
export function countsBySeverity(findings: Pick<Finding, 'scores'>[]): string {
  const counts = new Map<SeverityLevel, number>();
  for (const f of findings) counts.set(severityLevel(f.scores.severity), (counts.get(severityLevel(f.scores.severity)) ?? 0) + 1);
  return LEVELS.filter((l) => counts.has(l))
    .map((l) => `${counts.get(l)} ${SEVERITY_ICON[l]} ${l}`)
    .join(', ');
}

const short = (sha: string): string => sha.slice(0, 7);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Text keybug did not write all of (reasons, model text) as one safe line. */
const oneLine = (text: string, max: number, prefixes: readonly string[] = []): string =>
  sanitizeMarkdown(text, { inline: true, maxLength: max, linkPrefixes: prefixes });

function unanchoredItem(u: ReviewPlan['unanchored'][number], prefixes: readonly string[]): string {
  const f = u.finding;
  const level = severityLevel(f.scores.severity);
  return [
    `- ${SEVERITY_ICON[level]} ${level} · ${codeSpan(`${f.path}:${f.line}`)} **${titleMarkdown(f.title, prefixes, 200)}** — ${explanationLine(f, prefixes, 1500)}`,
    `  <sub>Not placed on a line: ${oneLine(u.reason, 300)}.</sub>`,
  ].join('\n');
}

/** A finding past the cap of line comments, at the line it would have been posted on. */
function overflowItem(c: PlacedComment, prefixes: readonly string[]): string {
  const f = c.finding;
  const level = severityLevel(f.scores.severity);
  const where = `${c.anchor.path}:${c.anchor.startLine !== null ? `${c.anchor.startLine}-` : ''}${c.anchor.line}`;
  return `- ${SEVERITY_ICON[level]} ${level} · ${codeSpan(where)}${c.anchor.side === 'LEFT' ? ' (deleted line)' : ''} **${titleMarkdown(f.title, prefixes, 200)}** — ${explanationLine(f, prefixes, 1500)}`;
}

function unreviewedItem(u: Unreviewed): string {
  const range =
    u.startLine !== undefined ? `:${u.startLine}${u.endLine !== undefined && u.endLine !== u.startLine ? `-${u.endLine}` : ''}` : '';
  return `- ${codeSpan(`${u.path}${range}`)} — ${oneLine(u.reason, 300)}`;
}

/** Renders a list, keeping the first `limit` items and saying how many more the summary holds. */
function list(items: string[], limit: number): string[] {
  if (items.length <= limit) return items;
  return [...items.slice(0, limit), `- … and ${items.length - limit} more: see the job summary.`];
}

/** "(2 as line comments, 1 listed below)": where the new findings are. */
const wherePhrase = (lineComments: number, listed: number): string =>
  `(${[lineComments ? `${lineComments} as line comments` : '', listed ? `${listed} listed below` : ''].filter(Boolean).join(', ')})`;

/**
 * The body with its count of line comments set to `lineComments`, the other new findings counted
 * as listed in the body: for when comments are moved into the body or left out after planning.
 */
export function recountLineComments(body: string, lineComments: number): string {
  return body.replace(
    /^(\*\*\d+ new findings?\*\* — .*) \((?:(\d+) as line comments)?(?:, )?(?:(\d+) listed below)?\)\.$/m,
    (line, start: string, planned: string | undefined, listed: string | undefined) => {
      const total = Number(planned ?? 0) + Number(listed ?? 0);
      const comments = Math.min(lineComments, total);
      return total === 0 ? line : `${start} ${wherePhrase(comments, total - comments)}.`;
    },
  );
}

/** The markers of the findings the body lists: those no line holds, and those past the cap. */
function listedMarkers(plan: ReviewBodyInput['plan']): FindingMarker[] {
  return [
    ...plan.unanchored.map((u) => markerOf(u.finding, u.fingerprint, { path: u.finding.path, line: u.finding.line, side: u.finding.side })),
    ...plan.overflow.map((c) => markerOf(c.finding, c.fingerprint, c.anchor)),
  ];
}

/** Room the text keeps however many findings the marker would like to hold. */
const MIN_TEXT = 4_000;

/** The body's text (without the marker), with lists cut to `limit` items. */
function render(input: ReviewBodyInput, limit: number, unrecorded: number): string {
  const { plan, result } = input;
  const prefixes = input.linkPrefixes ?? [];
  const newFindings = [...plan.comments, ...plan.overflow, ...plan.unanchored].map((p) => p.finding);
  const lines: string[] = [`### keybug review of \`${short(result.headSha)}\``, ''];
  if (newFindings.length === 0) {
    lines.push('**No new findings.**');
  } else {
    lines.push(
      `**${plural(newFindings.length, 'new finding')}** — ${countsBySeverity(newFindings)} ${wherePhrase(plan.comments.length, plan.overflow.length + plan.unanchored.length)}.`,
    );
  }
  if (input.incrementalFrom)
    lines.push('', `Incremental: only the files changed since \`${short(input.incrementalFrom)}\` were reviewed again.`);
  const steering = result.guidance?.changedByPullRequest ?? [];
  if (steering.length > 0) {
    const files =
      steering
        .slice(0, 10)
        .map((p) => `\`${oneLine(p, 200).replace(/`/g, "'")}\``)
        .join(', ') + (steering.length > 10 ? ` and ${steering.length - 10} more` : '');
    lines.push(
      '',
      `This pull request changes ${files}: it was reviewed under the base branch's version; the change takes effect after merge.`,
    );
  }
  const earlier: string[] = [];
  if (plan.repeated.length)
    earlier.push(
      `${plural(plan.repeated.length, 'finding')} raised earlier ${plan.repeated.length === 1 ? 'is' : 'are'} still there (not repeated)`,
    );
  if (plan.carriedOver.length)
    earlier.push(
      `${plan.carriedOver.length} earlier ${plan.carriedOver.length === 1 ? 'finding stays' : 'findings stay'} open (not resolved, code unchanged)`,
    );
  if (plan.resolved.length)
    earlier.push(
      `${plural(plan.resolved.length, 'finding')} in resolved threads ${plan.resolved.length === 1 ? 'was' : 'were'} not raised again`,
    );
  if (earlier.length) lines.push('', earlier.join('; ') + '.');
  if (result.status === 'incomplete') {
    lines.push(
      '',
      `> [!WARNING]\n> **The review is incomplete**, so this is not a clean pass: ${oneLine(result.incompleteReasons.join('; ') || 'see the job summary', 2000)}`,
    );
  }
  if (result.degraded?.length) lines.push('', `> [!NOTE]\n> ${oneLine(result.degraded.join('; '), 2000)}`);
  if (plan.unanchored.length) {
    lines.push(
      '',
      '#### Findings not placed on a line',
      '',
      ...list(
        plan.unanchored.map((u) => unanchoredItem(u, prefixes)),
        limit,
      ),
    );
  }
  if (plan.overflow.length) {
    lines.push(
      '',
      '#### More findings',
      '',
      `<sub>Only the ${plural(plan.comments.length, 'most severe finding')} ${plan.comments.length === 1 ? 'is' : 'are'} placed on lines; these are the rest.</sub>`,
      '',
      ...list(
        plan.overflow.map((c) => overflowItem(c, prefixes)),
        limit,
      ),
    );
  }
  if (result.unreviewed.length) {
    lines.push('', '#### Not reviewed', '', ...list(result.unreviewed.map(unreviewedItem), limit));
  }
  if (unrecorded > 0)
    lines.push('', `<sub>${unrecorded} of the findings listed could not be recorded for later runs, which may raise them again.</sub>`);
  lines.push(
    '',
    `<sub>Scores, dropped findings, tokens and cost: ${input.runUrl ? `[job summary](${input.runUrl})` : 'the job summary of this run'}.</sub>`,
  );
  return lines.join('\n');
}

/** The review body, shortened until it fits GitHub's limit; the marker is always its last line. */
export function reviewBody(input: ReviewBodyInput, maxLength = GITHUB_BODY_LIMIT): string {
  const { result } = input;
  const listed = listedMarkers(input.plan);
  // A head with nothing to review is done with: the next push is diffed from it, as from a complete review.
  const status = result.status === 'incomplete' ? 'incomplete' : 'complete';
  const marker = fitReviewMarker(
    { head: result.headSha, status, incompleteReasons: result.incompleteReasons, findings: listed },
    maxLength - MIN_TEXT,
  );
  const room = maxLength - marker.text.length - 1;
  const longest = Math.max(input.plan.unanchored.length, input.plan.overflow.length, result.unreviewed.length);
  for (let limit = longest; ; limit = Math.floor(limit / 2)) {
    const text = render(input, limit, listed.length - marker.kept);
    if (text.length <= room) return withMarker(text, marker.text);
    if (limit === 0) return withMarker(truncateMarkdown(text, room, '… (shortened to fit GitHub; see the job summary)'), marker.text);
  }
}
