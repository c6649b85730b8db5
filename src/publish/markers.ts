import { createHash } from 'node:crypto';

/**
 * Hidden markers keybug leaves in what it posts, so later runs know what was reviewed and posted
 * without any storage of their own: one per review (the reviewed head SHA and the run's outcome) and
 * one per finding (its fingerprint, severity and place). They are HTML comments, invisible on GitHub,
 * holding base64url JSON so that no text a model wrote can end the comment early.
 */

/** What a review's marker records. */
export interface ReviewMarker {
  /** The PR head SHA this review was made for. */
  head: string;
  /** Whether that run reviewed everything it was asked to, and why not. */
  status: 'complete' | 'incomplete';
  incompleteReasons: string[];
}

/** What a finding's marker records (enough to keep gating on it while its thread is open). */
export interface FindingMarker {
  /** Fingerprint: path + normalized code and its neighbourhood + category (see fingerprint). */
  fp: string;
  /** The 1-7 severity score. */
  severity: number;
  path: string;
  line: number;
  title: string;
}

const REVIEW_TAG = 'keybug:review:v1';
const FINDING_TAG = 'keybug:finding:v1';
const FINDINGS_TAG = 'keybug:findings:v1';
/** Title characters a compact marker keeps (the title is only shown for open findings carried over). */
const COMPACT_TITLE = 80;

function encode(tag: string, value: unknown): string {
  return `<!-- ${tag} ${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')} -->`;
}

function decodeAll(tag: string, text: string): unknown[] {
  const found: unknown[] = [];
  const pattern = new RegExp(`<!-- ${tag.replace(/[.:]/g, '\\$&')} ([A-Za-z0-9_-]+) -->`, 'g');
  for (const match of text.matchAll(pattern)) {
    try {
      found.push(JSON.parse(Buffer.from(match[1] ?? '', 'base64url').toString('utf8')));
    } catch {
      // A marker someone edited by hand is ignored rather than trusted.
    }
  }
  return found;
}

export function reviewMarker(marker: ReviewMarker): string {
  return encode(REVIEW_TAG, marker);
}

export function findingMarker(marker: FindingMarker): string {
  return encode(FINDING_TAG, marker);
}

/** The review marker in a review body, or null when the review is not one of keybug's. */
export function parseReviewMarker(body: string | null | undefined): ReviewMarker | null {
  for (const value of decodeAll(REVIEW_TAG, body ?? '')) {
    const v = value as Partial<ReviewMarker>;
    if (typeof v.head === 'string' && (v.status === 'complete' || v.status === 'incomplete')) {
      return { head: v.head, status: v.status, incompleteReasons: Array.isArray(v.incompleteReasons) ? v.incompleteReasons.map(String) : [] };
    }
  }
  return null;
}

/**
 * One marker for many findings whose text had to be cut from a body, fields by position to stay
 * small. Keeps as many as fit in `maxLength` characters, most severe first; null when none is given.
 */
export function compactFindingMarkers(markers: FindingMarker[], maxLength: number): { text: string; kept: number } | null {
  if (markers.length === 0) return null;
  const sorted = [...markers].sort((a, b) => b.severity - a.severity);
  for (let n = sorted.length; n > 0; n = Math.min(n - 1, Math.floor(n * 0.9))) {
    const text = encode(FINDINGS_TAG, sorted.slice(0, n).map((m) => [m.fp, m.severity, m.path, m.line, m.title.slice(0, COMPACT_TITLE)]));
    if (text.length <= maxLength) return { text, kept: n };
  }
  return { text: '', kept: 0 };
}

/** Every finding marker in a body: one per comment, or those of the findings a review body lists (compact ones included). */
export function parseFindingMarkers(body: string | null | undefined): FindingMarker[] {
  const single = decodeAll(FINDING_TAG, body ?? '').flatMap((value) => {
    const v = value as Partial<FindingMarker>;
    if (typeof v.fp !== 'string' || typeof v.severity !== 'number' || typeof v.path !== 'string') return [];
    return [{ fp: v.fp, severity: v.severity, path: v.path, line: typeof v.line === 'number' ? v.line : 0, title: String(v.title ?? '') }];
  });
  const compact = decodeAll(FINDINGS_TAG, body ?? '').flatMap((value) => (Array.isArray(value) ? value : [])).flatMap((entry: unknown) => {
    if (!Array.isArray(entry)) return [];
    const [fp, severity, path, line, title] = entry as unknown[];
    if (typeof fp !== 'string' || typeof severity !== 'number' || typeof path !== 'string') return [];
    return [{ fp, severity, path, line: typeof line === 'number' ? line : 0, title: String(title ?? '') }];
  });
  return [...single, ...compact];
}

/** Code compared by content only: runs of whitespace collapse, so re-indenting does not make a new finding. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, ' ').trim();
}

/**
 * A finding's identity across runs: its file, the code it is about and the code around it
 * (whitespace-normalized, so it survives line shifts and re-indentation; the neighbourhood keeps
 * the same line of code in two places two findings) and its category.
 */
export function fingerprint(path: string, code: string, category: string, neighbourhood: readonly string[] = []): string {
  const around = neighbourhood.length === 0 ? '' : `\0${neighbourhood.map(normalizeCode).join('\n')}`;
  return createHash('sha256').update(`${path}\0${normalizeCode(code)}\0${category}${around}`).digest('hex').slice(0, 20);
}
