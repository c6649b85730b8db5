import { SEVERITY_FLOOR } from '../config/settings.js';
import { findSecrets } from '../safety/secrets.js';
import type { Diff, Finding } from '../types.js';

/** Findings raised at most: a change that commits a whole key store is named line by line up to here. */
const MAX_FINDINGS = 100;

/**
 * keybug's own finding for every added line that holds a credential (the secret detector of
 * safety/secrets.ts), in every changed text file, reviewed or skipped: "secret committed", high
 * severity, on that line. It names the kind of secret, never the value (the model never saw the
 * value either: prompts carry a placeholder). Deleted lines are not flagged: removing a secret is
 * the fix.
 */
export function committedSecrets(diff: Pick<Diff, 'files'>): Finding[] {
  const findings: Finding[] = [];
  for (const file of diff.files) {
    if (file.binary || file.pathProblem !== undefined) continue;
    for (const hunk of file.hunks) {
      // The head's side of the hunk as one text, so a credential over several lines (a PEM key) is found whole.
      const lines = hunk.lines.filter((l) => l.op !== '-');
      const starts: number[] = [];
      let text = '';
      for (const line of lines) {
        starts.push(text.length);
        text += `${line.text}\n`;
      }
      const lineAt = (offset: number): number => {
        let i = 0;
        while (i + 1 < starts.length && starts[i + 1]! <= offset) i++;
        return i;
      };
      // One finding per line, on the line the credential begins (a PEM key's BEGIN line), when the change adds it.
      const kindsByLine = new Map<number, Set<string>>();
      for (const secret of findSecrets(text)) {
        const added = lines.slice(lineAt(secret.start), lineAt(secret.end - 1) + 1).some((l) => l.op === '+');
        const at = lines[lineAt(secret.from ?? secret.start)]!;
        if (!added || at.new === null) continue;
        kindsByLine.set(at.new, (kindsByLine.get(at.new) ?? new Set()).add(secret.kind));
      }
      for (const [line, kinds] of kindsByLine) {
        if (findings.length >= MAX_FINDINGS) return findings;
        findings.push(secretFinding(file.path, line, [...kinds], findings.length + 1));
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
