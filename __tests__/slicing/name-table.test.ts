import { describe, expect, it } from '@jest/globals';
import { NameTable } from '../../src/slicing/name-table.js';

const bytesOf = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('NameTable', () => {
  it('gives each distinct name one id, in the order first seen, across growth and rehashing', () => {
    const table = new NameTable();
    // Enough names, long enough, to grow every array of the table several times.
    const names = Array.from({ length: 40_000 }, (_, i) => `name_${(i * 7919) % 40_000}_${'x'.repeat(i % 37)}`);
    const text = bytesOf(names.join(' '));
    const ids: number[] = [];
    let at = 0;
    for (const name of names) {
      ids.push(table.intern(text, at, at + name.length, Number.MAX_SAFE_INTEGER));
      at += name.length + 1;
    }
    expect(ids).toEqual(names.map((_, i) => i));
    expect(table.size).toBe(names.length);
    // Seen again, from another buffer: the same ids, nothing added.
    expect(names.map((n) => table.intern(bytesOf(` ${n} `), 1, n.length + 1, Number.MAX_SAFE_INTEGER))).toEqual(ids);
    expect(names.map((n) => table.find(n))).toEqual(ids);
    expect(table.size).toBe(names.length);
  });

  it('tells names that share a prefix, a hash slot or a length apart, and finds nothing it was not given', () => {
    const table = new NameTable();
    const names = ['a', 'ab', 'abc', 'ba', 'Ab', '_a', 'a_', 'abd'];
    for (const n of names) table.intern(bytesOf(n), 0, n.length, 100);
    expect(names.map((n) => table.find(n))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(['', 'abcd', 'A', 'b', 'abe'].map((n) => table.find(n))).toEqual([-1, -1, -1, -1, -1]);
  });

  it('adds nothing past its limit but still finds what it holds', () => {
    const table = new NameTable();
    expect(table.intern(bytesOf('kept'), 0, 4, 1)).toBe(0);
    expect(table.intern(bytesOf('new'), 0, 3, 1)).toBe(-1);
    expect(table.intern(bytesOf('kept'), 0, 4, 1)).toBe(0);
    expect([table.find('new'), table.size]).toEqual([-1, 1]);
  });
});
