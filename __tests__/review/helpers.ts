import { parseSettings } from '../../src/config/inputs.js';
import type { Settings } from '../../src/config/settings.js';
import { DryRunPlan } from '../../src/engine/dry-run.js';
import type { SliceGuidance } from '../../src/guidance/index.js';
import type { PlannedPrompt, PullRequestText } from '../../src/review/index.js';
import { renderSections } from '../../src/slicing/render.js';
import { estimateTokens } from '../../src/support/tokens.js';
import type { Category, Finding, Slice, SliceSection } from '../../src/types.js';
import { dataBlockOf, type ChatRequest, type Reply, type Script } from '../servers/model-server.js';

/** Settings as the action would parse them, pointed at the scripted server. */
export function testSettings(url: string, inputs: Record<string, string> = {}): Settings {
  const values: Record<string, string> = {
    model: 'test-model',
    'api-key': 'test-key',
    'base-url': url,
    'max-retries': '3',
    timeout: '30',
    tools: 'off',
    ...inputs,
  };
  return parseSettings((name) => values[name]);
}

/** Waits that keep retries fast in tests. */
export const FAST = { retry: { baseDelayMs: 5, maxDelayMs: 20, maxTotalWaitMs: 5000 } };

/**
 * A slice of one file, rendered by the slicer's own renderer: lines as [op, number, text]; `-`
 * numbers are old-file lines, others new-file lines (a kept line has the same number on both sides).
 */
export function makeSlice(id: string, file: string, lines: [' ' | '+' | '-', number, string][], context = 'parse_packet'): Slice {
  const section: SliceSection = {
    file,
    side: 'head',
    context,
    lines: lines.map(([op, n, text]) => ({ op, text, new: op === '-' ? null : n, old: op === '+' ? null : n })),
  };
  const rendered = renderSections([section]);
  const changed = lines.filter(([op]) => op !== ' ').map(([, n]) => n);
  return {
    id,
    algorithm: 'left-flow',
    requestedAlgorithm: 'left-flow',
    seed: { file, startLine: Math.min(...changed), endLine: Math.max(...changed) },
    sections: [section],
    rendered,
    tokens: estimateTokens(rendered, 'code'),
    language: 'C++',
  };
}

/** The planted bug: the change drops the bounds check before a memcpy into a fixed-size payload. */
/** A finding of slice s1 on a.c:10 (RIGHT) with top scores and no text; `over` sets the rest. */
export function makeFinding(id: string, over: Partial<Finding> = {}): Finding {
  return {
    id,
    sliceId: 's1',
    path: 'a.c',
    side: 'RIGHT',
    startLine: 10,
    line: 10,
    quote: 'x',
    title: id,
    issue: '',
    rootCause: '',
    suggestedFix: '',
    exampleCode: '',
    category: 'logic',
    scores: { substance: 5, reality: 5, severity: 5 },
    mergedFrom: [],
    reviewerVotes: 1,
    ...over,
  };
}

export const PACKET = makeSlice('s1', 'src/packet.cpp', [
  [' ', 12, '  std::size_t len = read_length(wire);'],
  ['-', 13, '  if (len > kMaxPayload || len + 4 > wire_len) {'],
  ['+', 13, '  if (len + 4 > wire_len) {'],
  [' ', 14, '    return false;'],
  [' ', 15, '  }'],
  [' ', 16, '  out->len = len;'],
  [' ', 17, '  std::memcpy(out->payload, wire + 4, len);'],
  [' ', 18, '  return true;'],
]);

/** What a scripted reviewer reports; scores are [substance, reality, severity]. */
export interface Planned {
  title: string;
  path?: string;
  line: number;
  quote: string;
  side?: 'RIGHT' | 'LEFT';
  category?: Category;
  scores: [number, number, number];
  /** What the finding cites; default: its own line with its quote (null: no evidence at all). */
  cites?: { path?: string; side?: 'head' | 'base'; startLine: number; endLine?: number; quote: string }[] | null;
}

/** The evidence a scripted finding cites: as planned, or its own line and quote. */
export function evidenceOf(p: Planned, file: string): Record<string, unknown>[] | undefined {
  if (p.cites === null) return undefined;
  const side = (p.side ?? 'RIGHT') === 'LEFT' ? 'base' : 'head';
  const cited = p.cites ?? [{ startLine: p.line, quote: p.quote }];
  return cited.map((e) => ({
    path: e.path ?? p.path ?? file,
    side: e.side ?? side,
    startLine: e.startLine,
    endLine: e.endLine ?? e.startLine,
    quote: e.quote,
  }));
}

export const BUG: Planned = {
  title: 'Unchecked length overflows payload',
  line: 17,
  quote: 'std::memcpy(out->payload, wire + 4, len);',
  category: 'memory',
  scores: [7, 6, 7],
};
export const NITPICK: Planned = {
  title: 'Rename len to payload_len',
  line: 16,
  quote: 'out->len = len;',
  category: 'other',
  scores: [2, 6, 1],
};
export const INVENTED: Planned = {
  title: 'wire may be null',
  line: 12,
  quote: 'std::size_t len = read_length(wire);',
  category: 'memory',
  scores: [6, 2, 6],
};

