import { GitError, type Git } from '../git/git.js';
import { Attributes } from '../diff/attributes.js';
import { collectGarbage } from '../support/heap-flags.js';
import type { Diff, DiffFile, FileCoverage, Slice, SliceAlgorithm, SliceLine, SliceSection, SliceStats, Unreviewed } from '../types.js';
import { applyAlgorithm, originalDiff } from './algorithms.js';
import type { SliceContext } from './unit-trace.js';
import { withCompactSections } from './compact-sections.js';
import type { Side } from './definition.js';
import { FileIndex } from './file-index.js';
import { hunkSlices, longLinePieces } from './hunk-slice.js';
import { languageOf } from './language-of.js';
import { LineMap } from './line-map.js';
import type { PackChooser } from './packs.js';
import { FileStore } from './file-store.js';
import { NameSearch } from './name-search.js';
import { Resolver } from './resolver.js';
import { charsForTokens, estimateTokens } from '../support/tokens.js';
import { renderSections, sectionsOf, type RenderSource } from './render.js';
import { deletesCode, needsBaseFor, SeedCache, seedUnits, type SeedUnit } from './seeds.js';
import type { SliceContent } from './slice-content.js';
import { appendAll, maxOf } from '../support/many.js';

export interface SliceOptions {
  algorithm: SliceAlgorithm;
  /** Token budget per slice; a larger slice is rebuilt with the next weaker algorithm, then split. */
  tokenBudget: number;
  /** The base revision's `.gitattributes` (`linguist-language` names a file's language when nothing else does). */
  attributes?: Attributes;
  /**
   * The run's time limit (epoch ms, time-limit-minutes): files not planned by then are not sliced,
   * and listed as missed; seeds still to grow get their original-diff slice.
   */
  deadline?: number;
  /** The folder keeping the word index between runs (`index-cache`, see word-index-cache.ts); none when absent. */
  indexCache?: string | null;
  /** Changed files planned and sliced together (default PART_FILES): a larger change is sliced in parts of this many. */
  partFiles?: number;
  /** Changed statements a part holds at most (default PART_STATEMENTS): a part ends after the file that reaches it. */
  partStatements?: number;
  /** Time one changed file's slices may spend growing (searches, expansion) before its remaining seeds get their original-diff slice. */
  fileTimeLimitMs?: number;
  /**
   * Record, per slice, which name at which use each shown definition answers and how it was tied
   * (Slice.resolutions), for measuring slices against the languages' own resolvers. Off by default:
   * the slices are the same either way.
   */
  explain?: boolean;
  /**
   * Hears the slices as they are made: each part's as soon as the part is sliced, then those of the
   * files reviewed from their diff alone. The run then keeps none of them (SliceResult.slices is
   * empty), so that a consumer writing or reviewing them holds a part's slices at a time, not the
   * change's. The run waits for each call before it slices the next part.
   */
  onSlices?: (slices: Slice[]) => void | Promise<void>;
  /** Hears how far slicing is, after each changed file is read and each part is sliced (cheap to call often; the listener decides what to print). */
  onProgress?: (progress: SliceProgress) => void;
}

/** How far a slicing run is: changed files read (parsed and planned) and sliced, of `files`, and slices made so far. */
export interface SliceProgress {
  files: number;
  read: number;
  sliced: number;
  slices: number;
}

/** Default of `fileTimeLimitMs`: a file whose slices grow slowly (many searches, pathological nesting) cannot hold up the run. */
const FILE_SLICING_MS = 20_000;

export interface SliceResult {
  slices: Slice[];
  stats: SliceStats;
}

/** The algorithms that trace the data flow of the changed statements (see algorithms.ts). */
const FLOW_ALGORITHMS: ReadonlySet<SliceAlgorithm> = new Set(['left-flow', 'full-flow']);

/** Weaker algorithms to fall back to, in order, when a slice is over budget. */
const DEGRADE: Record<SliceAlgorithm, SliceAlgorithm[]> = {
  'full-flow': ['left-flow', 'parent-function', 'original-diff'],
  'left-flow': ['parent-function', 'original-diff'],
  'parent-function': ['original-diff'],
  'original-diff': [],
};

