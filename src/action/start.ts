// The action itself, loaded by index.ts once the process runs with keybug's heap setting.
import { redactProcessOutput } from '../safety/redact.js';
import { exitIfUnsettled } from '../support/unsettled.js';
import { run } from './main.js';

redactProcessOutput(4);
const done = exitIfUnsettled(4);
await run();
done();
