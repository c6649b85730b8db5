/** What mining and importing found and left out, as lines for the terminal. */
import { summarize } from './build-case.js';
import type { ImportResult } from './import/result.js';
import type { LeftOutCommit, MineResult } from './mine/index.js';

/** Left-out commits grouped by reason, the commonest first, each with a few examples. */
function byReason(commits: readonly LeftOutCommit[], examples = 2, shas = true): string[] {
  const groups = new Map<string, LeftOutCommit[]>();
  for (const c of commits) groups.set(c.reason, [...(groups.get(c.reason) ?? []), c]);
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(
      ([reason, list]) =>
        `  ${list.length} × ${reason} (${list
          .slice(0, examples)
          .map((c) => (shas ? c.sha.slice(0, 12) : c.sha))
          .join(', ')}${list.length > examples ? ', …' : ''})`,
    );
}

export function renderMineSummary(result: MineResult, seconds: number): string {
  const keyBugs = result.cases.reduce((n, c) => n + new Set(c.keyBugs.map((b, i) => b.bug ?? `#${i}`)).size, 0);
  const lines = [
    `mine: ${result.fixes} fix commit(s) examined, ${result.fixesTraced} with code lines traced to ${result.introducers} commit(s); ${result.cases.length} case(s) with ${keyBugs} key bug(s) in ${seconds.toFixed(1)} s`,
  ];
  if (result.fixesWithoutLines.length > 0)
    lines.push(`fixes with no code line to trace: ${result.fixesWithoutLines.length}`, ...byReason(result.fixesWithoutLines));
  if (result.droppedIntroducers.length > 0)
    lines.push(`introducing commits left out: ${result.droppedIntroducers.length}`, ...byReason(result.droppedIntroducers));
  if (result.droppedLines.length > 0)
    lines.push(`expected lines left out of the cases: ${result.droppedLines.length} (${summarize(result.droppedLines)})`);
  return lines.join('\n') + '\n';
}

/** What an import made of a dataset, as lines for the terminal. */
export function renderImportSummary(result: ImportResult, format: string, seconds: number): string {
  const keyBugs = result.cases.reduce((n, c) => n + new Set(c.keyBugs.map((b, i) => b.bug ?? `#${i}`)).size, 0);
  const what = format === 'aacr' ? 'pull request(s)' : 'bug(s)';
  const lines = [
    `import: ${result.bugs} ${what} read from ${format}; ${result.cases.length} case(s) with ${keyBugs} key bug(s) in ${seconds.toFixed(1)} s`,
  ];
  if (result.rejectedBugs.length > 0) {
    lines.push(
      `${what} that made no case: ${result.rejectedBugs.length}`,
      ...byReason(
        result.rejectedBugs.map((r) => ({ sha: r.id, subject: '', reason: r.reason })),
        3,
        false,
      ),
    );
  }
  if (result.droppedIntroducers.length > 0)
    lines.push(`introducing commits left out: ${result.droppedIntroducers.length}`, ...byReason(result.droppedIntroducers));
  if (result.droppedLines.length > 0)
    lines.push(`expected lines left out of the cases: ${result.droppedLines.length} (${summarize(result.droppedLines)})`);
  return lines.join('\n') + '\n';
}