/** The line map of a file outside the diff: every line maps to itself. */
const UNCHANGED = new LineMap(null);

/** Bound on Algorithm 3's absorb-and-expand rounds for one slice. */
const MAX_EXPANSIONS = 64;

/** What became of one changed file before its slices were built. */
type FilePlan =
  | { units: SeedUnit[]; language: string }
  | { diffOnly: string; language: string }
  | { skipped: string; language: string | null; missed?: boolean };

/** What became of one changed file, as its coverage says: a planned file by how many statements it had to slice. */
type FileOutcome = Exclude<FilePlan, { units: SeedUnit[] }> | { statements: number; language: string };

/**
 * Algorithm 1: parses the changed files and slices their changed statements (sliceUnits), a part of
 * PART_FILES files at a time when the change is larger. Files no pack parses (or too large to
 * parse) are sliced from their diff hunks alone.
 */
export async function sliceChange(git: Git, diff: Diff, files: DiffFile[], options: SliceOptions): Promise<SliceResult> {
  const started = performance.now();
  // original-diff and parent-function (and what degrades to them) never ask the data flow: the changed files are parsed without it.
  const store = new FileStore(git, diff, options.indexCache ?? null, FLOW_ALGORITHMS.has(options.algorithm));
  const names = new NameSearch(store);
  const resolver = new Resolver(store, names);
  // A file's line map is built when first asked: a review of 100 of a change's 1,000 files reads few of them.
  const changedFiles = new Map<string, DiffFile>();
  for (const f of diff.files) {
    changedFiles.set(f.path, f);
    if (f.oldPath !== null && f.oldPath !== f.path) changedFiles.set(f.oldPath, f);
  }
  const maps = new Map<DiffFile, LineMap>();
  const mapOf = (file: DiffFile): LineMap => {
    let map = maps.get(file);
    if (map === undefined) maps.set(file, (map = new LineMap(file)));
    return map;
  };
  const lineMap = (path: string): LineMap => {
    const file = changedFiles.get(path);
    return file === undefined ? UNCHANGED : mapOf(file);
  };
  const ctx: SliceContext = { resolver, lineMap, explain: options.explain === true };
  const outcomes = new Map<DiffFile, FileOutcome>();
  // The slices not yet handed on (with onSlices), or all of them; ids count every slice of the run.
  let slices: Slice[] = [];
  let made = 0;
  // How far the run is, for onProgress: changed files read, and sliced (a part at a time).
  const reached = { read: 0, sliced: 0 };
  const progress = (): void => options.onProgress?.({ files: files.length, ...reached, slices: made });
  const push = (slice: Omit<Slice, 'id'>): void => {
    slices.push(withCompactSections({ id: `s${++made}`, ...slice }));
    progress();
  };
  const handOn = async (): Promise<void> => {
    if (options.onSlices === undefined || slices.length === 0) return;
    const done = slices;
    slices = [];
    await options.onSlices(done);
  };
  const source: RenderSource = {
    // The changed files and every file read for a definition: the repository keeps each file it parsed.
    file: (side: Side, path: string) => store.parsedFile(side, path),
    lineMap,
  };
  const spent = new Map<string, number>();
  const languages = new Map<string, string>();
  /** Changed files' units reviewed from the diff as imports tied to nothing (sliceUnits), with why. */
  const fromDiff = new Map<DiffFile, { units: number; why: Set<string> }>();

  try {
    const chooser = await store.chooser('head');
    // A run whose slices trace data flow searches the repository: its word index is built while the changed files are parsed.
    if (FLOW_ALGORITHMS.has(options.algorithm) && files.some((f) => f.hunks.length > 0 && !f.binary && chooser.packFor(f.path) !== null))
      names.prepare();
    // The next files' bytes are read while the ones before them are parsed.
    const pastDeadline = (): boolean => options.deadline !== undefined && Date.now() >= options.deadline;
    const readNext = (from: number): Promise<void> => {
      if (pastDeadline()) return Promise.resolve();
      const reading = readAhead(store, chooser, files.slice(from, from + READ_AHEAD_FILES), mapOf);
      // Awaited at the next batch; handled now, so that a failure while planning throws is not also an unhandled rejection.
      reading.catch(() => undefined);
      return reading;
    };
    let ahead = readNext(0);
    const partFiles = Math.max(1, options.partFiles ?? PART_FILES);
    const partStatements = Math.max(1, options.partStatements ?? PART_STATEMENTS);
    for (let from = 0, to = 0; from < files.length; from = to) {
      const units: SeedUnit[] = [];
      // A part ends at partFiles files, or after the file that brings its statements to partStatements.
      for (to = from; to < Math.min(files.length, from + partFiles) && units.length < partStatements; to++) {
        const order = to;
        const file = files[order] as DiffFile;
        if (order % READ_AHEAD_FILES === 0) {
          await ahead;
          // Past the time limit no file is planned: nothing more is read for them.
          ahead = readNext(order + READ_AHEAD_FILES);
        }
        const plan: FilePlan = pastDeadline()
          ? { skipped: "not sliced: the run's time limit (time-limit-minutes) was reached first", language: null, missed: true }
          : await planFile(store, file, mapOf(file), order, options.attributes ?? Attributes.none);
        languages.set(file.path, plan.language ?? 'text');
        reached.read = order + 1;
        progress();
        if (!('units' in plan)) {
          outcomes.set(file, plan);
          continue;
        }
        // One at a time: a 1 MB file's tens of thousands of statements are too many for a spread's arguments.
        for (const unit of plan.units) units.push(unit);
        // What coverage needs of the file: whether it had statements to slice, not them (they hold its parsed file).
        outcomes.set(file, { statements: plan.units.length, language: plan.language });
      }
      await sliceUnits(units, options, ctx, source, spent, languages, push, (file, count, why) => {
        const known = fromDiff.get(file) ?? { units: 0, why: new Set<string>() };
        known.units += count;
        known.why.add(why);
        fromDiff.set(file, known);
      });
      reached.sliced = to;
      progress();
      // The part's files are let go (and collected, so that V8 sizes its heap for what is still live)
      // before its slices are handed on: a change larger than one part holds one part's parsed files
      // at a time, and a consumer reviewing a part's slices does not hold that part's files too.
      if (to < files.length || options.onSlices !== undefined) {
        units.length = 0;
        maps.clear();
        store.forgetFiles();
        resolver.forget();
        collectGarbage();
      }
      await handOn();
    }
    await ahead;
    const coverage: FileCoverage[] = [];
    const skipped: Unreviewed[] = [];
    for (const [file, plan] of outcomes) {
      if ('statements' in plan) {
        const diffed = fromDiff.get(file);
        coverage.push(
          plan.statements === 0
            ? { path: file.path, language: plan.language, coverage: 'skipped', reason: NOTHING_CHANGED }
            : diffed !== undefined && diffed.units >= plan.statements
              ? { path: file.path, language: plan.language, coverage: 'diff', reason: [...diffed.why].join('; ') }
              : { path: file.path, language: plan.language, coverage: 'context' },
        );
      } else if ('diffOnly' in plan) {
        const hunks = hunkSlices(file, plan.diffOnly, options.algorithm, plan.language, options.tokenBudget);
        hunks.forEach(push);
        coverage.push(
          hunks.length > 0
            ? { path: file.path, language: plan.language, coverage: 'diff', reason: plan.diffOnly }
            : { path: file.path, language: plan.language, coverage: 'skipped', reason: NOTHING_CHANGED },
        );
      } else {
        coverage.push({
          path: file.path,
          language: plan.language,
          coverage: plan.missed === true ? 'unreviewed' : 'skipped',
          reason: plan.skipped,
        });
      }
      const entry = coverage[coverage.length - 1] as FileCoverage;
      if (entry.coverage === 'skipped' || entry.coverage === 'unreviewed')
        skipped.push(
          entry.coverage === 'unreviewed'
            ? { path: file.path, reason: entry.reason ?? '', missed: true }
            : { path: file.path, reason: entry.reason ?? '' },
        );
    }
    await handOn();
    const factsCache = store.saveFacts();
    const manifestProblems = await store.manifestProblems();
    return {
      slices,
      stats: {
        filesParsed: store.filesParsed,
        bytesParsed: store.bytesParsed,
        bytesIndexed: names.bytesIndexed,
        milliseconds: Math.round(performance.now() - started),
        indexMs: Math.round(names.indexMs),
        parseMs: Math.round(store.parseMs),
        ...(names.indexCache !== undefined ? { indexCache: names.indexCache } : {}),
        ...(names.indexThreadFailure !== undefined ? { indexThreadFailure: names.indexThreadFailure } : {}),
        ...(factsCache !== undefined ? { factsCache } : {}),
        ...(manifestProblems.length > 0 ? { manifestProblems } : {}),
        skipped,
        files: coverage,
      },
    };
  } finally {
    names.close(); // ends the word index's thread if it is still building
    git.close(); // ends the blob reader this run started
  }
}

