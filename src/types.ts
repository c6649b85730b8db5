/**
 * The data that flows through keybug's pipeline, from the diff to the published review.
 * Every stage imports its types from here; this module imports nothing of ours.
 */

// ───────────────────────────── diff ─────────────────────────────

/** How a file changed between base and head. */
export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'binary' | 'mode-only' | 'submodule';

/** One line of a hunk. */
export interface DiffLine {
  /** `+` added (head only), `-` deleted (base only), ` ` context (both sides). */
  op: '+' | '-' | ' ';
  /** Line number in the base revision; null for added lines. */
  old: number | null;
  /** Line number in the head revision; null for deleted lines. */
  new: number | null;
  /** The line's text without the leading op character and without the line ending. */
  text: string;
}

/** One hunk of a unified diff with both sides' coordinates. */
export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The `@@ … @@` header as git printed it (includes the function context, if any). */
  header: string;
  lines: DiffLine[];
}

/** The lines a review comment may be placed on: GitHub accepts nothing else. */
export interface CommentableLines {
  /** Head-side line numbers of added and context lines inside hunks (side RIGHT), ascending. */
  right: number[];
  /** Base-side line numbers of deleted lines (side LEFT), ascending. */
  left: number[];
}

/** One file of the diff between base and head. */
export interface DiffFile {
  /** Path in the head revision (for deleted files: the path the file had in base). */
  path: string;
  /** Path in the base revision (differs from `path` for renames and copies; equals it otherwise; null for added files). */
  oldPath: string | null;
  status: FileStatus;
  /** True when git reports the file as binary (no hunks then). */
  binary: boolean;
  /** Old and new file modes as git reports them (e.g. "100644"), when known. */
  oldMode: string | null;
  newMode: string | null;
  /** Similarity index (0-100) for renames and copies. */
  similarity: number | null;
  hunks: Hunk[];
  /**
   * Set for copies only: the whole file as one added hunk, which is how GitHub shows a copy (it
   * detects renames, not copies). Comments are anchored on these; `hunks`, the edit of the copy, feed the slicer.
   */
  commentHunks?: Hunk[];
  /** Computed from `commentHunks` when set, else from `hunks`. */
  commentable: CommentableLines;
  /** Lines added and deleted in this file. */
  additions: number;
  deletions: number;
  /**
   * Set when the path cannot be used as it is, with why (its bytes are not valid UTF-8, so GitHub
   * cannot be told where a comment goes and git cannot be asked for it by name); `path` then shows
   * the bad bytes as `\xNN`. The file is listed as not reviewed.
   */
  pathProblem?: string;
}

/** The diff of a whole change. */
export interface Diff {
  /** Full SHA of the base side used for the diff (the merge base of base and head, like GitHub's three-dot diff). */
  baseSha: string;
  /** Full SHA of the head revision. */
  headSha: string;
  files: DiffFile[];
}

// ─────────────────────────── slicing ───────────────────────────

/** The four slicing algorithms of the paper (§3.2, Algorithms 6-9). */
export type SliceAlgorithm = 'original-diff' | 'parent-function' | 'left-flow' | 'full-flow';

/** One rendered line of a slice section. */
export interface SliceLine {
  /** Head-side line number; null when the line exists only in base (deleted). */
  new: number | null;
  /** Base-side line number; null when the line exists only in head (added). */
  old: number | null;
  op: '+' | '-' | ' ';
  text: string;
}

/** A contiguous-or-gapped excerpt of one file inside a slice (rendered with `...` between gaps). */
export interface SliceSection {
  file: string;
  /** Which revision the text comes from: head (the default) or base (for deleted-only code). */
  side: 'head' | 'base';
  /** Name of the enclosing function/class/namespace for the header, when known. */
  context: string | null;
  /** Set when the section is a diff hunk as it is, with no syntax context: why (no language pack, too large to parse ...). */
  diffOnly?: string;
  /** Set when the section is one part of a change over the slice token budget, saying which part. */
  note?: string;
  lines: SliceLine[];
}

