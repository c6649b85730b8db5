import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { startModelServer, type ModelServer } from '../servers/model-server.js';
import { evalModel, writeEvalFixture, type EvalFixture } from './fixtures.js';

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t + '\n'), env });
  return { code, out, err };
}

interface Place {
  path: string;
  side: 'RIGHT' | 'LEFT';
  startLine: number;
  line: number;
}
interface ReportFinding extends Place {
  id: string;
  sliceId: string;
  reported?: Place;
}
interface ReviewReport {
  findings: ReportFinding[];
  anchoring: { id: string; fate: string; anchor: { path: string; side: string; line: number; method: string } | null; why: string }[];
  dropped: ReportFinding[];
  passed: Record<string, string[]>;
  calls: { latencyMs: number }[];
  stats: { stageMs: Record<string, number>; peakMemoryMb: number };
}
interface SliceJson {
  slices: { id: string; sections: { file: string; lines: { new: number | null; old: number | null; op: string }[] }[] }[];
}
interface DiffJson {
  files: { path: string; hunks: { lines: { op: string; old: number | null; new: number | null }[] }[] }[];
}
interface KeyBug {
  path: string;
  startLine: number;
  endLine: number;
}
interface Score {
  comments: number;
  kbi: number | null;
  far1: number | null;
  far2: number | null;
  cpi1: number | null;
  cpi2: number | null;
  lsr: number | null;
  casesWithoutComments: number;
}
interface EvalJson {
  cases: number;
  failed: number;
  settings: { lineTolerance: number };
  stages: { stage: string; score: Score | null }[];
  perCase: { id: string; status: string; keyBugs: KeyBug[] }[];
  sweep: { rows: { threshold: number; topK: number; coarse: Score; topk: Score }[]; best: number | null } | null;
  run: { mode: string; requestsSent: number | null; requestsReplayed: number };
}

const STAGES = ['reviewer', 'coarse-filter', 'top-k', 'meta-reviewer', 'validator'];

/**
 * The paper's definitions (Appendix M), computed here from a run's per-case reports, its slices
 * and its diffs, without keybug's metric code.
 */
function expectedScores(
  cases: { keyBugs: KeyBug[]; report: ReviewReport; slices: SliceJson; diff: DiffJson }[],
  tolerance: number,
): Record<string, Score> {
  const out: Record<string, Score> = {};
  for (const stage of STAGES) {
    const perCase = cases.map(({ keyBugs, report, slices, diff }) => {
      const byId = new Map([...report.findings, ...report.dropped].map((f) => [f.id, f]));
      const comments = (report.passed[stage] ?? []).map((id) => byId.get(id) as ReportFinding);
      const headLine = (f: ReportFinding, n: number): number => {
        if (f.side === 'RIGHT') return n;
        for (const hunk of diff.files.find((d) => d.path === f.path)?.hunks ?? []) {
          const i = hunk.lines.findIndex((l) => l.op === '-' && l.old === n);
          if (i >= 0) return hunk.lines.slice(i).find((l) => l.new !== null)?.new ?? n;
        }
        return n;
      };
      const hits = comments.map((f) =>
        keyBugs.filter(
          (b) => f.path === b.path && headLine(f, f.startLine) <= b.endLine + tolerance && headLine(f, f.line) >= b.startLine - tolerance,
        ),
      );
      const shown = comments.filter((f) => {
        const w = f.reported ?? f;
        const slice = slices.slices.find((s) => s.id === f.sliceId);
        return slice?.sections.some(
          (sec) =>
            sec.file === w.path &&
            sec.lines.some((l) => (w.side === 'LEFT' ? l.op === '-' && l.old === w.line : l.op !== '-' && l.new === w.line)),
        );
      });
      const recalled = keyBugs.filter((b) => hits.some((h) => h.includes(b))).length;
      const falseAlarms = hits.filter((h) => h.length === 0).length;
      return {
        keyBugs: keyBugs.length,
        recalled,
        n: comments.length,
        far: comments.length ? (100 * falseAlarms) / comments.length : null,
        lsr: comments.length ? (100 * shown.length) / comments.length : null,
      };
    });
    const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    const bugs = perCase.reduce((n, c) => n + c.keyBugs, 0);
    const kbi = bugs ? (100 * perCase.reduce((n, c) => n + c.recalled, 0)) / bugs : null;
    const far1 = mean(perCase.filter((c) => c.n > 0).map((c) => c.far as number));
    const far2 = mean(perCase.filter((c) => c.recalled > 0).map((c) => c.far as number));
    const cpi = (far: number | null): number | null =>
      kbi === null || far === null ? null : kbi + 100 - far === 0 ? 0 : (2 * kbi * (100 - far)) / (kbi + 100 - far);
    out[stage] = {
      comments: perCase.reduce((n, c) => n + c.n, 0),
      kbi,
      far1,
      far2,
      cpi1: cpi(far1),
      cpi2: cpi(far2),
      lsr: mean(perCase.filter((c) => c.n > 0).map((c) => c.lsr as number)),
      casesWithoutComments: perCase.filter((c) => c.n === 0).length,
    };
  }
  return out;
}