/**
 * Algorithm 1's loop: puts the changed statements in the cache, then takes contiguous segments as
 * seeds (Algorithm 4) and grows each into a slice (Algorithm 3); a cached statement a slice already
 * shows joins that slice and is never sliced again.
 */
async function sliceUnits(
  units: SeedUnit[],
  options: SliceOptions,
  ctx: SliceContext,
  source: RenderSource,
  spent: Map<string, number>,
  languages: ReadonlyMap<string, string>,
  push: (slice: Omit<Slice, 'id'>) => void,
  fromDiff: (file: DiffFile, units: number, why: string) => void,
): Promise<void> {
  const cache = new SeedCache(units);
  const fileLimit = options.fileTimeLimitMs ?? FILE_SLICING_MS;
  while (cache.size > 0) {
    const seed = cache.takeContiguous();
    const first = seed[0] as SeedUnit;
    const last = seed[seed.length - 1] as SeedUnit;
    const all = [...seed];
    const outOfTime = (options.deadline !== undefined && Date.now() >= options.deadline) || (spent.get(first.path) ?? 0) >= fileLimit;
    const algorithm = outOfTime ? 'original-diff' : options.algorithm;
    const growing = performance.now();
    let content = await applyAlgorithm(algorithm, all, ctx);
    for (let round = 0; round < MAX_EXPANSIONS; round++) {
      const covered = cache.takeShownIn(content);
      if (covered.length === 0) break;
      const absorbed = [...covered, ...cache.takeAdjacent(covered)];
      appendAll(all, absorbed);
      content = content.union(await applyAlgorithm(algorithm, absorbed, ctx));
    }
    const seedInfo = {
      file: first.path,
      startLine: first.range.start,
      endLine: Math.max(maxOf(seed.map((u) => u.range.end)), last.range.end),
    };
    const late = outOfTime && options.algorithm !== 'original-diff' ? { degraded: OUT_OF_TIME } : {};
    // Imports that nothing is tied to: the changed lines with the lines around them, as the diff shows them, saying why; the file's coverage says so too.
    const untied = untiedWhy(all, content);
    const diffSlice = untied === null ? null : fromDiffSlice(seedInfo, all, untied, options, source);
    if (untied !== null && diffSlice !== null) {
      push({ ...diffSlice, language: languages.get(first.path) ?? 'text' });
      const file = ctx.lineMap(first.path).file;
      if (file !== null) fromDiff(file, all.length, untied);
    } else
      for (const slice of await withinBudget(seedInfo, all, content, algorithm, options, ctx, source))
        push({ ...late, ...slice, language: languages.get(first.path) ?? 'text' });
    spent.set(first.path, (spent.get(first.path) ?? 0) + performance.now() - growing);
    // A file whose every changed statement is in a slice needs its data flow no more.
    for (const index of new Set(all.map((u) => u.index))) if (!cache.holds(index.path, index.side)) index.releaseFlow();
  }
}

