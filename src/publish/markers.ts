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
  /** Fingerprint: path + normalized code + category. */
  fp: string;
  /** The 1-7 severity score. */
  severity: number;
  path: string;
  line: number;
  title: string;
}

const REVIEW_TAG = 'keybug:review:v1';
const FINDING_TAG = 'keybug:finding:v1';

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

/** Every finding marker in a body (a comment holds one; a review body holds those of findings it lists). */
export function parseFindingMarkers(body: string | null | undefined): FindingMarker[] {
  return decodeAll(FINDING_TAG, body ?? '').flatMap((value) => {
    const v = value as Partial<FindingMarker>;
    if (typeof v.fp !== 'string' || typeof v.severity !== 'number' || typeof v.path !== 'string') return [];
    return [{ fp: v.fp, severity: v.severity, path: v.path, line: typeof v.line === 'number' ? v.line : 0, title: String(v.title ?? '') }];
  });
}

/** Code compared by content only: runs of whitespace collapse, so re-indenting does not make a new finding. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, ' ').trim();
}

/**
 * A finding's identity across runs: its file, the code it is about (whitespace-normalized, so it
 * survives line shifts and re-indentation) and its category.
 */
export function fingerprint(path: string, code: string, category: string): string {
  return createHash('sha256').update(`${path}\0${normalizeCode(code)}\0${category}`).digest('hex').slice(0, 20);
}
