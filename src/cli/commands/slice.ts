import { slicesOf } from '../../flows/slice.js';
import { SliceWriter } from '../../output/slices.js';
import { CHANGE_OPTIONS, formatOf, inputOptions, parseCommandArgs, SLICE_INPUTS, switchValue } from '../args.js';
import { withChange } from '../change.js';
import { runSettings } from '../run-settings.js';
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
  if (values.help) return (io.out(SLICE_HELP + '\n'), EXIT.ok);
  const startedAt = Date.now();
  const format = formatOf(values.format, ['json', 'text'] as const, 'text');
  const run = runSettings(values, io, { startedAt });
  return withChange({ ...values, example: switchValue('example', values.example) }, async (change) => {
    // Written as they come: a large change's slices are not all held at once.
    const writer = new SliceWriter(format, (text) => io.out(text));
    let sliced;
    try {
      sliced = await slicesOf(
        run,
        { repoDir: change.repo, base: change.base, head: change.head, pr: change.pr, requireChange: change.requireChange },
        (slices) => writer.slices(slices),
      );
    } catch (error) {
      // What was written stays usable: the JSON is closed around it, naming the error.
      writer.fail(error instanceof Error ? error.message : String(error));
      throw error;
    }
    const { stats, incompleteReasons } = sliced;
    writer.end(stats);
    for (const reason of incompleteReasons) io.err(`keybug slice: ${reason}`);
    return EXIT.ok;
  });
}
