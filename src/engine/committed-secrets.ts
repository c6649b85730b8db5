import { SEVERITY_FLOOR } from '../config/settings.js';
import { findSecrets } from '../output/secrets.js';
import type { Diff, Finding } from '../types.js';

/** Findings raised at most: a change that commits a whole key store is named line by line up to here. */
const MAX_FINDINGS = 100;

/**
 * keybug's own finding for every added line that holds a credential (the secret detector of
 * output/secrets.ts), in every changed text file, reviewed or skipped: "secret committed", high
 * severity, on that line. It names the kind of secret, never the value (the model never saw the
 * value either: prompts carry a placeholder). Deleted lines are not flagged: removing a secret is
 * the fix.
 */
export function committedSecrets(diff: Pick<Diff, 'files'>): Finding[] {
  const findings: Finding[] = [];
  for (const file of diff.files) {
    if (file.binary || file.pathProblem !== undefined) continue;
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) {
        if (line.op !== '+' || line.new === null) continue;
        const kinds = [...new Set(findSecrets(line.text).map((s) => s.kind))];
        if (kinds.length === 0) continue;
        if (findings.length >= MAX_FINDINGS) return findings;
        findings.push(secretFinding(file.path, line.new, kinds, findings.length + 1));
      }
    }
  }
  return findings;
}

function secretFinding(path: string, line: number, kinds: string[], n: number): Finding {
  const what = kinds.length === 1 ? `a ${kinds[0]}` : `credentials (${kinds.join(', ')})`;
  return {
    id: `secret-${n}`,
    sliceId: '',
    path,
    side: 'RIGHT',
    startLine: line,
    line,
    quote: '',
    title: `Secret committed: ${kinds.join(', ')}`,
    issue: `Line ${line} adds ${what}. Once pushed it is in the repository's history for anyone who can read it, even after the line is removed.`,
    rootCause: 'The value is written into the source instead of being read from the environment or a secret store.',
    suggestedFix: 'Revoke and rotate the secret now, then remove it from the change and read it from the environment or a secret store.',
    exampleCode: '',
    category: 'security',
    scores: { substance: 7, reality: 6, severity: SEVERITY_FLOOR.high },
    mergedFrom: [],
    reviewerVotes: 0,
  };
}
