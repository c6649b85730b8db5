/**
 * The JSON each role must answer with. The schemas go to the endpoint as structured outputs and
 * validate every answer; the TypeScript types mirror them. The prompt templates show an example
 * of each shape, and a test checks those examples against these schemas.
 */
import { CATEGORIES, type Category, type Evidence, type Role, type Scores } from '../types.js';
import type { JsonSchema } from './llm/json-schema.js';

const text = (description: string): JsonSchema => ({ type: 'string', description });
const score = (description: string): JsonSchema => ({ type: 'integer', minimum: 1, maximum: 7, description });
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const scores = object({
  substance: score('Q1: 1 = pure nitpick, 7 = substantive'),
  reality: score('Q2: 1 = the problem does not exist, 7 = certainly real'),
  severity: score('Q3: 1 = trivial, 7 = critical (crash, data loss, security)'),
});

/** Lines a finding rests on, at base or head: keybug checks that they exist and hold the quoted code. */
const evidence: JsonSchema = {
  type: 'array',
  description:
    'the lines that show the defect (the faulty line, and what makes it one: a callee body, a declaration, a caller), each a range of one file at head or base',
  items: object({
    path: text('a tracked file, as in the slice headers or a tool answer'),
    side: { type: 'string', enum: ['head', 'base'], description: 'head: the code after the change; base: before it (deleted code)' },
    startLine: { type: 'integer', minimum: 1, description: 'first line cited' },
    endLine: { type: 'integer', minimum: 1, description: 'last line cited' },
    quote: text('one line of code copied verbatim from the cited lines'),
  }),
};

/** The explanation every role writes or rewrites. */
const explanation = {
  title: text('one line naming the defect'),
  issue: text('what is wrong and what happens because of it'),
  rootCause: text('why it happens'),
  suggestedFix: text('how to fix it'),
  exampleCode: text('replacement code for the commented lines; empty string when none'),
  category: { type: 'string', enum: CATEGORIES } as JsonSchema,
  scores,
};

/**
 * The most characters of each text a finding carries from one role to the next. Structured outputs
 * cannot bound a string's length (and JSON mode and text extraction bound nothing), so a role's
 * answer is cut to these as it becomes a finding (capFindingText): a reviewer that answers with
 * megabytes does not pass them on to the meta-reviewer, the validator or the translator. Far above
 * what a useful finding needs; a comment shows at most TITLE_LIMIT of the title.
 */
export const FINDING_TEXT_LIMITS = {
  path: 4_096,
  quote: 1_000,
  title: 300,
  issue: 4_000,
  rootCause: 4_000,
  suggestedFix: 4_000,
  exampleCode: 8_000,
} as const;

type LimitedText = keyof typeof FINDING_TEXT_LIMITS;

/** `text` cut to `limit` characters (code points whole), saying so at the cut. */
export function capText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = ` […cut: ${text.length} characters, at most ${limit} are kept]`;
  let end = Math.max(0, limit - note.length);
  // Never split a surrogate pair.
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end--;
  return text.slice(0, end) + note;
}

/** The finding's texts cut to FINDING_TEXT_LIMITS, its evidence's paths and quotes too (the other fields as they are). */
export function capFindingText<F extends Partial<Record<LimitedText, string>> & { evidence?: Evidence[] }>(finding: F): F {
  const capped: Partial<Record<LimitedText, string>> & { evidence?: Evidence[] } = {};
  for (const key of Object.keys(FINDING_TEXT_LIMITS) as LimitedText[]) {
    const value = finding[key];
    if (typeof value === 'string' && value.length > FINDING_TEXT_LIMITS[key]) capped[key] = capText(value, FINDING_TEXT_LIMITS[key]);
  }
  // A reviewer's ranges reach the validator's prompt before any check reads their quotes.
  const long = (e: Evidence): boolean => e.path.length > FINDING_TEXT_LIMITS.path || e.quote.length > FINDING_TEXT_LIMITS.quote;
  if (finding.evidence?.some(long))
    capped.evidence = finding.evidence.map((e) =>
      long(e) ? { ...e, path: capText(e.path, FINDING_TEXT_LIMITS.path), quote: capText(e.quote, FINDING_TEXT_LIMITS.quote) } : e,
    );
  return Object.keys(capped).length === 0 ? finding : { ...finding, ...capped };
}

export interface OutputExplanation {
  title: string;
  issue: string;
  rootCause: string;
  suggestedFix: string;
  exampleCode: string;
  category: Category;
  scores: Scores;
}

