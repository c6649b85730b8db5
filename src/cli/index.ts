import { runWithHeapFlags } from '../support/heap-flags.js';

// First, before the CLI's modules load: the re-executed process loads them itself.
runWithHeapFlags();
await import('./start.js');