/** One slice: the context a reviewer needs for one group of changed statements. */
export interface Slice {
  /** Stable id within a run, e.g. "s1". */
  id: string;
  /** The algorithm actually used (may be weaker than requested when the token budget forced a downgrade). */
  algorithm: SliceAlgorithm;
  /** The algorithm requested by the configuration. */
  requestedAlgorithm: SliceAlgorithm;
  /** Why `algorithm` is weaker than requested (over the token budget, out of slicing time); absent when it is not. */
  degraded?: string;
  /** The changed statements that seeded the slice. */
  seed: { file: string; startLine: number; endLine: number };
  /** The slicer's slices build these from `rendered` at each read (withCompactSections): read once where a loop needs them. */
  sections: SliceSection[];
  /** The slice in the paper's Table 1 format, with a header per section. */
  rendered: string;
  /** Estimated tokens of `rendered`. */
  tokens: number;
  /** The language of the seed's file as reviewers read it ("C++", "Python", "Ruby", "text"). */
  language: string;
  /** With SliceOptions.explain: which name at which use each definition the slice shows answers. */
  resolutions?: Resolution[];
}

/**
 * How a shown definition was tied to its use: `scope` a local or parameter of the enclosing
 * functions; `same-file` defined in the use's file; `import` in the module an import binds the name
 * (or the module it is reached through) to, re-exports followed; `package` in a file the language
 * makes visible without naming it (the header of a source, the same Go package, an `#include`, a
 * star import); `reachable` in a file the use's file sees (what its headers include, a star
 * import's), found by the search for another name or by name; `receiver` a member of the
 * receiver's type (declared, constructed, or named: `Foo::make`), found by name; `inherited` in a
 * base of the receiver's type; `out-of-line` the body of a member declared in its type; `rank` a
 * repository-wide search by name, the likeliest file first: nothing ties it (a candidate, which
 * slices never show).
 */
export type ResolutionTie = 'scope' | 'same-file' | 'import' | 'package' | 'reachable' | 'receiver' | 'inherited' | 'out-of-line' | 'rank';

/**
 * What a use on a changed line names: `local` a local or parameter; `variable` a global variable,
 * constant or macro; `member` a bare name that is a field of the enclosing type (C++'s implicit
 * `this`); `field` a member read through an object (`x.f`); `module-member` a name read through a
 * module (`mod.X`); `call` a called function, method or constructor; `type` a type named on the
 * line; `declared-type` the declared type of a variable the line uses (the type's name is not at the use).
 */
export type ResolutionKind = 'local' | 'variable' | 'member' | 'field' | 'module-member' | 'call' | 'type' | 'declared-type';

/** One name used on a changed line and the definitions the slice shows for it. */
export interface Resolution {
  name: string;
  /** Where the name is used (1-based line and column); base for a name on a deleted line. */
  use: { file: string; line: number; column?: number };
  side: 'head' | 'base';
  kind: ResolutionKind;
  definitions: {
    file: string;
    side: 'head' | 'base';
    /** The declaring node's lines (a function's whole body, a type's whole definition). */
    startLine: number;
    endLine: number;
    /** The definition's own kind (function, prototype, type, field, variable, ...). */
    kind: string;
    /** The type it is a member of, or the qualifier of an out-of-line definition; null when none. */
    container: string | null;
    tie: ResolutionTie;
  }[];
}

/** Figures of one slicing run. */
export interface SliceStats {
  /** Files parsed, and their bytes (files built from the facts cache are counted in `factsCache`). */
  filesParsed: number;
  bytesParsed: number;
  /** Bytes of the revision read into the word index for repository-wide name searches (0 when none was needed). */
  bytesIndexed: number;
  milliseconds: number;
  /** Of `milliseconds`: waiting for the word index (wall time, reading and tokenizing the revision; on a thread of its own, beside the parse, where it can). */
  indexMs: number;
  /** Of `milliseconds`: parsing files and reading their facts (tree-sitter and the queries). */
  parseMs: number;
  /**
   * The word index cache (`index-cache`), when a word index was built with one: files whose names
   * came from the cached index and files read, and what went wrong reading or writing it (the index
   * was then built from the repository, or not kept for the next run).
   */
  indexCache?: { dir: string; reusedFiles: number; readFiles: number; problem?: string };
  /**
   * The facts of files read for their definitions, kept in the same folder: how many files were
   * built from them instead of parsed, and how many kept entries were refused (made for another
   * text, or holding a name not made of its file's words: the file was parsed instead); absent when
   * no file was read for its definitions, or there is no index cache.
   */
  factsCache?: { dir: string; reused: number; refused?: number; problem?: string };
  /**
   * Build and module files of the repository (compile_commands.json, say) that could not be read:
   * imports were then resolved as if the file were absent, which may show other definitions.
   */
  manifestProblems?: string[];
  /** Why the word index's own thread failed, when the index was built on the slicing thread instead (the same index, later). */
  indexThreadFailure?: string;
  /** Files given to the slicer that were not sliced, with the reason (binary content, nothing but blank lines or comments changed ...). */
  skipped: Unreviewed[];
  /** How each file given to the slicer is covered: with syntax context, from its diff only, or not (see `skipped`). */
  files: FileCoverage[];
}

