import { bySeverity, filterByScores, keepTopK, mergeAcrossSlices, requireAgreement } from '../filter/index.js';
import type { Settings } from '../config/settings.js';
import type { SliceGuidance } from '../guidance/index.js';
import { Deadline, ProgressPace } from '../support/deadline.js';
import type { Finding, ModelCall, Slice } from '../types.js';
import type { ReviewInput, ReviewOutcome } from './api.js';
import { budgetShortfall, chooseWithinBudget, planBudget } from './budget.js';
import { StageClock } from './clock.js';
import { Ledger } from './ledger.js';
import { ModelClient } from './llm/client.js';
import { Limiter } from './llm/limiter.js';
import { TokenBudget } from './llm/token-budget.js';
import { summarizeUsage } from './llm/usage.js';
import { locate } from './locate.js';
import type { SpooledSlices } from './spooled-slices.js';
import { toolsOffered } from './context.js';
import { EvidenceCheck, noEvidenceReason } from './evidence.js';
import { TOOL_ANSWER_MS, ToolSession, type RepositoryTools } from './tools/index.js';
import { runMetaReviewer } from './roles/meta-reviewer.js';
import { reviewerPrompt, runReviewer } from './roles/reviewer.js';
import { needsTranslation, runTranslator, TRANSLATION_BATCH } from './roles/translator.js';
import { runValidator } from './roles/validator.js';

/** The slice a finding id names (see findingId: "s3-r2-f1" is on slice s3). */
const sliceOfId = (id: string): string => /^(.*)-r\d+-f\d+$/.exec(id)?.[1] ?? id;

/** The model calls' retry policy (max-retries aside): waits from 1 s doubling to 30 s, jittered, 2 minutes in all. */
export const RETRY_DEFAULTS = { baseDelayMs: 1000, maxDelayMs: 30_000, maxTotalWaitMs: 120_000, jitter: true };

/**
 * Degraded work, turned at the end into the run's incomplete reasons (reviewers, validator) or into
 * notes that leave it complete (meta-reviewer, translator: every slice was reviewed, the findings
 * are kept unmerged or untranslated and marked so).
 */
interface Shortfalls {
  failedReviewerCalls: number;
  /** Reviewer calls the token budget refused on slices other reviewers did read. */
  refusedReviewerCalls: number;
  /** Reviewer calls the time limit stopped on slices other reviewers did read. */
  timedOutReviewerCalls: number;
  /** Slices no reviewer read because of the time limit. */
  unreviewedForTime: number;
  partlyReviewedSlices: number;
  /** Findings kept with their earlier scores because their validator call failed / was refused by the budget. */
  unvalidated: Finding[];
  unvalidatedForBudget: Finding[];
  unvalidatedForTime: Finding[];
  /** Slices whose findings were grouped by location because the meta-reviewer failed or was refused, with why. */
  unmerged: { sliceId: string; why: string }[];
  /** Findings left in English, with why (the first reason). */
  untranslated: { count: number; why: string };
}

/** How many findings a reason names before it says "and N more". */
const NAMED_FINDINGS = 3;

function namedFindings(findings: readonly Finding[]): string {
  const shown = findings.slice(0, NAMED_FINDINGS).map((f) => `${f.path}:${f.line} "${f.title}"`);
  return findings.length > NAMED_FINDINGS ? `${shown.join('; ')}; and ${findings.length - NAMED_FINDINGS} more` : shown.join('; ');
}

/**
 * The review stages for every slice, each slice's chain running as soon as its inputs are ready:
 * reviewers ×N → location check → coarse filter → top-k per reviewer → meta-reviewer (merge,
 * consensus, its own scores, top-k per slice) → validator per finding; then one cross-slice merge
 * and the translator. All model calls share one concurrency limit.
 */
/** Slices whose chains run at once, per concurrency slot (see StageRunner.review). */
const SLICES_PER_SLOT = 4;

