import { readFile } from 'node:fs/promises';
import { publishReport, ReportMismatch } from '../../flows/publish-report.js';
import { apiUrlFromEnv, DEFAULT_BOT_LOGIN, GitHubApi, serverUrlFromEnv } from '../../publish/index.js';
import { parseCommandArgs } from '../args.js';
import { nameFlag } from '../naming.js';
import { EXIT, UsageError } from '../errors.js';
import type { CommandIO } from '../io.js';

export const PUBLISH_HELP = `keybug publish --report FILE --repo OWNER/NAME [--pr-number N] [--expect-head SHA] [--github-token TOKEN] [--bot-login LOGIN] [--github-timeout S]

Posts the review stored in a report written by the keybug action: the posting half of the fork-safe
two-workflow pattern (a 'pull_request' job reviews with a read-only token and uploads the report; a
'workflow_run' job with a write token runs this, never checking out or running the PR's code).
  --repo OWNER/NAME   the repository to post on; must be the one the report names
  --pr-number N       the pull request; must be the one the report names (default: the report's; --pr N too)
  --expect-head SHA   refuse unless the report is for this commit (pass workflow_run.head_sha)
  --github-token T    default: GITHUB_TOKEN (--token T too); the API root comes from GITHUB_API_URL (GHES)
  --bot-login LOGIN   the login keybug posts as; only its reviews count as earlier work
                      (default: the token's login as GitHub reports it, e.g. ${DEFAULT_BOT_LOGIN})
  --github-timeout S  timeout of one GitHub API call in seconds (default 30; reads are retried)
The report is untrusted: its texts are sanitized again and its suggestions posted as plain code.
Nothing is posted when the pull request's head moved on since the report was made, when that
commit was already reviewed, or when keybug's earlier reviews cannot be read (exit 4); findings
already posted are not posted again.`;

export async function publishCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values: given } = parseCommandArgs('publish', argv, {
    report: { type: 'string' },
    repo: { type: 'string' },
    pr: { type: 'string' },
    'pr-number': { type: 'string' },
    'expect-head': { type: 'string' },
    token: { type: 'string' },
    'github-token': { type: 'string' },
    'bot-login': { type: 'string' },
    'github-timeout': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (given.help) return (io.out(PUBLISH_HELP + '\n'), EXIT.ok);
  // --pr-number and --github-token are the action's names for --pr and --token.
  for (const [alias, name] of [
    ['pr-number', 'pr'],
    ['github-token', 'token'],
  ] as const) {
    if (given[alias] !== undefined && given[name] !== undefined && given[alias] !== given[name])
      throw new UsageError(`--${alias} and --${name} name the same thing; give one.`);
  }
  const values = { ...given, pr: given.pr ?? given['pr-number'], token: given.token ?? given['github-token'] };
  if (!values.report) throw new UsageError('Missing --report FILE (the JSON report the keybug action wrote).');
  if (!values.repo || !/^[\w.-]+\/[\w.-]+$/.test(values.repo))
    throw new UsageError(`Invalid repository '${values.repo ?? ''}'. Expected format OWNER/NAME (--repo).`);
  if (values.pr !== undefined && !/^[1-9]\d*$/.test(values.pr))
    throw new UsageError(`Invalid pull request number '${values.pr}' for --pr.`);
  const timeout = values['github-timeout'] ?? '30';
  if (!/^[1-9]\d{0,2}$/.test(timeout) || Number(timeout) > 600)
    throw new UsageError(`Invalid value '${timeout}' for --github-timeout: expected a whole number of seconds from 1 to 600.`);
  const token = values.token ?? io.env.GITHUB_TOKEN ?? '';
  if (token === '') throw new UsageError('No token: pass --github-token or set GITHUB_TOKEN (it needs pull-requests: write).');

  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(values.report, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read the report '${values.report}': ${(error as Error).message}`);
  }
  const say = (message: string): void => io.err(`keybug publish: ${message}`);
  const published = await publishReport({
    section: (raw as { publish?: unknown } | null)?.publish,
    repository: values.repo,
    pullNumber: values.pr === undefined ? null : Number(values.pr),
    expectHead: values['expect-head'] ?? null,
    botLogin: values['bot-login'] ?? '',
    serverUrl: serverUrlFromEnv(io.env),
    api: () => GitHubApi.create({ token, apiUrl: apiUrlFromEnv(io.env), timeoutMs: Number(timeout) * 1000, onRetry: say }),
    warn: say,
  }).catch((error: unknown) => {
    throw error instanceof ReportMismatch ? new UsageError(error.describe(nameFlag)) : error;
  });
  switch (published.kind) {
    case 'head-moved':
      say(
        `${values.repo}#${published.ref.number} is now at ${published.headSha}, the report is for ${published.reportHead}; nothing posted (the run for the newer commit will post).`,
      );
      return EXIT.ok;
    case 'state-unknown':
      say(`${published.error.message}; nothing posted, as it could repeat what is already there. Run it again once GitHub answers.`);
      return EXIT.failure;
    case 'already-reviewed':
      say(`${published.headSha} was already reviewed (${published.htmlUrl}); nothing posted.`);
      return EXIT.ok;
    case 'post-failed':
      say(`${published.outcome.error.message}${published.outcome.notes.length ? ` (${published.outcome.notes.join(' ')})` : ''}`);
      return EXIT.failure;
    case 'posted': {
      const { outcome, repeated } = published;
      io.out(
        `Posted review ${outcome.reviewId} with ${outcome.comments} line comment(s)${repeated ? ` (${repeated} already posted earlier, not repeated)` : ''}: ${outcome.htmlUrl}\n`,
      );
      return EXIT.ok;
    }
  }
}
