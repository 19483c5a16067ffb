import { Worker } from 'node:worker_threads';
import { UserError } from '../errors';
import {
  defaultSpreadsheetLimits,
  SpreadsheetLimit,
  type LimitReason,
  type SpreadsheetLimits,
} from './limits';
import type { Sheet } from './xlsx';

export { defaultSpreadsheetLimits, type SpreadsheetLimits } from './limits';
export type { CellValue, Sheet, SheetRow } from './xlsx';

/**
 * The one way an upload's spreadsheet is read (docs/decisions.md, "Uploads that parse"):
 * on a thread of its own, so the request loop goes on answering while a file is parsed, one
 * file at a time per process, each within the bounds of ./limits.ts and a time limit after
 * which its thread is stopped. A few files wait their turn; past that the caller is told the
 * server is busy.
 */
const maxWaiting = 4;

interface Job {
  bytes: Uint8Array<ArrayBuffer>;
  limits: SpreadsheetLimits;
  resolve(sheet: Sheet): void;
  reject(error: Error): void;
}

type Answer = { sheet: Sheet } | { refused: LimitReason | 'invalid' };

let thread: Worker | null = null;
let running: Job | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const waiting: Job[] = [];

function startThread(): Worker {
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./worker.ts', import.meta.url).href },
    // A file that gets past the byte bounds still cannot take the process's memory.
    resourceLimits: { maxOldGenerationSizeMb: 384 },
  });
  // Only the current thread answers: one stopped for its time has already answered.
  worker.on('message', (answer: Answer) => {
    if (thread === worker) finish(answer);
  });
  // A thread that dies (out of its memory) takes its file with it; the next gets a new one.
  const died = () => {
    if (thread !== worker) return;
    thread = null;
    finish({ refused: 'content' });
  };
  worker.on('error', died);
  worker.on('exit', died);
  return worker;
}

function finish(answer: Answer): void {
  const job = running;
  if (!job) return;
  running = null;
  clearTimeout(timer);
  // An idle parsing thread does not keep the process alive (a busy one does, like a socket).
  if (!waiting.length) thread?.unref();
  if ('sheet' in answer) job.resolve(answer.sheet);
  else if (answer.refused === 'invalid') job.reject(new NotASpreadsheetError());
  else job.reject(new SpreadsheetLimit(answer.refused));
  next();
}

function next(): void {
  if (running) return;
  const job = waiting.shift();
  if (!job) return;
  running = job;
  thread ??= startThread();
  const current = thread;
  current.ref();
  timer = setTimeout(() => {
    // Stopping the thread is the only way to stop a parse; the next file gets a new one.
    thread = null;
    void current.terminate();
    finish({ refused: 'time' });
  }, job.limits.maxMilliseconds);
  current.postMessage({ bytes: job.bytes, limits: job.limits }, [job.bytes.buffer]);
}

/** Thrown for a file that is not an XLSX we can read. */
export class NotASpreadsheetError extends Error {}

/**
 * The first sheet of an uploaded XLSX, read off the request loop within `limits`. Throws
 * SpreadsheetLimit or NotASpreadsheetError; `spreadsheetRefusal` words them for the caller.
 */
export function parseSpreadsheet(
  file: Buffer,
  limits: SpreadsheetLimits = defaultSpreadsheetLimits,
): Promise<Sheet> {
  if (file.length > limits.maxFileBytes) return Promise.reject(new SpreadsheetLimit('content'));
  if (waiting.length >= maxWaiting) return Promise.reject(new SpreadsheetLimit('busy'));
  // A copy of its own, handed over to the thread without another copy.
  const bytes = new Uint8Array(file);
  return new Promise<Sheet>((resolve, reject) => {
    waiting.push({ bytes, limits, resolve, reject });
    next();
  });
}

/** The user's message for a refused file, or undefined for any other error. */
export function spreadsheetRefusal(
  error: unknown,
  limits: SpreadsheetLimits = defaultSpreadsheetLimits,
): UserError | undefined {
  if (error instanceof NotASpreadsheetError)
    return new UserError(400, 'server:spreadsheet.invalid');
  if (!(error instanceof SpreadsheetLimit)) return undefined;
  switch (error.reason) {
    case 'rows':
      return new UserError(400, 'server:spreadsheet.tooManyRows', { max: limits.maxRows });
    case 'time':
      return new UserError(400, 'server:spreadsheet.tooSlow', {
        seconds: Math.round(limits.maxMilliseconds / 1000),
      });
    case 'busy':
      return new UserError(503, 'server:spreadsheet.busy');
    case 'content':
      return new UserError(400, 'server:spreadsheet.tooMuch', {
        size: Math.round(limits.maxFileBytes / 1024 / 1024),
        columns: limits.maxColumns,
      });
  }
}

/** parseSpreadsheet with its refusals as the user's messages. */
export async function readSpreadsheet(
  file: Buffer,
  limits: SpreadsheetLimits = defaultSpreadsheetLimits,
): Promise<Sheet> {
  try {
    return await parseSpreadsheet(file, limits);
  } catch (error) {
    throw spreadsheetRefusal(error, limits) ?? error;
  }
}
