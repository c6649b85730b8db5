import { closeSync, existsSync, openSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { CaseFileError, readCaseFile, type EvalCase } from '../../eval/cases.js';
import { createExampleCases, EXAMPLE_INPUTS, exampleRecordingDir } from '../../eval/example/example.js';
import { DEFAULT_LINE_TOLERANCE } from '../../eval/metrics.js';
import { formatCases } from '../../eval/case-file.js';
import { sampleCases } from '../../eval/sample.js';
import { idPrefixOf } from '../../eval/mine/index.js';
import { mine } from '../../flows/mine.js';
import { DEFAULT_FIX_PATTERN, fixPattern, FixListError } from '../../eval/mine/fixes.js';
import { renderImportSummary, renderMineSummary } from '../../eval/summary.js';
import { IMPORT_FORMATS, type ImportFormat } from '../../eval/import/index.js';
import { importDataset } from '../../flows/import-cases.js';
import { ImportError } from '../../eval/import/errors.js';
import { renderMarkdown, renderText } from '../../eval/render.js';
import { compareTools, evalJsonPieces, evaluate, writeComparisonFiles, writeEvalFiles } from '../../flows/eval.js';
import { renderComparisonMarkdown, renderComparisonText } from '../../eval/compare.js';
import { DEFAULT_SWEEP, type SweepGrid } from '../../eval/sweep.js';
import { INPUTS, parseSettings } from '../../config/inputs.js';
import { parseOnInvalidConfig, type ExplicitInputs } from '../../config/resolve.js';
import { explicitFromFlags, formatOf, inputOptions, parseCommandArgs, settingsFromFlags } from '../args.js';
import { nameFlag } from '../naming.js';
import { EXIT, UsageError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { tapeHelp, TAPE_OPTIONS, tapeFlags } from '../tape.js';
import { makeFolder } from '../../support/folders.js';
import { outgoingMarkdown } from '../../safety/markdown-check.js';
import { refuseLinks } from '../../safety/write-file.js';
import { writeMaskedFile } from '../../output/report-file.js';

export const EVAL_HELP = `keybug eval --cases FILE [review flags] [--format text|json|markdown] [--out DIR] [--line-tolerance N]
            [--sample N [--seed S]] [--record DIR | --replay DIR] [--sweep [--sweep-thresholds 2,3,4,5,6] [--sweep-top-k 1,3,5,10]]
            [--compare-tools]
keybug eval --example [--format ...] [--out DIR] [--sweep ...] [--compare-tools]
keybug eval mine --repo DIR ...      cases from a repository's own fixes (see 'keybug eval mine --help')
keybug eval import --format F DIR    cases from Defects4J, BugsInPy or AACR-Bench (see 'keybug eval import --help')

Reviews past changes with known bugs exactly as 'keybug review' does and scores every stage with the
paper's metrics: KBI (key bugs recalled), FAR₁/FAR₂ (false alarms), CPI₁/CPI₂ (their harmonic mean)
and LSR (comments on a line the model was shown).
  --cases FILE         YAML ('cases:' list) or JSON Lines: id, repo (a clone, relative to FILE), base,
                       head, optional title/body, and keyBugs (path, startLine, endLine on the head
                       side, optional note; [] for a clean change)
  --line-tolerance N   a comment recalls a key bug on its file within N lines of it (default ${DEFAULT_LINE_TOLERANCE})
  --sample N           score N cases of the file, chosen by a seeded shuffle (--seed S, default 1): the
                       same seed and file give the same cases on any machine
  --out DIR            write eval.json, eval.md, sweep.svg (with --sweep) and each case's review report (cases/ID.json)
  --sweep              re-score the coarse filter and top-k for a grid of thresholds and k from the same
                       answers, with no model call (the meta-reviewer and validator are not re-run)
  --compare-tools      evaluate the cases twice, with the slices only (tools off) and with the
                       repository tools, and compare the stages, calls and tokens; recorded and
                       replayed per setup (the tools setup in DIR, the slices-only one in DIR/slices)
  --example            four small example changes, replayed from a recording that ships with keybug
                       (no API key); with --model (and --record) they are reviewed by your model instead
${tapeHelp(23)}
Every 'keybug review' flag tunes the reviews (--model, --reviewers, --top-k, --algorithm ...); as in
'keybug review', flags win over the config file of each case's base revision (.github/keybug.yml),
whose settings, rules and instructions (and that revision's AGENTS.md ...) apply to that case.
Mined and imported cases (they carry 'source') are checked first: one whose key bug lines are not all
added lines of its head is rejected with the reason and left out. The report breaks the stages down by
language and by each label of the cases (introducers, size, days-to-fix, project …).
Exit code 4 when a case could not be reviewed or was rejected (the others are still scored and reported).`;

/** A comma-separated list of whole numbers within bounds, sorted and without repeats. */
function numberList(flag: string, value: string, min: number, max: number): number[] {
  const items = value.split(',').map((s) => s.trim());
  const numbers = items.map(Number);
  if (items.length === 0 || items.some((s, i) => !/^\d+$/.test(s) || (numbers[i] as number) < min || (numbers[i] as number) > max)) {
    throw new UsageError(`Invalid value '${value}' for ${flag}: expected whole numbers from ${min} to ${max}, separated by commas.`);
  }
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function lineTolerance(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LINE_TOLERANCE;
  if (!/^\d+$/.test(value.trim()) || Number(value) > 10_000)
    throw new UsageError(`Invalid value '${value}' for --line-tolerance: expected a whole number of lines (0 or more).`);
  return Number(value);
}

/** The review's inputs an evaluation takes as flags: not the ones for a pull request on GitHub, nor --dry-run (it calls the model). */
const EVAL_INPUTS = INPUTS.map((i) => i.name).filter(
  (name) => !['github-token', 'github-timeout', 'pr-number', 'bot-login', 'dry-run'].includes(name),
);

/** Action inputs that mean nothing to an evaluation (it posts nothing and gates nothing), with what to use instead. */
const NOT_FOR_EVAL: Record<string, string> = {
  report: "use --out DIR: it writes eval.json and every case's review report",
  'fail-on': 'an evaluation gates nothing',
  'fail-on-incomplete': 'an evaluation gates nothing; incomplete cases are flagged in the report',
  'post-review': 'an evaluation posts nothing',
  'review-event': 'an evaluation posts nothing',
  incremental: 'each case is reviewed whole',
};

/** Review flags given on the command line (they would not match the committed example recording). */
const reviewFlagsIn = (values: Record<string, unknown>): string[] => EVAL_INPUTS.filter((name) => values[name] !== undefined);

export const EVAL_MINE_HELP = `keybug eval mine --repo DIR [--since DATE] [--until DATE] [--max N] [--fix-pattern REGEX | --fixes FILE]
                 [--max-files N] [--include-tests] [--rev REV] [--id-prefix NAME] [--out FILE]

Mines cases from a repository's own history (SZZ): finds the commits that fixed bugs, takes the code
lines each deleted or changed in its parent (not whitespace-only changes, blank lines, brackets or
comments; not tests, documentation or generated files), traces them back with
'git blame -w -M -C' (through whitespace changes, moved lines and renames) to the commits that
introduced them, and writes one case per introducing commit: base = its parent, head = it, the key
bugs = its added lines that a later fix changed (one key bug per fix), with the fixes and labels
(introducers, size, days-to-fix). Git objects only; the working tree is never read.
  --repo DIR          the clone (a bare one will do)
  --rev REV           whose history is mined (default HEAD)
  --since, --until    only fixes committed in this window (any date git understands: 2024-01-01, '2 years ago')
  --max N             at most N fixes, the newest first
  --fix-pattern RE    a fix's message matches this regular expression (case-insensitive; default:
                      ${DEFAULT_FIX_PATTERN}; reverts are not fixes by default)
  --fixes FILE        the fix commits, one SHA a line (from an issue tracker, say), instead of a pattern
  --max-files N       leave out introducing commits that change more files than keybug reviews (default 100)
  --include-tests     trace lines of test files too
  --id-prefix NAME    case ids are NAME-<12 hex digits> (default: the clone's folder name)
  --out FILE          write the cases there (.jsonl, or .yml/.yaml), clones relative to the file;
                      default: JSON Lines on standard output, clones absolute
Merge commits, root commits, introducing commits over --max-files and those whose change keybug has
nothing to review in are left out; every left-out fix, commit and line is counted on stderr with why.`;

/** A file the command will write: checked before the work, so a bad path costs nothing. */
function checkWritable(file: string): void {
  try {
    refuseLinks(file);
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new Error('it is a folder');
    makeFolder(path.dirname(path.resolve(file)));
    // Opened for writing without changing a file that exists; a file made only to try is removed.
    const existed = statSync(file, { throwIfNoEntry: false }) !== undefined;
    closeSync(openSync(file, existed ? 'r+' : 'wx'));
    if (!existed) unlinkSync(file);
  } catch (error) {
    throw new UsageError(`Cannot write to '${file}': ${(error as Error).message}.`);
  }
}

function positiveInt(flag: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new UsageError(`Invalid value '${value}' for ${flag}: expected a whole number of 1 or more.`);
  return Number(value);
}

async function mineCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('eval mine', argv, {
    repo: { type: 'string' },
    rev: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    max: { type: 'string' },
    'fix-pattern': { type: 'string' },
    fixes: { type: 'string' },
    'max-files': { type: 'string' },
    'include-tests': { type: 'boolean', default: false },
    'id-prefix': { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return (io.out(EVAL_MINE_HELP + '\n'), EXIT.ok);
  if (values.repo === undefined || values.repo === '')
    throw new UsageError("Missing --repo DIR (the clone to mine; see 'keybug eval mine --help').");
  if (values.fixes !== undefined && values['fix-pattern'] !== undefined)
    throw new UsageError('--fixes and --fix-pattern exclude each other: a fix list names the fixes itself.');
  let pattern: RegExp;
  try {
    pattern = fixPattern(values['fix-pattern']);
  } catch (error) {
    throw new UsageError(`Invalid --fix-pattern: ${(error as Error).message}.`);
  }
  const idPrefix = values['id-prefix'] ?? idPrefixOf(values.repo);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(idPrefix))
    throw new UsageError(`Invalid --id-prefix '${idPrefix}': letters, digits, '.', '_' and '-', starting with a letter or digit.`);
  const maxFiles = positiveInt('--max-files', values['max-files'], 100) as number;
  if (values.out !== undefined) checkWritable(values.out);
  const started = performance.now();
  let result: Awaited<ReturnType<typeof mine>>;
  try {
    result = await mine({
      repo: path.resolve(values.repo),
      rev: values.rev ?? 'HEAD',
      since: values.since,
      until: values.until,
      max: positiveInt('--max', values.max),
      pattern,
      skipReverts: values['fix-pattern'] === undefined,
      fixList: values.fixes,
      maxFiles,
      includeTests: values['include-tests'] === true,
      idPrefix,
      log: io.err,
    });
  } catch (error) {
    throw error instanceof FixListError ? new UsageError(error.message) : error;
  }
  writeCases(result.cases, values.out, io);
  io.err(renderMineSummary(result, (performance.now() - started) / 1000));
  return EXIT.ok;
}

export const EVAL_IMPORT_HELP = `keybug eval import --format defects4j|bugsinpy|aacr DIR --repos DIR [--project NAME]
                   [--categories LIST] [--max-files N] [--out FILE]

Turns a local copy of a public bug dataset's metadata into cases; nothing is downloaded.
  defects4j   DIR is a checkout of Defects4J (framework/projects/<Project>/active-bugs.csv and
              patches/<id>.src.patch): each bug's patch lines are found in its buggy revision and
              traced back, as 'keybug eval mine' traces a fix, to the change that introduced them
  bugsinpy    DIR is a checkout of BugsInPy (projects/<project>/bugs/<n>/bug.info and bug_patch.txt):
              traced back the same way
  aacr        DIR is a checkout of AACR-Bench (dataset/positive_samples.json) or that file: each pull
              request is a case, each right-side review comment a key bug on the lines it adds
  --repos DIR        the folder of the projects' clones (full history), each named after the project,
                     its repository or owner/name (Lang, commons-lang, black, psf/black, psf+black; .git allowed)
  --project NAME     only this project (Lang, black, or owner/name for AACR-Bench)
  --categories LIST  aacr: only comments of these categories (e.g. 'Code Defect,Security Vulnerability')
  --max-files N      leave out changes of more files than keybug reviews (default 100)
  --out FILE         as for 'keybug eval mine'
Every expected line is an added line of its case's head; bugs and lines that cannot be placed are
counted on stderr with why.`;

async function importCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'eval import',
    argv,
    {
      format: { type: 'string' },
      repos: { type: 'string' },
      project: { type: 'string' },
      categories: { type: 'string' },
      'max-files': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    true,
  );
  if (values.help) return (io.out(EVAL_IMPORT_HELP + '\n'), EXIT.ok);
  const format = values.format;
  if (format === undefined || !(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(
      `--format must be one of ${IMPORT_FORMATS.join(', ')}${format === undefined ? '' : `, got '${format}'`} (the dataset to import).`,
    );
  if (positionals.length !== 1)
    throw new UsageError(
      `Give the dataset's local copy once: keybug eval import --format ${format} DIR --repos DIR${positionals.length > 1 ? ` (got ${positionals.length} folders)` : ''}.`,
    );
  const dir = path.resolve(positionals[0] as string);
  if (!existsSync(dir)) throw new UsageError(`The dataset folder '${positionals[0]}' does not exist.`);
  if (values.repos === undefined || !statSync(values.repos, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(
      `--repos DIR must be the folder of the projects' clones${values.repos === undefined ? '' : `; '${values.repos}' is not a folder`}.`,
    );
  const maxFiles = positiveInt('--max-files', values['max-files'], 100) as number;
  if (values.out !== undefined) checkWritable(values.out);
  const started = performance.now();
  let result: Awaited<ReturnType<typeof importDataset>>;
  try {
    result = await importDataset({
      format: format as ImportFormat,
      dir,
      reposDir: path.resolve(values.repos),
      project: values.project,
      maxFiles,
      categories: (values.categories ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
      log: io.err,
    });
  } catch (error) {
    throw error instanceof ImportError ? new UsageError(error.message) : error;
  }
  writeCases(result.cases, values.out, io);
  io.err(renderImportSummary(result, format, (performance.now() - started) / 1000));
  return EXIT.ok;
}

/** The cases to --out FILE, or to standard output. */
function writeCases(cases: readonly EvalCase[], out: string | undefined, io: CommandIO): void {
  const text = formatCases(cases, out ?? null);
  if (out === undefined) return io.out(text);
  writeMaskedFile(out, text);
  io.err(`wrote ${cases.length} case(s) to ${path.resolve(out)}`);
}

export async function evalCommand(argv: string[], io: CommandIO): Promise<number> {
  if (argv[0] === 'mine') return mineCommand(argv.slice(1), io);
  if (argv[0] === 'import') return importCommand(argv.slice(1), io);
  const { values } = parseCommandArgs('eval', argv, {
    ...inputOptions(EVAL_INPUTS),
    cases: { type: 'string' },
    example: { type: 'boolean', default: false },
    format: { type: 'string' },
    out: { type: 'string' },
    'line-tolerance': { type: 'string' },
    sweep: { type: 'boolean', default: false },
    'compare-tools': { type: 'boolean', default: false },
    'sweep-thresholds': { type: 'string' },
    'sweep-top-k': { type: 'string' },
    sample: { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
    ...TAPE_OPTIONS,
  });
  if (values.help) return (io.out(EVAL_HELP + '\n'), EXIT.ok);
  const format = formatOf(values.format, ['text', 'json', 'markdown'] as const, 'text');
  for (const [flag, why] of Object.entries(NOT_FOR_EVAL)) {
    if ((values as Record<string, unknown>)[flag] !== undefined) throw new UsageError(`--${flag} does not apply to keybug eval: ${why}.`);
  }
  const tolerance = lineTolerance(values['line-tolerance']);
  const grid: SweepGrid | null =
    values.sweep || values['sweep-thresholds'] !== undefined || values['sweep-top-k'] !== undefined
      ? {
          thresholds:
            values['sweep-thresholds'] === undefined
              ? DEFAULT_SWEEP.thresholds
              : numberList('--sweep-thresholds', values['sweep-thresholds'], 0, 7),
          topK: values['sweep-top-k'] === undefined ? DEFAULT_SWEEP.topK : numberList('--sweep-top-k', values['sweep-top-k'], 1, 100),
        }
      : null;
  const compare = values['compare-tools'] === true;
  if (compare && grid !== null) throw new UsageError('--sweep does not apply to --compare-tools: sweep one setup at a time.');
  if (compare && (values as Record<string, unknown>).tools === 'off')
    throw new UsageError(
      '--tools off cannot be compared with itself: --compare-tools runs the slices-only setup (tools off) and the tools setup (--tools auto or on).',
    );
  const flags = tapeFlags(values);
  // The example without a model of yours replays the recording that ships with keybug, made with fixed settings.
  const committed = values.example && (values as Record<string, unknown>).model === undefined && flags === null;

  let cases: EvalCase[];
  let cleanup = (): void => undefined;
  // Bad flags fail here, before any git work; each case's config file comes under them.
  let settings = settingsFromFlags(values, io.env);
  let explicit: ExplicitInputs = explicitFromFlags(values, io.env);
  let tape = flags;
  if (values.example) {
    if (values.cases !== undefined) throw new UsageError('--example and --cases exclude each other.');
    if (committed) {
      const given = reviewFlagsIn(values);
      if (given.length > 0) {
        throw new UsageError(
          `--example replays a recording made with fixed settings, so --${given[0]} cannot apply; tune it offline with --sweep, or review the example with your own model (--model, and --record to keep the answers).`,
        );
      }
      explicit = { get: (name) => EXAMPLE_INPUTS[name], origin: () => 'the example' };
      settings = parseSettings(explicit.get);
      tape = { mode: 'replay', dir: exampleRecordingDir() };
    }
    const example = createExampleCases();
    cases = example.cases;
    cleanup = example.cleanup;
  } else {
    if (values.cases === undefined || values.cases === '')
      throw new UsageError("Missing --cases FILE (the past changes and their key bugs; see 'keybug eval --help'), or --example.");
    try {
      cases = readCaseFile(values.cases);
    } catch (error) {
      throw error instanceof CaseFileError ? new UsageError(error.message) : error;
    }
  }
  if (values.seed !== undefined && values.sample === undefined)
    throw new UsageError('--seed picks the cases of --sample N; give --sample too.');
  let sample: { size: number; seed: number; of: number } | null = null;
  if (values.sample !== undefined) {
    const size = positiveInt('--sample', values.sample) as number;
    const seed = values.seed === undefined ? 1 : Number(values.seed);
    if (!/^\d+$/.test(values.seed ?? '1') || seed > 0xffffffff)
      throw new UsageError(`Invalid value '${values.seed}' for --seed: expected a whole number from 0 to 4294967295.`);
    sample = { size: Math.min(size, cases.length), seed, of: cases.length };
    cases = sampleCases(cases, size, seed);
    io.err(`eval: scoring ${cases.length} of ${sample.of} case(s), chosen with seed ${seed}`);
  }

  try {
    const evalSettings = {
      cases,
      settings,
      explicit,
      onInvalidConfig: parseOnInvalidConfig(explicit.get('on-invalid-config')),
      tape,
      nameSetting: nameFlag,
      log: io.err,
      warn: (message: string) => io.err(`warning: ${message}`),
      lineTolerance: tolerance,
      grid,
      example: values.example === true,
      sample,
    };
    if (compare) {
      const { comparison, runs } = await compareTools(evalSettings);
      io.out(
        format === 'json'
          ? JSON.stringify(comparison, null, 2) + '\n'
          : format === 'markdown'
            ? outgoingMarkdown(renderComparisonMarkdown(comparison), 'the comparison', evalSettings.warn)
            : renderComparisonText(comparison),
      );
      if (values.out !== undefined) {
        const written = writeComparisonFiles(path.resolve(values.out), comparison, runs, evalSettings.warn);
        io.err(`eval: wrote ${written.length} file(s) to ${path.resolve(values.out)}`);
      }
      const failed = runs.flatMap((r) => r.outcomes.filter((o) => o.status === 'failed').map((o) => ({ setup: r.name, o })));
      for (const { setup, o } of failed) io.err(`keybug eval: case '${o.case.id}' (${setup} setup) could not be reviewed: ${o.error}`);
      // As a single evaluation: a case rejected before any model call (its key bug lines are not added lines) fails the run too.
      return failed.length === 0 && runs.every((r) => r.report.rejected.length === 0) ? EXIT.ok : EXIT.failure;
    }
    const { report, outcomes } = await evaluate(evalSettings);
    // Printed first: a folder that cannot be written to loses none of it.
    if (format === 'json') for (const piece of evalJsonPieces(report)) io.out(piece);
    else io.out(format === 'markdown' ? outgoingMarkdown(renderMarkdown(report), 'the evaluation', evalSettings.warn) : renderText(report));
    if (values.out !== undefined) {
      const written = writeEvalFiles(path.resolve(values.out), report, outcomes, evalSettings.warn);
      io.err(`eval: wrote ${written.length} file(s) to ${path.resolve(values.out)}`);
    }
    const failed = outcomes.filter((o) => o.status === 'failed');
    if (failed.length === 0 && report.rejected.length === 0) return EXIT.ok;
    for (const o of failed) io.err(`keybug eval: case '${o.case.id}' could not be reviewed: ${o.error}`);
    if (committed && failed.some((o) => /^replay: /.test(o.error ?? ''))) {
      io.err(
        "keybug eval: the example's recording no longer matches keybug's prompts: run 'npm run eval:record-example' and commit src/eval/example/recording/.",
      );
    }
    return EXIT.failure;
  } finally {
    cleanup();
  }
}
