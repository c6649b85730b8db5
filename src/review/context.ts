import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import type { Finding, Slice } from '../types.js';
import type { PullRequestText } from './api.js';
import { dataBlock } from './prompts.js';

/** A description longer than this is cut: it is context, and a huge one must not eat the budget. */
const MAX_DESCRIPTION_CHARS = 6000;

/** The PR title and description as one untrusted data block. */
export function pullRequestBlock(pr: PullRequestText): string {
  let body = pr.body.trim() === '' ? '(no description)' : pr.body.trim();
  if (body.length > MAX_DESCRIPTION_CHARS)
    body = `${body.slice(0, MAX_DESCRIPTION_CHARS)}\n[description cut at ${MAX_DESCRIPTION_CHARS} characters]`;
  return dataBlock('PULL_REQUEST', `Title: ${pr.title.trim() || '(no title)'}\n\nDescription:\n${body}`);
}

/** A finding's claims as the meta-reviewer and the validator read them: where it is and what the reviewers said. */
export function findingClaims(f: Finding) {
  return {
    path: f.path,
    side: f.side,
    startLine: f.startLine,
    line: f.line,
    quote: f.quote,
    title: f.title,
    issue: f.issue,
    rootCause: f.rootCause,
    suggestedFix: f.suggestedFix,
    exampleCode: f.exampleCode,
    category: f.category,
    scores: f.scores,
  };
}

/** The slice in the Table 1 format as a data block: code is data too (comments can carry instructions). */
export function sliceBlock(slice: Slice): string {
  return dataBlock('SLICE', slice.rendered);
}

/**
 * The repository's guidance for a slice as a data block ('' when it has none). It comes from the
 * base revision, not the pull request, but it is still data: the prompts say it cannot change the
 * task, the output format or the safety rules.
 */
export function guidanceBlock(guidance: SliceGuidance): string {
  return guidance.text === '' ? '' : dataBlock('REPOSITORY_GUIDANCE', guidance.text);
}

/**
 * Limiter priorities: the call with the longest chain of calls still behind it goes first
 * (Hu's highest-level-first rule, optimal for unit-time tasks on in-trees). Reviewers run ahead
 * of meta-reviewers, those ahead of validators, so no slice's chain is left to run alone at the end.
 */
export const PRIORITY = { reviewer: 4, 'meta-reviewer': 3, validator: 2, translator: 1 } as const;

/**
 * Expected answer sizes in tokens, for the budget before a call is sent (answers are counted
 * exactly once they arrive). The translator's answer is as long as what it was given.
 */
export const ANSWER_TOKENS = { reviewer: 700, 'meta-reviewer': 600, validator: 450 } as const;

/** True when the reviewers and the validator are offered the repository tools (`tools` not off, `tool-calls` above 0). */
export function toolsOffered(settings: Pick<Settings, 'tools' | 'toolCalls'>): boolean {
  return settings.tools !== 'off' && settings.toolCalls > 0;
}

/**
 * What the tools are expected to add to one of `conversations` a role holds on a slice (which share
 * its `tool-calls` and `tool-token-budget`), for estimates before any call: up to two calls, each
 * answer about 400 tokens, every later round sending the prompt and the answers so far again.
 */
export function expectedToolTokens(
  promptTokens: number,
  settings: Pick<Settings, 'tools' | 'toolCalls' | 'toolTokenBudget'>,
  conversations: number,
): number {
  if (!toolsOffered(settings)) return 0;
  const share = Math.ceil(settings.toolCalls / Math.max(1, conversations));
  const calls = Math.min(2, share);
  const answer = Math.min(400, Math.floor(settings.toolTokenBudget / Math.max(1, conversations) / Math.max(1, calls)));
  let extra = 0;
  for (let round = 1; round <= calls; round++) extra += promptTokens + round * answer;
  return extra;
}
