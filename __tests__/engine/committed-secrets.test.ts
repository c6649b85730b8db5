import { describe, expect, it } from '@jest/globals';
import { committedSecrets } from '../../src/engine/committed-secrets.js';
import type { DiffFile } from '../../src/types.js';

function file(path: string, lines: { op: '+' | '-' | ' '; text: string }[]): DiffFile {
  let old = 1;
  let next = 1;
  const numbered = lines.map((l) => ({ ...l, old: l.op === '+' ? null : old++, new: l.op === '-' ? null : next++ }));
  return {
    path,
    oldPath: path,
    status: 'modified',
    binary: false,
    oldMode: null,
    newMode: null,
    similarity: null,
    hunks: [{ oldStart: 1, oldLines: old - 1, newStart: 1, newLines: next - 1, header: '', lines: numbered }],
    commentable: { right: numbered.flatMap((l) => (l.new === null ? [] : [l.new])), left: [] },
    additions: 0,
    deletions: 0,
  };
}

describe('committed secrets', () => {
  it('raises one high finding per added line with a credential, naming the kind and never the value', () => {
    const findings = committedSecrets({
      files: [
        file('.env', [
          { op: ' ', text: 'HOST=db' },
          { op: '+', text: 'DB_PASSWORD=hunter22' },
          { op: '-', text: 'API_KEY=AKIAIOSFODNN7EXAMPLE' },
        ]),
        file('deploy/key.pem', [
          { op: '+', text: '-----BEGIN RSA PRIVATE KEY-----' },
          { op: '+', text: 'MIIEpAIBAAKCAQEA0123456789abcdef' },
          { op: '+', text: '-----END RSA PRIVATE KEY-----' },
        ]),
        file('src/aws.ts', [
          { op: '+', text: 'const id = "AKIAIOSFODNN7EXAMPLE", t = "ghp_0123456789abcdefABCDEF0123456789abcd";' },
          { op: '+', text: 'const ok = 1;' },
        ]),
      ],
    });
    expect(findings.map((f) => [f.path, f.line, f.title, f.category, f.scores.severity])).toEqual([
      ['.env', 2, 'Secret committed: secret assignment', 'security', 5],
      ['deploy/key.pem', 1, 'Secret committed: private key', 'security', 5],
      ['src/aws.ts', 1, 'Secret committed: AWS access key ID, GitHub token', 'security', 5],
    ]);
    const text = JSON.stringify(findings);
    for (const secret of ['hunter22', 'AKIAIOSFODNN7EXAMPLE', 'ghp_0123', 'MIIEpAIB']) expect(text).not.toContain(secret);
  });
});
