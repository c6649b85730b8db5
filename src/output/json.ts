import { CHECKPOINTS, type DroppedFinding, type Finding, type ReviewResult } from '../types.js';
import { findingBody } from './body.js';
import { coverageJson } from './coverage.js';
import { sanitizePlain } from '../safety/sanitize.js';

function findingJson(f: Finding) {
  return {
    id: f.id,
    sliceId: f.sliceId,
    path: f.path,
    side: f.side,
    startLine: f.startLine,
    line: f.line,
    title: f.title,
    body: findingBody(f),
    category: f.category,
    scores: { substance: f.scores.substance, reality: f.scores.reality, severity: f.scores.severity },
    quote: f.quote,
    issue: f.issue,
    rootCause: f.rootCause,
    suggestedFix: f.suggestedFix,
    exampleCode: f.exampleCode,
    reviewerVotes: f.reviewerVotes,
    mergedFrom: f.mergedFrom,
    ...(f.evidence !== undefined ? { evidence: f.evidence } : {}),
    ...(f.votes !== undefined ? { votes: f.votes } : {}),
    ...(f.notValidated !== undefined ? { notValidated: f.notValidated } : {}),
    ...(f.notMerged !== undefined ? { notMerged: f.notMerged } : {}),
    ...(f.notTranslated !== undefined ? { notTranslated: f.notTranslated } : {}),
    ...(f.rule !== undefined ? { rule: { name: f.rule.name, severity: f.rule.severity } } : {}),
    ...(f.reported !== undefined ? { reported: { ...f.reported } } : {}),
  };
}

/** A dropped finding in full (as it stood when dropped), with the stage and the reason. */
function droppedJson(d: DroppedFinding) {
  return { stage: d.stage, reason: d.reason, ...findingJson(d.finding) };
}

/** Extra sections a caller adds to the report. */
export interface ReportExtras {
  /** Where each finding was (or would be) anchored in the pull request diff and why (see publish/anchoring-report.ts). */
  anchoring?: unknown[];
  /**
   * What was (or would be) posted on the pull request, last in the report and written as it is:
   * the posted text went through the outgoing path already and must read the same here.
   */
  publish?: unknown;
}

/** A value the report writes as it is, without plainStrings' cleaning. */
class AsIs {
  constructor(readonly value: unknown) {}

  toJSON(): unknown {
    return this.value;
  }
}

/**
 * A list of a JSON document whose items are made as they are written (findingJson of each finding,
 * a slice read back from a dry run's spool): the document holds no second copy of a long list.
 * `items` gives them afresh at each call.
 */
export class LazyList {
  constructor(
    readonly length: number,
    private readonly items: () => Iterable<unknown>,
  ) {}

  static mapped<T>(items: readonly T[], map: (item: T) => unknown): LazyList {
    return new LazyList(items.length, function* () {
      for (const item of items) yield map(item);
    });
  }

  *entries(): Generator<[number, unknown]> {
    let i = 0;
    for (const item of this.items()) yield [i++, item];
  }

  toJSON(): unknown[] {
    return [...this.items()];
  }
}

const isList = (value: unknown): value is unknown[] | LazyList => Array.isArray(value) || value instanceof LazyList;

/** An object of the document's own (not a list, an AsIs or another class's). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Characters of one text field the report keeps at most. */
const FIELD_LIMIT = 64_000;

/** Every string in `value` as plain text (no control characters, no marker lookalikes, capped): the report carries model and endpoint text. */
function plainStrings(value: unknown): unknown {
  if (value instanceof AsIs) return value.value;
  if (value instanceof LazyList) return value.toJSON().map(plainStrings);
  if (typeof value === 'string') return sanitizePlain(value, FIELD_LIMIT);
  if (Array.isArray(value)) return value.map(plainStrings);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainStrings(v)]));
  return value;
}

/**
 * The `--format json` contract and the JSON report: status, findings, dropped (in full, with stage
 * and reason), every changed file's coverage (`files`), the files skipped (`skipped`) and what was
 * not reviewed (`unreviewed`: files and parts of files), usage; plus every model call,
 * every candidate's scores at each stage, the ids alive after each of the paper's stages (`passed`)
 * and, when given, the anchoring.
 */
export function formatJson(result: ReviewResult, extras: ReportExtras = {}): string {
  return JSON.stringify(plainStrings(reportOf(result, extras)), null, 2) + '\n';
}

/**
 * formatJson's text in pieces (an entry of the report, or one item of its lists: a finding, a model
 * call, a slice), each made plain as formatJson makes it, gathered up to PIECES_BYTES characters and
 * the end of a line: a large review's report is never one string, nor one copy of the report. No
 * piece is cut, so that masking sees each whole. The one writer of the report for stdout and the file.
 */
