import { describe, expect, it } from '@jest/globals';
import { failureReasons } from '../../src/flows/comment-work.js';

describe("resolve's answer when threads could not be resolved", () => {
  it('names each distinct error once, with how many threads it stopped', () => {
    expect(failureReasons(['FORBIDDEN', 'NOT_FOUND', 'FORBIDDEN'])).toBe('FORBIDDEN (2 threads); NOT_FOUND');
  });

  it('names at most three errors, then how many others there were', () => {
    expect(failureReasons(['a', 'b', 'c', 'd', 'e'])).toBe('a; b; c; and 2 other error(s)');
  });
});
