/**
 * makeFolder: folders made as `mkdirSync(dir, { recursive: true })` makes them, and a refusal
 * thrown instead of Node's endless retry (under /proc, run in a child process with a time limit
 * so that a regression fails the test instead of stopping the test worker).
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFolder } from '../../src/support/folders.js';

const withTemp = (work: (dir: string) => void): void => {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-folders-'));
  try {
    work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('makeFolder', () => {
  it('makes every missing folder down to the one asked for, and leaves one that exists as it is', () => {
    withTemp((dir) => {
      const deep = path.join(dir, 'a', 'b', 'c');
      makeFolder(deep);
      expect(statSync(deep).isDirectory()).toBe(true);
      writeFileSync(path.join(deep, 'kept'), 'x');
      makeFolder(deep);
      makeFolder(`${path.relative(process.cwd(), deep)}`);
      expect(existsSync(path.join(deep, 'kept'))).toBe(true);
    });
  });

  it('throws where a file stands in the way', () => {
    withTemp((dir) => {
      writeFileSync(path.join(dir, 'file'), 'x');
      expect(() => makeFolder(path.join(dir, 'file', 'sub'))).toThrow(/ENOTDIR/);
    });
  });

  (existsSync('/proc/self') ? it : it.skip)(
    'throws at once where the file system refuses a folder (/proc), where recursive mkdir never returns',
    () => {
      const module = path.join(import.meta.dirname, '..', '..', 'src', 'support', 'folders.ts');
      const script = `import(${JSON.stringify(module)}).then((m) => { try { m.makeFolder('/proc/keybug-test/cache'); console.log('made'); } catch (e) { console.log('refused', e.code); } });`;
      const run = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.signal).toBeNull();
      expect(run.stdout.trim()).toBe('refused ENOENT');
    },
  );
});
