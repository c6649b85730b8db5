import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigFileError, yamlText } from '../../config/file.js';
import { LEARNINGS_FILE, parseLearnings, readLearningsFile, type LearningsFile } from '../../config/learnings.js';
import { Git } from '../../git/git.js';
import { assetPath } from '../../support/assets.js';
import { formatOf, parseCommandArgs } from '../args.js';
import { EXIT, UsageError } from '../errors.js';
import type { CommandIO } from '../io.js';

export const LEARNINGS_HELP = `keybug learnings --check [--file PATH | --repo DIR --rev REV] [--format text|json]
keybug learnings --schema

--check validates a learnings file (${LEARNINGS_FILE}: what a repository's maintainers
taught keybug, given to the reviewers of the files each entry's paths match) and lists its entries:
the file at PATH (default ${LEARNINGS_FILE} in the current folder), or the one a revision
holds (--rev; a review reads the one of its base). Exit code 2 when it is invalid, with its line and key.
--schema prints its JSON Schema (also keybug-learnings.schema.json in keybug's repository).`;

/** `keybug learnings --check`: the file valid, or each problem with its line and key. */
export async function learningsCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('learnings', argv, {
    check: { type: 'boolean', default: false },
    schema: { type: 'boolean', default: false },
    file: { type: 'string' },
    repo: { type: 'string', default: '.' },
    rev: { type: 'string' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return (io.out(LEARNINGS_HELP + '\n'), EXIT.ok);
  if (values.schema) {
    io.out(readFileSync(assetPath('schema', 'keybug-learnings.schema.json'), 'utf8'));
    return EXIT.ok;
  }
  if (!values.check)
    throw new UsageError(
      "keybug learnings needs --check (validate the file and list its entries) or --schema. Run 'keybug learnings --help'.",
    );
  if (values.file !== undefined && values.rev !== undefined)
    throw new UsageError('keybug learnings --check takes --file or --rev, not both.');
  const format = formatOf(values.format, ['text', 'json'] as const, 'text');
  let where: string;
  let read: () => Promise<LearningsFile | null>;
  if (values.rev !== undefined) {
    const repo = path.resolve(String(values.repo));
    const revName = String(values.rev);
    where = `${LEARNINGS_FILE} at ${revName} of ${repo}`;
    read = async () => {
      const git = await Git.open(repo);
      try {
        const rev = await git.resolveCommit(revName);
        if (rev === null) throw new UsageError(`The revision '${revName}' is not in ${repo} (--rev).`);
        return await readLearningsFile(git, rev);
      } finally {
        git.close();
      }
    };
  } else {
    const file = path.resolve(String(values.file ?? LEARNINGS_FILE));
    where = file;
    read = async () => {
      let text: Buffer;
      try {
        text = readFileSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
      }
      return parseLearnings(yamlText(text, file, '', 'learnings file'), values.file === undefined ? LEARNINGS_FILE : String(values.file));
    };
  }
  let learnings: LearningsFile | null;
  try {
    learnings = await read();
  } catch (error) {
    if (!(error instanceof ConfigFileError) || format !== 'json') throw error;
    io.out(JSON.stringify({ file: where, valid: false, problems: error.problems }, null, 2) + '\n');
    io.err(`keybug learnings: ${error.message}`);
    return EXIT.usage;
  }
  if (learnings === null) {
    if (format === 'json') io.out(JSON.stringify({ file: where, valid: true, learnings: [] }, null, 2) + '\n');
    else
      io.out(
        `No learnings file: ${where} does not exist. keybug adds one through a pull request the first time someone with write access writes '@keybug learn <text>'.\n`,
      );
    return EXIT.ok;
  }
  if (format === 'json') {
    io.out(JSON.stringify({ file: where, valid: true, learnings: learnings.learnings }, null, 2) + '\n');
    return EXIT.ok;
  }
  const lines = [`${where} — valid: ${learnings.learnings.length} learning(s).`, ''];
  for (const l of learnings.learnings) {
    const scope = l.paths.length === 0 ? 'every file' : l.paths.join(', ');
    lines.push(`  line ${l.line}: ${scope}${l.date ? ` · ${l.date}` : ''}`, `    ${l.text.replace(/\s+/g, ' ').trim()}`);
  }
  io.out(lines.join('\n') + '\n');
  return EXIT.ok;
}