export class StageRunner {
  private readonly ledger = new Ledger();
  private readonly calls: ModelCall[] = [];
  private readonly clock = new StageClock();
  private readonly client: ModelClient;
  private readonly settings: Settings;
  private readonly shortfalls: Shortfalls = {
    failedReviewerCalls: 0,
    refusedReviewerCalls: 0,
    timedOutReviewerCalls: 0,
    unreviewedForTime: 0,
    partlyReviewedSlices: 0,
    unvalidated: [],
    unvalidatedForBudget: [],
    unvalidatedForTime: [],
    unmerged: [],
    untranslated: { count: 0, why: '' },
  };
  /** Roles that failed without making the run incomplete: what was done instead (see Shortfalls). */
  private readonly degraded: string[] = [];
  private readonly budget: TokenBudget;
  private readonly log: (message: string) => void;
  private readonly progressLine: (message: string) => void;
  private readonly deadline: Deadline;
  /** Failure messages of model calls and how many calls failed with each. */
  private readonly failures = new Map<string, number>();
  /** Each slice's place in the change (the order of the report), by id. */
  private readonly order = new Map<string, number>();
  /** What each reviewed slice's chain left: the findings out of the meta-reviewer stage and out of the last. */
  private readonly perSlice: { meta: Finding[]; final: Finding[] }[] = [];
  /** Model calls issued and finished so far, for the progress lines. */
  private readonly progress = { issued: 0, done: 0, pace: new ProgressPace(0) };
  /** The two revisions through the tools' gate (tools and evidence), or null. */
  private readonly repository: RepositoryTools | null;
  private readonly evidence: EvidenceCheck;
  /** True when the reviewers and the validator get the tools. */
  private readonly toolsOn: boolean;

  constructor(private readonly input: ReviewInput) {
    this.settings = input.settings;
    this.log = input.log ?? (() => undefined);
    this.progressLine = input.progress ?? this.log;
    this.deadline = input.deadline ?? Deadline.none();
    const { settings, tuning } = input;
    this.repository = input.repository ?? null;
    this.evidence = new EvidenceCheck(this.repository);
    this.toolsOn = this.repository !== null && toolsOffered(settings);
    this.budget = new TokenBudget(settings.maxTokens);
    this.client = new ModelClient(
      {
        apiKey: settings.apiKey,
        baseUrl: settings.baseUrl,
        temperature: settings.temperature,
        timeoutMs: tuning?.timeoutMs ?? settings.timeoutSeconds * 1000,
        retry: { maxRetries: settings.maxRetries, ...RETRY_DEFAULTS, ...tuning?.retry },
        tape: input.tape ?? null,
        deadline: this.deadline,
      },
      new Limiter(settings.concurrency),
      this.budget,
    );
  }

  /** Reviews the input's slices, all at once. */
  async run(): Promise<ReviewOutcome> {
    await this.review(this.input.slices, this.input.guidance);
    return this.finish();
  }

  /**
   * Reviews these slices (a part of a large change; `guidance` by slice id), their chains running
   * with those of the slices given before; resolves when they are all done. A slice is let go when
   * its chain ends: only its findings are kept. With max-tokens the slices are ranked and chosen
   * among those given together.
   */
  async review(slices: readonly Slice[], guidance?: ReadonlyMap<string, SliceGuidance>): Promise<void> {
    for (const slice of slices) this.order.set(slice.id, this.order.size);
    const plan = planBudget(slices, this.input.pr, this.settings, guidance);
    await this.reviewChosen(plan, slices.length, (slice) => ({ slice, guidance: guidance?.get(slice.id) }));
  }

  /**
   * Reviews a budgeted change's slices, spooled as they were sliced: ranked and chosen among all of
   * them as review() chooses (chooseWithinBudget on their records), each chosen slice read back when
   * its chain starts, so the review holds the slices of the chains running and no others.
   */
  async reviewSpooled(spooled: SpooledSlices): Promise<void> {
    for (const { id } of spooled.ranked) this.order.set(id, this.order.size);
    const chosen = chooseWithinBudget(
      spooled.ranked.map((r) => ({ item: r, risk: r.risk, cost: r.cost })),
      this.settings.maxTokens,
    );
    const plan = { selected: chosen.selected, skipped: chosen.skipped.map(({ item, reason }) => ({ slice: item, reason })) };
    await this.reviewChosen(plan, spooled.ranked.length, (record) => spooled.load(record));
  }

