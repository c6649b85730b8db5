import { describe, expect, it } from '@jest/globals';
import { renderPrompt } from '../../src/review/prompts.js';
import { TextPool } from '../../src/review/text-pool.js';

describe('TextPool', () => {
  it('keeps one entry for equal texts built apart, and gives back the same text', () => {
    const pool = new TextPool(4);
    const built = (n: number) => ['You are a reviewer of ', 'C++', ' code — ', String(n)].join('');
    for (let i = 0; i < 100; i++) expect(pool.keep(built(7))).toBe('You are a reviewer of C++ code — 7');
    expect(pool.size).toBe(1);
  });

  it('starts again past its limit, so texts that never repeat do not make it grow', () => {
    const pool = new TextPool(4);
    for (let i = 0; i < 10; i++) expect(pool.keep(`text ${i}`)).toBe(`text ${i}`);
    expect(pool.size).toBeLessThanOrEqual(4);
    expect(pool.size).toBeGreaterThan(0);
  });
});

describe('renderPrompt with the pool', () => {
  it("fills each call's system message as before: the language still differs, the user message is the slice's own", () => {
    const values = (language: string, slice: string) => ({ pull_request: 'PR', slice, language, guidance: '', rules: '' });
    const cpp1 = renderPrompt('reviewer', values('C++', 'slice one'));
    const cpp2 = renderPrompt('reviewer', values('C++', 'slice two'));
    const go = renderPrompt('reviewer', values('Go', 'slice one'));
    expect(cpp1.system).toBe(cpp2.system);
    expect(cpp1.system).toContain('a senior C++ engineer');
    expect(go.system).toContain('a senior Go engineer');
    expect(go.system).not.toBe(cpp1.system);
    expect([cpp1.user, cpp2.user].map((u) => u.includes('slice one'))).toEqual([true, false]);
  });
});
