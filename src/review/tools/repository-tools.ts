import type { Git } from '../../git/git.js';
import { FileStore, NameSearch, Resolver, type FoundDefinition, type Side } from '../../slicing/index.js';
import type { Diff, DiffFile } from '../../types.js';
import { refuseRegex, MAX_PATTERN_CHARS } from './search-pattern.js';
import { cleanPath, TrackedFiles } from './tracked-files.js';

/**
 * What one tool answered: the text the model reads, and how it went. `empty` answers say so in
 * their text ("no matches for …"); `refused` ones say why (a path outside the tracked files, a file
 * over 1 MB, a pattern that could run away); `invalid` ones name the argument that is wrong.
 */
export interface ToolResult {
  text: string;
  outcome: 'answered' | 'empty' | 'refused' | 'invalid';
}

/** Caps of the answers: lines shown per kind of answer, and characters per line. */
export const TOOL_CAPS = {
  /** Lines `read` shows at most (a window: the rest is asked for again). */
  readLines: 100,
  /** Lines of each definition's code `definition` shows. */
  definitionLines: 40,
  /** Lines `references` and `search` show at most; past this they say "too many results". */
  matches: 30,
  /** Commits `history` lists. */
  commits: 5,
  /** Lines of a file's diff `diff` shows. */
  diffLines: 200,
  /** Characters shown of one line of code. */
  lineChars: 300,
  /** Time a git search or history may take (the answer's own limit is 2 s). */
  gitMs: 1800,
} as const;

const SIDES: readonly Side[] = ['head', 'base'];

/** A whole number from the model's arguments, or why not. */
type Parsed<T> = { value: T } | { invalid: string };

function text(args: Record<string, unknown>, key: string, required: boolean, max = 1000): Parsed<string> {
  const v = args[key];
  if (v === undefined || v === null || v === '') return required ? { invalid: `"${key}" is required` } : { value: '' };
  if (typeof v !== 'string') return { invalid: `"${key}" must be a string` };
  if (v.length > max) return { invalid: `"${key}" is longer than ${max} characters` };
  return { value: v };
}

function whole(args: Record<string, unknown>, key: string, fallback?: number): Parsed<number> {
  const v = args[key];
  if ((v === undefined || v === null) && fallback !== undefined) return { value: fallback };
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    return { invalid: `"${key}" must be a line number (a whole number from 1)` };
  return { value: n };
}

function sideOf(args: Record<string, unknown>): Parsed<Side> {
  const v = args.side;
  if (v === undefined || v === null || v === '') return { value: 'head' };
  const side = typeof v === 'string' ? SIDES.find((s) => s === v.toLowerCase()) : undefined;
  return side === undefined ? { invalid: '"side" must be "head" (the change) or "base" (before it)' } : { value: side };
}

function bool(args: Record<string, unknown>, key: string): Parsed<boolean> {
  const v = args[key];
  if (v === undefined || v === null) return { value: false };
  return typeof v === 'boolean' ? { value: v } : { invalid: `"${key}" must be true or false` };
}

/** A line of code as answers show it: cut at TOOL_CAPS.lineChars. */
function shown(line: string): string {
  const cut =
    line.length > TOOL_CAPS.lineChars
      ? `${line.slice(0, TOOL_CAPS.lineChars)} … (${line.length - TOOL_CAPS.lineChars} more characters)`
      : line;
  return cut.replace(/\t/g, '    ');
}

/** Numbered lines, the numbers right-aligned: `  9 | code`. */
function numbered(lines: readonly { line: number; text: string }[]): string[] {
  const width = String(lines.reduce((m, l) => Math.max(m, l.line), 0)).length;
  return lines.map((l) => `${String(l.line).padStart(width)} | ${shown(l.text)}`);
}

const quoted = (s: string): string => JSON.stringify(s);

/**
 * The reviewers' and the validator's tools: read-only lookups over the tracked files of a change's
 * two revisions, answered from git objects through the resolver slicing uses (never the working
 * tree, never a shell). Every path goes through TrackedFiles first. Answers are short, numbered
 * and deterministic, and say so when they are empty or cut. Secret masking, the data marking, the
 * time limit and the per-conversation caps are the ToolSession's (session.ts); this class can be
 * used by any role or flow that has the change's git and diff.
 */
export class RepositoryTools {
  readonly files: TrackedFiles;
  private resolverOf: Resolver | null = null;
  private shallow: Promise<boolean> | null = null;

