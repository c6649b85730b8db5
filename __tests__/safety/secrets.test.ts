import { describe, expect, it } from '@jest/globals';
import { findSecrets, maskSecrets, promptPlaceholder, SECRET_PATTERNS } from '../../src/safety/secrets.js';

/**
 * One case per pattern of the table: a text holding the credential (masked to exactly `masked`), and
 * a look-alike that is none (left as it is).
 */
const CASES: Record<string, { text: string; masked: string; lookalike: string }> = {
  'private key': {
    text: 'key:\n-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nMIIEpAIBAAKCAQEA0123456789abcdef\nabc=\n-----END RSA PRIVATE KEY-----\nafter',
    masked: 'key:\n-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\n***\n***\n-----END RSA PRIVATE KEY-----\nafter',
    // Markers with no base64 lines between them: nothing is a key, nothing is removed.
    lookalike: '-----BEGIN A PRIVATE KEY-----\n```\n-----END A PRIVATE KEY-----\n<img src=x>',
  },
  'AWS access key ID': {
    text: 'id = AKIAIOSFODNN7EXAMPLE;',
    masked: 'id = ***;',
    lookalike: 'AKIAIOSFODNN7EXAMPLEX and xAKIAIOSFODNN7EXAMPLE',
  },
  'AWS secret access key': {
    text: 'aws_secret_access_key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
    masked: 'aws_secret_access_key: "***"',
    lookalike: 'sha = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
  },
  'GitHub token': {
    text: 'ghp_0123456789abcdefABCDEF0123456789abcd gho_0123456789abcdefABCD ghu_0123456789abcdefABCD ghs_0123456789abcdefABCD ghr_0123456789abcdefABCD github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
    masked: '*** *** *** *** *** ***',
    lookalike: 'ghx_0123456789abcdefABCD, ghp_short',
  },
  'Slack token': { text: 'slack xoxb-1234567890-abcdefghij.', masked: 'slack ***.', lookalike: 'xoxo-hugs' },
  'Slack webhook': {
    text: 'post https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnop now',
    masked: 'post https://hooks.slack.com/services/*** now',
    lookalike: 'https://hooks.slack.com/services/',
  },
  'Stripe key': {
    text: 'sk_live_0123456789abcdefABCD and rk_test_0123456789abcdefABCD',
    masked: '*** and ***',
    lookalike: 'pk_live_0123456789abcdefABCD sk_live_short',
  },
  'Google API key': { text: 'key=AIzaSyA-0123456789abcdefghijklmnopqrstu&q=1', masked: 'key=***&q=1', lookalike: 'AIzaShort' },
  'JSON Web Token': {
    text: 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end',
    masked: 'jwt *** end',
    lookalike: 'eyJoZWFkIjoiYWJjIn0 (one base64url part, as in keybug markers)',
  },
  'API key': {
    text: 'Incorrect API key provided: sk-proj-AbCdEf0123456789xyz.',
    masked: 'Incorrect API key provided: ***.',
    lookalike: 'the risk-assessment task-runner',
  },
  'Authorization header': {
    text: '{"authorization":"Bearer abc.def.ghi"} Authorization: token write-token-1',
    masked: '{"authorization":"Bearer ***"} Authorization: token ***',
    lookalike: 'authorization is checked',
  },
  'bearer token': { text: 'curl -H "Bearer eyJhbGciOiJIUzI1NiJ9.x.y"', masked: 'curl -H "Bearer ***"', lookalike: 'a bearer of news' },
  'password in a URL': {
    text: 'clone https://user:s3cr3t@github.example/acme/widgets',
    masked: 'clone https://user:***@github.example/acme/widgets',
    // A backtick is structure, never part of a password: nothing is removed.
    lookalike: 'see `https://u:` and `@host`',
  },
  'secret assignment': {
    text: 'DB_PASSWORD=hunter22\nexport API_KEY="abc123def456" # prod\nSECRET_KEY_BASE = 0123456789abcdef',
    masked: 'DB_PASSWORD=***\nexport API_KEY="***" # prod\nSECRET_KEY_BASE = ***',
    lookalike: 'API_KEY=${API_KEY}\nTOKEN = settings.TOKEN\nKEY_NAME=getKey()\nKEYBOARD=qwertyuiop\npassword = "x"',
  },
};

describe('the secret detector', () => {
  it('has a case for every pattern of its table', () => {
    expect(Object.keys(CASES).sort()).toEqual(SECRET_PATTERNS.map((p) => p.kind).sort());
  });

  for (const pattern of SECRET_PATTERNS) {
    it(`finds ${pattern.kind}, masking only the secret's characters, and leaves a look-alike`, () => {
      const c = CASES[pattern.kind]!;
      expect(maskSecrets(c.text)).toBe(c.masked);
      expect(findSecrets(c.text).every((f) => f.kind === pattern.kind)).toBe(true);
      expect(maskSecrets(c.lookalike)).toBe(c.lookalike);
      // The same text as a JSON string: masked in place, still JSON, the same once parsed.
      const json = JSON.stringify({ text: c.text });
      expect(JSON.parse(maskSecrets(json))).toEqual({ text: c.masked });
    });
  }

  it('finds a PEM key in a slice or a diff, whose lines start with their number or op', () => {
    const slice =
      '+ 1 -----BEGIN RSA PRIVATE KEY-----\n+ 2 Proc-Type: 4,ENCRYPTED\n+ 3 MIIEpAIBAAKCAQEA0123456789abcdef\n+ 4 abc=\n+ 5 -----END RSA PRIVATE KEY-----';
    expect(maskSecrets(slice)).toBe(
      '+ 1 -----BEGIN RSA PRIVATE KEY-----\n+ 2 Proc-Type: 4,ENCRYPTED\n+ 3 ***\n+ 4 ***\n+ 5 -----END RSA PRIVATE KEY-----',
    );
    expect(maskSecrets('+-----BEGIN EC PRIVATE KEY-----\n+MHcCAQEEIB0123456789\n+-----END EC PRIVATE KEY-----')).toBe(
      '+-----BEGIN EC PRIVATE KEY-----\n+***\n+-----END EC PRIVATE KEY-----',
    );
  });

  it('names the kind in the placeholder the model sees', () => {
    expect(maskSecrets('id AKIAIOSFODNN7EXAMPLE', promptPlaceholder)).toBe('id [AWS access key ID masked by keybug]');
  });

  it('never removes structure: fences, backticks, HTML and mentions between two PEM markers stay', () => {
    const text = [
      '-----BEGIN A-----',
      '```',
      '-----END A-----',
      '<img src="https://evil.example/p.png"> cc @octo-org/everyone <details>',
      '-----BEGIN B-----',
      '```',
      '-----END B-----',
    ].join('\n');
    expect(maskSecrets(text)).toBe(text);
  });
});
