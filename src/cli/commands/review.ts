import { writeFile } from 'node:fs/promises';
import { dryRun, runReview } from '../../engine/run.js';
import { evaluateGate } from '../../engine/gate.js';
import { formatJson, formatSarif, formatText } from '../../output/index.js';
import { redact } from '../../output/redact.js';
import { wouldBeAnchored } from '../../publish/index.js';
import { renderSummary } from '../../publish/summary.js';
import { sliceResultToJson } from '../../slicing/index.js';
import type { PlannedPrompt } from '../../review/index.js';
import type { GuidanceReport } from '../../types.js';
import { CHANGE_OPTIONS, formatOf, INPUT_OPTIONS, parseCommandArgs, settingsFromFlags } from '../args.js';
import { withChange } from '../change.js';
import { configureChange } from '../configure.js';
import { EXIT, UsageError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { openTape, TAPE_HELP, TAPE_OPTIONS, tapeFlags } from '../tape.js';

export const REVIEW_HELP = `keybug review --repo DIR --base REV [--head REV] [--format text|json|markdown|sarif] [--dry-run] [--example]

Reviews the change with the model: reviewers on every slice, coarse filter and top-k, meta-reviewer,
validator and translator, exactly as the action does, and prints the surviving findings.
  --dry-run          print the prompts that would be sent and their token counts; no model is called
  --title, --body    the pull request's title and description, given to the reviewers as data
  --report FILE      also write the full JSON report (every finding's path through the stages, every
                     call, where each finding would be anchored in the diff)
${TAPE_HELP}
Every action input is a flag of the same name (--model, --reviewers, --top-k, --fail-on ...).
The API key and endpoint come from --api-key/--base-url or OPENAI_API_KEY/OPENAI_BASE_URL; the
model from --model or KEYBUG_MODEL. Flags and those variables win over the config file of the
base revision (.github/keybug.yml), which wins over the defaults; its rules and instructions, and
the base revision's AGENTS.md and other instruction files, go into the prompts (see --dry-run).
Exit code 1 when --fail-on or --fail-on-incomplete trips.`;

/** What the prompts carry of the repository's guidance, and what a change to it does. */
function guidanceLines(guidance: GuidanceReport | undefined): string[] {
  if (guidance === undefined || (guidance.configFile === null && guidance.configProblem === undefined && guidance.sources.length === 0 && guidance.skipped.length === 0 && guidance.changedByPullRequest.length === 0)) return [];
  const out: string[] = [];
  if (guidance.configProblem !== undefined) out.push(`!!! The config file is invalid and was not used: ${guidance.configProblem}`);
  const used = guidance.sources.map((s) => `${s.source}${s.cut > 0 ? ` (cut to fit in ${s.cut} slice(s))` : ''}${s.omitted > 0 ? ` (left out of ${s.omitted} slice(s): no room)` : ''}`);
  out.push(`Repository guidance from the base revision ${guidance.rev.slice(0, 12)}${guidance.configFile ? ` (config file ${guidance.configFile})` : ''}: ${used.length > 0 ? used.join(', ') : 'none applies to these files'}.`);
  for (const s of guidance.skipped) out.push(`  not used: ${s.path} (${s.reason})`);
  if (guidance.changedByPullRequest.length > 0) out.push(`This change modifies ${guidance.changedByPullRequest.join(', ')}: the prompts use the base revision's version; the change takes effect after merge.`);
  return [...out, ''];
}

function renderPrompts(prompts: PlannedPrompt[], guidance?: GuidanceReport): string {
  const out: string[] = guidanceLines(guidance);
  for (const p of prompts) {
    const copies = p.copies > 1 ? ` · sent ${p.copies}× (one per reviewer)` : '';
    out.push(`===== ${p.role} prompt${p.sliceId ? ` for slice ${p.sliceId}` : ''} · model ${p.model || '(unset)'} · ~${p.tokens} tokens${copies} =====`);
    out.push('----- system -----', p.system, '----- user -----', p.user, '');
  }
  const calls = prompts.reduce((n, p) => n + p.copies, 0);
  const total = prompts.reduce((n, p) => n + p.tokens * p.copies, 0);
  out.push(`${calls} reviewer call(s), ~${total} prompt tokens in all (meta-reviewer and validator calls follow from the findings); no model was called.`);
  return out.join('\n') + '\n';
}

export async function reviewCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    ...CHANGE_OPTIONS,
    ...INPUT_OPTIONS,
    'dry-run': { type: 'boolean', default: false },
    title: { type: 'string' },
    body: { type: 'string' },
    ...TAPE_OPTIONS,
  });
  if (values.help) return io.out(REVIEW_HELP + '\n'), EXIT.ok;
  const format = formatOf(values.format, ['text', 'json', 'markdown', 'sarif'] as const, 'text');
  const overrides: Record<string, string> = values['dry-run'] ? { 'dry-run': 'true' } : {};
  settingsFromFlags(values, io.env, overrides);
  const tapes = tapeFlags(values);
  if (values['dry-run'] && tapes.mode !== null) throw new UsageError(`--${tapes.mode} needs a review that calls the model; --dry-run calls none.`);
  return withChange(values, async (change) => {
    const { settings, repository } = await configureChange(change, values, io, overrides);
    if (settings.dryRun && tapes.mode !== null) throw new UsageError(`--${tapes.mode} needs a review that calls the model; the config file sets dry-run, which calls none.`);
    const tape = openTape(tapes, 'review', 'the review');
    const input = { repoDir: change.repo, base: change.base, head: change.head, settings, repository, pr: change.pr, log: io.err, tape };
    if (settings.dryRun) {
      const { prepared, prompts } = await dryRun(input);
      const guidance = prepared.guidance?.report;
      io.out(
        format === 'json'
          ? JSON.stringify({ slices: sliceResultToJson(prepared.slicing), files: prepared.files, unreviewed: prepared.unreviewed, prompts, ...(guidance ? { guidance } : {}) }, null, 2) + '\n'
          : renderPrompts(prompts, guidance),
      );
      return EXIT.ok;
    }
    const { prepared, result } = await runReview(input);
    if (tape?.mode === 'record') io.err(`recorded ${tape.sent} model request(s) in ${tape.file}`);
    // Where each finding would be anchored if the change were a pull request (nothing was posted before).
    const anchoring = wouldBeAnchored(result.findings, prepared.diff);
    const json = (r: typeof result): string => formatJson(r, { anchoring });
    const reportFlag = (values as Record<string, unknown>).report;
    if (typeof reportFlag === 'string') await writeFile(reportFlag, redact(json(result)));
    const rendered = { text: formatText, json, sarif: formatSarif, markdown: (r: typeof result) => renderSummary(r, { settings }) }[format](result);
    io.out(rendered.endsWith('\n') ? rendered : rendered + '\n');
    const gate = evaluateGate(result, settings);
    for (const line of gate.reasons) io.err(line);
    return gate.failed ? EXIT.gate : EXIT.ok;
  });
}
