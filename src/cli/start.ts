// The CLI itself, loaded by index.ts once the process runs with keybug's heap setting.
import { createLogUpdate } from 'log-update';
import { redactProcessOutput } from '../safety/redact.js';
import { exitIfUnsettled } from '../support/unsettled.js';
import type { CommandIO } from './io.js';
import { main } from './main.js';

redactProcessOutput(4);

const line = (text: string): string => (text.endsWith('\n') ? text : text + '\n');

/**
 * Progress on a terminal is one line that each new one replaces (log-update); any other line on
 * stderr clears it first. Piped, redirected or under CI, progress lines are plain lines like the rest.
 */
function terminalIo(): CommandIO {
  const interactive = process.stderr.isTTY === true && !process.env.CI && process.env.TERM !== 'dumb';
  if (!interactive)
    return { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(line(text)), env: process.env };
  const status = createLogUpdate(process.stderr, { showCursor: true });
  let shown = false;
  const clear = (): void => {
    if (shown) status.clear();
    shown = false;
  };
  process.on('exit', clear);
  return {
    out: (text) => {
      clear();
      process.stdout.write(text);
    },
    err: (text) => {
      clear();
      process.stderr.write(line(text));
    },
    progress: (text) => {
      status(text);
      shown = true;
    },
    env: process.env,
  };
}

const done = exitIfUnsettled(4);
process.exitCode = await main(process.argv.slice(2), terminalIo());
done();
