import type { ReactNode } from 'react';
import type { QueryDescriptor } from '../../core/api/finance';
import {
  batchBase,
  isPrintKind,
  printParamNames,
  readPrintBatch,
  readPrintView,
  type DunningView,
  type InvoicingView,
  type PrintParams,
  type Row,
  type SettlementView,
  type SinglePrintKind,
} from '../../core/api/print';
import { batchPrintKeys, type BatchPrintKind } from '../../core/print-keys';
import { readStoredJson } from '../../core/storage';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { PrintFrame } from '../../ui/print/PrintFrame';
import { useAsync } from '../../ui/useAsync';
import { Dunning } from './Dunning';
import { FeeNotices } from './FeeNotice';
import { Invoicing } from './Invoicing';
import { OpenedNote } from './Opened';
import { Settlement } from './Settlement';

export interface PrintProps {
  kind?: string;
  jlbh?: string;
  hsfs?: string;
  djbh?: string;
  ny?: string;
  hth?: string;
  recordId?: string;
  printToken?: string;
  /** A batch's list query, given by the page instead of sessionStorage or a print link. */
  descriptor?: QueryDescriptor;
}

/** The element's attributes as the print call's parameters (JLBH, HSFS, DJBH, NY, HTH, ID). */
function paramsOf(kind: SinglePrintKind, props: PrintProps): PrintParams {
  const values: Record<string, string | undefined> = {
    JLBH: props.jlbh,
    HSFS: props.hsfs,
    DJBH: props.djbh,
    NY: props.ny,
    HTH: props.hth,
    ID: props.recordId,
  };
  const params: PrintParams = {};
  for (const name of printParamNames[kind]) {
    const value = values[name];
    if (value) params[name] = value;
  }
  return params;
}

/** The frame with a message instead of a document (loading, an error, nothing to print). */
function StatusFrame({ children, loading }: { children?: ReactNode; loading?: boolean }) {
  const t = useT();
  return (
    <PrintFrame
      sheets={[]}
      paged={false}
      complete={false}
      progress={loading ? { done: 0, total: 0, label: t('print:states.loading') } : undefined}
      status={loading ? null : children}
    />
  );
}

function SinglePrint({
  kind,
  params,
  printToken,
}: {
  kind: SinglePrintKind;
  params: PrintParams;
  printToken: string | undefined;
}) {
  const key = JSON.stringify(params);
  const view = useAsync(() => readPrintView(kind, params, printToken), [kind, key, printToken]);
  if (view.loading) return <StatusFrame loading />;
  if (view.error || !view.data)
    return (
      <StatusFrame>
        <Alert>{view.error?.message}</Alert>
      </StatusFrame>
    );
  const { value, opened } = view.data;
  switch (kind) {
    case 'fkqkd':
      return <Settlement data={value as SettlementView} />;
    case 'kpqrd':
      return <Invoicing data={value as InvoicingView} />;
    case 'shcjftzd': {
      const { record, seal } = value as DunningView;
      return (
        <>
          <OpenedNote opened={opened} kind={kind} rows={[record]} />
          <Dunning records={[record]} seal={seal} batch={false} />
        </>
      );
    }
    default:
      return (
        <>
          <OpenedNote opened={opened} kind={kind} rows={[value as Row]} />
          <FeeNotices kind={kind} rows={[value as Row]} />
        </>
      );
  }
}

function BatchPrint({
  kind,
  descriptor,
  printToken,
}: {
  kind: BatchPrintKind;
  descriptor: QueryDescriptor | undefined;
  printToken: string | undefined;
}) {
  const t = useT();
  // A print link carries its own query; without one the list left it in sessionStorage.
  const query = printToken
    ? null
    : (descriptor ?? readStoredJson<QueryDescriptor>('session', batchPrintKeys[kind]));
  const key = JSON.stringify(query);
  const view = useAsync(
    () =>
      printToken || query
        ? readPrintBatch(kind, query, printToken)
        : Promise.reject(new Error(t('print:states.noDescriptor'))),
    [kind, key, printToken],
  );
  if (view.loading) return <StatusFrame loading />;
  if (view.error || !view.data)
    return (
      <StatusFrame>
        <Alert>{view.error?.message}</Alert>
      </StatusFrame>
    );
  const { value, opened } = view.data;
  if (value.rows.length === 0) {
    return (
      <StatusFrame>
        <Alert tone="info">{t('print:states.empty')}</Alert>
      </StatusFrame>
    );
  }
  return (
    <>
      <OpenedNote opened={opened} kind={`${kind}_all`} rows={value.rows} />
      {kind === 'shcjftzd' ? (
        <Dunning records={value.rows} seal={value.seal} batch />
      ) : (
        <FeeNotices kind={kind} rows={value.rows} />
      )}
    </>
  );
}

/**
 * `<atrium-print kind="…">`: every print view of the spec in one element. The kind picks
 * the document; single kinds take their parameters as attributes, `_all` kinds print the
 * list's query (from a print link, the `descriptor` property or sessionStorage).
 */
export function Print(props: PrintProps) {
  const t = useT();
  const kind = props.kind ?? '';
  if (!isPrintKind(kind)) {
    return (
      <StatusFrame>
        <Alert>{t('print:states.unknownKind', { kind })}</Alert>
      </StatusFrame>
    );
  }
  const printToken = props.printToken || undefined;
  const base = batchBase(kind);
  if (base) {
    return (
      <BatchPrint key={kind} kind={base} descriptor={props.descriptor} printToken={printToken} />
    );
  }
  const single = kind as SinglePrintKind;
  return (
    <SinglePrint
      key={kind}
      kind={single}
      params={paramsOf(single, props)}
      printToken={printToken}
    />
  );
}
