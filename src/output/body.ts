import type { Finding } from '../types.js';
import { severityLevel } from '../config/settings.js';
import { sanitizeMarkdown, sanitizePlain } from '../safety/sanitize.js';

/** Fence language for the example code, from the file's extension. */
function fenceLanguage(path: string): string {
  const ext = /\.([a-z0-9+]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  if (ext === 'c' || ext === 'h') return 'c';
  if (['cc', 'cpp', 'cxx', 'c++', 'hh', 'hpp', 'hxx', 'ipp', 'inl'].includes(ext)) return 'cpp';
  return ext;
}

/** A fence longer than any run of backticks inside the code, so the code cannot close it. */
function fence(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** Model text as safe Markdown (see sanitize.ts); the label gets its own line when the text opens with a fence. */
function part(label: string, text: string): string {
  const safe = sanitizeMarkdown(text, { maxLength: 16_000 });
  return label === '' ? safe : /^(`{3,}|~{3,})/.test(safe) ? `${label}\n\n${safe}` : `${label} ${safe}`;
}

/** The Markdown body of a finding (the JSON report's `body`, SARIF's markdown message): issue, root cause, fix, example code, and its scores; model text sanitized. */
export function findingBody(f: Finding): string {
  const parts = [part('', f.issue)];
  if (f.rootCause.trim()) parts.push(part('**Root cause:**', f.rootCause));
  if (f.suggestedFix.trim()) parts.push(part('**Suggested fix:**', f.suggestedFix));
  const code = sanitizePlain(f.exampleCode.replace(/\s+$/, ''), 32_000);
  if (code.trim()) {
    const marks = fence(code);
    parts.push(`${marks}${fenceLanguage(f.path)}\n${code}\n${marks}`);
  }
  const votes = f.reviewerVotes > 1 ? ` · raised by ${f.reviewerVotes} reviewers` : '';
  const unchecked = f.notValidated !== undefined ? ' · not validated' : '';
  const unmerged = f.notMerged !== undefined ? ' · not merged by the meta-reviewer' : '';
  const untranslated = f.notTranslated !== undefined ? ' · not translated' : '';
  const rule = f.rule ? ` · rule ${f.rule.name} (${f.rule.severity})` : '';
  parts.push(
    `<sub>${severityLevel(f.scores.severity)} ${f.category}${rule} · substance ${f.scores.substance}/7 · reality ${f.scores.reality}/7 · severity ${f.scores.severity}/7${votes}${unchecked}${unmerged}${untranslated}</sub>`,
  );
  return parts.join('\n\n');
}
