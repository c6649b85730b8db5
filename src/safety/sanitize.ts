import { redact } from './redact.js';

/**
 * The one sanitizer for text that came from a model or from the pull request (finding titles and
 * explanations, translations, PR titles, quoted code, file paths) on its way into anything keybug
 * posts or prints. Such text is data: it was written under the influence of a stranger's pull
 * request. `sanitizeMarkdown` makes it inert in GitHub Markdown:
 *   - `@user` and `@org/team` mentions and `#123` / `GH-123` / `owner/repo#123` references get a
 *     zero-width joiner, so nobody is paged and no other issue is cross-referenced;
 *   - raw HTML and HTML comments are shown as text (`<` → `&lt;`; every `&` but those of `&lt;`,
 *     `&gt;`, `&amp;` and `&quot;` is escaped, so no entity can smuggle a tag or a mention in), so
 *     an unclosed `<!--` cannot hide the rest of a review;
 *   - links and images become plain text with the address in code, unless they point at this
 *     repository's files at the revision under review (no tracking pixels, no links to other hosts
 *     or other repositories);
 *   - code fences are balanced, and a fence the text opens as ```suggestion loses that word (only
 *     keybug itself builds suggestions);
 *   - anything that looks like one of keybug's state markers (`keybug:review:v2` …) is removed;
 *   - control characters (terminal escapes) are removed, and the length is capped;
 *   - relative links become plain text (they would resolve to any repository on the host).
 * Secrets are masked first (redact), in the raw text. Invisible characters (zero-width, bidirectional
 * controls, line separators, tag characters) are removed from prose and shown escaped (`<U+202E>`)
 * in code. Code spans and fenced code keep their text as written (GitHub shows it literally). The output is
 * self-contained: its code spans close on the line they open, its fences close before it ends.
 * `sanitizePlain` does the same for terminals, logs and JSON (no Markdown there).
 */

export interface MarkdownOptions {
  /** The output's length at most, in characters (the input is cut first, with "…"). */
  maxLength: number;
  /** One line (titles, list items, table cells): whitespace runs collapse and there are no code blocks. */
  inline?: boolean;
  /**
   * Addresses links and images may point at, as prefixes: this repository's files at the revision
   * under review (`https://github.com/OWNER/REPO/blob/SHA/`). Empty: none.
   */
  linkPrefixes?: readonly string[];
  /** Let attribute-less `<sub>` and `</sub>` through (keybug's own small print, in bodies read back from a report). */
  allowSub?: boolean;
}

/** C0 controls but tab and newline, DEL, and C1 controls (terminal escape sequences among them). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Characters that show nothing or change how the text around them is shown: zero-width spaces and
 * joiners, the soft hyphen and fillers, bidirectional marks, overrides and isolates (Trojan Source),
 * line and paragraph separators, invisible operators, the byte order mark, interlinear annotation
 * and tag characters (U+E0000-U+E007F, text a reader cannot see and a tool reading the review does).
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- the joiners and selectors are listed to be found, not to combine
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/g;

/**
 * Invisible characters shown as what they are (`<U+202E>`): in code, where they may be the very
 * finding. `keepJoiner` leaves the zero-width joiner (text keybug already made inert has one after
 * each `@` and `#`; plain text shows it as nothing at all).
 */
