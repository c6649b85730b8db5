import { createHash } from 'node:crypto';
import { redact } from '../safety/redact.js';
import { sanitizePlain } from '../safety/sanitize.js';

/**
 * keybug's state markers: how a later run knows, with no storage of its own, which head SHAs were
 * reviewed (and how completely) and which findings were posted.
 *
 * Format, version 2. The LAST line of every review body and review comment keybug posts is
 *
 *     <!-- keybug:<kind>:v2 <payload> -->
 *
 * where kind is `review` (a review body) or `finding` (a line comment) and payload is the
 * base64url encoding of UTF-8 JSON (so no text inside can end the comment early):
 *   review:  {"head": SHA, "status": "complete"|"incomplete", "incompleteReasons": [...],
 *             "findings": [[fp, severity, path, line, title, "R"|"L", code], ...]}  (the findings the body lists)
 *   finding: {"fp", "severity", "path", "line", "title", "side", "code"}
 *   answer:  {"re": COMMENT_ID, "command", "by", "mode"?, "resolved"?}  (an answer to a comment; `mode`, on
 *            answers to pause, resume and ignore, is the pull request's mode from then on: active, paused
 *            or ignored; `resolved`, on answers to resolve, the fingerprints of the findings whose threads it resolved)
 *   dismissal: {"fp", "by", "reason"}  (a reply in a finding's thread: someone with write access said it is wrong)
 * `fp` is the finding's fingerprint (path + normalized code and the lines around it + category), `severity` its 1-7 score,
 * `side` RIGHT or LEFT, `code` the whitespace-normalized code line it was placed on ('' when none).
 *
 * Trust: a marker is read only from the last line of a body, and only in reviews and comments by
 * keybug's own login (state.ts). A marker anywhere else in a body, or a second one, is never read;
 * model and pull-request text has marker lookalikes removed by the sanitizer before it is posted.
 *
 * Versioning: the version changes whenever the payload or the placement changes meaning. This
 * version also reads v1 markers (which had no finding list in the review payload) when they are
 * on the last line. A marker of any other version in keybug's own body means a newer keybug
 * posted there: this one cannot tell what was posted, so it fails closed (state.ts).
 */

export type Side = 'RIGHT' | 'LEFT';

/** What a finding's marker records: enough to recognize it again and to keep gating on it while it is open. */
export interface FindingMarker {
  /** Fingerprint: path + normalized code and its neighbourhood + category (see fingerprint). */
  fp: string;
  /** The 1-7 severity score. */
  severity: number;
  path: string;
  side: Side;
  line: number;
  title: string;
  /** The whitespace-normalized code line the finding was placed on; '' when no diff line held it. */
  code: string;
}

/** What a review's marker records. */
export interface ReviewMarker {
  /** The PR head SHA this review was made for. */
  head: string;
  /** Whether that run reviewed everything it was asked to, and why not. */
  status: 'complete' | 'incomplete';
  incompleteReasons: string[];
  /** The findings this review lists in its body (not as line comments). */
  findings: FindingMarker[];
}

export const MARKER_VERSION = 2;
const LINE = /^<!-- keybug:(review|finding|answer|dismissal):v(\d+) ([A-Za-z0-9_-]+) -->$/;
/** Anything on a last line that calls itself a keybug marker, well-formed or not. */
const CLAIMED = /^<!--\s*keybug:/;
/** Title characters a marker keeps (the title is only shown for open findings carried over). */
const MARKER_TITLE = 120;
/** Code characters a marker keeps; longer lines are not tracked by content. */
const MARKER_CODE = 400;

/** Whether keybug reviews a pull request on its own: on every push (active), not while paused, never again (ignored). */
export type PullRequestMode = 'active' | 'paused' | 'ignored';

/** What an answer's marker records: the comment it answers (so it is answered once), the command, who gave it. */
export interface AnswerMarker {
  /** The id of the comment answered. */
  re: number;
  /** The command carried out ('reply' for an answer in a thread). */
  command: string;
  /** Who gave it. */
  by: string;
  /** The pull request's mode from this answer on; absent when the command did not change it. */
  mode?: PullRequestMode;
  /** The findings (fingerprints) whose threads keybug resolved on this command (`resolve`). */
  resolved?: string[];
}

/** What a dismissal's marker records: the finding, who said it is wrong (with write access), and why. */
export interface DismissalMarker {
  fp: string;
  by: string;
  /** Plain text, at most DISMISSAL_REASON characters; '' when none was given. */
  reason: string;
}

