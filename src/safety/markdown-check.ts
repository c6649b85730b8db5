import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { redact } from './redact.js';
import { stripControl } from './sanitize.js';

/**
 * The last check of everything keybug posts or writes as Markdown: the body is parsed as GitHub
 * parses it (CommonMark with the GFM extensions: tables, autolink literals, footnotes, task lists,
 * strikethrough) and refused when anything in it is live that keybug did not build: an HTML node
 * other than keybug's own small print (`<sub>`, `<details>`, `<summary>`, its state marker on the
 * last line), an image, a link other than those keybug builds (this repository's files at the
 * reviewed revisions, the run, the review), a reference definition or footnote, an `@` mention,
 * an invisible character outside code, or a `suggestion` block keybug did not build. The sanitizer is meant to leave nothing of the kind
 * in model or pull-request text; this check does not trust it, and a body that fails is posted as
 * plain text instead (see plainTextBody).
 *
 * The parser is micromark's, through mdast-util-from-markdown with micromark-extension-gfm and
 * mdast-util-gfm: it follows the CommonMark spec and GFM to the letter (GFM's autolink literals and
 * its HTML block rules among them, which decide what GitHub turns live), and gives a syntax tree
 * with a node for each of the things checked. markdown-it links bare addresses with linkify-it,
 * whose rules are not GFM's, and marked does not aim at the spec; either could call a body safe that
 * GitHub renders with a live link.
 */

/** What keybug itself built into a body: the only links and suggestions it may hold. */
export interface Built {
  /** Link targets: an entry ending in `/` admits every address under it, any other only itself (with a `#fragment`). */
  links: readonly string[];
  /** The code of each `suggestion` block keybug built for this body. */
  suggestions?: readonly string[];
}

/** keybug's state marker, allowed as the body's last line only. */
const MARKER = /^<!-- keybug:(?:review|finding|answer|dismissal):v\d+ [A-Za-z0-9_-]+ -->$/;
/** The HTML keybug writes itself, line by line: small print, collapsible sections and their titles. */
const OWN_HTML = /^(?:<\/?sub>|<\/?details>|<summary>[^<>]*<\/summary>)$/;
/** A mention GitHub would turn into a notification: `@user`, `@org/team`, not inside a word or an address. */
const MENTION = /(?<![A-Za-z0-9_.+-])@[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9_.-]+)?/;

/**
 * Characters a reader cannot see in rendered text (zero-width, bidirectional controls, separators,
 * tag characters). The zero-width joiner is left out: keybug puts one after `@` and `#` itself.
 */
const INVISIBLE = /[\u00AD\u200B\u200C\u200E\u200F\u2028-\u202E\u2060-\u206F\uFEFF\u{E0000}-\u{E007F}]/u;

function linkAllowed(url: string, built: Built): boolean {
  return built.links.some((allowed) =>
    allowed.endsWith('/') ? url.startsWith(allowed) : url === allowed || url.startsWith(`${allowed}#`),
  );
}

/** What is live in `markdown` that keybug did not build, each as a short phrase; empty when the body is safe. */
export function markdownProblems(markdown: string, built: Built): string[] {
  if (markdown.length >= PIECES_FROM && cleanInPieces(markdown, built)) return [];
  return problemsIn(markdown, built).problems;
}

/** Characters from which a text is checked in pieces first (cleanInPieces). */
const PIECES_FROM = 64 * 1024;
/** Lines of a piece at least before it is cut (inside a table only). */
const PIECE_LINES = 250;
const TABLE_ROW = /^\|/;
const DELIMITER_ROW = /^\|(?: *:?-+:? *\|)+ *$/;

/**
 * Whether a long text is safe, told from pieces of it: parsed whole, a 1 MiB job summary made of
 * tables held some 400 MB (the parser's events and tree), more than the rest of the review. A
 * piece is cut only inside a top-level table, before one of its rows (a line starting with `|`
 * cannot start any other block, so the whole text's table goes on there), and the next piece
 * starts with the table's header and delimiter rows again: GFM parses each row's cells on their
 * own, so every row reads as in the whole text. Each cut is checked on the parse of the piece
 * before it (its last block is a table ending on its last line; else the cut was not inside a
 * table, a fence for one, or not in the table its header began). False when a cut cannot be trusted or any piece has a problem: the
 * caller then checks the whole text, so what is found, and its wording and order, stays the same.
 */
