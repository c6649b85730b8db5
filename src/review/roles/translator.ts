import type { Finding, ModelCall } from '../../types.js';
import { PRIORITY } from '../context.js';
import type { ModelClient } from '../llm/client.js';
import { dataBlock, renderPrompt } from '../prompts.js';
import { SCHEMA_NAMES, SCHEMAS, type TranslatorOutput } from '../schemas.js';
import { estimateTokens } from '../../support/tokens.js';

/** Findings per translator call: small batches keep answers short and failures local. */
export const TRANSLATION_BATCH = 8;

/** English, in the forms users write it, needs no translator. */
export function needsTranslation(language: string): boolean {
  return !/^(en|english|en[-_][a-z]{2})$/i.test(language.trim()) && language.trim() !== '';
}

const itemsOf = (batch: readonly Finding[]): string =>
  JSON.stringify(
    batch.map((f) => ({ id: f.id, title: f.title, issue: f.issue, rootCause: f.rootCause, suggestedFix: f.suggestedFix })),
    null,
    2,
  );

export function translatorPrompt(batch: readonly Finding[], language: string): { system: string; user: string } {
  return renderPrompt('translator', { language, items: dataBlock('ITEMS', itemsOf(batch)) });
}

/**
 * Translates the prose of a batch of findings. Code (example code, quotes, paths) is never sent,
 * so it cannot change. On failure the batch stays in English.
 */
export async function runTranslator(
  client: ModelClient,
  batch: readonly Finding[],
  language: string,
  model: string,
): Promise<{ call: ModelCall; findings: Finding[]; translated: boolean }> {
  const ids = batch.map((f) => f.id);
  const answer = await client.complete<TranslatorOutput>({
    role: 'translator',
    model,
    sliceId: null,
    ...translatorPrompt(batch, language),
    schemaName: SCHEMA_NAMES.translator,
    schema: SCHEMAS.translator,
    priority: PRIORITY.translator,
    answerTokens: estimateTokens(itemsOf(batch)),
    check: (value) => {
      const got = value.items.map((i) => i.id);
      const missing = ids.filter((id) => !got.includes(id));
      const extra = got.filter((id) => !ids.includes(id));
      return [
        ...(missing.length ? [`items ${missing.join(', ')} are missing`] : []),
        ...(extra.length ? [`items ${extra.join(', ')} were not asked for`] : []),
      ];
    },
  });
  if (answer.value === null) return { call: answer.call, findings: [...batch], translated: false };
  const byId = new Map(answer.value.items.map((i) => [i.id, i]));
  const findings = batch.map((f) => {
    const t = byId.get(f.id);
    return t ? { ...f, title: t.title, issue: t.issue, rootCause: t.rootCause, suggestedFix: t.suggestedFix } : f;
  });
  return { call: answer.call, findings, translated: true };
}
