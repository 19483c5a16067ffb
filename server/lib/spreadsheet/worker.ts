import { parentPort } from 'node:worker_threads';
import { SpreadsheetLimit, type SpreadsheetLimits } from './limits';
import { readXlsx } from './xlsx';

/**
 * The parsing thread: reads one file at a time and answers its rows, or why it was refused.
 * Anything other than a bound is a file we cannot read: the input is the only thing that
 * varies here.
 */
export interface ParseJob {
  bytes: Uint8Array;
  limits: SpreadsheetLimits;
}

parentPort!.on('message', async (job: ParseJob) => {
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    parentPort!.postMessage({ sheet: await readXlsx(bytes, job.limits) });
  } catch (error) {
    parentPort!.postMessage({
      refused: error instanceof SpreadsheetLimit ? error.reason : 'invalid',
    });
  }
});
