import { writeFile } from 'node:fs/promises';
import { dryRun, runReview } from '../../engine/run.js';
import { evaluateGate } from '../../engine/gate.js';
import { formatJson, formatSarif, formatText } from '../../output/index.js';
import { redact } from '../../output/redact.js';
import { renderSummary } from '../../publish/summary.js';
import { sliceResultToJson } from '../../slicing/index.js';
import type { PlannedPrompt } from '../../review/index.js';
import { CHANGE_OPTIONS, formatOf, INPUT_OPTIONS, parseCommandArgs, settingsFromFlags } from '../args.js';
import { withChange } from '../change.js';
import { EXIT } from '../errors.js';
import type { CommandIO } from '../io.js';

export const REVIEW_HELP = `keybug review --repo DIR --base REV [--head REV] [--format text|json|markdown|sarif] [--dry-run] [--example]

Reviews the change with the model: reviewers on every slice, coarse filter and top-k, meta-reviewer,
validator and translator, exactly as the action does, and prints the surviving findings.
  --dry-run          print the prompts that would be sent and their token counts; no model is called
  --title, --body    the pull request's title and description, given to the reviewers as data
  --report FILE      also write the full JSON report (every finding's path through the stages, every call)
Every action input is a flag of the same name (--model, --reviewers, --top-k, --fail-on ...).
The API key and endpoint come from --api-key/--base-url or OPENAI_API_KEY/OPENAI_BASE_URL; the
model from --model or KEYBUG_MODEL. Exit code 1 when --fail-on or --fail-on-incomplete trips.`;

function renderPrompts(prompts: PlannedPrompt[]): string {
  const out: string[] = [];
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
  });
  if (values.help) return io.out(REVIEW_HELP + '\n'), EXIT.ok;
  const format = formatOf(values.format, ['text', 'json', 'markdown', 'sarif'] as const, 'text');
  const settings = settingsFromFlags(values, io.env, { 'dry-run': values['dry-run'] ? 'true' : 'false' });
  return withChange(values, async (change) => {
    const input = { repoDir: change.repo, base: change.base, head: change.head, settings, pr: change.pr, log: io.err };
    if (settings.dryRun) {
      const { prepared, prompts } = await dryRun(input);
      io.out(format === 'json' ? JSON.stringify({ slices: sliceResultToJson(prepared.slicing), files: prepared.files, unreviewed: prepared.unreviewed, prompts }, null, 2) + '\n' : renderPrompts(prompts));
      return EXIT.ok;
    }
    const { result } = await runReview(input);
    const reportFlag = (values as Record<string, unknown>).report;
    if (typeof reportFlag === 'string') await writeFile(reportFlag, redact(formatJson(result)));
    const rendered = { text: formatText, json: formatJson, sarif: formatSarif, markdown: (r: typeof result) => renderSummary(r, { settings }) }[format](result);
    io.out(rendered.endsWith('\n') ? rendered : rendered + '\n');
    const gate = evaluateGate(result, settings);
    for (const line of gate.reasons) io.err(line);
    return gate.failed ? EXIT.gate : EXIT.ok;
  });
}
