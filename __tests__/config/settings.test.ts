import { describe, expect, it } from '@jest/globals';
import { nameInput } from '../../src/action/inputs.js';
import { nameFlag } from '../../src/cli/naming.js';
import { ConfigError, INPUTS, parseSettings, requireModelSettings } from '../../src/config/inputs.js';
import { severityLevel } from '../../src/config/settings.js';

const from = (values: Record<string, string>) => (name: string) => values[name];

describe('settings', () => {
  it('defaults follow the paper: left-flow, 3 reviewers, thresholds 4, top-5, validator on', () => {
    const s = parseSettings(from({}));
    expect(s).toMatchObject({
      algorithm: 'left-flow',
      reviewers: 3,
      minSubstance: 4,
      minReality: 4,
      topK: 5,
      validator: true,
      requireConsensus: true,
      language: 'English',
      reviewEvent: 'COMMENT',
      failOn: 'none',
      failOnIncomplete: true,
      incremental: true,
      dryRun: false,
    });
  });

  it('reads every value, trims it, and lets per-role models default to the main model', () => {
    const s = parseSettings(
      from({
        model: ' m1 ',
        'validator-model': 'big',
        'top-k': '7',
        include: 'src/**, lib/**\ninclude/**',
        'fail-on': 'HIGH',
        'base-url': 'http://127.0.0.1:8000/v1',
      }),
    );
    expect(s).toMatchObject({
      model: 'm1',
      reviewerModel: 'm1',
      validatorModel: 'big',
      topK: 7,
      include: ['src/**', 'lib/**', 'include/**'],
      failOn: 'high',
      baseUrl: 'http://127.0.0.1:8000/v1',
    });
  });

  it.each([
    ['top-k', '0', 'a whole number from 1 to 100'],
    ['top-k', '2.5', 'a whole number from 1 to 100'],
    ['reviewers', 'three', 'a whole number from 1 to 10'],
    ['temperature', '3', 'a number from 0 to 2'],
    ['validator', 'maybe', 'true or false'],
    ['algorithm', 'whole-repo', 'one of original-diff, parent-function, left-flow, full-flow'],
    ['fail-on', 'blocker', 'one of none, low, medium, high, critical'],
    ['base-url', 'localhost:8000', 'an http:// or https:// URL'],
    ['input-price', '-1', 'a number from 0 to 1000000'],
  ])('rejects %s=%s naming the input, the value and what is allowed', (input, value, expected) => {
    expect(() => parseSettings(from({ [input]: value }))).toThrow(new ConfigError(input, value, expected));
    expect(() => parseSettings(from({ [input]: value }))).toThrow(`Invalid value '${value}' for '${input}': expected ${expected}.`);
  });

  it('carries the setting and the value, and each shell words it its own way', () => {
    const error = new ConfigError('top-k', '0', 'a whole number from 1 to 100');
    expect(error).toMatchObject({ setting: 'top-k', value: '0', expected: 'a whole number from 1 to 100' });
    expect(error.describe(nameInput)).toBe("Invalid value '0' for the 'top-k' input: expected a whole number from 1 to 100.");
    expect(error.describe(nameFlag)).toBe("Invalid value '0' for --top-k: expected a whole number from 1 to 100.");
    expect(new ConfigError('model', '', 'a model name').describe(nameFlag)).toBe(
      'Missing --model (or KEYBUG_MODEL): expected a model name.',
    );
  });

  it('needs a model and a key (or a key-less local endpoint) only when a model is called', () => {
    expect(() => requireModelSettings(parseSettings(from({})))).toThrow("Missing 'model'");
    expect(() => requireModelSettings(parseSettings(from({ model: 'm' })))).toThrow("Missing 'api-key'");
    expect(() => requireModelSettings(parseSettings(from({ model: 'm', 'api-key': 'k' })))).not.toThrow();
    expect(() => requireModelSettings(parseSettings(from({ model: 'm', 'base-url': 'http://127.0.0.1:11434/v1' })))).not.toThrow();
  });

  it('marks the secrets', () => {
    expect(INPUTS.filter((i) => i.secret).map((i) => i.name)).toEqual(['api-key', 'github-token']);
  });

  it('maps severity scores to levels', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(severityLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high', 'critical']);
  });
});
