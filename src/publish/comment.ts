import { severityLevel } from '../config/settings.js';
import { redact } from '../safety/redact.js';
import { codeSpan, sanitizeMarkdown, sanitizePlain, truncateMarkdown } from '../safety/sanitize.js';
import type { Finding, SeverityLevel } from '../types.js';
import type { Anchor, AnchorMethod } from './anchor.js';
import { findingMarker, withMarker, type FindingMarker } from './markers.js';

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
  if (
    (anchor.startLine ?? anchor.line) !== Math.min(proposed.startLine, proposed.line) ||
    anchor.line !== Math.max(proposed.startLine, proposed.line)
  )
    return null;
  let lines = exampleCode
    .replace(/\r\n?/g, '\n')
    .replace(/^\n+|\s+$/g, '')
    .split('\n');
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

/** Where a comment's text may link to, and what the file looks like at the head under review. */
export interface CommentContext {
  /** Hosts links may point at (the repository's own GitHub host); every other link is shown as plain text. */
  linkPrefixes: readonly string[];
  /** The commented file's lines at the head revision; null when not read (then no suggestion is offered). */
  headLines: readonly string[] | null;
}

const NO_CONTEXT: CommentContext = { linkPrefixes: [], headLines: null };

/** Characters of a title, and of each explanation part, that keybug posts at most. */
export const TITLE_LIMIT = 300;
const PART_LIMIT = 16_000;

/** A finding's title as one line of safe Markdown. */
export function titleMarkdown(title: string, linkPrefixes: readonly string[] = [], maxLength = TITLE_LIMIT): string {
  return sanitizeMarkdown(title, { inline: true, maxLength, linkPrefixes });
}

/** A labelled paragraph of model text; the label gets a line of its own when the text opens with a code fence. */
function labelled(label: string, text: string): string {
  return /^(`{3,}|~{3,})/.test(text) ? `${label}\n\n${text}` : `${label} ${text}`;
}

/** The explanation of a finding as safe Markdown: what is wrong, why, and how to fix it. */
export function explanation(finding: Pick<Finding, 'issue' | 'rootCause' | 'suggestedFix'>, linkPrefixes: readonly string[] = []): string {
  const part = (text: string): string => sanitizeMarkdown(text, { maxLength: PART_LIMIT, linkPrefixes });
  const parts: string[] = [];
  if (finding.issue.trim()) parts.push(part(finding.issue));
  if (finding.rootCause.trim()) parts.push(labelled('**Root cause.**', part(finding.rootCause)));
  if (finding.suggestedFix.trim()) parts.push(labelled('**Fix.**', part(finding.suggestedFix)));
  return parts.join('\n\n');
}

/** The explanation as one line of safe Markdown (for lists in the review body). */
export function explanationLine(
  finding: Pick<Finding, 'issue' | 'rootCause' | 'suggestedFix'>,
  linkPrefixes: readonly string[],
  maxLength: number,
): string {
  const text = [
    finding.issue.trim(),
    finding.rootCause.trim() && `Root cause: ${finding.rootCause.trim()}`,
    finding.suggestedFix.trim() && `Fix: ${finding.suggestedFix.trim()}`,
  ]
    .filter(Boolean)
    .join(' ');
  return sanitizeMarkdown(text, { inline: true, maxLength, linkPrefixes });
}

/** What a marker records about a finding, at the place it was posted: a diff line (with its code), or the model's line. */
export function markerOf(
  finding: Finding,
  fp: string,
  place: Pick<Anchor, 'path' | 'line' | 'side'> & { matched?: string },
): FindingMarker {
  return {
    fp,
    severity: finding.scores.severity,
    path: place.path,
    side: place.side,
    line: place.line,
    title: finding.title,
    code: place.matched ?? '',
  };
}

/** Whether the commented lines, as the diff showed them, are the head revision's lines there (no suggestion otherwise). */
export function matchesHead(anchor: Pick<Anchor, 'startLine' | 'line' | 'code'>, headLines: readonly string[] | null): boolean {
  if (headLines === null) return false;
  const start = anchor.startLine ?? anchor.line;
  const lines = headLines.slice(start - 1, anchor.line);
  return lines.length === anchor.code.length && lines.every((l, i) => l === anchor.code[i]);
}

/**
 * The code of a finding's suggestion block, or null: only keybug builds one, from the finding's example
 * code, for exactly the lines the comment covers (suggestionFor), when those lines are what the head
 * revision holds, and when nothing in the code would be changed on its way out (a marker lookalike,
 * a control character, something redaction would mask): a suggestion must commit what it shows.
 */
export function suggestionCode(finding: Finding, anchor: Anchor, headLines: readonly string[] | null): string | null {
  if (!finding.exampleCode.trim() || !matchesHead(anchor, headLines)) return null;
  const replacement = suggestionFor(finding.exampleCode, anchor, finding);
  if (replacement === null || sanitizePlain(replacement, GITHUB_BODY_LIMIT) !== replacement || redact(replacement) !== replacement)
    return null;
  return replacement;
}

/**
 * A review comment's body: severity and title, the explanation, the fix as a `suggestion` block
 * when keybug may offer one (see suggestionCode; otherwise as example code), and, on its last
 * line, the finding's marker. Every piece of model text passes the sanitizer.
 */
export function commentBody(finding: Finding, anchor: Anchor, fp: string, context: CommentContext = NO_CONTEXT): string {
  const rule = finding.rule ? ` · rule ${codeSpan(finding.rule.name, 200)}` : '';
  const head = `**${severityLabel(finding.scores.severity)} · ${finding.category}${rule}** — ${titleMarkdown(finding.title, context.linkPrefixes)}`;
  const built = suggestionCode(finding, anchor, context.headLines);
  const suggestion = built === null ? null : codeBlock(built, 'suggestion');
  const code = sanitizePlain(finding.exampleCode.replace(/\s+$/, ''), GITHUB_BODY_LIMIT / 2);
  const example = suggestion ?? (code.trim() ? `**Example.**\n\n${codeBlock(code, '')}` : '');
  const scores = `<sub>substance ${finding.scores.substance}/7 · reality ${finding.scores.reality}/7 · severity ${finding.scores.severity}/7${finding.reviewerVotes > 1 ? ` · raised by ${finding.reviewerVotes} reviewers` : ''}</sub>`;
  const marker = findingMarker(markerOf(finding, fp, anchor));
  // Within GitHub's limit: the text gives way (cut at a line end, never inside code), the marker never does.
  const room = GITHUB_BODY_LIMIT - marker.length - scores.length - 4;
  const text = truncateMarkdown(
    [head, explanation(finding, context.linkPrefixes), example].filter((b) => b !== '').join('\n\n'),
    room,
    '… (shortened; see the job summary)',
  );
  return withMarker(`${text}\n\n${scores}`, marker);
}