  constructor(
    private readonly git: Git,
    private readonly diff: Diff,
    /** The index cache folder slicing used (its word index is reused), or null. */
    private readonly indexCacheDir: string | null = null,
  ) {
    this.files = new TrackedFiles(git, { head: diff.headSha, base: diff.baseSha });
  }

  /** The resolver over the two revisions, made on the first lookup. */
  private get resolver(): Resolver {
    if (this.resolverOf === null) {
      const store = new FileStore(this.git, this.diff, this.indexCacheDir);
      this.resolverOf = new Resolver(store, new NameSearch(store));
    }
    return this.resolverOf;
  }

  /**
   * Lines of a tracked file at one side, through the same gate as the tools (for checking what a
   * finding cites): the lines from `start` to `end`, and how many the file has; or why not.
   */
  async lines(
    file: string,
    side: Side,
    start: number,
    end: number,
  ): Promise<{ ok: true; totalLines: number; lines: string[] } | { ok: false; refusal: string }> {
    const checked = await this.files.check(file, side);
    if (!checked.ok) return checked;
    if (checked.file.bytes === 0) return { ok: true, totalLines: 0, lines: [] };
    const read = await this.resolver.read(checked.file.path, start, end, side, Math.max(1, end - start + 1));
    if (read.totalLines === 0) return { ok: false, refusal: `${checked.file.path} is a binary file at ${side}` };
    return { ok: true, totalLines: read.totalLines, lines: read.lines.map((l) => l.text) };
  }

  /** Runs one tool by name with the model's arguments. */
  async run(tool: string, args: Record<string, unknown>): Promise<ToolResult> {
    switch (tool) {
      case 'definition':
        return this.definition(args);
      case 'references':
        return this.references(args);
      case 'read':
        return this.read(args);
      case 'search':
        return this.search(args);
      case 'history':
        return this.history(args);
      case 'diff':
        return this.fileDiff(args);
      default:
        return {
          outcome: 'invalid',
          text: `unknown tool ${quoted(tool.slice(0, 60))}; the tools are definition, references, read, search, history and diff`,
        };
    }
  }

  /** `definition(name, file, line, side)`: the definitions the resolver ties to the name at that place, each with its first lines. */
  async definition(args: Record<string, unknown>): Promise<ToolResult> {
    const name = text(args, 'name', true, 200);
    const file = text(args, 'file', true);
    const line = whole(args, 'line');
    const side = sideOf(args);
    for (const p of [name, file, line, side]) if ('invalid' in p) return { outcome: 'invalid', text: `definition: ${p.invalid}` };
    const [n, f, l, s] = [
      (name as { value: string }).value.trim(),
      (file as { value: string }).value,
      (line as { value: number }).value,
      (side as { value: Side }).value,
    ];
    const checked = await this.files.check(f, s);
    if (!checked.ok) return { outcome: 'refused', text: `definition: ${checked.refusal}` };
    const at = checked.file.path;
    const answer = await this.resolver.definition(n, at, l, s);
    const where = `${at}:${l} (${s})`;
    if (answer.definitions.length === 0) {
      return {
        outcome: 'empty',
        text: `no definition of ${quoted(n)} found from ${where}: nothing in scope there, nothing it imports or sees, and no file defining it by that name (or ${at} is in no language keybug parses); try search(${quoted(n)})`,
      };
    }
    const out = [
      `definition of ${quoted(n)} from ${where}: ${answer.definitions.length} found${answer.definitions.some((d) => d.candidate) ? ' (candidates are found by name only: nothing ties them to this place)' : ''}`,
    ];
    for (const [i, d] of answer.definitions.entries()) out.push(...(await this.definitionText(i + 1, d)));
    return { outcome: 'answered', text: out.join('\n') };
  }

  private async definitionText(index: number, d: FoundDefinition): Promise<string[]> {
    const label = `${index}. ${d.file}:${d.startLine}-${d.endLine} (${d.side}) ${d.kind}${d.container ? ` in ${d.container}` : ''} — ${d.candidate ? 'CANDIDATE: found by name only' : `tied by ${d.tie}`}`;
    const checked = await this.files.check(d.file, d.side);
    if (!checked.ok) return [label, `   (not shown: ${checked.refusal})`];
    const end = Math.min(d.endLine, d.startLine + TOOL_CAPS.definitionLines - 1);
    const read = await this.resolver.read(d.file, d.startLine, end, d.side, TOOL_CAPS.definitionLines);
    const lines = [label, ...numbered(read.lines).map((l) => `   ${l}`)];
    if (end < d.endLine)
      lines.push(`   … lines ${end + 1}-${d.endLine} not shown: read(${quoted(d.file)}, ${end + 1}, ${d.endLine}, ${quoted(d.side)})`);
    return lines;
  }

