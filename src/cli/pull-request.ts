import { Git } from '../git/git.js';
import type { PullRef } from '../publish/index.js';
import { UsageError } from './errors.js';

/**
 * The pull request `--pr-number` names: on the repository GITHUB_REPOSITORY names (as on a runner),
 * else the one the clone's `origin` points at (https://host/OWNER/NAME, git@host:OWNER/NAME.git ...).
 */
export async function pullRequestOf(repoDir: string, number: string, env: NodeJS.ProcessEnv): Promise<PullRef> {
  if (!/^[1-9]\d{0,9}$/.test(number))
    throw new UsageError(`Invalid value '${number}' for --pr-number: expected a pull request number such as 42.`);
  let slug = env.GITHUB_REPOSITORY ?? '';
  if (slug === '') {
    const url = await (await Git.open(repoDir)).remoteUrl('origin');
    slug = /[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url ?? '')?.[1] ?? '';
    if (slug === '')
      throw new UsageError(
        `Cannot tell which repository pull request #${number} belongs to: set GITHUB_REPOSITORY=OWNER/NAME, or run in a clone whose origin is that repository${url ? ` (origin is ${url})` : ''}.`,
      );
  }
  const [owner = '', repo = ''] = slug.split('/');
  if (!/^[\w.-]+$/.test(owner) || !/^[\w.-]+$/.test(repo))
    throw new UsageError(`Invalid repository '${slug}' in GITHUB_REPOSITORY: expected OWNER/NAME.`);
  return { owner, repo, number: Number(number) };
}
