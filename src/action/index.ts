import { redactProcessOutput } from '../output/redact.js';
import { run } from './main.js';

redactProcessOutput(1);
await run();
