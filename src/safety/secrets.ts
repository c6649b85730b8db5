/**
 * keybug's one secret detector: the shapes of credentials, in one table. It finds them in any text
 * (model answers, pull-request code and texts, error messages, JSON) and masks only the secret's
 * own characters: no pattern can match a quote, a backslash, a backtick, `<`, `>`, `@` or a line
 * break, so masking never changes a text's structure (a masked JSON text is still JSON, a masked
 * Markdown text has the same fences and code spans). Where a credential is known by its context (an
 * `Authorization:` header, a password in a URL, a `.env` line), the context stays and only the
 * value is masked. It imports nothing of keybug's, so every output path can use it.
 *
 * secretlint's recommended preset (13.x) was compared: it covers AWS, GitHub, Slack and PEM private
 * keys, but neither Stripe, Google API keys, JWTs nor `.env` assignments by name (it flags a `.env`
 * file, not a line), and its API is asynchronous, while keybug masks inside synchronous writes to
 * stdout and stderr. A table of expressions does the job in one pass, tested one pattern at a time.
 */

/** One kind of credential and how to find it: the `secret` group (or the whole match) is what gets masked. */
export interface SecretPattern {
  /** What it is, as a reader (and the model's placeholder) names it. */
  kind: string;
  /** Global, with the `d` flag; a named group `secret` marks the value when the match holds context too. */
  pattern: RegExp;
  /** Rejects a match that only looks like one (a variable reference, a placeholder). */
  accept?: (value: string) => boolean;
  /** Finds the secret's parts from where `pattern` matched (the match's end): for secrets of several pieces. */
  parts?: (text: string, from: number) => [number, number][];
}

/** Where a token may begin: not inside a longer word or base64url run (keybug's state markers are base64url). */
const START = String.raw`(?<![A-Za-z0-9_\-])`;
/** Where it must end. */
const END = String.raw`(?![A-Za-z0-9_\-])`;

/** `.env` values that are no secret: references to other variables or placeholders, code, constants. */
function realValue(value: string): boolean {
  if (/^[$%<{]/.test(value)) return false;
  if (/^(?:true|false|null|none|nil|undefined|changeme|example|xxx+|\*+)$/i.test(value)) return false;
  // A dotted name (settings.SECRET, os.environ) is code that reads the secret, not the secret.
  return !/^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(value);
}

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    // A PEM private key (RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP ... PRIVATE KEY) found by its BEGIN
    // line: each base64 piece of its body is masked on its own (see pemParts); the BEGIN and END
    // lines, headers and line breaks stay.
    kind: 'private key',
    pattern: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/dg,
    parts: pemParts,
  },
  { kind: 'AWS access key ID', pattern: /(?<![A-Za-z0-9])(?<secret>(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16})(?![A-Za-z0-9])/dg },
  {
    kind: 'AWS secret access key',
    pattern:
      /aws[A-Za-z0-9_.-]{0,20}(?:secret|private)[A-Za-z0-9_.-]{0,20}(?:\\?["'])?[ \t]*[:=>]{1,2}[ \t]*(?:\\?["'])?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,
  },
  {
    kind: 'GitHub token',
    pattern: new RegExp(String.raw`${START}(?<secret>gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,})${END}`, 'gd'),
  },
  { kind: 'Slack token', pattern: new RegExp(String.raw`${START}(?<secret>xox[a-z]-[A-Za-z0-9-]{6,})${END}`, 'gid') },
  { kind: 'Slack webhook', pattern: /hooks\.slack\.com\/services\/(?<secret>T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]+)/dg },
  {
    kind: 'Stripe key',
    pattern: new RegExp(String.raw`${START}(?<secret>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{16,})${END}`, 'gd'),
  },
  { kind: 'Google API key', pattern: new RegExp(String.raw`${START}(?<secret>AIza[0-9A-Za-z_-]{35})`, 'gd') },
  {
    kind: 'JSON Web Token',
    pattern: new RegExp(String.raw`${START}(?<secret>eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})${END}`, 'gd'),
  },
  { kind: 'API key', pattern: new RegExp(String.raw`${START}(?<secret>sk-(?:ant-|proj-)?[A-Za-z0-9_-]{8,})${END}`, 'gd') },
  // Header values in any quoting: `Authorization: token X`, `"authorization":"Bearer X"`; the scheme stays.
  {
    kind: 'Authorization header',
    pattern: /authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|token|basic|bot)[ \t]+)?(?<secret>[A-Za-z0-9._~+/=-]{6,})/dgi,
  },
  { kind: 'bearer token', pattern: /\bbearer[ \t]+(?<secret>[A-Za-z0-9._~+/-]{8,}=*)/dgi },
  // scheme://user:password@host: the password.
  { kind: 'password in a URL', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"'<>`\\]*:(?<secret>[^\s/@"'<>`\\]+)@/dgi },
  {
    // `.env`-style lines: a name that says PASSWORD, SECRET, TOKEN or KEY, `=`, and a value on its own.
    kind: 'secret assignment',
    pattern: new RegExp(
      String.raw`(?:^|(?<=[^A-Za-z0-9_])|(?<=\\n))(?:export[ \t]+)?[A-Za-z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|KEY)(?:_[A-Za-z0-9_]*)?[ \t]*=[ \t]*(?:\\?["'])?(?<secret>[^\s"'\x60\\<>()[\]{};,#]{6,})(?=\\?["']|[ \t]|;|#|$|(?:\\r)?\\n)`,
      'gdm',
    ),
    accept: realValue,
  },
];

