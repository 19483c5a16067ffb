import { http, type CommonResult } from '../http';
import { $config } from '../config';

/**
 * The generic query call: `param` is base64 of a JSON descriptor naming a query the server
 * knows. The server applies the filters and the caller's scope; no SQL ever leaves the browser.
 */
export interface QueryDescriptor {
  query: string;
  filters?: Record<string, string>;
  page?: { page: number; pageSize: number };
  sort?: { field: string; direction: 'asc' | 'desc' }[];
}

export interface QueryAnswer<Row> {
  state: boolean;
  result: Row[];
  total: number;
  page: number;
  pageSize: number;
  summary?: Record<string, number>;
  permissions?: { canAdd: boolean; canEdit: boolean };
}

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
  const answer = await http.get<QueryAnswer<Row>>(
    'bpmRunTime',
    `/bpm/${$config.get().product}Script/executeSql`,
    { param: encodeDescriptor(descriptor) },
    signal ? { signal } : {},
  );
  // The spec: results are used only when the row list is non-empty.
  return { ...answer, result: Array.isArray(answer.result) ? answer.result : [] };
}

export interface Invoice {
  f_pp: string;
  f_kpny: string;
  f_fyxm: string;
  f_fyje: number;
  f_pdfwj: string;
  f_xmlwj: string;
  f_ofdwj: string;
}

/** The invoices of one month of one contract; `message` is set when there are none. */
export async function invoicesOf(query: {
  ghdwdm: string;
  kpny: string;
  hth: string;
}): Promise<{ invoices: Invoice[]; message: string }> {
  const answer = await http.post<{ code: number; data?: Invoice[]; message?: string }>(
    'bpmRunTime',
    '/bpm/haiyaapi/getKpmxqk',
    query,
    {
      quiet: true,
    },
  );
  if (answer.code === 500 || !answer.data?.length)
    return { invoices: [], message: answer.message ?? '' };
  return { invoices: answer.data, message: '' };
}

export type { CommonResult };
