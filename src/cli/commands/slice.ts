import { Deadline } from '../../support/deadline.js';
import { prepare } from '../../engine/run.js';
import { renderSlicesText, sliceResultToJson } from '../../slicing/index.js';
import { CHANGE_OPTIONS, formatOf, inputOptions, parseCommandArgs, settingsFromFlags, SLICE_INPUTS, switchValue } from '../args.js';
import { withChange } from '../change.js';
import { configureChange } from '../configure.js';
import { EXIT } from '../errors.js';
import type { CommandIO } from '../io.js';

export const SLICE_HELP = `keybug slice --repo DIR --base REV [--head REV] [--algorithm A] [--format json|text] [--example]

Shows the code slices a review would send, with no model: for each group of changed statements,
the context the algorithm adds (original-diff, parent-function, left-flow, full-flow), in the
paper's numbered-line format. --example slices the built-in example change.
Also takes --slice-token-budget, --include, --exclude, --skip-generated, --skip-docs, --max-files
and --time-limit-minutes (files not sliced by then are listed as not sliced); the base revision's
config file (.github/keybug.yml) fills what the flags do not set.
--index-cache DIR keeps the repository's word index and the facts of files read for their
definitions between runs (default: .git/keybug in the repository; none: keep nothing).`;

export async function sliceCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('slice', argv, { ...CHANGE_OPTIONS, ...inputOptions(SLICE_INPUTS) });
  if (values.help) return io.out(SLICE_HELP + '\n'), EXIT.ok;
  const startedAt = Date.now();
  const format = formatOf(values.format, ['json', 'text'] as const, 'text');
  settingsFromFlags(values, io.env);
  return withChange({ ...values, example: switchValue('example', values.example) }, async (change) => {
    const { repo, base, head, pr } = change;
    const { settings } = await configureChange(change, values, io);
    // The same diff, file selection and slicing a review runs, with no model.
    const prepared = await prepare({ repoDir: repo, base, head, settings, pr, log: io.err, deadline: Deadline.of(settings.timeLimitMinutes, startedAt) });
    const result = { ...prepared.slicing, stats: { ...prepared.slicing.stats, files: prepared.files } };
    io.out(format === 'json' ? JSON.stringify(sliceResultToJson(result), null, 2) + '\n' : renderSlicesText(result));
    for (const reason of prepared.incompleteReasons) io.err(`keybug slice: ${reason}`);
    return EXIT.ok;
  });
}
