import { SettingError, type NameSetting } from '../config/naming.js';
import { parseFindingMarker, parseReviewMarker } from '../publish/markers.js';
import {
  parsePublishPayload,
  postReview,
  readPreviousState,
  resolveIdentity,
  reviewOf,
  StateReadError,
  type GitHubApi,
  type PostOutcome,
  type PublishPayload,
  type PullRef,
} from '../publish/index.js';

/**
 * `keybug publish`: posts the review stored in a report by the reviewing half of the fork-safe
 * two-workflow pattern. The report is untrusted: its payload is checked and sanitized again
 * (parsePublishPayload), it must name the repository, pull request and head it is posted on, and
 * nothing is posted when the pull request moved on, when that head was already reviewed, or when
 * keybug's earlier reviews cannot be read; findings already posted are not posted again.
 */

export interface PublishReportSettings {
  /** The `publish` section of the report, as read from the file (checked here). */
  section: unknown;
  /** OWNER/NAME to post on; must be the one the report names. */
  repository: string;
  /** The pull request to post on; must be the one the report names. Null: the report's. */
  pullNumber: number | null;
  /** Refuse unless the report is for this head. Null: any. */
  expectHead: string | null;
  /** The login keybug posts as; '' = the token's. */
  botLogin: string;
  /** The GitHub web root (links in the report's texts may point only at its copy of the repository's files at the report's head). */
  serverUrl: string;
  /** Creates the GitHub client, once the report passed its checks (the token was checked by the shell). */
  api: () => GitHubApi;
  warn: (message: string) => void;
}

/** The report names another repository, pull request or head than the setting given (`repo`, `pr-number`, `expect-head`): nothing is posted. */
export class ReportMismatch extends SettingError {
  constructor(setting: string, value: string, words: (name: NameSetting) => string) {
    super(setting, value, words);
    this.name = 'ReportMismatch';
  }
}

export type PublishReportOutcome =
  | { kind: 'posted'; outcome: Extract<PostOutcome, { kind: 'posted' }>; repeated: number }
  | { kind: 'post-failed'; outcome: Exclude<PostOutcome, { kind: 'posted' }> }
  /** The pull request's head moved on since the report was made; the run for the newer head posts. */
  | { kind: 'head-moved'; ref: PullRef; headSha: string; reportHead: string }
  /** keybug's earlier reviews could not be read: posting could repeat what is there. */
  | { kind: 'state-unknown'; error: StateReadError }
  | { kind: 'already-reviewed'; headSha: string; htmlUrl: string };

export async function publishReport(settings: PublishReportSettings): Promise<PublishReportOutcome> {
  // The report may come from an untrusted fork run: everything it claims is checked before use.
  const payload: PublishPayload = parsePublishPayload(settings.section, settings.serverUrl);
  const { repository, pullNumber, expectHead } = settings;
  if (payload.repository.toLowerCase() !== repository.toLowerCase())
    throw new ReportMismatch('repo', repository, () => `The report is for ${payload.repository}, not ${repository}; nothing posted.`);
  if (pullNumber !== null && pullNumber !== payload.pullNumber)
    throw new ReportMismatch(
      'pr-number',
      String(pullNumber),
      () => `The report is for pull request #${payload.pullNumber}, not #${pullNumber}; nothing posted.`,
    );
  if (expectHead !== null && expectHead !== payload.headSha) {
    throw new ReportMismatch(
      'expect-head',
      expectHead,
      (name) => `The report is for commit ${payload.headSha}, not ${expectHead} (${name('expect-head')}); nothing posted.`,
    );
  }

  const [owner = '', repo = ''] = settings.repository.split('/');
  const ref: PullRef = { owner, repo, number: payload.pullNumber };
  const api = settings.api();
  const pull = await api.getPull(ref);
  if (pull.headSha !== payload.headSha) return { kind: 'head-moved', ref, headSha: pull.headSha, reportHead: payload.headSha };
  let previous;
  try {
    const identity = await resolveIdentity(api, settings.botLogin);
    previous = await readPreviousState(api, ref, identity.login);
  } catch (error) {
    if (!(error instanceof StateReadError)) throw error;
    return { kind: 'state-unknown', error };
  }
  const earlier = reviewOf(previous, payload.headSha);
  // An incomplete earlier review does not stop a complete report from being posted (as in the action).
  if (earlier !== null && (earlier.status === 'complete' || parseReviewMarker(payload.review.body)?.status !== 'complete')) {
    return { kind: 'already-reviewed', headSha: payload.headSha, htmlUrl: earlier.htmlUrl };
  }
  const comments = payload.review.comments.filter((c) => !previous.posted.has(parseFindingMarker(c.body)?.fp ?? ''));
  // The report's links may point only at the repository's files at its head; it builds no suggestion keybug can vouch for.
  const built = { links: [`${settings.serverUrl}/${payload.repository}/blob/${payload.headSha}/`] };
  const outcome = await postReview(api, ref, { ...payload.review, comments }, settings.warn, built);
  if (outcome.kind !== 'posted') return { kind: 'post-failed', outcome };
  return { kind: 'posted', outcome, repeated: payload.review.comments.length - comments.length };
}
