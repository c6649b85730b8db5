// Benchmark: the review stages against the scripted model server with a fixed latency per call.
// Efficiency = ideal wall time ÷ measured, where the ideal is the lower bound for the call graph at
// the configured concurrency: max(⌈calls ÷ concurrency⌉, longest chain of dependent calls) × latency.
// The server runs in a child process so its own work does not share the review's event loop, as a
// real endpoint would not.
// Run: npm run bench:review [-- --slices 40 --concurrency 8 --reviewers 3 --latency 250] [--summary FILE (the figures as JSON)]
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { reviewSlices } from '../src/review/index.js';
import type { Role } from '../src/types.js';
import { startModelServer } from '../__tests__/servers/model-server.js';
import { makeSlice, testSettings, wellBehaved, type Planned } from '../__tests__/review/helpers.js';

const { values } = parseArgs({
  options: {
    slices: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '8' },
    reviewers: { type: 'string', default: '3' },
    latency: { type: 'string', default: '250' },
    serve: { type: 'boolean', default: false },
    summary: { type: 'string' },
  },
});
const slices = Number(values.slices);
const concurrency = Number(values.concurrency);
const reviewers = Number(values.reviewers);
const latencyMs = Number(values.latency);

// One file per slice with a planted bug every reviewer reports, so every slice runs the whole chain.
const answers: Record<string, Planned[][]> = {};
const input = Array.from({ length: slices }, (_, i) => {
  const file = `src/unit${i}.cpp`;
  answers[file] = [[{ title: `Unchecked index in unit ${i}`, line: 11, quote: 'buf[n] = 0;', category: 'memory', scores: [7, 6, 6] }]];
  return makeSlice(`s${i + 1}`, file, [
    [' ', 10, 'int n = decode(buf);'],
    ['+', 11, 'buf[n] = 0;'],
    [' ', 12, 'return n;'],
  ]);
});

if (values.serve) {
  const server = await startModelServer(wellBehaved(answers), { latencyMs, maxRequests: 100_000 });
  process.send?.(server.url);
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
} else {
  const child = fork(process.argv[1] ?? '', [...process.argv.slice(2), '--serve'], { stdio: 'inherit' });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (message) => resolve(String(message)));
      child.once('exit', (code) => reject(new Error(`the scripted server exited with code ${code}`)));
    });
    const settings = testSettings(url, { concurrency: String(concurrency), reviewers: String(reviewers) });
    const start = performance.now();
    const outcome = await reviewSlices({ slices: input, pr: { title: 'Benchmark', body: '' }, settings });
    const wall = performance.now() - start;

    const byRole = new Map<Role, number>();
    for (const call of outcome.calls) byRole.set(call.role, (byRole.get(call.role) ?? 0) + 1);
    const chain = byRole.size; // reviewer → meta-reviewer → validator (→ translator)
    const ideal = Math.max(Math.ceil(outcome.calls.length / concurrency), chain) * latencyMs;

    console.log(`slices ${slices}, reviewers ${reviewers}, concurrency ${concurrency}, latency ${latencyMs} ms per call`);
    console.log(
      `calls ${outcome.calls.length} (${[...byRole].map(([role, n]) => `${role} ${n}`).join(', ')}), ${outcome.incompleteReasons.length > 0 ? 'incomplete' : 'every slice reviewed'}, findings ${outcome.findings.length}`,
    );
    console.log(`tokens ${outcome.usage.promptTokens} prompt + ${outcome.usage.completionTokens} completion`);
    console.log(`wall ${wall.toFixed(0)} ms, ideal ${ideal} ms, efficiency ${(ideal / wall).toFixed(3)}`);
    // The same bound with the latency the client measured (HTTP and local work included): how
    // close the scheduling itself comes, apart from the overhead of each call on this machine.
    const measured = outcome.calls.reduce((n, c) => n + c.latencyMs, 0) / outcome.calls.length;
    const idealMeasured = (ideal / latencyMs) * measured;
    console.log(`mean call latency ${measured.toFixed(1)} ms, scheduling efficiency ${(idealMeasured / wall).toFixed(3)}`);
    if (values.summary !== undefined) {
      const summary = {
        slices,
        reviewers,
        concurrency,
        latencyMs,
        calls: Object.fromEntries(byRole),
        incompleteReasons: outcome.incompleteReasons,
        promptTokens: outcome.usage.promptTokens,
        completionTokens: outcome.usage.completionTokens,
        wallMs: wall,
        idealMs: ideal,
        meanCallMs: measured,
        efficiency: ideal / wall,
        schedulingEfficiency: idealMeasured / wall,
      };
      writeFileSync(values.summary, JSON.stringify(summary, null, 2) + '\n');
    }
  } finally {
    child.disconnect();
  }
}
