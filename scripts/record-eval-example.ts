// Records again the model answers `keybug eval --example` replays (src/eval/example/recording/),
// from the scripted model server (__tests__/eval/example-model.ts), then replays them to check.
// Run it after changing a prompt, the slicer or the example: npm run eval:record-example
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { exampleModel } from '../__tests__/eval/example-model.js';
import { startModelServer } from '../__tests__/servers/model-server.js';
import { main } from '../src/cli/main.js';
import { EXAMPLE_MODEL } from '../src/eval/example/example.js';

const root = process.env.KEYBUG_SOURCE_ROOT;
if (!root) throw new Error('run this through npm run eval:record-example (scripts/run-ts.mjs sets KEYBUG_SOURCE_ROOT)');
const dir = path.join(root, 'src', 'eval', 'example', 'recording');
const io = {
  out: (text: string) => void process.stdout.write(text),
  err: (text: string) => void process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
  env: {},
};

// The tools setup (the defaults) is recorded in the folder, the slices-only setup of --compare-tools in its slices/.
for (const folder of [dir, path.join(dir, 'slices')])
  if (existsSync(folder)) for (const file of readdirSync(folder)) if (file.endsWith('.jsonl')) rmSync(path.join(folder, file));
const server = await startModelServer(exampleModel());
let code: number;
try {
  // Concurrency 1: the scripted reviewers answer in the order they are asked, so every recording is the same.
  code = await main(
    [
      'eval',
      '--example',
      '--compare-tools',
      '--model',
      EXAMPLE_MODEL,
      '--base-url',
      server.url,
      '--concurrency',
      '1',
      '--record',
      dir,
      '--format',
      'json',
    ],
    { ...io, out: () => undefined },
  );
} finally {
  await server.close();
}
if (code !== 0) throw new Error(`recording the example failed (exit ${code})`);
console.log(`recorded ${server.requests.length} model requests in ${dir}; replaying them:\n`);
process.exitCode = (await main(['eval', '--example', '--sweep'], io)) || (await main(['eval', '--example', '--compare-tools'], io));
