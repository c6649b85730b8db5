import { afterEach, describe, expect, it } from '@jest/globals';
import { clearSecrets, neutralizeCommands, redact, redactError, registerSecret } from '../../src/safety/redact.js';

afterEach(() => clearSecrets());

describe('redact', () => {
  it('masks registered secrets, also JSON-escaped and URL-encoded', () => {
    registerSecret('my-api-key-123');
    registerSecret('p@ss"word/1');
    registerSecret('abc'); // too short to be a credential: not registered
    expect(redact('key my-api-key-123 and abc')).toBe('key *** and abc');
    expect(redact(JSON.stringify({ v: 'p@ss"word/1' }))).toBe('{"v":"***"}');
    expect(redact(`https://x.example/?k=${encodeURIComponent('p@ss"word/1')}`)).toBe('https://x.example/?k=***');
  });

  it('masks what looks like a credential, registered or not', () => {
    const cases: [string, string][] = [
      ['Incorrect API key provided: sk-proj-AbCdEf0123456789xyz.', 'Incorrect API key provided: ***.'],
      ['token ghp_0123456789abcdefABCDEF0123456789abcd here', 'token *** here'],
      ['github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', '***'],
      ['gho_0123456789abcdefABCD and ghs_0123456789abcdefABCD', '*** and ***'],
      ['slack xoxb-1234567890-abcdefghij', 'slack ***'],
      ['Authorization: token write-token-1', 'Authorization: token ***'],
      ['{"authorization":"Bearer abc.def.ghi"}', '{"authorization":"Bearer ***"}'],
      ['curl -H "Bearer eyJhbGciOiJIUzI1NiJ9.x.y"', 'curl -H "Bearer ***"'],
      ['clone https://user:s3cr3t@github.example/acme/widgets', 'clone https://user:***@github.example/acme/widgets'],
      [
        'a\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\nabc\n-----END RSA PRIVATE KEY-----\nb',
        'a\n-----BEGIN RSA PRIVATE KEY-----\n***\n***\n-----END RSA PRIVATE KEY-----\nb',
      ],
      [
        '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B\nMIIEvQIBADANBgkqhkiG9w0B\nThe rest of the text',
        '-----BEGIN PRIVATE KEY-----\n***\n***\nThe rest of the text',
      ],
    ];
    for (const [input, expected] of cases) expect(redact(input)).toBe(expected);
  });

  it('keeps JSON valid and leaves ordinary text and keybug markers alone', () => {
    const json = JSON.stringify({
      error: 'Authorization: Bearer sk-abcdefghijklmnop',
      pem: '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIB\n',
    });
    expect(() => JSON.parse(redact(json))).not.toThrow();
    const prose = 'the risk-assessment task-runner uses a bearer of news; <!-- keybug:review:v2 eyJzay1hYmNkZWZnaGlqa2xtbm9wIjoxfQ -->';
    expect(redact(prose)).toBe(prose);
  });

  it('masks error messages and stack traces', () => {
    registerSecret('sekrit-value');
    const error = new Error('upstream said sekrit-value');
    expect(redactError(error)).toBe('upstream said ***');
    expect(redactError(error, true)).toMatch(/^Error: upstream said \*\*\*\n\s+at /);
  });
});

describe('neutralizeCommands', () => {
  it('defuses workflow commands anywhere on a line: `::` and the legacy `##[`', () => {
    const text = 'folder a ##[stop-commands]zzz ##[warning]owned\n  ::set-output name=x::y and :::z';
    const out = neutralizeCommands(text);
    expect(out).not.toMatch(/::|##\[/);
    expect(out.replace(/\u200B/g, '')).toBe(text);
  });
});
