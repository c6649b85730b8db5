import { prepare } from '../../engine/run.js';
import { renderSlicesText, sliceResultToJson } from '../../slicing/index.js';
import { CHANGE_OPTIONS, formatOf, INPUT_OPTIONS, parseCommandArgs, settingsFromFlags } from '../args.js';
import { withChange } from '../change.js';
import { configureChange } from '../configure.js';
import { EXIT } from '../errors.js';
import type { CommandIO } from '../io.js';

export const SLICE_HELP = `keybug slice --repo DIR --base REV [--head REV] [--algorithm A] [--format json|text] [--example]

Shows the code slices a review would send, with no model: for each group of changed statements,
the context the algorithm adds (original-diff, parent-function, left-flow, full-flow), in the
paper's numbered-line format. --example slices the built-in example change.
Also takes --slice-token-budget, --include, --exclude, --skip-generated, --skip-docs and --max-files;
the base revision's config file (.github/keybug.yml) fills what the flags do not set.`;

export async function sliceCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...CHANGE_OPTIONS, ...INPUT_OPTIONS });
  if (values.help) return io.out(SLICE_HELP + '\n'), EXIT.ok;
  const format = formatOf(values.format, ['json', 'text'] as const, 'text');
  settingsFromFlags(values, io.env);
  return withChange(values, async (change) => {
    const { repo, base, head } = change;
    const { settings } = await configureChange(change, values, io);
    // The same diff, file selection and slicing a review runs, with no model.
    const prepared = await prepare({ repoDir: repo, base, head, settings, pr: { title: '', body: '' }, log: io.err });
    const result = { ...prepared.slicing, stats: { ...prepared.slicing.stats, files: prepared.files } };
    io.out(format === 'json' ? JSON.stringify(sliceResultToJson(result), null, 2) + '\n' : renderSlicesText(result));
    return EXIT.ok;
  });
}
