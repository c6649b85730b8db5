/**
 * The repository's guidance for each slice: the config file's rules, path-instructions and
 * instructions, and the instruction files (AGENTS.md, CLAUDE.md, Copilot's), all from the base
 * revision, packed per slice into `instructions-token-budget`, most specific first.
 */
import picomatch from 'picomatch';
import type { Rule } from '../config/file.js';
import { LEARNINGS_FILE, type Learning, type LearningsFile } from '../config/learnings.js';
import type { RepositoryConfig } from '../config/repository.js';
import type { Settings } from '../config/settings.js';
import type { Git } from '../git/git.js';
import { maskForPrompt } from '../safety/redact.js';
import type { Diff, GuidanceReport, GuidanceSourceUse, Slice } from '../types.js';
import { assemble, ruleLine, type GuidancePiece, type SliceGuidance } from './assemble.js';
import { applies, coversEverything, COPILOT_FILE, FOLDER_FILES, InstructionFiles, isGuidancePath, type InstructionFile } from './files.js';

export interface Guidance {
  /** Each slice's guidance, by slice id (slices with none are absent). */
  bySlice: Map<string, SliceGuidance>;
  report: GuidanceReport;
}

const matches = (globs: readonly string[], file: string): boolean => globs.length === 0 || picomatch([...globs], { dot: true })(file);

const filePiece = (file: InstructionFile, heading = file.path): GuidancePiece => ({ source: file.path, heading, text: file.text });

/** One learning as the model reads it: what was learned, and when. */
const learningLine = (l: Learning): string => `- ${l.text.replace(/\s+/g, ' ').trim()}${l.date ? ` (${l.date})` : ''}`;

/**
 * The learnings that apply to a file, as pieces: those scoped to some paths, and those for every
 * file. The heading says what they are: judgements of this repository's maintainers, most often
 * about findings they found wrong here.
 */
function learningPieces(file: string, learnings: LearningsFile | null | undefined): { scoped: GuidancePiece[]; general: GuidancePiece[] } {
  if (!learnings) return { scoped: [], general: [] };
  const piece = (items: Learning[], about: string): GuidancePiece[] =>
    items.length === 0
      ? []
      : [
          {
            source: `${learnings.path}${about === '' ? '' : ' (scoped)'}`,
            heading: `${learnings.path}: what this repository's maintainers taught keybug${about}`,
            text: items.map(learningLine).join('\n'),
          },
        ];
  const applying = learnings.learnings.filter((l) => matches(l.paths, file));
  const scoped = applying.filter((l) => l.paths.length > 0 && !coversEverything(l.paths));
  const general = applying.filter((l) => !scoped.includes(l));
  return { scoped: piece(scoped, ` about ${[...new Set(scoped.flatMap((l) => l.paths))].join(', ')}`), general: piece(general, '') };
}

/** The pieces that apply to one file, most specific first. */
function piecesFor(file: string, repository: RepositoryConfig, files: InstructionFiles | null): GuidancePiece[] {
  const config = repository.file;
  const pieces: GuidancePiece[] = [];
  const learned = learningPieces(file, repository.learnings?.file);
  if (config !== null) {
    const rules = config.rules.filter((r) => matches(r.paths, file));
    const ordered: Rule[] = [...rules.filter((r) => r.paths.length > 0), ...rules.filter((r) => r.paths.length === 0)];
    if (ordered.length > 0) {
      pieces.push({
        source: `${config.path} rules`,
        heading: `${config.path}: rules (name, severity: what the repository requires)`,
        text: ordered.map(ruleLine).join('\n'),
        rules: ordered,
      });
    }
    config.pathInstructions.forEach((p, i) => {
      if (matches(p.paths, file))
        pieces.push({
          source: `${config.path} path-instructions[${i}]`,
          heading: `${config.path}: instructions for ${p.paths.join(', ')}`,
          text: p.instructions,
        });
    });
  }
  pieces.push(...learned.scoped);
  if (files !== null) {
    for (const f of files.pathInstructionFiles) {
      if (f.applyTo !== null && !coversEverything(f.applyTo) && applies(f, file))
        pieces.push(filePiece(f, `${f.path} (applyTo: ${f.applyTo.join(', ')})`));
    }
    const nested = FOLDER_FILES.map((name) => files.nearest(name, file)).filter((f): f is InstructionFile => f !== null);
    nested.sort((a, b) => b.path.split('/').length - a.path.split('/').length);
    pieces.push(...nested.map((f) => filePiece(f)));
  }
  if (config?.instructions)
    pieces.push({
      source: `${config.path} instructions`,
      heading: `${config.path}: instructions for every file`,
      text: config.instructions.value,
    });
  pieces.push(...learned.general);
  if (files !== null) {
    for (const name of [...FOLDER_FILES, COPILOT_FILE]) {
      const f = files.get(name);
      if (f !== null) pieces.push(filePiece(f));
    }
    for (const f of files.pathInstructionFiles)
      if (f.applyTo !== null && coversEverything(f.applyTo)) pieces.push(filePiece(f, `${f.path} (applyTo: ${f.applyTo.join(', ')})`));
  }
  return pieces;
}

/** Config and instruction files the diff changes (they take effect after merge). */
export function changedGuidanceFiles(diff: Pick<Diff, 'files'>): string[] {
  const paths = new Set<string>();
  for (const f of diff.files) for (const p of [f.path, f.oldPath]) if (p !== null && isGuidancePath(p)) paths.add(p);
  return [...paths].sort();
}

