// Benchmark: `keybug eval mine` on real repositories. For each clone: the fixes examined, the cases
// and key bugs written, what was left out and why, wall and CPU time (keybug's process and the git
// processes it waited for, from /proc) and the machine's load; then a check of every case: its
// expected lines are all added lines of its head in keybug's diff (readDiff, as the review reads
// it), and it reads back through the case file's schema; then a few cases, their key bug lines
// shown with their text.
// Run: npm run bench:mine -- --repo DIR [--repo DIR ...] [--max N] [--since DATE] [--sample 3] [--out DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDiff } from '../src/diff/index.js';
import { addedLines, keyBugsOutsideAdded } from '../src/eval/added-lines.js';
import { formatCases } from '../src/eval/case-file.js';
import { parseCases, type EvalCase } from '../src/eval/cases.js';
import { fixPattern } from '../src/eval/mine/fixes.js';
import { idPrefixOf } from '../src/eval/mine/index.js';
import { mine } from '../src/flows/mine.js';
import { renderMineSummary } from '../src/eval/summary.js';
import { sampleCases } from '../src/eval/sample.js';
import { Git } from '../src/git/git.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', multiple: true },
    max: { type: 'string' },
    since: { type: 'string' },
    sample: { type: 'string', default: '3' },
    'max-files': { type: 'string', default: '100' },
    out: { type: 'string' },
  },
});
if (!values.repo || values.repo.length === 0) {
  console.error('usage: npm run bench:mine -- --repo DIR [--repo DIR ...] [--max N] [--since DATE] [--sample 3] [--out DIR]');
  process.exit(2);
}

/** CPU seconds of this process and of the children it waited for (git), from /proc/self/stat; null off Linux. */
function cpuSeconds(): { self: number; children: number } | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command's name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based in proc(5)); ticks of 1/100 s.
    const at = (n: number): number => Number(fields[n - 3]) / 100;
    return { self: at(14) + at(15), children: at(16) + at(17) };
  } catch {
    return null;
  }
}

/** The mirror layout owner+name/repo names its clone by its parent folder. */
const nameOf = (dir: string): string =>
  path.basename(dir) === 'repo' ? path.basename(path.dirname(dir)).replace(/^[^+]*\+/, '') : idPrefixOf(dir);

async function verify(cases: readonly EvalCase[]): Promise<{ checked: number; outside: string[] }> {
  const outside: string[] = [];
  for (const c of cases) {
    const git = await Git.open(c.repo);
    try {
      const why = keyBugsOutsideAdded(c, addedLines(await readDiff(git, c.base, c.head, { fetchRemote: null })));
      if (why !== null) outside.push(`${c.id}: ${why}`);
    } finally {
      git.close();
    }
  }
  return { checked: cases.length, outside };
}

async function show(c: EvalCase): Promise<string[]> {
  const git = await Git.open(c.repo);
  try {
    const lines = [
      `  ${c.id}  ${c.title.slice(0, 90)}`,
      `    labels ${JSON.stringify(c.labels)}, ${c.size?.files} file(s) +${c.size?.additions} -${c.size?.deletions}, fixed by ${c.source?.fixes?.map((f) => `${f.sha.slice(0, 12)} (${f.days} d: ${f.subject?.slice(0, 60)})`).join(', ')}`,
    ];
    for (const bug of c.keyBugs.slice(0, 4)) {
      const text = (await git.readBlob(c.head, bug.path))?.toString('utf8').split('\n') ?? [];
      for (let n = bug.startLine; n <= Math.min(bug.endLine, bug.startLine + 2); n++)
        lines.push(`    ${bug.path}:${n}  ${(text[n - 1] ?? '').trim().slice(0, 100)}`);
    }
    return lines;
  } finally {
    git.close();
  }
}

const rows: string[] = [];
for (const repo of values.repo.map((r) => path.resolve(r))) {
  const name = nameOf(repo);
  const load = loadavg();
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const result = await mine({
    repo,
    rev: 'HEAD',
    since: values.since,
    max: values.max === undefined ? undefined : Number(values.max),
    pattern: fixPattern(undefined),
    skipReverts: true,
    maxFiles: Number(values['max-files']),
    includeTests: false,
    idPrefix: name,
    log: (m) => process.stderr.write(`${name}: ${m}\n`),
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds();
  const loadAfter = loadavg();
  console.log(`\n## ${name} (${repo})`);
  process.stdout.write(renderMineSummary(result, seconds));
  const cpu =
    cpuBefore && cpuAfter
      ? `${(cpuAfter.self - cpuBefore.self).toFixed(1)} s keybug + ${(cpuAfter.children - cpuBefore.children).toFixed(1)} s git`
      : 'n/a';
  console.log(
    `time: ${seconds.toFixed(1)} s wall, CPU ${cpu}; load average ${load[0]?.toFixed(2)} at the start, ${loadAfter[0]?.toFixed(2)} at the end`,
  );
  const text = formatCases(result.cases, null);
  const reread = result.cases.length === 0 ? [] : parseCases(text, `${name}.jsonl`);
  const check = await verify(reread);
  console.log(
    `check: ${check.checked} case(s) read back through the schema; ${check.checked - check.outside.length} with every expected line an added line of head, ${check.outside.length} without`,
  );
  for (const o of check.outside) console.log(`  ✗ ${o}`);
  const sample = sampleCases(result.cases, Number(values.sample), 1);
  if (sample.length > 0) console.log('sample:');
  for (const c of sample) console.log((await show(c)).join('\n'));
  if (values.out !== undefined)
    writeFileSync(path.join(values.out, `${name}.jsonl`), formatCases(result.cases, path.join(values.out, `${name}.jsonl`)));
  const keyBugs = result.cases.reduce((n, c) => n + new Set(c.keyBugs.map((b, i) => b.bug ?? `#${i}`)).size, 0);
  rows.push(
    `| ${name} | ${[values.since === undefined ? '' : `since ${values.since}`, values.max === undefined ? '' : `newest ${values.max}`].filter((w) => w !== '').join(', ') || 'all'} | ${result.fixes} | ${result.fixesTraced} | ${result.introducers} | ${result.cases.length} | ${keyBugs} | ${check.outside.length} | ${seconds.toFixed(1)} | ${cpu} | ${load[0]?.toFixed(1)}–${loadAfter[0]?.toFixed(1)} |`,
  );
}
console.log(
  '\n| repository | fixes taken | fixes | traced | introducers | cases | key bugs | cases with a line not added | wall s | CPU | load |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
for (const r of rows) console.log(r);
