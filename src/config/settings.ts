import type { SeverityLevel, SliceAlgorithm } from '../types.js';

/**
 * Everything a run is configured with, validated. Built by `parseSettings` from action inputs or CLI
 * flags, then the base revision's config file, then defaults (src/config/resolve.ts).
 */
export interface Settings {
  // ── model ──
  /** API key of the OpenAI-compatible endpoint; empty when no model is called (dry run, slice, diff). */
  apiKey: string;
  /** Base URL of the endpoint; null = the openai package's default. */
  baseUrl: string | null;
  /** Default model for every role. */
  model: string;
  /** Model for reviewers (defaults to `model`). */
  reviewerModel: string;
  /** Model for the validator (defaults to `model`; a stronger one helps, paper Appendix O). */
  validatorModel: string;
  temperature: number;
  /** Timeout of one model call in seconds. */
  timeoutSeconds: number;
  /** Retries of one model call on 429, 5xx, resets and timeouts. */
  maxRetries: number;
  /** Model calls in flight at once. */
  concurrency: number;
  /** US dollars per million prompt / completion tokens, for cost estimates; null when unknown. */
  inputPrice: number | null;
  outputPrice: number | null;

  // ── review stages ──
  /** Reviewers per slice (paper: 3). */
  reviewers: number;
  /** Coarse filter: drop findings whose substance (Q1) is at or below this (paper: 4). */
  minSubstance: number;
  /** Coarse filter: drop findings whose reality (Q2) is at or below this (paper: 4). */
  minReality: number;
  /** Findings kept per slice after sorting by severity (paper: 5). */
  topK: number;
  /** With reviewers > 1, drop issues only one reviewer raised. */
  requireConsensus: boolean;
  /** Run the validator stage. */
  validator: boolean;
  /** Validator thresholds: drop at or below. */
  validatorMinSubstance: number;
  validatorMinReality: number;
  /** Repository tools for the reviewers and the validator: auto (tool calling, else the JSON round), on (tool calling required), off. */
  tools: ToolMode;
  /** Tool calls per conversation (a reviewer on a slice, the validator on a finding). */
  toolCalls: number;
  /** Tokens of tool answers per conversation. */
  toolTokenBudget: number;
  /** Validator judgments per finding; the majority decides (odd, so there is one). */
  votes: number;
  /** Language of the published text (English skips the translator). */
  language: string;
  /** Token budget for the whole PR (prompt + completion); 0 = unlimited. */
  maxTokens: number;
  /** Time limit of the whole run in minutes; 0 = none. At the limit no new work starts (see Deadline). */
  timeLimitMinutes: number;

  // ── slicing ──
  algorithm: SliceAlgorithm;
  /** Token budget per slice; larger slices degrade full-flow → left-flow → parent-function → original-diff. */
  sliceTokenBudget: number;
  /** Folder of the word index cache: '' for the repository's git folder (`.git/keybug`), 'none' for no cache. */
  indexCache: string;
  /** Files reviewed at most; the rest are listed as not reviewed. */
  maxFiles: number;
  /** Glob patterns: only matching paths are reviewed (empty = all). */
  include: string[];
  /** Glob patterns: matching paths are skipped. */
  exclude: string[];
  /** Skip generated and vendored files (by path, and by a generator's notice at the top of the file). */
  skipGenerated: boolean;
  /** Skip documentation (Markdown and such under docs folders, `linguist-documentation`). */
  skipDocs: boolean;

  // ── repository guidance ──
  /** Read AGENTS.md, CLAUDE.md and Copilot instruction files from the base revision. */
  instructionFiles: boolean;
  /** Tokens of repository guidance (rules, instructions, instruction files) per slice; 0 = none. */
  instructionsTokenBudget: number;

  // ── publishing ──
  /** Review event: COMMENT (default) or REQUEST_CHANGES. */
  reviewEvent: 'COMMENT' | 'REQUEST_CHANGES';
  /** Fail the step when a finding at or above this level survives; 'none' never fails. */
  failOn: SeverityLevel | 'none';
  /** Fail the step when the review could not finish. */
  failOnIncomplete: boolean;
  /** Review only what changed since the last reviewed head SHA. */
  incremental: boolean;
  /** Post the review (false: summary and report only). */
  postReview: boolean;
  /** Where the JSON report is written. */
  reportPath: string;
  /** Timeout of one GitHub API call in seconds. */
  githubTimeoutSeconds: number;
  /** Build slices and prompts, call no model. */
  dryRun: boolean;

  // ── conversation ──
  /** The name comments call keybug by (without its `@`): `@keybug review`. */
  handle: string;
  /** Which replies in keybug's threads it answers: those that mention it, or every one. */
  chat: 'mentions' | 'threads';
}

export type ToolMode = 'auto' | 'on' | 'off';

export const TOOL_MODES: readonly ToolMode[] = ['auto', 'on', 'off'];

export const SEVERITY_LEVELS: readonly SeverityLevel[] = ['low', 'medium', 'high', 'critical'];

export const SLICE_ALGORITHMS: readonly SliceAlgorithm[] = ['original-diff', 'parent-function', 'left-flow', 'full-flow'];

/** The minimum 1-7 severity score of each level. */
export const SEVERITY_FLOOR: Record<SeverityLevel, number> = { low: 1, medium: 3, high: 5, critical: 7 };

/** Maps a 1-7 severity score to its level. */
export function severityLevel(score: number): SeverityLevel {
  if (score >= SEVERITY_FLOOR.critical) return 'critical';
  if (score >= SEVERITY_FLOOR.high) return 'high';
  if (score >= SEVERITY_FLOOR.medium) return 'medium';
  return 'low';
}
