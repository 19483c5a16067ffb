import type {
  BatchPreview,
  BatchView,
  Opened,
  ParamName,
  PrintAnswer,
  PrintCalls,
  PrintLink,
  PrintRow,
  PrintView,
} from '../../contract/print';
import { $config } from '../config';
import { send, type RequestOptions } from '../http';
import { type BatchPrintKind, type PrintKind, type SinglePrintKind } from '../print-keys';
import type { QueryDescriptor } from './finance';

/**
 * The print views' calls (docs/print.md): one read per kind, a batch read driven by the
 * list's query descriptor, and signed print links. A print view reads with the session, or
 * with the token of a signed link when it has one (a window on another origin, an embed).
 * Their shapes, the kinds and their parameters are the contract's (src/contract/print.ts);
 * print-keys.ts, which the host's route table reads too, holds the kinds as the browser
 * writes them.
 */
export {
  batchBase,
  isPrintKind,
  printKinds,
  printParamNames,
  singlePrintKinds,
  type PrintKind,
  type SinglePrintKind,
} from '../print-keys';

export type {
  BatchPreview,
  BatchView,
  DunningView,
  InvoicingView,
  Opened,
  PrintAnswer,
  PrintLink,
  SettlementView,
} from '../../contract/print';

export type PrintParams = Record<string, string>;
export type Row = PrintRow;

/** The print calls' prefix: the deployment's product names it. */
const base = () => `/bpm/${$config.get().product}Script` as const;

/**
 * With a print token the request carries it instead of the session; a 401 then is the
 * link's (expired, refused) and must not end the session of this window.
 */
function authOptions(printToken: string | undefined): RequestOptions {
  return printToken ? { token: printToken, keepSessionOn401: true, quiet: true } : { quiet: true };
}

/**
 * A kind's parameters as its view call takes them: optional text, named by the contract's
 * `kindParams`, which builds the call's body too. Mapped here rather than read with BodyOf:
 * for a kind not yet known BodyOf stays unresolved, and the overloads below cannot relate it.
 */
export type PrintParamsOf<K extends SinglePrintKind> = { [N in ParamName<K>]?: string };

/** A kind's document, typed as that kind's (`fkqkd`: the settlement statement). */
export function readPrintView<K extends SinglePrintKind>(
  kind: K,
  params: PrintParamsOf<K>,
  printToken?: string,
): Promise<PrintAnswer<PrintView<K>>>;
// Implemented for any kind: the answer's type cannot be read from a kind not yet known.
export async function readPrintView(
  kind: SinglePrintKind,
  params: Partial<PrintParams>,
  printToken?: string,
): Promise<PrintAnswer<PrintView<SinglePrintKind>>> {
  const { value, opened } = await send<PrintCalls['view'][SinglePrintKind]>(
    'bpmRunTime',
    { method: 'POST', path: `${base()}/printView/${kind}` },
    { body: params },
    authOptions(printToken),
  );
  return { value, ...(opened ? { opened } : {}) };
}

export async function readPrintBatch(
  kind: BatchPrintKind,
  descriptor: QueryDescriptor | null,
  printToken?: string,
): Promise<PrintAnswer<BatchView>> {
  const { value, opened } = await send<PrintCalls['batch'][BatchPrintKind]>(
    'bpmRunTime',
    { method: 'POST', path: `${base()}/printBatch/${kind}` },
    { body: descriptor ? { descriptor: { ...descriptor } } : {} },
    authOptions(printToken),
  );
  return { value, ...(opened ? { opened } : {}) };
}

/** The channel on which a print window tells the lists of this origin what its open did. */
export const printChannel = 'atrium-print';

/**
 * What a print window posts on `printChannel` to the lists of its origin (a BroadcastChannel
 * message between windows, not a wire type); `opened` is the view call's own.
 */
export interface OpenedMessage {
  type: 'opened';
  kind: string;
  opened: Opened;
}

/** A signed link to one document (params) or to a list's batch (descriptor), for this user. */
export async function requestPrintLink(
  kind: PrintKind,
  target: { params: PrintParams } | { descriptor: QueryDescriptor },
): Promise<PrintLink> {
  const body =
    'params' in target ? { kind, ...target } : { kind, descriptor: { ...target.descriptor } };
  const answer = await send<PrintCalls['link']>(
    'bpmRunTime',
    { method: 'POST', path: `${base()}/printLink` },
    { body },
  );
  return answer.value;
}

/** Asked before a batch print opens (issue 13): reads only, confirms nothing. */
export async function previewBatch(
  kind: BatchPrintKind,
  descriptor: QueryDescriptor,
): Promise<BatchPreview> {
  const answer = await send<PrintCalls['preview'][BatchPrintKind]>(
    'bpmRunTime',
    { method: 'POST', path: `${base()}/batchPreview/${kind}` },
    { body: { descriptor: { ...descriptor } } },
  );
  return answer.value;
}