function expectScore(actual: Score | null | undefined, expected: Score | undefined): void {
  expect(actual).toBeDefined();
  for (const key of Object.keys(expected ?? {}) as (keyof Score)[]) {
    const want = expected?.[key] ?? null;
    const got = actual?.[key] ?? null;
    if (want === null || got === null) expect({ [key]: got }).toEqual({ [key]: want });
    else expect(got).toBeCloseTo(want, 9);
  }
}

/** A report without its wall times, which a replay cannot reproduce. */
/** A report without what a run measures of itself (times, memory), which no two runs share. */
const timeless = (report: ReviewReport): unknown => ({
  ...report,
  calls: report.calls.map((c) => ({ ...c, latencyMs: 0 })),
  stats: { ...report.stats, stageMs: {}, peakMemoryMb: 0 },
});

describe('keybug eval on a case set with a scripted model', () => {
  let fixture: EvalFixture;
  let server: ModelServer;
  let work: string;
  let recorded: EvalJson;
  const recording = (): string => path.join(work, 'recording');
  /** The case set and the settings the recording was made with (the script answers as two reviewers). */
  const setup = (): string[] => ['--cases', fixture.casesFile, '--model', 'scripted', '--reviewers', '2'];

  beforeAll(async () => {
    fixture = writeEvalFixture();
    server = await startModelServer(evalModel());
    work = mkdtempSync(path.join(tmpdir(), 'keybug-eval-test-'));
  });
  afterAll(async () => {
    await server.close();
    fixture.cleanup();
    rmSync(work, { recursive: true, force: true });
  }, 240_000);

  it('prints per-stage KBI, FAR₁, FAR₂, CPI₁, CPI₂ and LSR that match the definitions computed independently from the run', async () => {
    const out = path.join(work, 'live');
    const args = [
      'eval',
      ...setup(),
      '--base-url',
      server.url,
      '--concurrency',
      '1',
      '--record',
      recording(),
      '--out',
      out,
      '--format',
      'json',
    ];
    const { code, out: stdout, err } = await cli(args, { OPENAI_API_KEY: 'sk-eval-test-key-000000' });
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    recorded = JSON.parse(stdout) as EvalJson;
    // Printed and written in pieces, the text JSON.stringify makes of the whole report.
    expect(stdout).toBe(JSON.stringify(recorded, null, 2) + '\n');
    expect(readFileSync(path.join(out, 'eval.json'), 'utf8')).toBe(stdout);
    expect(recorded).toMatchObject({
      cases: 2,
      failed: 0,
      run: { mode: 'record', requestsSent: server.requests.length, requestsReplayed: 0 },
    });
    expect(readFileSync(path.join(recording(), 'buffer.jsonl'), 'utf8')).not.toContain('sk-eval-test-key');

    const cases = await Promise.all(
      recorded.perCase.map(async (c, i) => {
        const repo = fixture.repos[i]!.dir;
        const base = fixture.repos[i]!.git('rev-parse', 'HEAD~1').trim();
        const slices = JSON.parse((await cli(['slice', '--repo', repo, '--base', base, '--format', 'json'])).out) as SliceJson;
        const diff = JSON.parse((await cli(['diff', '--repo', repo, '--base', base, '--format', 'json'])).out) as DiffJson;
        const report = JSON.parse(readFileSync(path.join(out, 'cases', `${c.id}.json`), 'utf8')) as ReviewReport;
        return { keyBugs: c.keyBugs, report, slices, diff };
      }),
    );
    const expected = expectedScores(cases, 3);
    for (const stage of STAGES) expectScore(recorded.stages.find((s) => s.stage === stage)?.score, expected[stage]);

    // The same, worked out by hand from the script (see fixtures.ts): at the last stage the comment
    // over lines 8-9 recalls both buf_put bugs and nothing else survives on the buffer; the clean
    // change keeps one false alarm.
    expect(expected.validator).toMatchObject({ comments: 2, far1: 50, far2: 0, lsr: 100, casesWithoutComments: 0 });
    expect(expected.validator?.kbi).toBeCloseTo(200 / 3, 9);
    // Every reviewer comment: buffer 8, of which 6 on a line the slice showed (not the wrong line,
    // not the invented location), clean 2.
    expect(expected.reviewer).toMatchObject({ comments: 10, kbi: 100, lsr: 87.5 });
    // Each case's review report says where every finding would be anchored in the diff, and why.
    for (const { report } of cases) expect(report.anchoring.map((a) => a.id).sort()).toEqual(report.findings.map((f) => f.id).sort());
    expect(cases[0]?.report.anchoring).toEqual([
      {
        id: expect.any(String),
        title: 'n is no longer bounded',
        fate: 'line-comment',
        anchor: expect.objectContaining({ path: 'src/buf.c', side: 'RIGHT', line: 9, method: 'quote' }),
        claimed: null,
        why: 'the quoted code is on this line',
      },
    ]);
    expect(existsSync(path.join(out, 'sweep.svg'))).toBe(false);
  }, 240_000);

  it('prints the same metrics as a table, and a tighter tolerance recalls less', async () => {
    const text = await cli(['eval', ...setup(), '--replay', recording()]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^stage\s+comments\s+KBI\s+FAR₁\s+FAR₂\s+CPI₁\s+CPI₂\s+LSR\s+no comments$/m);
    expect(text.out).toMatch(/^\+ Validator\s+2\s+66\.67\s+50\.00\s+0\.00\s+57\.14\s+80\.00\s+100\.00\s+0$/m);
    expect(text.out).toMatch(/^\s+buffer\s+complete\s+2\/3\s+1\s+0$/m);

    const tight = JSON.parse(
      (await cli(['eval', ...setup(), '--replay', recording(), '--line-tolerance', '0', '--format', 'json'])).out,
    ) as EvalJson;
    expect(tight.settings.lineTolerance).toBe(0);
    // Lines 8-9 no longer reach the memcpy bug on line 12.
    expect(tight.stages.find((s) => s.stage === 'validator')?.score?.kbi).toBeCloseTo(100 / 3, 9);
  }, 240_000);

  it('gives the identical report from --replay with the model endpoint down, and the identical review reports', async () => {
    await server.close();
    const out = path.join(work, 'replayed');
    const { code, out: stdout } = await cli(['eval', ...setup(), '--replay', recording(), '--out', out, '--format', 'json']);
    expect(code).toBe(0);
    const replayed = JSON.parse(stdout) as EvalJson;
    expect(replayed.run).toEqual({
      mode: 'replay',
      recording: recording(),
      modelCalls: expect.any(Number),
      requestsSent: 0,
      requestsReplayed: recorded.run.requestsSent,
    });
    expect({ ...replayed, run: null }).toEqual({ ...recorded, run: null });
    for (const c of recorded.perCase) {
      const read = (dir: string): ReviewReport =>
        JSON.parse(readFileSync(path.join(work, dir, 'cases', `${c.id}.json`), 'utf8')) as ReviewReport;
      expect(timeless(read('replayed'))).toEqual(timeless(read('live')));
    }
  }, 240_000);

  it('sweeps thresholds and top-k from the recording with no model call: the table, the Markdown and the SVG', async () => {
    const out = path.join(work, 'sweep');
    const { code, out: stdout } = await cli([
      'eval',
      ...setup(),
      '--replay',
      recording(),
      '--sweep',
      '--sweep-thresholds',
      '2,4,6',
      '--sweep-top-k',
      '1,5',
      '--out',
      out,
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as EvalJson;
    expect(report.run.requestsSent).toBe(0);
    expect(report.sweep?.rows.map((r) => [r.threshold, r.topK])).toEqual([
      [2, 1],
      [2, 5],
      [4, 1],
      [4, 5],
      [6, 1],
      [6, 5],
    ]);
    // At the run's own settings (4, top-5) the sweep re-scores exactly what the run measured.
    const own = report.sweep?.rows.find((r) => r.threshold === 4 && r.topK === 5);
    expect(own?.coarse).toEqual(report.stages.find((s) => s.stage === 'coarse-filter')?.score);
    expect(own?.topk).toEqual(report.stages.find((s) => s.stage === 'top-k')?.score);
    // Threshold 6 keeps what scored 7 on both substance and reality: the two bound comments and the off-by-one.
    expect(report.sweep?.rows.find((r) => r.threshold === 6 && r.topK === 5)?.coarse.comments).toBe(3);
    expect(report.sweep?.best).not.toBeNull();

    const svg = readFileSync(path.join(out, 'sweep.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.match(/<polyline /g)).toHaveLength(3);
    expect(svg).toContain('KBI, FAR₁ and CPI₁ after top-k');
    const markdown = readFileSync(path.join(out, 'eval.md'), 'utf8');
    expect(markdown).toContain('### Sweep');
    expect(markdown).toMatch(/^\| threshold \| top-k \| coarse KBI \|/m);
    expect(markdown).toContain('← best CPI₁');
    const text = await cli(['eval', ...setup(), '--replay', recording(), '--sweep']);
    expect(text.out).toContain('The meta-reviewer and the validator are not re-run in the sweep');
    expect(text.out).toMatch(/^≤ 4\s+5\s/m);
  }, 240_000);

  it('fails a case whose requests are not in the recording, naming the case, the slice and the role, and still reports', async () => {
    const { code, out, err } = await cli([
      'eval',
      ...setup(),
      '--validator-model',
      'stronger',
      '--replay',
      recording(),
      '--format',
      'json',
    ]);
    expect(code).toBe(4);
    expect(err).toMatch(
      /keybug eval: case 'buffer' could not be reviewed: replay: case 'buffer': the validator request on slice (s1 \(src\/buf\.c:9-9\)|s2 \(src\/buf\.c:18-18\)) with model stronger is not in the recording .*buffer\.jsonl/,
    );
    const report = JSON.parse(out) as EvalJson;
    expect(report).toMatchObject({ cases: 2, failed: 2 });
    expect(report.perCase.map((c) => c.status)).toEqual(['failed', 'failed']);
  }, 240_000);

  it('rejects bad usage with one line and exit 2, and a bad revision with exit 3', async () => {
    const bad: [string[], number, RegExp][] = [
      [['eval'], 2, /Missing --cases FILE/],
      [['eval', '--cases', fixture.casesFile, '--record', work, '--replay', work], 2, /--record and --replay exclude each other/],
      [['eval', '--cases', fixture.casesFile, '--replay', path.join(work, 'nope')], 2, /--replay .*nope: no such directory/],
      [['eval', '--cases', fixture.casesFile, '--sweep-top-k', '0,5'], 2, /Invalid value '0,5' for --sweep-top-k/],
      [['eval', '--cases', fixture.casesFile, '--line-tolerance', 'wide'], 2, /Invalid value 'wide' for --line-tolerance/],
      [['eval', '--cases', path.join(work, 'missing.yml')], 2, /cannot read the case file .*missing\.yml: no such file/],
      [['eval', '--example', '--top-k', '3'], 2, /--example replays a recording made with fixed settings, so --top-k cannot apply/],
      [['eval', '--cases', fixture.casesFile, '--report', 'x.json'], 2, /--report does not apply to keybug eval: use --out DIR/],
      [
        ['eval', '--cases', fixture.casesFile],
        2,
        /^keybug eval: (case 'buffer': )?Missing --model \(or KEYBUG_MODEL\): expected a model name/,
      ],
    ];
    for (const [args, code, message] of bad) {
      const result = await cli(args);
      expect({ args, code: result.code }).toEqual({ args, code });
      expect(result.err).toMatch(message);
      expect(result.err.trim().split('\n')).toHaveLength(1);
    }
    const other = path.join(path.dirname(fixture.casesFile), 'other.yml');
    writeFileSync(other, readFileSync(fixture.casesFile, 'utf8').replace(/base: [0-9a-f]{40}/, 'base: no-such-rev'));
    const missing = await cli(['eval', '--cases', other, '--model', 'scripted', '--base-url', 'http://127.0.0.1:9/v1']);
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/case 'buffer': the base revision 'no-such-rev' is not in /);
  }, 240_000);

  it("writes an endpoint's hostile error into its outputs without the key it echoes or its terminal escapes", async () => {
    const key = 'sk-eval-secret-0123456789';
    const hostile = await startModelServer((request) => ({
      status: 400,
      body: {
        error: {
          message: `rejected (${String(request.headers.authorization)}, key ${key}) \u001b[2J\u001b]0;owned\u0007 <!-- keybug:review:v2 eyJ9 -->`,
        },
      },
    }));
    try {
      const out = path.join(work, 'hostile-out');
      const recordDir = path.join(work, 'hostile-recording');
      const { out: stdout, err } = await cli(
        [
          'eval',
          '--cases',
          fixture.casesFile,
          '--model',
          'scripted',
          '--base-url',
          hostile.url,
          '--max-retries',
          '0',
          '--record',
          recordDir,
          '--out',
          out,
        ],
        { OPENAI_API_KEY: key },
      );
      const files = [
        path.join(out, 'eval.md'),
        path.join(out, 'eval.json'),
        path.join(out, 'cases', 'buffer.json'),
        path.join(recordDir, 'buffer.jsonl'),
      ].map((f) => readFileSync(f, 'utf8'));
      // The endpoint's message reached the case's review report and the recording: the test sees it pass through.
      expect(files[2]).toContain('rejected (Bearer ***, key ***)');
      expect(files[3]).toContain('key ***');
      const written = [stdout, err, ...files].join('\n');
      expect(written).not.toContain(key);
      // What is printed and reported has no terminal escape (JSON would write one as \u001b); the
      // recording keeps the answer as it came, to replay it, with only the credentials masked.
      const shown = [stdout, err, ...files.slice(0, 3)].join('\n');
      expect(shown).not.toContain('\u001b');
      expect(shown).not.toContain('\\u001b[2J');
      expect(files[2]).not.toContain('keybug:review');
    } finally {
      await hostile.close();
    }
  }, 240_000);
});
