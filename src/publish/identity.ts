import { StateReadError, type GitHubApi } from './github.js';

/**
 * keybug's own identity on GitHub. Its hidden markers are trusted only in reviews and comments this
 * login wrote: anyone can paste a marker into a review of their own to fake an earlier pass.
 */

/** The login GitHub gives the workflow token (GITHUB_TOKEN) in REST answers. */
export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';

export interface Identity {
  login: string;
  /** Where the login came from, for the log. */
  source: 'input' | 'token';
}

/**
 * The configured login if any, else the token's own, asked from GitHub. When GitHub cannot say,
 * keybug cannot tell its own reviews from others' (guessing a login could miss them all and post
 * everything again), so that is a StateReadError.
 */
export async function resolveIdentity(api: Pick<GitHubApi, 'viewerLogin'>, configured: string): Promise<Identity> {
  if (configured.trim() !== '') return { login: configured.trim(), source: 'input' };
  try {
    return { login: await api.viewerLogin(), source: 'token' };
  } catch (error) {
    throw new StateReadError(
      `GitHub did not say which login the token acts as: ${(error as Error).message}; setting the bot-login input (e.g. ${DEFAULT_BOT_LOGIN}) avoids this question`,
    );
  }
}

/**
 * Whether `login` (from a REST answer) is `own`. Logins are case-insensitive, and an app's account is
 * `slug[bot]` in REST but may be named `slug` elsewhere; no person can register a login with brackets.
 */
export function isOwnLogin(own: string, login: string | null): boolean {
  if (login === null) return false;
  const a = login.toLowerCase();
  const b = own.toLowerCase();
  return a === b || a === `${b}[bot]`;
}
