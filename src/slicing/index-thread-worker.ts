// The entry of the word index's thread (see index-thread.ts): builds the index its job asks for and
// hands the arrays over to the thread that started it.
import { parentPort, workerData } from 'node:worker_threads';
import { runIndexJob, transferablesOf, type IndexJob } from './index-thread.js';

const reply = await runIndexJob(workerData as IndexJob);
parentPort?.postMessage(reply, transferablesOf(reply));
