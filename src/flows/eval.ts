/**
 * `keybug eval`: runs a case set through exactly the pipeline `keybug review` runs (the engine's
 * input made by engineInput, then runReview), one case after the other; scores the comments alive
 * after each stage against the case's key bugs; re-scores the coarse filter and top-k over a grid
 * when asked; and builds the report.
 */
import path from 'node:path';
import { requireModelSettings } from '../config/inputs.js';
import type { Settings } from '../config/settings.js';
import { RevisionError } from '../diff/index.js';
import { configure } from '../engine/configure.js';
import { runReview, StageError } from '../engine/run.js';
import { admitCases } from '../eval/admit.js';
import type { EvalCase } from '../eval/cases.js';
import { scoreCase } from '../eval/metrics.js';
import { CommentPlacer } from '../eval/observe.js';
import type { CaseOutcome, CaseStage, ConfiguredCase } from '../eval/outcome.js';
import { renderMarkdown } from '../eval/render.js';
import { buildReport, type EvalReport } from '../eval/report.js';
import { renderComparisonMarkdown, setupReport, SETUPS, type ComparisonReport, type SetupName } from '../eval/compare.js';
import { renderSweepSvg } from '../eval/svg.js';
import { sweep, type SweepCase, type SweepGrid } from '../eval/sweep.js';
import { Git, GitError } from '../git/git.js';
import { documentPieces, jsonPieces } from '../output/json.js';
import { writeMaskedFile } from '../output/report-file.js';
import { outgoingMarkdown } from '../safety/markdown-check.js';
import { wouldBeAnchored } from '../publish/index.js';
import type { CallTape } from '../review/llm/tape.js';
import { CHECKPOINTS, type Checkpoint } from '../types.js';
import { engineInput, type RunSettings } from './engine-input.js';

/** What the shell hands an evaluation: the cases, how to review them (as RunSettings: the flags over each case's config file), how to score. */
export interface EvalSettings extends Omit<RunSettings, 'startedAt' | 'group' | 'configured'> {
  cases: EvalCase[];
  /** The settings of the flags alone, for the report's header. */
  settings: Settings;
  /** A comment recalls a key bug on its file within this many lines of it. */
  lineTolerance: number;
  /** The thresholds and k to re-score the coarse filter and top-k with; null: no sweep. */
  grid: SweepGrid | null;
  /** The cases are keybug's built-in example. */
  example: boolean;
  /** The reproducible subset the cases are (--sample N --seed S), for the report; null or absent: the whole file. */
  sample?: EvalReport['sample'];
}

/** Configures and reviews every case, scores each stage, and builds the report. A case that fails is reported as failed, and the others still run. */
export async function evaluate(input: EvalSettings): Promise<{ report: EvalReport; outcomes: CaseOutcome[] }> {
  // Mined and imported cases whose key bugs are not added lines are left out before anything is configured.
  const { admitted, rejected } = await admitCases(input.cases);
  for (const r of rejected) input.log(`eval: case '${r.case.id}' rejected: ${r.reason}`);
  const configured = await configureCases({ ...input, cases: admitted });
  const outcomes: CaseOutcome[] = [];
  for (const [i, c] of configured.entries()) {
    input.log(`eval: case ${i + 1} of ${configured.length}: ${c.case.id}`);
    const outcome = await runCase(c, input);
    if (outcome.status === 'failed') input.log(`eval: case '${c.case.id}' failed: ${outcome.error}`);
    outcomes.push(outcome);
  }
  const scored = outcomes.flatMap((o): SweepCase[] => (o.status !== 'failed' && o.sweep !== null ? [o.sweep] : []));
  const report = buildReport({
    outcomes,
    settings: input.settings,
    lineTolerance: input.lineTolerance,
    tape: input.tape,
    sweep: input.grid === null ? null : sweep(scored, input.grid, input.lineTolerance),
    example: input.example,
    rejected,
    sample: input.sample ?? null,
  });
  return { report, outcomes };
}

/** One setup's evaluation in a comparison. */
export interface SetupRun {
  name: SetupName;
  report: EvalReport;
  outcomes: CaseOutcome[];
}