  /** `references(name, file, side)`: lines holding the name as a whole word, the asking file first. */
  async references(args: Record<string, unknown>): Promise<ToolResult> {
    const name = text(args, 'name', true, 200);
    const file = text(args, 'file', false);
    const side = sideOf(args);
    for (const p of [name, file, side]) if ('invalid' in p) return { outcome: 'invalid', text: `references: ${p.invalid}` };
    const [n, f, s] = [(name as { value: string }).value.trim(), (file as { value: string }).value, (side as { value: Side }).value];
    if (!/^[A-Za-z_$][\w$]*$/.test(n))
      return {
        outcome: 'invalid',
        text: `references: ${quoted(n.slice(0, 60))} is not a name (letters, digits, _ and $); use search for other text`,
      };
    let near: string | null = null;
    if (f !== '') {
      const checked = await this.files.check(f, s);
      if (!checked.ok) return { outcome: 'refused', text: `references: ${checked.refusal}` };
      near = checked.file.path;
    }
    const answer = await this.resolver.references(n, near, s);
    const kept: { file: string; line: number; text: string }[] = [];
    for (const r of answer.references) if (await this.files.readable(s, r.file)) kept.push(r);
    if (kept.length === 0)
      return {
        outcome: 'empty',
        text: `no references to ${quoted(n)} at ${s}${near ? ` (from ${near})` : ''}: no tracked file holds it as a whole word`,
      };
    const more = answer.truncated || kept.length > TOOL_CAPS.matches;
    const shownRefs = kept.slice(0, TOOL_CAPS.matches);
    const files = new Set(kept.map((r) => r.file)).size;
    const head = more
      ? `too many results, narrow the query: references to ${quoted(n)} at ${s} are in more than ${shownRefs.length} lines; the first ${shownRefs.length} are shown${near ? ` (${near} first, then the nearest folders)` : ''}`
      : `references to ${quoted(n)} at ${s}: ${kept.length} line(s) in ${files} file(s)${near ? ` (${near} first, then the nearest folders)` : ''}`;
    return {
      outcome: 'answered',
      text: [head, ...shownRefs.map((r, i) => `${i + 1}. ${r.file}:${r.line}: ${shown(r.text.trim())}`)].join('\n'),
    };
  }

  /** `read(file, start, end, side)`: numbered lines, at most TOOL_CAPS.readLines of them. */
  async read(args: Record<string, unknown>): Promise<ToolResult> {
    const file = text(args, 'file', true);
    const start = whole(args, 'start', 1);
    const side = sideOf(args);
    for (const p of [file, start, side]) if ('invalid' in p) return { outcome: 'invalid', text: `read: ${p.invalid}` };
    const [f, from, s] = [(file as { value: string }).value, (start as { value: number }).value, (side as { value: Side }).value];
    const end = whole(args, 'end', from + TOOL_CAPS.readLines - 1);
    if ('invalid' in end) return { outcome: 'invalid', text: `read: ${end.invalid}` };
    if (end.value < from) return { outcome: 'invalid', text: `read: "end" (${end.value}) is before "start" (${from})` };
    const checked = await this.files.check(f, s);
    if (!checked.ok) return { outcome: 'refused', text: `read: ${checked.refusal}` };
    const at = checked.file.path;
    if (checked.file.bytes === 0) return { outcome: 'empty', text: `${at} is empty at ${s}` };
    const answer = await this.resolver.read(at, from, end.value, s, TOOL_CAPS.readLines);
    if (answer.totalLines === 0) return { outcome: 'refused', text: `read: ${at} is a binary file at ${s}; it has no lines to show` };
    if (from > answer.totalLines)
      return { outcome: 'empty', text: `${at} has ${answer.totalLines} lines at ${s}; line ${from} is past its end` };
    const last = answer.lines[answer.lines.length - 1]?.line ?? from;
    const out = [`${at} lines ${from}-${last} of ${answer.totalLines} (${s})`, ...numbered(answer.lines)];
    if (answer.truncated)
      out.push(
        `… lines ${last + 1}-${Math.min(end.value, answer.totalLines)} not shown (at most ${TOOL_CAPS.readLines} lines per read): read(${quoted(at)}, ${last + 1}, ${Math.min(end.value, answer.totalLines)}, ${quoted(s)})`,
      );
    return { outcome: 'answered', text: out.join('\n') };
  }

