// The CLI itself, loaded by index.ts once the process runs with keybug's heap setting.
import { redactProcessOutput } from '../safety/redact.js';
import { exitIfUnsettled } from '../support/unsettled.js';
import { main } from './main.js';

redactProcessOutput(4);

const io = {
  out: (text: string) => void process.stdout.write(text),
  err: (text: string) => void process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
  env: process.env,
};

const done = exitIfUnsettled(4);
process.exitCode = await main(process.argv.slice(2), io);
done();