/** The guidance of every slice, and what the run used of each source. */
export async function buildGuidance(input: {
  git: Git;
  repository: RepositoryConfig;
  settings: Settings;
  slices: readonly Slice[];
  diff: Pick<Diff, 'files'>;
}): Promise<Guidance> {
  const { git, repository, settings, slices } = input;
  const files = settings.instructionFiles ? await InstructionFiles.open(git, repository.rev) : null;
  const seeds = [...new Set(slices.map((s) => s.seed.file))];
  if (files !== null) await files.loadFoldersAbove(seeds);

  const perFile = new Map<string, SliceGuidance>();
  // Masked before it leaves for the endpoint (and before any prompt is printed or recorded): a
  // credential committed in an instruction file or the config file is not sent on; the model sees a
  // placeholder naming its kind. A rule's line is rebuilt from its masked description, so the rules
  // offered still match their lines.
  const redacted = (pieces: GuidancePiece[]): GuidancePiece[] =>
    pieces.map((p) => {
      if (p.rules === undefined) return { ...p, heading: maskForPrompt(p.heading), text: maskForPrompt(p.text) };
      const rules = p.rules.map((r) => ({ ...r, description: maskForPrompt(r.description) }));
      return { ...p, heading: maskForPrompt(p.heading), text: rules.map(ruleLine).join('\n'), rules };
    });
  for (const file of seeds) perFile.set(file, assemble(redacted(piecesFor(file, repository, files)), settings.instructionsTokenBudget));

  const bySlice = new Map<string, SliceGuidance>();
  const totals = new Map<string, GuidanceSourceUse>();
  for (const slice of slices) {
    const guidance = perFile.get(slice.seed.file);
    if (guidance === undefined || guidance.uses.length === 0) continue;
    if (guidance.text !== '') bySlice.set(slice.id, guidance);
    for (const use of guidance.uses) {
      const total = totals.get(use.source) ?? { source: use.source, whole: 0, cut: 0, omitted: 0, tokens: use.tokens };
      total[use.state]++;
      totals.set(use.source, total);
    }
  }
  const skipped = [...(files?.skipped ?? [])];
  if (repository.learnings?.problem) skipped.push({ path: LEARNINGS_FILE, reason: repository.learnings.problem });
  for (const other of repository.ignoredFiles)
    skipped.push({ path: other, reason: `only ${repository.file?.path ?? 'the first config file'} is read` });
  const report: GuidanceReport = {
    rev: repository.rev,
    configFile: repository.file?.path ?? null,
    ...(repository.problem !== null ? { configProblem: repository.problem } : {}),
    sources: [...totals.values()],
    skipped: uniqueByPath(skipped),
    changedByPullRequest: changedGuidanceFiles(input.diff),
  };
  return { bySlice, report };
}

/**
 * What a change whose slices came in parts (a large change, sliced part by part) used of its
 * guidance: the parts' reports in one, each source's uses counted over every part.
 */
export function joinGuidanceReports(earlier: GuidanceReport, part: GuidanceReport): GuidanceReport {
  const sources = new Map(earlier.sources.map((s) => [s.source, { ...s }]));
  for (const use of part.sources) {
    const total = sources.get(use.source);
    if (total === undefined) {
      sources.set(use.source, { ...use });
      continue;
    }
    total.whole += use.whole;
    total.cut += use.cut;
    total.omitted += use.omitted;
  }
  return { ...earlier, sources: [...sources.values()], skipped: uniqueByPath([...earlier.skipped, ...part.skipped]) };
}

function uniqueByPath(items: { path: string; reason: string }[]): { path: string; reason: string }[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.path) ? false : (seen.add(i.path), true)));
}

/** Every instruction file of a revision and what it applies to, for `keybug config --check`. */
export async function listInstructionFiles(
  git: Git,
  rev: string,
): Promise<{ files: { path: string; appliesTo: string; tokens: number }[]; skipped: { path: string; reason: string }[] }> {
  const all = await git.listFiles(rev);
  const instructions = await InstructionFiles.open(git, rev);
  const nested = all.filter((p) => (FOLDER_FILES as readonly string[]).some((name) => p.endsWith(`/${name}`)));
  await instructions.load(nested);
  const out: { path: string; appliesTo: string; tokens: number }[] = [];
  for (const name of [...FOLDER_FILES, COPILOT_FILE]) {
    const f = instructions.get(name);
    if (f !== null) out.push({ path: name, appliesTo: 'every file', tokens: f.tokens });
  }
  for (const p of nested.sort()) {
    const f = instructions.get(p);
    if (f !== null)
      out.push({
        path: p,
        appliesTo: `files under ${p.slice(0, p.lastIndexOf('/'))}/ (the nearest ${p.slice(p.lastIndexOf('/') + 1)} above a file counts)`,
        tokens: f.tokens,
      });
  }
  for (const f of instructions.pathInstructionFiles)
    out.push({
      path: f.path,
      appliesTo: coversEverything(f.applyTo ?? []) ? 'every file (applyTo)' : `files matching ${(f.applyTo ?? []).join(', ')}`,
      tokens: f.tokens,
    });
  return { files: out, skipped: instructions.skipped };
}
