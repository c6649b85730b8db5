import { describe, expect, it } from '@jest/globals';
import { evaluateGate } from '../../src/gate/gate.js';
import { finding } from '../publish/fixtures.js';

const critical = finding({ id: 'c', title: 'Use after free', scores: { substance: 7, reality: 7, severity: 7 } });
const medium = finding({ id: 'm', title: 'Wrong result', line: 9, scores: { substance: 6, reality: 6, severity: 4 } });
const complete = { status: 'complete' as const, incompleteReasons: [] };

describe('merge gate', () => {
  it('blocks on findings at or above fail-on and names each in the reasons', () => {
    const verdict = evaluateGate({ ...complete, findings: [critical, medium] }, { failOn: 'high', failOnIncomplete: true });
    expect(verdict.failed).toBe(true);
    expect(verdict.blocking).toEqual([critical]);
    expect(verdict.reasons).toEqual(["1 finding(s) at or above 'high':", '  - [critical] src/buf.cpp:4 Use after free']);
    expect(evaluateGate({ ...complete, findings: [critical, medium] }, { failOn: 'medium', failOnIncomplete: true }).blocking).toEqual([
      critical,
      medium,
    ]);
  });

  it("never blocks on findings with fail-on 'none', and passes a complete review below the floor", () => {
    expect(evaluateGate({ ...complete, findings: [critical] }, { failOn: 'none', failOnIncomplete: true })).toEqual({
      failed: false,
      blocking: [],
      reasons: [],
    });
    expect(evaluateGate({ ...complete, findings: [medium] }, { failOn: 'critical', failOnIncomplete: true }).failed).toBe(false);
  });

  it('fail-on-incomplete fails an incomplete review with no findings, saying why; off, it passes', () => {
    const incomplete = {
      status: 'incomplete' as const,
      incompleteReasons: ['model endpoint answered 500', 'token budget hit'],
      findings: [],
    };
    const verdict = evaluateGate(incomplete, { failOn: 'none', failOnIncomplete: true });
    expect(verdict.failed).toBe(true);
    expect(verdict.blocking).toEqual([]);
    expect(verdict.reasons).toEqual([expect.stringContaining('model endpoint answered 500; token budget hit')]);
    expect(evaluateGate(incomplete, { failOn: 'none', failOnIncomplete: false }).failed).toBe(false);
    expect(evaluateGate({ ...incomplete, incompleteReasons: [] }, { failOn: 'none', failOnIncomplete: true }).reasons[0]).toContain(
      'see the report',
    );
  });
});
