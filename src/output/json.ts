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
}

/** Characters of one text field the report keeps at most. */
const FIELD_LIMIT = 64_000;

/** Every string in `value` as plain text (no control characters, no marker lookalikes, capped): the report carries model and endpoint text. */
function plainStrings(value: unknown): unknown {
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
export function* jsonPieces(result: ReviewResult, extras: ReportExtras = {}): Generator<string> {
  let pieces: string[] = [];
  let size = 0;
  for (const piece of withEnd(piecesOf(reportOf(result, extras), 0, 2))) {
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

/** JSON.stringify(plainStrings(value), null, 2) at `depth`, an object's entries and an array's items apart `levels` deep. */
function* piecesOf(value: unknown, depth: number, levels: number): Generator<string> {
  const pad = '  '.repeat(depth + 1);
  const json = (v: unknown): string => JSON.stringify(plainStrings(v), null, 2).replace(/\n/g, '\n' + '  '.repeat(depth + 1));
  if (Array.isArray(value) && levels > 0 && value.length > 0) {
    yield '[\n';
    for (const [i, item] of value.entries()) {
      if (Array.isArray(item) || (item !== null && typeof item === 'object')) {
        yield pad;
        yield* piecesOf(item, depth + 1, levels - 1);
        yield i < value.length - 1 ? ',\n' : '\n';
      } else yield `${pad}${item === undefined ? 'null' : json(item)}${i < value.length - 1 ? ',' : ''}\n`;
    }
    yield `${'  '.repeat(depth)}]`;
    return;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && levels > 0) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return yield '{}';
    yield '{\n';
    for (const [i, [key, v]] of entries.entries()) {
      const comma = i < entries.length - 1 ? ',\n' : '\n';
      if (Array.isArray(v) && v.length > 0) {
        yield `${pad}${JSON.stringify(key)}: `;
        yield* piecesOf(v, depth + 1, levels - 1);
        yield comma;
      } else yield `${pad}${JSON.stringify(key)}: ${json(v)}${comma}`;
    }
    yield `${'  '.repeat(depth)}}`;
    return;
  }
  yield JSON.stringify(plainStrings(value), null, 2).replace(/\n/g, '\n' + '  '.repeat(depth));
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
    findings: result.findings.map(findingJson),
    dropped: result.dropped.map(droppedJson),
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
    candidates: Object.entries(result.history ?? {}).map(([id, stages]) => ({ id, stages })),
    ...(result.guidance !== undefined ? { guidance: result.guidance } : {}),
    passed: Object.fromEntries(
      CHECKPOINTS.filter((c) => result.passed?.[c] !== undefined).map((c) => [c, (result.passed?.[c] ?? []).map((f) => f.id)]),
    ),
    ...(extras.anchoring !== undefined ? { anchoring: extras.anchoring } : {}),
    slices: result.slices,
    stats: result.stats,
  };
}
