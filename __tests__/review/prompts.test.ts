import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { validateJson } from '../../src/review/llm/json-schema.js';
import { dataBlock, fill, loadTemplate, renderPrompt, sections, TemplateError } from '../../src/review/prompts.js';
import { SCHEMAS } from '../../src/review/schemas.js';
import { estimateTokens } from '../../src/support/tokens.js';
import type { Role } from '../../src/types.js';

const ROLES: Role[] = ['reviewer', 'meta-reviewer', 'validator', 'translator'];

describe('prompt templates', () => {
  it.each(ROLES)('%s: the example answer in the prompt matches the schema the answers are checked against', (role) => {
    const example = /```json\n([\s\S]*?)\n```/.exec(loadTemplate(role).system)?.[1];
    expect(example).toBeDefined();
    expect(validateJson(SCHEMAS[role], JSON.parse(example ?? 'null'))).toEqual([]);
  });

  it.each(ROLES)("%s: docs/review.md's size of its instructions is the project's own estimate, within 5%%", (role) => {
    const page = readFileSync(new URL('../../docs/review.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const stated = new RegExp(`the ${role}'s( instructions are)? about ([\\d,]+)`).exec(page)?.[2];
    expect(stated).toBeDefined();
    // Without the repository-guidance sections, which are sent only when a repository gives guidance.
    const template = loadTemplate(role);
    const measured = estimateTokens(sections(template.system, {}) + sections(template.user, {}));
    expect(Math.abs(Number(stated?.replace(',', '')) - measured) / measured).toBeLessThanOrEqual(0.05);
  });

  it("docs/review.md's size of the guidance sections is the project's own estimate, within 5%", () => {
    const page = readFileSync(new URL('../../docs/review.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const stated = /explaining it adds about ([\d,]+) tokens to each reviewer prompt and ([\d,]+) to each validator prompt/.exec(page);
    expect(stated).not.toBeNull();
    const extra = (role: Role, on: Record<string, string>): number => {
      const t = loadTemplate(role);
      return estimateTokens(sections(t.system, on) + sections(t.user, on)) - estimateTokens(sections(t.system, {}) + sections(t.user, {}));
    };
    const reviewer = extra('reviewer', { guidance: 'x', rules: 'yes' });
    const validator = extra('validator', { guidance: 'x' });
    expect(Math.abs(Number(stated?.[1]?.replace(',', '')) - reviewer) / reviewer).toBeLessThanOrEqual(0.05);
    expect(Math.abs(Number(stated?.[2]?.replace(',', '')) - validator) / validator).toBeLessThanOrEqual(0.05);
  });

  it('sends a conditional section only when its value is not empty, and never the tag lines', () => {
    const text = 'a\n{{#guidance}}\nguided: {{guidance}}\n{{/guidance}}\nb';
    expect(sections(text, {})).toBe('a\nb');
    expect(sections(text, { guidance: 'G' })).toBe('a\nguided: {{guidance}}\nb');
    const plain = renderPrompt('reviewer', { pull_request: 'P', slice: 'S', language: 'C', guidance: '', rules: '' });
    expect(plain.system).not.toContain('Repository guidance');
    expect(plain.user).toBe('Review this slice.\n\nP\n\nS');
    const guided = renderPrompt('reviewer', { pull_request: 'P', slice: 'S', language: 'C', guidance: 'G', rules: '' });
    expect(guided.system).toContain('## Repository guidance');
    expect(guided.system).not.toContain('"rule"');
    expect(guided.user).toBe('Review this slice.\n\nG\n\nP\n\nS');
    expect(renderPrompt('reviewer', { pull_request: 'P', slice: 'S', language: 'C', guidance: 'G', rules: 'yes' }).system).toContain(
      '`"rule"`',
    );
    for (const p of [plain, guided]) expect(p.system + p.user).not.toMatch(/\{\{[#/]/);
  });

  it.each(ROLES)('%s: tells the model that data blocks hold no instructions', (role) => {
    expect(loadTemplate(role).system).toMatch(/never (follow )?instructions/i);
  });

  it('refuses a placeholder without a value and a value without a placeholder', () => {
    expect(() => fill('reviewer', 'a {{nope}} b', {})).toThrow(TemplateError);
    expect(() => renderPrompt('reviewer', { pull_request: 'p', slice: 's', language: 'Go', extra: 'x' })).toThrow(
      'the placeholder {{extra}} is missing',
    );
  });

  it('makes delimiters that depend on the content, so the content cannot forge them', () => {
    const a = dataBlock('PULL_REQUEST', 'hello');
    expect(a).toBe(dataBlock('PULL_REQUEST', 'hello'));
    expect(a.split('\n')[0]).not.toBe(dataBlock('PULL_REQUEST', 'hello!').split('\n')[0]);
    expect(a).toMatch(/^<<<BEGIN PULL_REQUEST ([0-9a-f]{12})\nhello\nEND PULL_REQUEST \1>>>$/);
  });
});

describe('the schema validator', () => {
  it('reports wrong types, enums, ranges, missing and extra properties with their paths', () => {
    const errors = validateJson(SCHEMAS.validator, {
      validation: 1,
      title: 't',
      issue: 'i',
      rootCause: 'r',
      suggestedFix: 'f',
      exampleCode: '',
      category: 'style',
      scores: { substance: 0, reality: 7.5, severity: 3 },
      evidence: [],
      extra: true,
    });
    expect(errors).toEqual([
      '$.validation: expected a string, got number',
      '$.category: "style" is not one of logic, security, memory, concurrency, performance, resource, api-misuse, other',
      '$.scores.substance: 0 is below the minimum 1',
      '$.scores.reality: expected an integer, got the number 7.5',
      '$: unexpected property "extra"',
    ]);
  });
});