export function escapeInvisible(text: string, keepJoiner = false): string {
  return text.replace(INVISIBLE, (c) =>
    keepJoiner && c === ZWJ ? c : `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

/** Text with its invisible characters removed (prose, where they only hide or reorder text). */
const removeInvisible = (text: string): string => text.replace(INVISIBLE, '');

/** keybug's state markers and anything shaped like them: `keybug:review:v2`, `keybug : finding : v1`, `keybug:state`. */
const MARKER_LOOKALIKES = [/keybug\s*[:：]\s*[A-Za-z_-]+\s*[:：]\s*v\d+/gi, /keybug[:：][A-Za-z_-]+/gi];

/** A zero-width joiner: after `@` or `#` it keeps the text readable and stops GitHub from linking it. */
const ZWJ = '\u200D';

/** The bidirectional marks, overrides and isolates: they reorder what a terminal shows. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Removes control characters (terminal escape sequences among them) and bidirectional controls, and
 * normalizes line endings: for a terminal (the CLI's output), where keybug's own zero-width joiners
 * in neutralized mentions must stay.
 */
export function stripControl(text: string): string {
  return stripC0C1(text).replace(BIDI, '');
}

/** Line endings normalized, C0 and C1 controls removed. */
const stripC0C1 = (text: string): string => text.replace(/\r\n?/g, '\n').replace(CONTROL, '');

/** Removes everything that looks like a keybug state marker (repeatedly: a removal must not join two halves into one). */
export function stripMarkerLookalikes(text: string): string {
  let out = text;
  for (let round = 0; round < 10; round++) {
    const next = MARKER_LOOKALIKES.reduce((t, pattern) => t.replace(pattern, ''), out);
    if (next === out) return out;
    out = next;
  }
  return out;
}

/** Cuts to `max` characters with an ellipsis, never inside a surrogate pair. */
function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end--;
  return text.slice(0, end) + '…';
}

/**
 * Text for a terminal, a log line or a JSON field: secrets masked, no control characters, invisible
 * ones shown escaped, no marker lookalikes, capped.
 */
export function sanitizePlain(text: string, maxLength: number): string {
  return cap(stripMarkerLookalikes(escapeInvisible(stripC0C1(redact(text)), true)), maxLength);
}

/**
 * `text` as one inline code span (paths, identifiers): secrets masked, control characters and line
 * breaks removed, invisible characters shown escaped, capped at `maxLength` characters of text.
 */
export function codeSpan(text: string, maxLength = 300): string {
  const flat = cap(stripMarkerLookalikes(escapeInvisible(stripC0C1(redact(text)))).replace(/\s+/g, ' '), maxLength);
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/**
 * Whether `url` may stay a live link: an absolute http(s) address under one of `prefixes` once
 * resolved (`..` cannot climb out of them); a relative one could lead anywhere on the host.
 */
function allowedUrl(url: string, prefixes: readonly string[]): boolean {
  if (prefixes.length === 0 || !/^https?:\/\/[^/]/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.username === '' &&
      parsed.password === '' &&
      prefixes.some((p) => parsed.href.startsWith(p))
    );
  } catch {
    return false;
  }
}

/** `[text](url "title")` and `![alt](url)` with a simple destination; anything else with brackets is escaped. */
const LINK = /^(!?)\[([^[\]\n]*)\]\(\s*<?([^\s()<>]*)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/;
/**
 * What GitHub turns into a link by itself: http(s) and ftp addresses, and www. names. A kept link
 * ends before `&`, `\` and `@`, where GitHub's own end of it is hard to predict; they are escaped as prose.
 */
const BARE_URL = /^(?:(?:https?|ftp):\/\/|www\.)[^\s<>`"'[\]&\\@]*/i;
/** Backslash escapes kept as written: ASCII punctuation but `@` and `#`, which GitHub would still link once unescaped. */
const ESCAPABLE = /[!-"$-/:-?[-`{-~]/;

/** The length of the backtick run starting at `from`. */
function runLength(line: string, from: number): number {
  let n = 0;
  while (line[from + n] === '`') n++;
  return n;
}

/** Where the code span opened by a run of `length` backticks at `from` closes on this line, or -1. */
function closingRun(line: string, from: number, length: number): number {
  for (let i = from; i < line.length;) {
    if (line[i] !== '`') {
      i++;
      continue;
    }
    const n = runLength(line, i);
    if (n === length) return i;
    i += n;
  }
  return -1;
}

/** One line of prose (no code blocks), made inert; see the module comment. */
function prose(line: string, options: MarkdownOptions): string {
  const prefixes = options.linkPrefixes ?? [];
  let out = '';
  for (let i = 0; i < line.length;) {
    const c = line[i]!;
    const next = line[i + 1] ?? '';
    const rest = line.slice(i);
    if (c === '\\' && ESCAPABLE.test(next)) {
      out += c + next;
      i += 2;
    } else if (c === '`') {
      const n = runLength(line, i);
      const close = closingRun(line, i + n, n);
      // A code span closes on its own line or is no code span: then its backticks are plain text.
      if (close >= 0) {
        out += line.slice(i, close + n);
        i = close + n;
      } else {
        out += '\\`'.repeat(n);
        i += n;
      }
    } else if (c === '<') {
      const sub = options.allowSub ? /^<\/?sub>/.exec(rest) : null;
      out += sub ? sub[0] : '&lt;';
      i += sub ? sub[0].length : 1;
    } else if (c === '&') {
      // The entities for < > & " stay (they only ever show those characters, so sanitizing twice
      // changes nothing); any other could decode to markup or to an @.
      const safe = /^&(?:lt|gt|amp|quot);/.exec(rest);
      out += safe ? safe[0] : '&amp;';
      i += safe ? safe[0].length : 1;
    } else if ((c === '[' || (c === '!' && next === '[')) && LINK.test(rest)) {
      const m = LINK.exec(rest)!;
      const [whole, bang, text, url] = m as unknown as [string, string, string, string];
      const label = prose(text, options);
      if (allowedUrl(url, prefixes)) out += `${bang}[${label}](${url})`;
      else out += bang ? `${label ? `${label} ` : ''}(image: ${codeSpan(url)})` : `${label} (${codeSpan(url)})`;
      i += whole.length;
    } else if (c === '[' || c === ']') {
      out += `\\${c}`;
      i++;
    } else if ((c === 'h' || c === 'H' || c === 'f' || c === 'F' || c === 'w' || c === 'W') && BARE_URL.test(rest)) {
      // GitHub leaves trailing punctuation out of a bare link; so does this.
      const url = BARE_URL.exec(rest)![0].replace(/[?!.,:;*_~)]+$/, '');
      if (url.length < 5 || /^www\.$/i.test(url)) {
        out += c;
        i++;
      } else {
        out += allowedUrl(/^www\./i.test(url) ? `https://${url}` : url, prefixes) ? url : codeSpan(url, url.length);
        i += url.length;
      }
    } else if (c === '@' && /[A-Za-z0-9_-]/.test(next)) {
      out += '@' + ZWJ;
      i++;
    } else if (c === '#' && /\d/.test(next)) {
      out += '#' + ZWJ;
      i++;
    } else if ((c === 'G' || c === 'g') && /^gh-\d/i.test(rest) && !/[A-Za-z0-9_]/.test(line[i - 1] ?? '')) {
      out += rest.slice(0, 3) + ZWJ;
      i += 3;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Lines with code fences kept (balanced, never a suggestion) and every other line made inert. */
function block(text: string, options: MarkdownOptions): string {
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  for (const line of text.split('\n')) {
    if (fence !== null) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = null;
      out.push(line);
      continue;
    }
    // Only a fence at the very start of a line is taken as one: indented, it might sit in a list
    // item that ends (and closes it) where this code could not tell; as prose it is escaped instead.
    const open = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      const language = /^\s*([\w+#.-]{0,30})/.exec(open[2]!)?.[1] ?? '';
      out.push(open[1]! + (/^suggestion/i.test(language) ? '' : language));
      continue;
    }
    out.push(prose(line, options));
  }
  if (fence !== null) out.push(fence.char.repeat(fence.length));
  return out.join('\n');
}

/** Invisible characters shown escaped inside a line's code spans and removed from the rest of it. */
function invisibleInLine(line: string): string {
  if (line.search(INVISIBLE) < 0) return line;
  let out = '';
  let from = 0;
  for (let i = 0; i < line.length;) {
    if (line[i] !== '`') {
      i++;
      continue;
    }
    const n = runLength(line, i);
    const close = closingRun(line, i + n, n);
    if (close < 0) {
      i += n;
      continue;
    }
    out += removeInvisible(line.slice(from, i)) + escapeInvisible(line.slice(i, close + n));
    from = i = close + n;
  }
  return out + removeInvisible(line.slice(from));
}

/** Invisible characters escaped in code (fenced blocks, code spans), where they may be the finding, and removed elsewhere. */
function invisibleByContext(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const marks = /^(`{3,}|~{3,})/.exec(line)?.[1] ?? null;
      if (fence !== null) {
        if (marks !== null && marks[0] === fence[0] && marks.length >= fence.length && line.slice(marks.length).trim() === '') fence = null;
        return escapeInvisible(line);
      }
      if (marks !== null && !(marks[0] === '`' && line.slice(marks.length).includes('`'))) {
        fence = marks;
        return removeInvisible(line);
      }
      return invisibleInLine(line);
    })
    .join('\n');
}

/**
 * Model or pull-request text made safe to post as GitHub Markdown (see the module comment), at
 * most `maxLength` characters long.
 */
export function sanitizeMarkdown(text: string, options: MarkdownOptions): string {
  // Secrets are masked in the raw text first: masking replaces only their own characters, so what
  // follows sees the same structure, and nothing it escapes can hide a secret from the mask.
  const clean = stripMarkerLookalikes(invisibleByContext(stripC0C1(redact(text))));
  const source = options.inline ? clean.replace(/\s+/g, ' ').trim() : clean.replace(/\s+$/, '');
  const render = (input: string): string => (options.inline ? prose(input, options) : block(input, options));
  // Escaping lengthens the text; cut the input further until the output fits.
  let room = options.maxLength;
  for (let round = 0; round < 8; round++) {
    const out = render(cap(source, room));
    if (out.length <= options.maxLength) return out;
    room = Math.floor((room * options.maxLength) / out.length) - 16;
    if (room <= 0) break;
  }
  return '';
}

/** Where a prose line may be cut within `max` characters: the last space outside every code span; -1 when nowhere. */
function safeCut(line: string, max: number): number {
  let best = -1;
  for (let i = 0; i < line.length && i <= max;) {
    if (line[i] === '`') {
      const n = runLength(line, i);
      const close = closingRun(line, i + n, n);
      i = close >= 0 ? close + n : i + n;
      continue;
    }
    if (line[i] === ' ') best = i;
    i++;
  }
  return best;
}

/**
 * Markdown keybug rendered (its own text around sanitized pieces) cut to `maxLength` characters,
 * never inside a code span (a long line is cut at a space outside them) and never leaving a fence
 * open; `note` says that text was cut.
 */
export function truncateMarkdown(markdown: string, maxLength: number, note = '… (shortened)'): string {
  if (markdown.length <= maxLength) return markdown;
  const kept: string[] = [];
  let length = 0;
  let fence: { char: string; length: number } | null = null;
  for (const line of markdown.split('\n')) {
    const closing = fence ? fence.length + 1 : 0;
    const room = maxLength - length - closing - note.length - 2;
    if (line.length + 1 > room) {
      // The line that does not fit: code is cut anywhere, prose at a space outside code spans.
      const cut = fence ? Math.max(0, room - 1) : safeCut(line, room - 2);
      if (cut > 0) kept.push(fence ? line.slice(0, cut) : `${line.slice(0, cut)} …`);
      break;
    }
    kept.push(line);
    length += line.length + 1;
    const marks = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (marks) {
      if (fence === null) fence = { char: marks[1]![0]!, length: marks[1]!.length };
      else if (marks[1]![0] === fence.char && marks[1]!.length >= fence.length && marks[2]!.trim() === '') fence = null;
    }
  }
  if (fence !== null) kept.push(fence.char.repeat(fence.length));
  return `${kept.join('\n')}\n${note}`.slice(0, maxLength);
}