/**
 * The cases evaluated twice, the slices alone (`tools: off`) and with the repository tools (the
 * flags' or config file's tools, never off), each with its own recording: the tools setup's in the
 * recording folder itself (as a plain evaluation records it), the slices-only setup's in its
 * `slices/` folder.
 */
export async function compareTools(input: EvalSettings): Promise<{ comparison: ComparisonReport; runs: SetupRun[] }> {
  const runs: SetupRun[] = [];
  for (const setup of SETUPS) {
    input.log(`eval: setup '${setup.label}'`);
    const given = input.explicit.get('tools');
    const tools = setup.tools ?? (given === undefined || given === '' || given === 'off' ? 'auto' : given);
    const explicit = {
      get: (name: string) => (name === 'tools' ? tools : input.explicit.get(name)),
      origin: (name: string) => (name === 'tools' ? `the '${setup.label}' setup` : input.explicit.origin(name)),
    };
    const tape =
      input.tape === null ? null : { ...input.tape, dir: setup.name === 'tools' ? input.tape.dir : path.join(input.tape.dir, setup.name) };
    const { report, outcomes } = await evaluate({ ...input, explicit, tape, grid: null });
    runs.push({ name: setup.name, report, outcomes });
  }
  const comparison: ComparisonReport = {
    version: 1,
    example: input.example,
    cases: input.cases.length,
    mode: input.tape?.mode ?? 'live',
    recording: input.tape?.dir ?? null,
    setups: runs.map((r) => setupReport(r.name, r.report, r.outcomes)),
  };
  return { comparison, runs };
}

/** Writes compare.json and compare.md, and each setup's evaluation files into its folder (slices/, tools/), into `dir`. */
export function writeComparisonFiles(
  dir: string,
  comparison: ComparisonReport,
  runs: readonly SetupRun[],
  warn: (line: string) => void,
): string[] {
  const files = evalFileWriter(dir, warn);
  files.write('compare.json', JSON.stringify(comparison, null, 2) + '\n');
  files.writeMarkdown('compare.md', renderComparisonMarkdown(comparison));
  for (const run of runs) files.written.push(...writeEvalFiles(path.join(dir, run.name), run.report, run.outcomes, warn));
  return files.written;
}

/** Writes eval.json, eval.md, sweep.svg (with a sweep) and each case's review report (cases/ID.json) into `dir`; answers the files written. */
export function writeEvalFiles(dir: string, report: EvalReport, outcomes: readonly CaseOutcome[], warn: (line: string) => void): string[] {
  const { write, writeMarkdown, written } = evalFileWriter(dir, warn);
  write('eval.json', evalJsonPieces(report));
  writeMarkdown('eval.md', renderMarkdown(report));
  if (report.sweep !== null) write('sweep.svg', renderSweepSvg(report.sweep));
  for (const o of outcomes)
    if (o.result !== null) write(path.join('cases', `${o.case.id}.json`), jsonPieces(o.result, { anchoring: o.anchoring }));
  return written;
}

/**
 * The evaluation's JSON (JSON.stringify(report, null, 2) + '\n') in pieces, down to each comment of
 * each case's stages: a large case's report (a 1,000-file change: 5.8 MB) is never one string.
 */
export function evalJsonPieces(report: EvalReport): Generator<string> {
  return documentPieces(report, { levels: 6, plain: false });
}

/** Files written into `dir` on the one outgoing path: every text masked, Markdown also checked (see outgoingMarkdown). */
function evalFileWriter(dir: string, warn: (line: string) => void) {
  const written: string[] = [];
  // A case's review report is written in pieces, each masked (jsonPieces): a large case's is never one string.
  const write = (name: string, text: string | Iterable<string>): void => {
    const file = path.join(dir, name);
    writeMaskedFile(file, text);
    written.push(file);
  };
  const writeMarkdown = (name: string, markdown: string): void => write(name, outgoingMarkdown(markdown, path.join(dir, name), warn));
  return { write, writeMarkdown, written };
}

