import { useMemo } from 'react';
import { notify } from '../../core/notices';
import { Button } from '../../ui/Button';
import { useEmit } from '../../ui/element/context';
import { FinanceList } from '../../ui/finance/FinanceList';
import { BatchPrintButton } from '../../ui/finance/BatchPrintButton';
import { openPrint, printUrl } from '../../ui/finance/print-links';
import { useT } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import { useWindowHeight } from '../../ui/useWindowHeight';
import { useMethod } from '../../ui/useMethod';

type Row = Record<string, unknown>;

const noFilters = { store: '', contract: '', brand: '', merchant: '' };

export function OverdueList({ tableHeight }: { tableHeight?: number }) {
  const t = useT();
  const mayBatchPrint = useMethod('finance:batchPrint');
  const emit = useEmit();
  const windowHeight = useWindowHeight(136);

  const columns = useMemo<Column<Row>[]>(() => {
    const printOne = (row: Row) => {
      const params = { ID: String(row.ID_) };
      if (!openPrint('print_shcjftzd', params)) notify('warning', t('finance:popupBlocked'));
      else emit('atrium-print-open', { url: printUrl('print_shcjftzd', params) });
    };
    return [
      { key: 'FDMC', title: t('finance:columns.store'), width: 150 },
      { key: 'F_PPMC', title: t('finance:columns.brand'), width: 130 },
      { key: 'F_GYSMC', title: t('finance:columns.merchant'), width: 220 },
      { key: 'F_LC', title: t('finance:columns.floor'), width: 70 },
      { key: 'F_HTH', title: t('finance:columns.contract'), width: 160 },
      { key: 'F_JZRQ', title: t('finance:columns.cutOffDate'), kind: 'date', width: 110 },
      { key: 'F_CYR', title: t('finance:columns.viewedBy'), width: 110 },
      { key: 'F_CYSJ', title: t('finance:columns.viewedAt'), width: 170 },
      {
        key: 'actions',
        title: t('finance:columns.actions'),
        width: 80,
        render: (row) => (
          <Button variant="text" onClick={() => printOne(row)} data-action="print">
            {t('finance:actions.print')}
          </Button>
        ),
      },
    ];
  }, [t, emit]);

  return (
    <FinanceList<Row>
      query="overdue.list"
      title={t('finance:titles.overdue')}
      fields={[
        { name: 'store', label: t('finance:filters.store'), kind: 'store' },
        { name: 'contract', label: t('finance:filters.contract'), kind: 'text' },
        { name: 'brand', label: t('finance:filters.brand'), kind: 'text' },
        { name: 'merchant', label: t('finance:filters.merchant'), kind: 'text' },
      ]}
      defaults={noFilters}
      columns={columns}
      rowKey={(row, index) => String(row.ID_ ?? index)}
      exportName={t('finance:titles.overdue')}
      height={tableHeight ?? windowHeight}
      actions={({ total, filters }) =>
        mayBatchPrint && (
          <BatchPrintButton
            kind="shcjftzd"
            descriptor={{ query: 'overdue.list', filters }}
            disabled={total === 0}
            label={t('finance:actions.batchPrintOverdue')}
          />
        )
      }
    />
  );
}
