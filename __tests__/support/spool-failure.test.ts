/**
 * A spool that cannot open its file leaves no folder behind, and a dry-run plan whose second spool
 * cannot be made removes its first: the caller gets nothing to close, so nothing may be left.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import * as fs from 'node:fs';
import * as os from 'node:os';
import path from 'node:path';

/** openSync calls let through before one fails (EMFILE). */
let opensLeft = Number.POSITIVE_INFINITY;
jest.unstable_mockModule('node:fs', () => ({
  ...fs,
  default: fs,
  openSync: (...args: Parameters<typeof fs.openSync>) => {
    if (opensLeft-- <= 0) throw Object.assign(new Error('EMFILE: too many open files, open'), { code: 'EMFILE' });
    return fs.openSync(...args);
  },
}));
// The spools' folder: one of the test's own, not the machine's, where other tests make spools too.
let dir = '';
jest.unstable_mockModule('node:os', () => ({ ...os, default: { ...os, tmpdir: () => dir }, tmpdir: () => dir }));
const { Spool } = await import('../../src/support/spool.js');
const { DryRunPlan } = await import('../../src/engine/dry-run.js');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-failure-'));
});
afterEach(() => {
  opensLeft = Number.POSITIVE_INFINITY;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a spool that cannot be made', () => {
  it('throws and leaves no folder when its file cannot be opened', () => {
    opensLeft = 0;
    expect(() => new Spool()).toThrow('EMFILE');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("in a dry-run plan, removes the plan's first spool when the second fails", () => {
    opensLeft = 1;
    expect(() => new DryRunPlan({} as never, {} as never)).toThrow('EMFILE');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
