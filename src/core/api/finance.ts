import type { AnswerOf, BodyOf } from '../../contract/call';
import type { ExportBody, FinanceCalls, Invoice, QueryDescriptor } from '../../contract/finance';
import { send, streamRequest, type CommonResult } from '../http';
import { $config } from '../config';

/**
 * The generic query call: `param` is base64 of a JSON descriptor naming a query the server
 * knows (the contract's `queryDescriptor`). The server applies the filters and the caller's
 * scope; no SQL ever leaves the browser.
 */
export type { QueryDescriptor };

/** A query's answer, its rows read as the list's own Row (they are records keyed by column). */
export type QueryAnswer<Row> = Omit<AnswerOf<FinanceCalls['query']>, 'result'> & { result: Row[] };

/** base64 of the UTF-8 JSON (btoa alone cannot take Chinese text). */
export function encodeDescriptor(descriptor: QueryDescriptor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(descriptor));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function runQuery<Row>(
  descriptor: QueryDescriptor,
  signal?: AbortSignal,
): Promise<QueryAnswer<Row>> {
  const answer = await send<FinanceCalls['query']>(
    'bpmRunTime',
    { method: 'GET', path: `/bpm/${$config.get().product}Script/executeSql` },
    { query: { param: encodeDescriptor(descriptor) } },
    signal ? { signal } : {},
  );
  // The spec: results are used only when the row list is non-empty. Each list names its row.
  return { ...answer, result: (Array.isArray(answer.result) ? answer.result : []) as Row[] };
}

/** A column of an export, as exportSql takes it. */
export type ExportColumn = ExportBody['columns'][number];

/** How far an export has come, as the browser counts it while the file arrives (not sent). */
export interface ExportProgress {
  /** Rows the file holds (the server counts them before writing). */
  total: number;
  /** Rows received so far (CSV), or null where the format does not show it (XLSX). */
  rows: number | null;
  bytes: number;
}

/** Counts CSV records as they arrive: line ends outside quotes. */
function csvCounter() {
  let quoted = false;
  let lines = 0;
  return (chunk: string) => {
    for (let i = 0; i < chunk.length; i++) {
      const char = chunk.charCodeAt(i);
      if (char === 34) quoted = !quoted;
      else if (char === 10 && !quoted) lines++;
    }
    return lines;
  };
}

const fileNameOf = (disposition: string | null, fallback: string) => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
};

/** What an export asks for: exportSql's body with its descriptor as it is, not yet base64. */
export type ExportRequest = Omit<ExportBody, 'param'> & { descriptor: QueryDescriptor };

/** exportSql's body: the descriptor as base64 `param`, the rest as given. */
function exportBodyOf(request: ExportRequest): ExportBody {
  const { format, title, columns } = request;
  return { param: encodeDescriptor(request.descriptor), format, title, columns };
}

/**
 * Every row of a query as the server writes it (streamed CSV or XLSX), with progress. The
 * rows are never parsed here: the bytes go into a Blob (which the browser may keep on
 * disk) and the file is saved as the server names it, with the row count.
 */
export async function exportQuery(
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string; total: number }> {
  const response = await streamRequest(
    'bpmRunTime',
    `/bpm/${$config.get().product}Script/exportSql`,
    exportBodyOf(request),
    signal,
  );
  const total = Number(response.headers.get('x-total-count') ?? 0);
  const parts: BlobPart[] = [];
  const count = csvCounter();
  const decoder = new TextDecoder();
  let bytes = 0;
  let rows: number | null = request.format === 'csv' ? 0 : null;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    // The header line is not a row.
    if (rows !== null) rows = Math.max(0, count(decoder.decode(value, { stream: true })) - 1);
    onProgress({ total, rows: rows === null ? null : Math.min(rows, total), bytes });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(parts, { type }),
    fileName: fileNameOf(
      response.headers.get('content-disposition'),
      `${request.title}.${request.format}`,
    ),
    total,
  };
}

export type { Invoice } from '../../contract/finance';

/** The invoices of one month of one contract; `message` is set when there are none. */
export async function invoicesOf(
  query: BodyOf<FinanceCalls['invoices']>,
): Promise<{ invoices: Invoice[]; message: string }> {
  const answer = await send<FinanceCalls['invoices']>(
    'bpmRunTime',
    { method: 'POST', path: '/bpm/haiyaapi/getKpmxqk' },
    { body: query },
    { quiet: true },
  );
  if (answer.code === 500) return { invoices: [], message: answer.message };
  return { invoices: answer.data, message: '' };
}

export type { CommonResult };