/** One credential found in a text: its kind and where its secret characters are. */
export interface FoundSecret {
  kind: string;
  start: number;
  end: number;
  /** Where the credential's own marking begins when it is before `start` (a PEM block's BEGIN line). */
  from?: number;
}

/**
 * What may stand between the pieces of a PEM body: line breaks (raw or JSON-escaped), blanks, and
 * after a break the start of a diff or slice line (`+`, or `+12 ` as slices number their lines).
 */
const PEM_GAP = /^(?:(?:\r?\n|(?:\\r)?\\n)(?:[+\- ][ \t]*\d+ |[+-](?=[A-Za-z0-9/]))?|[ \t])+/;
const PEM_HEADER = /^[A-Za-z][A-Za-z-]{0,30}: [^\r\n\\]{0,200}/;
const PEM_PIECE = /^[A-Za-z0-9+/=]+/;

/**
 * The base64 pieces of a PEM body starting at `from`, up to its END line or the first thing that is
 * no part of one. A piece counts when a line break, the END line or the text's end follows it, or a
 * blank when it is long (a key pasted on one line); "The rest of the text" after a cut block does not.
 */
function pemParts(text: string, from: number): [number, number][] {
  const parts: [number, number][] = [];
  for (let at = from, guard = 0; at < text.length && guard < 10_000; guard++) {
    const gap = PEM_GAP.exec(text.slice(at, at + 64))?.[0] ?? '';
    at += gap.length;
    const rest = text.slice(at, at + 4_096);
    if (/^[+\- ]?-----END/.test(rest)) break;
    const header = /\n|\\n/.test(gap) ? PEM_HEADER.exec(rest) : null;
    if (header !== null) {
      at += header[0].length;
      continue;
    }
    const piece = PEM_PIECE.exec(rest)?.[0];
    if (piece === undefined) break;
    const after = rest.slice(piece.length);
    const ended =
      after === '' || after.startsWith('-----END') || /^(?:\r?\n|(?:\\r)?\\n)/.test(after) || (piece.length >= 16 && /^[ \t]/.test(after));
    if (!ended) break;
    parts.push([at, at + piece.length]);
    at += piece.length;
  }
  return parts;
}

/** Every credential in `text`, in order, none overlapping (overlapping finds are joined). */
export function findSecrets(text: string): FoundSecret[] {
  if (text.length < 6) return [];
  const found: FoundSecret[] = [];
  for (const { kind, pattern, accept, parts } of SECRET_PATTERNS) {
    if (parts && !text.includes('PRIVATE KEY')) continue;
    for (const match of text.matchAll(pattern)) {
      const [start, end] = match.indices?.groups?.secret ?? [match.index, match.index + match[0].length];
      if (parts) {
        for (const [s, e] of parts(text, end)) found.push({ kind, start: s, end: e, from: match.index });
        continue;
      }
      if (accept !== undefined && !accept(text.slice(start, end))) continue;
      found.push({ kind, start, end });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: FoundSecret[] = [];
  for (const f of found) {
    const last = kept.at(-1);
    if (last !== undefined && f.start < last.end) {
      last.end = Math.max(last.end, f.end);
      continue;
    }
    kept.push({ ...f });
  }
  return kept;
}

/** The mask keybug writes in place of a secret in everything it posts and writes. */
export const MASK = '***';

/** The text with each credential's characters replaced by `mask(kind)` (`***` unless given). */
export function maskSecrets(text: string, mask: (kind: string) => string = () => MASK): string {
  const found = findSecrets(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const f of found) {
    out += text.slice(at, f.start) + mask(f.kind);
    at = f.end;
  }
  return out + text.slice(at);
}

/** What the model sees in place of a credential: a placeholder that names its kind and holds nothing of it. */
export const promptPlaceholder = (kind: string): string => `[${kind} masked by keybug]`;