/**
 * Why a seed's changed units are reviewed from the diff: each is a change of imports alone that
 * the flow tied to nothing (SliceContent.untied) and the slice shows nothing but the changed lines
 * and the headers around them. Null when the slice shows more.
 */
function untiedWhy(units: readonly SeedUnit[], content: SliceContent): string | null {
  if (!units.every((u) => content.untied.has(u.key)) || !originalDiff([...units]).contains(content)) return null;
  return [...new Set(units.map((u) => content.untied.get(u.key) as string))].join('; ');
}

/**
 * The slice of units reviewed from the diff: their changed lines with DIFF_CONTEXT lines around
 * them (as a diff shows them) and the headers around those, each section saying why; null when it
 * is over the token budget (the usual slice then splits it).
 */
function fromDiffSlice(
  seed: Slice['seed'],
  units: readonly SeedUnit[],
  why: string,
  options: SliceOptions,
  source: RenderSource,
): Omit<Slice, 'id' | 'language'> | null {
  const shown = originalDiff([...units]);
  for (const u of units)
    for (const l of [u.range.start, u.range.end, ...u.riders])
      shown.addRange(u.path, u.side, Math.max(1, l - DIFF_CONTEXT), Math.min(u.index.lines.length, l + DIFF_CONTEXT));
  const sections = sectionsOf(shown, source).map((s) => ({ ...s, diffOnly: why }));
  const rendered = renderSections(sections);
  const tokens = estimateTokens(rendered, 'code');
  if (tokens > options.tokenBudget) return null;
  return {
    algorithm: 'original-diff',
    requestedAlgorithm: options.algorithm,
    seed,
    sections,
    rendered,
    tokens,
    ...(options.explain === true ? { resolutions: [] } : {}),
  };
}

