import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assetPath } from '../../support/assets.js';
import { ConfigFileError } from '../../config/file.js';
import { readConfigFile } from '../../config/repository.js';
import { CONFIG_FILES } from '../../config/precedence.js';
import { describeSource, resolveSettings, type EffectiveValue } from '../../config/resolve.js';
import { Git } from '../../git/git.js';
import { listInstructionFiles } from '../../guidance/index.js';
import { estimateTokens } from '../../support/tokens.js';
import { explicitFromFlags, formatOf, inputOptions, parseCommandArgs, settingsFromFlags } from '../args.js';
import { EXIT, UsageError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { nameFlag } from '../naming.js';

export const CONFIG_HELP = `keybug config --check [--repo DIR] [--rev REV] [--format text|json] [--<input> VALUE ...]
keybug config --schema

--check validates the config file of a revision (default HEAD; a review reads the one of its base)
and prints every effective setting with where its value comes from: a flag (or OPENAI_API_KEY,
OPENAI_BASE_URL, KEYBUG_MODEL), the config file and its line, or keybug's default; then the
rules and instructions of the file and the instruction files (AGENTS.md, CLAUDE.md, Copilot's)
with what each applies to. Exit code 2 when the file is invalid, with its line and key.
--schema prints the JSON Schema of the config file (also keybug.schema.json in keybug's repository).
Config files looked for, first found wins: ${CONFIG_FILES.join(', ')}.`;

/** Inputs only the action uses (its token, its pull request, its login): nothing a config check can tell. */
const ACTION_RUN_ONLY = new Set(['github-token', 'pr-number', 'bot-login']);

/**
 * What an empty value does, for the settings whose default is "not set": the table shows what the
 * run would use (the cache folder, the endpoint), not a blank. `index-cache` is worked out per
 * repository (see emptyMeaning).
 */
const WHEN_EMPTY: Record<string, string> = {
  'base-url': 'https://api.openai.com/v1 (OpenAI)',
  model: '(not set: required unless --dry-run)',
  'input-price': '(not set: no cost estimate)',
  'output-price': '(not set: no cost estimate)',
  include: '(every file)',
  exclude: '(nothing)',
  report: '(none; the action: $RUNNER_TEMP/keybug-report.json)',
};

/** What the run uses when a setting is empty, in this repository; null when empty means nothing more than none. */
function emptyMeaning(v: EffectiveValue, git: Git, repo: string): string | null {
  if (v.secret || v.value.trim() !== '') return null;
  if (v.name === 'index-cache') {
    const dir = path.join(git.dir, 'keybug');
    const inside = path.relative(repo, dir);
    return inside.startsWith('..') || path.isAbsolute(inside) ? dir : inside;
  }
  return WHEN_EMPTY[v.name] ?? null;
}

/** A value for one line of the table: secrets hidden, lists on one line, long values shortened. */
function shown(v: EffectiveValue, whenEmpty: string | null): string {
  if (v.secret) return v.value === '' ? '(not set)' : '(set)';
  const flat = v.value
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(', ');
  if (flat === '') return whenEmpty ?? '(none)';
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map(
    (r) =>
      '  ' +
      r
        .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
  );
}

export async function configCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('config', argv, {
    ...inputOptions(),
    check: { type: 'boolean', default: false },
    schema: { type: 'boolean', default: false },
    repo: { type: 'string', default: '.' },
    rev: { type: 'string', default: 'HEAD' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return (io.out(CONFIG_HELP + '\n'), EXIT.ok);
  if (values.schema) {
    io.out(readFileSync(assetPath('schema', 'keybug.schema.json'), 'utf8'));
    return EXIT.ok;
  }
  if (!values.check)
    throw new UsageError("keybug config needs --check (validate and show the effective settings) or --schema. Run 'keybug config --help'.");
  const format = formatOf(values.format, ['text', 'json'] as const, 'text');
  settingsFromFlags(values, io.env);

  // Declared as strings with defaults above; the input flags' record widens the parsed type.
  const repo = path.resolve(String(values.repo));
  const revName = String(values.rev);
  const git = await Git.open(repo);
  try {
    const rev = await git.resolveCommit(revName);
    if (rev === null) throw new UsageError(`The revision '${revName}' is not in ${repo} (--rev).`);
    let read: Awaited<ReturnType<typeof readConfigFile>>;
    let effective: EffectiveValue[];
    try {
      read = await readConfigFile(git, rev);
      effective = resolveSettings(explicitFromFlags(values, io.env), read.file, rev).values.filter((v) => !ACTION_RUN_ONLY.has(v.name));
    } catch (error) {
      // A script asking for JSON gets the problems as data, with the message and exit code a text check gives.
      if (!(error instanceof ConfigFileError) || format !== 'json') throw error;
      io.out(JSON.stringify({ rev, configFile: error.file, valid: false, problems: error.problems }, null, 2) + '\n');
      io.err(`keybug config: ${error.describe(nameFlag)}`);
      return EXIT.usage;
    }
    const { file, ignoredFiles } = read;
    const instructionFiles = await listInstructionFiles(git, rev);

    const guidance = [
      ...(file?.rules ?? []).map((r) => ({
        what: `rule ${r.name}`,
        where: `${file?.path} line ${r.line}`,
        scope: `${r.severity}; ${r.paths.length > 0 ? r.paths.join(', ') : 'every file'}`,
      })),
      ...(file?.pathInstructions ?? []).map((p, i) => ({
        what: `path-instructions[${i}]`,
        where: `${file?.path} line ${p.line}`,
        scope: `${p.paths.join(', ')}; ~${estimateTokens(p.instructions)} tokens`,
      })),
      ...(file?.instructions
        ? [
            {
              what: 'instructions',
              where: `${file.path} line ${file.instructions.line}`,
              scope: `every file; ~${estimateTokens(file.instructions.value)} tokens`,
            },
          ]
        : []),
      ...instructionFiles.files.map((f) => ({ what: f.path, where: 'instruction file', scope: `${f.appliesTo}; ~${f.tokens} tokens` })),
    ];
    if (format === 'json') {
      io.out(
        JSON.stringify(
          {
            rev,
            configFile: file?.path ?? null,
            valid: true,
            ignoredConfigFiles: ignoredFiles,
            settings: effective.map((v) => {
              const means = emptyMeaning(v, git, repo);
              return {
                name: v.name,
                value: v.secret ? (v.value === '' ? null : '(set)') : v.value,
                ...(means === null ? {} : { means }),
                source: v.source,
              };
            }),
            guidance,
            notUsed: instructionFiles.skipped,
          },
          null,
          2,
        ) + '\n',
      );
      return EXIT.ok;
    }
    const out = [`keybug configuration of ${repo} at ${rev.slice(0, 12)} (${values.rev})`, ''];
    out.push(file ? `Config file: ${file.path} — valid.` : `Config file: none (looked for ${CONFIG_FILES.join(', ')}).`);
    for (const other of ignoredFiles) out.push(`  ${other} is not read: only the first file found counts.`);
    out.push('', 'Settings (a flag or its environment variable wins over the config file, which wins over the default):', '');
    out.push(
      ...table([
        ['setting', 'value', 'source'],
        ...effective.map((v) => [v.name, shown(v, emptyMeaning(v, git, repo)), describeSource(v.source)]),
      ]),
    );
    out.push(
      '',
      `Repository guidance (given to the reviewers and the validator as data, at most ${effective.find((v) => v.name === 'instructions-token-budget')?.value ?? ''} tokens per slice, most specific first):`,
      '',
    );
    if (guidance.length === 0) out.push('  none');
    else out.push(...table([['what', 'where', 'applies to'], ...guidance.map((g) => [g.what, g.where, g.scope])]));
    for (const s of instructionFiles.skipped) out.push(`  not used: ${s.path} (${s.reason})`);
    if (effective.find((v) => v.name === 'instruction-files')?.value === 'false')
      out.push("  instruction-files is false: only the config file's rules and instructions are given.");
    io.out(out.join('\n') + '\n');
    return EXIT.ok;
  } finally {
    git.close();
  }
}
