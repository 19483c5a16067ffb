import { $config } from '../config';
import { http, type RequestOptions } from '../http';
import { type BatchPrintKind, type PrintKind, type SinglePrintKind } from '../print-keys';
import type { QueryDescriptor } from './finance';

/**
 * The print views' calls (docs/print.md): one read per kind, a batch read driven by the
 * list's query descriptor, and signed print links. A print view reads with the session, or
 * with the token of a signed link when it has one (a window on another origin, an embed).
 * The kinds themselves live in print-keys.ts, which the host's route table reads too.
 */
export {
  batchBase,
  isPrintKind,
  printKinds,
  singlePrintKinds,
  type PrintKind,
  type SinglePrintKind,
} from '../print-keys';

/** The route parameters of each kind, as the print routes' query strings name them. */
export const printParamNames: Record<SinglePrintKind, readonly string[]> = {
  fkqkd: ['JLBH', 'HSFS'],
  kpqrd: ['JLBH', 'HSFS'],
  yjftzd: ['DJBH', 'NY'],
  lyfyjsd: ['DJBH', 'NY'],
  zlfymxd: ['HTH', 'NY'],
  shcjftzd: ['ID'],
};

export type PrintParams = Record<string, string>;
export type Row = Record<string, string | number | null>;

export interface SettlementView {
  header: Row;
  lines: Row[];
  term: { start: string; end: string };
  date: string;
  totals: { XSJE: number; KKJE: number; YSJE: number };
}

export interface InvoicingView {
  header: Row;
  adjustments: Row;
  contact: { DYR: string; LXDH: string };
  lines: Row[];
  totals: { XSJE: number; KKJE: number };
}

export interface DunningView {
  record: Row;
  seal: string;
}

export interface BatchView {
  rows: Row[];
  total: number;
  seal?: string;
}

const path = (name: string) => `/bpm/${$config.get().product}Script/${name}`;

/**
 * With a print token the request carries it instead of the session; a 401 then is the
 * link's (expired, refused) and must not end the session of this window.
 */
function authOptions(printToken: string | undefined): RequestOptions {
  return printToken ? { token: printToken, keepSessionOn401: true, quiet: true } : { quiet: true };
}

/**
 * What opening a notice did (issue 36): as its merchant, the notices it confirmed (or marked
 * viewed) now; as staff, the views it recorded, and nothing confirmed.
 */
export interface Opened {
  as: 'merchant' | 'staff' | 'both';
  acknowledged: number;
  staffViews: number;
}

/** A print view's document, with what opening it did (notices only). */
export interface PrintAnswer<T> {
  value: T;
  opened?: Opened;
}

export async function readPrintView<T>(
  kind: SinglePrintKind,
  params: PrintParams,
  printToken?: string,
): Promise<PrintAnswer<T>> {
  const { value, opened } = await http.post<PrintAnswer<T>>(
    'bpmRunTime',
    path(`printView/${kind}`),
    params,
    authOptions(printToken),
  );
  return { value, ...(opened ? { opened } : {}) };
}

export async function readPrintBatch(
  kind: BatchPrintKind,
  descriptor: QueryDescriptor | null,
  printToken?: string,
): Promise<PrintAnswer<BatchView>> {
  const { value, opened } = await http.post<PrintAnswer<BatchView>>(
    'bpmRunTime',
    path(`printBatch/${kind}`),
    descriptor ? { descriptor } : {},
    authOptions(printToken),
  );
  return { value, ...(opened ? { opened } : {}) };
}

/** The channel on which a print window tells the lists of this origin what its open did. */
export const printChannel = 'atrium-print';

export interface OpenedMessage {
  type: 'opened';
  kind: string;
  opened: Opened;
}

export interface PrintLink {
  printToken: string;
  expiresAt: string;
}

/** A signed link to one document (params) or to a list's batch (descriptor), for this user. */
export async function requestPrintLink(
  kind: PrintKind,
  target: { params: PrintParams } | { descriptor: QueryDescriptor },
): Promise<PrintLink> {
  const answer = await http.post<{ value: PrintLink }>('bpmRunTime', path('printLink'), {
    kind,
    ...target,
  });
  return answer.value;
}

/** What opening a batch will do: documents it shows, notices it confirms, staff views. */
export interface BatchPreview {
  documents: number;
  toConfirm: number;
  /** Other merchants' notices: opening them records the caller's staff view (issue 36). */
  staffViews: number;
}

/** Asked before a batch print opens (issue 13): reads only, confirms nothing. */
export async function previewBatch(
  kind: BatchPrintKind,
  descriptor: QueryDescriptor,
): Promise<BatchPreview> {
  const answer = await http.post<{ value: BatchPreview }>(
    'bpmRunTime',
    path(`batchPreview/${kind}`),
    { descriptor },
  );
  return answer.value;
}
