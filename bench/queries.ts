// Benchmark: the fixed cost each language adds to a run before it parses anything — starting the
// tree-sitter runtime, loading the grammar and compiling the pack's two queries — measured as a run
// pays it: in a fresh process per measurement (a compiled query lives in one process's WASM memory
// and cannot be kept across runs).
// Run: npm run bench:queries [-- --runs 5]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { compileQuery, createParser } from '../src/slicing/parser/tree-sitter.js';
import { PACKS, querySource } from '../src/slicing/packs.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, pack: { type: 'string' } } });

if (values.pack !== undefined) {
  // The child: one pack, one line of JSON.
  const pack = PACKS.find((p) => p.id === values.pack);
  if (pack === undefined) throw new Error(`no pack ${values.pack}`);
  const start = performance.now();
  await createParser(pack.grammar);
  const loaded = performance.now();
  await compileQuery(pack.grammar, querySource(pack.queries.structure));
  const structure = performance.now();
  await compileQuery(pack.grammar, querySource(pack.queries.flow));
  const flow = performance.now();
  console.log(JSON.stringify({ load: loaded - start, structure: structure - loaded, flow: flow - structure }));
} else {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of 1 or more; got ${values.runs}`);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `median of ${runs} fresh processes per pack, ms\n| pack | runtime and grammar | structure query | flow query | total |\n| --- | --- | --- | --- | --- |`,
  );
  for (const pack of PACKS) {
    const samples = Array.from({ length: runs }, () => {
      const child = spawnSync(process.execPath, [process.argv[1] ?? '', '--pack', pack.id], { encoding: 'utf8', env: process.env });
      if (child.status !== 0) throw new Error(`measuring ${pack.id} failed (exit ${child.status}): ${child.stderr}`);
      return JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as { load: number; structure: number; flow: number };
    });
    const cells = [
      samples.map((s) => s.load),
      samples.map((s) => s.structure),
      samples.map((s) => s.flow),
      samples.map((s) => s.load + s.structure + s.flow),
    ].map((xs) => median(xs).toFixed(0));
    console.log(`| ${pack.id} | ${cells.join(' | ')} |`);
  }
}