function cleanInPieces(markdown: string, built: Built): boolean {
  const lines = markdown.split('\n');
  let piece: string[] = [];
  let header: [string, string] | null = null;
  /** The header row's line in the piece (1-based), as the parser counts. */
  let headerLine = 0;
  let cuts = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1] ?? '';
    if (!TABLE_ROW.test(line)) header = null;
    else if (header === null && (i === 0 || lines[i - 1] === '') && DELIMITER_ROW.test(next)) {
      header = [line, next];
      headerLine = piece.length + 1;
    } else if (header !== null && piece.length >= PIECE_LINES && line !== header[1]) {
      const { problems, tree } = problemsIn(piece.join('\n'), built);
      const last = tree.children.at(-1);
      const table = last?.type === 'table' && last.position?.start.line === headerLine && last.position.end.line === piece.length;
      if (problems.length > 0 || !table) return false;
      piece = [...header];
      headerLine = 1;
      cuts++;
    }
    piece.push(line);
  }
  return cuts > 0 && problemsIn(piece.join('\n'), built).problems.length === 0;
}

function problemsIn(markdown: string, built: Built): { problems: string[]; tree: Root } {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const problems = new Set<string>();
  const lines = markdown.split('\n');
  const lastLine = lines.length - (lines.at(-1) === '' ? 2 : 1);
  const mention = (text: string): void => {
    const m = MENTION.exec(text);
    if (m) problems.add(`a mention (${m[0]})`);
  };
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'html': {
        const own = node.value
          .split('\n')
          .every((line) => OWN_HTML.test(line.trim()) || (MARKER.test(line) && node.position?.end.line === lastLine + 1));
        if (!own) problems.add(`raw HTML (${node.value.slice(0, 40).replace(/\s+/g, ' ')})`);
        else mention(node.value);
        break;
      }
      case 'image':
      case 'imageReference':
        problems.add('an image');
        break;
      case 'link':
        if (!linkAllowed(node.url, built)) problems.add(`a link keybug did not build (${node.url.slice(0, 80)})`);
        break;
      case 'definition':
      case 'linkReference':
      case 'footnoteDefinition':
      case 'footnoteReference':
        problems.add(`a reference (${node.type})`);
        break;
      case 'text':
        mention(node.value);
        if (INVISIBLE.test(node.value)) problems.add('an invisible character');
        break;
      case 'code':
        if (/^suggestion$/i.test(node.lang ?? '') && !(built.suggestions ?? []).includes(node.value))
          problems.add('a suggestion keybug did not build');
        break;
      default:
        break;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return { problems: [...problems], tree };
}

/**
 * A body that failed the check, as plain text GitHub shows as it is: one line saying why, then the
 * text in a fenced block longer than any backtick run in it; keybug's marker line, when the body
 * ends in one, stays its last line (the state it records is keybug's own). At most `maxLength`
 * characters: the text is cut to fit.
 */
export function plainTextBody(markdown: string, problems: readonly string[], maxLength: number): string {
  const lines = markdown.replace(/\n+$/, '').split('\n');
  const marker = MARKER.test(lines.at(-1) ?? '') ? lines.pop()! : null;
  const text = lines.join('\n');
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  // What was found is named by kind only: the details quote the text that failed.
  const kinds = [...new Set(problems.map((p) => p.replace(/ \(.*\)$/s, '')))];
  const head = `keybug could not post this text as Markdown: it held ${kinds.join(', ')}. It is shown as plain text.\n\n${fence}text\n`;
  const tail = `\n${fence}${marker !== null ? `\n${marker}` : ''}`;
  const room = Math.max(0, maxLength - head.length - tail.length);
  return head + (text.length > room ? `${text.slice(0, Math.max(0, room - 1))}…` : text) + tail;
}

/** A Markdown body checked (markdownProblems): as it is when safe, else as plain text, with what was wrong. */
export function verifiedMarkdown(markdown: string, built: Built, maxLength: number): { text: string; problems: string[] } {
  const problems = markdownProblems(markdown, built);
  return problems.length === 0 ? { text: markdown, problems } : { text: plainTextBody(markdown, problems, maxLength), problems };
}

/**
 * Markdown keybug prints or writes itself (a `--format markdown` output, eval.md, compare.md, the
 * job summary) on the one outgoing path: secrets masked in the raw text, control characters out,
 * then the check; a text that fails is written as plain text of at most `maxLength` characters and
 * `warn` names what it held. `what` names the text.
 */
export function outgoingMarkdown(
  markdown: string,
  what: string,
  warn: (line: string) => void,
  built: Built = { links: [] },
  maxLength = Number.MAX_SAFE_INTEGER,
): string {
  const verified = verifiedMarkdown(stripControl(redact(markdown)), built, maxLength);
  if (verified.problems.length > 0)
    warn(`keybug wrote ${what} as plain text: it held ${verified.problems.join(', ')}, which keybug did not build.`);
  return verified.text;
}
