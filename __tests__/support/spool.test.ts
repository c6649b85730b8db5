/**
 * A dry run keeps its slices and prompts in a Spool (a temporary file of JSON lines) and reads them
 * back one at a time: the values come back as written, in any order asked for, and close() removes
 * the file.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Spool } from '../../src/support/spool.js';

const spools = (): Set<string> => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('keybug-spool-')));

describe('a spool', () => {
  it('gives back what was written, by place and in order, and leaves no file once closed', () => {
    const before = spools();
    const spool = new Spool<{ id: string; text: string }>();
    const values = [
      { id: 's1', text: 'int a;\n' },
      { id: 's2', text: 'line\u2028break "quoted" \\ ✓ 🐛' },
      { id: 's3', text: 'x'.repeat(200_000) },
    ];
    expect(values.map((v) => spool.add(v))).toEqual([0, 1, 2]);
    const [made] = [...spools()].filter((name) => !before.has(name));
    expect(made).toBeDefined();
    const file = path.join(tmpdir(), made!, 'values.jsonl');
    // The slices and prompts are the repository's code: readable by the owner only.
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(spool.length).toBe(3);
    expect(spool.get(1)).toEqual(values[1]);
    expect([...spool.values()]).toEqual(values);
    expect([...spool.values([2, 0])]).toEqual([values[2], values[0]]);
    expect(() => spool.get(3)).toThrow(RangeError);
    spool.close();
    spool.close();
    expect(existsSync(path.join(tmpdir(), made!))).toBe(false);
  });
});
