import { describe, expect, it } from '@jest/globals';
import { RecentBlobs } from '../../src/slicing/recent-blobs.js';

const bytes = (n: number): Buffer => Buffer.alloc(n, 0x61);

describe('RecentBlobs', () => {
  it('lets the least recently used blobs go past its capacity', () => {
    const blobs = new RecentBlobs(10);
    blobs.set('a', bytes(4));
    blobs.set('b', bytes(4));
    expect(blobs.get('a')?.length).toBe(4); // a is now the most recent
    blobs.set('c', bytes(4));
    expect([blobs.get('a')?.length, blobs.get('b'), blobs.get('c')?.length]).toEqual([4, undefined, 4]);
    expect(blobs.bytes).toBe(8);
  });

  it('keeps no blob larger than its capacity, and counts a blob set again once', () => {
    const blobs = new RecentBlobs(10);
    blobs.set('a', bytes(6));
    blobs.set('a', bytes(6));
    expect(blobs.bytes).toBe(6);
    blobs.set('huge', bytes(11));
    expect([blobs.get('huge'), blobs.get('a')?.length, blobs.bytes]).toEqual([undefined, 6, 6]);
    blobs.delete('a');
    blobs.delete('missing');
    expect([blobs.get('a'), blobs.bytes]).toEqual([undefined, 0]);
  });
});
