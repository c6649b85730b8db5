// Releases keybug: checks the tree and the committed bundle, tags vX.Y.Z and moves vX to it.
// Run: npm run release -- X.Y.Z [--push] [--remote origin] [--dry-run]   (docs/releasing.md)
// It refuses a tree with any change or untracked file, a package.json of another version, a tag
// that exists, a version not above the last vX.*.* release, a dist/ that `npm run bundle` changes,
// and a bundle that fails the smoke test (.ci/smoke.sh: both bundles run with no node_modules).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A reason not to release, with what to do about it. */
export class ReleaseRefused extends Error {}

/** [major, minor, patch] of `X.Y.Z`, or null. */
function parseVersion(text) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Checks, builds, checks again, then tags. `bundle` and `check` are the commands that build dist/
 * and test the built bundle (argument lists, run in `cwd`, their output to `output`, a stdio
 * setting); `log` receives each step's line.
 * Returns the tags made and the push commands (run when `push`).
 */
export function release({
  version,
  cwd = root,
  env = process.env,
  push = false,
  remote = 'origin',
  dryRun = false,
  bundle = ['npm', 'run', 'bundle'],
  check = ['bash', '.ci/smoke.sh'],
  log = console.log,
  output = 'inherit',
}) {
  const git = (...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trimEnd();
  const run = (command, what) => {
    log(`$ ${command.join(' ')}`);
    const done = spawnSync(command[0], command.slice(1), { cwd, env, stdio: ['ignore', output, output] });
    if (done.status !== 0)
      throw new ReleaseRefused(`${what} failed (${command.join(' ')}, exit ${done.status ?? done.signal}); nothing was tagged.`);
  };

  const parsed = parseVersion(version ?? '');
  if (parsed === null) throw new ReleaseRefused(`the version must be X.Y.Z, like 1.2.0; got '${version ?? ''}'.`);
  const tag = `v${version}`;
  const major = `v${parsed[0]}`;

  const dirty = git('status', '--porcelain', '--untracked-files=all');
  if (dirty !== '') throw new ReleaseRefused(`the working tree is not clean; commit or remove these first:\n${dirty}`);
  const manifest = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  if (manifest.version !== version) {
    throw new ReleaseRefused(
      `package.json says version ${manifest.version}, not ${version}: run 'npm version ${version} --no-git-tag-version', commit package.json and package-lock.json, and release again.`,
    );
  }
  if (git('tag', '--list', tag) !== '')
    throw new ReleaseRefused(
      `the tag ${tag} exists already (${git('rev-parse', '--short', `${tag}^{commit}`)}); a release is never tagged twice: release the next version.`,
    );
  const released = git('tag', '--list', `${major}.*.*`)
    .split('\n')
    .map((t) => [t, parseVersion(t.slice(1))])
    .filter(([, v]) => v !== null);
  const newest = released.sort((a, b) => compare(b[1], a[1]))[0];
  if (newest !== undefined && compare(parsed, newest[1]) <= 0) {
    throw new ReleaseRefused(`${tag} is not above ${newest[0]}, the newest ${major} release: ${major} would move back.`);
  }

  run(bundle, 'building dist/');
  const stale = git('status', '--porcelain', '--untracked-files=all');
  if (stale !== '') {
    throw new ReleaseRefused(
      `dist/ is stale: the build changed these files; commit them (a 'dist: rebuilt …' commit) and release again:\n${stale}`,
    );
  }
  run(check, 'the bundle smoke test');

  const head = git('rev-parse', 'HEAD');
  const pushes = [
    ['git', 'push', remote, `refs/tags/${tag}`],
    ['git', 'push', '--force', remote, `refs/tags/${major}`],
  ];
  if (dryRun) {
    log(`dry run: would tag ${tag} and move ${major} to ${head.slice(0, 12)}`);
    return { tags: [], head, pushes };
  }
  git('tag', '-a', tag, '-m', `keybug ${tag}`, head);
  git('tag', '-f', '-a', major, '-m', `keybug ${major}: ${tag}`, head);
  log(`tagged ${tag} and moved ${major} to ${head.slice(0, 12)}`);
  if (push) {
    for (const command of pushes) run(command, 'pushing the tags');
  } else {
    log(`to publish:\n${pushes.map((c) => `  ${c.join(' ')}`).join('\n')}`);
  }
  return { tags: [tag, major], head, pushes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const flag = (name) => args.includes(name);
  const remoteAt = args.indexOf('--remote');
  const isRemoteName = (i) => remoteAt >= 0 && i === remoteAt + 1;
  const version = args.find((a, i) => !a.startsWith('--') && !isRemoteName(i));
  const unknown = args.filter((a, i) => a.startsWith('--') && !['--push', '--dry-run', '--remote'].includes(a) && !isRemoteName(i));
  if (unknown.length > 0 || version === undefined) {
    console.error(
      `usage: npm run release -- X.Y.Z [--push] [--remote NAME] [--dry-run]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}`,
    );
    process.exit(2);
  }
  try {
    release({ version, push: flag('--push'), dryRun: flag('--dry-run'), remote: remoteAt >= 0 ? args[remoteAt + 1] : 'origin' });
  } catch (error) {
    if (!(error instanceof ReleaseRefused)) throw error;
    console.error(`release: ${error.message}`);
    process.exit(1);
  }
}