/**
 * How a changed file is covered by a run: reviewed with its syntax context (a language pack sliced
 * it), reviewed from its diff with the lines around each hunk, skipped (nothing to review, or left
 * out by the user), or unreviewed (meant to be reviewed and not: a limit or a failure, which makes
 * the run incomplete).
 */
export type Coverage = 'context' | 'diff' | 'skipped' | 'unreviewed';

/** One changed file's coverage; every changed file of a run has exactly one. */
export interface FileCoverage {
  path: string;
  /** The language the file is written in ("Python", "Ruby", "text"); null when nothing was read of it (binary, deleted, submodule). */
  language: string | null;
  coverage: Coverage;
  /** Why, for every coverage but `context`; for a file reviewed although the change makes it look generated or vendored, why it was reviewed. */
  reason?: string;
}

// ─────────────────────────── findings ───────────────────────────

export type Category = 'logic' | 'security' | 'memory' | 'concurrency' | 'performance' | 'resource' | 'api-misuse' | 'other';

export const CATEGORIES: readonly Category[] = [
  'logic',
  'security',
  'memory',
  'concurrency',
  'performance',
  'resource',
  'api-misuse',
  'other',
];

/** The paper's three 1-7 scores (Appendix H, "Re-evaluate"). */
export interface Scores {
  /** Q1: 1 = pure nitpick, 7 = substantive. */
  substance: number;
  /** Q2: 1 = the problem does not exist, 7 = certainly real. */
  reality: number;
  /** Q3: 1 = trivial, 7 = critical (crash, data loss, security). */
  severity: number;
}

/** Severity levels users name in `fail-on`, mapped from the 1-7 severity score. */
export type SeverityLevel = 'low' | 'medium' | 'high' | 'critical';

/** The pipeline stages a finding can be dropped at. */
export type Stage = 'reviewer' | 'coarse-filter' | 'top-k' | 'meta-reviewer' | 'validator' | 'translator' | 'anchoring' | 'dedupe';

/** One defect report, from the reviewer that made it to the comment that publishes it. */
export interface Finding {
  /** Stable id within a run, e.g. "s3-r2-f1" (slice, reviewer, index). */
  id: string;
  /** The slice the finding was made on. */
  sliceId: string;
  /** Path of the file in the head revision (or base for deleted code). */
  path: string;
  /** RIGHT for head-side lines (added/context), LEFT for deleted lines. */
  side: 'RIGHT' | 'LEFT';
  /** First line of the range (equals `line` for one-line findings). */
  startLine: number;
  /** Last line of the range; the comment is attached here. */
  line: number;
  /** One line of code quoted verbatim from the slice, used to re-anchor the finding. */
  quote: string;
  title: string;
  /** What is wrong and what happens because of it. */
  issue: string;
  rootCause: string;
  suggestedFix: string;
  /** Replacement code for the commented lines (may be empty). */
  exampleCode: string;
  category: Category;
  scores: Scores;
  /** Ids of reviewers' findings merged into this one by the meta-reviewer. */
  mergedFrom: string[];
  /** How many distinct reviewers raised it (after merging). */
  reviewerVotes: number;
  /** Set when the validator was on but did not check this finding: why (kept with its earlier scores). */
  notValidated?: string;
  /** Set when the meta-reviewer did not merge this slice's findings (its call failed or was refused): why; they were grouped by location. */
  notMerged?: string;
  /** Set when the translator was needed but did not translate this finding: why (it stays in English). */
  notTranslated?: string;
  /** The repository rule (config file `rules`) the finding violates; its severity bounds `scores.severity`. */
  rule?: { name: string; severity: SeverityLevel };
  /** Where the reviewer put it, as the model wrote it (the location check may have moved it since). */
  reported?: Location;
  /**
   * The code the finding rests on, as the model cited it: lines of tracked files at base or head.
   * Checked by keybug: cited lines must exist, and (at the validator) hold the quoted code; a
   * finding with no valid evidence is dropped as `no-evidence`.
   */
  evidence?: Evidence[];
  /** With `votes` above 1: how the validator's judgments went (kept by a majority). */
  votes?: { keep: number; drop: number };
}

