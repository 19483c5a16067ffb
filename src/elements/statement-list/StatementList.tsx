import { useMemo, useState } from 'react';
import { statementWindow } from '../../core/dates';
import { notify } from '../../core/notices';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { useEmit } from '../../ui/element/context';
import { FinanceList } from '../../ui/finance/FinanceList';
import { InvoiceList } from '../../ui/finance/InvoiceList';
import { BatchPrintButton } from '../../ui/finance/BatchPrintButton';
import { openPrint, printUrl } from '../../ui/finance/print-links';
import { useT } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import { useWindowHeight } from '../../ui/useWindowHeight';
import { useMethod } from '../../ui/useMethod';
import {
  batchKind,
  filterFields,
  kindColumns,
  printTarget,
  statementKinds,
  type Row,
  type StatementKind,
} from './kinds';

export function StatementList({ kind, tableHeight }: { kind?: string; tableHeight?: number }) {
  const t = useT();
  const mayBatchPrint = useMethod('finance:batchPrint');
  const emit = useEmit();
  const windowHeight = useWindowHeight(136);
  const listKind: StatementKind = statementKinds.includes(kind as StatementKind)
    ? (kind as StatementKind)
    : 'lyfyjsd';
  const [invoiceRow, setInvoiceRow] = useState<Row | null>(null);

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

  const print = (route: string, params: Record<string, string>) => {
    if (!openPrint(route, params)) notify('warning', t('finance:popupBlocked'));
    else emit('atrium-print-open', { url: printUrl(route, params) });
  };

  const columns = useMemo<Column<Row>[]>(() => {
    const actions: Column<Row> = {
      key: 'actions',
      title: t('finance:columns.actions'),
      width: listKind === 'fkqkd' ? 190 : 130,
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
        const target = printTarget(listKind, row);
        return (
          <>
            <Button
              variant="text"
              onClick={() => print(target.route, target.params)}
              data-action="print"
            >
              {t('finance:actions.print')}
            </Button>
            <Button variant="text" onClick={() => setInvoiceRow(row)} data-action="invoices">
              {t('finance:actions.invoices')}
            </Button>
          </>
        );
      },
    };
    return [...kindColumns(listKind, t), actions];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKind, t]);

  return (
    <>
      <FinanceList<Row>
        key={listKind}
        query={`statement.${listKind}`}
        title={t(`finance:titles.${listKind}`)}
        fields={filterFields(t)}
        defaults={defaults}
        columns={columns}
        rowKey={(row, index) => String(row.ID ?? row.JLBH ?? index)}
        exportName={t(`finance:titles.${listKind}`)}
        height={tableHeight ?? windowHeight}
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
