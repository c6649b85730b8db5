import type { ModelCall, Usage } from '../../types.js';

/** Totals of the recorded calls, per role, with a cost estimate when a price is configured. */
export function summarizeUsage(calls: readonly ModelCall[], inputPrice: number | null, outputPrice: number | null): Usage {
  const usage: Usage = { calls: 0, promptTokens: 0, completionTokens: 0, costUsd: null, byRole: {} };
  for (const call of calls) {
    // Refused calls were never sent; a call the time limit stopped was sent only if it had started (latency > 0).
    if (call.outcome === 'skipped-budget' || (call.outcome === 'time-limit' && call.latencyMs === 0)) continue;
    usage.calls++;
    usage.promptTokens += call.promptTokens;
    usage.completionTokens += call.completionTokens;
    const role = (usage.byRole[call.role] ??= { calls: 0, promptTokens: 0, completionTokens: 0 });
    role.calls++;
    role.promptTokens += call.promptTokens;
    role.completionTokens += call.completionTokens;
  }
  if (inputPrice !== null || outputPrice !== null) {
    usage.costUsd = (usage.promptTokens * (inputPrice ?? 0) + usage.completionTokens * (outputPrice ?? 0)) / 1_000_000;
  }
  return usage;
}
