import { configCommand, CONFIG_HELP } from './commands/config.js';
import { diffCommand, DIFF_HELP } from './commands/diff.js';
import { evalCommand, EVAL_HELP } from './commands/eval.js';
import { learningsCommand, LEARNINGS_HELP } from './commands/learnings.js';
import { publishCommand, PUBLISH_HELP } from './commands/publish.js';
import { reviewCommand, REVIEW_HELP } from './commands/review.js';
import { sliceCommand, SLICE_HELP } from './commands/slice.js';
import { INPUTS } from '../config/inputs.js';
import { neutralizeCommands, redact, registerSecret } from '../safety/redact.js';
import { stripControl } from '../safety/sanitize.js';
import { describeError, EXIT } from './errors.js';
import type { CommandIO } from './io.js';

const HELP = `keybug — defect-focused code review of a change: C, C++, Python, JavaScript, TypeScript, Java,
Rust and Go sliced with the context each changed line needs, every other text file from its diff

Usage: keybug <command> [options]

Commands:
  diff      the change between two revisions, with line numbers and commentable lines
  slice     the code slices a review would send (no model)
  review    review the change with an OpenAI-compatible model (--dry-run: print the prompts only)
  publish   post a review from a JSON report to a pull request (the posting half of the fork-safe workflow)
  config    check the config file (.github/keybug.yml) and show every effective setting and its source
  learnings check the learnings file (.github/keybug-learnings.yml) and list its entries
  eval      measure a review setup on past changes with known bugs (KBI, FAR, CPI, LSR per stage)

Run 'keybug <command> --help' for a command's options. Every command reads git objects only and
never touches the working tree, so it works on any two revisions of any clone.

Exit codes: 0 done; 1 the merge gate failed (--fail-on / --fail-on-incomplete); 2 bad usage or input
value; 3 the repository or a revision could not be read; 4 any other failure.

${DIFF_HELP}

${SLICE_HELP}

${REVIEW_HELP}

${PUBLISH_HELP}

${CONFIG_HELP}

${LEARNINGS_HELP}

${EVAL_HELP}
`;

const COMMANDS: Record<string, (argv: string[], io: CommandIO) => Promise<number>> = {
  diff: diffCommand,
  slice: sliceCommand,
  review: reviewCommand,
  publish: publishCommand,
  config: configCommand,
  learnings: learningsCommand,
  eval: evalCommand,
};

/** Environment variables whose values are credentials, masked in everything the CLI prints or writes. */
const SECRET_ENV = ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'GH_TOKEN'];
/** Flags whose values are credentials: every secret input's flag (--api-key, --github-token), and publish's --token. */
const SECRET_FLAGS = [...new Set([...INPUTS.filter((spec) => spec.secret).map((spec) => `--${spec.name}`), '--token'])];

/** Registers the credentials this run was given, from the environment and the command line, for redaction. */
function registerSecrets(argv: string[], env: NodeJS.ProcessEnv): void {
  for (const name of SECRET_ENV) registerSecret(env[name]);
  argv.forEach((arg, i) => {
    for (const flag of SECRET_FLAGS) {
      if (arg === flag) registerSecret(argv[i + 1]);
      else if (arg.startsWith(`${flag}=`)) registerSecret(arg.slice(flag.length + 1));
    }
  });
}

/**
 * Runs the CLI and returns its exit code; errors become one line on stderr. Everything printed is
 * redacted and free of control characters (model, endpoint or pull-request text could carry
 * terminal escape sequences), and under the Actions runner of workflow commands.
 */
export async function main(argv: string[], rawIo: CommandIO): Promise<number> {
  registerSecrets(argv, rawIo.env);
  // Under the Actions runner (a workflow running `keybug publish`, say) what is printed is its log:
  // nothing printed may read as a workflow command there.
  const underRunner = rawIo.env.GITHUB_ACTIONS === 'true';
  const safe = (text: string): string => (underRunner ? neutralizeCommands(stripControl(redact(text))) : stripControl(redact(text)));
  const io: CommandIO = { out: (text) => rawIo.out(safe(text)), err: (text) => rawIo.err(safe(text)), env: rawIo.env };
  const { progress } = rawIo;
  if (progress !== undefined) io.progress = (text) => progress.call(rawIo, safe(text));
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const run = COMMANDS[command];
  if (run === undefined) {
    io.err(`keybug: unknown command '${command}'. Commands: ${Object.keys(COMMANDS).join(', ')}. Run 'keybug --help'.`);
    return EXIT.usage;
  }
  try {
    return await run(rest, io);
  } catch (error) {
    const { code, message } = describeError(error);
    io.err(`keybug ${command}: ${message}`);
    return code;
  }
}
