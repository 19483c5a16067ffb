import type { shellCalls } from '../../contract/shell';
import { send } from '../../core/http';
import type { ColumnConfig } from '../../core/api/shell';

/** The column batch merge delay of spec/workflow-office.md section 9. */
export const columnBatchDelayMs = 50;

const maxBatch = 50;

type Waiting = { resolve: (column: ColumnConfig | null) => void; reject: (error: unknown) => void };

let pending = new Map<string, Waiting[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function flush() {
  const batch = pending;
  pending = new Map();
  timer = null;
  try {
    const answer = await send<typeof shellCalls.columns>(
      'portal',
      { method: 'POST', path: '/bpm/haiyaapi/getColumnByAliasBatch' },
      { body: { alias: [...batch.keys()].join(',') } },
      { quiet: true },
    );
    const columns = answer.value ?? [];
    for (const [alias, waiting] of batch) {
      const column = columns.find((candidate) => candidate.alias === alias) ?? null;
      for (const one of waiting) one.resolve(column);
    }
  } catch (error) {
    for (const waiting of batch.values()) for (const one of waiting) one.reject(error);
  }
}

/**
 * menu/getColumnByAliasBatch: asks for a column's config; the asks of the next 50 ms are
 * merged into one request (a whole home page is one call). Null when the alias is unknown.
 */
export function columnByAliasBatched(alias: string): Promise<ColumnConfig | null> {
  return new Promise((resolve, reject) => {
    const waiting = pending.get(alias) ?? [];
    waiting.push({ resolve, reject });
    pending.set(alias, waiting);
    // The server takes 50 aliases a call: a fuller batch goes at once.
    if (pending.size >= maxBatch) {
      if (timer) clearTimeout(timer);
      void flush();
    } else timer ??= setTimeout(() => void flush(), columnBatchDelayMs);
  });
}
