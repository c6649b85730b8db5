/**
 * The one redaction point. Every text keybug writes anywhere — the posted review and comments, the
 * job summary, step outputs, JSON/SARIF/Markdown reports, logs, CLI stdout and stderr, error
 * messages and stack traces — passes through `redact` on its way out. It replaces the secrets
 * registered at start-up (the API key, the GitHub token) and anything shaped like a credential
 * (secrets.ts) with `***`. It imports nothing of keybug's but that detector, so any output path can use it.
 */

import { MASK, maskSecrets, promptPlaceholder } from './secrets.js';

export { MASK };

/** Registered secret values (and the forms they take once escaped), longest first. */
let secrets: string[] = [];

/** Values shorter than this are not registered: masking every "abc" would garble all output, and such a value is no credential. */
const MIN_SECRET_LENGTH = 4;

/**
 * Registers a secret (the API key, the GitHub token) so that every later output has it masked,
 * also in its JSON-escaped and URL-encoded forms. Empty and very short values are ignored.
 */
export function registerSecret(value: string | null | undefined): void {
  const secret = value?.trim() ?? '';
  if (secret.length < MIN_SECRET_LENGTH) return;
  const forms = new Set([...secrets, secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  secrets = [...forms].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** Forgets every registered secret (for tests that run several configurations in one process). */
export function clearSecrets(): void {
  secrets = [];
}

/**
 * The text with every registered secret and every credential-shaped string (the detector of
 * secrets.ts) replaced by `***`: only the secret's own characters, so a JSON text stays JSON and a
 * Markdown text keeps its structure.
 */
export function redact(text: string): string {
  return maskSecrets(maskRegistered(text));
}

/** The text with the registered secrets masked (the API key and the token), and nothing else. */
function maskRegistered(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}

/**
 * Text on its way into a prompt: registered secrets and credential shapes replaced by a placeholder
 * that names the kind (`[GitHub token masked by keybug]`), so the model neither sees nor repeats them.
 */
export function maskForPrompt(text: string): string {
  return maskSecrets(maskRegistered(text), promptPlaceholder);
}

/** An error as one redacted line of text: its message, or (with `stack`) its stack trace. */
export function redactError(error: unknown, stack = false): string {
  if (error instanceof Error) return redact(stack && error.stack ? error.stack : error.message);
  return redact(String(error));
}

/**
 * Text with nothing the Actions runner reads as a workflow command, anywhere on a line: `::` (as in
 * `::set-output` or `::stop-commands::`) and the legacy `##[` (`##[warning]`, found anywhere on a
 * line) get a zero-width space inside. For text written into the log, never for keybug's own
 * commands (@actions/core writes those).
 */
export function neutralizeCommands(text: string): string {
  return text.replace(/:(?=:)/g, ':\u200B').replace(/##\[/g, '##\u200B[');
}

type Write = typeof process.stdout.write;

/**
 * Routes everything the process prints through `redact`: wraps the stdout and stderr streams (so
 * library warnings and the runner's workflow commands are covered too) and prints uncaught errors
 * redacted, exiting with `failureCode`. Lines that register a secret with the runner (`::add-mask::…`) pass unchanged, or the
 * runner could not mask the value. Under the Actions runner the legacy command syntax `##[`, which
 * keybug never writes, is defused wherever it appears (see neutralizeCommands; `::` is defused where
 * text is logged, as keybug's own commands start with it). Called once by each entry point (the action and the CLI).
 */
export function redactProcessOutput(failureCode: number): void {
  const underRunner = process.env.GITHUB_ACTIONS === 'true';
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
    const redacted = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (text.startsWith('::add-mask::')) return write(text, ...rest);
      const out = redact(text);
      return write(underRunner ? out.replace(/##\[/g, '##\u200B[') : out, ...rest);
    };
    stream.write = redacted as Write;
  }
  // Node would print these itself, unredacted; the process cannot go on after either.
  const fatal = (error: unknown): void => {
    process.stderr.write(`keybug: unexpected error: ${redactError(error, process.env.KEYBUG_DEBUG !== undefined)}\n`);
    process.exit(failureCode);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
}
