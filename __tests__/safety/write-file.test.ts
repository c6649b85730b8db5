import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LinkRefusedError, writeFileSafely } from '../../src/safety/write-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-write-'));
  dirs.push(dir);
  return dir;
}

describe('writeFileSafely', () => {
  it('writes a new file and replaces an existing one, leaving no temporary file', () => {
    const dir = folder();
    const file = path.join(dir, 'sub', 'report.json');
    writeFileSafely(file, 'one');
    writeFileSafely(file, () => [Buffer.from('tw'), Buffer.from('o')]);
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(path.dirname(file))).toEqual(['report.json']);
  });

  it('refuses a link at the path, live or dangling, naming it, and changes nothing it points at', () => {
    const dir = folder();
    const outside = path.join(folder(), 'outside.txt');
    writeFileSync(outside, 'precious');
    const live = path.join(dir, 'keybug-report.json');
    symlinkSync(outside, live);
    expect(() => writeFileSafely(live, 'report')).toThrow(LinkRefusedError);
    expect(() => writeFileSafely(live, 'report')).toThrow(`refusing to write ${live}: it is a symbolic link (to ${outside})`);
    expect(readFileSync(outside, 'utf8')).toBe('precious');
    const dangling = path.join(dir, 'dangling.json');
    const missing = path.join(path.dirname(outside), 'created.txt');
    symlinkSync(missing, dangling);
    expect(() => writeFileSafely(dangling, 'report')).toThrow(LinkRefusedError);
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses a linked folder on the way below the working directory', () => {
    const dir = folder();
    const outside = folder();
    mkdirSync(path.join(dir, 'real'));
    symlinkSync(outside, path.join(dir, 'out'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(() => writeFileSafely('out/report.json', 'x')).toThrow(`${path.join(dir, 'out')} is a symbolic link`);
      writeFileSafely('real/report.json', 'x');
    } finally {
      process.chdir(cwd);
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(path.join(dir, 'real', 'report.json'), 'utf8')).toBe('x');
  });
});
