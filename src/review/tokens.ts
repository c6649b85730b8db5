/**
 * Token estimate used for budgets and dry runs: about four characters per token, the usual figure
 * for English and code with OpenAI-style tokenizers. Model answers report exact counts; this is
 * only used before a call is made or when an endpoint reports no usage.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