/** Lines of a file at one revision a finding cites, with one line of them quoted. */
export interface Evidence {
  path: string;
  side: 'head' | 'base';
  startLine: number;
  endLine: number;
  /** One line of code copied from the cited lines: the code the finding names there. */
  quote: string;
}

/** A place in a file as a model named it. */
export interface Location {
  path: string;
  side: 'RIGHT' | 'LEFT';
  startLine: number;
  line: number;
}

/**
 * The stages after which the paper measures the comments still alive (Tables 3 and 4): every
 * reviewer comment, after the coarse filter, after each reviewer's top-k, after the meta-reviewer
 * (merge, consensus, its scores, top-k of the slice) and after the validator.
 */
export type Checkpoint = 'reviewer' | 'coarse-filter' | 'top-k' | 'meta-reviewer' | 'validator';

export const CHECKPOINTS: readonly Checkpoint[] = ['reviewer', 'coarse-filter', 'top-k', 'meta-reviewer', 'validator'];

/**
 * How far (in lines) a finding may be moved from the line the model named to the line holding its
 * quoted code, in its slice and on the diff. Identical code farther away is other code: the finding
 * keeps its line (or is dropped, or listed unanchored, with the reason) instead of jumping onto it.
 */
export const QUOTE_WINDOW = 10;

/** Why and where a candidate finding left the pipeline. */
export interface DroppedFinding {
  finding: Finding;
  stage: Stage;
  reason: string;
}

/** One step of a candidate finding through the stages: the scores it had there and what happened. */
export interface StageRecord {
  stage: Stage;
  scores: Scores | null;
  note: string;
}

/** A changed file the run skipped: nothing in it to review, or left out by the user (`include`, `exclude`, `skip-generated`, `skip-docs`). */
export interface Skipped {
  path: string;
  reason: string;
}

/** Something the run did not review, with the reason; listed in the summary, never silently lost. */
export interface Unreviewed {
  path: string;
  reason: string;
  /** Line range when only part of a file was not reviewed. */
  startLine?: number;
  endLine?: number;
  /** True when the file was meant to be reviewed and could not be (the run is then incomplete), not merely out of scope. */
  missed?: boolean;
}

// ─────────────────────────── repository guidance ───────────────────────────

/** How one source of guidance (a config key or an instruction file) reached the slices. */
export interface GuidanceSourceUse {
  /** e.g. "AGENTS.md", "src/db/AGENTS.md", ".github/keybug.yml instructions", ".github/keybug.yml rules". */
  source: string;
  /** Slices that got it whole. */
  whole: number;
  /** Slices that got only its beginning (cut at a line or word boundary). */
  cut: number;
  /** Slices it applied to but did not fit at all. */
  omitted: number;
  /** Its estimated size in tokens. */
  tokens: number;
}

/** The repository's own guidance a run used: config file and instruction files, from the base revision. */
export interface GuidanceReport {
  /** The commit they were read from: the base branch, never the head under review. */
  rev: string;
  /** The config file read; null when there is none (or it was invalid and ignored: see configProblem). */
  configFile: string | null;
  /** Why the config file was ignored (`on-invalid-config: defaults`). */
  configProblem?: string;
  /** Every source that applied to a slice, and how it fit `instructions-token-budget`. */
  sources: GuidanceSourceUse[];
  /** Instruction or config files found but not used, with the reason. */
  skipped: { path: string; reason: string }[];
  /** Config and instruction files this change modifies: the review used the base versions; the change takes effect after merge. */
  changedByPullRequest: string[];
}

// ─────────────────────────── model calls ───────────────────────────

export type Role = 'reviewer' | 'meta-reviewer' | 'validator' | 'translator' | 'responder';

/** One call to the model, as recorded in the report. */
export interface ModelCall {
  role: Role;
  model: string;
  sliceId: string | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  retries: number;
  /**
   * ok, or why the call's output was not used (invalid output, timeout, http error ...); skipped-budget:
   * refused by max-tokens, never sent; time-limit: not sent after the run's time limit, or cut off by it.
   */
  outcome: 'ok' | 'invalid-output' | 'error' | 'skipped-budget' | 'time-limit';
  error?: string;
  /** Items of an otherwise valid answer dropped as invalid (`findings[2]: $.findings[2].line: -5 is below the minimum 1`). */
  rejected?: string[];
  /** Which response format finally worked: json_schema, json_object, or text extraction. */
  responseFormat?: 'json_schema' | 'json_object' | 'text';
  /** The repository tools the model called during this call (absent when none were offered). */
  tools?: ToolUse;
}

