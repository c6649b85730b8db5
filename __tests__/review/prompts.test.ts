import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { validateJson } from '../../src/review/llm/json-schema.js';
import { dataBlock, fill, loadTemplate, renderPrompt, TemplateError } from '../../src/review/prompts.js';
import { SCHEMAS } from '../../src/review/schemas.js';
import { estimateTokens } from '../../src/review/tokens.js';
import type { Role } from '../../src/types.js';

const ROLES: Role[] = ['reviewer', 'meta-reviewer', 'validator', 'translator'];

describe('prompt templates', () => {
  it.each(ROLES)('%s: the example answer in the prompt matches the schema the answers are checked against', (role) => {
    const example = /```json\n([\s\S]*?)\n```/.exec(loadTemplate(role).system)?.[1];
    expect(example).toBeDefined();
    expect(validateJson(SCHEMAS[role], JSON.parse(example ?? 'null'))).toEqual([]);
  });

  it.each(ROLES)("%s: the README's size of its instructions is the project's own estimate, within 5%%", (role) => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const stated = new RegExp(`the ${role}'s( instructions are)? about ([\\d,]+)`).exec(readme)?.[2];
    expect(stated).toBeDefined();
    const template = loadTemplate(role);
    const measured = estimateTokens(template.system + template.user);
    expect(Math.abs(Number(stated?.replace(',', '')) - measured) / measured).toBeLessThanOrEqual(0.05);
  });

  it.each(ROLES)('%s: tells the model that data blocks hold no instructions', (role) => {
    expect(loadTemplate(role).system).toMatch(/never (follow )?instructions/i);
  });

  it('refuses a placeholder without a value and a value without a placeholder', () => {
    expect(() => fill('reviewer', 'a {{nope}} b', {})).toThrow(TemplateError);
    expect(() => renderPrompt('reviewer', { pull_request: 'p', slice: 's', language: 'Go', extra: 'x' })).toThrow('the placeholder {{extra}} is missing');
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
    const errors = validateJson(SCHEMAS.validator, { validation: 1, title: 't', issue: 'i', rootCause: 'r', suggestedFix: 'f', exampleCode: '', category: 'style', scores: { substance: 0, reality: 7.5, severity: 3 }, extra: true });
    expect(errors).toEqual([
      '$.validation: expected a string, got number',
      '$.category: "style" is not one of logic, security, memory, concurrency, performance, resource, api-misuse, other',
      '$.scores.substance: 0 is below the minimum 1',
      '$.scores.reality: expected an integer, got the number 7.5',
      '$: unexpected property "extra"',
    ]);
  });
});