  /**
   * The chains of a budget plan's chosen slices (`load` gives each slice, and its guidance, when
   * its chain starts), after noting what the plan left out (of `total` slices).
   */
  private async reviewChosen<T>(
    plan: { selected: readonly T[]; skipped: readonly { slice: Pick<Slice, 'seed'>; reason: string }[] },
    total: number,
    load: (item: T) => { slice: Slice; guidance: SliceGuidance | undefined },
  ): Promise<void> {
    const { settings, ledger } = this;
    const shortfall = budgetShortfall(plan, total, settings);
    ledger.unreviewed.push(...shortfall.unreviewed);
    if (shortfall.reason !== null) ledger.incomplete(shortfall.reason);
    this.log(`review: ${plan.selected.length} slice(s) × ${settings.reviewers} reviewer(s), concurrency ${settings.concurrency}`);
    // A bounded number of slices at a time (enough waiting calls to keep every concurrency slot busy):
    // a slice's prompts are built when its chain starts, so a part of thousands of slices does not
    // hold thousands of prompts at once.
    const results: { meta: Finding[]; final: Finding[] }[] = [];
    let next = 0;
    const chains = async (): Promise<void> => {
      for (let i = next++; i < plan.selected.length; i = next++) {
        const { slice, guidance } = load(plan.selected[i] as T);
        results[i] = await this.reviewSlice(slice, guidance);
      }
    };
    await Promise.all(Array.from({ length: Math.min(plan.selected.length, SLICES_PER_SLOT * settings.concurrency) }, chains));
    this.perSlice.push(...results);
  }

  /** After every slice was reviewed: the cross-slice merge, the translator, and the outcome. */
  async finish(): Promise<ReviewOutcome> {
    const { settings, ledger, perSlice } = this;
    // What the meta-reviewer stage would publish, were it the last: merged across slices as below.
    ledger.pass('meta-reviewer', mergeAcrossSlices(perSlice.flatMap((s) => s.meta)).kept);
    let findings = ledger.apply(mergeAcrossSlices(perSlice.flatMap((s) => s.final)));
    if (settings.validator) ledger.pass('validator', findings);
    if (needsTranslation(settings.language) && findings.length > 0) findings = await this.translate(findings);
    findings.sort(bySeverity);
    this.reportShortfalls();
    for (const [why, count] of this.failures)
      if (count > 1) this.log(`review: ${count - 1} more model call(s) failed the same way: ${why}`);

    const calls = this.inSliceOrder(this.calls, (c) => c.sliceId);
    const outcome: ReviewOutcome = {
      incompleteReasons: ledger.incompleteReasons,
      degraded: this.degraded,
      findings,
      dropped: this.inSliceOrder(ledger.dropped, (d) => d.finding.sliceId),
      unreviewed: ledger.unreviewed,
      calls,
      usage: summarizeUsage(calls, settings.inputPrice, settings.outputPrice),
      stageMs: this.clock.toRecord(),
      history: Object.fromEntries(this.inSliceOrder(Object.entries(ledger.history), ([id]) => sliceOfId(id))),
      passed: Object.fromEntries(
        Object.entries(ledger.passed).map(([checkpoint, passed]) => [checkpoint, this.inSliceOrder(passed, (f) => f.sliceId)]),
      ),
    };
    // The run's status is not the review stage's to say: the engine decides it with what the stages before left out.
    this.log(`review: ${findings.length} finding(s), ${ledger.dropped.length} dropped, ${outcome.usage.calls} call(s)`);
    return outcome;
  }