/** Characters of a dismissal's reason a marker keeps. */
export const DISMISSAL_REASON = 500;

/** A marker's payload as text: secrets masked and text made plain before it is encoded (redaction cannot see into base64). */
function encode(kind: 'review' | 'finding' | 'answer' | 'dismissal', value: unknown): string {
  return `<!-- keybug:${kind}:v${MARKER_VERSION} ${Buffer.from(redact(JSON.stringify(value)), 'utf8').toString('base64url')} -->`;
}

/** The title and code as a marker keeps them. */
function stored(m: FindingMarker): FindingMarker {
  const code = normalizeCode(m.code);
  // Code that redaction or the sanitizer would change cannot be compared with the file later.
  const keep = code.length <= MARKER_CODE && redact(code) === code && sanitizePlain(code, MARKER_CODE) === code;
  return { ...m, title: sanitizePlain(m.title.replace(/\s+/g, ' ').trim(), MARKER_TITLE), code: keep ? code : '' };
}

const asRow = (m: FindingMarker): unknown[] => {
  const s = stored(m);
  return [s.fp, s.severity, s.path, s.line, s.title, s.side === 'LEFT' ? 'L' : 'R', s.code];
};

export function findingMarker(marker: FindingMarker): string {
  return encode('finding', stored(marker));
}

export function answerMarker(marker: AnswerMarker): string {
  return encode('answer', {
    re: marker.re,
    command: sanitizePlain(marker.command, 40),
    by: marker.by,
    ...(marker.mode ? { mode: marker.mode } : {}),
    ...(marker.resolved?.length ? { resolved: marker.resolved } : {}),
  });
}

export function dismissalMarker(marker: DismissalMarker): string {
  return encode('dismissal', {
    fp: marker.fp,
    by: marker.by,
    reason: sanitizePlain(marker.reason.replace(/\s+/g, ' ').trim(), DISMISSAL_REASON),
  });
}

export function reviewMarker(marker: ReviewMarker): string {
  return encode('review', {
    head: marker.head,
    status: marker.status,
    incompleteReasons: marker.incompleteReasons,
    findings: marker.findings.map(asRow),
  });
}

/**
 * The review marker for `marker`, with as many of its listed findings as fit in `maxLength`
 * characters, most severe first (titles are dropped before findings are); `kept` says how many.
 */
export function fitReviewMarker(marker: ReviewMarker, maxLength: number): { text: string; kept: number } {
  const sorted = [...marker.findings].sort((a, b) => b.severity - a.severity);
  const untitled = sorted.map((f) => ({ ...f, title: '' }));
  let text = reviewMarker({ ...marker, findings: sorted });
  if (text.length <= maxLength) return { text, kept: sorted.length };
  for (let n = sorted.length; ; n = Math.max(0, Math.min(n - 1, Math.floor(n * 0.9)))) {
    text = reviewMarker({ ...marker, findings: untitled.slice(0, n) });
    if (text.length <= maxLength || n === 0) return { text, kept: n };
  }
}