/**
 * Checks every case's clone and revisions and resolves its settings from its base revision's config
 * file, before any model is called: a missing revision, an invalid config file or a missing model
 * name fails the run here, naming the case, with nothing spent.
 */
async function configureCases(input: EvalSettings): Promise<ConfiguredCase[]> {
  const configured: ConfiguredCase[] = [];
  for (const c of input.cases) {
    let git: Git;
    try {
      git = await Git.open(c.repo);
    } catch (error) {
      throw new GitError(`case '${c.id}': ${(error as Error).message}`, [], '');
    }
    try {
      for (const [side, rev] of [
        ['base', c.base],
        ['head', c.head],
      ] as const) {
        if ((await git.resolveCommit(rev)) === null)
          throw new RevisionError(`case '${c.id}': the ${side} revision '${rev}' is not in ${c.repo}.`);
      }
    } finally {
      git.close();
    }
    const log = (message: string): void => input.log(`case '${c.id}': ${message}`);
    let resolved: Awaited<ReturnType<typeof configure>>;
    try {
      resolved = await configure({
        repoDir: c.repo,
        base: c.base,
        head: c.head,
        explicit: input.explicit,
        onInvalidConfig: input.onInvalidConfig,
        log,
      });
    } catch (error) {
      throw error instanceof StageError
        ? new StageError(`case '${c.id}': ${error.stage}`, error.cause)
        : new StageError(`case '${c.id}'`, error);
    }
    const { settings, repository, values } = resolved;
    try {
      requireModelSettings(settings, input.tape?.mode !== 'replay');
    } catch (error) {
      throw new StageError(`case '${c.id}'`, error);
    }
    configured.push({ case: c, settings, repository, values });
  }
  return configured;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function runCase(configured: ConfiguredCase, input: EvalSettings): Promise<CaseOutcome> {
  const { case: c, settings, repository, values } = configured;
  const { lineTolerance } = input;
  const failed = (error: unknown, tape: CallTape | null): CaseOutcome => ({
    case: c,
    settings,
    repository,
    values,
    status: 'failed',
    error: describe(error),
    incompleteReasons: [],
    result: null,
    anchoring: [],
    stages: {},
    requestsSent: tape?.sent ?? null,
    requestsReplayed: tape?.replayed ?? 0,
    sweep: null,
  });
  let tape: CallTape | null = null;
  try {
    // Each case is a review of its own: its time limit counts from its start.
    const engine = engineInput(
      { ...input, startedAt: Date.now() },
      { repoDir: c.repo, base: c.base, head: c.head, pr: { title: c.title, body: c.body } },
      { settings, repository, values },
      'review',
      c.id,
    );
    tape = engine.tape ?? null;
    const placer = new CommentPlacer();
    const { prepared, result } = await runReview(engine, (slices) => placer.add(slices));
    prepared.git.close();
    placer.useDiff(prepared.diff, [...Object.values(result.passed ?? {}).flat(), ...result.dropped.map((d) => d.finding)]);
    const stages: Partial<Record<Checkpoint, CaseStage>> = {};
    for (const checkpoint of CHECKPOINTS) {
      if (checkpoint === 'validator' && !settings.validator) continue;
      // A stage nothing reached (no slice, no answer) passed no finding.
      const findings = result.passed?.[checkpoint] ?? [];
      const comments = placer.comments(findings);
      stages[checkpoint] = { comments, score: scoreCase(c.keyBugs, comments, lineTolerance) };
    }
    const unlocated = new Set(result.dropped.filter((d) => d.stage === 'reviewer').map((d) => d.finding.id));
    return {
      case: c,
      settings,
      repository,
      values,
      status: result.status,
      error: null,
      incompleteReasons: result.incompleteReasons,
      result,
      anchoring: wouldBeAnchored(result.findings, prepared.diff),
      stages,
      requestsSent: tape?.sent ?? null,
      requestsReplayed: tape?.replayed ?? 0,
      sweep: { keyBugs: c.keyBugs, reviewed: result.passed?.reviewer ?? [], unlocated, placer },
    };
  } catch (error) {
    return failed(error, tape);
  }
}
