/**
 * What a chain of calls stands for is worked out once per changed statement, through the variables
 * that start it (`const d = c.max(1)`), at most a few variables deep: a chain first met that deep
 * (and cut there) is not cut when the statement names it directly.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildFixture, sliceAt, type Fixture } from './fixtures.js';
import type { SliceResult } from '../../src/slicing/index.js';

const SCHEMA = [
  'export interface Result {',
  '  success: boolean;',
  '}',
  'export interface Str {',
  '  max(n: number): this;',
  '  parse(x: unknown): Result;',
  '}',
  'export function str(): Str {',
  '  return {} as Str;',
  '}',
  '',
].join('\n');

const use = (changed: boolean): string =>
  [
    "import * as s from './schema';",
    '',
    'const e = s.str();',
    'const d = e.max(1);',
    'const c = d.max(1);',
    'const b = c.max(1);',
    'const a = b.max(1);',
    'export function run(x: unknown) {',
    `  return ${changed ? '[a.parse(x).success, e.parse(x).success]' : '[]'};`,
    '}',
    '',
  ].join('\n');

describe('a chain named directly after it was met through variables, deeper than they are followed', () => {
  let fixture: Fixture;
  let result: SliceResult;
  beforeAll(async () => {
    fixture = buildFixture({ 'src/schema.ts': SCHEMA, 'src/use.ts': use(false) }, { 'src/use.ts': use(true) });
    result = await fixture.slice('full-flow', undefined, { explain: true });
  });
  afterAll(() => fixture.repo.cleanup());

  it("full-flow: the field of the directly named chain's result type is shown", () => {
    const shown = (sliceAt(result, 'src/use.ts', 9).resolutions ?? [])
      .filter((r) => r.name === 'success')
      .flatMap((r) => r.definitions.map((d) => `${d.file}:${d.startLine}`));
    expect(shown).toContain('src/schema.ts:2');
  });
});
