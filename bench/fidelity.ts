// Benchmark: are the slices of real commits true to their files? For every line every slice shows,
// its text must equal that line of its revision (head, or base for deleted lines and base
// sections); and no slice may hold only changed lines with nothing to review (blank lines, brackets,
// comments), which would cost reviewer calls for nothing. Slices the token budget cut into parts
// are checked too; diff-only sections (no pack) are left out.
// Run: npm run bench:fidelity -- --repo DIR [--commits 40] [--rev HEAD] [--algorithm full-flow]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { Git } from '../src/git/git.js';
import { readDiff } from '../src/diff/index.js';
import { sliceChange } from '../src/slicing/index.js';
import type { SliceAlgorithm } from '../src/types.js';
import { NOTHING_TO_REVIEW } from './nothing.js';
import { reviewedFiles } from './reviewed.js';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commits: { type: 'string', default: '40' },
    rev: { type: 'string', default: 'HEAD' },
    algorithm: { type: 'string', default: 'full-flow' },
  },
});
if (!values.repo) {
  console.error('usage: npm run bench:fidelity -- --repo DIR [--commits N] [--rev REV] [--algorithm A]');
  process.exit(2);
}

const shas = execFileSync('git', ['-C', values.repo, 'log', '--no-merges', '--format=%H', '-n', values.commits, values.rev], {
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .filter(Boolean);
const total = { slices: 0, lines: 0, mismatches: 0, nothing: 0 };
for (const sha of shas) {
  const git = await Git.open(values.repo);
  try {
    const diff = await readDiff(git, `${sha}~1`, sha, { fetchRemote: null });
    const result = await sliceChange(git, diff, await reviewedFiles(git, diff), {
      algorithm: values.algorithm as SliceAlgorithm,
      tokenBudget: 100_000,
    });
    const texts = new Map<string, Promise<string[] | null>>();
    const fileLines = (rev: string, file: string): Promise<string[] | null> => {
      const key = `${rev}:${file}`;
      let known = texts.get(key);
      if (known === undefined) texts.set(key, (known = git.readBlob(rev, file).then((b) => b?.toString('utf8').split('\n') ?? null)));
      return known;
    };
    for (const slice of result.slices) {
      const sections = slice.sections.filter((s) => s.diffOnly === undefined);
      if (sections.length === 0) continue;
      total.slices++;
      const changed = sections.flatMap((s) => s.lines.filter((l) => l.op !== ' '));
      if (changed.length > 0 && changed.every((l) => NOTHING_TO_REVIEW.test(l.text))) {
        total.nothing++;
        console.log(
          `nothing to review: ${sha.slice(0, 10)} ${slice.seed.file}:${slice.seed.startLine} ${JSON.stringify(changed.map((l) => l.op + l.text)).slice(0, 120)}`,
        );
      }
      for (const section of sections) {
        for (const line of section.lines) {
          total.lines++;
          const base = line.op === '-' || section.side === 'base';
          const number = base ? line.old : line.new;
          const text = number === null ? undefined : (await fileLines(base ? diff.baseSha : diff.headSha, section.file))?.[number - 1];
          if (text?.replace(/\r$/, '') === line.text) continue;
          total.mismatches++;
          console.log(
            `mismatch: ${sha.slice(0, 10)} ${section.file}:${number} shows ${JSON.stringify(line.text).slice(0, 80)}, the file has ${JSON.stringify(text).slice(0, 80)}`,
          );
        }
      }
    }
  } finally {
    git.close();
  }
}
console.log(
  `${shas.length} commits, ${total.slices} slices, ${total.lines} lines shown: ${total.mismatches} differ from their file; ${total.nothing} slices hold only changed lines with nothing to review`,
);
