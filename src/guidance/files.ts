import path from 'node:path/posix';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';
import type { Git } from '../git/git.js';
import { LEARNINGS_FILE } from '../config/learnings-schema.js';
import { CONFIG_FILES } from '../config/precedence.js';
import { estimateTokens } from '../support/tokens.js';

/**
 * The instruction files coding tools already read, taken from the base revision: AGENTS.md and
 * CLAUDE.md (the root ones and the nearest one above a file), .github/copilot-instructions.md, and
 * .github/instructions/**\/*.instructions.md whose `applyTo` globs match the file.
 */

/** Names of the per-folder instruction files, each looked up at the root and above every file. */
export const FOLDER_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;
export const COPILOT_FILE = '.github/copilot-instructions.md';
export const COPILOT_FOLDER = '.github/instructions';
const COPILOT_SUFFIX = '.instructions.md';

/** Text kept of one file: far past any instructions budget (at most 100,000 tokens). */
const MAX_TEXT_CHARS = 1024 * 1024;

/** One instruction file as read from the revision. */
export interface InstructionFile {
  path: string;
  /** The text given to the model (front matter removed; at most MAX_TEXT_CHARS). */
  text: string;
  /** Estimated tokens of the whole file's text. */
  tokens: number;
  /** For .github/instructions files: the `applyTo` globs; null for the others. */
  applyTo: string[] | null;
}

/** True for the config file, the learnings file and the instruction files: what a pull request cannot use to steer its own review. */
export function isGuidancePath(file: string): boolean {
  if (CONFIG_FILES.includes(file) || file === COPILOT_FILE || file === LEARNINGS_FILE) return true;
  if ((FOLDER_FILES as readonly string[]).includes(path.basename(file))) return true;
  return file.startsWith(`${COPILOT_FOLDER}/`) && file.endsWith(COPILOT_SUFFIX);
}

/** `applyTo` globs that cover every file: such a file is repository-wide guidance. */
export const coversEverything = (globs: readonly string[]): boolean => globs.some((g) => g === '**' || g === '**/*' || g === '*');

/** The folders above a file, nearest first, without the root: src/a/b.c → src/a, src. */
export function foldersAbove(file: string): string[] {
  const out: string[] = [];
  for (let dir = path.dirname(file); dir !== '.' && dir !== '/' && dir !== ''; dir = path.dirname(dir)) out.push(dir);
  return out;
}

/** Splits YAML front matter (`---` … `---`) from a Markdown file. */
function frontMatter(text: string): { data: unknown; body: string } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (match === null) return null;
  return { data: parseYaml(match[1] ?? '', { maxAliasCount: 10 }) as unknown, body: text.slice(match[0].length) };
}

/** Text of a blob, or why it is not used. */
function textOf(blob: Buffer): { text: string; tokens: number } | { skip: string } {
  if (blob.includes(0)) return { skip: 'binary file' };
  const full = blob.toString('utf8').replace(/\r\n/g, '\n');
  if (full.trim() === '') return { skip: 'empty file' };
  return { text: full.length > MAX_TEXT_CHARS ? full.slice(0, MAX_TEXT_CHARS) : full, tokens: estimateTokens(full) };
}

/** Instruction files of one revision, read once each, as the slices of a run ask for them. */
export class InstructionFiles {
  private readonly files = new Map<string, InstructionFile | null>();
  /** Files found but not used, with the reason. */
  readonly skipped: { path: string; reason: string }[] = [];
  private copilot: InstructionFile[] = [];

  private constructor(
    private readonly git: Git,
    readonly rev: string,
  ) {}

  /** Reads the repository-wide files and the .github/instructions files of `rev`. */
  static async open(git: Git, rev: string): Promise<InstructionFiles> {
    const files = new InstructionFiles(git, rev);
    await files.load([...FOLDER_FILES, COPILOT_FILE]);
    const listed = (await git.listFiles(rev, [COPILOT_FOLDER])).filter((f) => f.endsWith(COPILOT_SUFFIX)).sort();
    await files.load(listed);
    files.copilot = listed.map((f) => files.files.get(f)).filter((f): f is InstructionFile => f !== null && f !== undefined);
    return files;
  }

  /** Reads the files not read yet (a missing one is remembered as absent). */
  async load(paths: string[]): Promise<void> {
    const wanted = paths.filter((p) => !this.files.has(p));
    if (wanted.length === 0) return;
    const blobs = await this.git.readBlobs(wanted.map((p) => `${this.rev}:${p}`));
    for (const p of wanted) {
      const blob = blobs.get(`${this.rev}:${p}`) ?? null;
      this.files.set(p, blob === null ? null : this.parse(p, blob));
    }
  }

  private parse(file: string, blob: Buffer): InstructionFile | null {
    const read = textOf(blob);
    if ('skip' in read) {
      this.skipped.push({ path: file, reason: read.skip });
      return null;
    }
    if (!file.startsWith(`${COPILOT_FOLDER}/`)) return { path: file, text: read.text, tokens: read.tokens, applyTo: null };
    let matter: ReturnType<typeof frontMatter>;
    try {
      matter = frontMatter(read.text);
    } catch (error) {
      this.skipped.push({ path: file, reason: `its front matter is not valid YAML (${(error as Error).message.split('\n')[0]})` });
      return null;
    }
    const data = (matter?.data ?? {}) as Record<string, unknown>;
    const excluded = ([] as unknown[]).concat(data.excludeAgent ?? []).map(String);
    if (excluded.includes('code-review')) {
      this.skipped.push({ path: file, reason: 'excludeAgent: code-review' });
      return null;
    }
    const applyTo = ([] as unknown[])
      .concat(data.applyTo ?? [])
      .flatMap((g) => String(g).split(','))
      .map((g) => g.trim())
      .filter((g) => g !== '');
    if (applyTo.length === 0) {
      this.skipped.push({ path: file, reason: 'no applyTo in its front matter, so it applies to no file' });
      return null;
    }
    const body = matter?.body ?? read.text;
    if (body.trim() === '') {
      this.skipped.push({ path: file, reason: 'empty file' });
      return null;
    }
    return { path: file, text: body, tokens: estimateTokens(body), applyTo };
  }

  /** A file read earlier; null when the revision has none there (or it is not used). */
  get(file: string): InstructionFile | null {
    return this.files.get(file) ?? null;
  }

  /** The .github/instructions files, each with its applyTo globs. */
  get pathInstructionFiles(): readonly InstructionFile[] {
    return this.copilot;
  }

  /** Reads the AGENTS.md and CLAUDE.md files of every folder above the given files. */
  async loadFoldersAbove(files: string[]): Promise<void> {
    const folders = new Set(files.flatMap(foldersAbove));
    await this.load([...folders].flatMap((dir) => FOLDER_FILES.map((name) => `${dir}/${name}`)));
  }

  /** The nearest `name` (AGENTS.md or CLAUDE.md) above a file, not counting the root one; null when none. */
  nearest(name: (typeof FOLDER_FILES)[number], file: string): InstructionFile | null {
    for (const dir of foldersAbove(file)) {
      const found = this.get(`${dir}/${name}`);
      if (found !== null) return found;
    }
    return null;
  }
}

/** True when a .github/instructions file applies to `file`. */
export function applies(instruction: InstructionFile, file: string): boolean {
  return instruction.applyTo !== null && picomatch(instruction.applyTo, { dot: true })(file);
}