export interface ReviewerFinding extends OutputExplanation {
  /** Required when sent; an answer without it is kept and the finding dropped as no-evidence. */
  evidence?: Evidence[];
  path: string;
  side: 'RIGHT' | 'LEFT';
  startLine: number;
  line: number;
  quote: string;
  /** Only asked for when the repository's rules apply to the slice: the rule violated, '' for none. */
  rule?: string;
}

export interface ReviewerOutput {
  understanding: string;
  analysis: string;
  findings: ReviewerFinding[];
}

export interface MetaIssue extends OutputExplanation {
  members: string[];
}

export interface MetaOutput {
  analysis: string;
  issues: MetaIssue[];
}

export interface ValidatorOutput extends OutputExplanation {
  validation: string;
  /** The lines that confirm the defect; absent or empty when the validator cites none (the finding's own are checked then). */
  evidence?: Evidence[];
}

export interface TranslatorItem {
  id: string;
  title: string;
  issue: string;
  rootCause: string;
  suggestedFix: string;
}

export interface TranslatorOutput {
  items: TranslatorItem[];
}

export interface ResponderOutput {
  answer: string;
}

/** The reviewer's answer; with `extra` fields on every finding (the rule, when rules apply), required or not. */
function reviewer(extra: Record<string, JsonSchema> = {}, extraRequired = true): { send: JsonSchema; accept: JsonSchema } {
  const finding = object({
    path: text('file path exactly as in the slice header'),
    side: { type: 'string', enum: ['RIGHT', 'LEFT'], description: 'RIGHT for kept/added lines, LEFT for deleted lines' },
    startLine: { type: 'integer', minimum: 1, description: 'first line of the range' },
    line: { type: 'integer', minimum: 1, description: 'last line of the range' },
    quote: text('one line of code copied verbatim from the slice, inside the range'),
    ...explanation,
    evidence,
    ...extra,
  });
  // Answers are checked with evidence optional (a finding without it is dropped as no-evidence, and kept in the report).
  const optional = new Set(['evidence', ...(extraRequired ? [] : Object.keys(extra))]);
  const items = finding.type !== 'object' ? finding : { ...finding, required: finding.required.filter((k) => !optional.has(k)) };
  const sent = finding;
  const answer = (findingSchema: JsonSchema): JsonSchema =>
    object({
      understanding: text('step 1: what the change is meant to do'),
      analysis: text('steps 2-3: the defects considered and how each was re-evaluated'),
      findings: { type: 'array', items: findingSchema },
    });
  return { send: answer(sent), accept: answer(items) };
}

/**
 * The reviewer's schemas for a slice. With the repository's rules for it, every finding also names
 * the rule it violates: `send` (structured outputs, where every property is required) asks for it
 * on every finding; `accept`, which answers are checked against, lets a finding leave it out, so a
 * model that forgets the field does not lose a real defect. A plain string, not an enum: a
 * misspelt name costs the finding its rule, not the answer (src/review/rules.ts matches it).
 */
export function reviewerSchemas(ruleNames: readonly string[]): { send: JsonSchema; accept: JsonSchema } {
  if (ruleNames.length === 0) return reviewer();
  const rule = {
    rule: text(`the name of the repository rule the finding violates (one of: ${ruleNames.join(', ')}); empty string when none`),
  };
  return reviewer(rule, false);
}

/** The validator's schemas: its evidence is asked for, and an answer without it is still used. */
export function validatorSchemas(): { send: JsonSchema; accept: JsonSchema } {
  const send = object({ validation: text('the check of the finding against the code, step by step'), ...explanation, evidence });
  return { send, accept: send.type === 'object' ? { ...send, required: send.required.filter((k) => k !== 'evidence') } : send };
}

export const SCHEMAS: Record<Role, JsonSchema> = {
  reviewer: reviewer().send,
  'meta-reviewer': object({
    analysis: text('patterns, agreements and discrepancies among the reviewers'),
    issues: {
      type: 'array',
      items: object({
        members: { type: 'array', items: text('id of a reviewer finding') },
        ...explanation,
      }),
    },
  }),
  validator: validatorSchemas().send,
  translator: object({
    items: {
      type: 'array',
      items: object({
        id: text('the id of the item translated'),
        title: text(''),
        issue: text(''),
        rootCause: text(''),
        suggestedFix: text(''),
      }),
    },
  }),
  responder: object({ answer: text('the answer to the last comment of the thread, in Markdown, at most about 150 words') }),
};

/** Names of the output contracts as sent with structured outputs. */
export const SCHEMA_NAMES: Record<Role, string> = {
  reviewer: 'keybug_review',
  'meta-reviewer': 'keybug_meta_review',
  validator: 'keybug_validation',
  translator: 'keybug_translation',
  responder: 'keybug_answer',
};
