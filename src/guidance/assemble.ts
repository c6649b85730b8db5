import type { Rule } from '../config/file.js';
import { estimateTokens } from '../support/tokens.js';

/**
 * One slice's share of the repository's guidance: pieces in order of specificity, packed into the
 * instructions budget. A piece that does not fit whole is cut at a line boundary (a word boundary
 * when one line is longer than the room left) and says so; pieces after it are left out.
 */

/** One source of guidance for a slice. */
export interface GuidancePiece {
  /** What the summary calls it: "AGENTS.md", ".github/keybug.yml rules" … */
  source: string;
  /** The heading the model sees above it. */
  heading: string;
  text: string;
  /** For the rules piece: the rules, one per line of `text`, in the same order. */
  rules?: Rule[];
}

/** What one source gave one slice. */
export interface PieceUse {
  source: string;
  state: 'whole' | 'cut' | 'omitted';
  /** Estimated tokens of the whole piece. */
  tokens: number;
  /** Estimated tokens the slice got of it. */
  keptTokens: number;
}

/** The guidance a slice's reviewers and validator get. */
export interface SliceGuidance {
  /** The content of the REPOSITORY_GUIDANCE data block; '' when there is none. */
  text: string;
  /** The rules whose line made it into `text`: the only names a finding can carry. */
  rules: Rule[];
  uses: PieceUse[];
}

export const NO_GUIDANCE: SliceGuidance = { text: '', rules: [], uses: [] };

/** Below this many tokens of room, a piece is left out rather than cut to a stub. */
const MIN_CUT_TOKENS = 24;
const CHARS_PER_TOKEN = 4;

/** One rule as the model reads it: name, severity, where it applies, what it requires. */
export function ruleLine(rule: Rule): string {
  const where = rule.paths.length > 0 ? `; applies to ${rule.paths.join(', ')}` : '';
  return `- ${rule.name} (severity ${rule.severity}${where}): ${rule.description.replace(/\s+/g, ' ').trim()}`;
}

const render = (heading: string, body: string): string => `=== ${heading} ===\n${body.replace(/\s+$/, '')}`;

/**
 * The longest beginning of `text` within `maxChars` that ends at a line boundary, or at a word
 * boundary when the first line alone is longer; a single word longer than the room is cut inside
 * it (the marker that follows says so in any case).
 */
export function cutAtBoundary(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const line = head.lastIndexOf('\n');
  if (line > 0) return head.slice(0, line);
  const word = head.search(/\s\S*$/);
  return word > 0 ? head.slice(0, word) : head;
}

/** Packs the pieces, most specific first, into `budgetTokens`. */
export function assemble(pieces: readonly GuidancePiece[], budgetTokens: number): SliceGuidance {
  const parts: string[] = [];
  const uses: PieceUse[] = [];
  let rules: Rule[] = [];
  let used = 0;
  let full = false;
  for (const piece of pieces) {
    const whole = render(piece.heading, piece.text);
    const tokens = estimateTokens(piece.text);
    const cost = estimateTokens(whole) + 1;
    if (!full && used + cost <= budgetTokens) {
      parts.push(whole);
      used += cost;
      uses.push({ source: piece.source, state: 'whole', tokens, keptTokens: tokens });
      if (piece.rules) rules = [...rules, ...piece.rules];
      continue;
    }
    const marker = `[… cut here: the rest of ${piece.source} (about ${tokens.toLocaleString('en-US')} tokens in all) did not fit keybug's instructions-token-budget]`;
    const room = budgetTokens - used - estimateTokens(render(piece.heading, '') + '\n' + marker) - 1;
    if (full || room < MIN_CUT_TOKENS) {
      uses.push({ source: piece.source, state: 'omitted', tokens, keptTokens: 0 });
      continue;
    }
    const kept = cutAtBoundary(piece.text, room * CHARS_PER_TOKEN);
    if (kept.trim() === '') {
      uses.push({ source: piece.source, state: 'omitted', tokens, keptTokens: 0 });
      continue;
    }
    const text = render(piece.heading, `${kept}\n${marker}`);
    parts.push(text);
    used += estimateTokens(text) + 1;
    uses.push({ source: piece.source, state: 'cut', tokens, keptTokens: estimateTokens(kept) });
    // Only rules whose whole line fit are offered: a finding cannot carry a rule the model never saw.
    if (piece.rules) {
      const lines = new Set(kept.split('\n'));
      rules = [...rules, ...piece.rules.filter((r) => lines.has(ruleLine(r)))];
    }
    full = true;
  }
  return { text: parts.join('\n\n'), rules, uses };
}