export function reviewerAnswer(findings: Planned[], file = 'src/packet.cpp'): string {
  return JSON.stringify({
    understanding: 'The change simplifies the length check.',
    analysis: 'Checked each value against its bounds.',
    findings: findings.map((p) => ({
      path: p.path ?? file,
      side: p.side ?? 'RIGHT',
      startLine: p.line,
      line: p.line,
      quote: p.quote,
      title: p.title,
      issue: `${p.title}: details.`,
      rootCause: 'The cause.',
      suggestedFix: 'The fix.',
      exampleCode: '',
      category: p.category ?? 'logic',
      scores: { substance: p.scores[0], reality: p.scores[1], severity: p.scores[2] },
      ...(p.cites === null ? {} : { evidence: evidenceOf(p, file) }),
    })),
  });
}

interface InputFinding {
  id: string;
  title: string;
  category: Category;
  scores: { substance: number; reality: number; severity: number };
  issue: string;
  rootCause: string;
  suggestedFix: string;
  exampleCode: string;
  evidence?: unknown[];
}

/** A meta-reviewer that merges findings with the same title, as a model would merge the same issue. */
export function metaAnswer(request: ChatRequest): string {
  const findings = JSON.parse(dataBlockOf(request.user, 'FINDINGS') ?? '[]') as InputFinding[];
  const groups = new Map<string, InputFinding[]>();
  for (const f of findings) groups.set(f.title, [...(groups.get(f.title) ?? []), f]);
  const issues = [...groups.values()].map((members) => {
    const lead = members[0] as InputFinding;
    return {
      members: members.map((m) => m.id),
      title: lead.title,
      issue: lead.issue,
      rootCause: lead.rootCause,
      suggestedFix: lead.suggestedFix,
      exampleCode: lead.exampleCode,
      category: lead.category,
      scores: lead.scores,
    };
  });
  return JSON.stringify({ analysis: 'Merged findings with the same title.', issues });
}

/** A validator that keeps the finding's scores unless `rescore` has other scores for its title. */
export function validatorAnswer(request: ChatRequest, rescore: Record<string, [number, number, number]> = {}): string {
  const f = JSON.parse(dataBlockOf(request.user, 'FINDING') ?? '{}') as InputFinding;
  const s = rescore[f.title];
  const scores = s ? { substance: s[0], reality: s[1], severity: s[2] } : f.scores;
  return JSON.stringify({
    validation: 'Re-read the code.',
    title: f.title,
    issue: f.issue,
    rootCause: f.rootCause,
    suggestedFix: f.suggestedFix,
    exampleCode: f.exampleCode,
    category: f.category,
    scores,
    evidence: f.evidence ?? [],
  });
}

/** The slice file a reviewer or validator request is about (its first section header, `## path · in fn`). */
export function sliceFileOf(request: ChatRequest): string {
  return /^## (\S+)/m.exec(dataBlockOf(request.user, 'SLICE') ?? '')?.[1] ?? '';
}

/**
 * A well-behaved model: reviewers answer per slice file from `answers` (the n-th request for a
 * file gets the n-th answer, cycling), the meta-reviewer merges by title, the validator re-scores
 * by title. `misbehave` can replace any reply.
 */
export function wellBehaved(
  answers: Record<string, Planned[][]>,
  options: { rescore?: Record<string, [number, number, number]>; misbehave?: (request: ChatRequest, index: number) => Reply | null } = {},
): Script {
  const seen = new Map<string, number>();
  return (request, index) => {
    const replaced = options.misbehave?.(request, index);
    if (replaced) return replaced;
    switch (request.role) {
      case 'reviewer': {
        const file = sliceFileOf(request);
        const n = seen.get(file) ?? 0;
        seen.set(file, n + 1);
        const perReviewer = answers[file] ?? [[]];
        return { content: reviewerAnswer(perReviewer[n % perReviewer.length] ?? [], file) };
      }
      case 'meta-reviewer':
        return { content: metaAnswer(request) };
      case 'validator':
        return { content: validatorAnswer(request, options.rescore) };
      default:
        return { status: 400, body: { error: { message: `unexpected role ${request.role}` } } };
    }
  };
}

/** The prompts a dry run plans for these slices (DryRunPlan, as the engine's dry run makes them), riskiest first. */
export function dryRunPrompts(input: {
  slices: readonly Slice[];
  pr: PullRequestText;
  settings: Settings;
  guidance?: ReadonlyMap<string, SliceGuidance>;
}): PlannedPrompt[] {
  const plan = new DryRunPlan(input.pr, input.settings);
  try {
    plan.add(input.slices, input.guidance);
    plan.finish();
    return [...plan.prompts()];
  } finally {
    plan.close();
  }
}