/** Lines shown around changed lines reviewed from the diff, as git's diff shows them. */
const DIFF_CONTEXT = 3;

/** Why a slice is weaker than requested. */
const OUT_OF_TIME = "out of slicing time: the file's 20 s or the run's time limit";
const OVER_BUDGET = 'over slice-token-budget';

/** Why a changed file has no slice although it was read. */
const NOTHING_CHANGED = 'nothing to review: only blank lines, comments, brackets or whitespace inside lines changed';

/**
 * Renders the slice; over budget, rebuilds it with weaker algorithms down to original-diff; still
 * over, splits its changed statements into several original-diff slices that fit (and a single
 * statement too large for any into parts of its lines), so no text is cut without saying so.
 */
async function withinBudget(
  seed: Slice['seed'],
  units: SeedUnit[],
  content: SliceContent,
  built: SliceAlgorithm,
  options: SliceOptions,
  ctx: SliceContext,
  source: RenderSource,
): Promise<Omit<Slice, 'id' | 'language'>[]> {
  let algorithm = built;
  let shown = content;
  let sections = sectionsOf(content, source);
  let rendered = renderSections(sections);
  for (const weaker of DEGRADE[built]) {
    if (estimateTokens(rendered, 'code') <= options.tokenBudget) break;
    algorithm = weaker;
    shown = weaker === 'original-diff' ? originalDiff(units) : await applyAlgorithm(weaker, units, ctx);
    sections = sectionsOf(shown, source);
    rendered = renderSections(sections);
  }
  const explained = options.explain === true ? { resolutions: shown.resolutions ?? [] } : {};
  const slice = {
    algorithm,
    requestedAlgorithm: options.algorithm,
    ...(algorithm !== built ? { degraded: OVER_BUDGET } : {}),
    seed,
    sections,
    rendered,
    tokens: estimateTokens(rendered, 'code'),
    ...explained,
  };
  if (slice.tokens <= options.tokenBudget) return [slice];
  return splitOverBudget(units, options, source);
}

