import type { Git } from '../git/git.js';
import type { Diff, DiffFile, Slice, SliceAlgorithm, SliceStats, Unreviewed } from '../types.js';
import { applyAlgorithm, originalDiff, type SliceContext } from './algorithms.js';
import { FileIndex, type Side } from './file-index.js';
import { hunkSlices } from './hunk-slice.js';
import { LineMap } from './line-map.js';
import { Repository } from './repository.js';
import { estimateTokens, renderSections, sectionsOf, type RenderSource } from './render.js';
import { SeedCache, seedUnits, type SeedUnit } from './seeds.js';
import type { SliceContent } from './slice-content.js';

export interface SliceOptions {
  algorithm: SliceAlgorithm;
  /** Token budget per slice; a larger slice is rebuilt with the next weaker algorithm. */
  tokenBudget: number;
}

export interface SliceResult {
  slices: Slice[];
  stats: SliceStats;
}

/** Weaker algorithms to fall back to, in order, when a slice is over budget. */
const DEGRADE: Record<SliceAlgorithm, SliceAlgorithm[]> = {
  'full-flow': ['left-flow', 'parent-function', 'original-diff'],
  'left-flow': ['parent-function', 'original-diff'],
  'parent-function': ['original-diff'],
  'original-diff': [],
};

/** Bound on Algorithm 3's absorb-and-expand rounds for one slice. */
const MAX_EXPANSIONS = 64;

/**
 * Algorithm 1: parses the changed files, puts their changed statements in the cache, then takes
 * contiguous segments as seeds (Algorithm 4) and grows each into a slice (Algorithm 3); a cached
 * statement a slice already shows joins that slice and is never sliced again.
 */
export async function sliceChange(git: Git, diff: Diff, files: DiffFile[], options: SliceOptions): Promise<SliceResult> {
  const started = performance.now();
  const repo = new Repository(git, diff);
  const maps = new Map<string, LineMap>();
  for (const f of diff.files) {
    maps.set(f.path, new LineMap(f));
    if (f.oldPath !== null && f.oldPath !== f.path) maps.set(f.oldPath, new LineMap(f));
  }
  const lineMap = (path: string): LineMap => maps.get(path) ?? new LineMap(null);
  const ctx: SliceContext = { repo, lineMap };
  const skipped: Unreviewed[] = [];
  const seedFiles = new Map<string, FileIndex>();
  const units: SeedUnit[] = [];
  const tooLarge: { file: DiffFile; reason: string }[] = [];

  try {
    for (const [order, file] of files.entries()) {
      const fileUnits = await seedsOfFile(repo, file, order, skipped, seedFiles);
      if (Array.isArray(fileUnits)) units.push(...fileUnits);
      else tooLarge.push({ file, reason: fileUnits.tooLarge });
    }
    const cache = new SeedCache(units);
    const source: RenderSource = {
      file: (side: Side, path: string) => seedFiles.get(`${side}\0${path}`) ?? repo.parsedFile(side, path),
      lineMap,
    };
    const slices: Slice[] = [];
    while (cache.size > 0) {
      const seed = cache.takeContiguous();
      const first = seed[0] as SeedUnit;
      const last = seed[seed.length - 1] as SeedUnit;
      const all = [...seed];
      let content = await applyAlgorithm(options.algorithm, all, ctx);
      for (let round = 0; round < MAX_EXPANSIONS; round++) {
        const covered = cache.takeCovered((u) => content.has(u.path, u.side, u.range.start));
        if (covered.length === 0) break;
        const absorbed = [...covered, ...cache.takeAdjacent(covered)];
        all.push(...absorbed);
        content = content.union(await applyAlgorithm(options.algorithm, absorbed, ctx));
      }
      const id = `s${slices.length + 1}`;
      const seedInfo = { file: first.path, startLine: first.range.start, endLine: Math.max(...seed.map((u) => u.range.end), last.range.end) };
      slices.push(await withinBudget(id, seedInfo, all, content, options, ctx, source));
    }
    for (const { file, reason } of tooLarge) {
      for (const slice of hunkSlices(file, reason, options.algorithm)) slices.push({ id: `s${slices.length + 1}`, ...slice });
    }
    return { slices, stats: { filesParsed: repo.filesParsed, bytesParsed: repo.bytesParsed, bytesIndexed: repo.bytesIndexed, milliseconds: Math.round(performance.now() - started), skipped } };
  } finally {
    git.close(); // ends the blob reader this run started
  }
}

/** Renders the slice; over budget, rebuilds it with weaker algorithms down to original-diff (never cuts text). */
async function withinBudget(
  id: string,
  seed: Slice['seed'],
  units: SeedUnit[],
  content: SliceContent,
  options: SliceOptions,
  ctx: SliceContext,
  source: RenderSource,
): Promise<Slice> {
  let algorithm = options.algorithm;
  let sections = sectionsOf(content, source);
  let rendered = renderSections(sections);
  for (const weaker of DEGRADE[options.algorithm]) {
    if (estimateTokens(rendered) <= options.tokenBudget) break;
    algorithm = weaker;
    const rebuilt = weaker === 'original-diff' ? originalDiff(units) : await applyAlgorithm(weaker, units, ctx);
    sections = sectionsOf(rebuilt, source);
    rendered = renderSections(sections);
  }
  return { id, algorithm, requestedAlgorithm: options.algorithm, seed, sections, rendered, tokens: estimateTokens(rendered) };
}

/**
 * Parses one changed file (head and, for deleted code, base) and returns its changed statements;
 * records skips. A file too large to parse is not a skip: it is sliced from its hunks alone.
 */
async function seedsOfFile(repo: Repository, file: DiffFile, order: number, skipped: Unreviewed[], seedFiles: Map<string, FileIndex>): Promise<SeedUnit[] | { tooLarge: string }> {
  if (file.binary || file.status === 'binary') return skip(skipped, file.path, 'binary file');
  if (file.status === 'submodule') return skip(skipped, file.path, 'submodule');
  if (file.hunks.length === 0) return [];
  const map = new LineMap(file);
  const changed = map.changed();
  const runs = map.runs();
  const needBase = runs.some((r) => r.added.length === 0 && r.deleted.length > 0);
  const basePath = file.oldPath ?? file.path;
  const open = async (side: Side, path: string): Promise<FileIndex | null | 'skipped' | { tooLarge: string }> => {
    const pack = (await repo.chooser(side)).packFor(path);
    if (pack === null) return skip(skipped, file.path, 'not a C or C++ file'), 'skipped';
    const index = await repo.file(side, path, true);
    if (index === null) return null;
    if (!(index instanceof FileIndex)) return index.tooLarge ? { tooLarge: index.reason } : (skip(skipped, file.path, index.reason, true), 'skipped');
    seedFiles.set(`${side}\0${path}`, index);
    return index;
  };
  const head = changed.added.length > 0 ? await open('head', file.path) : null;
  if (head === 'skipped') return [];
  if (head !== null && !(head instanceof FileIndex)) return head;
  const base = needBase ? await open('base', basePath) : null;
  if (base === 'skipped') return [];
  if (base !== null && !(base instanceof FileIndex)) return base;
  return seedUnits(file.path, basePath, head, base, map, order);
}

/** Records a file not sliced; `missed` when it was a C or C++ change the slicer could not read (binary content). */
function skip(skipped: Unreviewed[], path: string, reason: string, missed = false): [] {
  if (!skipped.some((s) => s.path === path)) skipped.push(missed ? { path, reason, missed } : { path, reason });
  return [];
}
