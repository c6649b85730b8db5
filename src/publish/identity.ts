import type { GitHubApi } from './github.js';

/**
 * keybug's own identity on GitHub. Its hidden markers are trusted only in reviews and comments this
 * login wrote: anyone can paste a marker into a review of their own to fake an earlier pass.
 */

/** The login GitHub gives the workflow token (GITHUB_TOKEN) in REST answers. */
export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';

export interface Identity {
  login: string;
  /** Where the login came from, for the log. */
  source: 'input' | 'token' | 'default';
}

/** The configured login if any, else the token's own (asked from GitHub), else the workflow token's. */
export async function resolveIdentity(api: Pick<GitHubApi, 'viewerLogin'>, configured: string, warn: (message: string) => void): Promise<Identity> {
  if (configured.trim() !== '') return { login: configured.trim(), source: 'input' };
  try {
    return { login: await api.viewerLogin(), source: 'token' };
  } catch (error) {
    warn(`keybug could not ask GitHub which login its token acts as (${(error as Error).message}); it trusts only markers posted by ${DEFAULT_BOT_LOGIN}. Set the bot-login input if it posts as someone else.`);
    return { login: DEFAULT_BOT_LOGIN, source: 'default' };
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