/** Original-diff slices of groups of consecutive units that each fit the budget; a unit alone over it is shown in parts. */
function splitOverBudget(units: SeedUnit[], options: SliceOptions, source: RenderSource): Omit<Slice, 'id' | 'language'>[] {
  const out: Omit<Slice, 'id' | 'language'>[] = [];
  const render = (group: SeedUnit[]): { sections: SliceSection[]; rendered: string } => {
    const sections = sectionsOf(originalDiff(group), source);
    return { sections, rendered: renderSections(sections) };
  };
  const emit = (group: SeedUnit[], sections: SliceSection[], rendered: string): void => {
    const first = group[0] as SeedUnit;
    out.push({
      algorithm: 'original-diff',
      requestedAlgorithm: options.algorithm,
      ...(options.algorithm !== 'original-diff' ? { degraded: OVER_BUDGET } : {}),
      seed: { file: first.path, startLine: first.range.start, endLine: maxOf(group.map((u) => u.range.end)) },
      sections,
      rendered,
      tokens: estimateTokens(rendered, 'code'),
      ...(options.explain === true ? { resolutions: [] } : {}),
    });
  };
  let group: SeedUnit[] = [];
  const sorted = [...units].sort((a, b) => a.fileOrder - b.fileOrder || a.range.start - b.range.start);
  for (const unit of sorted) {
    const tried = render([...group, unit]);
    if (estimateTokens(tried.rendered, 'code') <= options.tokenBudget) {
      group.push(unit);
      continue;
    }
    if (group.length > 0) {
      const done = render(group);
      emit(group, done.sections, done.rendered);
    }
    group = [unit];
    const alone = render(group);
    if (estimateTokens(alone.rendered, 'code') > options.tokenBudget) {
      for (const part of partsOf(alone.sections, options.tokenBudget)) emit(group, part, renderSections(part));
      group = [];
    }
  }
  if (group.length > 0) {
    const done = render(group);
    emit(group, done.sections, done.rendered);
  }
  // Each slice of a change split in several says which part it is.
  return out.length < 2
    ? out
    : out.map((slice, i) =>
        slice.degraded === undefined ? slice : { ...slice, degraded: `${slice.degraded}: part ${i + 1} of ${out.length} of the change` },
      );
}

/** A slice's sections cut into consecutive parts whose lines fit the budget, each part's headers saying which it is. */
function partsOf(sections: SliceSection[], tokenBudget: number): SliceSection[][] {
  const chars = Math.max(200, charsForTokens(tokenBudget, 'code') - 400);
  const parts: SliceSection[][] = [];
  let current: SliceSection[] = [];
  let size = 0;
  for (const section of sections) {
    let lines: SliceLine[] = [];
    const flush = (): void => {
      if (lines.length > 0) current.push({ ...section, lines });
      lines = [];
    };
    // A line longer than a part is split in pieces, a part each: nothing of it goes unseen.
    for (const line of section.lines.flatMap((l) => longLinePieces(l, chars))) {
      const cost = line.text.length + 10;
      if (size + cost > chars && (lines.length > 0 || current.length > 0)) {
        flush();
        parts.push(current);
        current = [];
        size = 0;
      }
      lines.push(line);
      size += Math.min(cost, chars);
    }
    flush();
  }
  if (current.length > 0) parts.push(current);
  return parts.map((part, i) =>
    part.map((s) => ({ ...s, note: `part ${i + 1} of ${parts.length}: the change is over slice-token-budget` })),
  );
}

/**
 * Changed files planned and sliced together. A larger change is sliced in parts of this many files,
 * each part's parsed files let go before the next is planned, so that memory follows a part and not
 * the change; a statement of a later part that an earlier part's slice shows gets a slice of its own.
 * As many as a review's default max-files: such a review is one part. Every file of RocksDB's
 * 1,030-file range peaked at 475-478 MB in parts of 100 (841-870 MB in one); parts of 50 saved
 * 30-50 MB more there but made a 100-file review 20% slower (the commit that set it has the figures).
 */
