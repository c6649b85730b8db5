/**
 * The token estimate of the code base, for budgets and dry runs before a model call is made (or when
 * an endpoint reports no usage; answers report exact counts). OpenAI-style tokenizers take about four
 * characters of English per token and about 3.5 of source code: prompts and guidance are estimated as
 * text, slices (whose budget decides which algorithm a slice keeps) as code.
 */
export const CHARS_PER_TOKEN = { text: 4, code: 3.5 } as const;

export type TokenText = keyof typeof CHARS_PER_TOKEN;

export function estimateTokens(text: string, kind: TokenText = 'text'): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN[kind]);
}

/** About how many characters of `kind` fit in `tokens` tokens. */
export function charsForTokens(tokens: number, kind: TokenText = 'text'): number {
  return Math.floor(tokens * CHARS_PER_TOKEN[kind]);
}