  /** `search(text, path_glob, side)`: lines holding a fixed string (or, with regex, a guarded extended expression). */
  async search(args: Record<string, unknown>): Promise<ToolResult> {
    const needle = text(args, 'text', true, MAX_PATTERN_CHARS);
    const glob = text(args, 'path_glob', false, 300);
    const side = sideOf(args);
    const regex = bool(args, 'regex');
    for (const p of [needle, glob, side, regex]) if ('invalid' in p) return { outcome: 'invalid', text: `search: ${p.invalid}` };
    const [t, g, s, re] = [
      (needle as { value: string }).value,
      (glob as { value: string }).value.trim(),
      (side as { value: Side }).value,
      (regex as { value: boolean }).value,
    ];
    if (t.includes('\n')) return { outcome: 'invalid', text: 'search: "text" must be one line' };
    if (re) {
      const refusal = refuseRegex(t);
      if (refusal !== null) return { outcome: 'refused', text: `search: ${refusal}` };
    }
    let pathspecs: string[] = [];
    if (g !== '' && g !== '**' && g !== '*') {
      const clean = cleanPath(g, 'path_glob');
      if ('refusal' in clean) return { outcome: 'refused', text: `search: ${clean.refusal}` };
      // A glob without a folder matches names in every folder, as in .gitignore.
      pathspecs = [`:(glob)${clean.path.includes('/') ? clean.path : `**/${clean.path}`}`];
    }
    const where = `${g === '' ? 'every file' : g} at ${s}`;
    let found: Awaited<ReturnType<Git['grepLines']>>;
    try {
      found = await this.git.grepLines(s === 'head' ? this.diff.headSha : this.diff.baseSha, t, {
        regex: re,
        pathspecs,
        maxLines: TOOL_CAPS.matches * 2,
        timeoutMs: TOOL_CAPS.gitMs,
      });
    } catch (error) {
      return {
        outcome: 'invalid',
        text: `search: git could not run this search (${(error as Error).message.replace(/^git grep failed: /, '').slice(0, 200)})`,
      };
    }
    const tree = await this.files.listing(s);
    await this.files.sizesOf(found.hits.flatMap((h) => tree.get(h.file) ?? []));
    const hits: typeof found.hits = [];
    let unreadable = 0;
    for (const h of found.hits) {
      if (await this.files.readable(s, h.file)) hits.push(h);
      else unreadable++;
    }
    const skipped = unreadable > 0 ? ` (${unreadable} match(es) in symbolic links or files over 1 MB not shown)` : '';
    if (found.timedOut && hits.length === 0)
      return {
        outcome: 'refused',
        text: `search for ${quoted(t)} in ${where} was stopped after ${TOOL_CAPS.gitMs / 1000} s with no match yet: narrow the path_glob or search for a longer text`,
      };
    if (hits.length === 0) return { outcome: 'empty', text: `no matches for ${quoted(t)}${re ? ' (regex)' : ''} in ${where}${skipped}` };
    const more = found.more || hits.length > TOOL_CAPS.matches;
    const shownHits = hits.slice(0, TOOL_CAPS.matches);
    const head = more
      ? `too many results, narrow the query: ${quoted(t)} is on more than ${shownHits.length} lines in ${where}; the first ${shownHits.length} are shown (a longer text, or a path_glob such as 'src/net/**', narrows it)`
      : found.timedOut
        ? `search for ${quoted(t)} in ${where} was stopped after ${TOOL_CAPS.gitMs / 1000} s: the ${hits.length} line(s) found by then`
        : `${quoted(t)}${re ? ' (regex)' : ''} in ${where}: ${hits.length} line(s)`;
    return {
      outcome: 'answered',
      text: [head + skipped, ...shownHits.map((h, i) => `${i + 1}. ${h.file}:${h.line}: ${shown(h.text.trim())}`)].join('\n'),
    };
  }

