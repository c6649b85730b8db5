import { describe, expect, it } from '@jest/globals';
import { renderPrompt } from '../../src/review/prompts.js';

describe('renderPrompt with the held system messages', () => {
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
