import type { ModelCall, Usage } from '../../types.js';
import { TOOL_SPECS } from '../tools/specs.js';

/** Tool names counted by name; anything else a model called is counted as 'unknown' (its name is the model's text). */
const TOOL_NAMES = new Set(TOOL_SPECS.map((t) => t.name));

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
    for (const t of call.tools?.calls ?? []) {
      const tools = (usage.tools ??= { calls: 0, answerTokens: 0, byTool: {} });
      tools.calls++;
      tools.answerTokens += t.tokens;
      const name = TOOL_NAMES.has(t.tool) ? t.tool : 'unknown';
      tools.byTool[name] = (tools.byTool[name] ?? 0) + 1;
    }
  }
  if (inputPrice !== null || outputPrice !== null) {
    usage.costUsd = (usage.promptTokens * (inputPrice ?? 0) + usage.completionTokens * (outputPrice ?? 0)) / 1_000_000;
  }
  return usage;
}
