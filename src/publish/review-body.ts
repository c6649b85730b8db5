import { severityLevel } from '../config/settings.js';
import type { Finding, ReviewResult, SeverityLevel, Unreviewed } from '../types.js';
import { explanation, GITHUB_BODY_LIMIT, markerOf, SEVERITY_ICON } from './comment.js';
import { findingMarker, reviewMarker } from './markers.js';
import type { ReviewPlan } from './plan.js';

/**
 * The review's own body: counts by severity, the findings no line could hold (with file and line,
 * never lost), what was not reviewed and why, and the hidden marker with the reviewed head SHA.
 * It always fits GitHub's 65,536-character limit: long lists are cut with a pointer to the job summary.
 */

export interface ReviewBodyInput {
  plan: Pick<ReviewPlan, 'comments' | 'unanchored' | 'repeated' | 'resolved' | 'carriedOver'>;
  result: Pick<ReviewResult, 'status' | 'incompleteReasons' | 'unreviewed' | 'headSha'>;
  /** Set for incremental runs: only files changed since this SHA were reviewed. */
  incrementalFrom?: string | null;
  /** Link to the workflow run, where the job summary is. */
  runUrl?: string | null;
}

const LEVELS: SeverityLevel[] = ['critical', 'high', 'medium', 'low'];

/** "1 🔴 critical, 2 🟠 high" for a list of findings. */
export function countsBySeverity(findings: Pick<Finding, 'scores'>[]): string {
  const counts = new Map<SeverityLevel, number>();
  for (const f of findings) counts.set(severityLevel(f.scores.severity), (counts.get(severityLevel(f.scores.severity)) ?? 0) + 1);
  return LEVELS.filter((l) => counts.has(l)).map((l) => `${counts.get(l)} ${SEVERITY_ICON[l]} ${l}`).join(', ');
}

const short = (sha: string): string => sha.slice(0, 7);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
};

function unanchoredItem(u: ReviewPlan['unanchored'][number]): string {
  const f = u.finding;
  const level = severityLevel(f.scores.severity);
  return [
    `- ${SEVERITY_ICON[level]} ${level} · \`${f.path}:${f.line}\` **${oneLine(f.title, 200)}** — ${oneLine(explanation(f), 1500)}`,
    `  <sub>Not placed on a line: ${u.reason}.</sub>`,
    `  ${findingMarker(markerOf(f, u.fingerprint, { path: f.path, line: f.line }))}`,
  ].join('\n');
}

function unreviewedItem(u: Unreviewed): string {
  const range = u.startLine !== undefined ? `:${u.startLine}${u.endLine !== undefined && u.endLine !== u.startLine ? `-${u.endLine}` : ''}` : '';
  return `- \`${u.path}${range}\` — ${oneLine(u.reason, 300)}`;
}

/** Renders a list, keeping the first `limit` items and saying how many more the summary holds. */
function list(items: string[], limit: number): string[] {
  if (items.length <= limit) return items;
  return [...items.slice(0, limit), `- … and ${items.length - limit} more: see the job summary.`];
}

function render(input: ReviewBodyInput, limit: number): string {
  const { plan, result } = input;
  const newFindings = [...plan.comments.map((c) => c.finding), ...plan.unanchored.map((u) => u.finding)];
  const lines: string[] = [`### keybug review of \`${short(result.headSha)}\``, ''];
  if (newFindings.length === 0) {
    lines.push('**No new findings.**');
  } else {
    const where = [plan.comments.length ? `${plan.comments.length} as line comments` : '', plan.unanchored.length ? `${plan.unanchored.length} listed below` : ''].filter(Boolean).join(', ');
    lines.push(`**${plural(newFindings.length, 'new finding')}** — ${countsBySeverity(newFindings)} (${where}).`);
  }
  if (input.incrementalFrom) lines.push('', `Incremental: only the files changed since \`${short(input.incrementalFrom)}\` were reviewed again.`);
  const earlier: string[] = [];
  if (plan.repeated.length) earlier.push(`${plural(plan.repeated.length, 'finding')} raised earlier ${plan.repeated.length === 1 ? 'is' : 'are'} still there (not repeated)`);
  if (plan.carriedOver.length) earlier.push(`${plan.carriedOver.length} earlier ${plan.carriedOver.length === 1 ? 'finding stays' : 'findings stay'} open in files not changed since`);
  if (plan.resolved.length) earlier.push(`${plural(plan.resolved.length, 'finding')} in resolved threads ${plan.resolved.length === 1 ? 'was' : 'were'} not raised again`);
  if (earlier.length) lines.push('', earlier.join('; ') + '.');
  if (result.status === 'incomplete') {
    lines.push('', `> [!WARNING]\n> **The review is incomplete**, so this is not a clean pass: ${oneLine(result.incompleteReasons.join('; ') || 'see the job summary', 2000)}`);
  }
  if (plan.unanchored.length) {
    lines.push('', '#### Findings not placed on a line', '', ...list(plan.unanchored.map(unanchoredItem), limit));
  }
  if (result.unreviewed.length) {
    lines.push('', '#### Not reviewed', '', ...list(result.unreviewed.map(unreviewedItem), limit));
  }
  lines.push('', `<sub>Scores, dropped findings, tokens and cost: ${input.runUrl ? `[job summary](${input.runUrl})` : 'the job summary of this run'}.</sub>`);
  lines.push(reviewMarker({ head: result.headSha, status: result.status, incompleteReasons: result.incompleteReasons }));
  return lines.join('\n');
}

/** The review body, shortened until it fits GitHub's limit; the marker is always kept. */
export function reviewBody(input: ReviewBodyInput, maxLength = GITHUB_BODY_LIMIT): string {
  const longest = Math.max(input.plan.unanchored.length, input.result.unreviewed.length);
  for (let limit = longest; ; limit = Math.floor(limit / 2)) {
    const body = render(input, limit);
    if (body.length <= maxLength || limit === 0) return body.length <= maxLength ? body : hardCut(body, maxLength);
  }
}

/** Last resort: cut the text, keeping the review marker at the end. */
function hardCut(body: string, maxLength: number): string {
  const markerAt = body.lastIndexOf('<!-- keybug:review:v1');
  const marker = body.slice(markerAt);
  const note = '\n\n… (shortened to fit GitHub; see the job summary)\n';
  return body.slice(0, maxLength - marker.length - note.length) + note + marker;
}
