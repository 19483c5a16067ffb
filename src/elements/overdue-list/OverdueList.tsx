import { useCallback, useMemo, useState } from 'react';
import type { QueryAnswer } from '../../core/api/finance';
import { notify } from '../../core/notices';
import { Button } from '../../ui/Button';
import { useEmit } from '../../ui/element/context';
import { FinanceList } from '../../ui/finance/FinanceList';
import type { FilterField } from '../../ui/finance/FilterBar';
import { actionsWidth } from '../../ui/merchant/actions-width';
import { FinanceCards, type CardLayout } from '../../ui/merchant/FinanceCards';
import { PhoneFilters } from '../../ui/merchant/PhoneFilters';
import { useAcknowledgement } from '../../ui/merchant/useAcknowledgement';
import { BatchPrintButton } from '../../ui/merchant/BatchPrintButton';
import { openPrint, printUrl } from '../../ui/finance/print-links';
import { useT } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import { useWindowHeight } from '../../ui/useWindowHeight';
import { useMethod } from '../../ui/useMethod';
import { useLive } from '../../ui/useLive';

const merchantEvents = ['merchant'] as const;

type Row = Record<string, unknown>;

const noFilters = { store: '', contract: '', brand: '', merchant: '' };

/** A phone's card: the cut-off date, store and brand, and what is owed. */
const cardLayout: CardLayout = { lead: 'F_JZRQ', sub: ['FDMC', 'F_PPMC'], amount: 'F_QKWYJHJ' };

export function OverdueList({ tableHeight }: { tableHeight?: number }) {
  const t = useT();
  const mayBatchPrint = useMethod('finance:batchPrint');
  const emit = useEmit();
  const windowHeight = useWindowHeight(136);
  // Staff opening a notice leave its merchant's view mark alone; they see their own views.
  const [acknowledges, setAcknowledges] = useState<boolean | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  // A new dunning notice shows without a reload (docs/live.md).
  useLive(merchantEvents, (event) => {
    if (event.kind !== 'merchant' || event.data.what === 'dunning')
      setRefreshKey((count) => count + 1);
  });
  const onAnswer = useCallback(
    (answer: QueryAnswer<Row> | null) => setAcknowledges(answer?.acknowledges ?? null),
    [],
  );
  // The list hears what a print window's open did, and shows the new marks at once.
  const acknowledgement = useAcknowledgement({
    acknowledges: false,
    onChange: () => setRefreshKey((count) => count + 1),
  });
  const fields = useMemo<FilterField[]>(
    () => [
      { name: 'store', label: t('finance:filters.store'), kind: 'store' },
      { name: 'contract', label: t('finance:filters.contract'), kind: 'text' },
      { name: 'brand', label: t('finance:filters.brand'), kind: 'text' },
      { name: 'merchant', label: t('finance:filters.merchant'), kind: 'text' },
    ],
    [t],
  );

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
      { key: 'F_HTH', title: t('finance:columns.contract'), width: 160, whole: true },
      { key: 'F_JZRQ', title: t('finance:columns.cutOffDate'), kind: 'date', width: 110 },
      { key: 'F_CYR', title: t('finance:columns.viewedBy'), width: 110 },
      { key: 'F_CYSJ', title: t('finance:columns.viewedAt'), width: 170 },
      { key: 'F_QKWYJHJ', title: t('finance:columns.arrearsTotal'), kind: 'money', width: 120 },
      ...(acknowledges === false
        ? [
            { key: 'STAFF_VIEWED_BY', title: t('finance:columns.staffViewedBy'), width: 110 },
            { key: 'STAFF_VIEWED_AT', title: t('finance:columns.staffViewedAt'), width: 160 },
          ]
        : []),
      {
        key: 'actions',
        title: t('finance:columns.actions'),
        width: actionsWidth([t('finance:actions.print')]),
        render: (row) => (
          <Button variant="text" onClick={() => printOne(row)} data-action="print">
            {t('finance:actions.print')}
          </Button>
        ),
      },
    ];
  }, [t, emit, acknowledges]);

  return (
    <>
      <FinanceList<Row>
        query="overdue.list"
        title={t('finance:titles.overdue')}
        fields={fields}
        onAnswer={onAnswer}
        refreshKey={refreshKey}
        cardView={(props) => <FinanceCards layout={cardLayout} {...props} />}
        filterFrame={(form, applied, error) => (
          <PhoneFilters fields={fields} applied={applied} form={form} error={error} />
        )}
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
      {acknowledgement.dialog}
    </>
  );
}
