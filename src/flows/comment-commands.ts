/**
 * The commands a comment gives keybug: `@keybug <command>` as the comment's first line, the words
 * exactly as listed (any case), nothing else on that line but a `wrong:` reason or a `learn` text
 * (which may go on over the following lines). Everything else in a comment is data.
 */

export type Command =
  | { name: 'review' | 'full review' | 'pause' | 'resume' | 'ignore' | 'resolve' | 'help' }
  /** The finding of this thread is wrong; the reason may be empty. */
  | { name: 'wrong'; reason: string }
  | { name: 'learn'; text: string }
  /** The handle with words that are no command: in a keybug thread a question, elsewhere answered with the table. */
  | { name: 'unknown'; words: string };

/** One line of the command table: what to write, where it works, what keybug does. */
export interface CommandSpec {
  usage: string;
  where: 'anywhere' | 'in a thread of keybug';
  what: string;
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    usage: 'review',
    where: 'anywhere',
    what: 'Review now what changed since the last complete review (the whole pull request if there was none), also while paused.',
  },
  {
    usage: 'full review',
    where: 'anywhere',
    what: 'Review the whole pull request again, also a head already reviewed; findings already posted are not posted twice.',
  },
  {
    usage: 'pause',
    where: 'anywhere',
    what: 'No automatic reviews on push until `resume`; commands still work, and open findings still count for the merge gate.',
  },
  { usage: 'resume', where: 'anywhere', what: 'Review on push again (after `pause` or `ignore`).' },
  { usage: 'ignore', where: 'anywhere', what: 'No more reviews of this pull request, on push or on `review`, until `resume`.' },
  { usage: 'resolve', where: 'anywhere', what: "Resolve keybug's open threads: their findings stop blocking the merge." },
  {
    usage: 'wrong: <reason>',
    where: 'in a thread of keybug',
    what: "Dismiss the thread's finding: it stops blocking, is not raised again while its lines are unchanged, and the summary lists who dismissed it and why; a reason is proposed as a learning.",
  },
  {
    usage: 'learn <text>',
    where: 'anywhere',
    what: "Propose a learning: one pull request from the branch `keybug/learnings` adds it to `.github/keybug-learnings.yml` (scoped to the thread's file in a thread).",
  },
  { usage: 'help', where: 'anywhere', what: 'Answer with this table.' },
];

const SIMPLE = new Set(['review', 'full review', 'pause', 'resume', 'ignore', 'resolve', 'help']);

const escaped = (handle: string): string => handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The command on a comment's first line, or null when the first line does not start with
 * `@handle`. Only the first line counts: a command quoted further down, or written after other
 * words, is not one.
 */
export function parseCommand(body: string, handle: string): Command | null {
  const text = body.replace(/\r\n?/g, '\n').replace(/^\s+/, '');
  const newline = text.indexOf('\n');
  const first = (newline === -1 ? text : text.slice(0, newline)).trim();
  const rest = newline === -1 ? '' : text.slice(newline + 1);
  const match = new RegExp(`^@${escaped(handle)}(?![A-Za-z0-9_\\-\\[])(.*)$`, 'i').exec(first);
  if (match === null) return null;
  const words = (match[1] ?? '').trim();
  const normalized = words.replace(/\s+/g, ' ').toLowerCase();
  if (normalized === '') return { name: 'help' };
  if (SIMPLE.has(normalized)) return { name: normalized as 'review' };
  const wrong = /^wrong(?:\s*:\s*|\s+|$)([\s\S]*)$/i.exec(words);
  if (wrong) return { name: 'wrong', reason: `${wrong[1] ?? ''}\n${rest}`.trim() };
  const learn = /^learn(?:\s*:\s*|\s+|$)([\s\S]*)$/i.exec(words);
  if (learn) return { name: 'learn', text: `${learn[1] ?? ''}\n${rest}`.trim() };
  return { name: 'unknown', words: normalized.slice(0, 60) };
}

/** Whether a comment mentions `@handle` anywhere (as GitHub links a mention: not inside a longer name or an address). */
export function mentions(body: string, handle: string): boolean {
  return new RegExp(`(?:^|[^A-Za-z0-9_/@.\`-])@${escaped(handle)}(?![A-Za-z0-9_\\-\\[])`, 'i').test(body);
}

/** The command table as Markdown, with the handle as comments write it. */
export function commandTable(handle: string): string {
  const rows = COMMANDS.map((c) => `| \`@${handle} ${c.usage}\` | ${c.where} | ${c.what} |`);
  return ['| command | where | what keybug does |', '| --- | --- | --- |', ...rows].join('\n');
}
