import { diffToJson, renderDiffText } from '../../diff/index.js';
import { diffOf } from '../../flows/diff.js';
import { CHANGE_OPTIONS, formatOf, parseCommandArgs, switchValue } from '../args.js';
import { withChange } from '../change.js';
import { EXIT } from '../errors.js';
import type { CommandIO } from '../io.js';

export const DIFF_HELP = `keybug diff --repo DIR --base REV [--head REV] [--format json|text]

Prints the change between the merge base of BASE and HEAD and HEAD (GitHub's three-dot diff):
every file with its status, both sides' line numbers and the lines a review comment may sit on.`;

export async function diffCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('diff', argv, CHANGE_OPTIONS);
  if (values.help) return (io.out(DIFF_HELP + '\n'), EXIT.ok);
  const format = formatOf(values.format, ['json', 'text'] as const, 'json');
  return withChange({ ...values, example: switchValue('example', values.example) }, async ({ repo, base, head, requireChange }) => {
    const diff = await diffOf({ repoDir: repo, base, head, requireChange }, io.err);
    io.out(format === 'json' ? JSON.stringify(diffToJson(diff), null, 2) + '\n' : renderDiffText(diff));
    return EXIT.ok;
  });
}
