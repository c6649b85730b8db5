/** Files larger than this are not parsed (DESIGN: skip files over 1 MB). */
export const MAX_PARSE_BYTES = 1024 * 1024;

/** True when a blob is too large to parse (its changes are then shown from the diff alone). */
export function isTooLarge(blob: Buffer): boolean {
  return blob.length > MAX_PARSE_BYTES;
}

/** Why a blob cannot be sliced, or null when it can. */
export function unparsableReason(blob: Buffer): string | null {
  if (isTooLarge(blob)) return `larger than 1 MB (${blob.length} bytes)`;
  if (blob.subarray(0, 8000).includes(0)) return 'binary content';
  return null;
}

/** Decodes source bytes; bytes that are not UTF-8 become U+FFFD so line numbers stay right. */
export function decodeSource(blob: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(blob);
}

/** Splits text into lines the way git counts them (a final newline does not open a new line). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
