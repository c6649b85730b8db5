// What the reviewers' tools cost on real repositories: for the last N non-merge commits of a clone,
// each tool is called as a reviewer would call it about the first changed line of each changed source
// file (definition and references of the first name called there, read of the 40 lines around it,
// search for the name, history of the line, diff of the file), through a ToolSession, so the answer
// measured is the one a model reads (masked, as a data block). Prints the tokens per answer (keybug's
// estimate at 3.5 characters a token, which is what tool-token-budget counts) and the time per answer.
//   npm run bench:tools -- --repo DIR [--commits 20] [--files 3]
import { parseArgs } from 'node:util';
import { readDiff } from '../src/diff/index.js';
import { Git } from '../src/git/git.js';
import { RepositoryTools, ToolSession } from '../src/review/tools/index.js';
import { isParsablePath } from '../src/slicing/packs.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '20' },
    files: { type: 'string', default: '3' },
    rev: { type: 'string', default: 'HEAD' },
  },
});
if (values.repo === undefined) throw new Error('usage: npm run bench:tools -- --repo DIR [--commits 20] [--files 3] [--rev HEAD]');
const git = await Git.open(values.repo);
const { execFileSync } = await import('node:child_process');
const shas = execFileSync('git', ['-C', values.repo, 'rev-list', '--no-merges', `--max-count=${values.commits}`, values.rev], {
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .filter(Boolean);

const samples = new Map<string, { tokens: number[]; ms: number[]; outcomes: Map<string, number> }>();
const started = process.cpuUsage();
const wall = performance.now();
for (const sha of shas) {
  const parent = execFileSync('git', ['-C', values.repo, 'rev-parse', `${sha}~1`], { encoding: 'utf8' }).trim();
  const diff = await readDiff(git, parent, sha, { fetchRemote: null });
  const tools = new RepositoryTools(git, diff);
  const files = diff.files
    .filter((f) => f.status !== 'deleted' && !f.binary && isParsablePath(f.path) && f.hunks.length > 0)
    .slice(0, Number(values.files));
  for (const file of files) {
    const added = file.hunks.flatMap((h) => h.lines).find((l) => l.op === '+' && /[A-Za-z_]\w{2,}\s*\(/.test(l.text));
    const line = added?.new ?? file.hunks[0]?.newStart ?? 1;
    const name = /([A-Za-z_]\w{2,})\s*\(/.exec(added?.text ?? '')?.[1] ?? null;
    const session = new ToolSession(tools, { calls: 100, tokens: 1_000_000, answerMs: 2000 });
    const calls: [string, Record<string, unknown>][] = [
      ['read', { file: file.path, start: Math.max(1, line - 20), end: line + 20 }],
      ['history', { file: file.path, line }],
      ['diff', { file: file.path }],
    ];
    if (name !== null)
      calls.push(['definition', { name, file: file.path, line }], ['references', { name, file: file.path }], ['search', { text: name }]);
    for (const [tool, args] of calls) await session.answer(tool, args);
    for (const r of session.records) {
      const s = samples.get(r.tool) ?? { tokens: [] as number[], ms: [] as number[], outcomes: new Map<string, number>() };
      s.tokens.push(r.tokens);
      s.ms.push(r.ms);
      s.outcomes.set(r.outcome, (s.outcomes.get(r.outcome) ?? 0) + 1);
      samples.set(r.tool, s);
    }
  }
}
git.close();
const cpu = process.cpuUsage(started);
const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))] ?? 0;
const mean = (xs: number[]): number => (xs.length === 0 ? 0 : Math.round(xs.reduce((a, b) => a + b, 0) / xs.length));
console.log(
  `${values.repo}: ${shas.length} commits, up to ${values.files} file(s) each; wall ${((performance.now() - wall) / 1000).toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (keybug's process; git's children not counted)`,
);
console.log('| tool | calls | tokens mean | median | p90 | max | ms mean | ms p90 | outcomes |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const tool of ['definition', 'references', 'read', 'search', 'history', 'diff']) {
  const s = samples.get(tool);
  if (s === undefined) continue;
  console.log(
    `| ${tool} | ${s.tokens.length} | ${mean(s.tokens)} | ${pct(s.tokens, 0.5)} | ${pct(s.tokens, 0.9)} | ${Math.max(...s.tokens)} | ${mean(s.ms)} | ${pct(s.ms, 0.9)} | ${[...s.outcomes].map(([o, n]) => `${o} ${n}`).join(', ')} |`,
  );
}
const all = [...samples.values()].flatMap((s) => s.tokens);
console.log(`| all | ${all.length} | ${mean(all)} | ${pct(all, 0.5)} | ${pct(all, 0.9)} | ${Math.max(...all)} | | | |`);
