import { severityLevel } from '../config/settings.js';
import type { Finding, SeverityLevel } from '../types.js';
import type { Anchor, AnchorMethod } from './anchor.js';
import { findingMarker, type FindingMarker } from './markers.js';

/** GitHub rejects review and comment bodies longer than this many characters. */
export const GITHUB_BODY_LIMIT = 65_536;

export const SEVERITY_ICON: Record<SeverityLevel, string> = { critical: '🔴', high: '🟠', medium: '🟡', low: '🔵' };

/** "🔴 critical" for a 1-7 severity score. */
export function severityLabel(score: number): string {
  const level = severityLevel(score);
  return `${SEVERITY_ICON[level]} ${level}`;
}

/** A fence of backticks longer than any run of backticks inside `code`, so the block cannot end early. */
export function fenceFor(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

function codeBlock(code: string, info: string): string {
  const fence = fenceFor(code);
  return `${fence}${info}\n${code}\n${fence}`;
}

const indentOf = (line: string): string => /^[ \t]*/.exec(line)?.[0] ?? '';

/** Word-ish tokens of code, for a rough similarity between the commented lines and the example. */
function tokens(code: string): Set<string> {
  return new Set(code.match(/[A-Za-z_][A-Za-z0-9_]*|\d+|[^\sA-Za-z0-9_]/g) ?? []);
}

/** Anchors found this way sit on lines the model itself named or quoted. */
const EXACT_METHODS: ReadonlySet<AnchorMethod> = new Set(['quote', 'quote-whitespace', 'line']);

/**
 * The example code as a GitHub `suggestion` (which replaces the commented lines when accepted), or
 * null when it is not one. A suggestion is only offered when it plausibly replaces exactly the lines
 * the model wrote the fix for: an exact anchor on the very range the model named, on the RIGHT side,
 * code that differs from those lines, no more than a few lines longer, and sharing much of their
 * vocabulary (an edit of them, not a new function). Models often drop the indentation; it is restored
 * from the commented lines.
 */
export function suggestionFor(
  exampleCode: string,
  anchor: Pick<Anchor, 'side' | 'code' | 'method' | 'startLine' | 'line'>,
  proposed: Pick<Finding, 'side' | 'startLine' | 'line'>,
): string | null {
  if (anchor.side !== 'RIGHT' || proposed.side !== 'RIGHT' || !EXACT_METHODS.has(anchor.method)) return null;
  if ((anchor.startLine ?? anchor.line) !== Math.min(proposed.startLine, proposed.line) || anchor.line !== Math.max(proposed.startLine, proposed.line)) return null;
  let lines = exampleCode.replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '').split('\n');
  if (lines.length === 0 || lines.every((l) => l.trim() === '')) return null;
  if (lines.length > anchor.code.length + 3) return null;
  const original = anchor.code.join('\n');
  const baseIndent = indentOf(anchor.code[0] ?? '');
  const exampleIndent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => indentOf(l).length));
  if (exampleIndent === 0 && baseIndent !== '') lines = lines.map((l) => (l.trim() === '' ? l : baseIndent + l));
  const replacement = lines.join('\n');
  if (replacement.replace(/\s+/g, ' ').trim() === original.replace(/\s+/g, ' ').trim()) return null;
  const a = tokens(original);
  const b = tokens(replacement);
  const shared = [...a].filter((t) => b.has(t)).length;
  const similarity = shared / Math.max(1, new Set([...a, ...b]).size);
  return similarity >= 0.3 ? replacement : null;
}

/** The explanation of a finding: what is wrong, why, and how to fix it. */
export function explanation(finding: Pick<Finding, 'issue' | 'rootCause' | 'suggestedFix'>): string {
  const parts: string[] = [];
  if (finding.issue.trim()) parts.push(finding.issue.trim());
  if (finding.rootCause.trim()) parts.push(`**Root cause.** ${finding.rootCause.trim()}`);
  if (finding.suggestedFix.trim()) parts.push(`**Fix.** ${finding.suggestedFix.trim()}`);
  return parts.join('\n\n');
}

/** What a marker records about a finding. */
export function markerOf(finding: Finding, fp: string, place: { path: string; line: number }): FindingMarker {
  return { fp, severity: finding.scores.severity, path: place.path, line: place.line, title: finding.title };
}

/**
 * A review comment's body: severity and title, the explanation, the fix as a `suggestion` block
 * when it replaces exactly the lines it was written for (otherwise as example code), and the hidden marker.
 */
export function commentBody(finding: Finding, anchor: Anchor, fp: string): string {
  const rule = finding.rule ? ` · rule \`${finding.rule.name}\`` : '';
  const head = `**${severityLabel(finding.scores.severity)} · ${finding.category}${rule}** — ${finding.title.trim()}`;
  const suggestion = finding.exampleCode.trim() ? suggestionFor(finding.exampleCode, anchor, finding) : null;
  const rendered = suggestion !== null
    ? codeBlock(suggestion, 'suggestion')
    : finding.exampleCode.trim()
      ? `**Example.**\n\n${codeBlock(finding.exampleCode.replace(/\s+$/, ''), '')}`
      : '';
  // An example too large for a comment is left to the job summary and the report.
  const example = rendered.length < GITHUB_BODY_LIMIT / 2 ? rendered : '';
  const marker = findingMarker(markerOf(finding, fp, anchor));
  const scores = `<sub>substance ${finding.scores.substance}/7 · reality ${finding.scores.reality}/7 · severity ${finding.scores.severity}/7${finding.reviewerVotes > 1 ? ` · raised by ${finding.reviewerVotes} reviewers` : ''}</sub>`;
  const tail = [scores, marker].join('\n');
  let text = explanation(finding);
  // Keep within GitHub's limit: the explanation gives way first, the marker never does.
  const room = GITHUB_BODY_LIMIT - head.length - example.length - tail.length - 16;
  if (text.length > room) text = text.slice(0, Math.max(0, room - 40)) + '\n\n… (shortened; see the job summary)';
  return [head, text, example].filter((b) => b !== '').join('\n\n') + '\n\n' + tail;
}
