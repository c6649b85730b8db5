/**
 * The one redaction point. Every text keybug writes anywhere — the posted review and comments, the
 * job summary, step outputs, JSON/SARIF/Markdown reports, logs, CLI stdout and stderr, error
 * messages and stack traces — passes through `redact` on its way out. It replaces the secrets
 * registered at start-up (the API key, the GitHub token) and anything shaped like a credential
 * with `***`. It imports nothing of keybug's, so any output path can use it.
 */

export const MASK = '***';

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
 * Shapes of credentials, masked whether or not they were registered. Each pattern starts at a
 * boundary that base64url text cannot provide (keybug's state markers are base64url and must
 * survive redaction), and none can match across a quote, so redacting JSON text keeps it JSON.
 */
const PATTERNS: readonly [RegExp, string][] = [
  // PEM blocks (private keys, certificates), BEGIN to END; a block cut short loses its base64 lines.
  [/-----BEGIN ([A-Z0-9 ]{1,40})-----(?:[\s\S]*?-----END \1-----|(?:(?:\r?\n|\\r?\\n)[ \t]*[A-Za-z0-9+/=]{8,})*)/g, MASK],
  // Authorization header values in any quoting: `Authorization: token X`, `"authorization":"Bearer X"`.
  [/(authorization["']?\s*[:=]\s*["']?)(?:(?:bearer|token|basic|bot)\s+)?[A-Za-z0-9._~+/=-]{6,}/gi, `$1${MASK}`],
  // Bearer tokens wherever they are quoted.
  [/\b(bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi, `$1${MASK}`],
  // OpenAI-style API keys (sk-…, sk-proj-…).
  [/(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{8,}/g, MASK],
  // GitHub tokens: personal (classic and fine-grained), OAuth, user-to-server, server-to-server, refresh.
  [/(?<![A-Za-z0-9_-])(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,})/g, MASK],
  // Slack tokens (xoxb-, xoxp-, xoxa-, xoxs- …).
  [/(?<![A-Za-z0-9_-])xox[a-z]-[A-Za-z0-9-]{6,}/gi, MASK],
  // Passwords in URLs: scheme://user:password@host.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"'<>]*:)[^\s/@"'<>]+@/gi, `$1${MASK}@`],
];

/** The text with every registered secret and every credential-shaped string replaced by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** An error as one redacted line of text: its message, or (with `stack`) its stack trace. */
export function redactError(error: unknown, stack = false): string {
  if (error instanceof Error) return redact(stack && error.stack ? error.stack : error.message);
  return redact(String(error));
}

type Write = typeof process.stdout.write;

/**
 * Routes everything the process prints through `redact`: wraps the stdout and stderr streams (so
 * library warnings and the runner's workflow commands are covered too) and prints uncaught errors
 * redacted, exiting with `failureCode`. Lines that register a secret with the runner (`::add-mask::…`) pass unchanged, or the
 * runner could not mask the value. Called once by each entry point (the action and the CLI).
 */
export function redactProcessOutput(failureCode: number): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
    const redacted = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return write(text.startsWith('::add-mask::') ? text : redact(text), ...rest);
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