/**
 * How a call used the repository tools: through the endpoint's tool calling (`native`) or the JSON
 * request-and-answer round (`json`); every call made and keybug's answer; how many calls past the
 * caps were not run.
 */
export interface ToolUse {
  mode: 'native' | 'json';
  calls: ToolCallRecord[];
  /** Calls the model asked for past `tool-calls` (or in one answer past it): not run, not answered. */
  ignored: number;
}

/** One tool call a model made and what keybug answered, as the report keeps it. */
export interface ToolCallRecord {
  /** The tool as the model named it (definition, references, read, search, history, diff). */
  tool: string;
  /** The arguments as the model gave them. */
  arguments: Record<string, unknown>;
  /** keybug's answer as the model read it, secrets masked. */
  answer: string;
  /**
   * answered; empty (nothing found, and the answer says so); refused (a path outside the tracked
   * files, a symbolic link, a submodule, a file over 1 MB, a pattern that could run away);
   * invalid (an unknown tool or a bad argument); limit (the caps were reached: not run);
   * timeout (no answer within 2 s); error (the tool failed, named in the answer).
   */
  outcome: 'answered' | 'empty' | 'refused' | 'invalid' | 'limit' | 'timeout' | 'error';
  /** Estimated tokens of the answer. */
  tokens: number;
  ms: number;
}

/** Token and cost totals. */
export interface Usage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Estimated cost in US dollars when prices were configured; null otherwise. */
  costUsd: number | null;
  byRole: Partial<Record<Role, { calls: number; promptTokens: number; completionTokens: number }>>;
  /** Repository tool calls the models made (absent when none): how many, by tool, and the tokens of keybug's answers. */
  tools?: { calls: number; answerTokens: number; byTool: Record<string, number> };
}

/** Whether the run reviewed everything it was asked to; `nothing-to-review` when no changed file had anything to review (decided by gate/status.ts). */
export type RunStatus = 'complete' | 'incomplete' | 'nothing-to-review';

/** The result of the whole engine run: input to publishing and to the JSON report. */
export interface ReviewResult {
  status: RunStatus;
  /** Why the run is incomplete (empty when complete). */
  incompleteReasons: string[];
  /**
   * Roles that failed after every slice was reviewed without making the run incomplete (meta-reviewer,
   * translator), and what was done instead: the findings are kept, unmerged or untranslated, and marked so.
   */
  degraded?: string[];
  baseSha: string;
  headSha: string;
  algorithm: SliceAlgorithm;
  findings: Finding[];
  dropped: DroppedFinding[];
  /** Changed files skipped, with the reason (nothing to review, or left out by the user). */
  skipped: Skipped[];
  /** What was meant to be reviewed and was not: whole files, and parts of files (a slice, a finding's lines). */
  unreviewed: Unreviewed[];
  /** Every changed file of the diff, once, with its coverage. */
  files: FileCoverage[];
  usage: Usage;
  calls: ModelCall[];
  slices: { id: string; file: string; startLine: number; endLine: number; algorithm: SliceAlgorithm; degraded?: string; tokens: number }[];
  /** Every candidate finding's scores and notes at each stage it went through, by finding id. */
  history?: Record<string, StageRecord[]>;
  /** The repository's guidance the review used (absent when none was read). */
  guidance?: GuidanceReport;
  /**
   * The findings alive after each checkpoint, as they stood there (location, scores). `reviewer`
   * holds every finding a reviewer reported (at its checked location; one the check dropped at the
   * location the model wrote); `meta-reviewer` and `validator` hold what would be published if the
   * pipeline ended there (the same issue on overlapping slices merged); `validator` is absent when
   * the validator is off.
   */
  passed?: Partial<Record<Checkpoint, Finding[]>>;
  stats: {
    files: number;
    slices: number;
    filesParsed: number;
    bytesParsed: number;
    /** Wall time per stage: diff, select, index (the word index), parse, slice (the rest of slicing), guidance, review (all model calls; reviewer, meta-reviewer, validator and translator as the span of their calls), posting. */
    stageMs: Record<string, number>;
    /** The process's peak resident memory so far (MB). */
    peakMemoryMb: number;
  };
}
