import { describe, expect, it } from '@jest/globals';
import { RecentlyUsed } from '../../src/support/recently-used.js';

const bytes = (n: number): Buffer => Buffer.alloc(n, 0x61);

describe('RecentlyUsed', () => {
  it('lets the least recently used blobs go past its capacity', () => {
    const blobs = new RecentlyUsed<Buffer>(10, (b) => b.length);
    blobs.set('a', bytes(4));
    blobs.set('b', bytes(4));
    expect(blobs.get('a')?.length).toBe(4); // a is now the most recent
    blobs.set('c', bytes(4));
    expect([blobs.get('a')?.length, blobs.get('b'), blobs.get('c')?.length]).toEqual([4, undefined, 4]);
    expect(blobs.size).toBe(8);
  });

  it('keeps no blob larger than its capacity, and counts a blob set again once', () => {
    const blobs = new RecentlyUsed<Buffer>(10, (b) => b.length);
    blobs.set('a', bytes(6));
    blobs.set('a', bytes(6));
    expect(blobs.size).toBe(6);
    blobs.set('huge', bytes(11));
    expect([blobs.get('huge'), blobs.get('a')?.length, blobs.size]).toEqual([undefined, 6, 6]);
    blobs.delete('a');
    blobs.delete('missing');
    expect([blobs.get('a'), blobs.size]).toEqual([undefined, 0]);
  });

  it('sizes values by its measure, and gives a value up when taken', () => {
    const hints = new RecentlyUsed<RegExp>(2, () => 1);
    hints.set('a', /a/);
    hints.set('b', /b/);
    hints.get('a');
    hints.set('c', /c/);
    expect([hints.get('a')?.source, hints.get('b'), hints.get('c')?.source, hints.size]).toEqual(['a', undefined, 'c', 2]);
    expect([hints.take('a')?.source, hints.get('a'), hints.size]).toEqual(['a', undefined, 1]);
    expect(hints.take('missing')).toBeUndefined();
  });
});

describe('RecentlyUsed.getOrKeep, as the pool of filled system messages', () => {
  it('keeps one entry for equal texts built apart, and gives back the same text', () => {
    const pool = new RecentlyUsed<string>(4, () => 1);
    const built = (n: number) => ['You are a reviewer of ', 'C++', ' code — ', String(n)].join('');
    for (let i = 0; i < 100; i++) expect(pool.getOrKeep(built(7), built(7))).toBe('You are a reviewer of C++ code — 7');
    expect(pool.size).toBe(1);
  });

  it('hands back the value already held, not the one offered, and counts it as used', () => {
    const pool = new RecentlyUsed<{ n: number }>(2, () => 1);
    const first = { n: 1 };
    expect(pool.getOrKeep('a', first)).toBe(first);
    expect(pool.getOrKeep('a', { n: 2 })).toBe(first);
    pool.getOrKeep('b', { n: 3 });
    pool.getOrKeep('a', { n: 4 });
    pool.getOrKeep('c', { n: 5 }); // 'b' is the least recently used now
    expect([pool.get('a'), pool.get('b')]).toEqual([first, undefined]);
  });

  it('lets the least recently used go past its capacity, so texts that never repeat do not make it grow', () => {
    const pool = new RecentlyUsed<string>(4, () => 1);
    for (let i = 0; i < 10; i++) expect(pool.getOrKeep(`text ${i}`, `text ${i}`)).toBe(`text ${i}`);
    expect(pool.size).toBeLessThanOrEqual(4);
    expect(pool.size).toBeGreaterThan(0);
  });
});