  /**
   * Slices run concurrently and finish in any order: what they add is put in the order of the
   * slices (each slice's own entries keep their order), so the same answers give the same report.
   */
  private inSliceOrder<T>(items: readonly T[], sliceOf: (item: T) => string | null): T[] {
    const rank = this.order;
    const rankOf = (item: T): number => rank.get(sliceOf(item) ?? '') ?? rank.size;
    return items
      .map((item, i) => ({ item, i, rank: rankOf(item) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map((entry) => entry.item);
  }

  private record(call: ModelCall): void {
    this.calls.push(call);
    if (call.outcome === 'error' || call.outcome === 'invalid-output') {
      // The same failure on every call (an endpoint that is down) is logged once, then counted.
      const why = call.error ?? call.outcome;
      const seen = this.failures.get(why) ?? 0;
      this.failures.set(why, seen + 1);
      if (seen === 0) this.log(`review: ${call.role} call on ${call.sliceId ?? 'all findings'} failed: ${why}`);
    }
    this.progress.done++;
    this.logProgress();
  }

  /**
   * The tools of conversation `index` of `count` a role holds on one slice (its reviewers; the
   * validator's judgments of every finding): `tool-calls` and `tool-token-budget` hold per slice and
   * role, shared out evenly in a fixed order, so each conversation has caps of its own and a replay
   * asks the same; null when the tools are off.
   */
  private toolsFor(index: number, count: number): { session: ToolSession; required: boolean } | null {
    if (!this.toolsOn || this.repository === null) return null;
    const { toolCalls, toolTokenBudget, tools } = this.settings;
    const share = (total: number): number => Math.floor(total / count) + (index < total % count ? 1 : 0);
    return {
      session: new ToolSession(this.repository, { calls: share(toolCalls), tokens: share(toolTokenBudget), answerMs: TOOL_ANSWER_MS }),
      required: tools === 'on',
    };
  }

  /** Counts calls about to be made, for the progress lines (their number is only known as findings come in). */
  private issue(calls: number): void {
    this.progress.issued += calls;
  }

  /** A progress line every tenth of the calls known so far, or after 5 s, and at the last one (ProgressPace); the first at once. */
  private logProgress(): void {
    const { issued, done, pace } = this.progress;
    if (!pace.due([done, issued])) return;
    this.progressLine(
      `review: ${done} of ${issued} model call(s) done so far (more are known as findings come in), ${this.deadline.elapsed()} since the start`,
    );
  }

  /** One slice's chain; returns what came out of the meta-reviewer stage and what came out of the last stage. */
  private async reviewSlice(slice: Slice, guidance: SliceGuidance | undefined): Promise<{ meta: Finding[]; final: Finding[] }> {
    const candidates = await this.runReviewers(slice, guidance);
    if (candidates === null) return { meta: [], final: [] };
    const issues = await this.metaReview(slice, candidates.findings, candidates.answered);
    return { meta: issues, final: this.settings.validator ? await this.validate(slice, issues, guidance) : issues };
  }

  /** Reviewers → location check → coarse filter → top-k of each reviewer; null when no reviewer answered. */
  private async runReviewers(slice: Slice, guidance: SliceGuidance | undefined): Promise<{ findings: Finding[]; answered: number } | null> {
    const { settings, ledger } = this;
    this.issue(settings.reviewers);
    const prompt = reviewerPrompt(slice, this.input.pr, guidance, this.toolsOn);
    const runs = await Promise.all(
      Array.from({ length: settings.reviewers }, (_, i) =>
        this.clock.time('reviewer', () =>
          runReviewer(this.client, slice, prompt, i + 1, settings.reviewerModel, guidance, this.toolsFor(i, settings.reviewers)),
        ),
      ),
    );
    for (const run of runs) this.record(run.answer.call);
    const failed = runs.filter((r) => r.answer.value === null);
    const answered = runs.length - failed.length;
    if (answered === 0) {
      const budget = failed.every((r) => r.answer.call.outcome === 'skipped-budget');
      const timed = failed.every((r) => r.answer.call.outcome === 'time-limit');
      const why =
        budget || timed
          ? (failed[0]?.answer.call.error ?? 'not sent')
          : `every reviewer call failed (${failed[0]?.answer.call.error ?? 'no answer'})`;
      ledger.unreviewed.push({
        path: slice.seed.file,
        startLine: slice.seed.startLine,
        endLine: slice.seed.endLine,
        reason: `not reviewed: ${why}`,
        missed: true,
      });
      if (timed) this.shortfalls.unreviewedForTime++;
      else
        ledger.incomplete(
          budget
            ? `token budget max-tokens=${settings.maxTokens} was spent before every slice was reviewed`
            : 'some slices could not be reviewed because every model call on them failed',
        );
      return null;
    }
    if (failed.length > 0) {
      const refused = failed.filter((r) => r.answer.call.outcome === 'skipped-budget').length;
      const timedOut = failed.filter((r) => r.answer.call.outcome === 'time-limit').length;
      this.shortfalls.refusedReviewerCalls += refused;
      this.shortfalls.timedOutReviewerCalls += timedOut;
      this.shortfalls.failedReviewerCalls += failed.length - refused - timedOut;
      this.shortfalls.partlyReviewedSlices++;
    }

    // What each finding cites must be lines of the revisions (and, with no validator to check them later, hold its quotes).
    const verdicts = await Promise.all(
      runs.map((run) => Promise.all(run.findings.map((f) => this.evidence.check(f, slice, !settings.validator)))),
    );
    const findings: Finding[] = [];
    runs.forEach((run, i) => {
      const reviewer = i + 1;
      const located: Finding[] = [];
      // Every finding the reviewer wrote, invalid ones included: the paper's "all comments" stage.
      const reported: Finding[] = [];
      for (const dropped of run.invalid) {
        ledger.drop(dropped);
        reported.push(dropped.finding);
      }
      const unknown = new Map(run.unknownRules.map((u) => [u.id, u.name]));
      run.findings.forEach((reportedFinding, j) => {
        const verdict = verdicts[i]?.[j] ?? { valid: [], problems: [], corrections: [] };
        const finding: Finding = { ...reportedFinding, evidence: verdict.valid };
        const rule = finding.rule
          ? `, violating the rule ${finding.rule.name} (${finding.rule.severity})`
          : unknown.has(finding.id)
            ? `; it named a rule this slice was not given ('${unknown.get(finding.id)?.slice(0, 64)}'), which was ignored`
            : '';
        ledger.note(finding.id, 'reviewer', finding.scores, `reported by reviewer ${reviewer} at ${finding.path}:${finding.line}${rule}`);
        const place = locate(finding, slice);
        if (!place.ok) {
          ledger.drop({ finding, stage: 'reviewer', reason: place.reason });
          reported.push(finding);
          return;
        }
        if (place.correction) ledger.note(finding.id, 'reviewer', null, place.correction);
        reported.push(place.finding);
        if (verdict.valid.length === 0) {
          ledger.drop({ finding: place.finding, stage: 'reviewer', reason: noEvidenceReason(verdict, 'the reviewer') });
          return;
        }
        if (verdict.corrections.length > 0)
          ledger.note(finding.id, 'reviewer', null, `evidence ${verdict.corrections.slice(0, 3).join('; ')}`);
        if (verdict.problems.length > 0)
          ledger.note(finding.id, 'reviewer', null, `evidence left out: ${verdict.problems.slice(0, 3).join('; ')}`);
        located.push(place.finding);
      });
      ledger.pass('reviewer', reported);
      const coarse = ledger.apply(filterByScores(located, settings, 'coarse-filter', `reviewer ${reviewer}`));
      ledger.pass('coarse-filter', coarse);
      const top = ledger.apply(keepTopK(coarse, settings.topK, `among reviewer ${reviewer}'s findings on slice ${slice.id}`));
      ledger.pass('top-k', top);
      findings.push(...top);
    });
    return { findings, answered };
  }

  /** Merge (model), consensus, the meta-reviewer's scores, top-k of the slice. Skipped with one reviewer. */
  private async metaReview(slice: Slice, candidates: Finding[], answered: number): Promise<Finding[]> {
    const { settings, ledger } = this;
    if (settings.reviewers === 1 || candidates.length === 0) return candidates;
    let issues = candidates;
    // Merging needs findings of at least two reviewers; otherwise there is nothing to merge.
    const reviewersWithFindings = new Set(candidates.map((c) => c.id.replace(/-f\d+$/, ''))).size;
    if (reviewersWithFindings > 1) {
      this.issue(1);
      const merged = await this.clock.time('meta-reviewer', () => runMetaReviewer(this.client, candidates, answered, settings.model));
      if (merged.call) this.record(merged.call);
      // Every reviewer's findings are in hand: a meta-reviewer that fails costs the merge, not the findings.
      const unmerged =
        merged.fallback === null
          ? null
          : merged.call?.outcome === 'skipped-budget'
            ? `not called: ${merged.call.error ?? 'token budget spent'}`
            : `its call failed: ${merged.call?.error ?? 'no answer'}`;
      if (unmerged !== null) this.shortfalls.unmerged.push({ sliceId: slice.id, why: unmerged });
      for (const entry of merged.mergedAway) ledger.drop(entry);
      for (const f of merged.findings) {
        const note =
          f.mergedFrom.length > 0 ? `merged ${f.mergedFrom.length + 1} findings from ${f.reviewerVotes} reviewer(s)` : 'kept as one issue';
        ledger.note(
          f.id,
          'meta-reviewer',
          unmerged === null ? f.scores : null,
          unmerged === null ? note : `${note} by location (meta-reviewer ${unmerged})`,
        );
      }
      issues =
        unmerged === null
          ? merged.findings
          : merged.findings.map((f) => ({ ...f, notMerged: `meta-reviewer ${unmerged}; grouped by location` }));
    }
    if (settings.requireConsensus) issues = ledger.apply(requireAgreement(issues, answered));
    issues = ledger.apply(filterByScores(issues, settings, 'meta-reviewer', 'the meta-reviewer'));
    return ledger.apply(keepTopK(issues, settings.topK, `on slice ${slice.id} after merging`));
  }

  /**
   * Re-reads the slice for each finding; its scores and thresholds decide. A finding whose call
   * failed or was refused by the token budget is kept with its earlier scores, marked
   * `notValidated`, and listed as not reviewed: a possible bug is not hidden, nor passed off as checked.
   */
  private async validate(slice: Slice, issues: Finding[], guidance: SliceGuidance | undefined): Promise<Finding[]> {
    const { settings, ledger } = this;
    const votes = settings.votes;
    this.issue(issues.length * votes);
    const thresholds = { minSubstance: settings.validatorMinSubstance, minReality: settings.validatorMinReality };
    const judged = await Promise.all(
      issues.map((f, i) =>
        Promise.all(
          Array.from({ length: votes }, async (_, v) => {
            const tools = this.toolsFor(i * votes + v, issues.length * votes);
            const result = await this.clock.time('validator', () =>
              runValidator(this.client, f, slice, this.input.pr, settings.validatorModel, guidance, tools),
            );
            // The lines the validator cites, else the finding's own, must hold the code they quote.
            const verdict =
              result.validated === null
                ? null
                : await this.evidence.check(result.validated, slice, true, result.evidence.length > 0 ? result.evidence : f.evidence);
            return { ...result, verdict };
          }),
        ),
      ),
    );
    const kept: Finding[] = [];
    const unvalidated: Finding[] = [];
    judged.forEach((results, i) => {
      for (const result of results) this.record(result.call);
      const original = issues[i] as Finding;
      const answered = results.filter((r) => r.validated !== null);
      if (answered.length === 0) {
        const failed = results[0];
        const why = failed?.call.error ?? 'no answer';
        if (failed?.call.outcome === 'skipped-budget') this.shortfalls.unvalidatedForBudget.push(original);
        else if (failed?.call.outcome === 'time-limit') this.shortfalls.unvalidatedForTime.push(original);
        else this.shortfalls.unvalidated.push(original);
        ledger.note(original.id, 'validator', null, `not validated: ${why}; kept with the earlier scores`);
        ledger.unreviewed.push({
          path: original.path,
          startLine: original.startLine,
          endLine: original.line,
          reason: `finding ${original.id} "${original.title}" not validated: ${why}; reported with its scores from before validation`,
        });
        unvalidated.push({ ...original, notValidated: why });
        return;
      }
      // Each judgment keeps the finding when its scores pass the thresholds and its evidence holds.
      const judgments = answered.map((r) => {
        const validated = { ...(r.validated as Finding), evidence: r.verdict?.valid ?? [] };
        const scored = filterByScores([validated], thresholds, 'validator', 'the validator');
        const reason =
          scored.dropped[0]?.reason ??
          ((r.verdict?.valid.length ?? 0) === 0
            ? noEvidenceReason(r.verdict ?? { valid: [], problems: [], corrections: [] }, 'the validator')
            : null);
        ledger.note(
          original.id,
          'validator',
          validated.scores,
          votes > 1 ? `${r.reasoning.slice(0, 500)} (judged: ${reason === null ? 'keep' : `drop, ${reason}`})` : r.reasoning.slice(0, 500),
        );
        return { validated, reason };
      });
      const keep = judgments.filter((j) => j.reason === null);
      const tally = votes > 1 ? { votes: { keep: keep.length, drop: judgments.length - keep.length } } : {};
      const winner = keep[0];
      if (winner !== undefined && keep.length * 2 > judgments.length) {
        if (votes > 1) ledger.note(original.id, 'validator', null, `kept by ${keep.length} of ${judgments.length} validator judgments`);
        kept.push({ ...winner.validated, ...tally });
        return;
      }
      const last = judgments.find((j) => j.reason !== null) ?? judgments[0];
      const reason =
        votes > 1
          ? `dropped by ${judgments.length - keep.length} of ${judgments.length} validator judgments (the first: ${last?.reason ?? ''})`
          : (last?.reason ?? '');
      ledger.drop({ finding: { ...(last?.validated ?? original), ...tally }, stage: 'validator', reason });
    });
    return [...kept, ...unvalidated];
  }

  private async translate(findings: Finding[]): Promise<Finding[]> {
    const { settings, ledger } = this;
    const batches: Finding[][] = [];
    for (let i = 0; i < findings.length; i += TRANSLATION_BATCH) batches.push(findings.slice(i, i + TRANSLATION_BATCH));
    this.issue(batches.length);
    const results = await Promise.all(
      batches.map((batch) => this.clock.time('translator', () => runTranslator(this.client, batch, settings.language, settings.model))),
    );
    return results.flatMap((result) => {
      this.record(result.call);
      if (result.translated) {
        for (const f of result.findings) ledger.note(f.id, 'translator', null, `translated into ${settings.language}`);
        return result.findings;
      }
      const why = `${result.call.outcome === 'skipped-budget' ? 'not sent' : 'the translator failed'}: ${result.call.error ?? 'no answer'}`;
      const { untranslated } = this.shortfalls;
      untranslated.count += result.findings.length;
      untranslated.why ||= why;
      for (const f of result.findings) ledger.note(f.id, 'translator', null, `left in English (${why})`);
      return result.findings.map((f) => ({ ...f, notTranslated: why }));
    });
  }

  private reportShortfalls(): void {
    const {
      failedReviewerCalls,
      refusedReviewerCalls,
      timedOutReviewerCalls,
      unreviewedForTime,
      partlyReviewedSlices,
      unvalidated,
      unvalidatedForBudget,
      unvalidatedForTime,
      unmerged,
      untranslated,
    } = this.shortfalls;
    const { ledger, settings, deadline } = this;
    const budget = `token budget max-tokens=${settings.maxTokens}`;
    const stopped = this.calls.filter((c) => c.outcome === 'time-limit').length;
    if (stopped > 0) {
      ledger.incomplete(
        `the time limit ${deadline.describe()} was reached: ${stopped} model call(s) were not sent or were cut off${unreviewedForTime > 0 ? `, ${unreviewedForTime} slice(s) were not reviewed` : ''}; what was found before is reported`,
      );
    }
    const missed = [
      failedReviewerCalls > 0 ? `${failedReviewerCalls} reviewer call(s) failed` : '',
      refusedReviewerCalls > 0 ? `${refusedReviewerCalls} reviewer call(s) were refused by the ${budget}` : '',
      timedOutReviewerCalls > 0 ? `${timedOutReviewerCalls} reviewer call(s) were stopped by the time limit` : '',
    ].filter(Boolean);
    if (missed.length > 0)
      ledger.incomplete(
        `${missed.join(' and ')}: ${partlyReviewedSlices} slice(s) were read by fewer than ${settings.reviewers} reviewers`,
      );
    if (unvalidated.length > 0)
      ledger.incomplete(
        `${unvalidated.length} finding(s) could not be validated (validator calls failed) and are reported with their scores from before validation: ${namedFindings(unvalidated)}`,
      );
    if (unvalidatedForTime.length > 0)
      ledger.incomplete(
        `the time limit ${deadline.describe()}: ${unvalidatedForTime.length} finding(s) were not validated and are reported with their scores from before validation: ${namedFindings(unvalidatedForTime)}`,
      );
    if (unvalidatedForBudget.length > 0)
      ledger.incomplete(
        `${budget}: ${unvalidatedForBudget.length} finding(s) were not validated and are reported with their scores from before validation: ${namedFindings(unvalidatedForBudget)}`,
      );
    if (unmerged.length > 0) {
      this.degraded.push(
        `meta-reviewer ${unmerged[0]?.why ?? ''}${unmerged.length > 1 ? ` (and on ${unmerged.length - 1} more slice(s))` : ''}: the findings of ${unmerged.length} slice(s) were grouped by location instead of merged, and are marked "not merged"`,
      );
    }
    if (untranslated.count > 0)
      this.degraded.push(
        `translator: ${untranslated.count} finding(s) were left in English (${untranslated.why}) and are marked "not translated"`,
      );
    const overspent = this.budget.overspent();
    if (overspent !== null) ledger.incomplete(overspent);
  }
}