export function jsonPieces(result: ReviewResult, extras: ReportExtras = {}): Generator<string> {
  return documentPieces(reportOf(result, extras), { levels: 2, plain: true });
}

/**
 * JSON.stringify(value, null, 2) + '\n' (with `plain`, of plainStrings(value)) in pieces of up to
 * PIECES_BYTES characters, each ending a line: lists (LazyList too) and objects are written an item
 * or an entry at a time down to `levels` deep. The writer of every large JSON document keybug prints.
 */
export function* documentPieces(value: unknown, { levels, plain }: { levels: number; plain: boolean }): Generator<string> {
  let pieces: string[] = [];
  let size = 0;
  for (const piece of withEnd(piecesOf(value, 0, levels, plain))) {
    pieces.push(piece);
    size += piece.length;
    // Given out at the end of a line only: a finding, a call or a slice is never cut.
    if (size >= PIECES_BYTES && piece.endsWith('\n')) {
      yield pieces.join('');
      pieces = [];
      size = 0;
    }
  }
  if (pieces.length > 0) yield pieces.join('');
}

/** jsonPieces, each given to `write`. */
export function writeJson(result: ReviewResult, write: (text: string) => void, extras: ReportExtras = {}): void {
  for (const piece of jsonPieces(result, extras)) write(piece);
}

const PIECES_BYTES = 64 * 1024;

function* withEnd(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}

/** JSON.stringify(plainStrings(value), null, 2) (or of value, when not `plain`) at `depth`, an object's entries and a list's items apart `levels` deep. */
function* piecesOf(value: unknown, depth: number, levels: number, plain: boolean): Generator<string> {
  const pad = '  '.repeat(depth + 1);
  const text = (v: unknown): string => JSON.stringify(plain ? plainStrings(v) : v, null, 2);
  const json = (v: unknown): string => text(v).replace(/\n/g, '\n' + '  '.repeat(depth + 1));
  if (isList(value) && levels > 0 && value.length > 0) {
    yield '[\n';
    for (const [i, item] of value.entries()) {
      if (Array.isArray(item) || (item !== null && typeof item === 'object')) {
        yield pad;
        yield* piecesOf(item, depth + 1, levels - 1, plain);
        yield i < value.length - 1 ? ',\n' : '\n';
      } else yield `${pad}${item === undefined ? 'null' : json(item)}${i < value.length - 1 ? ',' : ''}\n`;
    }
    yield `${'  '.repeat(depth)}]`;
    return;
  }
  if (value !== null && typeof value === 'object' && !isList(value) && levels > 0) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return yield '{}';
    yield '{\n';
    for (const [i, [key, v]] of entries.entries()) {
      const comma = i < entries.length - 1 ? ',\n' : '\n';
      if ((isList(v) && v.length > 0) || (levels > 1 && isRecord(v) && Object.values(v).some((e) => e !== undefined))) {
        yield `${pad}${JSON.stringify(key)}: `;
        yield* piecesOf(v, depth + 1, levels - 1, plain);
        yield comma;
      } else yield `${pad}${JSON.stringify(key)}: ${json(v)}${comma}`;
    }
    yield `${'  '.repeat(depth)}}`;
    return;
  }
  yield text(value).replace(/\n/g, '\n' + '  '.repeat(depth));
}

/** The report's fields, before its strings are made plain. */
function reportOf(result: ReviewResult, extras: ReportExtras): Record<string, unknown> {
  return {
    status: result.status,
    incompleteReasons: result.incompleteReasons,
    degraded: result.degraded ?? [],
    baseSha: result.baseSha,
    headSha: result.headSha,
    algorithm: result.algorithm,
    findings: LazyList.mapped(result.findings, findingJson),
    dropped: LazyList.mapped(result.dropped, droppedJson),
    ...coverageJson(result),
    usage: {
      calls: result.usage.calls,
      promptTokens: result.usage.promptTokens,
      completionTokens: result.usage.completionTokens,
      costUsd: result.usage.costUsd,
      byRole: result.usage.byRole,
      ...(result.usage.tools !== undefined ? { tools: result.usage.tools } : {}),
    },
    calls: result.calls,
    candidates: LazyList.mapped(Object.entries(result.history ?? {}), ([id, stages]) => ({ id, stages })),
    ...(result.guidance !== undefined ? { guidance: result.guidance } : {}),
    passed: Object.fromEntries(
      CHECKPOINTS.filter((c) => result.passed?.[c] !== undefined).map((c) => [c, (result.passed?.[c] ?? []).map((f) => f.id)]),
    ),
    ...(extras.anchoring !== undefined ? { anchoring: extras.anchoring } : {}),
    slices: result.slices,
    stats: result.stats,
    ...(extras.publish !== undefined ? { publish: new AsIs(extras.publish) } : {}),
  };
}
