/**
 * Tolerant JSON extraction for endpoints that ignore response formats: the answer may be bare
 * JSON, JSON in a Markdown code fence, or JSON with prose around it, sometimes after a
 * `<think>…</think>` block of a reasoning model.
 */
export type Extracted = { ok: true; value: unknown; how: 'bare' | 'fence' | 'embedded' } | { ok: false; error: string };

/** Candidate objects tried at most, so a huge prose answer cannot make extraction quadratic for long. */
const MAX_CANDIDATES = 50;

export function extractJson(answer: string): Extracted {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (text === '') return { ok: false, error: 'the answer is empty' };
  const bare = tryParse(text);
  if (bare !== undefined) return { ok: true, value: bare, how: 'bare' };

  for (const match of text.matchAll(/```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*?)```/g)) {
    const fenced = tryParse((match[1] ?? '').trim());
    if (fenced !== undefined) return { ok: true, value: fenced, how: 'fence' };
  }

  let tried = 0;
  for (let start = text.indexOf('{'); start !== -1 && tried < MAX_CANDIDATES; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    if (end === -1) continue;
    tried++;
    const embedded = tryParse(text.slice(start, end + 1));
    if (embedded !== undefined) return { ok: true, value: embedded, how: 'embedded' };
  }
  let preview = text.slice(0, 120).replace(/\s+/g, ' ');
  if (text.length > 120) preview += '…';
  return { ok: false, error: `no JSON object found in the answer (it starts: "${preview}")` };
}

function tryParse(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Index of the `}` closing the `{` at `start`, skipping braces inside JSON strings; -1 if none. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}
