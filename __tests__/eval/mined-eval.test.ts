import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { formatCases } from '../../src/eval/case-file.js';
import type { EvalCase } from '../../src/eval/cases.js';
import { fixPattern } from '../../src/eval/mine/fixes.js';
import { mine } from '../../src/flows/mine.js';
import { metaAnswer, reviewerAnswer, sliceFileOf, validatorAnswer } from '../review/helpers.js';
import { dataBlockOf, startModelServer, type ModelServer, type Script } from '../servers/model-server.js';
import { writeMineFixture, type MineFixture } from './mine-fixture.js';

/** A reviewer that finds the clamp bug and the mean bug where they are, and raises a false alarm on the util slice. */
const SAYS: { shows: string; path: string; line: number; quote: string; title: string }[] = [
  { shows: 'if (v > hi) return lo;', path: 'src/calc.c', line: 10, quote: 'if (v > hi) return lo;', title: 'clamp returns lo above hi' },
  {
    shows: 'return sum(xs) / (len(xs) - 1)',
    path: 'lib/stats.py',
    line: 2,
    quote: 'return sum(xs) / (len(xs) - 1)',
    title: 'mean divides by n - 1',
  },
  { shows: 'return xs[1]', path: 'src/util.py', line: 1, quote: 'def first(xs):', title: 'first has no docstring' },
];

const script: Script = (request) => {
  if (request.role === 'meta-reviewer') return { content: metaAnswer(request) };
  if (request.role === 'validator') return { content: validatorAnswer(request) };
  const slice = dataBlockOf(request.user, 'SLICE') ?? '';
  return {
    content: reviewerAnswer(
      SAYS.filter((s) => sliceFileOf(request) === s.path && slice.includes(s.shows)).map((s) => ({
        title: s.title,
        path: s.path,
        line: s.line,
        quote: s.quote,
        scores: [7, 7, 6],
      })),
    ),
  };
};

interface Score {
  keyBugs: number;
  recalled: number;
  comments: number;
  kbi: number | null;
}
interface Group {
  group: string;
  cases: number;
  stages: Record<string, Score>;
}
interface Report {
  cases: number;
  rejected: { id: string; reason: string }[];
  sample: { size: number; seed: number; of: number } | null;
  breakdown: { language: Group[]; labels: Record<string, Group[]> };
  perCase: { id: string; bugs: number; labels: Record<string, string>; languages: string[] }[];
  stages: { stage: string; score: Score | null }[];
}

async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env });
  return { code, out, err };
}

describe('keybug eval on mined cases', () => {
  let fixture: MineFixture;
  let server: ModelServer;
  let cases: EvalCase[];
  const work = mkdtempSync(path.join(tmpdir(), 'keybug-mined-eval-'));
  const casesFile = path.join(work, 'cases.jsonl');
  const env = { OPENAI_API_KEY: 'sk-mined-eval-test-000000' };
  const run = (...extra: string[]): Promise<{ code: number; out: string; err: string }> =>
    cli(
      [
        'eval',
        '--cases',
        casesFile,
        '--model',
        'scripted',
        '--base-url',
        server.url,
        '--reviewers',
        '1',
        '--line-tolerance',
        '0',
        '--format',
        'json',
        ...extra,
      ],
      env,
    );

  beforeAll(async () => {
    fixture = writeMineFixture();
    server = await startModelServer(script);
    cases = (
      await mine({
        repo: fixture.dir,
        rev: 'HEAD',
        pattern: fixPattern(undefined),
        skipReverts: true,
        maxFiles: 2,
        includeTests: false,
        idPrefix: 'calc',
      })
    ).cases;
    // A case edited by hand after mining: its key bug now points at a line the change did not add.
    const clamp = cases.find((c) => c.head === fixture.commits.clamp) as EvalCase;
    const edited: EvalCase = {
      ...clamp,
      id: 'calc-edited',
      keyBugs: [{ ...(clamp.keyBugs[0] as EvalCase['keyBugs'][number]), startLine: 4, endLine: 4 }],
    };
    writeFileSync(casesFile, formatCases([...cases, edited], casesFile));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    fixture.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('rejects a case whose key bug is not an added line, scores the rest, and breaks the figures down by language and label', async () => {
    const { code, out, err } = await run();
    expect(code).toBe(4);
    expect(err).toMatch(/case 'calc-edited' rejected: 1 key bug line\(s\) are not added lines of head [0-9a-f]{12}: src\/calc\.c:4/);
    const report = JSON.parse(out) as Report;
    expect(report.rejected).toEqual([{ id: 'calc-edited', reason: expect.stringMatching(/^1 key bug line\(s\) are not added lines/) }]);
    expect(report.cases).toBe(5);
    // The stats case has two key bugs (two fixes); the others one each.
    expect(report.perCase.map((c) => c.bugs).sort()).toEqual([1, 1, 1, 1, 2]);
    const last = (g: Group | undefined): Pick<Score, 'keyBugs' | 'recalled' | 'comments'> | undefined => {
      const s = g?.stages.validator;
      return s && { keyBugs: s.keyBugs, recalled: s.recalled, comments: s.comments };
    };
    const byLanguage = Object.fromEntries(report.breakdown.language.map((g) => [g.group, { cases: g.cases, ...last(g) }]));
    expect(byLanguage).toEqual({
      C: { cases: 3, keyBugs: 3, recalled: 1, comments: 1 },
      Python: { cases: 2, keyBugs: 3, recalled: 1, comments: 2 },
    });
    const byIntroducers = Object.fromEntries(
      (report.breakdown.labels.introducers ?? []).map((g) => [g.group, { cases: g.cases, ...last(g) }]),
    );
    expect(byIntroducers).toEqual({
      '1': { cases: 3, keyBugs: 4, recalled: 1, comments: 2 },
      '2': { cases: 2, keyBugs: 2, recalled: 1, comments: 1 },
    });
    expect(Object.keys(report.breakdown.labels).sort()).toEqual(['days-to-fix', 'introducers', 'size']);
    // Key bugs: 6 in all, 2 recalled.
    expect(report.stages.find((s) => s.stage === 'validator')?.score?.kbi).toBeCloseTo((2 / 6) * 100, 9);

    const text = await run('--format', 'text');
    expect(text.out).toMatch(/By language|language +cases +key bugs/);
    expect(text.out).toMatch(/case 'calc-edited' REJECTED/);
  });

  it('scores the same reproducible sample for the same seed', async () => {
    const first = JSON.parse((await run('--sample', '2', '--seed', '7')).out) as Report;
    const again = JSON.parse((await run('--sample', '2', '--seed', '7')).out) as Report;
    expect(first.sample).toEqual({ size: 2, seed: 7, of: 6 });
    expect(first.perCase.length + first.rejected.length).toBe(2);
    expect([...first.perCase.map((c) => c.id), ...first.rejected.map((r) => r.id)]).toEqual([
      ...again.perCase.map((c) => c.id),
      ...again.rejected.map((r) => r.id),
    ]);
    expect((await run('--seed', '7')).err).toMatch(/--seed picks the cases of --sample N/);
  });
});
