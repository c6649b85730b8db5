/**
 * AACR-Bench's metadata, as its repository lays it out: `dataset/positive_samples.json`, a list of
 * pull requests (githubPrUrl, source_commit = base, target_commit = head, project_main_language,
 * category) with the review comments that hold (path, side, from_line, to_line, category, note).
 * Each pull request is a case; each right-side comment a key bug on its added lines. Read from a
 * local copy only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CaseBuilder, DraftBug, DroppedLine } from '../build-case.js';
import { findClone, githubCloneNames, githubRepo } from './clones.js';
import { ImportError } from './errors.js';
import type { ImportResult } from './result.js';

interface AacrComment {
  path?: unknown;
  side?: unknown;
  from_line?: unknown;
  to_line?: unknown;
  category?: unknown;
  note?: unknown;
}

interface AacrRecord {
  githubPrUrl?: unknown;
  source_commit?: unknown;
  target_commit?: unknown;
  project_main_language?: unknown;
  category?: unknown;
  comments?: unknown;
}

/** The dataset's file: the JSON file given, or positive_samples.json in the folder or its dataset/ folder. */
function samplesFile(dir: string): string {
  if (statSync(dir, { throwIfNoEntry: false })?.isFile()) return dir;
  for (const candidate of [path.join(dir, 'dataset', 'positive_samples.json'), path.join(dir, 'positive_samples.json')])
    if (existsSync(candidate)) return candidate;
  throw new ImportError(
    `${dir} holds no AACR-Bench data: expected dataset/positive_samples.json under it (a checkout of AACR-Bench), positive_samples.json in it, or the JSON file itself.`,
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : null);

export interface AacrOptions {
  reposDir: string;
  build: CaseBuilder;
  /** Keep only comments of these categories (all when empty). */
  categories: string[];
  project?: string;
  log?: (message: string) => void;
}

export async function importAacr(dir: string, options: AacrOptions): Promise<ImportResult> {
  const file = samplesFile(dir);
  let records: unknown;
  try {
    records = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ImportError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(records)) throw new ImportError(`${file}: expected a list of pull requests.`);
  const wanted = new Set(options.categories.map((c) => c.toLowerCase()));
  const result: ImportResult = { cases: [], bugs: 0, rejectedBugs: [], introducers: 0, droppedIntroducers: [], droppedLines: [] };
  const ids = new Set<string>();
  for (const [i, raw] of (records as AacrRecord[]).entries()) {
    const url = text(raw?.githubPrUrl);
    const repo = githubRepo(url);
    if (
      options.project !== undefined &&
      repo !== null &&
      `${repo.owner}/${repo.name}`.toLowerCase() !== options.project.toLowerCase() &&
      repo.name.toLowerCase() !== options.project.toLowerCase()
    )
      continue;
    result.bugs++;
    const label = url === '' ? `record ${i + 1}` : url;
    const base = text(raw?.source_commit);
    const head = text(raw?.target_commit);
    if (repo === null || base === '' || head === '') {
      result.rejectedBugs.push({ id: label, reason: 'needs githubPrUrl (a GitHub pull request), source_commit and target_commit' });
      continue;
    }
    const clone = findClone(options.reposDir, githubCloneNames(repo.owner, repo.name));
    if (!('dir' in clone)) {
      result.rejectedBugs.push({ id: label, reason: `no clone of ${repo.owner}/${repo.name} under ${options.reposDir}` });
      continue;
    }
    const dropped: DroppedLine[] = [];
    const bugs: DraftBug[] = [];
    const comments = Array.isArray(raw.comments) ? (raw.comments as AacrComment[]) : [];
    comments.forEach((c, j) => {
      const category = text(c?.category);
      if (wanted.size > 0 && !wanted.has(category.toLowerCase())) return;
      const where = text(c?.path);
      const from = int(c?.from_line);
      const to = int(c?.to_line) ?? from;
      if (where === '' || from === null || to === null) return;
      // Some ranges are written last line first.
      const [start, end] = from <= to ? [from, to] : [to, from];
      if (text(c?.side).toLowerCase() === 'left') {
        dropped.push({ path: where, line: start, reason: 'a comment on the base side (deleted lines)' });
        return;
      }
      const lines = new Set(Array.from({ length: end - start + 1 }, (_, k) => start + k));
      bugs.push({
        bug: `c${j + 1}`,
        note: `${category}: ${text(c?.note).split('\n')[0]?.slice(0, 200) ?? ''}`,
        lines: new Map([[where, lines]]),
      });
    });
    const number = /\/pull\/(\d+)/.exec(url)?.[1];
    let id = `${repo.name}-${number !== undefined ? `pr${number}` : head.slice(0, 12)}`
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '');
    while (ids.has(id)) id = `${id}-${i + 1}`;
    ids.add(id);
    const labels: Record<string, string> = {};
    if (text(raw.project_main_language) !== '') labels.language = text(raw.project_main_language);
    if (text(raw.category) !== '') labels.category = text(raw.category);
    const built = await options.build({
      id,
      repo: clone.dir,
      base,
      head,
      title: '',
      body: '',
      bugs,
      source: { kind: 'aacr', id: url },
      labels,
    });
    result.droppedLines.push(...dropped, ...built.dropped);
    if ('rejected' in built) result.rejectedBugs.push({ id: label, reason: built.rejected });
    else result.cases.push(built.case);
  }
  return result;
}
