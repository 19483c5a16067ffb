import { useCallback, useMemo, useState } from 'react';
import type { QueryAnswer } from '../../core/api/finance';
import { statementWindow } from '../../core/dates';
import { notify } from '../../core/notices';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { useEmit } from '../../ui/element/context';
import { FinanceList } from '../../ui/finance/FinanceList';
import { InvoiceList } from '../../ui/merchant/InvoiceList';
import { BatchPrintButton } from '../../ui/merchant/BatchPrintButton';
import { openPrint, printUrl } from '../../ui/finance/print-links';
import { useT } from '../../ui/i18n';
import { actionsWidth } from '../../ui/merchant/actions-width';
import { FinanceCards } from '../../ui/merchant/FinanceCards';
import { PhoneFilters } from '../../ui/merchant/PhoneFilters';
import { useAcknowledgement } from '../../ui/merchant/useAcknowledgement';
import type { Column } from '../../ui/table/columns';
import { useWindowHeight } from '../../ui/useWindowHeight';
import { useMethod } from '../../ui/useMethod';
import {
  batchKind,
  cardLayouts,
  filterFields,
  kindColumns,
  printTarget,
  statementKinds,
  type Row,
  type StatementKind,
} from './kinds';
import { useLive } from '../../ui/useLive';

const merchantEvents = ['merchant'] as const;

export function StatementList({ kind, tableHeight }: { kind?: string; tableHeight?: number }) {
  const t = useT();
  const mayBatchPrint = useMethod('finance:batchPrint');
  const emit = useEmit();
  const windowHeight = useWindowHeight(136);
  const listKind: StatementKind = statementKinds.includes(kind as StatementKind)
    ? (kind as StatementKind)
    : 'lyfyjsd';
  const [invoiceRow, setInvoiceRow] = useState<Row | null>(null);
  // Whether opening a notice is the caller's confirmation: the server says, with the rows.
  const [acknowledges, setAcknowledges] = useState<boolean | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  // A new statement or notice for this merchant shows without a reload (docs/live.md).
  useLive(merchantEvents, (event) => {
    if (event.kind !== 'merchant' || event.data.what !== 'dunning')
      setRefreshKey((count) => count + 1);
  });
  const onAnswer = useCallback(
    (answer: QueryAnswer<Row> | null) => setAcknowledges(answer?.acknowledges ?? null),
    [],
  );
  const acknowledgement = useAcknowledgement({
    acknowledges: acknowledges === true,
    onChange: () => setRefreshKey((count) => count + 1),
  });

  const defaults = useMemo(() => {
    const window = statementWindow();
    return {
      store: '',
      startMonth: window.startMonth,
      endMonth: window.endMonth,
      contract: '',
      merchant: '',
      brand: '',
    };
  }, []);
  const fields = useMemo(() => filterFields(t), [t]);

  const print = (route: string, params: Record<string, string>) => {
    if (!openPrint(route, params)) notify('warning', t('finance:popupBlocked'));
    else emit('atrium-print-open', { url: printUrl(route, params) });
  };
  /** A fee notice's print view confirms it: the merchant is told first (useAcknowledgement). */
  const printNotice = (row: Row) => {
    const target = printTarget(listKind, row);
    acknowledgement.request(
      String(row.CONFIRM) === '1',
      {
        title: t(`finance:titles.${listKind}`),
        contract: String(row.HTH ?? ''),
        month: String(row.NY ?? ''),
      },
      () => print(target.route, target.params),
    );
  };

  const columns = useMemo<Column<Row>[]>(() => {
    const actions: Column<Row> = {
      key: 'actions',
      title: t('finance:columns.actions'),
      width: actionsWidth(
        listKind === 'fkqkd'
          ? [t('finance:actions.printSettlement'), t('finance:actions.printInvoicing')]
          : [t('finance:actions.print'), t('finance:actions.invoices')],
      ),
      render: (row) => {
        if (listKind === 'fkqkd') {
          return (
            <>
              <Button
                variant="text"
                onClick={() => print('print_fkqkd', printTarget('fkqkd', row).params)}
                data-action="print"
              >
                {t('finance:actions.printSettlement')}
              </Button>
              <Button
                variant="text"
                onClick={() => print('print_kpqrd', printTarget('fkqkd', row).params)}
                data-action="print-invoicing"
              >
                {t('finance:actions.printInvoicing')}
              </Button>
            </>
          );
        }
        return (
          <>
            <Button variant="text" onClick={() => printNotice(row)} data-action="print">
              {t('finance:actions.print')}
            </Button>
            <Button variant="text" onClick={() => setInvoiceRow(row)} data-action="invoices">
              {t('finance:actions.invoices')}
            </Button>
          </>
        );
      },
    };
    // Staff see who of them opened each notice, beside the merchant's own confirmation.
    return [...kindColumns(listKind, t, acknowledges === false), actions];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKind, t, acknowledges]);

  return (
    <>
      <FinanceList<Row>
        key={listKind}
        query={`statement.${listKind}`}
        title={t(`finance:titles.${listKind}`)}
        fields={fields}
        defaults={defaults}
        columns={columns}
        rowKey={(row, index) => String(row.ID ?? row.JLBH ?? index)}
        exportName={t(`finance:titles.${listKind}`)}
        height={tableHeight ?? windowHeight}
        onAnswer={onAnswer}
        refreshKey={refreshKey}
        cardView={(props) => <FinanceCards layout={cardLayouts[listKind]} {...props} />}
        filterFrame={(form, applied, error) => (
          <PhoneFilters fields={fields} applied={applied} form={form} error={error} />
        )}
        actions={({ total, filters }) =>
          listKind === 'fkqkd' || !mayBatchPrint ? null : (
            <BatchPrintButton
              kind={batchKind[listKind]}
              descriptor={{ query: `statement.${listKind}`, filters }}
              disabled={total === 0}
              label={t('finance:actions.batchPrint')}
            />
          )
        }
      />
      {acknowledgement.dialog}
      <Drawer
        open={invoiceRow !== null}
        // Which statement's invoices: the drawer names its contract and month.
        title={
          invoiceRow
            ? t('finance:titles.invoicesOf', {
                contract: String(invoiceRow.HTH ?? ''),
                month: String(invoiceRow.NY ?? ''),
              })
            : t('finance:titles.invoices')
        }
        onClose={() => setInvoiceRow(null)}
      >
        {invoiceRow && (
          <InvoiceList
            vendor={String(invoiceRow.WLDW ?? '')}
            month={String(invoiceRow.NY ?? '')}
            contract={String(invoiceRow.HTH ?? '')}
          />
        )}
      </Drawer>
    </>
  );
}
