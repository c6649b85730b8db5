import { APIError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { JsonSchema } from './json-schema.js';

/** The response format asked of the endpoint; each endpoint+model falls back one step at a time. */
export type ResponseFormat = 'json_schema' | 'json_object' | 'text';
export const FALLBACK: Record<ResponseFormat, ResponseFormat | null> = { json_schema: 'json_object', json_object: 'text', text: null };

/** Words endpoints use when they reject a response format (OpenAI, Azure, vLLM, Ollama, LiteLLM ...). */
const FORMAT_WORDS =
  /response[_ ]?format|json[_ ]?schema|json[_ ]?object|json mode|structured[_ ]outputs?|\bstrict\b|guided[_ ](json|decoding)/i;

/**
 * True when an error is the endpoint refusing the response format we asked for: a 400/422 whose
 * message or `param` is about it. Any other 400 (context too long, a bad parameter) is an ordinary
 * failure of that call and must not switch the model off structured outputs.
 */
export function rejectsFormat(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return error.param === 'response_format' || FORMAT_WORDS.test(error.message);
}

export function responseFormat(
  format: ResponseFormat,
  schemaName: string,
  schema: JsonSchema,
): Pick<ChatCompletionCreateParamsNonStreaming, 'response_format'> {
  switch (format) {
    case 'json_schema':
      return { response_format: { type: 'json_schema', json_schema: { name: schemaName, schema, strict: true } } };
    case 'json_object':
      return { response_format: { type: 'json_object' } };
    case 'text':
      return {};
  }
}