  /** `history(file, line, side)`: the commits that last changed the line, newest first: dates and subjects only. */
  async history(args: Record<string, unknown>): Promise<ToolResult> {
    const file = text(args, 'file', true);
    const line = whole(args, 'line');
    const side = sideOf(args);
    for (const p of [file, line, side]) if ('invalid' in p) return { outcome: 'invalid', text: `history: ${p.invalid}` };
    const [f, l, s] = [(file as { value: string }).value, (line as { value: number }).value, (side as { value: Side }).value];
    const checked = await this.files.check(f, s);
    if (!checked.ok) return { outcome: 'refused', text: `history: ${checked.refusal}` };
    const at = checked.file.path;
    const lines = await this.resolver.read(at, l, l, s, 1);
    if (lines.totalLines === 0) return { outcome: 'refused', text: `history: ${at} is a binary or empty file at ${s}` };
    if (l > lines.totalLines) return { outcome: 'empty', text: `${at} has ${lines.totalLines} lines at ${s}; line ${l} is past its end` };
    let found: Awaited<ReturnType<Git['lineHistory']>>;
    try {
      found = await this.git.lineHistory(s === 'head' ? this.diff.headSha : this.diff.baseSha, at, l, {
        maxLines: TOOL_CAPS.commits,
        timeoutMs: TOOL_CAPS.gitMs,
      });
    } catch (error) {
      return {
        outcome: 'empty',
        text: `no history of ${at}:${l} at ${s}: git could not follow the line (${(error as Error).message.slice(0, 160)})`,
      };
    }
    if (found.commits.length === 0)
      return {
        outcome: found.timedOut ? 'refused' : 'empty',
        text: found.timedOut
          ? `history of ${at}:${l} at ${s} was stopped after ${TOOL_CAPS.gitMs / 1000} s before a commit was found`
          : `no history of ${at}:${l} at ${s}`,
      };
    this.shallow ??= this.git.isShallow().catch(() => false);
    const cut = (await this.shallow) ? '; the clone is shallow, so older commits are not known' : '';
    const head = `history of ${at} line ${l} (${s}): the ${found.commits.length} latest commit(s) that changed it, newest first${found.more ? ` (older ones not shown)` : ''}${found.timedOut ? ` (stopped after ${TOOL_CAPS.gitMs / 1000} s)` : ''}${cut}`;
    return {
      outcome: 'answered',
      text: [head, ...found.commits.map((c, i) => `${i + 1}. ${c.date} ${c.id.slice(0, 10)} ${shown(c.subject).slice(0, 160)}`)].join('\n'),
    };
  }

  /** `diff(file)`: the change's hunks of one file, numbered as slices are (` 12` kept, `+13` added, `-14` deleted). */
  async fileDiff(args: Record<string, unknown>): Promise<ToolResult> {
    const file = text(args, 'file', true);
    if ('invalid' in file) return { outcome: 'invalid', text: `diff: ${file.invalid}` };
    const clean = cleanPath(file.value);
    if ('refusal' in clean) return { outcome: 'refused', text: `diff: ${clean.refusal}` };
    const changed = this.diff.files.find((d) => d.path === clean.path) ?? this.diff.files.find((d) => d.oldPath === clean.path);
    if (changed === undefined) return { outcome: 'empty', text: `${clean.path} is not changed by this change (read shows its lines)` };
    const side: Side = changed.status === 'deleted' ? 'base' : 'head';
    const checked = await this.files.check(side === 'base' ? (changed.oldPath ?? changed.path) : changed.path, side);
    if (!checked.ok) return { outcome: 'refused', text: `diff: ${checked.refusal}` };
    return { outcome: 'answered', text: renderFileDiff(changed) };
  }
}

/** One file's diff as the `diff` tool shows it, cut at TOOL_CAPS.diffLines lines. */
export function renderFileDiff(file: DiffFile): string {
  const moved = file.oldPath !== null && file.oldPath !== file.path ? `, from ${file.oldPath}` : '';
  const out = [`diff of ${file.path} (${file.status}${moved}, +${file.additions} -${file.deletions})`];
  if (file.binary || file.hunks.length === 0) {
    out.push(file.binary ? 'binary file: no lines to show' : 'no changed lines (a mode change, or the file was moved unchanged)');
    return out.join('\n');
  }
  let lines = 0;
  let left = 0;
  for (const hunk of file.hunks) {
    for (const l of [{ op: '@', text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@` }, ...hunk.lines]) {
      if (lines === TOOL_CAPS.diffLines) {
        left++;
        continue;
      }
      lines++;
      if (l.op === '@') out.push(l.text);
      else {
        const d = l as { op: '+' | '-' | ' '; old: number | null; new: number | null; text: string };
        out.push(`${d.op}${d.op === '-' ? d.old : d.new} ${shown(d.text)}`);
      }
    }
  }
  if (left > 0) out.push(`… ${left} more line(s) of the diff not shown; read the file at head or base for the rest`);
  return out.join('\n');
}