const PART_FILES = 100;

/**
 * Changed statements a part holds at most: a part ends after the file that reaches this many. A
 * hundred files can hold ten times the statements of another hundred (RocksDB's HEAD~900..HEAD
 * made 722 slices of its first hundred files and about 5,000 of its second), and a part's
 * statements are what its slicing and the review of its slices hold.
 */
const PART_STATEMENTS = 2000;

/** Changed files whose bytes are read in one batch before they are planned. */
const READ_AHEAD_FILES = 16;

/**
 * Reads the next changed files a pack parses in one batch: their head side, and their base side
 * when a run only deletes lines (planFile parses the base for those; for the few others it parses,
 * known only once the head is parsed, the base is read when asked).
 */
async function readAhead(
  store: FileStore,
  chooser: PackChooser,
  files: readonly DiffFile[],
  mapOf: (file: DiffFile) => LineMap,
): Promise<void> {
  const parsed = files.filter(
    (f) => f.hunks.length > 0 && !f.binary && f.status !== 'binary' && f.status !== 'submodule' && chooser.packFor(f.path) !== null,
  );
  try {
    await store.readAhead(
      'head',
      parsed.filter((f) => f.status !== 'deleted').map((f) => f.path),
    );
    await store.readAhead(
      'base',
      parsed.filter((f) => f.status !== 'added' && deletesCode(mapOf(f))).map((f) => f.oldPath ?? f.path),
    );
  } catch (error) {
    // Only an early read: git failing here fails again when the file's parse reads it, which says what was not reviewed and why.
    if (!(error instanceof GitError)) throw error;
  }
}

/**
 * What to slice of one changed file: its changed statements (parsed, head and for deleted code
 * base), or its diff alone (no pack for its language, too large to parse), or nothing (with why).
 */
async function planFile(store: FileStore, file: DiffFile, map: LineMap, order: number, attributes: Attributes): Promise<FilePlan> {
  if (file.binary || file.status === 'binary') return { skipped: 'binary file', language: null };
  if (file.status === 'submodule') return { skipped: 'submodule', language: null };
  const chooser = await store.chooser('head');
  let language = languageOf(file.path, '', attributes.of(file.path), chooser);
  if (language.name === 'text' && file.status !== 'deleted') {
    // No extension says: the first line may (`#!/usr/bin/env python3`).
    const blob = await store.readHead(file.path);
    language = languageOf(file.path, blob?.subarray(0, 256).toString('latin1').split('\n')[0] ?? '', attributes.of(file.path), chooser);
  }
  if (file.hunks.length === 0) return { skipped: 'no content changes', language: language.name };
  const pack = language.pack;
  if (pack === null) return { diffOnly: language.name === 'text' ? 'plain text' : `no ${language.name} pack`, language: language.name };
  const changed = map.changed();
  const basePath = file.oldPath ?? file.path;
  const open = async (side: Side, path: string, seeds: number[]): Promise<FileIndex | null | FilePlan> => {
    const index = await store.file(side, path, seeds, undefined, pack);
    if (index === null) return null;
    if (!(index instanceof FileIndex))
      return index.diffOnly
        ? { diffOnly: index.reason, language: language.name }
        : { skipped: index.reason, language: language.name, missed: true };
    return index;
  };
  const head = changed.added.length > 0 ? await open('head', file.path, changed.added) : null;
  if (head !== null && !(head instanceof FileIndex)) return head;
  // The base revision: for deleted code, and to tell an edited comment from edited code. When only
  // the latter needs it and it cannot be parsed, its deleted lines count as code to review.
  const deletions = deletesCode(map);
  const opened = deletions || (head !== null && needsBaseFor(head, map)) ? await open('base', basePath, changed.deleted) : null;
  if (deletions && opened !== null && !(opened instanceof FileIndex)) return opened;
  const base = opened instanceof FileIndex ? opened : null;
  return { units: seedUnits(file.path, basePath, head, base, map, order), language: language.name };
}