/** The body's last line, where keybug's marker sits (trailing blank lines and line-ending differences ignored). */
function lastLine(body: string): string {
  const trimmed = body.replace(/\s+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim();
}

/** The text of a body without its last-line marker, and that marker line (null when the last line is none). */
export function splitMarker(body: string): { text: string; marker: string | null } {
  const last = lastLine(body);
  if (!LINE.test(last)) return { text: body, marker: null };
  const trimmed = body.replace(/\s+$/, '');
  return { text: trimmed.slice(0, trimmed.lastIndexOf('\n') + 1).replace(/\s+$/, ''), marker: last };
}

/** A body made of keybug's text with `marker` as its last line. */
export function withMarker(text: string, marker: string): string {
  const head = text.replace(/\s+$/, '');
  return head === '' ? marker : `${head}\n${marker}`;
}

export type ReadMarker =
  | { kind: 'review'; marker: ReviewMarker }
  | { kind: 'finding'; marker: FindingMarker }
  | { kind: 'answer'; marker: AnswerMarker }
  | { kind: 'dismissal'; marker: DismissalMarker }
  /** The last line claims to be a keybug marker this version cannot read (another version, or damaged). */
  | { kind: 'unreadable'; line: string }
  | { kind: 'none' };

/** Reads the marker on the last line of a body, and nothing else of it. */
export function readMarker(body: string | null | undefined): ReadMarker {
  const last = lastLine(body ?? '');
  const match = LINE.exec(last);
  if (match === null) return CLAIMED.test(last) ? { kind: 'unreadable', line: last.slice(0, 60) } : { kind: 'none' };
  const [, kind, version, payload] = match as unknown as [string, 'review' | 'finding' | 'answer' | 'dismissal', string, string];
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { kind: 'unreadable', line: last.slice(0, 60) };
  }
  const v = Number(version);
  const unreadable: ReadMarker = { kind: 'unreadable', line: last.slice(0, 60) };
  // Answers and dismissals came with version 2: a v1 marker of theirs was never written.
  if (v !== 2 && (v !== 1 || kind === 'answer' || kind === 'dismissal')) return unreadable;
  switch (kind) {
    case 'review': {
      const marker = reviewFrom(value, v);
      return marker === null ? unreadable : { kind, marker };
    }
    case 'finding': {
      const marker = findingFrom(value);
      return marker === null ? unreadable : { kind, marker };
    }
    case 'answer': {
      const marker = answerFrom(value);
      return marker === null ? unreadable : { kind, marker };
    }
    case 'dismissal': {
      const marker = dismissalFrom(value);
      return marker === null ? unreadable : { kind, marker };
    }
  }
}

const MODES: readonly PullRequestMode[] = ['active', 'paused', 'ignored'];

function answerFrom(value: unknown): AnswerMarker | null {
  const v = value as Partial<AnswerMarker> | null;
  if (typeof v?.re !== 'number' || typeof v.command !== 'string' || typeof v.by !== 'string') return null;
  if (v.mode !== undefined && !MODES.includes(v.mode)) return null;
  const resolved = Array.isArray(v.resolved) ? v.resolved.filter((fp): fp is string => typeof fp === 'string') : [];
  return { re: v.re, command: v.command, by: v.by, ...(v.mode ? { mode: v.mode } : {}), ...(resolved.length > 0 ? { resolved } : {}) };
}

function dismissalFrom(value: unknown): DismissalMarker | null {
  const v = value as Partial<DismissalMarker> | null;
  if (typeof v?.fp !== 'string' || typeof v.by !== 'string') return null;
  return { fp: v.fp, by: v.by, reason: typeof v.reason === 'string' ? v.reason : '' };
}

function reviewFrom(value: unknown, version: number): ReviewMarker | null {
  const v = value as Partial<ReviewMarker> & { findings?: unknown };
  if (typeof v?.head !== 'string' || (v.status !== 'complete' && v.status !== 'incomplete')) return null;
  const rows = version >= 2 && Array.isArray(v.findings) ? v.findings : [];
  const findings = rows.flatMap((row: unknown) => {
    if (!Array.isArray(row)) return [];
    const [fp, severity, path, line, title, side, code] = row as unknown[];
    const f = findingFrom({ fp, severity, path, line, title, side: side === 'L' ? 'LEFT' : 'RIGHT', code });
    return f === null ? [] : [f];
  });
  return {
    head: v.head,
    status: v.status,
    incompleteReasons: Array.isArray(v.incompleteReasons) ? v.incompleteReasons.map(String) : [],
    findings,
  };
}

function findingFrom(value: unknown): FindingMarker | null {
  const v = value as Partial<FindingMarker> | null;
  if (typeof v?.fp !== 'string' || typeof v.severity !== 'number' || typeof v.path !== 'string') return null;
  return {
    fp: v.fp,
    severity: v.severity,
    path: v.path,
    side: v.side === 'LEFT' ? 'LEFT' : 'RIGHT',
    line: typeof v.line === 'number' ? v.line : 0,
    title: String(v.title ?? ''),
    code: typeof v.code === 'string' ? v.code : '',
  };
}

/** The review marker on a body's last line, or null. */
export function parseReviewMarker(body: string | null | undefined): ReviewMarker | null {
  const read = readMarker(body);
  return read.kind === 'review' ? read.marker : null;
}

/** The finding marker on a comment's last line, or null. */
export function parseFindingMarker(body: string | null | undefined): FindingMarker | null {
  const read = readMarker(body);
  return read.kind === 'finding' ? read.marker : null;
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
  return createHash('sha256')
    .update(`${path}\0${normalizeCode(code)}\0${category}${around}`)
    .digest('hex')
    .slice(0, 20);
}
